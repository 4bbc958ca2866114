import { ApiError, invalidParam } from '../../errors.ts';
import { DateParseError, instantOf, parseDateInput } from '../../dates/parse.ts';
import type { CapacityMode, TicketRow } from '../../storage/tables.ts';
import type { AttendeeFieldInput, TicketBody } from './tickets.schemas.ts';

/** A ticket's columns as a write gives them (those the body leaves out are not in it). */
export interface TicketInput {
  readonly name?: string;
  readonly description?: string;
  readonly status?: string;
  readonly price?: string;
  readonly currency?: string;
  readonly sku?: string;
  readonly capacity_mode?: CapacityMode;
  readonly capacity?: number | null;
  readonly sale_start_utc?: string | null;
  readonly sale_end_utc?: string | null;
  readonly attendee_fields?: string;
  readonly buy_url?: string;
  readonly waitlist?: 0 | 1;
  /** The event's shared pool, set with the ticket. */
  readonly sharedCapacity?: number;
}

/**
 * A price as clients send it: a number, or text holding one ("25", "$25.00", "25,00 €"), or
 * "Free"; a decimal as text so that no float rounds it. Negative or unreadable prices are refused.
 */
export function readPrice(price: string | number): string {
  if (typeof price === 'number') {
    if (!Number.isFinite(price) || price < 0) throw invalidParam('price', 'The price must be a number of 0 or more.');
    return String(price);
  }
  const text = price.trim();
  if (text === '' || /^free$/i.test(text)) return '0';
  if (text.includes('-')) throw invalidParam('price', 'The price must be a number of 0 or more.');
  const match = /^[^\d]*?(\d{1,12})(?:[.,](\d{1,4}))?[^\d]*$/.exec(text);
  if (!match) throw invalidParam('price', 'The price must be a number of 0 or more, such as 25 or 25.00.');
  return match[2] === undefined ? String(Number(match[1])) : `${Number(match[1])}.${match[2]}`;
}

/** A list parameter given empty (`include=`) filters nothing, as WordPress reads an empty list. */
export const given = <T>(list: readonly T[] | undefined): readonly T[] | undefined =>
  list === undefined || list.length === 0 ? undefined : list;

/** An archive's date parameter (`after`, `before`: UTC, or with an offset) as a UTC wire time. */
export const utcParam = (name: string, value: string, now: Date) => saleBound(name, value, now, 'UTC');

/** A sale bound in the site's wall clock (or with an offset) as a UTC wire time. */
function saleBound(name: string, value: string, now: Date, zone: string): string {
  try {
    return instantOf(parseDateInput(value, now, zone), zone);
  } catch (error) {
    if (error instanceof DateParseError) throw invalidParam(name, `${name} is not a date such as 2026-12-01 09:00:00.`);
    throw error;
  }
}

function checkedFields(fields: readonly AttendeeFieldInput[]): string {
  const labels = new Set<string>();
  for (const field of fields) {
    if (labels.has(field.label))
      throw invalidParam('attendee_fields', `Two attendee fields are labelled "${field.label}".`);
    labels.add(field.label);
    if (field.type === 'choice' && (field.options ?? []).length === 0)
      throw invalidParam('attendee_fields', `The choice field "${field.label}" has no options.`);
  }
  return JSON.stringify(
    fields.map((field) => ({
      label: field.label,
      type: field.type,
      options: field.type === 'choice' ? field.options : [],
      required: field.required ?? false,
    })),
  );
}

/** A "Buy" link: http or https only (never `javascript:` on a public page), or '' for none. */
export function readBuyUrl(value: string): string {
  const text = value.trim();
  if (text === '') return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidParam('buy_url', 'buy_url must be an http or https address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidParam('buy_url', 'buy_url must be an http or https address.');
  return url.href;
}

const nonNegative = (name: string, value: number) => {
  if (value < 0) throw new ApiError('ticket_invalid_capacity', { args: [`${name} is ${value}; it must be 0 or more`] });
  return value;
};

/**
 * What a write's body sets, under either name the original's clients use (decision 0108). Only
 * what the body gives: an update keeps the rest. `existing` is the ticket updated, if any.
 */
export function ticketInput(
  body: TicketBody,
  existing: Pick<TicketRow, 'capacity_mode' | 'capacity'> | undefined,
  now: Date,
  zone: string,
): TicketInput {
  const name = body.name ?? body.title;
  const description = body.description ?? body.content ?? body.excerpt;
  const capacity = body.capacity ?? body.stock;
  const mode =
    (body.capacity_mode as CapacityMode | undefined) ??
    (capacity !== undefined
      ? existing?.capacity_mode === 'shared'
        ? 'shared'
        : 'own'
      : existing === undefined
        ? body.shared_capacity !== undefined
          ? 'shared'
          : 'unlimited'
        : undefined);
  const start = body.start_date ?? body.available_from;
  const end = body.end_date ?? body.available_until;
  const input: TicketInput = {
    ...(name !== undefined ? { name } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.price !== undefined ? { price: readPrice(body.price) } : {}),
    ...(body.currency !== undefined ? { currency: body.currency.toUpperCase() } : {}),
    ...(body.sku !== undefined ? { sku: body.sku } : {}),
    ...(mode !== undefined ? { capacity_mode: mode } : {}),
    ...(mode === 'unlimited'
      ? { capacity: null }
      : capacity !== undefined
        ? { capacity: nonNegative('capacity', capacity) }
        : {}),
    ...(start !== undefined
      ? { sale_start_utc: saleBound(body.start_date !== undefined ? 'start_date' : 'available_from', start, now, zone) }
      : {}),
    ...(end !== undefined
      ? { sale_end_utc: saleBound(body.end_date !== undefined ? 'end_date' : 'available_until', end, now, zone) }
      : {}),
    ...(body.attendee_fields !== undefined ? { attendee_fields: checkedFields(body.attendee_fields) } : {}),
    ...(body.buy_url !== undefined ? { buy_url: readBuyUrl(body.buy_url) } : {}),
    ...(body.waitlist !== undefined ? { waitlist: body.waitlist ? (1 as const) : (0 as const) } : {}),
    ...(body.shared_capacity !== undefined
      ? { sharedCapacity: nonNegative('shared_capacity', body.shared_capacity) }
      : {}),
  };
  if (mode === 'own' && capacity === undefined && existing?.capacity_mode !== 'own')
    throw new ApiError('ticket_invalid_capacity', { args: ['a ticket with capacity of its own needs a capacity'] });
  return input;
}
