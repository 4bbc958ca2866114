import type { Clock } from '../../clock.ts';
import type { WebhookSettings } from '../../config.ts';
import type { ReadTx, Storage } from '../../storage/types.ts';
import type { RecordChange, RecordChangesRepository } from '../../storage/repositories/record-changes.repository.ts';
import type {
  ClaimedDelivery,
  NewMessage,
  WebhooksRepository,
} from '../../storage/repositories/webhooks.repository.ts';
import type { Urls } from '../../urls.ts';
import { EVENT_PRIVATE, matches, RESOURCES, typeOf, webhookId } from './event-types.ts';
import { linkedIds, type RecordPayloads } from './payloads.ts';
import type { ReceiverPolicy } from './receivers.ts';
import { signature, type SecretBox } from './secrets.ts';
import type { TicketPayloads } from './ticket-payloads.ts';
import { send, type SendOutcome } from './sender.ts';
import { WakeableLoop } from '../../wakeable-loop.ts';

/*
 * The webhook dispatcher of a node (decision 0032). Each cycle, in short units of its own:
 * 1. fan-out: journal rows after the stored cursor (decision 0027) become one message each and one
 *    delivery per matching active subscription; payloads are rendered on a read snapshot, then one
 *    write unit inserts them and moves the cursor from where the snapshot saw it, or does nothing
 *    when another node moved it first: each change is fanned out once; while no subscription is
 *    active the rows are not read at all (every write wakes a cycle: issue 35);
 * 2. claim: due deliveries are leased (`claimed_until`), the oldest pending one per subscription;
 * 3. send, outside any unit, then record the outcome in a unit of its own.
 * A claim locks the rows it leases (`for update skip locked` on PostgreSQL, whose write units run
 * side by side: decision 0087; SQLite has one writer), and the cursor moves by compare-and-set,
 * so no delivery is claimed twice and no row fanned out twice; a node that dies mid-send leaves a lease that expires, and the delivery goes again with the same
 * `webhook-id` (at least once; receivers deduplicate by it).
 */

/** Journal rows fanned out per unit. */
const FANOUT_BATCH = 200;
/** How long unwanted journal rows may sit behind the fan-out cursor before it is moved past them anyway. */
const CURSOR_LAG_MS = 60 * 60 * 1000;
/** Deliveries one node sends at once (one per subscription at most). */
const MAX_IN_FLIGHT = 16;
/** A lease lasts twice an attempt's timeout and this: long enough to record the outcome, short enough for a dead node's deliveries to go soon. */
const LEASE_MARGIN_MS = 5_000;
/** How often finished deliveries past the retention period are pruned. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Retry waits vary by this fraction either way, so that failed receivers are not retried in step. */
const JITTER = 0.2;

/** What one fan-out pass found: whether journal rows may be left to fan out, and whether any subscription was active. */
interface FanOutPass {
  readonly more: boolean;
  readonly subscribed: boolean;
}

export interface DispatcherLog {
  warn(message: string): void;
  error(error: unknown, message: string): void;
}

export class WebhookDispatcher {
  private lastPrune = 0;
  private log: DispatcherLog = { warn: () => undefined, error: () => undefined };
  private readonly loop = new WakeableLoop(
    () => this.cycle(),
    (error, where) =>
      this.log.error(error, where === 'cycle' ? 'webhook dispatch failed' : 'recording a webhook delivery failed'),
  );

  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write'>,
    private readonly repository: WebhooksRepository,
    private readonly journal: RecordChangesRepository,
    private readonly payloads: RecordPayloads,
    private readonly tickets: TicketPayloads,
    private readonly secrets: SecretBox,
    private readonly receivers: ReceiverPolicy,
    private readonly settings: WebhookSettings,
    private readonly clock: Clock,
    /** The URLs rendered records carry: CALENDAR_PUBLIC_URL's, else the node's own address. */
    private readonly urls: Urls,
  ) {}

  /** Runs now, every poll interval, and whenever woken, without keeping the process alive. */
  start(log: DispatcherLog): void {
    this.log = log;
    this.loop.start(this.settings.pollMs);
  }

  /** Asks for a cycle soon (after a local commit): one runs at a time, and a wake during one runs another after it. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops: no new cycle or claim; waits for the cycle and the sends in progress (before the database closes). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async cycle(): Promise<void> {
    let pass: FanOutPass = { more: true, subscribed: true };
    while (!this.loop.stopped && pass.more) pass = await this.fanOut();
    await this.pruneWhenDue();
    const free = this.loop.free(MAX_IN_FLIGHT);
    // Only active subscriptions' deliveries are claimed: with none in the fan-out's snapshot there
    // is nothing to claim. A subscription switched on later is a write, whose answer wakes a cycle.
    if (this.loop.stopped || free <= 0 || !pass.subscribed) return;
    // When a delivery ends, the subscription's next delivery may be due: the loop wakes.
    for (const delivery of await this.claim(free)) this.loop.launch(() => this.deliver(delivery));
  }

  /** Fans out one batch of journal rows. */
  private async fanOut(): Promise<FanOutPass> {
    const plan = await this.storage.read(async (tx) => {
      const subscriptions = (await this.repository.activeSubscriptions(tx)).map((row) => ({
        ...row,
        after: row.after_seq,
        patterns: JSON.parse(row.events) as string[],
      }));
      const cursor = await this.repository.fanoutCursor(tx);
      const { latest, prunedThrough } = await this.journal.bounds(tx);
      if (subscriptions.length === 0) {
        // No row of this snapshot is anyone's: a subscription this snapshot does not see committed
        // after every row it holds (the journal is numbered in commit order: decision 0081), and is
        // owed only later ones (WebhooksService.create). So the rows are not read; the cursor moves
        // past them only when a full batch or a cut is behind it, as below.
        return {
          cursor,
          through: latest,
          messages: [],
          full: false,
          mustMove: latest - cursor >= FANOUT_BATCH || prunedThrough > cursor,
          subscribed: false,
        };
      }
      // Pruned before this node fanned them out (webhooks stopped longer than the journal's retention): lost, and said so.
      if (prunedThrough > cursor && subscriptions.some((subscription) => subscription.after < prunedThrough)) {
        this.log.warn(
          `journal rows ${cursor + 1} to ${prunedThrough} were pruned before webhook fan-out: their notifications are lost`,
        );
      }
      const changes = await this.journal.after(tx, RESOURCES, Math.max(cursor, prunedThrough), FANOUT_BATCH);
      const messages: NewMessage[] = [];
      for (const change of changes) {
        const type = typeOf(change.resource, change.action);
        const wanting = subscriptions.filter(
          (subscription) => change.seq > subscription.after && matches(subscription.patterns, type),
        );
        if (wanting.length === 0) continue;
        let subscriptionIds = wanting.map((subscription) => subscription.id);
        let rendered: Record<string, unknown> | undefined;
        if (EVENT_PRIVATE.has(change.resource)) {
          // Tickets and attendees: only to owners who may edit the event, judged before rendering (decision 0129).
          const found = change.action === 'deleted' ? undefined : await this.tickets.render(tx, change, this.urls);
          subscriptionIds = this.tickets.audience(wanting, found?.event, change).map((subscription) => subscription.id);
          if (subscriptionIds.length === 0) continue;
          rendered = found?.data;
        } else if (change.action !== 'deleted') {
          rendered = await this.payloads.render(tx, change, this.urls);
        }
        const data = rendered ?? (await this.gone(tx, change));
        const body = JSON.stringify({ type, timestamp: change.changedAt, data });
        messages.push({ type, resource: change.resource, recordId: change.recordId, body, subscriptionIds });
      }
      const oldest = changes[0]?.changedAt;
      return {
        cursor,
        through: changes.at(-1)?.seq ?? Math.max(cursor, prunedThrough),
        messages,
        full: changes.length === FANOUT_BATCH,
        // The cursor must move past a cut, and not lag long enough for pruning to reach it.
        mustMove:
          prunedThrough > cursor || (oldest != null && Date.parse(oldest) < this.clock.now().getTime() - CURSOR_LAG_MS),
        subscribed: true,
      };
    });
    const { subscribed } = plan;
    // Nothing to announce and no full batch behind: the cursor may wait (subscriptions made later
    // hear only later changes anyway), which spares the write path a commit per change.
    if (plan.through === plan.cursor || (plan.messages.length === 0 && !plan.full && !plan.mustMove))
      return { more: false, subscribed };
    const now = this.clock.now().toISOString();
    const more = await this.storage.write(async (tx) => {
      if (!(await this.repository.advanceFanout(tx, plan.cursor, plan.through))) return true;
      for (const message of plan.messages) await this.repository.addMessage(tx, message, now);
      return plan.full;
    });
    return { more, subscribed };
  }

  /** The `data` of a record gone: its id, and what it was linked to as the last message about it showed. */
  private async gone(
    tx: ReadTx,
    change: Pick<RecordChange, 'resource' | 'recordId'>,
  ): Promise<Record<string, unknown>> {
    const last = await this.repository.lastBody(tx, change.resource, change.recordId);
    const lastData = last === undefined ? undefined : (JSON.parse(last) as { data?: Record<string, unknown> }).data;
    return {
      id: change.recordId,
      deleted: true,
      ...(lastData && !lastData.deleted ? { previous: linkedIds(lastData) } : {}),
    };
  }

  private async claim(limit: number): Promise<(ClaimedDelivery & { lease: string })[]> {
    const now = this.clock.now();
    if (!(await this.storage.read((tx) => this.repository.anyDue(tx, now.toISOString())))) return [];
    const lease = new Date(now.getTime() + 2 * this.settings.timeoutMs + LEASE_MARGIN_MS).toISOString();
    return this.storage.write(async (tx) =>
      (await this.repository.claimDue(tx, now.toISOString(), lease, limit)).map((delivery) => ({ ...delivery, lease })),
    );
  }

  /** Standard Webhooks' headers of one attempt: the current secret's signature, and the previous one's during its grace period. */
  private headers(delivery: ClaimedDelivery, timestamp: number): Record<string, string> {
    const messageId = webhookId(delivery.messageId);
    const { secret, previous_secret: previous, previous_secret_until: until } = delivery.subscription;
    const secrets = [
      this.secrets.open(secret),
      ...(previous !== null && until !== null && until > this.clock.now().toISOString()
        ? [this.secrets.open(previous)]
        : []),
    ];
    return {
      'webhook-id': messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': secrets.map((key) => signature(key, messageId, timestamp, delivery.body)).join(' '),
    };
  }

  private async deliver(delivery: ClaimedDelivery & { lease: string }): Promise<void> {
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    let outcome: SendOutcome;
    try {
      outcome = await send(
        new URL(delivery.subscription.url),
        this.headers(delivery, timestamp),
        delivery.body,
        this.receivers,
        this.settings.timeoutMs,
      );
    } catch (error) {
      outcome = { ok: false, status: undefined, error: error instanceof Error ? error.message : String(error) };
    }
    await this.record(delivery, outcome);
  }

  /** Records an attempt: delivered; or failed for good after the last retry; or due again after a growing, jittered wait. */
  private async record(delivery: ClaimedDelivery & { lease: string }, outcome: SendOutcome): Promise<void> {
    const now = this.clock.now();
    const at = now.toISOString();
    const attempts = delivery.attempts + 1;
    const delays = this.settings.retryDelaysMs;
    const finished = outcome.ok || attempts > delays.length;
    const wait = finished ? 0 : delays[attempts - 1]! * (1 - JITTER + Math.random() * 2 * JITTER);
    await this.storage.write(async (tx) => {
      const recorded = await this.repository.recordAttempt(tx, delivery.id, delivery.lease, {
        status: outcome.ok ? 'delivered' : finished ? 'failed' : 'pending',
        attempts,
        last_attempt_at: at,
        last_response_code: outcome.status ?? null,
        last_error: outcome.error ?? null,
        next_attempt_at: finished ? at : new Date(now.getTime() + wait).toISOString(),
        finished_at: finished ? at : null,
      });
      // A lease that expired meanwhile belongs to another node's attempt now: its outcome counts.
      if (!recorded) return;
      // Locked before it is read: an administrator's re-activation committed meanwhile is kept (decision 0087).
      const subscription = await this.repository.lockedSubscription(tx, delivery.subscription.id);
      if (!subscription) return;
      if (outcome.ok) {
        if (subscription.failing_since !== null)
          await this.repository.updateSubscription(tx, subscription.id, { failing_since: null });
        return;
      }
      const failingSince = subscription.failing_since ?? at;
      const disable =
        subscription.active === 1 && now.getTime() - Date.parse(failingSince) >= this.settings.disableAfterMs;
      await this.repository.updateSubscription(tx, subscription.id, {
        failing_since: failingSince,
        ...(disable
          ? {
              active: 0,
              disabled_reason: `every delivery failed since ${failingSince} (last: ${outcome.error ?? 'no answer'})`,
            }
          : {}),
      });
      if (disable) this.log.warn(`webhook subscription ${subscription.id} disabled: failing since ${failingSince}`);
    });
  }

  private async pruneWhenDue(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const before = new Date(now - this.settings.retentionMs).toISOString();
    await this.storage.write((tx) => this.repository.prune(tx, before));
  }
}
