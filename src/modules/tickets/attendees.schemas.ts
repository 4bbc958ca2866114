import { Type } from '@sinclair/typebox';
import { TEXT_LENGTHS } from '../../content/text-lengths.ts';
import { CommonQuery, Id, PositiveInteger } from '../../http/params.ts';
import { AnyObject } from './tickets.schemas.ts';

/** The most attendees one page shows. */
export const MAX_ATTENDEES_PER_PAGE = 100;
export const ATTENDEE_STATUSES = ['going', 'not-going', 'cancelled', 'waitlisted'] as const;

export const AttendeeParams = Type.Object({ id: Id({ description: 'The attendee ID' }) });
export const AttendeeReadQuery = Type.Object(CommonQuery, { additionalProperties: true });

const IdList = (description: string) => Type.Optional(Type.Array(Id(), { description, maxItems: 1000 }));

/** The original's attendee archive parameters (Attendee_Archive), the RSVP's statuses under our own name. */
export const AttendeeListQuery = Type.Object(
  {
    page: PositiveInteger('The page of results to return', { default: 1 }),
    per_page: PositiveInteger('How many attendees to return per page', {
      default: 10,
      maximum: MAX_ATTENDEES_PER_PAGE,
    }),
    search: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: TEXT_LENGTHS.name,
        description: 'Attendees whose name or e-mail contain this text',
      }),
    ),
    post_id: IdList('Attendees of these events'),
    include_post: IdList('Attendees of these events'),
    exclude_post: IdList('Not the attendees of these events'),
    ticket_id: IdList('Attendees of these tickets'),
    include_ticket: IdList('Attendees of these tickets'),
    exclude_ticket: IdList('Not the attendees of these tickets'),
    include: IdList('Only these attendee IDs'),
    exclude: IdList('Not these attendee IDs'),
    after: Type.Optional(Type.String({ minLength: 1, description: 'Attendees created on or after this UTC date' })),
    before: Type.Optional(Type.String({ minLength: 1, description: 'Attendees created on or before this UTC date' })),
    checkedin: Type.Optional(Type.Boolean({ description: 'Checked-in (true) or not (false) attendees' })),
    order_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'The seats of one RSVP' })),
    rsvp_going_status: Type.Optional(
      Type.Array(Type.String({ enum: [...ATTENDEE_STATUSES] }), {
        description: 'Attendees in these RSVP statuses (going, not-going, cancelled, waitlisted)',
      }),
    ),
    ...CommonQuery,
  },
  { additionalProperties: true },
);

const Nullable = <T>(type: string, description: string) => Type.Unsafe<T | null>({ type: [type, 'null'], description });

/** An attendee as the original's REST v1 shapes it for those who may edit the event (Post_Repository::build_attendee_data). */
export const AttendeeRecord = Type.Object(
  {
    id: Type.Integer(),
    post_id: Type.Integer(),
    ticket_id: Type.Integer(),
    global_id: Type.String(),
    global_id_lineage: Type.Array(Type.String()),
    author: Type.String(),
    status: Type.String({ description: "publish: the attendee post's status in the original" }),
    date: Type.String(),
    date_utc: Type.String(),
    modified: Type.String(),
    modified_utc: Type.String(),
    rest_url: Type.String(),
    ticket: AnyObject,
    title: Type.String({ description: "The attendee's name" }),
    optout: Type.Boolean(),
    provider: Type.String(),
    order: Type.String(),
    sku: Type.String(),
    email: Type.String(),
    checked_in: Type.Boolean(),
    checkin_details: Type.Union([AnyObject, Type.Boolean()]),
    is_subscribed: Type.Boolean(),
    is_purchaser: Type.Boolean(),
    rsvp_going: Type.Boolean(),
    rsvp_status: Type.String({ enum: [...ATTENDEE_STATUSES] }),
    answers: AnyObject,
    security_code: Type.String({ description: "What the door's QR code carries" }),
    checked_in_at: Nullable<string>('string', 'When the attendee was checked in (UTC)'),
  },
  { $id: 'Attendee' },
);

export const AttendeesEnvelope = Type.Object(
  {
    rest_url: Type.String(),
    total: Type.Integer(),
    total_pages: Type.Integer(),
    attendees: Type.Array(AttendeeRecord),
  },
  { $id: 'AttendeeArchive' },
);

/** The original's `qr` check-in: the attendee (`ticket_id`, as it names it) and its security code. */
export const QrBody = Type.Object(
  {
    ticket_id: Id({ description: 'The attendee ID (the original calls it ticket_id)' }),
    security_code: Type.String({
      minLength: 1,
      maxLength: 64,
      description: "The attendee's security code, from the QR code",
    }),
    api_key: Type.Optional(
      Type.String({ description: 'Ignored: the caller authenticates as a user who may edit the event' }),
    ),
  },
  { additionalProperties: true },
);

export const QrAnswer = Type.Object({ msg: Type.String(), attendee: AttendeeRecord });
