import type { TicketListing } from '../../storage/repositories/tickets.repository.ts';

/** What a ticket has left, as the MCP server's schema and the original's `capacity_details` read it. */
export interface Availability {
  readonly status: 'available' | 'sold_out' | 'unavailable';
  /** Places left; -1 when unlimited (the original's `stock()` for unlimited tickets). */
  readonly available: number;
  readonly sold: number;
  /** Places held by payments in progress: none, as this service takes no payments (decision 0108). */
  readonly pending: number;
}

/** Why a ticket is not on sale at `now`, or undefined when it is. */
export function saleClosedReason(
  ticket: Pick<TicketListing, 'status' | 'event_status' | 'sale_start_utc' | 'sale_end_utc'>,
  now: string,
): string | undefined {
  if (ticket.status !== 'publish' || ticket.event_status !== 'publish') return 'it is not published';
  if (ticket.sale_start_utc !== null && now < ticket.sale_start_utc)
    return `the sale starts at ${ticket.sale_start_utc} UTC`;
  if (ticket.sale_end_utc !== null && now >= ticket.sale_end_utc) return `the sale ended at ${ticket.sale_end_utc} UTC`;
  return undefined;
}

/** The ticket's own limit on its places: its capacity, or for a shared ticket without a cap of its own, the pool's; null when unlimited. */
export function capacityOf(ticket: Pick<TicketListing, 'capacity_mode' | 'capacity' | 'pool_capacity'>): number | null {
  if (ticket.capacity_mode === 'unlimited') return null;
  if (ticket.capacity_mode === 'shared') return ticket.capacity ?? ticket.pool_capacity ?? 0;
  return ticket.capacity ?? 0;
}

/** Places left now, from the counts read with the ticket (never a stored count: decision 0109); null when unlimited. */
export function placesLeft(
  ticket: Pick<TicketListing, 'capacity_mode' | 'capacity' | 'pool_capacity' | 'sold' | 'pool_sold'>,
): number | null {
  const capacity = capacityOf(ticket);
  if (capacity === null) return null;
  const own = capacity - ticket.sold;
  const left = ticket.capacity_mode === 'shared' ? Math.min(own, (ticket.pool_capacity ?? 0) - ticket.pool_sold) : own;
  return Math.max(0, left);
}

export function availabilityOf(ticket: TicketListing, now: string): Availability {
  const left = placesLeft(ticket);
  const status = saleClosedReason(ticket, now) !== undefined ? 'unavailable' : left === 0 ? 'sold_out' : 'available';
  return { status, available: left ?? -1, sold: ticket.sold, pending: 0 };
}
