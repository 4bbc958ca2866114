import { sql, type Kysely } from 'kysely';

/*
 * Scheduled import sources (issue 47, decisions 0117, 0118): a source's settings and schedule, what
 * it last answered (its validators, for conditional requests), its failures; which UIDs each source
 * brought and what they were (a digest of their VEVENTs, the events they became and those events'
 * versions when written). A source's runs are rows of `site_imports` of kind 'source', which gain
 * `source_id`. Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// As the initial migration asks (a PostgreSQL-only function, harmless on SQLite).
async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

export async function up(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('import_sources')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull())
    // 'ical' (an iCalendar or webcal address), 'tec' (a site of The Events Calendar), 'instance' (another instance of this service).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    // 'manual', 'hourly', 'daily', 'weekly'.
    .addColumn('schedule', 'text', (c) => c.notNull())
    // JSON: what imported events get, and which are imported (ImportSettings in the module).
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    // UTC 'YYYY-MM-DD HH:MM:SS' of the next due run; null for a manual or paused source.
    .addColumn('next_run_at', 'text')
    // The source's validators of the last document imported whole ('' when none).
    .addColumn('etag', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_modified', 'text', (c) => c.notNull().defaultTo(''))
    // Runs failed in a row, and why the last one failed.
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_sources_due').on('import_sources').columns(['paused', 'next_run_at']).execute();
  await db.schema
    .createTable('import_source_items')
    .addColumn('source_id', 'integer', (c) => c.notNull().references('import_sources.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    // A digest of the UID's VEVENTs as read and of the source's settings: the same again is not imported again.
    .addColumn('digest', 'text', (c) => c.notNull())
    // JSON: [event id, its version once written] of each event the UID became (a series' exceptions included).
    .addColumn('events', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_source_items_key', ['source_id', 'uid'])
    .execute();
  await db.schema.alterTable('site_imports').addColumn('source_id', 'integer').execute();
  await db.schema.createIndex('site_imports_source').on('site_imports').columns(['source_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('site_imports_source').execute();
  await db.schema.alterTable('site_imports').dropColumn('source_id').execute();
  await db.schema.dropTable('import_source_items').execute();
  await db.schema.dropTable('import_sources').execute();
}
