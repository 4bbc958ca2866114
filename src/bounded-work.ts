import type { Deadline } from './deadline.ts';

/** How much a new run's duration moves the average that `Retry-After` is estimated from. */
const AVERAGE_WEIGHT = 0.2;
/** The estimate before any run was measured. */
const FIRST_GUESS_MS = 1000;
/** `Retry-After` stays within these seconds. */
const RETRY_AFTER_MIN = 1;
const RETRY_AFTER_MAX = 60;

/**
 * Work that runs at most `concurrency` at a time, the rest waiting in turn, at most `maxWaiting`
 * of them (decision 0090): past that, `full` is thrown at once with the seconds to retry after,
 * estimated from the runs measured so far. A caller waits no longer than its deadline: at it, the
 * caller gets TimedOut and its place is freed, so abandoned requests neither run nor crowd out others.
 */
export class BoundedWork {
  #running = 0;
  /** The callers holding a place (`reserve`): the work they will bring is running, waiting or on its way. */
  #reserved = 0;
  /** The callers waiting for a turn, oldest first: each is called when its turn comes. */
  readonly #waiting: (() => void)[] = [];
  #averageMs = FIRST_GUESS_MS;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    private readonly full: (retryAfterSeconds: number) => Error,
  ) {}

  /** How many run now, and how many wait. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /**
   * Holds a place for work that is yet to come (an upload whose body is still to be read), among
   * `concurrency + maxWaiting` places (or the caller's lower `maxWaiting`): past them, `full` is
   * thrown at once, before the caller spends anything on it. The place is given back by calling
   * the function returned, once, whatever became of the work; further calls do nothing.
   */
  reserve(maxWaiting = this.maxWaiting): () => void {
    if (this.#reserved >= this.concurrency + Math.min(maxWaiting, this.maxWaiting))
      throw this.full(this.retryAfterSeconds());
    this.#reserved++;
    let held = true;
    return () => {
      if (held) this.#reserved--;
      held = false;
    };
  }

  /**
   * Runs `work` in its turn. `maxWaiting` lowers the bound for this caller (an anonymous visitor
   * may take only part of the waiting places, so that editors' uploads still find one).
   */
  async run<T>(
    work: () => Promise<T>,
    options: { readonly deadline?: Deadline; readonly maxWaiting?: number } = {},
  ): Promise<T> {
    await this.turn(options.deadline, Math.min(options.maxWaiting ?? this.maxWaiting, this.maxWaiting));
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.#averageMs += (performance.now() - started - this.#averageMs) * AVERAGE_WEIGHT;
      this.release();
    }
  }

  private async turn(deadline: Deadline | undefined, maxWaiting: number): Promise<void> {
    deadline?.throwIfExpired();
    if (this.#running < this.concurrency && this.#waiting.length === 0) {
      this.#running++;
      return;
    }
    if (this.#waiting.length >= maxWaiting) throw this.full(this.retryAfterSeconds());
    let admit!: () => void;
    const admitted = new Promise<void>((resolve) => (admit = resolve));
    this.#waiting.push(admit);
    if (deadline === undefined) return admitted;
    try {
      await deadline.race(admitted);
    } catch (error) {
      const at = this.#waiting.indexOf(admit);
      // Still waiting: leave the line. Admitted in the meantime: the turn is passed on unused.
      if (at >= 0) this.#waiting.splice(at, 1);
      else this.release();
      throw error;
    }
  }

  /** A run ended: its turn goes to the oldest waiting caller, else the count of runs goes down. */
  private release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running--;
  }

  private retryAfterSeconds(): number {
    const seconds = Math.ceil((this.#averageMs * (this.#running + this.#waiting.length)) / this.concurrency / 1000);
    return Math.min(RETRY_AFTER_MAX, Math.max(RETRY_AFTER_MIN, seconds));
  }
}
