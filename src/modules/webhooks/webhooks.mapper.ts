import type { Static } from '@sinclair/typebox';
import type { DeliveryListing, WebhookSubscriptionRow } from '../../storage/repositories/webhooks.repository.ts';
import { webhookId } from './event-types.ts';
import type { Delivery, Subscription } from './webhooks.schemas.ts';

/** A subscription as the API shows it: never its secrets, except the new one passed in when it was just made. */
export function toSubscription(row: WebhookSubscriptionRow, now: Date, secret?: string): Static<typeof Subscription> {
  const graceUntil =
    row.previous_secret !== null && row.previous_secret_until !== null && row.previous_secret_until > now.toISOString()
      ? row.previous_secret_until
      : null;
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    active: row.active === 1,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    previous_secret_expires_at: graceUntil,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(secret === undefined ? {} : { secret }),
  };
}

export function toDelivery(row: DeliveryListing): Static<typeof Delivery> {
  return {
    id: row.id,
    webhook_id: webhookId(row.message_id),
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    last_attempt_at: row.last_attempt_at,
    last_response_code: row.last_response_code,
    last_error: row.last_error,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}
