import { wireUtc, type Clock } from '../clock.ts';
import type { ReadTx, Storage } from '../storage/types.ts';
import type {
  LoginThrottleFilter,
  LoginThrottleRepository,
} from '../storage/repositories/login-throttle.repository.ts';
import type { LoginThrottleRow } from '../storage/tables.ts';

export interface ThrottleSettings {
  /** Failed logins of one login from one client address within the window before that pair gets 429. */
  readonly maxFailuresPerLogin: number;
  /** Failed logins of every login together from one client address before the address is throttled. */
  readonly maxFailuresPerAddress: number;
  readonly windowSeconds: number;
}

/**
 * Failed logins allowed within ten minutes (decisions.md section 4, docs/decisions/0002): ten per
 * login and address stop guessing one password; a hundred per address, whatever the logins, stop
 * spraying one password over many logins without locking out the other users behind a shared address.
 */
export const LOGIN_THROTTLE: ThrottleSettings = {
  maxFailuresPerLogin: 10,
  maxFailuresPerAddress: 100,
  windowSeconds: 600,
};

/** The login of the counter that counts every login from an address. */
const EVERY_LOGIN = '';
/** Longer logins and addresses are cut: an attacker cannot make the keys, or the table, as large as a header. */
const MAX_KEY_LENGTH = 100;
/** Counters whose window ended are removed at most this often per process, along with a failure being counted. */
const PURGE_EVERY_MS = 60_000;

/** The counters a login attempt is counted in: its address's, and its login's at that address unless `login` is ''. */
export interface ThrottleKey {
  readonly address: string;
  /** Normalised by `throttleKey`; '' when the request named no usable login. */
  readonly login: string;
}

/** One counter as it stands. */
export interface ThrottleCounter {
  readonly failures: number;
  readonly limit: number;
  /** The counter is at its limit: the attempts it counts get 429. */
  readonly throttled: boolean;
  /** Until the window ends (at least 1): the `Retry-After` of a refused attempt. */
  readonly secondsLeft: number;
}

/** The counters of a key; absent when nothing is counted in the current window. */
export interface ThrottleState {
  readonly login?: ThrottleCounter;
  readonly address?: ThrottleCounter;
}

/** A counter with what it counts, for the CLI. */
export interface ThrottleEntry extends ThrottleCounter {
  readonly address: string;
  /** '' for the counter of every login from the address. */
  readonly login: string;
}

function bounded(text: string): string {
  // Control characters cannot be stored in every engine (PostgreSQL refuses NUL); none is in a login or address.
  return [
    ...text
      .normalize('NFKC')
      .trim()
      .replace(/\p{Cc}/gu, '\uFFFD'),
  ]
    .slice(0, MAX_KEY_LENGTH)
    .join('');
}

/**
 * The counters of an attempt from `address` as `login`: the login is case-folded, trimmed and cut
 * to a bounded length, so `Admin ` and `admin` share a counter; without a login (or an empty one),
 * the attempt counts only against the address.
 */
export function throttleKey(address: string, login = ''): ThrottleKey {
  return { address: bounded(address), login: bounded(login).toLowerCase() };
}

/**
 * Failed logins counted in the shared database, per (login, address) and per address across
 * logins, in fixed windows; every node and the CLI see the same counts (docs/decisions/0002).
 */
export class LoginThrottle {
  private nextPurge = 0;

  constructor(
    private readonly storage: Storage,
    private readonly repository: LoginThrottleRepository,
    private readonly clock: Clock,
    private readonly settings: ThrottleSettings,
  ) {}

  check(key: ThrottleKey): Promise<ThrottleState> {
    return this.storage.read((tx) => this.checkIn(tx, key));
  }

  /** `check` inside a read unit of the caller's (the authenticator reads the user in the same one). */
  async checkIn(tx: ReadTx, key: ThrottleKey): Promise<ThrottleState> {
    const logins = key.login === EVERY_LOGIN ? [EVERY_LOGIN] : [EVERY_LOGIN, key.login];
    const now = this.clock.now();
    const rows = await this.repository.list(tx, wireUtc(now), key.address, logins);
    const counter = (login: string) => {
      const row = rows.find((candidate) => candidate.login === login);
      return row && this.counter(row, now);
    };
    return { address: counter(EVERY_LOGIN), ...(key.login === EVERY_LOGIN ? {} : { login: counter(key.login) }) };
  }

  /**
   * Counts a failed attempt against the address and, if it named a login, against that login at
   * the address; when the address was already throttled, the login's counter goes to its limit at
   * once, so a throttled address gets one guess per login per window. Returns the counter that
   * decides the attempt's `Retry-After`: the login's, or the address's when there is no login.
   */
  async countFailure(key: ThrottleKey, before: ThrottleState): Promise<ThrottleCounter> {
    const now = this.clock.now();
    const purge = now.getTime() >= this.nextPurge;
    if (purge) this.nextPurge = now.getTime() + PURGE_EVERY_MS;
    const atLeast = new Map([[EVERY_LOGIN, 1]]);
    if (key.login !== EVERY_LOGIN)
      atLeast.set(key.login, before.address?.throttled ? this.settings.maxFailuresPerLogin : 1);
    const failure = {
      address: key.address,
      now: wireUtc(now),
      windowEndsAt: wireUtc(new Date(now.getTime() + this.settings.windowSeconds * 1000)),
      atLeast,
    };
    const rows = await this.storage.write(async (tx) => {
      if (purge) await this.repository.removeEnded(tx, failure.now);
      return this.repository.countFailure(tx, failure);
    });
    const decisive = rows.find((row) => row.login === key.login);
    if (!decisive) throw new Error('The failed login was not counted.');
    return this.counter(decisive, now);
  }

  /** Forgets the failures of the key's login at its address (after a successful login); the address's count stays. */
  async clear(key: ThrottleKey): Promise<void> {
    if (key.login === EVERY_LOGIN) return;
    await this.storage.write((tx) => this.repository.remove(tx, key));
  }

  /** Every counter of the current windows, by address then login. */
  async list(): Promise<ThrottleEntry[]> {
    const now = this.clock.now();
    const rows = await this.storage.read((tx) => this.repository.listAll(tx, wireUtc(now)));
    return rows.map((row) => this.entry(row, now));
  }

  /**
   * Removes the counters of a login (at every address), of an address (all its counters), of one
   * pair, or, with neither, all of them; returns those that still counted, ended windows aside.
   */
  async reset(filter: LoginThrottleFilter): Promise<ThrottleEntry[]> {
    const key = throttleKey(filter.address ?? '', filter.login);
    const now = this.clock.now();
    const removed = await this.storage.write((tx) =>
      this.repository.remove(tx, {
        ...(filter.login === undefined ? {} : { login: key.login }),
        ...(filter.address === undefined ? {} : { address: key.address }),
      }),
    );
    return removed.filter((row) => row.window_ends_at > wireUtc(now)).map((row) => this.entry(row, now));
  }

  private entry(row: LoginThrottleRow, now: Date): ThrottleEntry {
    return { address: row.address, login: row.login, ...this.counter(row, now) };
  }

  private counter(row: LoginThrottleRow, now: Date): ThrottleCounter {
    const limit = row.login === EVERY_LOGIN ? this.settings.maxFailuresPerAddress : this.settings.maxFailuresPerLogin;
    const failures = Number(row.failures);
    const secondsLeft = Math.max(
      1,
      Math.ceil((Date.parse(`${row.window_ends_at.replace(' ', 'T')}Z`) - now.getTime()) / 1000),
    );
    return { failures, limit, throttled: failures >= limit, secondsLeft };
  }
}
