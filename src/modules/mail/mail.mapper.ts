import type { Static } from '@sinclair/typebox';
import type { MailListing } from '../../storage/repositories/mail-outbox.repository.ts';
import type { OutboxMessage } from './mail.schemas.ts';

export function toOutboxMessage(row: MailListing): Static<typeof OutboxMessage> {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    reference: row.reference,
    message_id: row.message_id,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    last_attempt_at: row.last_attempt_at,
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}
