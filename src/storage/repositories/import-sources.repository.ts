import type { Insertable, Updateable } from 'kysely';
import type { ReadTx, WriteTx } from '../types.ts';
import type { ImportSourceItemsTable, ImportSourceRow, ImportSourcesTable, SiteImportRow } from '../tables.ts';

export type ImportSourceItem = ImportSourceItemsTable;

/** Rows bound per statement: SQLite allows some 32k bound parameters, a feed holds more UIDs. */
const BATCH = 500;

/**
 * Import sources, the UIDs each brought, and their runs among `site_imports` (migration
 * 20261128232000; decisions 0117, 0118). Times are UTC wire date-times, compared as text.
 */
export class ImportSourcesRepository {
  list(db: ReadTx): Promise<ImportSourceRow[]> {
    return db.selectFrom('import_sources').selectAll().orderBy('id').execute();
  }

  get(db: ReadTx, id: number): Promise<ImportSourceRow | undefined> {
    return db.selectFrom('import_sources').selectAll().where('id', '=', id).executeTakeFirst();
  }

  create(db: WriteTx, row: Insertable<ImportSourcesTable>): Promise<ImportSourceRow> {
    return db.insertInto('import_sources').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(db: WriteTx, id: number, set: Updateable<ImportSourcesTable>): Promise<ImportSourceRow> {
    return db.updateTable('import_sources').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  /** Removes a source and the UIDs it brought; its runs stay, no longer naming it, and the events it made stay. */
  async remove(db: WriteTx, id: number): Promise<void> {
    await db.deleteFrom('import_source_items').where('source_id', '=', id).execute();
    await db.updateTable('site_imports').set({ source_id: null }).where('source_id', '=', id).execute();
    await db.deleteFrom('import_sources').where('id', '=', id).execute();
  }

  /** Sources due at `now` (not paused, with no live run), the longest due first. */
  due(db: ReadTx, now: string, limit: number): Promise<ImportSourceRow[]> {
    return db
      .selectFrom('import_sources')
      .selectAll()
      .where('paused', '=', 0)
      .where('next_run_at', '<=', now)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('site_imports')
              .select('id')
              .whereRef('site_imports.source_id', '=', 'import_sources.id')
              .where('state', '=', 'running')
              .where('lease_until', '>', now),
          ),
        ),
      )
      .orderBy('next_run_at')
      .limit(limit)
      .execute();
  }

  /** The sources of runs still marked running whose lease passed at `now` (their node died). */
  async lapsedSources(db: ReadTx, now: string): Promise<number[]> {
    const rows = await db
      .selectFrom('site_imports')
      .select('source_id')
      .where('kind', '=', 'source')
      .where('state', '=', 'running')
      .where('lease_until', '<=', now)
      .execute();
    return rows.flatMap((row) => (row.source_id === null ? [] : [row.source_id]));
  }

  /** A source's live run at `now`, if any. */
  liveRun(db: ReadTx, sourceId: number, now: string): Promise<SiteImportRow | undefined> {
    return db
      .selectFrom('site_imports')
      .selectAll()
      .where('source_id', '=', sourceId)
      .where('state', '=', 'running')
      .where('lease_until', '>', now)
      .executeTakeFirst();
  }

  /** A source's runs, newest first. */
  runs(db: ReadTx, sourceId: number, limit: number): Promise<SiteImportRow[]> {
    return db
      .selectFrom('site_imports')
      .selectAll()
      .where('source_id', '=', sourceId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  run(db: ReadTx, sourceId: number, runId: number): Promise<SiteImportRow | undefined> {
    return db
      .selectFrom('site_imports')
      .selectAll()
      .where('source_id', '=', sourceId)
      .where('id', '=', runId)
      .executeTakeFirst();
  }

  /** Every UID the source brought. */
  items(db: ReadTx, sourceId: number): Promise<ImportSourceItem[]> {
    return db.selectFrom('import_source_items').selectAll().where('source_id', '=', sourceId).execute();
  }

  async recordItems(db: WriteTx, items: readonly ImportSourceItem[]): Promise<void> {
    for (let at = 0; at < items.length; at += BATCH) {
      await db
        .insertInto('import_source_items')
        .values(items.slice(at, at + BATCH))
        .onConflict((conflict) =>
          conflict
            .columns(['source_id', 'uid'])
            .doUpdateSet((row) => ({ digest: row.ref('excluded.digest'), events: row.ref('excluded.events') })),
        )
        .execute();
    }
  }

  async removeItem(db: WriteTx, sourceId: number, uid: string): Promise<void> {
    await db.deleteFrom('import_source_items').where('source_id', '=', sourceId).where('uid', '=', uid).execute();
  }

  /** The versions of these posts now, by id (a post gone is absent). */
  async versions(db: ReadTx, ids: readonly number[]): Promise<Map<number, number>> {
    const versions = new Map<number, number>();
    for (let at = 0; at < ids.length; at += BATCH) {
      for (const row of await db
        .selectFrom('posts')
        .select(['id', 'version'])
        .where('id', 'in', ids.slice(at, at + BATCH))
        .execute())
        versions.set(row.id, row.version);
    }
    return versions;
  }
}
