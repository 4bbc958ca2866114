import { Type } from '@sinclair/typebox';
import { CommonQuery, Id, PositiveInteger, WriteQuery } from '../../http/params.ts';
import { EVENT_TYPE_PATTERNS } from './event-types.ts';
import { MAX_GRACE_SECONDS } from './webhooks.service.ts';

const Nullable = <T>(type: string, description: string) => Type.Unsafe<T | null>({ type: [type, 'null'], description });

export const WebhookParams = Type.Object({ id: Id({ description: 'The webhook subscription ID' }) });
export const DeliveryParams = Type.Object({
  id: Id({ description: 'The webhook subscription ID' }),
  delivery: Id({ description: 'The delivery ID' }),
});
export const ReadQuery = Type.Object(CommonQuery);
export { WriteQuery };

const EventTypes = Type.Array(Type.String({ enum: [...EVENT_TYPE_PATTERNS] }), {
  minItems: 1,
  maxItems: EVENT_TYPE_PATTERNS.length,
  description: 'The notifications wanted: `event.created`, `venue.*`, `*`, …',
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'The receiver: an https URL on a public address',
});
const Description = Type.String({ maxLength: 1000, description: 'A note for administrators' });

export const CreateBody = Type.Object({
  url: Url,
  events: EventTypes,
  description: Type.Optional(Description),
  active: Type.Optional(Type.Boolean({ description: 'Whether notifications are sent (default true)' })),
});
export const UpdateBody = Type.Object({
  url: Type.Optional(Url),
  events: Type.Optional(EventTypes),
  description: Type.Optional(Description),
  active: Type.Optional(
    Type.Boolean({ description: 'Whether notifications are sent; true also clears a disabled_reason' }),
  ),
});
export const RotateBody = Type.Object({
  grace_period: PositiveInteger(
    'Seconds during which the previous secret signs too (both signatures are sent); 0 retires it at once',
    {
      minimum: 0,
      maximum: MAX_GRACE_SECONDS,
      default: 86_400,
    },
  ),
});
/** The most deliveries one page shows: the schema's maximum, and the cap the route pages with (decision 0042). */
export const MAX_DELIVERIES_PER_PAGE = 100;
export const DeliveriesQuery = Type.Object({
  ...CommonQuery,
  page: PositiveInteger('The page of deliveries, newest first', { default: 1 }),
  per_page: PositiveInteger('The number of deliveries on each page', { default: 20, maximum: MAX_DELIVERIES_PER_PAGE }),
});

/** A subscription as the API shows it; `secret` only in the answers that made it (creation, rotation). */
export const Subscription = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: Type.String(),
    active: Type.Boolean(),
    disabled_reason: Nullable<string>(
      'string',
      'Why the service disabled the subscription (it kept failing); null otherwise',
    ),
    failing_since: Nullable<string>('string', 'Since when every delivery failed; null when the last one succeeded'),
    previous_secret_expires_at: Nullable<string>('string', 'Until when the secret before the last rotation signs too'),
    created_at: Type.String(),
    updated_at: Type.String(),
    secret: Type.Optional(Type.String({ description: 'The signing secret (whsec_…), shown only when made' })),
  },
  { $id: 'WebhookSubscription' },
);

export const Delivery = Type.Object(
  {
    id: Type.Integer(),
    webhook_id: Type.String({
      description: 'The `webhook-id` header: the same for every attempt and redelivery of a message',
    }),
    type: Type.String(),
    status: Type.String({ enum: ['pending', 'delivered', 'failed'] }),
    attempts: Type.Integer(),
    next_attempt_at: Nullable<string>('string', 'When it is tried next; null once finished'),
    last_attempt_at: Nullable<string>('string', 'When it was last tried'),
    last_response_code: Nullable<number>('integer', 'The HTTP status of the last answer'),
    last_error: Nullable<string>(
      'string',
      'Why the last attempt failed (the start of the answer, or the network error)',
    ),
    created_at: Type.String(),
    finished_at: Nullable<string>('string', 'When it was delivered or given up'),
  },
  { $id: 'WebhookDelivery' },
);

export const Subscriptions = Type.Array(Subscription);
export const DeliveriesEnvelope = Type.Object({
  total: Type.Integer(),
  total_pages: Type.Integer(),
  deliveries: Type.Array(Delivery),
});
