import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import type { MailOutboxTable, MailStatus } from '../tables.ts';

export type MailRow = Selectable<MailOutboxTable>;
/** A row as the outbox's listing shows it: everything but the bodies and the attachments' content. */
export type MailListing = Omit<MailRow, 'text_body' | 'html_body' | 'attachments'>;

const LISTED = [
  'id',
  'to_address',
  'subject',
  'reference',
  'message_id',
  'status',
  'attempts',
  'next_attempt_at',
  'claimed_until',
  'last_attempt_at',
  'last_error',
  'created_at',
  'sent_at',
] as const;

/**
 * The e-mail outbox (migration 20261128230000; decision 0112). Times are ISO-8601 UTC instants,
 * compared as text.
 */
export class MailOutboxRepository {
  constructor(private readonly dialect: Pick<DialectCapabilities, 'name'>) {}

  add(db: WriteTx, values: Insertable<MailOutboxTable>): Promise<MailListing> {
    return db.insertInto('mail_outbox').values(values).returning(LISTED).executeTakeFirstOrThrow();
  }

  get(db: ReadTx, id: number): Promise<MailListing | undefined> {
    return db.selectFrom('mail_outbox').select(LISTED).where('id', '=', id).executeTakeFirst();
  }

  /** A page of messages, newest first, of one status or all. */
  async list(
    db: ReadTx,
    status: MailStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: MailListing[]; total: number }> {
    let rows = db.selectFrom('mail_outbox').select(LISTED);
    let count = db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n'));
    if (status !== undefined) {
      rows = rows.where('status', '=', status);
      count = count.where('status', '=', status);
    }
    const [page, total] = await Promise.all([
      rows.orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: page, total: Number(total.n) };
  }

  /** Messages of each status (the metrics and the admin's counts). */
  async countByStatus(db: ReadTx): Promise<Record<MailStatus, number>> {
    const rows = await db
      .selectFrom('mail_outbox')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    const count = (status: MailStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
    return { pending: count('pending'), sent: count('sent'), failed: count('failed'), off: count('off') };
  }

  /** Whether a message may be due at `now`: a cheap look on a snapshot, before a claim takes the write lock. */
  async anyDue(db: ReadTx, now: string): Promise<boolean> {
    const row = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Leases up to `limit` due messages, oldest first, until `leaseUntil`. PostgreSQL skips rows
   * another node's claim holds, so two claims never lease one message.
   */
  async claimDue(db: WriteTx, now: string, leaseUntil: string, limit: number): Promise<MailRow[]> {
    let due = db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('id')
      .limit(limit);
    if (this.dialect.name === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await due.execute();
    if (rows.length === 0) return [];
    await db
      .updateTable('mail_outbox')
      .set({ claimed_until: leaseUntil })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({ ...row, claimed_until: leaseUntil }));
  }

  /** Records an attempt of a message still leased until `lease`; false when the lease was lost (another node owns it now). */
  async recordAttempt(db: WriteTx, id: number, lease: string, changes: Updateable<MailOutboxTable>): Promise<boolean> {
    const result = await db
      .updateTable('mail_outbox')
      .set({ ...changes, claimed_until: null })
      .where('id', '=', id)
      .where('claimed_until', '=', lease)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Makes a failed or kept message pending again, due at `at`, with its attempts counted anew; undefined when it is in another status. */
  requeue(db: WriteTx, id: number, at: string): Promise<MailListing | undefined> {
    return db
      .updateTable('mail_outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: at, claimed_until: null })
      .where('id', '=', id)
      .where('status', 'in', ['failed', 'off'])
      .returning(LISTED)
      .executeTakeFirst();
  }

  /** Removes sent messages sent before `before`; answers how many went. */
  async prune(db: WriteTx, before: string): Promise<number> {
    const removed = await db
      .deleteFrom('mail_outbox')
      .where('status', '=', 'sent')
      .where('sent_at', '<', before)
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }
}
