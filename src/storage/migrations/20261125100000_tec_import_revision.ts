import type { Kysely } from 'kysely';

/*
 * Which revision of `import-tec` last wrote each copied record (decision 0030): a record an older
 * importer copied, one that did not carry what the current one does, is written again once by the
 * next run even though the source did not change it. Rows written before this column are revision 1.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tec_import_map').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tec_import_map').dropColumn('revision').execute();
}
