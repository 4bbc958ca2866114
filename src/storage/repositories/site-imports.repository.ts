import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import type { ImportRunKind, SiteImportRow, SiteImportsTable } from '../tables.ts';
import type { Insertable } from 'kysely';

/** What the node running a run writes of it as it goes. */
export interface RunProgressUpdate {
  readonly phase: string | null;
  readonly progress: string;
  readonly leaseUntil: string;
}

/**
 * Runs of background imports (migration 20261127020000; decisions 0071, 0091), each of its `kind`:
 * the site import's and the big iCalendar import's, which the kind's routes see alone. Times are UTC wire
 * date-times, compared as text. A `running` row is live while its lease has not passed; the node
 * that runs it renews the lease and writes its progress only while the row is still its own and
 * running, so a node that lost its lease (taken for dead) stops rather than write over a newer run.
 */
export class SiteImportsRepository {
  constructor(private readonly dialect: Pick<DialectCapabilities, 'lockKey'>) {}

  /**
   * Holds the runs' key until the unit ends (decision 0087). A start takes it before it looks for a
   * live run, so two starts side by side do not both find none; a run's first heartbeat takes it
   * too, so it waits for the unit that wrote the run's row (the start's, still open when the run
   * is launched) and sees the row once that unit commits, or nothing when it rolled back. Without
   * it the heartbeat ran first, found no row, and the run stopped silently as lost, its row left
   * running until its lease lapsed.
   */
  lockRuns(db: WriteTx, kind: ImportRunKind): Promise<void> {
    return this.dialect.lockKey(db, `${kind}-imports`);
  }

  async create(db: WriteTx, run: Insertable<SiteImportsTable>): Promise<SiteImportRow> {
    return db.insertInto('site_imports').values(run).returningAll().executeTakeFirstOrThrow();
  }

  find(db: ReadTx, id: number, kind: ImportRunKind): Promise<SiteImportRow | undefined> {
    return db.selectFrom('site_imports').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  }

  /** The newest runs of `kind` first, `limit` of them. */
  recent(db: ReadTx, limit: number, kind: ImportRunKind): Promise<SiteImportRow[]> {
    return db
      .selectFrom('site_imports')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The run of `kind` whose lease is live at `now`, if any. */
  live(db: ReadTx, now: string, kind: ImportRunKind): Promise<SiteImportRow | undefined> {
    return db
      .selectFrom('site_imports')
      .selectAll()
      .where('kind', '=', kind)
      .where('state', '=', 'running')
      .where('lease_until', '>', now)
      .executeTakeFirst();
  }

  /** Runs still marked running whose lease passed: their node died; they are recorded as interrupted. */
  async markLapsed(db: WriteTx, now: string, reason: string): Promise<void> {
    await db
      .updateTable('site_imports')
      .set({ state: 'interrupted', reason, finished_at: now })
      .where('state', '=', 'running')
      .where('lease_until', '<=', now)
      .execute();
  }

  /**
   * The running node's heartbeat: progress written and lease renewed while the run is still its
   * own and running; answers whether a cancel was asked, or undefined when the run is no longer its own.
   */
  async heartbeat(
    db: WriteTx,
    id: number,
    node: string,
    update: RunProgressUpdate,
  ): Promise<{ cancelRequested: boolean } | undefined> {
    const row = await db
      .updateTable('site_imports')
      .set({ phase: update.phase, progress: update.progress, lease_until: update.leaseUntil })
      .where('id', '=', id)
      .where('node', '=', node)
      .where('state', '=', 'running')
      .returning(['cancel_requested'])
      .executeTakeFirst();
    return row === undefined ? undefined : { cancelRequested: row.cancel_requested === 1 };
  }

  /** The run's end, written by its node while it is still its own and running. */
  async finish(
    db: WriteTx,
    id: number,
    node: string,
    end: {
      state: SiteImportRow['state'];
      phase: string | null;
      progress: string;
      reason: string | null;
      finishedAt: string;
    },
  ): Promise<void> {
    await db
      .updateTable('site_imports')
      .set({
        state: end.state,
        phase: end.phase,
        progress: end.progress,
        reason: end.reason,
        finished_at: end.finishedAt,
      })
      .where('id', '=', id)
      .where('node', '=', node)
      .where('state', '=', 'running')
      .execute();
  }

  /**
   * Marks a live run (running, lease not lapsed at `now`) to be cancelled, in one statement that
   * decides on the row as committed: on PostgreSQL, where units run side by side (decision 0087),
   * it waits for a unit that ends the run meanwhile and then finds it ended. The run as marked, or
   * undefined when it is not live.
   */
  requestCancel(db: WriteTx, id: number, now: string, kind: ImportRunKind): Promise<SiteImportRow | undefined> {
    return db
      .updateTable('site_imports')
      .set({ cancel_requested: 1 })
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('state', '=', 'running')
      .where('lease_until', '>', now)
      .returningAll()
      .executeTakeFirst();
  }
}
