import type { ColumnType, Selectable } from 'kysely';
import type { Flag, Id } from './columns.ts';

/* Tickets, their pools and attendees (decision 0108): tables of their own, not posts. */

/** The capacity an event's shared tickets draw on together (decision 0108). */
export interface EventTicketPoolsTable {
  event_id: number;
  capacity: number;
}

export type CapacityMode = 'own' | 'shared' | 'unlimited';

/** A ticket or free RSVP of an event (decision 0108); what is sold is counted from `attendees` when read. */
export interface TicketsTable {
  id: Id;
  event_id: number;
  author_id: number;
  status: string;
  /** The event's status, kept by triggers (migration 20261129013000): the archive's total from one index. */
  event_status: ColumnType<string, never, never>;
  name: string;
  description: string;
  capacity_mode: CapacityMode;
  /** The ticket's places ('own'), its cap within the event's pool ('shared', null: the pool's), null when unlimited. */
  capacity: number | null;
  sale_start_utc: string | null;
  sale_end_utc: string | null;
  /** A decimal amount as text; '0' is a free RSVP. */
  price: string;
  currency: string;
  sku: string;
  /** JSON array of `AttendeeField`. */
  attendee_fields: string;
  /** Where a priced ticket is bought elsewhere, http(s); '' for none (decision 0126's migration). */
  buy_url: ColumnType<string, string | undefined, string>;
  /** 1: a full ticket takes names on a waitlist, promoted in order (decision 0126). */
  waitlist: ColumnType<Flag, Flag | undefined, Flag>;
  created_utc: string;
  modified_utc: string;
}

export type AttendeeStatus = 'going' | 'not-going' | 'cancelled' | 'waitlisted';

/** One seat of a ticket (decision 0108); names, e-mails and answers reach only those who may edit the event (decision 0110). */
export interface AttendeesTable {
  id: Id;
  ticket_id: number;
  event_id: number;
  name: string;
  email: string;
  /** JSON object: attendee field label → answer. */
  answers: string;
  status: AttendeeStatus;
  checked_in: ColumnType<Flag, Flag | undefined, Flag>;
  checked_in_utc: ColumnType<string | null, string | null | undefined, string | null>;
  security_code: string;
  order_ref: string;
  created_utc: string;
  modified_utc: string;
}

export type TicketRow = Selectable<TicketsTable>;

export type AttendeeRow = Selectable<AttendeesTable>;
