import type { Selectable } from 'kysely';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import type { TecImportKind, TecImportMapTable, TecImportSourcesTable } from '../tables.ts';

export type ImportSourceRow = Selectable<TecImportSourcesTable>;
export type ImportMapRow = Selectable<TecImportMapTable>;

/** The state of `import-tec` (migration 20261125020000; decision 0030): its sources and its id map. */
export class TecImportRepository {
  constructor(private readonly dialect: Pick<DialectCapabilities, 'lockKey' | 'lockRow'>) {}

  /**
   * Holds the source's key until the unit ends (decision 0087): a unit looks the source's ids up in
   * the map and creates what it does not find, so two runs of one source side by side (two nodes)
   * would both create. Taken first in each of the run's units; runs of other sources go on.
   */
  lockSource(db: WriteTx, source: string): Promise<void> {
    return this.dialect.lockKey(db, `tec-import:${source}`);
  }

  /**
   * The entry of a source record, its target's row locked until the unit ends before anything is
   * read of it (decision 0087, as rule 4 for the API's writes): the importer merges the source's
   * fields into the record as it reads it, so an API write committed meanwhile is read, not overwritten.
   */
  async lockedEntry(
    db: WriteTx,
    source: string,
    kind: TecImportKind,
    sourceId: number,
  ): Promise<ImportMapRow | undefined> {
    const entry = await this.entry(db, source, kind, sourceId);
    if (entry)
      await this.dialect.lockRow(db, {
        table: kind === 'category' || kind === 'tag' ? 'terms' : 'posts',
        id: entry.target_id,
      });
    return entry;
  }

  source(db: ReadTx, source: string): Promise<ImportSourceRow | undefined> {
    return db.selectFrom('tec_import_sources').selectAll().where('source', '=', source).executeTakeFirst();
  }

  async addSource(db: WriteTx, row: ImportSourceRow): Promise<void> {
    await db.insertInto('tec_import_sources').values(row).execute();
  }

  async completeSource(db: WriteTx, source: string, at: string): Promise<void> {
    await db.updateTable('tec_import_sources').set({ completed_at: at }).where('source', '=', source).execute();
  }

  /** Whether the database holds no record at all yet (no post, no term): a source's ids can then be kept. */
  async isEmpty(db: ReadTx): Promise<boolean> {
    const post = await db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
    const term = await db.selectFrom('terms').select('id').limit(1).executeTakeFirst();
    return post === undefined && term === undefined;
  }

  /** Whether `id` is taken in the id space of `kind` (posts and their occurrences share one; terms another). */
  async idTaken(db: ReadTx, kind: TecImportKind, id: number): Promise<boolean> {
    if (kind === 'category' || kind === 'tag')
      return (await db.selectFrom('terms').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    const post = await db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst();
    return (
      post !== undefined ||
      (await db.selectFrom('event_occurrences').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
    );
  }

  /** Every map row of a source and kind. */
  entries(db: ReadTx, source: string, kind: TecImportKind): Promise<ImportMapRow[]> {
    return db
      .selectFrom('tec_import_map')
      .selectAll()
      .where('source', '=', source)
      .where('kind', '=', kind)
      .orderBy('source_id')
      .execute();
  }

  entry(db: ReadTx, source: string, kind: TecImportKind, sourceId: number): Promise<ImportMapRow | undefined> {
    return db
      .selectFrom('tec_import_map')
      .selectAll()
      .where('source', '=', source)
      .where('kind', '=', kind)
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
  }

  /** Records (or moves) where a source record went, the `modified` it was written at and by which revision of the importer. */
  async put(db: WriteTx, row: ImportMapRow): Promise<void> {
    await db
      .insertInto('tec_import_map')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .columns(['source', 'kind', 'source_id'])
          .doUpdateSet({ target_id: row.target_id, source_modified: row.source_modified, revision: row.revision }),
      )
      .execute();
  }

  async forget(db: WriteTx, source: string, kind: TecImportKind, sourceId: number): Promise<void> {
    await db
      .deleteFrom('tec_import_map')
      .where('source', '=', source)
      .where('kind', '=', kind)
      .where('source_id', '=', sourceId)
      .execute();
  }
}
