import type { Kysely } from 'kysely';

/*
 * When the content last changed, beside the count of its changes (migration 20261122040000): the
 * iCalendar feed's `Last-Modified` (docs/decisions/0026-icalendar-export.md). Calendar apps that
 * poll with `If-Modified-Since` only are answered 304 until any write anywhere, on any node.
 * An ISO-8601 UTC instant with milliseconds, written by the unit that raises the version; null
 * until the first write after this migration.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('content_version').addColumn('changed_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('content_version').dropColumn('changed_at').execute();
}
