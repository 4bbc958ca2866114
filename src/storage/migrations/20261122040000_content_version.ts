import { sql, type Kysely } from 'kysely';

/*
 * One row counting the writes to the content (docs/decisions/0015-read-cache.md): every write
 * request raises it in its own transaction, and a node serves a cached answer only for the current
 * count, so what one node caches is never served after another node's write.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into content_version (id, version) values (1, 1)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('content_version').execute();
}
