import { randomUUID } from 'node:crypto';
import type { Caller } from '../../auth/roles.ts';
import { wireUtc, type Clock } from '../../clock.ts';
import type { LanguageCode } from '../../languages.ts';
import type { Storage } from '../../storage/database.ts';
import type { SiteImportsRepository } from '../../storage/repositories/site-imports.repository.ts';
import type { SiteImportState } from '../../storage/tables.ts';
import { describe } from './import-run.ts';
import { RecordedProgress } from './recorded-progress.ts';
import type { TecImportService } from './tec-import.service.ts';
import type { TecSource } from './tec-source.ts';

/*
 * The site imports a node runs (decision 0071), each started by the node that accepted its
 * `POST /imports/sites`, in the background of that node, in the importer's own short write units.
 * A heartbeat writes the run's progress to its row and renews its lease every HEARTBEAT_MS; a run
 * whose node dies stops renewing it and is seen as interrupted by every node once it lapses. The
 * heartbeat also hears a cancel asked on any node. A run that lost its row (its lease lapsed and
 * another node recorded it interrupted) stops at once.
 */

/** How often a running import writes its progress and renews its lease. */
const HEARTBEAT_MS = 1000;
/** How long a lease lasts: many missed heartbeats (a long wait for the write lock) before a run is taken for dead. */
export const LEASE_MS = 60_000;

/** Why a run was stopped before its end, as the signal's reason. */
class Stopped extends Error {
  constructor(readonly state: 'cancelled' | 'interrupted', reason: string) {
    super(reason);
  }
}

/** The run's row is no longer its node's (never committed, or recorded interrupted by another node): nothing more is written to it. */
class Lost extends Error {}

const lost = (signal: AbortSignal) => signal.reason instanceof Lost;

export interface RunRequest {
  readonly id: number;
  readonly source: TecSource;
  /** Aborts the source's requests and the importer's units: the source was made with its signal. */
  readonly controller: AbortController;
  readonly caller: Caller;
  readonly prune: boolean;
  /** The source's HTML kept as it is, not filtered (decision 0092). */
  readonly keepHtml: boolean;
}

export interface RunnerLog {
  error(error: unknown, message: string): void;
}

export class SiteImportRunner {
  /** This process, as the runs' rows name the node that runs them. */
  readonly node = randomUUID();
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private log: RunnerLog = { error: () => undefined };

  constructor(
    private readonly storage: Pick<Storage, 'write'>,
    private readonly repository: SiteImportsRepository,
    private readonly importer: TecImportService,
    private readonly clock: Clock,
    private readonly language: LanguageCode,
  ) {}

  /** Where failures that reach no run's row are told (the server's log). */
  useLog(log: RunnerLog): void {
    this.log = log;
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
  launch(request: RunRequest): void {
    const done = this.run(request)
      .catch((error: unknown) => this.log.error(error, `site import ${request.id} failed to record its end`))
      .finally(() => this.running.delete(request.id));
    this.running.set(request.id, { controller: request.controller, done });
  }

  /** Stops every run of this node (the process is stopping): each is recorded interrupted, to be started again. */
  async stop(): Promise<void> {
    for (const { controller } of this.running.values()) controller.abort(new Stopped('interrupted', 'The node running the import stopped; start it again to resume.'));
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }

  private async run({ id, source, controller, caller, prune, keepHtml }: RunRequest): Promise<void> {
    const progress = new RecordedProgress();
    const write = () => ({ phase: progress.phase, progress: JSON.stringify(progress.state), leaseUntil: this.leaseUntil() });
    const beat = async (first = false) => {
      const answer = await this.storage.write(async (tx) => {
        // The first waits for the start's unit, which holds the runs' key to its commit (lockRuns).
        if (first) await this.repository.lockRuns(tx);
        return this.repository.heartbeat(tx, id, this.node, write());
      });
      if (answer === undefined) controller.abort(new Lost('the run is no longer this node\'s'));
      else if (answer.cancelRequested) controller.abort(new Stopped('cancelled', 'Cancelled.'));
    };
    await beat(true);
    // No row of its own: the request's unit did not commit.
    if (lost(controller.signal)) return;
    let beating: Promise<void> | undefined;
    const timer = setInterval(() => {
      beating ??= beat()
        .catch((error: unknown) => this.log.error(error, `site import ${id}: writing its progress failed`))
        .finally(() => (beating = undefined));
    }, HEARTBEAT_MS);
    timer.unref();
    let end: { state: SiteImportState; reason: string | null };
    try {
      const report = await this.importer.run(source, { caller, language: this.language, prune, keepHtml, progress, signal: controller.signal });
      progress.finish(report);
      end = { state: 'completed', reason: null };
    } catch (error) {
      if (lost(controller.signal)) return;
      const stopped = controller.signal.reason instanceof Stopped ? controller.signal.reason : undefined;
      end = stopped ? { state: stopped.state, reason: stopped.state === 'cancelled' ? null : stopped.message } : { state: 'failed', reason: describe(error) };
    } finally {
      clearInterval(timer);
      await beating;
    }
    await this.storage.write((tx) => this.repository.finish(tx, id, this.node, { ...end, phase: progress.phase, progress: JSON.stringify(progress.state), finishedAt: wireUtc(this.clock.now()) }));
  }
}
