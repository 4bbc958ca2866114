import type { Kysely } from 'kysely';

/*
 * A series' occurrences in the archive's order (decision 0060): the archive's `series` filter (an
 * occurrence page's other dates, `/event/{slug}/all/`) reads them as one index range, instead of
 * walking every listed occurrence from today to find the series' few.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('occurrences_by_series').on('event_occurrences').columns(['series_id', 'start_local', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('occurrences_by_series').execute();
}
