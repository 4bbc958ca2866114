import { utcToZoned } from '../../dates/zones.ts';
import { ApiError } from '../../errors.ts';
import type { TicketListing } from '../../storage/repositories/tickets.repository.ts';
import { placesLeft } from '../tickets/availability.ts';
import { formattedPrice } from '../tickets/tickets.mapper.ts';
import type { AttendeeFieldInput, RsvpInput } from '../tickets/tickets.schemas.ts';
import { MAX_PLACES_PER_RSVP } from '../tickets/tickets.schemas.ts';
import type { RsvpMessages } from './messages.ts';

/*
 * The RSVP form of an event's page as data (issue 46): the tickets it offers, the form's fields as
 * the RSVP service's input, and the service's refusals as the form's problems, each in the page's
 * words. The form posts to the page's route, which calls the same RsvpService as the API.
 */

/** A ticket as the event's page offers it. */
export interface TicketOffer {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly free: boolean;
  /** The price as the original formats it ("$25.00"). */
  readonly cost: string;
  /** The ticket's external "Buy" link ('' for none). */
  readonly buyUrl: string;
  readonly fields: readonly AttendeeFieldInput[];
  /** Places left; null when unlimited. */
  readonly left: number | null;
  readonly sale: 'open' | 'not-started' | 'ended';
  /** When the sale starts, in the site's zone, for a sale not started. */
  readonly startsAt?: string;
  readonly waitlist: boolean;
}

/** Where a problem shows: beside a field, or for the whole form. */
export type RsvpProblem = 'form' | 'name' | 'email' | 'quantity' | 'answers';

/** A form sent: its ticket, the visitor's values by field name (to fill it in again), and its problems. */
export interface RsvpFormState {
  readonly ticketId: number;
  readonly values: Readonly<Record<string, string>>;
  readonly problems: Partial<Record<RsvpProblem, string>>;
}

/** Text of a ticket's description without its markup: the form shows it as a line. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** The event's published tickets as its page offers them, at `now` (wire UTC). */
export function ticketOffers(tickets: readonly TicketListing[], now: string, zone: string): TicketOffer[] {
  return tickets.map((ticket) => {
    const sale =
      ticket.sale_start_utc !== null && now < ticket.sale_start_utc
        ? 'not-started'
        : ticket.sale_end_utc !== null && now >= ticket.sale_end_utc
          ? 'ended'
          : 'open';
    return {
      id: ticket.id,
      name: ticket.name,
      description: plain(ticket.description),
      free: Number(ticket.price) === 0,
      cost: formattedPrice(ticket.price, ticket.currency),
      buyUrl: ticket.buy_url,
      fields: JSON.parse(ticket.attendee_fields) as AttendeeFieldInput[],
      left: placesLeft(ticket),
      sale,
      ...(sale === 'not-started'
        ? { startsAt: `${utcToZoned(ticket.sale_start_utc!, zone).slice(0, 16)} (${zone})` }
        : {}),
      waitlist: ticket.waitlist === 1,
    };
  });
}

/** The fields a form keeps, by name: the first of repeated ones, cut to a sane length. */
export function formValues(body: unknown): Record<string, string> {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const [name, raw] of Object.entries(source)) {
    const value: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
    if (typeof value === 'string' && /^[a-z_0-9]{1,20}$/.test(name)) values[name] = value.slice(0, 1000);
  }
  return values;
}

/** The answers of the form's `answer_{index}` controls, by the ticket's fields' labels. */
export function answersOf(
  values: Readonly<Record<string, string>>,
  fields: readonly AttendeeFieldInput[],
): Record<string, string | boolean> {
  const answers: Record<string, string | boolean> = {};
  fields.forEach((field, index) => {
    const value = values[`answer_${index}`];
    if (field.type === 'checkbox') answers[field.label] = value === 'on';
    else if (value !== undefined && value.trim() !== '') answers[field.label] = value.trim();
  });
  return answers;
}

/** How many places the form asks for: a whole number from 1, or undefined. */
export function quantityOf(values: Readonly<Record<string, string>>): number | undefined {
  const text = (values.quantity ?? '1').trim();
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MAX_PLACES_PER_RSVP ? quantity : undefined;
}

/** The RSVP service's input from the form, or the form's own problems. */
export function rsvpInput(
  values: Readonly<Record<string, string>>,
  fields: readonly AttendeeFieldInput[],
  messages: RsvpMessages,
): { input: RsvpInput } | { problems: Partial<Record<RsvpProblem, string>> } {
  const quantity = quantityOf(values);
  const problems: Partial<Record<RsvpProblem, string>> = {};
  if ((values.name ?? '').trim() === '') problems.name = messages.noName;
  if (quantity === undefined) problems.quantity = messages.badQuantity;
  if (Object.keys(problems).length > 0) return { problems };
  const going = values.going !== 'no';
  return {
    input: {
      name: values.name!.slice(0, 200),
      email: (values.email ?? '').slice(0, 254),
      quantity: going ? quantity! : 1,
      going,
      waitlist: values.waitlist === '1',
      answers: answersOf(values, fields),
    },
  };
}

/**
 * The service's refusals as the form's problems: a bad e-mail or name beside its field, too many
 * places beside the count (with how many are left), missing answers under the fields, a closed
 * sale for the whole form. Anything else is not the form's to show.
 */
export function problemsOf(error: ApiError, messages: RsvpMessages): Partial<Record<RsvpProblem, string>> | undefined {
  const params = (error.data as { params?: Record<string, string> } | undefined)?.params ?? {};
  if (error.code === 'rest_invalid_param' && 'email' in params) return { email: messages.badEmail };
  if (error.code === 'rest_invalid_param' && 'name' in params) return { name: messages.noName };
  if (error.code === 'ticket-capacity-not-available')
    return {
      quantity: messages.notEnough.replace('%d', String((error.data as { available?: number }).available ?? 0)),
    };
  if (error.code === 'attendee_invalid_answers')
    return { answers: messages.badAnswers.replace('%s', () => error.message) };
  if (error.code === 'ticket_sale_closed') return { form: messages.saleClosed };
  if (error.code === 'rsvp_cancelled') return { form: messages.alreadyCancelled };
  return undefined;
}
