import { BackgroundTask, type TaskRunObserver } from '../../background-task.ts';
import type { Clock } from '../../clock.ts';
import type { Storage } from '../../storage/types.ts';
import type { RecordChangesRepository } from '../../storage/repositories/record-changes.repository.ts';

/*
 * Removes the record-change journal's rows older than the retention period (decision 0029), in
 * short write units, on every node: units run one at a time, so nodes pruning together only share
 * the work. A sync token older than what is left answers 410 `rest_sync_token_expired`.
 */

/** Journal rows removed per write unit: a unit stays short, and requests' writes interleave. */
const ROWS_PER_UNIT = 5000;
/** How often a node prunes: retention is counted in days. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

export class JournalPruner {
  private readonly task = new BackgroundTask(() => this.pruneAll());

  constructor(
    private readonly storage: Pick<Storage, 'write'>,
    private readonly journal: RecordChangesRepository,
    private readonly clock: Clock,
    private readonly retentionDays: number,
    private readonly rowsPerUnit = ROWS_PER_UNIT,
  ) {}

  /** Removes every row older than the retention period, a bounded number per write unit; answers how many. */
  async pruneAll(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.retentionDays * DAY_MS).toISOString();
    let total = 0;
    for (;;) {
      const removed = await this.storage.write((tx) => this.journal.prune(tx, before, this.rowsPerUnit));
      total += removed;
      if (removed < this.rowsPerUnit) return total;
    }
  }

  /** Runs now and then every `intervalMs`; `onError` hears failed runs, `onRun` every run (the metrics). */
  start(intervalMs: number, onError: (error: unknown) => void, onRun?: TaskRunObserver): void {
    this.task.start(intervalMs, onError, onRun);
  }

  /** Stops and waits for a run in progress (before the database closes). */
  stop(): Promise<void> {
    return this.task.stop();
  }
}
