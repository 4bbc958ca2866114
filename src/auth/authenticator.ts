import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import type { ReadTx, Storage } from '../storage/types.ts';
import type { AppPasswordRow, UserRow } from '../storage/tables.ts';
import {
  throttleKey,
  type LoginThrottle,
  type ThrottleCounter,
  type ThrottleKey,
  type ThrottleState,
} from './login-throttle.ts';
import {
  applicationPasswordPrefix,
  normalizeApplicationPassword,
  verifyAgainstNoUser,
  verifyPassword,
} from './passwords.ts';
import { isRole, type Caller } from './roles.ts';

/** A credential that was verified with scrypt, remembered so the next request skips the slow hash. */
interface VerifiedCredential {
  readonly userId: number;
  /** The application password row, or null for the account password. */
  readonly appPasswordId: number | null;
  /** The hash it matched; if the stored hash changes (revoked, reset) the memo no longer applies. */
  readonly hash: string;
  readonly until: number;
}

const MEMO_TTL_MS = 5 * 60_000;
const MEMO_MAX = 10_000;
const LAST_USED_EVERY_MS = 60 * 60_000;

/** `Basic base64(login:password)`; undefined when the token is not base64 or has no colon. */
function parseBasic(authorization: string): { login: string; password: string } | undefined {
  const token = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(authorization)?.[1];
  if (token === undefined || token.length % 4 !== 0) return undefined;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** 429 with `Retry-After` set to the end of the counter's window. */
export function tooManyAttempts(counter: ThrottleCounter): ApiError {
  return new ApiError('too_many_login_attempts', {
    args: [counter.secondsLeft],
    headers: { 'retry-after': String(counter.secondsLeft) },
  });
}

/** The users and application passwords the authenticator checks credentials against (UsersService). */
export interface CredentialStore {
  /** By login, or by e-mail as WordPress also accepts. */
  loginUser(tx: ReadTx, login: string): Promise<UserRow | undefined>;
  appPassword(tx: ReadTx, id: number): Promise<AppPasswordRow | undefined>;
  /** The application passwords a password with this lookup prefix may be, those with the prefix first. */
  appPasswordCandidates(userId: number, prefix: string): Promise<AppPasswordRow[]>;
  /** Records a use, and gives a row made before lookup prefixes its prefix. */
  markAppPasswordUsed(id: number, lookupPrefix: string): Promise<void>;
}

/**
 * HTTP Basic authentication with application passwords or the account password
 * (decisions.md section 4), with failed logins throttled per (login, client address) and per
 * address in the shared database (`LoginThrottle`), so every API node sees the same counts.
 */
export class Authenticator {
  private readonly memo = new Map<string, VerifiedCredential>();

  constructor(
    private readonly storage: Pick<Storage, 'read'>,
    private readonly users: CredentialStore,
    private readonly throttle: LoginThrottle,
    private readonly clock: Clock,
  ) {}

  /** The caller named by an Authorization header; null when the request carries no Basic credentials. */
  async authenticate(authorization: string | undefined, address: string): Promise<Caller | null> {
    if (authorization === undefined) return null;
    // Other schemes belong to other authenticators; WordPress ignores them too.
    if (!/^Basic(\s|$)/i.test(authorization)) return null;
    const credentials = parseBasic(authorization);
    if (!credentials || throttleKey(address, credentials.login).login === '') {
      // A Basic header that carries no usable login:password is a failed login, not an anonymous
      // request; naming no login, it counts against the address alone.
      return this.refuseFailure(throttleKey(address), 'invalid_username');
    }
    return this.check(credentials.login, credentials.password, address, true);
  }

  /**
   * The account password of a login or e-mail, for the admin's sign-in form (decision 0040):
   * application passwords do not sign in there. Throttled and counted as HTTP Basic is, in the same
   * counters; refuses with the same errors (401 `invalid_username` / `incorrect_password`, 429).
   */
  async checkAccountPassword(login: string, password: string, address: string): Promise<Caller> {
    if (throttleKey(address, login).login === '') return this.refuseFailure(throttleKey(address), 'invalid_username');
    return this.check(login, password, address, false);
  }

  private async check(
    login: string,
    password: string,
    address: string,
    applicationPasswords: boolean,
  ): Promise<Caller> {
    // One read unit for what a request with known credentials needs (decision 0077): the user, the
    // throttle's counters and the remembered application password, still stored or not.
    const { user, caller, key, state, memoKey, confirmed } = await this.storage.read(async (tx) => {
      // NUL is in no login or e-mail, and PostgreSQL refuses it in a query.
      const user = login.includes('\0') ? undefined : await this.users.loginUser(tx, login);
      const caller: Caller | undefined =
        user && isRole(user.role) ? { id: user.id, login: user.login, role: user.role } : undefined;
      // An e-mail login shares the user's counter; an unknown login counts under what was sent.
      const key = throttleKey(address, caller?.login ?? login);
      const state = await this.throttle.checkIn(tx, key);
      if (state.login?.throttled || !user || !caller) return { user, caller, key, state };
      const memoKey = createHash('sha256').update(`${user.id}\0${password}`).digest('base64');
      const remembered = this.memo.get(memoKey);
      const usable =
        remembered &&
        (applicationPasswords || remembered.appPasswordId === null) &&
        remembered.until > this.clock.now().getTime()
          ? remembered
          : undefined;
      return {
        user,
        caller,
        key,
        state,
        memoKey,
        confirmed: usable && (await this.stillValid(tx, usable, user.password_hash)) ? usable : undefined,
      };
    });
    // Refused without checking the password: a throttled login gets no guesses at this address.
    if (state.login?.throttled) throw tooManyAttempts(state.login);
    if (!user || !caller || memoKey === undefined) {
      // As long as a known login's wrong password takes: the timing does not tell which logins exist.
      await verifyAgainstNoUser(password);
      return this.refuseFailure(key, 'invalid_username', state);
    }
    const valid = confirmed ?? (await this.verify(user.id, password, user.password_hash, applicationPasswords));
    if (!valid) return this.refuseFailure(key, 'incorrect_password', state);
    this.remember(memoKey, valid);
    // Only a count to forget costs a write; an authenticated request otherwise only reads.
    if (state.login) await this.throttle.clear(key);
    return caller;
  }

  /**
   * Counts a failed attempt and refuses it: 401 `code`, or 429 when its address is throttled (the
   * attempt was the login's one guess) or, for an attempt naming no login, at its limit already.
   */
  private async refuseFailure(
    key: ThrottleKey,
    code: 'invalid_username' | 'incorrect_password',
    known?: ThrottleState,
  ): Promise<never> {
    const state = known ?? (await this.throttle.check(key));
    if (key.login === '' && state.address?.throttled) throw tooManyAttempts(state.address);
    const counter = await this.throttle.countFailure(key, state);
    if (state.address?.throttled) throw tooManyAttempts(counter);
    throw new ApiError(code);
  }

  private async stillValid(tx: ReadTx, credential: VerifiedCredential, accountHash: string): Promise<boolean> {
    if (credential.appPasswordId === null) return credential.hash === accountHash;
    const row = await this.users.appPassword(tx, credential.appPasswordId);
    return row !== undefined && row.user_id === credential.userId && row.password_hash === credential.hash;
  }

  /**
   * One scrypt check for a try (decision 0093): a password shaped like an application password is
   * checked against the application password its lookup prefix names (and rows made before
   * prefixes were kept, which get theirs when they match); any other, or one naming none, against
   * the account password. A user's many application passwords no longer multiply a try's cost.
   */
  private async verify(
    userId: number,
    password: string,
    accountHash: string,
    applicationPasswords: boolean,
  ): Promise<VerifiedCredential | null> {
    const until = this.clock.now().getTime() + MEMO_TTL_MS;
    const candidate = normalizeApplicationPassword(password);
    const prefix = applicationPasswords ? applicationPasswordPrefix(candidate) : undefined;
    const rows = prefix === undefined ? [] : await this.users.appPasswordCandidates(userId, prefix);
    for (const row of rows) {
      if (await verifyPassword(candidate, row.password_hash)) {
        const lastUsed = row.last_used_at ? Date.parse(`${row.last_used_at.replace(' ', 'T')}Z`) : 0;
        if (row.lookup_prefix === null || this.clock.now().getTime() - lastUsed > LAST_USED_EVERY_MS)
          await this.users.markAppPasswordUsed(row.id, prefix!);
        return { userId, appPasswordId: row.id, hash: row.password_hash, until };
      }
    }
    // A password that named an application password was meant as that one, not as the account's.
    if (rows.some((row) => row.lookup_prefix !== null)) return null;
    if (password !== '' && (await verifyPassword(password, accountHash)))
      return { userId, appPasswordId: null, hash: accountHash, until };
    return null;
  }

  private remember(key: string, credential: VerifiedCredential): void {
    if (this.memo.size >= MEMO_MAX) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, credential);
  }
}
