import { nowUtc, type Clock } from '../../clock.ts';
import type { Storage, WriteTx } from '../../storage/types.ts';
import { throwIfUnitExpired } from '../../storage/write-units.ts';
import type { TecImportRepository } from '../../storage/repositories/tec-import.repository.ts';
import { describe, type RecordResult, type Run } from './import-run.ts';

/*
 * The units of work `import-tec` writes in (decision 0030): up to BATCH records to a unit, each
 * with its row of the id map, so an interrupted run leaves no half-written record and the next run
 * finds what was done. A batch that fails is written again a record to a unit, so one bad record
 * fails alone.
 */

/** Records written per batch unit (a page's worth, at most): fewer commits and lock round trips. */
const BATCH = 25;

/** Thrown at the end of a dry run's unit of work to roll it back, carrying what the unit did. */
class DryRunRollback extends Error {
  constructor(readonly results: RecordResult[]) {
    super('dry run');
  }
}

/** `work` on each item, one after the other (the items of one unit of work share its connection), while the unit's deadline lasts (decision 0091). */
async function mapSerially<T, R>(tx: WriteTx, items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) {
    throwIfUnitExpired(tx);
    results.push(await work(item));
  }
  return results;
}

export class ImportUnits {
  constructor(
    private readonly storage: Pick<Storage, 'write' | 'touchContent' | 'dialect'>,
    private readonly repository: TecImportRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * `write` on every item, BATCH items to a batch unit; the items of a batch that failed each in a
   * single-record unit of their own. `report` is told each item's result, in the items' order.
   */
  async writeAll<T>(
    run: Run,
    items: readonly T[],
    write: (tx: WriteTx, item: T) => Promise<RecordResult>,
    report: (item: T, result: RecordResult) => void,
  ): Promise<void> {
    for (let from = 0; from < items.length; from += BATCH) {
      run.options.signal?.throwIfAborted();
      const batch = items.slice(from, from + BATCH);
      const results =
        batch.length > 1
          ? await this.batchUnit(run, (tx) => mapSerially(tx, batch, (item) => write(tx, item)))
          : undefined;
      for (const [index, item] of batch.entries())
        report(item, results?.[index] ?? (await this.singleRecordUnit(run, (tx) => write(tx, item))));
    }
  }

  /** A unit writing several records: their results, or undefined when it failed (nothing of it committed). */
  private async batchUnit(
    run: Run,
    work: (tx: WriteTx) => Promise<RecordResult[]>,
  ): Promise<RecordResult[] | undefined> {
    try {
      return await this.commit(run, work);
    } catch (error) {
      if (error instanceof DryRunRollback) return error.results;
      return undefined;
    }
  }

  /** A unit writing one record: its result, `failed` with the reason when the unit failed. */
  private async singleRecordUnit(run: Run, work: (tx: WriteTx) => Promise<RecordResult>): Promise<RecordResult> {
    try {
      return (await this.commit(run, async (tx) => [await work(tx)]))[0]!;
    } catch (error) {
      if (error instanceof DryRunRollback) return error.results[0]!;
      return { outcome: 'failed', reason: describe(error), notes: [] };
    }
  }

  /**
   * A write unit that commits records with their map rows and the content version, or, on a dry
   * run, throws DryRunRollback to roll it back.
   */
  private commit(run: Run, work: (tx: WriteTx) => Promise<RecordResult[]>): Promise<RecordResult[]> {
    return this.storage.write(async (tx) => {
      await this.repository.lockSource(tx, run.source.base);
      // A dry run recorded no source: its map rows need one, rolled back with them.
      if (run.options.dryRun && !(await this.repository.source(tx, run.source.base))) {
        await this.repository.addSource(tx, {
          source: run.source.base,
          keeps_ids: run.keepsIds ? 1 : 0,
          started_at: nowUtc(this.clock),
          completed_at: null,
        });
      }
      const results = await work(tx);
      if (results.some((result) => result.outcome === 'created' || result.outcome === 'updated')) {
        if (run.keepsIds) await this.storage.dialect.raiseIdSequences(tx);
        await this.storage.touchContent(tx, this.clock.now());
      }
      if (run.options.dryRun) throw new DryRunRollback(results);
      return results;
    });
  }
}
