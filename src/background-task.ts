/** How a run of a background task ended, and how long it took (the metrics count runs: decision 0044). */
export type TaskRunObserver = (outcome: 'ok' | 'failed', seconds: number) => void;

/**
 * A job each node runs now and then in the background (extending series, pruning the journal):
 * once at start, then every interval, never two runs at once, without keeping the process alive.
 */
export class BackgroundTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly job: () => Promise<unknown>) {}

  /** Runs now and then every `intervalMs`; `onError` hears failed runs, `onRun` every run's outcome and duration. */
  start(intervalMs: number, onError: (error: unknown) => void, onRun?: TaskRunObserver): void {
    const run = () => {
      if (this.running) return;
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      this.running = this.job().finally(() => (this.running = undefined));
      this.running.then(
        () => onRun?.('ok', seconds()),
        (error: unknown) => {
          onRun?.('failed', seconds());
          onError(error);
        },
      );
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
