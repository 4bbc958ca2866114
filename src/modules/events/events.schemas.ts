import { Type, type Static } from '@sinclair/typebox';
import { CommonQuery, Id, PositiveInteger } from '../../http/params.ts';
import { TEXT_LENGTHS } from '../../content/text-lengths.ts';
import { MAX_ID } from '../../storage/tables.ts';
import { SETTABLE_STATUSES } from '../posts/post-rules.ts';
import { LanguageWireFields, PostWireFields } from '../posts/post-schemas.ts';
import { SyncEnvelopeFields, syncParams } from '../sync/sync.answers.ts';
import { ARCHIVE_ORDER_BY, type ArchiveOrderBy } from '../../storage/repositories/archive-order.ts';

/** Several JSON types at once: `null` clears, ids come as numbers or strings, lists as CSV too. */
const OneOf = <T>(types: string[], extra: Record<string, unknown> = {}) => Type.Unsafe<T>({ type: types, ...extra });
const AnyObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
const AnyValue = <T>(description: string) => Type.Unsafe<T>({ description });

export type DateInput = string | number;
/** A term, venue or organizer reference list as clients send it (wire-format 5.1.2, 5.1.3). */
export type References = unknown;

const dateInput = (description: string) => OneOf<DateInput>(['string', 'integer'], { description });
const flag = (description: string) => Type.Optional(Type.Boolean({ description }));

const eventFields = {
  title: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.name, description: 'The event title' })),
  description: Type.Optional(
    OneOf<string | null>(['string', 'null'], { maxLength: TEXT_LENGTHS.body, description: 'The event description' }),
  ),
  excerpt: Type.Optional(
    OneOf<string | null>(['string', 'null'], { maxLength: TEXT_LENGTHS.body, description: 'The event excerpt' }),
  ),
  slug: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.slug, description: 'The event slug' })),
  status: Type.Optional(
    Type.Unsafe<(typeof SETTABLE_STATUSES)[number]>({
      type: 'string',
      enum: [...SETTABLE_STATUSES],
      description: 'The event post status',
    }),
  ),
  author: Type.Optional(Id({ description: 'The event author ID' })),
  date: Type.Optional(dateInput('The event publication date')),
  date_utc: Type.Optional(dateInput('The event publication date, in UTC')),
  timezone: Type.Optional(
    OneOf<string | null>(['string', 'null'], {
      description: 'The event time zone: an IANA name or a UTC offset such as UTC+2',
    }),
  ),
  all_day: flag('Whether the event lasts the whole day'),
  start_date: Type.Optional(dateInput('The event start date and time')),
  end_date: Type.Optional(dateInput('The event end date and time')),
  image: Type.Optional(
    OneOf<string | number | null>(['string', 'integer', 'null'], {
      maxLength: TEXT_LENGTHS.url,
      description: 'The event featured image ID or URL',
    }),
  ),
  cost: Type.Optional(
    OneOf<string | number | (string | number)[] | null>(['string', 'number', 'array', 'null'], {
      maxLength: TEXT_LENGTHS.detail,
      items: { type: ['string', 'number'], maxLength: TEXT_LENGTHS.detail },
      description: 'The event cost, or a list of amounts stored as their range ("10 - 25")',
    }),
  ),
  website: Type.Optional(
    OneOf<string | null>(['string', 'null'], { maxLength: TEXT_LENGTHS.url, description: 'The event website URL' }),
  ),
  show_map: flag('Whether the event shows a map'),
  show_map_link: flag('Whether the event shows a map link'),
  hide_from_listings: flag('Whether the event is hidden from the event listings'),
  sticky: flag('Whether the event is sticky in the calendar view'),
  featured: flag('Whether the event is featured'),
  categories: Type.Optional(
    AnyValue<References>('The event categories: IDs, slugs or names, as a list or a comma-separated string'),
  ),
  tags: Type.Optional(
    AnyValue<References>('The event tags: IDs, slugs or names, as a list or a comma-separated string'),
  ),
  venue: Type.Optional(
    AnyValue<References>('The event venue: an ID, an object with an ID, venue data, or a list of these'),
  ),
  organizer: Type.Optional(
    AnyValue<References>('The event organizers: IDs, objects with an ID, organizer data, or a list of these'),
  ),
  custom_fields: Type.Optional(
    OneOf<Record<string, unknown> | unknown[] | null>(['object', 'array', 'null'], {
      additionalProperties: true,
      description:
        'The event custom fields (additive; decision 0036): { "<key>": { label, value } } for at most 50 keys of letters, digits, "_" or "-"; replaces the whole set; null, {} or [] removes them',
    }),
  ),
  post_password: Type.Optional(
    OneOf<string | null>(['string', 'null'], {
      maxLength: TEXT_LENGTHS.password,
      description: 'A password protecting the event (additive)',
    }),
  ),
  post_parent: Type.Optional(
    OneOf<number | null>(['integer', 'null'], {
      minimum: 0,
      maximum: MAX_ID,
      description: 'The ID of the parent event (additive)',
    }),
  ),
  // Checked by readRecurrence (recurrence.ts), which names what is wrong in the 400.
  recurrence: Type.Optional(
    OneOf<Record<string, unknown> | null>(['object', 'null'], {
      additionalProperties: true,
      description:
        'Makes the event a series (additive; decision 0025): { rrule: RFC 5545 RRULE text or a list of them, rdates: extra and exdates: excluded local "YYYY-MM-DD HH:MM:SS" starts in the event\'s time zone }; null or {} removes it',
    }),
  ),
};

export const UpdateBody = Type.Object({
  ...eventFields,
  scope: Type.Optional(
    Type.Unsafe<'this' | 'following' | 'all'>({
      type: 'string',
      enum: ['this', 'following', 'all'],
      description:
        'For an occurrence of a series: change this one only (the default for an occurrence id), this and the following ones, or the whole series (the default for the series id); additive',
    }),
  ),
  password: Type.Optional(Type.String({ description: 'The event password, to unlock a protected event' })),
});
/** The same fields, with the three the original requires. */
export const CreateBody = Type.Object({
  ...eventFields,
  title: Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.name, description: 'The event title' }),
  start_date: dateInput('The event start date and time'),
  end_date: dateInput('The event end date and time'),
});

export type EventInput = Static<typeof UpdateBody>;
export type EventCreateInput = Static<typeof CreateBody>;

const EditContext = {
  context: Type.Optional(
    Type.Unsafe<'view' | 'edit' | 'embed'>({
      type: 'string',
      enum: ['view', 'edit', 'embed'],
      description:
        'edit: show protected details, and the password itself (post_password), to those who may edit the event',
    }),
  ),
};
const PasswordQuery = {
  password: Type.Optional(Type.String({ description: 'The event password' })),
  ...EditContext,
};

const listDate = (description: string) => Type.Optional(dateInput(description));

export const ListQuery = Type.Object({
  page: PositiveInteger('The archive page to return', { default: 1 }),
  per_page: PositiveInteger('The number of events to return on each page', { default: 10 }),
  start_date: listDate('Events that start on or after this date'),
  end_date: listDate('Events that end on or before this date'),
  starts_before: listDate('Events that start before this date'),
  starts_after: listDate('Events that start after this date'),
  ends_before: listDate('Events that end before this date'),
  ends_after: listDate('Events that end after this date'),
  strict_dates: Type.String({
    minLength: 1,
    default: 'false',
    description: 'When true, the given times apply exactly; otherwise the dates cover whole days',
  }),
  search: Type.Optional(
    Type.String({ minLength: 1, description: 'Events whose title or description contains these words' }),
  ),
  categories: Type.Optional(
    Type.Array(Type.String({ minLength: 1 }), {
      description: 'Events in any of these categories (IDs or slugs), sub-categories included',
    }),
  ),
  tags: Type.Optional(
    Type.Array(Type.String({ minLength: 1 }), { description: 'Events with any of these tags (IDs or slugs)' }),
  ),
  venue: Type.Optional(Type.Array(Id(), { description: 'Events at any of these venues' })),
  organizer: Type.Optional(Type.Array(Id(), { description: 'Events by any of these organizers' })),
  featured: Type.Optional(Type.Boolean({ description: 'Only featured (true) or only non-featured (false) events' })),
  status: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: 'The event post status' })),
  geoloc: Type.Optional(Type.Boolean({ description: 'Events whose venue has (true) or lacks (false) coordinates' })),
  geoloc_lat: Type.Optional(
    Type.Number({
      minimum: -90,
      maximum: 90,
      description: 'Latitude of the point to search around; geoloc_lng is needed too',
    }),
  ),
  geoloc_lng: Type.Optional(
    Type.Number({
      minimum: -180,
      maximum: 180,
      description: 'Longitude of the point to search around; geoloc_lat is needed too',
    }),
  ),
  geoloc_radius: Type.Number({
    exclusiveMinimum: 0,
    maximum: 20000,
    default: 25,
    description: 'Radius in km around geoloc_lat/geoloc_lng (additive)',
  }),
  include: Type.Optional(Type.Array(Id(), { description: 'Only these event IDs; date filters are ignored' })),
  post_parent: Type.Optional(Id({ description: 'Events whose parent is this event' })),
  series: Type.Optional(
    Id({
      description:
        'The occurrences of this series (the id of its first event), its detached exceptions included (additive; decision 0060)',
    }),
  ),
  ticketed: Type.Optional(
    Type.Boolean({ description: 'Events with a published ticket (true) or without one (false)' }),
  ),
  orderby: Type.Optional(
    Type.Unsafe<ArchiveOrderBy>({
      type: 'string',
      enum: [...ARCHIVE_ORDER_BY],
      description:
        "The order of the events (additive; decision 0073; not read under tribe/events/v1): event_date (the default: local start), title (as shown in the request's language, case-insensitive) or modified; ties by local start, then ID",
    }),
  ),
  order: Type.Optional(
    Type.Unsafe<'asc' | 'desc'>({
      type: 'string',
      enum: ['asc', 'desc'],
      description: 'asc (the default) or desc, for orderby (additive; not read under tribe/events/v1)',
    }),
  ),
  ...syncParams('events'),
  ...PasswordQuery,
  ...CommonQuery,
});
export type EventListQuery = Static<typeof ListQuery>;
/**
 * The status tabs' query (decision 0103): the archive's selection (dates, search, terms, venues...)
 * without what pages, orders or picks the statuses, which the counts go through.
 */
export const CountsQuery = Type.Omit(ListQuery, [
  'page',
  'per_page',
  'status',
  'orderby',
  'order',
  'sync_token',
  'password',
  'context',
]);
export type EventCountsQuery = Static<typeof CountsQuery>;
/** The query parameters the archive reads under this service's namespace only (decision 0073). */
export const OWN_LIST_QUERY = ['orderby', 'order'] as const;

export const ReadQuery = Type.Object({ ...PasswordQuery, ...CommonQuery });
export const DeleteQuery = Type.Object({
  ...PasswordQuery,
  force: Type.Boolean({
    default: false,
    description: 'Remove the event permanently instead of moving it to the trash (additive)',
  }),
  ...CommonQuery,
});
/** The query of writes: every body field may also come from it (wire-format 5.5); `context=edit` shows the written event's password. */
export const WriteQuery = Type.Object({ ...CommonQuery, ...EditContext }, { additionalProperties: true });

export const IdParams = Type.Object({ id: Id({ minimum: 0, description: 'the event post ID' }) });
export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, description: 'the event post name' }) });

const DateDetails = Type.Object({
  year: Type.String(),
  month: Type.String(),
  day: Type.String(),
  hour: Type.String(),
  minutes: Type.String(),
  seconds: Type.String(),
});
const text = Type.String();
const nullableFlag = OneOf<boolean | null>(['boolean', 'null']);
const list = Type.Array(AnyObject);

/** A series' rules on the wire (decision 0025): local times in the event's zone. */
export const RecurrenceRecord = Type.Object(
  {
    rrule: Type.Unsafe<string | string[]>({
      type: ['string', 'array'],
      items: { type: 'string' },
      description: 'The RFC 5545 RRULE, or several',
    }),
    rdates: Type.Array(Type.String(), { description: 'Extra local starts' }),
    exdates: Type.Array(Type.String(), { description: 'Excluded local starts' }),
  },
  { $id: 'EventRecurrence' },
);

// Wire order (wire-format 2.1). Every key is always present but `json_ld` (single reads of
// unprotected events); the serializer keeps this order whatever is required (app.ts).
// `$id`: named components of the OpenAPI document, referenced wherever they are used (decision 0007).
export const EventRecord = Type.Object(
  {
    id: Type.Integer(),
    global_id: text,
    global_id_lineage: Type.Array(Type.String()),
    ...PostWireFields,
    rest_url: text,
    title: text,
    description: text,
    excerpt: text,
    slug: text,
    image: Type.Unsafe<Record<string, unknown> | false>({ type: ['object', 'boolean'], additionalProperties: true }),
    all_day: nullableFlag,
    start_date: text,
    start_date_details: DateDetails,
    end_date: text,
    end_date_details: DateDetails,
    utc_start_date: text,
    utc_start_date_details: DateDetails,
    utc_end_date: text,
    utc_end_date_details: DateDetails,
    timezone: text,
    timezone_abbr: text,
    cost: text,
    cost_details: AnyObject,
    website: text,
    show_map: nullableFlag,
    show_map_link: nullableFlag,
    hide_from_listings: nullableFlag,
    sticky: nullableFlag,
    featured: nullableFlag,
    categories: list,
    tags: list,
    venue: Type.Unsafe<Record<string, unknown> | Record<string, unknown>[]>({
      type: ['object', 'array'],
      additionalProperties: true,
    }),
    organizer: list,
    custom_fields: Type.Unsafe<unknown[] | Record<string, unknown>>({
      type: ['object', 'array'],
      additionalProperties: true,
    }),
    // Event Tickets' flag, only on an event with published tickets (decision 0119).
    ticketed: Type.Optional(
      Type.Array(Type.String(), {
        description: "The providers of the event's published tickets (rsvp, tickets-commerce); absent when it has none",
      }),
    ),
    // Only on occurrences of a series (additive; decision 0025).
    series_id: Type.Optional(
      Type.Integer({ description: 'The series the occurrence belongs to: the id of its first event' }),
    ),
    recurrence: Type.Optional(RecurrenceRecord),
    // As WordPress' `password`, under the name it is written by (additive; decision 0079).
    post_password: Type.Optional(
      Type.String({
        description:
          'The event password, "" when it has none: only with context=edit, to a caller who may edit the event',
      }),
    ),
    json_ld: Type.Optional(AnyObject),
    ...LanguageWireFields,
  },
  { $id: 'Event' },
);
export type EventWire = Static<typeof EventRecord>;

export const Envelope = Type.Object(
  {
    events: Type.Array(EventRecord),
    rest_url: Type.String(),
    next_rest_url: Type.Optional(Type.String()),
    previous_rest_url: Type.Optional(Type.String()),
    total: Type.Integer(),
    total_pages: Type.Integer(),
    ...SyncEnvelopeFields,
  },
  { $id: 'EventArchive' },
);
