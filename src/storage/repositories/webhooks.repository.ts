import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import type { ChangedResource, WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../tables.ts';

export type WebhookSubscriptionRow = Selectable<WebhookSubscriptionsTable>;

/** An active subscription as the fan-out reads it: what it wants, from where, and whose it is. */
export type ActiveSubscription = Pick<WebhookSubscriptionRow, 'id' | 'events' | 'after_seq' | 'owner_id'> & {
  readonly owner_login: string | null;
  readonly owner_role: string | null;
};
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A delivery with what the page of deliveries shows of its message. */
export type DeliveryListing = WebhookDeliveryRow & { readonly type: string };

/** A delivery a dispatcher claimed: what sending it takes. */
export interface ClaimedDelivery {
  readonly id: number;
  readonly messageId: number;
  readonly body: string;
  readonly attempts: number;
  readonly subscription: Pick<
    WebhookSubscriptionRow,
    'id' | 'url' | 'secret' | 'previous_secret' | 'previous_secret_until'
  >;
}

/** A new notification: its message and the subscriptions it goes to. */
export interface NewMessage {
  readonly type: string;
  readonly resource: ChangedResource | null;
  readonly recordId: number | null;
  readonly body: string;
  readonly subscriptionIds: readonly number[];
}

/**
 * Webhook subscriptions, messages and deliveries (migration 20261125010000; decision 0032). Times
 * are ISO-8601 UTC instants, compared as text.
 */
export class WebhooksRepository {
  constructor(private readonly dialect: Pick<DialectCapabilities, 'name' | 'lockRow'>) {}

  // Subscriptions.

  createSubscription(db: WriteTx, values: Insertable<WebhookSubscriptionsTable>): Promise<WebhookSubscriptionRow> {
    return db.insertInto('webhook_subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * A subscription read after its row is locked until the unit ends (decision 0087): for writes
   * that compute from what they read (a secret rotated into the previous one, a delivery's
   * `failing_since`), so a write committed meanwhile is read, not overwritten.
   */
  async lockedSubscription(db: WriteTx, id: number): Promise<WebhookSubscriptionRow | undefined> {
    await this.dialect.lockRow(db, { table: 'webhook_subscriptions', id });
    return this.getSubscription(db, id);
  }

  getSubscription(db: ReadTx, id: number): Promise<WebhookSubscriptionRow | undefined> {
    return db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listSubscriptions(db: ReadTx): Promise<WebhookSubscriptionRow[]> {
    return db.selectFrom('webhook_subscriptions').selectAll().orderBy('id').execute();
  }

  /** The active subscriptions, each with its owner's login and role as they are now (null: no owner, or one deleted; decision 0129). */
  activeSubscriptions(db: ReadTx): Promise<ActiveSubscription[]> {
    return db
      .selectFrom('webhook_subscriptions as s')
      .leftJoin('users as u', 'u.id', 's.owner_id')
      .select(['s.id', 's.events', 's.after_seq', 'u.id as owner_id', 'u.login as owner_login', 'u.role as owner_role'])
      .where('s.active', '=', 1)
      .orderBy('s.id')
      .execute();
  }

  updateSubscription(
    db: WriteTx,
    id: number,
    changes: Updateable<WebhookSubscriptionsTable>,
  ): Promise<WebhookSubscriptionRow> {
    return db
      .updateTable('webhook_subscriptions')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteSubscription(db: WriteTx, id: number): Promise<void> {
    await db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
  }

  // Fan-out.

  async fanoutCursor(db: ReadTx): Promise<number> {
    const row = await db
      .selectFrom('webhook_fanout')
      .select('through_seq')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.through_seq);
  }

  /** Moves the cursor from `from` to `to`; false when another dispatcher moved it first (its fan-out stands, this one must not). */
  async advanceFanout(db: WriteTx, from: number, to: number): Promise<boolean> {
    const result = await db
      .updateTable('webhook_fanout')
      .set({ through_seq: to })
      .where('id', '=', 1)
      .where('through_seq', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Writes a message and a pending delivery of it to each subscription, due at `at`; answers the message id. */
  async addMessage(db: WriteTx, message: NewMessage, at: string): Promise<number> {
    const { id } = await db
      .insertInto('webhook_messages')
      .values({
        type: message.type,
        resource: message.resource,
        record_id: message.recordId,
        body: message.body,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (message.subscriptionIds.length > 0) {
      await db
        .insertInto('webhook_deliveries')
        .values(
          message.subscriptionIds.map((subscriptionId) => ({
            subscription_id: subscriptionId,
            message_id: id,
            status: 'pending' as const,
            next_attempt_at: at,
            created_at: at,
          })),
        )
        .execute();
    }
    return id;
  }

  /** The body of the latest message about a record, if one is kept (a deletion names what the record was linked to). */
  async lastBody(db: ReadTx, resource: ChangedResource, recordId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('webhook_messages')
      .select('body')
      .where('resource', '=', resource)
      .where('record_id', '=', recordId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.body;
  }

  // Delivery.

  /** Whether a delivery may be due at `now`: a cheap look on a snapshot, before a claim takes the write lock. */
  /** Deliveries not yet delivered (retries included) and given up, of every subscription (the metrics, decision 0044). */
  async countUndelivered(db: ReadTx): Promise<{ pending: number; failed: number }> {
    const rows = await db
      .selectFrom('webhook_deliveries')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .where('status', 'in', ['pending', 'failed'])
      .groupBy('status')
      .execute();
    const count = (status: 'pending' | 'failed') => Number(rows.find((row) => row.status === status)?.count ?? 0);
    return { pending: count('pending'), failed: count('failed') };
  }

  async anyDue(db: ReadTx, now: string): Promise<boolean> {
    const row = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Leases up to `limit` due deliveries until `leaseUntil`: the oldest pending delivery of each
   * active subscription, if due and not leased, so that a subscription has one delivery in flight
   * and receives them in commit order. PostgreSQL skips rows another transaction holds.
   */
  async claimDue(db: WriteTx, now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
    let due = db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
      .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
      .select([
        'd.id',
        'd.message_id',
        'd.attempts',
        'm.body',
        's.id as subscription_id',
        's.url',
        's.secret',
        's.previous_secret',
        's.previous_secret_until',
      ])
      .where('d.status', '=', 'pending')
      .where('s.active', '=', 1)
      .where('d.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<', now)]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_deliveries as e')
              .select('e.id')
              .whereRef('e.subscription_id', '=', 'd.subscription_id')
              .where('e.status', '=', 'pending')
              .whereRef('e.id', '<', 'd.id'),
          ),
        ),
      )
      .orderBy('d.id')
      .limit(limit);
    if (this.dialect.name === 'postgres') due = due.forUpdate('d').skipLocked();
    const rows = await due.execute();
    if (rows.length === 0) return [];
    await db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: leaseUntil })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({
      id: row.id,
      messageId: row.message_id,
      body: row.body,
      attempts: row.attempts,
      subscription: {
        id: row.subscription_id,
        url: row.url,
        secret: row.secret,
        previous_secret: row.previous_secret,
        previous_secret_until: row.previous_secret_until,
      },
    }));
  }

  /** Records an attempt of a delivery still leased until `lease`; false when the lease was lost (another dispatcher owns it now). */
  async recordAttempt(
    db: WriteTx,
    id: number,
    lease: string,
    changes: Updateable<WebhookDeliveriesTable>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('webhook_deliveries')
      .set({ ...changes, claimed_until: null })
      .where('id', '=', id)
      .where('claimed_until', '=', lease)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // Observability.

  async listDeliveries(
    db: ReadTx,
    subscriptionId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: DeliveryListing[]; total: number }> {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
        .selectAll('d')
        .select('m.type')
        .where('d.subscription_id', '=', subscriptionId)
        .orderBy('d.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  getDelivery(db: ReadTx, subscriptionId: number, id: number): Promise<WebhookDeliveryRow | undefined> {
    return db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', id)
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst();
  }

  /** A new pending delivery of a message already sent: same message, same `webhook-id`, queued behind the subscription's others. */
  async requeue(db: WriteTx, subscriptionId: number, messageId: number, at: string): Promise<DeliveryListing> {
    const row = await db
      .insertInto('webhook_deliveries')
      .values({
        subscription_id: subscriptionId,
        message_id: messageId,
        status: 'pending',
        next_attempt_at: at,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { type } = await db
      .selectFrom('webhook_messages')
      .select('type')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    return { ...row, type };
  }

  /** Removes deliveries finished before `before`, then messages no delivery refers to any more that were written before it; answers how many deliveries went. */
  async prune(db: WriteTx, before: string): Promise<number> {
    const removed = await db
      .deleteFrom('webhook_deliveries')
      .where('status', '<>', 'pending')
      .where('finished_at', '<', before)
      .executeTakeFirst();
    await db
      .deleteFrom('webhook_messages')
      .where('created_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_deliveries')
              .select('id')
              .whereRef('webhook_deliveries.message_id', '=', 'webhook_messages.id'),
          ),
        ),
      )
      .execute();
    return Number(removed.numDeletedRows);
  }
}
