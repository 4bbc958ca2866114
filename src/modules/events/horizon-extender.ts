import type { Clock } from '../../clock.ts';
import type { Storage } from '../../storage/database.ts';
import type { EventsService } from './events.service.ts';

/*
 * Keeps series with unbounded rules materialised up to the horizon as time passes (decision 0025),
 * so that no request waits for it. Every node runs one; write units run one at a time across
 * nodes, and each unit re-reads which series are behind, so several extenders only share the work.
 */

/** Series extended per write unit: a unit stays short, and requests' writes interleave. */
const SERIES_PER_UNIT = 20;
/** How often a node looks for series to extend: the horizon moves by a day a day. */
export const EXTEND_EVERY_MS = 60 * 60 * 1000;

export class SeriesHorizonExtender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly storage: Pick<Storage, 'write' | 'touchContent'>,
    private readonly events: EventsService,
    private readonly clock: Clock,
  ) {}

  /** Extends every series that is behind, a few per write unit; answers how many. */
  async extendAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const extended = await this.storage.write(async (tx) => {
        const count = await this.events.extendHorizons(tx, SERIES_PER_UNIT);
        // New occurrences are new archive content: cached answers on every node retire.
        if (count > 0) await this.storage.touchContent(tx, this.clock.now());
        return count;
      });
      total += extended;
      if (extended < SERIES_PER_UNIT) return total;
    }
  }

  /** Runs now and then every `intervalMs`, without keeping the process alive; `onError` hears failed runs. */
  start(intervalMs: number, onError: (error: unknown) => void): void {
    const run = () => {
      if (this.running) return;
      this.running = this.extendAll().finally(() => (this.running = undefined));
      this.running.catch(onError);
    };
    run();
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run in progress (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
