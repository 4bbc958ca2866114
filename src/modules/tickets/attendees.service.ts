import type { Static } from '@sinclair/typebox';
import { can, type Caller } from '../../auth/roles.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type {
  AttendeeFilter,
  AttendeeListing,
  AttendeeScope,
  AttendeesRepository,
} from '../../storage/repositories/attendees.repository.ts';
import type { AttendeeStatus } from '../../storage/tables.ts';
import type { AttendeeListQuery } from './attendees.schemas.ts';
import { given, utcParam } from './ticket-input.ts';
import { managesEveryEvent, mayEditEvent } from './tickets.service.ts';

/** The attendee archive's parameters, as validated. */
export type AttendeeQuery = Static<typeof AttendeeListQuery>;

const merged = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  given([...(a ?? []), ...(b ?? [])]);

/**
 * Attendees, for those who may edit their event only (decision 0110): the archive is scoped to the
 * events the caller may edit, a single attendee refused otherwise; check-in and check-out.
 */
export class AttendeesService {
  constructor(
    private readonly attendees: AttendeesRepository,
    private readonly clock: Clock,
  ) {}

  /** Every event's attendees for who may edit every event; an author's own events' otherwise. */
  scopeOf(caller: Caller): AttendeeScope {
    if (managesEveryEvent(caller)) return { kind: 'everything' };
    return { kind: 'author', authorId: caller.id, published: can(caller, 'edit_published_tribe_events') };
  }

  list(
    tx: ReadTx,
    caller: Caller,
    input: AttendeeQuery,
    window: PageWindow,
  ): Promise<{ rows: AttendeeListing[]; total: number }> {
    return this.attendees.list(tx, this.filterOf(caller, input), { offset: window.offset, limit: window.perPage });
  }

  /** The archive's attendees after `afterId`, for an export's batches: the same scope and filters, no page. */
  listAfter(
    tx: ReadTx,
    caller: Caller,
    input: AttendeeQuery,
    afterId: number,
    limit: number,
  ): Promise<AttendeeListing[]> {
    return this.attendees.listAfter(tx, this.filterOf(caller, input), afterId, limit);
  }

  private filterOf(caller: Caller, input: AttendeeQuery): AttendeeFilter {
    const query = {
      ...input,
      exclude_post: given(input.exclude_post),
      exclude_ticket: given(input.exclude_ticket),
      include: given(input.include),
      exclude: given(input.exclude),
      rsvp_going_status: given(input.rsvp_going_status),
    };
    const events = merged(query.post_id, query.include_post);
    const tickets = merged(query.ticket_id, query.include_ticket);
    const filter: AttendeeFilter = {
      scope: this.scopeOf(caller),
      ...(events ? { events } : {}),
      ...(query.exclude_post ? { excludeEvents: query.exclude_post } : {}),
      ...(tickets ? { tickets } : {}),
      ...(query.exclude_ticket ? { excludeTickets: query.exclude_ticket } : {}),
      ...(query.include ? { include: query.include } : {}),
      ...(query.exclude ? { exclude: query.exclude } : {}),
      ...(query.search !== undefined ? { search: query.search } : {}),
      ...(query.after !== undefined ? { after: utcParam('after', query.after, this.clock.now()) } : {}),
      ...(query.before !== undefined ? { before: utcParam('before', query.before, this.clock.now()) } : {}),
      ...(query.checkedin !== undefined ? { checkedIn: query.checkedin } : {}),
      ...(query.order_id !== undefined ? { orderRef: query.order_id } : {}),
      ...(query.rsvp_going_status ? { statuses: query.rsvp_going_status as AttendeeStatus[] } : {}),
    };
    return filter;
  }

  /** An attendee of an event the caller may edit. */
  async find(tx: ReadTx, caller: Caller | null, id: number): Promise<AttendeeListing> {
    const attendee = await this.attendees.get(tx, id);
    if (!attendee) throw new ApiError('attendee-not-found');
    if (!mayEditEvent(caller, { author_id: attendee.event_author_id, status: attendee.event_status }))
      throw new ApiError('attendee-not-accessible', { status: caller ? 403 : 401 });
    return attendee;
  }

  /** Checks the attendee in (or out); a seat not taken (cancelled, not going, waiting) cannot be checked in. */
  async setCheckedIn(tx: WriteTx, attendee: AttendeeListing, checkedIn: boolean): Promise<AttendeeListing> {
    if (checkedIn && attendee.status !== 'going')
      throw new ApiError('attendee-not-accessible', {
        status: 409,
        data: { reason: `the attendee's RSVP is ${attendee.status}` },
      });
    await this.attendees.setCheckedIn(tx, attendee.id, checkedIn, nowUtc(this.clock));
    return (await this.attendees.get(tx, attendee.id))!;
  }

  /** The original's `qr` check-in: the attendee's security code must match. */
  async checkInByCode(tx: WriteTx, caller: Caller | null, id: number, securityCode: string): Promise<AttendeeListing> {
    const attendee = await this.find(tx, caller, id);
    if (attendee.security_code !== securityCode) throw new ApiError('attendee_security_code_mismatch');
    return this.setCheckedIn(tx, attendee, true);
  }
}
