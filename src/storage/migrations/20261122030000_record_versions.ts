import type { Kysely } from 'kysely';

/*
 * A version on every record that clients edit (posts and terms), counting its writes: the `ETag`
 * of a single record carries it and `If-Match` is checked against it in the write's transaction
 * (docs/decisions/0012-conditional-requests.md). Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('posts').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('terms').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('terms').dropColumn('version').execute();
  await db.schema.alterTable('posts').dropColumn('version').execute();
}
