import type { Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type {
  DeliveryListing,
  WebhooksRepository,
  WebhookSubscriptionRow,
} from '../../storage/repositories/webhooks.repository.ts';
import type { RecordChangesRepository } from '../../storage/repositories/record-changes.repository.ts';
import type { ReceiverPolicy } from './receivers.ts';
import { generateSecret, type SecretBox } from './secrets.ts';

export interface SubscriptionInput {
  readonly url?: string;
  readonly events?: readonly string[];
  readonly description?: string;
  readonly active?: boolean;
}

/** A subscription with its secret in clear: answered once, when made or rotated. */
export interface WithSecret {
  readonly row: WebhookSubscriptionRow;
  readonly secret: string;
}

/** The longest grace period of a rotated secret: a week. */
export const MAX_GRACE_SECONDS = 7 * 24 * 60 * 60;

/** Subscriptions and their deliveries as administrators manage them (decision 0032); the dispatcher sends. */
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: SecretBox,
    private readonly receivers: ReceiverPolicy,
    private readonly clock: Clock,
    private readonly journal: Pick<RecordChangesRepository, 'bounds'>,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  list(tx: ReadTx): Promise<WebhookSubscriptionRow[]> {
    return this.repository.listSubscriptions(tx);
  }

  async find(tx: ReadTx, id: number): Promise<WebhookSubscriptionRow> {
    return this.found(id, await this.repository.getSubscription(tx, id));
  }

  /** `find` for a write that computes from the row (an update, a rotation): its row locked first. */
  async findLocked(tx: WriteTx, id: number): Promise<WebhookSubscriptionRow> {
    return this.found(id, await this.repository.lockedSubscription(tx, id));
  }

  private found(id: number, row: WebhookSubscriptionRow | undefined): WebhookSubscriptionRow {
    if (!row) throw new ApiError('webhook_not_found', { args: [id] });
    return row;
  }

  /** Checks a receiver URL (form and resolved addresses) before a unit writes it; answers it normalized. */
  async checkUrl(url: string): Promise<string> {
    return (await this.receivers.check(url)).href;
  }

  /** `ownerId`: who makes it, whose rights decide which ticket and attendee messages it hears (decision 0129); none from the CLI. */
  async create(
    tx: WriteTx,
    input: Required<Pick<SubscriptionInput, 'url' | 'events'>> & SubscriptionInput,
    ownerId: number | null = null,
  ): Promise<WithSecret> {
    const secret = generateSecret();
    const now = this.now();
    const row = await this.repository.createSubscription(tx, {
      // Every change committed before this read is before the subscription; on PostgreSQL one committed
      // while this unit runs (side by side, decision 0087) is as concurrent with it, and may be heard.
      after_seq: (await this.journal.bounds(tx)).latest,
      url: input.url,
      events: JSON.stringify([...new Set(input.events)]),
      description: input.description ?? '',
      active: input.active === false ? 0 : 1,
      owner_id: ownerId,
      secret: this.secrets.seal(secret),
      created_at: now,
      updated_at: now,
    });
    return { row, secret };
  }

  async update(tx: WriteTx, row: WebhookSubscriptionRow, input: SubscriptionInput): Promise<WebhookSubscriptionRow> {
    const reactivated = input.active === true && row.active === 0;
    return this.repository.updateSubscription(tx, row.id, {
      // Switched back on, it hears the changes from now: not those made while it was off.
      ...(reactivated ? { after_seq: (await this.journal.bounds(tx)).latest } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
      // Switched back on by its owner: the failures that disabled it are forgiven.
      ...(reactivated ? { disabled_reason: null, failing_since: null } : {}),
      updated_at: this.now(),
    });
  }

  remove(tx: WriteTx, row: WebhookSubscriptionRow): Promise<void> {
    return this.repository.deleteSubscription(tx, row.id);
  }

  /** A new secret; the current one keeps signing too for `graceSeconds` (both signatures are sent meanwhile). */
  async rotateSecret(tx: WriteTx, row: WebhookSubscriptionRow, graceSeconds: number): Promise<WithSecret> {
    const secret = generateSecret();
    const now = this.clock.now();
    const updated = await this.repository.updateSubscription(tx, row.id, {
      secret: this.secrets.seal(secret),
      previous_secret: graceSeconds > 0 ? row.secret : null,
      previous_secret_until: graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000).toISOString() : null,
      updated_at: now.toISOString(),
    });
    return { row: updated, secret };
  }

  deliveries(
    tx: ReadTx,
    row: WebhookSubscriptionRow,
    window: PageWindow,
  ): Promise<{ rows: DeliveryListing[]; total: number }> {
    return this.repository.listDeliveries(tx, row.id, window.perPage, window.offset);
  }

  /** Sends a delivery's message again, with the same `webhook-id`, behind the subscription's pending deliveries. */
  async redeliver(tx: WriteTx, row: WebhookSubscriptionRow, deliveryId: number): Promise<DeliveryListing> {
    const delivery = await this.repository.getDelivery(tx, row.id, deliveryId);
    if (!delivery) throw new ApiError('webhook_delivery_not_found', { args: [deliveryId] });
    return this.repository.requeue(tx, row.id, delivery.message_id, this.now());
  }

  /** Queues a `ping` message to the subscription (behind its pending deliveries: they go in order). */
  async ping(tx: WriteTx, row: WebhookSubscriptionRow): Promise<DeliveryListing> {
    const now = this.now();
    const body = JSON.stringify({ type: 'ping', timestamp: now, data: { webhook_id: row.id } });
    const messageId = await this.repository.addMessage(
      tx,
      { type: 'ping', resource: null, recordId: null, body, subscriptionIds: [] },
      now,
    );
    return this.repository.requeue(tx, row.id, messageId, now);
  }

  /** Refuses with `webhook_secrets_unavailable` before anything is written when secrets cannot be stored. */
  ensureSecretsAvailable(): void {
    this.secrets.ensureAvailable();
  }
}
