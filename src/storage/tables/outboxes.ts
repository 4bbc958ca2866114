import type { ColumnType } from 'kysely';
import type { Flag, Id } from './columns.ts';
import type { ChangedResource } from './journal.ts';

/* What leaves the service: webhook subscriptions and deliveries, the e-mail outbox (decisions 0032, 0112). */

/** A webhook subscription (migration 20261125010000; decision 0032); secrets are AES-256-GCM ciphertexts. */
export interface WebhookSubscriptionsTable {
  id: Id;
  url: string;
  /** A JSON array of event types. */
  events: string;
  description: ColumnType<string, string | undefined, string>;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  secret: string;
  previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_until: ColumnType<string | null, string | null | undefined, string | null>;
  failing_since: ColumnType<string | null, string | null | undefined, string | null>;
  /** The journal's last `seq` when the subscription was made: it hears later changes only. */
  after_seq: ColumnType<number, number | undefined, number>;
  /** Who made it (migration 20261129013000): ticket and attendee messages go only to subscriptions whose owner may edit the event (decision 0129). */
  owner_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

/** One notification, as sent to every subscription it was fanned out to. */
export interface WebhookMessagesTable {
  id: Id;
  type: string;
  resource: ChangedResource | null;
  record_id: number | null;
  body: string;
  created_at: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One message to one subscription, with its attempts; ISO-8601 UTC instants. */
export interface WebhookDeliveriesTable {
  id: Id;
  subscription_id: number;
  message_id: number;
  status: WebhookDeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  last_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_response_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The single row (id 1) holding the last journal `seq` fanned out to webhook deliveries. */
export interface WebhookFanoutTable {
  id: number;
  through_seq: number;
}

export type MailStatus = 'pending' | 'sent' | 'failed' | 'off';

/** One e-mail of the outbox (migration 20261128230000; decision 0112); ISO-8601 UTC instants. */
export interface MailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** A JSON array of `{filename, content_type, cid, content}`, the content in base64. */
  attachments: string;
  reference: ColumnType<string, string | undefined, string>;
  message_id: string;
  status: MailStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  last_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
}
