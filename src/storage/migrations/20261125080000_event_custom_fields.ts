import type { Kysely } from 'kysely';

/*
 * An event's custom fields (decision 0036): TEC's "additional fields" as the API shows them, a JSON
 * object keyed by the field's meta key of `{ label, value }`, in the order given; null when none.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('events').addColumn('custom_fields', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('events').dropColumn('custom_fields').execute();
}
