import type { Kysely } from 'kysely';

/*
 * The occurrences in the order of their start instants, then ids: an event page's previous and
 * next events (issue 32) are the listed occurrences just before and after its own in that order,
 * read as one index step from it, however many events the archive holds.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('occurrences_by_instant').on('event_occurrences').columns(['hide_from_listings', 'start_utc', 'id', 'status']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('occurrences_by_instant').execute();
}
