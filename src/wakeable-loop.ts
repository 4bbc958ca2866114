/**
 * The loop of a node's sender (webhooks, e-mail): a cycle runs now, every interval and whenever
 * woken (after a local commit), one at a time, a wake during one running another after it, without
 * keeping the process alive. A cycle launches sends that outlive it; each one ended wakes the loop,
 * and stopping waits for the cycle and the sends (before the database closes).
 */
export class WakeableLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private halted = true;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly cycle: () => Promise<void>,
    /** Hears a failed cycle (`'cycle'`) or send (`'send'`). */
    private readonly onError: (error: unknown, where: 'cycle' | 'send') => void,
  ) {}

  /** Whether the loop was stopped: a cycle under way ends early. */
  get stopped(): boolean {
    return this.halted;
  }

  /** How many sends may be launched now, of `most` at once. */
  free(most: number): number {
    return most - this.inFlight.size;
  }

  start(intervalMs: number): void {
    this.halted = false;
    this.wake();
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
  }

  wake(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.cycle();
        } catch (error) {
          this.onError(error, 'cycle');
        }
      } while (this.again && !this.halted);
    })().finally(() => (this.running = undefined));
  }

  /** Runs `send` beside the cycles; when it ends, the loop wakes (what it held back may be due now). */
  launch(send: () => Promise<void>): void {
    const sending: Promise<void> = send()
      .catch((error: unknown) => this.onError(error, 'send'))
      .finally(() => {
        this.inFlight.delete(sending);
        this.wake();
      });
    this.inFlight.add(sending);
  }

  async stop(): Promise<void> {
    this.halted = true;
    clearInterval(this.timer);
    await this.running;
    await Promise.all([...this.inFlight]);
  }
}
