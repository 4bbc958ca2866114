import type { Kysely } from 'kysely';

/*
 * The archive's index covers the occurrence's event too (decision 0037): a filter on the event's
 * terms, venue or organizers (`o.event_id in (...)`) is then answered from the index alone, without
 * reading each occurrence's row of the window.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function listingIndex(db: AnyDb, columns: string[]): Promise<void> {
  await db.schema.dropIndex('occurrences_listing').execute();
  await db.schema.createIndex('occurrences_listing').on('event_occurrences').columns(columns).execute();
}

export async function up(db: AnyDb): Promise<void> {
  await listingIndex(db, ['hide_from_listings', 'start_local', 'id', 'end_local', 'status', 'event_id']);
}

export async function down(db: AnyDb): Promise<void> {
  await listingIndex(db, ['hide_from_listings', 'start_local', 'id', 'end_local', 'status']);
}
