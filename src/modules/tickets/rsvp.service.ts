import { randomBytes } from 'node:crypto';
import { EMAIL_PATTERN } from '../../auth/users.service.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import { ApiError, invalidParam } from '../../errors.ts';
import type { WriteTx } from '../../storage/types.ts';
import type { AttendeeListing, AttendeesRepository } from '../../storage/repositories/attendees.repository.ts';
import type { TicketListing, TicketsRepository } from '../../storage/repositories/tickets.repository.ts';
import type { AttendeeRow } from '../../storage/tables.ts';
import type { Urls } from '../../urls.ts';
import { availabilityOf, placesLeft, saleClosedReason, type Availability } from './availability.ts';
import type { RsvpMail } from './rsvp-mail.ts';
import { MAX_PLACES_PER_RSVP, type AttendeeFieldInput, type RsvpInput } from './tickets.schemas.ts';

export { checkInCode } from './rsvp-mail.ts';

/** What an RSVP made: its reference and seats, what is left after it, and the token of its page of changes (decision 0125). */
export interface RsvpResult {
  readonly order: string;
  readonly seats: readonly AttendeeRow[];
  readonly availability: Availability;
  readonly token: string;
}

/** The answers to a ticket's attendee fields, checked: required ones given, choices among the options, no other labels. */
export function checkedAnswers(
  fields: readonly AttendeeFieldInput[],
  answers: Readonly<Record<string, string | boolean>>,
): Record<string, string | boolean> {
  const byLabel = new Map(fields.map((field) => [field.label, field]));
  const unknown = Object.keys(answers).filter((label) => !byLabel.has(label));
  if (unknown.length > 0)
    throw new ApiError('attendee_invalid_answers', { args: [`the ticket asks no "${unknown[0]}"`] });
  const checked: Record<string, string | boolean> = {};
  for (const field of fields) {
    const answer = answers[field.label];
    if (field.type === 'checkbox') {
      const ticked = answer === true || answer === 'true' || answer === 'on' || answer === '1';
      if (field.required && !ticked)
        throw new ApiError('attendee_invalid_answers', { args: [`"${field.label}" must be ticked`] });
      checked[field.label] = ticked;
      continue;
    }
    const text = typeof answer === 'string' ? answer.trim() : '';
    if (typeof answer === 'boolean')
      throw new ApiError('attendee_invalid_answers', { args: [`"${field.label}" takes text`] });
    if (text === '') {
      if (field.required) throw new ApiError('attendee_invalid_answers', { args: [`"${field.label}" is required`] });
      continue;
    }
    if (field.type === 'choice' && !(field.options ?? []).includes(text))
      throw new ApiError('attendee_invalid_answers', {
        args: [`"${text}" is not one of the choices of "${field.label}"`],
      });
    checked[field.label] = text;
  }
  return checked;
}

/** An e-mail address as given, trimmed, or a 400 on `email`. */
export function checkedEmail(given: string): string {
  const email = given.trim();
  if (!EMAIL_PATTERN.test(email) || !/\.[^.@\s]+$/.test(email))
    throw invalidParam('email', 'The e-mail address is not valid.');
  return email;
}

/**
 * A visitor's RSVP (decision 0109): never more places than are left. The ticket is read again after
 * the row its places come from is locked (`lockedForSale`), so that on PostgreSQL, on one node or
 * several, two RSVPs for the last places run one after the other and the second sees the first's
 * seats; SQLite runs one write unit at a time. The seats are written in one statement: all or none.
 * The visitor's confirmation is written into the e-mail outbox in the same unit (decision 0112),
 * so a refused or rolled back RSVP sends nothing.
 */
export class RsvpService {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly attendees: AttendeesRepository,
    private readonly mail: Pick<RsvpMail, 'send'>,
    private readonly clock: Clock,
  ) {}

  /** A ticket a visitor may RSVP for: published, of a published event; any other is unknown to them. */
  async findOpen(tx: WriteTx, id: number): Promise<TicketListing> {
    const ticket = await this.tickets.get(tx, id);
    if (!ticket || ticket.status !== 'publish' || ticket.event_status !== 'publish')
      throw new ApiError('ticket-not-found');
    return ticket;
  }

  /**
   * `urls`: the request's, which the confirmation's links and QR code point at. With `waitlist`,
   * a going RSVP for more places than are left joins the ticket's waitlist when it keeps one
   * (decision 0126): its seats are 'waitlisted', taking no place until promoted.
   */
  async create(tx: WriteTx, ticketId: number, input: RsvpInput, urls: Urls): Promise<RsvpResult> {
    const email = checkedEmail(input.email);
    const name = input.name.trim();
    if (name === '') throw invalidParam('name', 'The name is empty.');
    const found = await this.findOpen(tx, ticketId);
    const answers = checkedAnswers(JSON.parse(found.attendee_fields) as AttendeeFieldInput[], input.answers ?? {});
    const ticket = (await this.tickets.lockedForSale(tx, found))!;
    const now = nowUtc(this.clock);
    const closed = saleClosedReason(ticket, now);
    if (closed !== undefined) throw new ApiError('ticket_sale_closed', { args: [ticket.name, closed] });
    const going = input.going ?? true;
    const left = placesLeft(ticket);
    const full = going && left !== null && input.quantity > left;
    const waitlisted = full && input.waitlist === true && ticket.waitlist === 1;
    if (full && !waitlisted)
      throw new ApiError('ticket-capacity-not-available', { args: [ticket.name, left], data: { available: left } });
    const order = randomBytes(12).toString('hex');
    const seats = await this.attendees.createSeats(
      tx,
      Array.from({ length: going ? input.quantity : 1 }, () => ({
        ticket_id: ticket.id,
        event_id: ticket.event_id,
        name,
        email,
        answers: JSON.stringify(answers),
        status: waitlisted ? ('waitlisted' as const) : going ? ('going' as const) : ('not-going' as const),
        security_code: randomBytes(8).toString('hex'),
        order_ref: order,
        created_utc: now,
        modified_utc: now,
      })),
    );
    const token = await this.mail.send(tx, 'confirmation', ticket.name, seats, urls);
    const sold = going && !waitlisted ? input.quantity : 0;
    return {
      order,
      seats,
      token,
      availability: availabilityOf(
        {
          ...ticket,
          sold: ticket.sold + sold,
          pool_sold: ticket.pool_sold + (ticket.capacity_mode === 'shared' ? sold : 0),
        },
        now,
      ),
    };
  }

  /**
   * The confirmation again, as the RSVP sent it (an editor's "resend"): to the attendee's address,
   * for the seats of its order in the attendee's status, through the outbox in the caller's unit.
   * A cancelled seat has nothing to confirm.
   */
  async resend(tx: WriteTx, attendee: AttendeeListing, urls: Urls): Promise<void> {
    if (attendee.status === 'cancelled')
      throw new ApiError('attendee-not-accessible', {
        status: 409,
        data: { reason: "the attendee's RSVP is cancelled: there is nothing to confirm" },
      });
    const { rows } = await this.attendees.list(
      tx,
      { scope: { kind: 'everything' }, orderRef: attendee.order_ref, statuses: [attendee.status] },
      { offset: 0, limit: MAX_PLACES_PER_RSVP },
    );
    // The attendee's own seat first: the first QR code is of the seat the editor chose.
    const seats = [attendee, ...rows.filter((row) => row.id !== attendee.id)];
    await this.mail.send(tx, 'confirmation', attendee.ticket.name, seats, urls);
  }
}
