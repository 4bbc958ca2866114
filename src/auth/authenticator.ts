import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import type { Storage } from '../storage/database.ts';
import type { AppPasswordRow, UserRow } from '../storage/tables.ts';
import { normalizeApplicationPassword, verifyPassword } from './passwords.ts';
import { isRole, type Caller } from './roles.ts';

export interface ThrottleSettings {
  /** Failed logins from one address within the window before it gets 429. */
  readonly maxFailures: number;
  readonly windowSeconds: number;
}

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

/** Failed logins allowed per client address within the window, before 429 (decisions.md section 4). */
export const LOGIN_THROTTLE: ThrottleSettings = { maxFailures: 10, windowSeconds: 600 };

/** The users and application passwords the authenticator checks credentials against (UsersService). */
export interface CredentialStore {
  /** By login, or by e-mail as WordPress also accepts. */
  userByLogin(login: string): Promise<UserRow | undefined>;
  appPassword(id: number): Promise<AppPasswordRow | undefined>;
  appPasswordsOf(userId: number): Promise<AppPasswordRow[]>;
  markAppPasswordUsed(id: number): Promise<void>;
}

/**
 * HTTP Basic authentication with application passwords or the account password
 * (decisions.md section 4), with failed logins throttled per client address in the shared
 * database, so every API node sees the same count.
 */
export class Authenticator {
  private readonly memo = new Map<string, VerifiedCredential>();

  private constructor(
    private readonly users: CredentialStore,
    private readonly clock: Clock,
    private readonly limiter: RateLimiterAbstract,
    private readonly throttle: ThrottleSettings,
  ) {}

  /** Failed logins are counted through `driver`, a connection of their own outside every unit of work. */
  static async create(driver: Storage['driver'], users: CredentialStore, clock: Clock, throttle: ThrottleSettings): Promise<Authenticator> {
    const options = { points: throttle.maxFailures, duration: throttle.windowSeconds, tableName: 'login_failures', keyPrefix: 'login' };
    const limiter = await new Promise<RateLimiterAbstract>((resolve, reject) => {
      const done = (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error('The login throttle could not start.', { cause: error })) : resolve(limiter));
      const limiter: RateLimiterAbstract =
        driver.kind === 'sqlite'
          ? new RateLimiterSQLite({ ...options, storeClient: driver.client, storeType: 'better-sqlite3' }, done)
          : new RateLimiterPostgres({ ...options, storeClient: driver.client, storeType: 'pool' }, done);
    });
    return new Authenticator(users, clock, limiter, throttle);
  }

  /** The caller named by an Authorization header; null when the request carries no Basic credentials. */
  async authenticate(authorization: string | undefined, address: string): Promise<Caller | null> {
    if (authorization === undefined) return null;
    // Other schemes belong to other authenticators; WordPress ignores them too.
    if (!/^Basic(\s|$)/i.test(authorization)) return null;
    await this.refuseIfThrottled(address);
    const credentials = parseBasic(authorization);
    if (!credentials) {
      // A Basic header that carries no login:password is a failed login, not an anonymous request.
      await this.recordFailure(address);
      throw new ApiError('invalid_username');
    }
    const { login, password } = credentials;
    const user = login === '' ? undefined : await this.users.userByLogin(login);
    if (!user || !isRole(user.role)) {
      await this.recordFailure(address);
      throw new ApiError('invalid_username');
    }
    const caller: Caller = { id: user.id, login: user.login, role: user.role };
    const memoKey = createHash('sha256').update(`${user.id}\0${password}`).digest('base64');
    const remembered = this.memo.get(memoKey);
    if (remembered && remembered.until > this.clock.now().getTime() && (await this.stillValid(remembered, user.password_hash))) return caller;

    const verified = await this.verify(user.id, password, user.password_hash);
    if (!verified) {
      await this.recordFailure(address);
      throw new ApiError('incorrect_password');
    }
    this.remember(memoKey, verified);
    return caller;
  }

  private async stillValid(credential: VerifiedCredential, accountHash: string): Promise<boolean> {
    if (credential.appPasswordId === null) return credential.hash === accountHash;
    const row = await this.users.appPassword(credential.appPasswordId);
    return row !== undefined && row.user_id === credential.userId && row.password_hash === credential.hash;
  }

  private async verify(userId: number, password: string, accountHash: string): Promise<VerifiedCredential | null> {
    const until = this.clock.now().getTime() + MEMO_TTL_MS;
    const candidate = normalizeApplicationPassword(password);
    for (const row of await this.users.appPasswordsOf(userId)) {
      if (await verifyPassword(candidate, row.password_hash)) {
        const lastUsed = row.last_used_at ? Date.parse(`${row.last_used_at.replace(' ', 'T')}Z`) : 0;
        if (this.clock.now().getTime() - lastUsed > LAST_USED_EVERY_MS) await this.users.markAppPasswordUsed(row.id);
        return { userId, appPasswordId: row.id, hash: row.password_hash, until };
      }
    }
    if (password !== '' && (await verifyPassword(password, accountHash))) return { userId, appPasswordId: null, hash: accountHash, until };
    return null;
  }

  private remember(key: string, credential: VerifiedCredential): void {
    if (this.memo.size >= MEMO_MAX) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, credential);
  }

  private async refuseIfThrottled(address: string): Promise<void> {
    const state = await this.limiter.get(address);
    if (state && state.consumedPoints >= this.throttle.maxFailures) {
      const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
      throw new ApiError('too_many_login_attempts', { args: [seconds], headers: { 'retry-after': String(seconds) } });
    }
  }

  private async recordFailure(address: string): Promise<void> {
    // consume() rejects once the points are spent; the next request is refused by refuseIfThrottled.
    await this.limiter.consume(address).catch((rejection: unknown) => {
      if (rejection instanceof Error) throw rejection;
    });
  }
}
