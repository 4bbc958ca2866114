import { BackgroundTask, type TaskRunObserver } from '../../background-task.ts';
import type { Clock } from '../../clock.ts';
import type { Deadline } from '../../deadline.ts';
import type { Storage } from '../../storage/types.ts';
import type { ArchiveQuery, EventArchive } from './event-archive.ts';
import { EXTENSION_ROWS_PER_UNIT, type EventSeries } from './event-series.ts';

/*
 * Keeps series with unbounded rules materialised up to the horizon as time passes (decision 0025),
 * so that no request waits for it. Every node runs one; each unit locks a series before reading
 * whether it is still behind (decision 0082), so several extenders only share the work.
 * A read whose window ends past the horizon has them extended that far first (`extendFor`).
 */

/** Series extended per write unit: a unit stays short, and requests' writes interleave. */
const SERIES_PER_UNIT = 20;
/** Write units one read may spend extending series past the horizon: what is left, the next read past it continues. */
const UNITS_PER_READ = 4;
/** How often a node looks for series to extend: the horizon moves by a day a day. */
export const EXTEND_EVERY_MS = 60 * 60 * 1000;

export class SeriesHorizonExtender {
  private readonly task = new BackgroundTask(() => this.extendAll());

  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write' | 'touchContent'>,
    private readonly series: Pick<EventSeries, 'extendHorizons' | 'extendSeriesTo' | 'seriesShortOf'>,
    private readonly archive: Pick<EventArchive, 'extensionFor'>,
    private readonly clock: Clock,
  ) {}

  /** Extends every series that is behind, a few per write unit; answers how many. */
  async extendAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const extended = await this.storage.write(async (tx) => {
        const count = await this.series.extendHorizons(tx, SERIES_PER_UNIT);
        // New occurrences are new archive content: cached answers on every node retire.
        if (count > 0) await this.storage.touchContent(tx, this.clock.now());
        return count;
      });
      total += extended;
      if (extended < SERIES_PER_UNIT) return total;
    }
  }

  /**
   * Before a read of the archive `query` whose window ends past the horizon (decision 0025):
   * extends the series short of it, up to the on-demand limit, in write units of their own (a read
   * unit cannot write), before the read takes its snapshot and before the read cache is consulted,
   * so the request reads what it triggered. One read adds at most UNITS_PER_READ units'
   * share of rows; its answer then shows where it is cut (`EventArchive.occurrencesCut`), and the
   * next read past it continues. A snapshot first tells whether anything is short, so reads that
   * find the work done open no write unit; concurrent reads queue on the series' locks and find it
   * done.
   */
  async extendFor(query: ArchiveQuery, deadline?: Deadline): Promise<void> {
    const until = this.archive.extensionFor(query);
    if (until === undefined || !(await this.storage.read((tx) => this.series.seriesShortOf(tx, until)))) return;
    for (let unit = 0; unit < UNITS_PER_READ; unit++) {
      const { more } = await this.storage.write(async (tx) => {
        const done = await this.series.extendSeriesTo(tx, until, SERIES_PER_UNIT, EXTENSION_ROWS_PER_UNIT);
        if (done.series > 0) await this.storage.touchContent(tx, this.clock.now());
        return done;
      }, deadline);
      if (!more) return;
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
