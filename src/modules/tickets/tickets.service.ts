import { can, canOnRecord, type Caller } from '../../auth/roles.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import type { TextFilter } from '../../content/text-filter.ts';
import { ApiError, invalidParam, missingParams } from '../../errors.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type {
  TicketedPost,
  TicketFilter,
  TicketListing,
  TicketScope,
  TicketsRepository,
} from '../../storage/repositories/tickets.repository.ts';
import type { Urls } from '../../urls.ts';
import { placesLeft } from './availability.ts';
import { given, ticketInput, utcParam } from './ticket-input.ts';
import type { TicketView } from './tickets.mapper.ts';
import { TICKET_STATUSES, type TicketBody, type TicketListQueryInput } from './tickets.schemas.ts';

/** Who may edit an event may manage its tickets and see its attendees (decision 0110). */
export function mayEditEvent(caller: Caller | null, event: Pick<TicketedPost, 'author_id' | 'status'>): boolean {
  return (
    caller !== null && canOnRecord(caller, 'edit', 'tribe_event', { authorId: event.author_id, status: event.status })
  );
}

/** The original's "manage access" (the archive's attendee, check-in and capacity filters): who may edit every event. */
export const managesEveryEvent = (caller: Caller | null) => can(caller, 'edit_others_tribe_events');

const eventOfListing = (ticket: TicketListing) => ({ author_id: ticket.event_author_id, status: ticket.event_status });

/** Tickets: the archive, one ticket, and their writes by those who may edit the event (decision 0108). */
export class TicketsService {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly text: TextFilter,
    private readonly clock: Clock,
    private readonly siteZone: string,
  ) {}

  /** How a caller sees tickets: counts of attendees and check-ins only for those who may edit the event. */
  view(urls: Urls, caller: Caller | null, ticket: TicketListing): TicketView {
    return this.viewer(urls, caller)(ticket);
  }

  /** `view` for the tickets of one answer (a page): the time read once for all of them. */
  viewer(urls: Urls, caller: Caller | null): (ticket: TicketListing) => TicketView {
    const now = nowUtc(this.clock);
    return (ticket) => ({ urls, siteZone: this.siteZone, now, manager: mayEditEvent(caller, eventOfListing(ticket)) });
  }

  scopeOf(caller: Caller | null): TicketScope {
    if (managesEveryEvent(caller)) return { kind: 'everything' };
    return caller === null ? { kind: 'published' } : { kind: 'published', alsoAuthor: caller.id };
  }

  async list(
    tx: ReadTx,
    caller: Caller | null,
    input: TicketListQueryInput,
    window: PageWindow,
  ): Promise<{ rows: TicketListing[]; total: number }> {
    const query = {
      ...input,
      status: given(input.status),
      include: given(input.include),
      exclude: given(input.exclude),
      include_post: given(input.include_post),
      exclude_post: given(input.exclude_post),
      provider: given(input.provider),
    };
    const manager = managesEveryEvent(caller);
    const range = (min: number | undefined, max: number | undefined) =>
      manager && (min !== undefined || max !== undefined) ? ([min, max] as const) : undefined;
    const providers = query.provider?.map((provider) => provider.toLowerCase());
    const free =
      providers === undefined || (providers.includes('rsvp') && providers.some((provider) => provider !== 'rsvp'))
        ? undefined
        : providers.includes('rsvp');
    const filter: TicketFilter = {
      scope: this.scopeOf(caller),
      ...(query.status ? { statuses: query.status } : manager ? {} : { statuses: ['publish'] }),
      ...(query.include ? { include: query.include } : {}),
      ...(query.exclude ? { exclude: query.exclude } : {}),
      ...(query.include_post ? { events: query.include_post } : {}),
      ...(query.exclude_post ? { excludeEvents: query.exclude_post } : {}),
      ...(query.search !== undefined ? { search: query.search } : {}),
      ...(query.after !== undefined ? { after: utcParam('after', query.after, this.clock.now()) } : {}),
      ...(query.before !== undefined ? { before: utcParam('before', query.before, this.clock.now()) } : {}),
      ...(free !== undefined ? { free } : {}),
      ...(query.is_available !== undefined
        ? { available: { value: query.is_available, now: nowUtc(this.clock) } }
        : {}),
      ...optional('attendees', range(query.attendees_min, query.attendees_max)),
      ...optional('checkedIn', range(query.checkedin_min, query.checkedin_max)),
      ...optional('capacity', range(query.capacity_min, query.capacity_max)),
      orderBy: query.orderby === 'title' ? 'title' : 'id',
      descending: query.order?.toLowerCase() === 'desc',
    };
    // A page far past the data still gives an OFFSET the database takes (as `pageWindow`'s).
    return this.tickets.list(tx, filter, {
      offset: Math.min((query.offset ?? 0) + window.offset, Number.MAX_SAFE_INTEGER),
      limit: window.perPage,
    });
  }

  /** The tickets among `ids` the caller's archive lists (without filters): a sync page's current records (decision 0129). */
  async listed(tx: ReadTx, caller: Caller | null, ids: readonly number[]): Promise<TicketListing[]> {
    if (ids.length === 0) return [];
    const filter: TicketFilter = {
      scope: this.scopeOf(caller),
      ...(managesEveryEvent(caller) ? {} : { statuses: ['publish'] }),
      include: ids,
      orderBy: 'id',
      descending: false,
    };
    return (await this.tickets.list(tx, filter, { offset: 0, limit: ids.length })).rows;
  }

  /**
   * What the caller's archive could have listed, for sync's tombstones (decision 0029): a journal
   * row's `status_before` is the ticket's, its `author_before` the event's author.
   */
  syncScope(caller: Caller | null): { statuses: string[]; restrictTo?: { authorId: number | null } } {
    return managesEveryEvent(caller)
      ? { statuses: [...TICKET_STATUSES] }
      : { statuses: ['publish'], restrictTo: { authorId: caller?.id ?? null } };
  }

  /** A ticket its reader may see: published with its event, or of an event the caller may edit. */
  async find(tx: ReadTx, caller: Caller | null, id: number): Promise<TicketListing> {
    const ticket = await this.tickets.get(tx, id);
    if (!ticket) throw new ApiError('ticket-not-found');
    const published = ticket.status === 'publish' && ticket.event_status === 'publish';
    if (!published && !mayEditEvent(caller, eventOfListing(ticket)))
      throw new ApiError('ticket-not-accessible', { status: caller ? 403 : 401 });
    return ticket;
  }

  /** A ticket the caller may change: one of an event they may edit. */
  async findEditable(tx: ReadTx, caller: Caller | null, id: number): Promise<TicketListing> {
    const ticket = await this.find(tx, caller, id);
    if (!mayEditEvent(caller, eventOfListing(ticket)))
      throw new ApiError('ticket-not-accessible', { status: caller ? 403 : 401 });
    return ticket;
  }

  async create(tx: WriteTx, caller: Caller, body: TicketBody): Promise<TicketListing> {
    const eventId = body.event ?? body.post_id;
    if (eventId === undefined) throw missingParams(['event']);
    if (body.name === undefined && body.title === undefined) throw missingParams(['name']);
    const event = await this.tickets.eventOf(tx, eventId);
    if (!event || event.type !== 'event') throw new ApiError('ticket_invalid_event', { args: [eventId] });
    if (!mayEditEvent(caller, event)) throw new ApiError('ticket-not-accessible');
    const input = ticketInput(body, undefined, this.clock.now(), this.siteZone);
    await this.setPool(tx, eventId, input.sharedCapacity, input.capacity_mode === 'shared');
    const now = nowUtc(this.clock);
    const row = await this.tickets.create(tx, {
      event_id: eventId,
      author_id: caller.id,
      status: input.status ?? 'publish',
      name: this.text.inline(input.name ?? '', caller),
      description: this.text.content(input.description ?? '', caller),
      capacity_mode: input.capacity_mode ?? 'unlimited',
      capacity: input.capacity ?? null,
      sale_start_utc: input.sale_start_utc ?? null,
      sale_end_utc: input.sale_end_utc ?? null,
      price: input.price ?? '0',
      currency: input.currency ?? 'USD',
      sku: input.sku ?? '',
      attendee_fields: input.attendee_fields ?? '[]',
      buy_url: input.buy_url ?? '',
      waitlist: input.waitlist ?? 0,
      created_utc: now,
      modified_utc: now,
    });
    checkSaleWindow(row);
    await this.tickets.announceEventChanges(tx, [row.event_id]);
    return (await this.tickets.get(tx, row.id))!;
  }

  async update(tx: WriteTx, caller: Caller, ticket: TicketListing, body: TicketBody): Promise<TicketListing> {
    const input = ticketInput(body, ticket, this.clock.now(), this.siteZone);
    const { sharedCapacity, name, description, ...columns } = input;
    await this.setPool(tx, ticket.event_id, sharedCapacity, (input.capacity_mode ?? ticket.capacity_mode) === 'shared');
    await this.tickets.update(tx, ticket.id, {
      ...columns,
      ...(name !== undefined ? { name: this.text.inline(name, caller) } : {}),
      ...(description !== undefined ? { description: this.text.content(description, caller) } : {}),
      modified_utc: nowUtc(this.clock),
    });
    const updated = (await this.tickets.get(tx, ticket.id))!;
    checkSaleWindow(updated);
    // Places already taken stay taken: a capacity below them is refused, not an oversold ticket.
    const left = placesLeft({ ...updated, sold: 0, pool_sold: 0 });
    if (
      left !== null &&
      (left < updated.sold || (updated.capacity_mode === 'shared' && (updated.pool_capacity ?? 0) < updated.pool_sold))
    ) {
      throw new ApiError('ticket_invalid_capacity', { args: [`${updated.sold} places are taken already`] });
    }
    await this.tickets.announceEventChanges(tx, [ticket.event_id, updated.event_id]);
    return updated;
  }

  async remove(tx: WriteTx, ticket: TicketListing): Promise<void> {
    await this.tickets.remove(tx, ticket.id);
    await this.tickets.announceEventChanges(tx, [ticket.event_id]);
  }

  /** Sets the event's pool when given; a shared ticket needs one. */
  private async setPool(tx: WriteTx, eventId: number, capacity: number | undefined, shared: boolean): Promise<void> {
    if (capacity !== undefined) await this.tickets.setPool(tx, eventId, capacity);
    else if (shared && !(await this.tickets.hasPool(tx, eventId)))
      throw new ApiError('ticket_invalid_capacity', { args: ["a shared ticket needs the event's shared_capacity"] });
  }
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

function checkSaleWindow(ticket: {
  readonly sale_start_utc: string | null;
  readonly sale_end_utc: string | null;
}): void {
  if (ticket.sale_start_utc !== null && ticket.sale_end_utc !== null && ticket.sale_end_utc <= ticket.sale_start_utc)
    throw invalidParam('end_date', 'The sale must end after it starts.');
}
