import type { ReadTx, WriteTx } from '../types.ts';
import type { SessionRow, UserRow } from '../tables.ts';

/** A session to open: what the sign-in decided. */
export interface NewSession {
  readonly userId: number;
  readonly tokenHash: string;
  readonly now: string;
  readonly expiresAt: string;
  readonly userAgent: string;
}

/** A session with the user it signs in. */
export type SessionWithUser = SessionRow & { readonly user: UserRow };

/**
 * The admin's sessions (migration 20261126180000; decision 0040). Times are UTC wire date-times,
 * compared as text; whether a session is still live is the service's rule, given here as the
 * instants it ends at (`idleSince`: sessions last seen at or before it have ended).
 */
export class SessionsRepository {
  async create(db: WriteTx, session: NewSession): Promise<SessionRow> {
    return db
      .insertInto('sessions')
      .values({
        user_id: session.userId,
        token_hash: session.tokenHash,
        created_at: session.now,
        last_seen_at: session.now,
        expires_at: session.expiresAt,
        user_agent: session.userAgent,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The live session whose token has this hash, with its user. */
  async getLive(db: ReadTx, tokenHash: string, now: string, idleSince: string): Promise<SessionWithUser | undefined> {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('sessions')
      .select([
        'users.login',
        'users.email',
        'users.display_name',
        'users.role',
        'users.password_hash',
        'users.created_at as user_created_at',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', now)
      .where('sessions.last_seen_at', '>', idleSince)
      .executeTakeFirst();
    if (!row) return undefined;
    const { login, email, display_name, role, password_hash, user_created_at, ...session } = row;
    return {
      ...session,
      user: { id: session.user_id, login, email, display_name, role, password_hash, created_at: user_created_at },
    };
  }

  /** A user's live sessions, the most recently used first. */
  list(db: ReadTx, userId: number, now: string, idleSince: string): Promise<SessionRow[]> {
    return db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', idleSince)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async touch(db: WriteTx, id: number, now: string): Promise<void> {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  /** Removes one session of a user (null: all of them); returns how many went. */
  async remove(db: WriteTx, userId: number, id: number | null): Promise<number> {
    let query = db.deleteFrom('sessions').where('user_id', '=', userId);
    if (id !== null) query = query.where('id', '=', id);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Removes the session with this token hash (a sign-out). */
  async removeByToken(db: WriteTx, tokenHash: string): Promise<void> {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Removes the sessions that have ended, idle or past their absolute expiry. */
  async removeEnded(db: WriteTx, now: string, idleSince: string): Promise<void> {
    await db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
      .execute();
  }
}
