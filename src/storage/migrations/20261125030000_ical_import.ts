import type { Kysely } from 'kysely';

/*
 * Which event each iCalendar UID became (decision 0028), so that importing the same file again
 * changes nothing and a newer version of an event updates the one it made. One row per VEVENT: a
 * series or single event (`recurrence_id` ''), or an exception of a series (`recurrence_id` the
 * original local start it replaces). Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('ical_import_map')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('recurrence_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    // The SEQUENCE and LAST-MODIFIED (UTC 'YYYY-MM-DD HH:MM:SS', '' when absent) last imported.
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    // A digest of the imported properties: the same file again is recognised whatever its versions say.
    .addColumn('digest', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ical_import_map_key', ['uid', 'recurrence_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ical_import_map').execute();
}
