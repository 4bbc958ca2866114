import { dateDetails } from '../../dates/wall-clock.ts';
import { utcToZoned } from '../../dates/zones.ts';
import type { AttendeeListing } from '../../storage/repositories/attendees.repository.ts';
import type { TicketListing } from '../../storage/repositories/tickets.repository.ts';
import type { Urls } from '../../urls.ts';
import type { Static } from '@sinclair/typebox';
import { availabilityOf, capacityOf } from './availability.ts';
import type { AttendeeRecord } from './attendees.schemas.ts';
import type { TicketWire } from './tickets.schemas.ts';

/** What rendering a ticket takes besides its row. */
export interface TicketView {
  readonly urls: Urls;
  readonly siteZone: string;
  /** The current UTC wire time: availability is computed at read (decision 0109). */
  readonly now: string;
  /** The reader may edit the ticket's event: counts of attendees and check-ins are shown (decision 0110). */
  readonly manager: boolean;
}

/**
 * The original's global ids carry the record's type beside its id (`host?type=…&id=…`): tickets and
 * attendees have ids of their own, which may equal a post's.
 */
const globalIdOf = (urls: Urls, type: 'ticket' | 'attendee', id: number) => {
  const site = new URL(urls.siteOrigin);
  return `${site.hostname}${site.pathname.replace(/\/+$/, '')}?type=${type}&id=${id}`;
};

const local = (utc: string, zone: string) => utcToZoned(utc, zone);
const saleBound = (utc: string | null, zone: string) =>
  utc === null
    ? { text: '', details: false as const }
    : { text: local(utc, zone), details: { ...dateDetails(local(utc, zone)) } as Record<string, unknown> };

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CAD: '$',
  AUD: '$',
};

/** The price as the original formats it: the symbol before the amount, two decimals ("$25.00"; "Free" for 0). */
export function formattedPrice(price: string, currency: string): string {
  const amount = Number(price);
  if (amount === 0) return 'Free';
  return `${CURRENCY_SYMBOLS[currency] ?? `${currency} `}${amount.toFixed(2)}`;
}

export function toTicketRecord(ticket: TicketListing, view: TicketView): TicketWire {
  const { urls, siteZone, now, manager } = view;
  const free = Number(ticket.price) === 0;
  const availability = availabilityOf(ticket, now);
  const globalId = globalIdOf(urls, 'ticket', ticket.id);
  const date = local(ticket.created_utc, siteZone);
  const capacity = capacityOf(ticket);
  const start = saleBound(ticket.sale_start_utc, siteZone);
  const end = saleBound(ticket.sale_end_utc, siteZone);
  const percentage =
    capacity === null ? 100 : capacity <= 0 ? 0 : Math.floor((availability.available / capacity) * 100);
  const checkedInPercentage =
    ticket.attendee_count > 0 ? Math.ceil((100 * ticket.checked_in_count) / ticket.attendee_count) : 100;
  return {
    id: ticket.id,
    post_id: ticket.event_id,
    event: ticket.event_id,
    global_id: globalId,
    global_id_lineage: [globalId],
    author: String(ticket.author_id),
    // A ticket of an event in the trash is in the trash with it (decision 0108): restoring the event restores it.
    status: ticket.event_status === 'trash' ? 'trash' : ticket.status,
    date,
    date_utc: ticket.created_utc,
    date_gmt: ticket.created_utc,
    // A ticket never changed since it was made (most) is converted once: a zone's conversion is most of a ticket's mapping.
    modified: ticket.modified_utc === ticket.created_utc ? date : local(ticket.modified_utc, siteZone),
    modified_utc: ticket.modified_utc,
    modified_gmt: ticket.modified_utc,
    rest_url: urls.route(`tickets/${ticket.id}`),
    provider: free ? 'rsvp' : 'tickets-commerce',
    type: free ? 'tribe_rsvp_tickets' : 'tec_tc_ticket',
    rsvp: free,
    title: ticket.name,
    description: ticket.description,
    image: false,
    available_from: start.text,
    available_from_details: start.details,
    available_until: end.text,
    available_until_details: end.details,
    capacity: capacity ?? -1,
    capacity_details: {
      available_percentage: percentage,
      available: availability.available,
      ...(manager
        ? {
            max: capacity ?? -1,
            sold: availability.sold,
            pending: 0,
            global_stock_mode:
              ticket.capacity_mode === 'shared' ? 'capped' : ticket.capacity_mode === 'own' ? 'own' : '',
          }
        : {}),
    },
    capacity_mode: ticket.capacity_mode,
    stock: availability.available,
    availability,
    is_available: availability.status === 'available',
    cost: formattedPrice(ticket.price, ticket.currency),
    cost_details: {
      currency_symbol: CURRENCY_SYMBOLS[ticket.currency] ?? ticket.currency,
      currency_position: 'prefix',
      values: [ticket.price],
      suffix: null,
      currency_decimal_separator: '.',
      currency_decimal_numbers: 2,
      currency_thousand_separator: ',',
    },
    price: ticket.price,
    currency: ticket.currency,
    sku: ticket.sku,
    supports_attendee_information: true,
    attendee_fields: JSON.parse(ticket.attendee_fields) as TicketWire['attendee_fields'],
    buy_url: ticket.buy_url,
    waitlist: ticket.waitlist === 1,
    ...(manager
      ? {
          ...(free
            ? { rsvp_details: { rsvp_going: ticket.sold, rsvp_not_going: ticket.attendee_count - ticket.sold } }
            : {}),
          checkin: {
            checked_in: ticket.checked_in_count,
            unchecked_in: ticket.attendee_count - ticket.checked_in_count,
            checked_in_percentage: checkedInPercentage,
            unchecked_in_percentage: 100 - checkedInPercentage,
          },
        }
      : {}),
  };
}

/** An attendee as those who may edit its event see it (the only readers it has: decision 0110). */
export function toAttendeeRecord(
  attendee: AttendeeListing,
  urls: Urls,
  siteZone: string,
): Static<typeof AttendeeRecord> {
  const free = Number(attendee.ticket.price) === 0;
  return {
    id: attendee.id,
    post_id: attendee.event_id,
    ticket_id: attendee.ticket_id,
    global_id: globalIdOf(urls, 'attendee', attendee.id),
    global_id_lineage: [globalIdOf(urls, 'attendee', attendee.id)],
    author: '0',
    status: 'publish',
    date: local(attendee.created_utc, siteZone),
    date_utc: attendee.created_utc,
    modified: local(attendee.modified_utc, siteZone),
    modified_utc: attendee.modified_utc,
    rest_url: urls.route(`attendees/${attendee.id}`),
    ticket: {
      id: attendee.ticket.id,
      title: attendee.ticket.name,
      description: attendee.ticket.description,
      raw_price: attendee.ticket.price,
      formatted_price: formattedPrice(attendee.ticket.price, attendee.ticket.currency),
      start_sale: attendee.ticket.sale_start_utc === null ? '' : local(attendee.ticket.sale_start_utc, siteZone),
      end_sale: attendee.ticket.sale_end_utc === null ? '' : local(attendee.ticket.sale_end_utc, siteZone),
    },
    title: attendee.name,
    optout: false,
    provider: free ? 'rsvp' : 'tickets-commerce',
    order: attendee.order_ref,
    sku: attendee.ticket.sku,
    email: attendee.email,
    checked_in: attendee.checked_in === 1,
    checkin_details:
      attendee.checked_in === 1 && attendee.checked_in_utc !== null
        ? {
            date: local(attendee.checked_in_utc, siteZone),
            date_details: dateDetails(local(attendee.checked_in_utc, siteZone)),
            source: 'site',
            author: '',
          }
        : false,
    is_subscribed: false,
    is_purchaser: true,
    rsvp_going: attendee.status === 'going',
    rsvp_status: attendee.status,
    answers: JSON.parse(attendee.answers) as Record<string, unknown>,
    security_code: attendee.security_code,
    checked_in_at: attendee.checked_in === 1 ? attendee.checked_in_utc : null,
  };
}
