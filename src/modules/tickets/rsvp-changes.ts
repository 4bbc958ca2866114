import { randomBytes } from 'node:crypto';
import { nowUtc, type Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { AttendeeListing, AttendeesRepository } from '../../storage/repositories/attendees.repository.ts';
import type { TicketListing, TicketsRepository } from '../../storage/repositories/tickets.repository.ts';
import type { AttendeeRow, AttendeeStatus } from '../../storage/tables.ts';
import type { Urls } from '../../urls.ts';
import type { EventsService } from '../events/events.service.ts';
import { eventData, plainText } from '../ical/calendar-writer.ts';
import { placesLeft } from './availability.ts';
import type { RsvpLinks } from './rsvp-links.ts';
import type { RsvpMail } from './rsvp-mail.ts';
import { checkedAnswers } from './rsvp.service.ts';
import type { AttendeeFieldInput } from './tickets.schemas.ts';

/*
 * An RSVP changed or cancelled by its visitor through the signed link of its confirmation
 * (decision 0125), and the waitlist's promotion when places are freed (decision 0126). Every
 * change runs under the lock that keeps the ticket from being oversold (decision 0109): the
 * ticket's row, or the event's for a shared ticket, taken before the places are counted.
 */

/** An RSVP as its page shows it: the order's seats that count, its state, its ticket and event. */
export interface RsvpState {
  readonly order: string;
  /** The seats not cancelled, first seat first (none once cancelled). */
  readonly seats: readonly AttendeeRow[];
  /** The order's state: its seats' status, or 'cancelled' when none is left. */
  readonly status: AttendeeStatus;
  readonly name: string;
  readonly email: string;
  readonly answers: Readonly<Record<string, string | boolean>>;
  readonly ticket: TicketListing;
  readonly fields: readonly AttendeeFieldInput[];
  /** Places left on the ticket now; null when unlimited. */
  readonly left: number | null;
  readonly event: { readonly title: string; readonly url: string };
  /** Orders promoted from the waitlist by this change, if any. */
  readonly promoted: number;
}

/** A change the visitor asks for: how many places, and the answers to the ticket's fields. */
export interface RsvpChange {
  readonly quantity: number;
  readonly answers: Readonly<Record<string, string | boolean>>;
}

export class RsvpChanges {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly attendees: AttendeesRepository,
    private readonly events: Pick<EventsService, 'getUnchecked' | 'entitled'>,
    private readonly mail: Pick<RsvpMail, 'send'>,
    private readonly links: RsvpLinks,
    private readonly clock: Clock,
    private readonly language: LanguageCode,
  ) {}

  /** The order a token names: 403 when it was changed or not made here, 410 once expired. */
  order(token: string): string {
    const opened = this.links.open(token, Math.floor(this.clock.now().getTime() / 1000));
    if ('refused' in opened)
      throw new ApiError(opened.refused === 'expired' ? 'rsvp_link_expired' : 'rsvp_link_invalid');
    return opened.order;
  }

  async get(tx: ReadTx, token: string, urls: Urls): Promise<RsvpState> {
    return this.state(tx, this.order(token), urls, 0);
  }

  /**
   * Sets how many places the RSVP holds and its answers. More places are taken only from those
   * left (409 otherwise, nothing written); fewer cancel the order's last seats (its first, whose QR
   * code the confirmation carries, stays), and the places freed go to the waitlist. A waitlisted
   * RSVP stays on the waitlist with its new count; a "not going" answer keeps its one seat.
   */
  async update(tx: WriteTx, token: string, change: RsvpChange, urls: Urls): Promise<RsvpState> {
    const order = this.order(token);
    const { ticket, live } = await this.locked(tx, order);
    const answers = checkedAnswers(JSON.parse(ticket.attendee_fields) as AttendeeFieldInput[], change.answers);
    const now = nowUtc(this.clock);
    await this.attendees.setAnswers(tx, order, JSON.stringify(answers), now);
    const status = live[0]!.status;
    const wanted = status === 'not-going' ? 1 : change.quantity;
    let promoted = 0;
    if (wanted > live.length) {
      const more = wanted - live.length;
      const left = placesLeft(ticket);
      if (status === 'going' && left !== null && more > left)
        throw new ApiError('ticket-capacity-not-available', {
          args: [ticket.name, left + live.length],
          data: { available: left + live.length },
        });
      const first = live[0]!;
      await this.attendees.createSeats(
        tx,
        Array.from({ length: more }, () => ({
          ticket_id: ticket.id,
          event_id: ticket.event_id,
          name: first.name,
          email: first.email,
          answers: JSON.stringify(answers),
          status,
          security_code: randomBytes(8).toString('hex'),
          order_ref: order,
          created_utc: now,
          modified_utc: now,
        })),
      );
    } else if (wanted < live.length) {
      await this.attendees.setStatus(
        tx,
        live.slice(wanted).map((seat) => seat.id),
        'cancelled',
        now,
      );
      if (status === 'going') promoted = await this.promote(tx, ticket.id, urls);
    }
    return this.state(tx, order, urls, promoted);
  }

  /** Cancels every seat of the RSVP; the places freed go to the waitlist. Cancelling twice changes nothing. */
  async cancel(tx: WriteTx, token: string, urls: Urls): Promise<RsvpState> {
    const order = this.order(token);
    const { ticket, live } = await this.locked(tx, order);
    await this.attendees.setStatus(
      tx,
      live.map((seat) => seat.id),
      'cancelled',
      nowUtc(this.clock),
    );
    const promoted = live[0]!.status === 'going' ? await this.promote(tx, ticket.id, urls) : 0;
    return this.state(tx, order, urls, promoted);
  }

  /**
   * An editor cancels one seat (decision 0127): under the ticket's sale lock, so that the place it
   * frees goes to the waitlist (decision 0126) as a visitor's own cancellation does. Cancelling a
   * cancelled seat is harmless; an answer of "not going" holds no place to give up.
   */
  async cancelSeat(tx: WriteTx, attendee: AttendeeListing, urls: Urls): Promise<AttendeeListing> {
    const found = await this.tickets.get(tx, attendee.ticket_id);
    const ticket = (await this.tickets.lockedForSale(tx, found!))!;
    // Read again under the lock: a change of the same order may have committed meanwhile.
    const seat = (await this.attendees.get(tx, attendee.id))!;
    if (seat.status === 'cancelled') return seat;
    if (seat.status === 'not-going')
      throw new ApiError('attendee-not-accessible', {
        status: 409,
        data: { reason: 'the attendee answered not going: there is no place to cancel' },
      });
    await this.attendees.cancel(tx, seat.id, nowUtc(this.clock));
    if (seat.status === 'going') await this.promote(tx, ticket.id, urls);
    return (await this.attendees.get(tx, seat.id))!;
  }

  /**
   * Promotes the ticket's waitlist in the order its RSVPs joined (decision 0126), each whole RSVP
   * while its places fit in those left; the first that does not fit stops the promotion, so that
   * nobody overtakes those before them. Each promoted visitor gets an e-mail with their QR code.
   * Runs under the ticket's lock, which the caller holds. Answers how many RSVPs were promoted.
   */
  async promote(tx: WriteTx, ticketId: number, urls: Urls): Promise<number> {
    const ticket = (await this.tickets.get(tx, ticketId))!;
    if (ticket.waitlist !== 1) return 0;
    let left = placesLeft(ticket);
    const waiting = await this.attendees.waitlisted(tx, ticketId);
    const orders = new Map<string, AttendeeRow[]>();
    for (const seat of waiting) orders.set(seat.order_ref, [...(orders.get(seat.order_ref) ?? []), seat]);
    const now = nowUtc(this.clock);
    let promoted = 0;
    for (const seats of orders.values()) {
      if (left !== null && seats.length > left) break;
      await this.attendees.setStatus(
        tx,
        seats.map((seat) => seat.id),
        'going',
        now,
      );
      await this.mail.send(
        tx,
        'promoted',
        ticket.name,
        seats.map((seat) => ({ ...seat, status: 'going' as const })),
        urls,
      );
      if (left !== null) left -= seats.length;
      promoted += 1;
    }
    return promoted;
  }

  /** The order's ticket, read after its lock is taken, and its seats not cancelled; 409 once cancelled. */
  private async locked(tx: WriteTx, order: string): Promise<{ ticket: TicketListing; live: AttendeeRow[] }> {
    const seats = await this.attendees.ofOrder(tx, order);
    if (seats.length === 0) throw new ApiError('rsvp_not_found');
    const found = await this.tickets.get(tx, seats[0]!.ticket_id);
    const ticket = (await this.tickets.lockedForSale(tx, found!))!;
    // Read again under the lock: another change of the same order may have committed meanwhile.
    const live = (await this.attendees.ofOrder(tx, order)).filter((seat) => seat.status !== 'cancelled');
    if (live.length === 0) throw new ApiError('rsvp_cancelled');
    return { ticket, live };
  }

  private async state(tx: ReadTx, order: string, urls: Urls, promoted: number): Promise<RsvpState> {
    const seats = await this.attendees.ofOrder(tx, order);
    if (seats.length === 0) throw new ApiError('rsvp_not_found');
    const first = seats[0]!;
    const ticket = (await this.tickets.get(tx, first.ticket_id))!;
    const live = seats.filter((seat) => seat.status !== 'cancelled');
    const found = (await this.events.getUnchecked(tx, first.event_id, this.language, null, { prices: false }))!;
    const event = { row: found.row, relations: found.relations, entitled: this.events.entitled(found.row, null, {}) };
    const url = eventData(event, { urls, uidHost: '' }).data.url;
    return {
      order,
      seats: live,
      status: live[0]?.status ?? 'cancelled',
      name: first.name,
      email: first.email,
      answers: JSON.parse((live[0] ?? first).answers) as Record<string, string | boolean>,
      ticket,
      fields: JSON.parse(ticket.attendee_fields) as AttendeeFieldInput[],
      left: placesLeft(ticket),
      event: { title: plainText(found.row.post.title), url: typeof url === 'string' ? url : urls.page('events') },
      promoted,
    };
  }
}
