import type { ReadTx, WriteTx } from '../types.ts';

/** The first administrator's one-time links (migration 20261128180000; decision 0097); times are UTC wire date-times. */
export class SetupTokensRepository {
  async add(db: WriteTx, tokenHash: string, expiresAt: string): Promise<void> {
    await db.insertInto('setup_tokens').values({ token_hash: tokenHash, expires_at: expiresAt }).execute();
  }

  /** Whether a link with this hash is stored and ends after `now`. */
  async isLive(db: ReadTx, tokenHash: string, now: string): Promise<boolean> {
    return (
      (await db
        .selectFrom('setup_tokens')
        .select('token_hash')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst()) !== undefined
    );
  }

  /** Removes the live link with this hash; its expiry, or undefined when there was none (unknown, used or expired). */
  async take(db: WriteTx, tokenHash: string, now: string): Promise<string | undefined> {
    const row = await db
      .deleteFrom('setup_tokens')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .returning('expires_at')
      .executeTakeFirst();
    return row?.expires_at;
  }

  /** Every link: once a user exists none may be used again. */
  async removeAll(db: WriteTx): Promise<void> {
    await db.deleteFrom('setup_tokens').execute();
  }
}
