import { createHash, createHmac, randomBytes } from 'node:crypto';
import { wireUtc, type Clock } from '../clock.ts';
import type { SessionSettings } from '../config.ts';
import type { ReadTx, Storage, WriteTx } from '../storage/types.ts';
import type { SessionsRepository } from '../storage/repositories/sessions.repository.ts';
import type { UserRow } from '../storage/tables.ts';
import { isRole, type Caller } from './roles.ts';

/** A session's token: 32 random bytes, base64url (43 characters), as the cookie carries it. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A session's idle expiry is pushed on at most this often: a use costs a write once a minute, not per request. */
const TOUCH_EVERY_MS = 60_000;
/** User agents are kept for the list of sessions, cut to this length. */
const MAX_USER_AGENT = 300;
/** Ended sessions are removed at most this often per process, along with a sign-in. */
const PURGE_EVERY_MS = 60 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const dateOf = (wire: string) => new Date(`${wire.replace(' ', 'T')}Z`);

/** A live session and the user it signs in. */
export interface LiveSession {
  readonly id: number;
  readonly caller: Caller;
  readonly user: UserRow;
  /** When it ends unless used again: the earlier of its idle and its absolute expiry. */
  readonly expiresAt: Date;
  /** What a request must carry besides the cookie to act as the user (`X-WP-Nonce`). */
  readonly nonce: string;
}

/** One of a user's sessions, for the list of them. */
export interface SessionSummary {
  readonly id: number;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
  readonly userAgent: string;
}

/**
 * The admin's sign-in sessions (decision 0040), kept in the shared database: every node honours
 * them and a sign-out holds at once. The cookie carries a random token, the database its SHA-256.
 * The nonce a state-changing request must also carry (WordPress' `X-WP-Nonce`) is an HMAC of the
 * token: only a page that can read the session's answers knows it, the cookie alone is not enough.
 */
export class SessionsService {
  private nextPurge = 0;

  constructor(
    private readonly storage: Storage,
    private readonly repository: SessionsRepository,
    private readonly clock: Clock,
    private readonly settings: SessionSettings,
  ) {}

  /** Opens a session for a user whose password was checked; returns the cookie's token. */
  async open(caller: Caller, userAgent: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const purge = now.getTime() >= this.nextPurge;
    if (purge) this.nextPurge = now.getTime() + PURGE_EVERY_MS;
    await this.storage.write(async (tx) => {
      if (purge) await this.repository.removeEnded(tx, wireUtc(now), this.idleSince(now));
      await this.repository.create(tx, {
        userId: caller.id,
        tokenHash: hashOf(token),
        now: wireUtc(now),
        expiresAt: wireUtc(new Date(now.getTime() + this.settings.absoluteMs)),
        userAgent: [...userAgent].slice(0, MAX_USER_AGENT).join(''),
      });
    });
    return token;
  }

  /** The live session of a token, its idle expiry pushed on; null for a token of no live session. */
  async resolve(token: string): Promise<LiveSession | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const now = this.clock.now();
    const row = await this.storage.read((tx) =>
      this.repository.getLive(tx, hashOf(token), wireUtc(now), this.idleSince(now)),
    );
    if (!row || !isRole(row.user.role)) return null;
    let lastSeen = dateOf(row.last_seen_at);
    if (now.getTime() - lastSeen.getTime() >= TOUCH_EVERY_MS) {
      await this.storage.write((tx) => this.repository.touch(tx, row.id, wireUtc(now)));
      lastSeen = now;
    }
    return {
      id: row.id,
      caller: { id: row.user.id, login: row.user.login, role: row.user.role },
      user: row.user,
      expiresAt: this.endOf(lastSeen, dateOf(row.expires_at)),
      // Keyed by the token, which only the cookie carries: the nonce names this session and no other.
      nonce: createHmac('sha256', token).update('calendar-rest-nonce').digest('base64url'),
    };
  }

  /** A user's live sessions, the most recently used first. */
  async list(tx: ReadTx, userId: number): Promise<SessionSummary[]> {
    const now = this.clock.now();
    const rows = await this.repository.list(tx, userId, wireUtc(now), this.idleSince(now));
    return rows.map((row) => ({
      id: row.id,
      createdAt: dateOf(row.created_at),
      lastSeenAt: dateOf(row.last_seen_at),
      expiresAt: this.endOf(dateOf(row.last_seen_at), dateOf(row.expires_at)),
      userAgent: row.user_agent,
    }));
  }

  /** Ends one of a user's sessions; false when the user has no session with that id. */
  async remove(tx: WriteTx, userId: number, id: number): Promise<boolean> {
    return (await this.repository.remove(tx, userId, id)) > 0;
  }

  /** Ends every session of a user ("Sign out everywhere", a password reset); returns how many ended. */
  removeAll(tx: WriteTx, userId: number): Promise<number> {
    return this.repository.remove(tx, userId, null);
  }

  /** Ends the session of a token (sign-out); a token of no session is already signed out. */
  async close(token: string): Promise<void> {
    if (TOKEN_PATTERN.test(token)) await this.storage.write((tx) => this.repository.removeByToken(tx, hashOf(token)));
  }

  /** Sessions last seen at or before this instant have been idle too long. */
  private idleSince(now: Date): string {
    return wireUtc(new Date(now.getTime() - this.settings.idleMs));
  }

  private endOf(lastSeen: Date, absolute: Date): Date {
    return new Date(Math.min(lastSeen.getTime() + this.settings.idleMs, absolute.getTime()));
  }
}
