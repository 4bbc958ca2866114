import { sql, type Kysely } from 'kysely';

/*
 * The event archive reads from one index of the `events` table (measured: driving it from the
 * posts status index and sorting took 1.4 s at 100,000 events). The post status is copied onto
 * `events` (the events repository keeps both in step), so the listing and its count need no
 * lookup into `posts` for the default query. PostgreSQL also gets a pattern index for the
 * `slug-N` numbering lookups, which LIKE can use only with `text_pattern_ops`.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('events').addColumn('status', 'text', (c) => c.notNull().defaultTo('publish')).execute();
  await sql`update events set status = (select status from posts where posts.id = events.post_id)`.execute(db);
  await db.schema.createIndex('events_listing').on('events').columns(['hide_from_listings', 'start_local', 'post_id', 'end_local', 'status']).execute();
  if (await isPostgres(db)) await sql`create index posts_type_slug_pattern on posts (type, slug text_pattern_ops)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (await isPostgres(db)) await sql`drop index if exists posts_type_slug_pattern`.execute(db);
  await db.schema.dropIndex('events_listing').ifExists().execute();
  await db.schema.alterTable('events').dropColumn('status').execute();
}
