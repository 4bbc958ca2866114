import type { Kysely } from 'kysely';

/*
 * An event's venues and organizers in their order from one index (decision 0136): the CSV export
 * reads each event's linked ids, by position, with its row, and through the primary key
 * (event_id, linked_id) alone every link's position was a read of its table row.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('event_links_order').on('event_links').columns(['event_id', 'position', 'linked_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('event_links_order').ifExists().execute();
}
