import type { Kysely } from 'kysely';

/*
 * The state of `import-tec` (docs/decisions/0030-import-tec.md): which source record became which
 * record here, and how each source was imported. A record and its map row are written in one unit
 * of work, so an interrupted import resumes without duplicates. Frozen once released; no imports
 * from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('tec_import_sources')
    // The source's tribe/events/v1 base URL, as discovered.
    .addColumn('source', 'text', (c) => c.primaryKey())
    // 1: the first run found this database empty and kept the source's ids; later runs keep doing so where they are free.
    .addColumn('keeps_ids', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    // The end of the last run that went through every archive; null while none did.
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createTable('tec_import_map')
    .addColumn('source', 'text', (c) => c.notNull().references('tec_import_sources.source').onDelete('cascade'))
    // event, venue, organizer, category or tag.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    // The source's `modified_utc` when the record was last written here ('' for terms, which have none).
    .addColumn('source_modified', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tec_import_map_key', ['source', 'kind', 'source_id'])
    .execute();
  await db.schema.createIndex('tec_import_map_target').on('tec_import_map').columns(['kind', 'target_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('tec_import_map').execute();
  await db.schema.dropTable('tec_import_sources').execute();
}
