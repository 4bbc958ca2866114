import type { ReadTx, WriteTx } from '../types.ts';
import type { LoginThrottleRow } from '../tables.ts';

/** Which counters a reset removes: all of them, those of a login (at every address), of an address, or of one pair. */
export interface LoginThrottleFilter {
  readonly login?: string;
  readonly address?: string;
}

/** A failed login to count against the counters of its address, as one login or as every login (''). */
export interface CountedFailure {
  readonly address: string;
  /** UTC wire date-time of the failure; a counter whose window ended by then starts again. */
  readonly now: string;
  /** When a window started by this failure ends. */
  readonly windowEndsAt: string;
  /** The counts each counter takes at least, by login (1, or the limit to throttle it at once). */
  readonly atLeast: ReadonlyMap<string, number>;
}

/** The failed-login counters (migration 20261124050000); times are UTC wire date-times, compared as text. */
export class LoginThrottleRepository {
  /** The counters of `address` whose window has not ended at `now`, for the given logins. */
  list(db: ReadTx, now: string, address: string, logins: readonly string[]): Promise<LoginThrottleRow[]> {
    return db
      .selectFrom('login_throttle')
      .selectAll()
      .where('address', '=', address)
      .where('login', 'in', logins)
      .where('window_ends_at', '>', now)
      .execute();
  }

  /** Every counter whose window has not ended at `now`, by address then login. */
  listAll(db: ReadTx, now: string): Promise<LoginThrottleRow[]> {
    return db
      .selectFrom('login_throttle')
      .selectAll()
      .where('window_ends_at', '>', now)
      .orderBy('address')
      .orderBy('login')
      .execute();
  }

  /**
   * Counts one failure in every counter it names, in one statement, so that failures arriving
   * together on several nodes all count; returns the counters as they now stand. A new row holds
   * its `atLeast` count, which the update reads back as `excluded.failures`.
   */
  countFailure(db: WriteTx, failure: CountedFailure): Promise<LoginThrottleRow[]> {
    const rows = [...failure.atLeast].map(([login, atLeast]) => ({
      address: failure.address,
      login,
      failures: atLeast,
      window_ends_at: failure.windowEndsAt,
    }));
    return db
      .insertInto('login_throttle')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['address', 'login']).doUpdateSet((eb) => {
          const ended = eb('login_throttle.window_ends_at', '<=', failure.now);
          const next = eb('login_throttle.failures', '+', 1);
          const atLeast = eb.ref('excluded.failures');
          return {
            failures: eb.case().when(ended).then(atLeast).when(next, '<', atLeast).then(atLeast).else(next).end(),
            window_ends_at: eb
              .case()
              .when(ended)
              .then(eb.ref('excluded.window_ends_at'))
              .else(eb.ref('login_throttle.window_ends_at'))
              .end(),
          };
        }),
      )
      .returningAll()
      .execute();
  }

  /** Removes the counters the filter names, whether their window has ended or not; returns them. */
  remove(db: WriteTx, filter: LoginThrottleFilter): Promise<LoginThrottleRow[]> {
    let query = db.deleteFrom('login_throttle');
    if (filter.login !== undefined) query = query.where('login', '=', filter.login);
    if (filter.address !== undefined) query = query.where('address', '=', filter.address);
    return query.returningAll().execute();
  }

  /** Removes the counters whose window ended by `now`: they count nothing any more. */
  async removeEnded(db: WriteTx, now: string): Promise<void> {
    await db.deleteFrom('login_throttle').where('window_ends_at', '<=', now).execute();
  }
}
