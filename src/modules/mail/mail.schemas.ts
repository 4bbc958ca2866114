import { Type } from '@sinclair/typebox';
import { CommonQuery, Id, PositiveInteger, WriteQuery } from '../../http/params.ts';

const Nullable = <T>(type: string, description: string) => Type.Unsafe<T | null>({ type: [type, 'null'], description });

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'off'] as const;
const Status = Type.Union(
  MAIL_STATUSES.map((status) => Type.Literal(status)),
  {
    description:
      '`pending` (waiting or being retried), `sent` (the SMTP server accepted it), `failed` (given up), `off` (written while e-mail was off: not sent)',
  },
);

export const MailParams = Type.Object({ id: Id({ description: 'The outbox message ID' }) });
export const ReadQuery = Type.Object(CommonQuery);
export { WriteQuery };

/** The most messages one page shows: the schema's maximum, and the cap the route pages with. */
export const MAX_MAIL_PER_PAGE = 100;
export const OutboxQuery = Type.Object({
  ...CommonQuery,
  status: Type.Optional(Status),
  page: PositiveInteger('The page of messages, newest first', { default: 1 }),
  per_page: PositiveInteger('The number of messages on each page', { default: 20, maximum: MAX_MAIL_PER_PAGE }),
});

export const TestBody = Type.Object({
  to: Type.String({ minLength: 3, maxLength: 254, description: 'The address the test message goes to' }),
});

/** An outbox message as the API shows it: who, what and how it went; never its bodies or attachments. */
export const OutboxMessage = Type.Object(
  {
    id: Type.Integer(),
    to: Type.String(),
    subject: Type.String(),
    reference: Type.String({
      description: 'What the message is about, as the module that wrote it names it (`attendee:12`); empty for none',
    }),
    message_id: Type.String({ description: 'The Message-ID header: the same for every attempt' }),
    status: Status,
    attempts: Type.Integer(),
    next_attempt_at: Nullable<string>('string', 'When it is tried next; null unless pending'),
    last_attempt_at: Nullable<string>('string', 'When it was last tried'),
    last_error: Nullable<string>(
      'string',
      "Why the last attempt failed: the SMTP server's answer or the network error",
    ),
    created_at: Type.String(),
    sent_at: Nullable<string>('string', 'When the SMTP server accepted it'),
  },
  { $id: 'OutboxMessage' },
);

export const OutboxEnvelope = Type.Object({
  enabled: Type.Boolean({ description: 'Whether e-mail is on (CALENDAR_SMTP_URL set on the node that answered)' }),
  counts: Type.Object(
    Object.fromEntries(MAIL_STATUSES.map((status) => [status, Type.Integer()])) as Record<
      (typeof MAIL_STATUSES)[number],
      ReturnType<typeof Type.Integer>
    >,
    {
      description: 'How many messages the outbox holds in each status',
    },
  ),
  total: Type.Integer(),
  total_pages: Type.Integer(),
  messages: Type.Array(OutboxMessage),
});
