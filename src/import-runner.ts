import { randomUUID } from 'node:crypto';
import { wireUtc, type Clock } from './clock.ts';
import { describe } from './modules/tec-import/import-run.ts';
import type { Storage } from './storage/types.ts';
import type { SiteImportsRepository } from './storage/repositories/site-imports.repository.ts';
import type { ImportRunKind, SiteImportRow, SiteImportState } from './storage/tables.ts';

/*
 * The background imports a node runs (decisions 0071, 0091): site imports and big iCalendar imports,
 * each started by the node that accepted its request, in the background of that node, in the
 * importer's own short write units. A heartbeat writes the run's progress to its row and renews its
 * lease every HEARTBEAT_MS; a run whose node dies stops renewing it and is seen as interrupted by
 * every node once it lapses. The heartbeat also hears a cancel asked on any node. A run that lost
 * its row (its lease lapsed and another node recorded it interrupted) stops at once.
 */

/** A run's state as the API shows it: a running row whose lease lapsed is interrupted; one asked to stop is cancelling. */
export type ShownState = SiteImportRow['state'] | 'cancelling';

export function shownState(row: SiteImportRow, now: string): ShownState {
  if (row.state !== 'running') return row.state;
  if (row.lease_until <= now) return 'interrupted';
  return row.cancel_requested === 1 ? 'cancelling' : 'running';
}

/** How often a running import writes its progress and renews its lease. */
const HEARTBEAT_MS = 1000;
/** How long a lease lasts: many missed heartbeats (a long wait for the write lock) before a run is taken for dead. */
export const LEASE_MS = 60_000;

/** Why a run was stopped before its end, as the signal's reason. */
class Stopped extends Error {
  constructor(
    readonly state: 'cancelled' | 'interrupted',
    reason: string,
  ) {
    super(reason);
  }
}

/** Whether a run's signal stopped it because its node is stopping (to be started again), rather than for a cancel or a lost row. */
export const stoppedByNode = (signal: AbortSignal) =>
  signal.reason instanceof Stopped && signal.reason.state === 'interrupted';

/** The run's row is no longer its node's (never committed, or recorded interrupted by another node): nothing more is written to it. */
class Lost extends Error {}

const lost = (signal: AbortSignal) => signal.reason instanceof Lost;

/** What the heartbeat writes of a run as it goes: the part it is in, and its progress as data (JSON). */
export interface RunProgress {
  readonly phase: string | null;
  readonly state: unknown;
}

/** A run to launch: its row, what stops it, what it does. */
export interface RunJob {
  readonly id: number;
  readonly kind: ImportRunKind;
  /** Aborted to stop the run (a cancel, the node stopping, the row lost): `work` stops at its next unit. */
  readonly controller: AbortController;
  readonly progress: RunProgress;
  /** The run's work, in write units of its own; it throws when the controller's signal aborts it. */
  readonly work: (signal: AbortSignal) => Promise<void>;
}

export interface RunnerLog {
  error(error: unknown, message: string): void;
}

export class ImportRunner {
  /** This process, as the runs' rows name the node that runs them. */
  readonly node = randomUUID();
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private log: RunnerLog = { error: () => undefined };

  constructor(
    private readonly storage: Pick<Storage, 'write'>,
    private readonly repository: SiteImportsRepository,
    private readonly clock: Clock,
  ) {}

  /** Where failures that reach no run's row are told (the server's log). */
  useLog(log: RunnerLog): void {
    this.log = log;
  }

  /** The columns of a run this node is about to launch, started at `now`: running, leased to this node. */
  runningRow(now: string) {
    return {
      state: 'running',
      phase: null,
      reason: null,
      cancel_requested: 0,
      node: this.node,
      lease_until: this.leaseUntil(),
      started_at: now,
      finished_at: null,
    } as const;
  }

  /** The lease's end for a heartbeat now. */
  leaseUntil(): string {
    return wireUtc(new Date(this.clock.now().getTime() + LEASE_MS));
  }

  /**
   * Runs the import of a row written in a unit still open (the request's): its first heartbeat
   * waits for that unit's key (`lockRuns`), so it sees the row once that unit commits, and nothing
   * when it did not.
   */
  launch(job: RunJob): void {
    const done = this.run(job)
      .catch((error: unknown) => this.log.error(error, `${job.kind} import ${job.id} failed to record its end`))
      .finally(() => this.running.delete(job.id));
    this.running.set(job.id, { controller: job.controller, done });
  }

  /** Resolves once this node's run `id` has ended and recorded its end (at once when it runs elsewhere or ended): the CLI waits for the run it started. */
  async settled(id: number): Promise<void> {
    await this.running.get(id)?.done;
  }

  /** Stops every run of this node (the process is stopping): each is recorded interrupted, to be started again. */
  async stop(): Promise<void> {
    for (const { controller } of this.running.values())
      controller.abort(new Stopped('interrupted', 'The node running the import stopped; start it again to resume.'));
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }

  private async run({ id, kind, controller, progress, work }: RunJob): Promise<void> {
    const write = () => ({
      phase: progress.phase,
      progress: JSON.stringify(progress.state),
      leaseUntil: this.leaseUntil(),
    });
    const beat = async (first = false) => {
      const answer = await this.storage.write(async (tx) => {
        // The first waits for the start's unit, which holds the runs' key to its commit (lockRuns).
        if (first) await this.repository.lockRuns(tx, kind);
        return this.repository.heartbeat(tx, id, this.node, write());
      });
      if (answer === undefined) controller.abort(new Lost("the run is no longer this node's"));
      else if (answer.cancelRequested) controller.abort(new Stopped('cancelled', 'Cancelled.'));
    };
    await beat(true);
    // No row of its own: the request's unit did not commit.
    if (lost(controller.signal)) return;
    let beating: Promise<void> | undefined;
    const timer = setInterval(() => {
      beating ??= beat()
        .catch((error: unknown) => this.log.error(error, `${kind} import ${id}: writing its progress failed`))
        .finally(() => (beating = undefined));
    }, HEARTBEAT_MS);
    timer.unref();
    let end: { state: SiteImportState; reason: string | null };
    try {
      await work(controller.signal);
      end = { state: 'completed', reason: null };
    } catch (error) {
      if (lost(controller.signal)) return;
      const stopped = controller.signal.reason instanceof Stopped ? controller.signal.reason : undefined;
      end = stopped
        ? { state: stopped.state, reason: stopped.state === 'cancelled' ? null : stopped.message }
        : { state: 'failed', reason: describe(error) };
    } finally {
      clearInterval(timer);
      await beating;
    }
    await this.storage.write((tx) =>
      this.repository.finish(tx, id, this.node, {
        ...end,
        phase: progress.phase,
        progress: JSON.stringify(progress.state),
        finishedAt: wireUtc(this.clock.now()),
      }),
    );
  }
}
