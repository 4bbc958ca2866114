import { SyncEnvelopeFields, syncParams } from '../sync/sync.answers.ts';
import { Type, type Static } from '@sinclair/typebox';
import { TEXT_LENGTHS } from '../../content/text-lengths.ts';
import { CommonQuery, Id, PositiveInteger } from '../../http/params.ts';
import { MAX_ID } from '../../storage/tables.ts';

/** Several JSON types at once, as clients of the original send them. */
const OneOf = <T>(types: string[], extra: Record<string, unknown> = {}) => Type.Unsafe<T>({ type: types, ...extra });
export const AnyObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });

export const TICKET_STATUSES = ['publish', 'draft', 'pending', 'private'] as const;
export const CAPACITY_MODES = ['own', 'shared', 'unlimited'] as const;
export const FIELD_TYPES = ['text', 'choice', 'checkbox'] as const;
/** The most tickets one page shows: the original's maximum. */
export const MAX_TICKETS_PER_PAGE = 100;
/** Places one RSVP may take at once. */
export const MAX_PLACES_PER_RSVP = 100;
/** Attendee fields one ticket may ask for. */
const MAX_ATTENDEE_FIELDS = 50;

export const TicketParams = Type.Object({ id: Id({ description: 'The ticket ID' }) });

const IdList = (description: string) => Type.Optional(Type.Array(Id(), { description, maxItems: 1000 }));
const TextList = (description: string) =>
  Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { description, maxItems: 100 }));
const Count = (description: string) => Type.Optional(Type.Integer({ minimum: 0, description }));

/** The original's archive parameters (Ticket_Archive::READ_args); other parameters are ignored, as WordPress ignores them. */
export const TicketListQuery = Type.Object(
  {
    page: PositiveInteger('The page of results to return', { default: 1 }),
    per_page: PositiveInteger('How many tickets to return per page', { default: 10, maximum: MAX_TICKETS_PER_PAGE }),
    search: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: TEXT_LENGTHS.name,
        description: 'Tickets whose name or description contain this text',
      }),
    ),
    offset: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'Skip this many tickets before the page' }),
    ),
    order: Type.Optional(
      Type.String({ enum: ['ASC', 'DESC', 'asc', 'desc'], description: 'ASC (the default) or DESC' }),
    ),
    orderby: Type.Optional(
      Type.String({
        enum: ['id', 'title', 'include', 'slug'],
        description: 'id (the default) or title; include and slug order by id',
      }),
    ),
    is_available: Type.Optional(
      Type.Boolean({ description: 'Tickets that have (true) or have not (false) places left and are on sale now' }),
    ),
    provider: TextList('Tickets of these providers: rsvp (free) or tickets-commerce (priced)'),
    after: Type.Optional(Type.String({ minLength: 1, description: 'Tickets created on or after this UTC date' })),
    before: Type.Optional(Type.String({ minLength: 1, description: 'Tickets created on or before this UTC date' })),
    include: IdList('Only these ticket IDs'),
    exclude: IdList('Not these ticket IDs'),
    include_post: IdList('Tickets of these events'),
    exclude_post: IdList('Not the tickets of these events'),
    status: TextList('Tickets in these statuses; defaults to publish for those who may not edit every event'),
    attendees_min: Count('Tickets with at least this many attendees (only for those who may edit every event)'),
    attendees_max: Count('Tickets with at most this many attendees (only for those who may edit every event)'),
    checkedin_min: Count(
      'Tickets with at least this many checked-in attendees (only for those who may edit every event)',
    ),
    checkedin_max: Count(
      'Tickets with at most this many checked-in attendees (only for those who may edit every event)',
    ),
    capacity_min: Count('Tickets with at least this capacity (only for those who may edit every event)'),
    capacity_max: Count('Tickets with at most this capacity (only for those who may edit every event)'),
    // Ours (decision 0129): the tickets' changes since a token, as the events archive's.
    sync_token: syncParams('tickets').sync_token,
    ...CommonQuery,
  },
  { additionalProperties: true },
);
export type TicketListQueryInput = Static<typeof TicketListQuery>;
export const TicketReadQuery = Type.Object(CommonQuery, { additionalProperties: true });

const AttendeeField = Type.Object({
  label: Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.name }),
  type: Type.String({ enum: [...FIELD_TYPES] }),
  options: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.name }), {
      maxItems: 100,
      description: 'The choices of a `choice` field',
    }),
  ),
  required: Type.Optional(Type.Boolean({ default: false })),
});
export type AttendeeFieldInput = Static<typeof AttendeeField>;

/**
 * A ticket's writable fields under the original's names and the MCP server's (decision 0108):
 * `name`/`title`, `description`/`content`/`excerpt`, `event`/`post_id`, `capacity`/`stock`,
 * `start_date`/`available_from` and `end_date`/`available_until` (the site's wall clock).
 */
const ticketFields = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.name, description: 'The ticket name' })),
  title: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: TEXT_LENGTHS.name,
      description: 'The ticket name (the MCP server sends it so)',
    }),
  ),
  description: Type.Optional(Type.String({ maxLength: TEXT_LENGTHS.body, description: 'The ticket description' })),
  content: Type.Optional(
    Type.String({ maxLength: TEXT_LENGTHS.body, description: 'The ticket description (the MCP server sends it so)' }),
  ),
  excerpt: Type.Optional(
    Type.String({ maxLength: TEXT_LENGTHS.body, description: 'The ticket description, when no other is given' }),
  ),
  status: Type.Optional(
    Type.String({ enum: [...TICKET_STATUSES], description: 'The ticket status (publish by default)' }),
  ),
  price: Type.Optional(
    OneOf<string | number>(['string', 'number'], {
      maxLength: 40,
      description: 'The price: a number ≥ 0, or text holding one ("$25.00"); 0 or "Free" is a free RSVP',
    }),
  ),
  currency: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{3}$', description: 'The ISO 4217 currency code (USD by default)' }),
  ),
  sku: Type.Optional(Type.String({ maxLength: TEXT_LENGTHS.name, description: 'The stock keeping unit' })),
  capacity_mode: Type.Optional(
    Type.String({
      enum: [...CAPACITY_MODES],
      description:
        "own (the default when a capacity is given), shared with the event's other shared tickets, or unlimited (the default otherwise)",
    }),
  ),
  capacity: Type.Optional(
    Type.Integer({ description: "The ticket's places (own), or its cap within the shared pool; never negative" }),
  ),
  stock: Type.Optional(
    Type.Integer({ description: "The ticket's places when no capacity is given (the MCP server sends it so)" }),
  ),
  shared_capacity: Type.Optional(
    Type.Integer({ description: "The places the event's shared tickets draw on together; sets the event's pool" }),
  ),
  start_date: Type.Optional(
    Type.String({ minLength: 1, description: "When the sale starts (Y-m-d H:i:s, the site's time zone)" }),
  ),
  end_date: Type.Optional(
    Type.String({ minLength: 1, description: "When the sale ends (Y-m-d H:i:s, the site's time zone)" }),
  ),
  available_from: Type.Optional(
    Type.String({ minLength: 1, description: "When the sale starts (the original's name)" }),
  ),
  available_until: Type.Optional(
    Type.String({ minLength: 1, description: "When the sale ends (the original's name)" }),
  ),
  attendee_fields: Type.Optional(
    Type.Array(AttendeeField, { maxItems: MAX_ATTENDEE_FIELDS, description: 'What each attendee is asked' }),
  ),
  buy_url: Type.Optional(
    Type.String({
      maxLength: TEXT_LENGTHS.url,
      description:
        'Where a priced ticket is bought elsewhere (http or https; empty for none): the event page links to it, as no payment is taken here',
    }),
  ),
  waitlist: Type.Optional(
    Type.Boolean({
      description: 'When full, visitors may join a waitlist, promoted in order as places are freed (decision 0126)',
    }),
  ),
};
export const TicketCreateBody = Type.Object(
  {
    ...ticketFields,
    event: Type.Optional(Id({ description: 'The event the ticket is for' })),
    post_id: Type.Optional(Id({ description: "The event the ticket is for (the original's name)" })),
  },
  { additionalProperties: true },
);
export const TicketUpdateBody = Type.Object(ticketFields, { additionalProperties: true });
export type TicketBody = Static<typeof TicketUpdateBody> & { readonly event?: number; readonly post_id?: number };

const DateDetails = AnyObject;
const AvailabilityRecord = Type.Object({
  status: Type.String({ enum: ['available', 'sold_out', 'unavailable'] }),
  available: Type.Integer({ description: 'Places left; -1 when unlimited' }),
  sold: Type.Integer(),
  pending: Type.Integer({ description: 'Always 0: no payments are taken here' }),
});

/**
 * A ticket as the original's REST v1 shapes it (Post_Repository::get_ticket_data), with the
 * fields the MCP server's schema reads beside them (decision 0108).
 */
export const TicketRecord = Type.Object(
  {
    id: Type.Integer(),
    post_id: Type.Integer({ description: 'The event' }),
    event: Type.Integer({ description: "The event (the MCP server's name)" }),
    global_id: Type.String(),
    global_id_lineage: Type.Array(Type.String()),
    author: Type.String(),
    status: Type.String({ description: 'The ticket status; trash while its event is in the trash' }),
    date: Type.String(),
    date_utc: Type.String(),
    date_gmt: Type.String(),
    modified: Type.String(),
    modified_utc: Type.String(),
    modified_gmt: Type.String(),
    rest_url: Type.String(),
    provider: Type.String({ enum: ['rsvp', 'tickets-commerce'] }),
    type: Type.String({ enum: ['tribe_rsvp_tickets', 'tec_tc_ticket'] }),
    rsvp: Type.Boolean({ description: 'A free RSVP' }),
    title: Type.String(),
    description: Type.String(),
    image: Type.Boolean(),
    available_from: Type.String(),
    available_from_details: Type.Union([DateDetails, Type.Boolean()]),
    available_until: Type.String(),
    available_until_details: Type.Union([DateDetails, Type.Boolean()]),
    capacity: Type.Integer({ description: 'Places; -1 when unlimited' }),
    capacity_details: AnyObject,
    capacity_mode: Type.String({ enum: [...CAPACITY_MODES] }),
    stock: Type.Integer({ description: 'Places left; -1 when unlimited' }),
    availability: AvailabilityRecord,
    is_available: Type.Boolean(),
    cost: Type.String(),
    cost_details: AnyObject,
    price: Type.String(),
    currency: Type.String(),
    sku: Type.String(),
    supports_attendee_information: Type.Boolean(),
    attendee_fields: Type.Array(AttendeeField),
    buy_url: Type.String({ description: 'Where a priced ticket is bought elsewhere; empty for none' }),
    waitlist: Type.Boolean({ description: 'Whether a full ticket takes names on a waitlist (decision 0126)' }),
    rsvp_details: Type.Optional(
      Type.Object(
        { rsvp_going: Type.Integer(), rsvp_not_going: Type.Integer() },
        { description: 'Only for those who may edit the event' },
      ),
    ),
    checkin: Type.Optional(AnyObject),
  },
  { $id: 'Ticket' },
);
export type TicketWire = Static<typeof TicketRecord>;

export const TicketsEnvelope = Type.Object(
  {
    rest_url: Type.String(),
    total: Type.Integer(),
    total_pages: Type.Integer(),
    tickets: Type.Array(TicketRecord),
    ...SyncEnvelopeFields,
  },
  { $id: 'TicketArchive' },
);

export const DeletedTicket = Type.Object({ deleted: Type.Boolean(), previous: TicketRecord });

export const RsvpBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.name, description: 'Who is coming' }),
  email: Type.String({ minLength: 3, maxLength: 254, description: 'Their e-mail address' }),
  quantity: PositiveInteger('How many places', { default: 1, maximum: MAX_PLACES_PER_RSVP }),
  going: Type.Optional(
    Type.Boolean({ default: true, description: 'false records a "not going" answer, which takes no place' }),
  ),
  waitlist: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'When the ticket keeps a waitlist and not enough places are left, join it instead of a 409 (decision 0126)',
    }),
  ),
  answers: Type.Optional(
    Type.Record(
      Type.String({ maxLength: TEXT_LENGTHS.name }),
      OneOf<string | boolean>(['string', 'boolean'], { maxLength: TEXT_LENGTHS.detail }),
      { description: 'Attendee field label → answer' },
    ),
  ),
});
export type RsvpInput = Static<typeof RsvpBody>;

export const RsvpAnswer = Type.Object({
  order: Type.String({ description: "The RSVP's reference, shared by its places" }),
  ticket_id: Type.Integer(),
  status: Type.String(),
  quantity: Type.Integer(),
  attendees: Type.Array(
    Type.Object({ id: Type.Integer(), security_code: Type.String({ description: "What the door's QR code carries" }) }),
  ),
  availability: AvailabilityRecord,
  manage_url: Type.String({
    description:
      'The signed, expiring page where the visitor changes or cancels this RSVP without an account (decision 0125)',
  }),
});
