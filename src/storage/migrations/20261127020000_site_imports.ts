import { sql, type Kysely } from 'kysely';

/*
 * Runs of the site import started over the API (issue 33, decision 0071): one row per run, its
 * state and progress written by the node running it, so that every node answers for it; the lease
 * (`lease_until`, renewed while the run lives) tells a run whose node died. No secret is kept here:
 * the source's application password lives only in the memory of the node running the import.
 * Frozen once released; no imports from src/.
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
    .createTable('site_imports')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // The address as the administrator gave it, and the tribe/events/v1 base found there.
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    // The source's login the run reads as ('' anonymously): not a secret, shown back.
    .addColumn('source_user', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prune', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // running, completed, failed, cancelled, interrupted.
    .addColumn('state', 'text', (c) => c.notNull())
    // The kind being copied, 'deletions' while records gone from the source are checked; null before the first.
    .addColumn('phase', 'text')
    // JSON: per kind, the source's total and the count of each outcome; the run's errors and notes (capped).
    .addColumn('progress', 'text', (c) => c.notNull().defaultTo('{}'))
    // Why a failed or interrupted run stopped.
    .addColumn('reason', 'text')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    // The node running it (a random id per process) and how long its lease lasts; UTC 'YYYY-MM-DD HH:MM:SS'.
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('site_imports_state').on('site_imports').column('state').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('site_imports').execute();
}
