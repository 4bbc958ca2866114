import type { Kysely } from 'kysely';

/*
 * Uploaded images (issue 33, decision 0052): an upload is an image (its URL, metadata and sizes, as
 * an image known by URL) with this row beside it: who uploaded it, its title and alternative text,
 * and its dates as the other records show theirs. Deleting the image deletes the row.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'integer', (c) => c.primaryKey().references('images.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('alt_text', 'text', (c) => c.notNull())
    .addColumn('date_local', 'text', (c) => c.notNull())
    .addColumn('date_utc', 'text', (c) => c.notNull())
    .execute();
  // The library lists the newest first.
  await db.schema.createIndex('media_by_date').on('media').columns(['date_utc', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('media').execute();
}
