/**
 * Work abandoned for taking too long: a request past its deadline, or a PostgreSQL statement past
 * `statement_timeout`. Nothing it would have written was committed; the API answers 503
 * `request_timeout` (decision 0023).
 */
export class TimedOut extends Error {
  constructor(message = 'the work took longer than allowed', options?: ErrorOptions) {
    super(message, options);
    this.name = 'TimedOut';
  }
}

/**
 * A request's time limit, which its answer and its write unit race for. Whichever claims the
 * request first wins: once the deadline has expired the 503 is sent and the unit may no longer
 * commit (it rolls back); once the unit has begun to commit, the deadline no longer applies and
 * the request waits for the commit, so an acknowledged-as-failed write never appears later.
 *
 * Measured on the monotonic clock, not the injected `Clock`: tests pin the calendar's time, and a
 * pinned clock never runs out.
 */
export class Deadline {
  readonly #endsAt: number;
  #state: 'running' | 'committing' | 'expired' = 'running';

  constructor(milliseconds: number) {
    this.#endsAt = performance.now() + milliseconds;
  }

  /**
   * The time is up and no commit began before it. Read from the clock, not only from the timer:
   * a synchronous driver (SQLite) can hold the event loop past the deadline, and the unit's
   * commit check must see that before the timer gets to run.
   */
  get expired(): boolean {
    if (this.#state === 'running' && performance.now() >= this.#endsAt) this.#state = 'expired';
    return this.#state === 'expired';
  }

  /** Milliseconds left before the deadline (0 once past it), for bounds that follow it (PostgreSQL's statement timeout of a unit, libvips' timeout of a decode). */
  get remainingMs(): number {
    return Math.max(0, this.#endsAt - performance.now());
  }

  /**
   * Throws TimedOut once the deadline has expired: work that is no longer awaited stops early, and
   * its unit rolls back and lets go of its locks (long loops check it through `throwIfUnitExpired`).
   */
  throwIfExpired(): void {
    if (this.expired) throw new TimedOut('the request took longer than allowed');
  }

  /** Called by a write unit right before its commit: refused (TimedOut) once expired, and from then on the deadline no longer applies. */
  claimCommit(): void {
    this.throwIfExpired();
    this.#state = 'committing';
  }

  /** Settles as `work` does, or rejects with TimedOut when the deadline expires first (unless a commit has claimed the request). */
  race<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const expiry = new Promise<never>((_resolve, reject) => {
      const arm = () => {
        timer = setTimeout(
          () => {
            if (this.expired) reject(new TimedOut('the request took longer than allowed'));
            // A timer may fire a fraction early; a committing unit is waited for.
            else if (this.#state === 'running') arm();
          },
          Math.max(0, this.#endsAt - performance.now()),
        );
      };
      arm();
    });
    // Promise.race observes `work` to the end: the work of an abandoned request may still fail, unobserved.
    return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
  }
}
