import type { ReadTx, WriteTx } from '../types.ts';
import { inList } from '../in-list-padding.ts';
import type { LinkKind, PostType } from '../tables.ts';

/** Who sent a submission: the address as the rate limits count it, and the signed-in user (0 when anonymous). */
export interface Sender {
  readonly address: string;
  readonly userId: number;
}

/** A pending event the form stored, with who sent it. */
export interface PendingSubmission {
  readonly post_id: number;
  readonly address: string;
  readonly user_id: number;
  readonly submitted_at: string;
}

/** Which pending submissions to list: of one address, among some event ids, at most `limit`. */
export interface SubmissionFilter {
  readonly address?: string;
  readonly include?: readonly number[];
  readonly limit?: number;
}

/**
 * Who sent what through the community form (migration 20261128180000; decision 0095), and the
 * proof-of-work solutions already spent. Times are UTC wire date-times, compared as text.
 */
export class CommunitySubmissionsRepository {
  /** Records `postIds` (an event and the records it created) as sent by `sender` at `now`; one recorded before keeps its first sender. */
  async record(db: WriteTx, postIds: readonly number[], sender: Sender, now: string): Promise<void> {
    if (postIds.length === 0) return;
    await db
      .insertInto('community_submissions')
      .values(
        postIds.map((post_id) => ({ post_id, address: sender.address, user_id: sender.userId, submitted_at: now })),
      )
      .onConflict((conflict) => conflict.column('post_id').doNothing())
      .execute();
  }

  /** The times the events sent from `address` after `since` were sent, oldest first. */
  async eventTimesSince(db: ReadTx, address: string, since: string): Promise<string[]> {
    const rows = await this.sent(db, 'event')
      .select('community_submissions.submitted_at')
      .where('community_submissions.address', '=', address)
      .where('community_submissions.submitted_at', '>', since)
      .orderBy('community_submissions.submitted_at')
      .execute();
    return rows.map((row) => row.submitted_at);
  }

  /**
   * The oldest pending venue or organizer named exactly `name` that `sender` sent: as the same
   * signed-in user from any address, or anonymously from the same address. Either way its author is
   * the submitter's own, so the submitter may link it.
   */
  async pendingSentByName(db: ReadTx, kind: LinkKind, name: string, sender: Sender): Promise<number | undefined> {
    const row = await this.sent(db, kind, 'pending')
      .select('posts.id')
      .where('posts.title', '=', name)
      .where('community_submissions.user_id', '=', sender.userId)
      .$if(sender.userId === 0, (query) => query.where('community_submissions.address', '=', sender.address))
      .orderBy('posts.id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** The oldest published venue or organizer named exactly `name`, sent by anyone or created by the API. */
  async publishedByName(db: ReadTx, kind: LinkKind, name: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('posts')
      .select('id')
      .where('type', '=', kind)
      .where('status', '=', 'publish')
      .where('title', '=', name)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** The pending events the form stored, newest first, as `filter` narrows them. */
  pendingEvents(db: ReadTx, filter: SubmissionFilter): Promise<PendingSubmission[]> {
    let query = this.sent(db, 'event', 'pending')
      .select([
        'community_submissions.post_id',
        'community_submissions.address',
        'community_submissions.user_id',
        'community_submissions.submitted_at',
      ])
      .orderBy('community_submissions.submitted_at', 'desc')
      .orderBy('community_submissions.post_id', 'desc');
    if (filter.address !== undefined) query = query.where('community_submissions.address', '=', filter.address);
    if (filter.include !== undefined)
      query = query.where('community_submissions.post_id', 'in', inList(filter.include));
    if (filter.limit !== undefined) query = query.limit(filter.limit);
    return query.execute();
  }

  /** The pending venues or organizers sent from `address` that no event outside the trash links. */
  async pendingUnlinked(db: ReadTx, kind: LinkKind, address: string): Promise<number[]> {
    const rows = await this.sent(db, kind, 'pending')
      .select('posts.id')
      .where('community_submissions.address', '=', address)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('event_links')
              .innerJoin('posts as linking', 'linking.id', 'event_links.event_id')
              .select('event_links.event_id')
              .whereRef('event_links.linked_id', '=', 'posts.id')
              .where('linking.status', '<>', 'trash'),
          ),
        ),
      )
      .orderBy('posts.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The records the form stored, of one type (and status), joined to who sent them. */
  private sent(db: ReadTx, type: PostType, status?: string) {
    const query = db
      .selectFrom('community_submissions')
      .innerJoin('posts', 'posts.id', 'community_submissions.post_id')
      .where('posts.type', '=', type);
    return status === undefined ? query : query.where('posts.status', '=', status);
  }

  /** Spends a proof-of-work solution: true the first time, false when it was spent before (a replay). */
  async spendChallenge(db: WriteTx, signature: string, expiresAt: string): Promise<boolean> {
    const spent = await db
      .insertInto('community_spent_challenges')
      .values({ signature, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    return spent !== undefined;
  }

  /** Forgets the solutions whose challenge expired by `now`: they are refused as expired anyway. */
  async removeExpiredChallenges(db: WriteTx, now: string): Promise<void> {
    await db.deleteFrom('community_spent_challenges').where('expires_at', '<=', now).execute();
  }
}
