import { parse } from 'csv-parse';
import { yieldToEventLoop } from '../../event-loop.ts';
import { costRange } from '../events/cost.ts';
import type { EventCreateInput } from '../events/events.schemas.ts';
import type { LinkedRecordCreateInput } from '../linked-records/linked-records.schemas.ts';
import { readFlag, restore, splitNames } from './csv-cells.ts';
import { COLUMNS_OF, type CsvType } from './csv-columns.ts';

/*
 * A CSV file read as the services' own inputs (issue 47, decision 0115): pure, no storage. The
 * header is matched to the original importer's columns (by label or key, any case, or as the
 * caller's mapping says); each row becomes a create body, or the list of what is wrong with it.
 */

/** One row of the file: the line it starts on (1 is the header) and its cells by column key. */
export interface CsvRow {
  readonly line: number;
  readonly values: ReadonlyMap<string, string>;
}

/** How the file's headers were read: each header's column key, or null for a column not imported. */
export type ColumnMatch = Record<string, string | null>;

/** A file's problem that stops the whole import (no header, an unknown column in the mapping, no name column). */
export class CsvFileError extends Error {
  /** The header as far as it was matched, when the refusal is about the mapping (no column read as the name): for a mapping step to show. */
  constructor(
    message: string,
    readonly columns?: ColumnMatch,
  ) {
    super(message);
  }
}

/** Rows parsed between two turns of the event loop: a big file never holds it long (decision 0047). */
const ROWS_PER_TURN = 500;

const normalise = (name: string) => name.trim().toLowerCase();

/**
 * The column key each header stands for: the mapping's, when it names the header (a key, a label,
 * or "" for "do not import"), else the column whose label, key or alias the header is.
 */
export function matchColumns(
  type: CsvType,
  header: readonly string[],
  mapping: Readonly<Record<string, string>> = {},
): ColumnMatch {
  const known = new Map<string, string>();
  for (const column of COLUMNS_OF[type])
    for (const name of [column.key, column.label, ...(column.aliases ?? [])]) known.set(normalise(name), column.key);
  for (const [from, to] of Object.entries(mapping)) {
    if (!header.includes(from))
      throw new CsvFileError(`The mapping names the column "${from}", which the file does not have.`);
    if (to !== '' && !known.has(normalise(to)))
      throw new CsvFileError(
        `The mapping maps "${from}" to "${to}", which is not a column of ${type} (${COLUMNS_OF[type].map((column) => column.label).join(', ')}).`,
      );
  }
  const match: ColumnMatch = {};
  for (const name of header) {
    const target = Object.hasOwn(mapping, name) ? mapping[name]! : name;
    match[name] = target === '' ? null : (known.get(normalise(target)) ?? null);
  }
  const nameKey = COLUMNS_OF[type][0]!;
  if (!Object.values(match).includes(nameKey.key))
    throw new CsvFileError(
      `No column is read as "${nameKey.label}": name it so in the header, or map a column to it.`,
      match,
    );
  return match;
}

/**
 * The rows of a CSV text (a byte-order mark ignored; quoted cells may hold separators, quotes and
 * line breaks), each with the line it starts on and its cells by column key; empty rows skipped.
 */
export async function* readRows(
  text: string,
  type: CsvType,
  mapping?: Readonly<Record<string, string>>,
  onHeader?: (match: ColumnMatch) => void,
): AsyncGenerator<CsvRow> {
  // Lines are counted from each record's raw text (its line breaks, quoted ones included, and the one that ends it): csv-parse's own count takes a quoted CRLF for two.
  const parser = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, raw: true });
  let header: string[] | undefined;
  let keys: (string | null)[] = [];
  let nextLine = 1;
  let read = 0;
  for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
    const line = nextLine;
    nextLine += raw.match(/\r\n|\r|\n/g)?.length ?? 0;
    if (header === undefined) {
      header = record.map((cell) => cell.trim());
      const match = matchColumns(type, header, mapping);
      keys = header.map((name) => match[name] ?? null);
      onHeader?.(match);
      continue;
    }
    if (record.every((cell) => cell.trim() === '')) continue;
    const values = new Map<string, string>();
    record.forEach((cell, at) => {
      const key = keys[at];
      if (key) values.set(key, restore(cell));
    });
    yield { line, values };
    if (++read % ROWS_PER_TURN === 0) await yieldToEventLoop();
  }
  if (header === undefined) throw new CsvFileError('The file is empty: it needs a header row naming its columns.');
}

/** A row as a service's input, or what is wrong with it. */
export type RowInput<T> =
  { readonly input: T; readonly problems?: undefined } | { readonly input?: undefined; readonly problems: string[] };

const CURRENCY_AFTER = /suffix|after|postfix/i;

/**
 * A cost with the currency column applied to each amount, unless the cost carries it already (an
 * export of ours does). A range of amounts (`15 - 25`) is given as the list of its amounts, which
 * the events service stores as the same range text with the currency they share: a range given as
 * text keeps no currency (`parseCost`, as the original does), so `cost_details.currency_symbol`
 * would be empty though the row names one. A range the list would not store as the same text (a
 * word in it, amounts highest first) stays text.
 */
function costWith(cost: string, symbol: string, position: string): string | string[] {
  if (cost === '' || symbol === '') return cost;
  const amounts = cost
    .split(/\s+-\s+/)
    .map((amount) =>
      amount.includes(symbol) ? amount : CURRENCY_AFTER.test(position) ? `${amount}${symbol}` : `${symbol}${amount}`,
    );
  const text = cost.includes(symbol) ? cost : amounts.join(' - ');
  if (amounts.length < 2) return text;
  const range = costRange(amounts);
  return range !== undefined && range.text === text && range.parsed.currencySymbol === symbol ? amounts : text;
}

/** A venue or organizer reference of a cell: an id, or a name to match or create (decision 0115). */
const reference = (kind: 'venue' | 'organizer', name: string) => (/^\d+$/.test(name) ? Number(name) : { [kind]: name });

/** An events file's row as a `POST /events` body (the original importer's reading of its columns). */
export function eventInput(row: CsvRow, status: EventCreateInput['status']): RowInput<EventCreateInput> {
  const get = (key: string) => row.values.get(key)?.trim() ?? '';
  const problems: string[] = [];
  const flags: Partial<
    Record<'all_day' | 'hide_from_listings' | 'sticky' | 'featured' | 'show_map' | 'show_map_link', boolean>
  > = {};
  for (const [key, field, label] of [
    ['event_all_day', 'all_day', 'All Day Event'],
    ['event_hide', 'hide_from_listings', 'Hide Event From Event Listings'],
    ['event_sticky', 'sticky', 'Event Sticky in Month View'],
    ['feature_event', 'featured', 'Feature Event'],
    ['event_show_map', 'show_map', 'Event Show Map'],
    ['event_show_map_link', 'show_map_link', 'Event Show Map Link'],
  ] as const) {
    const flag = readFlag(get(key));
    if (flag === 'invalid') problems.push(`${label}: "${get(key)}" is not a yes or no (TRUE, FALSE, yes, no, 1, 0).`);
    else if (flag !== undefined) flags[field] = flag;
  }
  const title = row.values.get('event_name') ?? '';
  if (title.trim() === '') problems.push('Event Name: empty; every event needs a name.');
  const startDate = get('event_start_date');
  if (startDate === '') problems.push('Event Start Date: empty; every event needs a start date.');
  if (problems.length > 0) return { problems };
  const allDay = flags.all_day === true;
  const at = (date: string, time: string) => (allDay || time === '' ? date : `${date} ${time}`);
  const endDate = get('event_end_date') || startDate;
  const endTime = get('event_end_time') || (get('event_end_date') === '' ? get('event_start_time') : '');
  const organizers = splitNames(get('event_organizer_name'));
  const optional = (key: string) => (get(key) === '' ? undefined : get(key));
  const input: EventCreateInput = {
    title,
    start_date: at(startDate, get('event_start_time')),
    end_date: at(endDate, endTime),
    ...flags,
    ...(status === undefined ? {} : { status }),
    ...(row.values.has('event_description') ? { description: row.values.get('event_description')! } : {}),
    ...(row.values.has('event_excerpt') ? { excerpt: row.values.get('event_excerpt')! } : {}),
    ...(optional('event_timezone') === undefined ? {} : { timezone: get('event_timezone') }),
    ...(get('event_venue_name') === '' ? {} : { venue: reference('venue', get('event_venue_name')) }),
    ...(organizers.length === 0 ? {} : { organizer: organizers.map((name) => reference('organizer', name)) }),
    ...(get('event_cost') === ''
      ? {}
      : { cost: costWith(get('event_cost'), get('event_currency_symbol'), get('event_currency_position')) }),
    ...(get('event_category') === '' ? {} : { categories: splitNames(get('event_category')) }),
    ...(get('event_tags') === '' ? {} : { tags: splitNames(get('event_tags')) }),
    ...(optional('event_website') === undefined ? {} : { website: get('event_website') }),
    ...(optional('featured_image') === undefined ? {} : { image: get('featured_image') }),
  };
  return { input };
}

/** A venues or organizers file's row as a `POST /venues` or `/organizers` body. */
export function linkedRecordInput(
  type: 'venues' | 'organizers',
  row: CsvRow,
  status: LinkedRecordCreateInput['status'],
): RowInput<LinkedRecordCreateInput> {
  const get = (key: string) => row.values.get(key)?.trim() ?? '';
  const prefix = type === 'venues' ? 'venue' : 'organizer';
  const name = row.values.get(`${prefix}_name`) ?? '';
  if (name.trim() === '')
    return { problems: [`${type === 'venues' ? 'Venue' : 'Organizer'} Name: empty; every ${prefix} needs a name.`] };
  const fields: Record<string, string | number> = {};
  const given = (field: string, value: string) => {
    if (value !== '') fields[field] = value;
  };
  if (type === 'venues') {
    const problems: string[] = [];
    for (const [key, field, label, limit] of [
      ['venue_latitude', 'geo_lat', 'Venue Latitude', 90],
      ['venue_longitude', 'geo_lng', 'Venue Longitude', 180],
    ] as const) {
      const cell = get(key);
      if (cell === '') continue;
      const value = Number(cell);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(cell) || Math.abs(value) > limit)
        problems.push(`${label}: "${cell}" is not a number from -${limit} to ${limit}.`);
      else fields[field] = value;
    }
    if (problems.length > 0) return { problems };
    given('country', get('venue_country'));
    given('address', [get('venue_address'), get('venue_address2')].filter((part) => part !== '').join(', '));
    given('city', get('venue_city'));
    given('stateprovince', get('venue_state'));
    given('zip', get('venue_zip'));
    given('phone', get('venue_phone'));
    given('website', get('venue_url'));
  } else {
    given('email', get('organizer_email'));
    given('website', get('organizer_website'));
    given('phone', get('organizer_phone'));
  }
  const description = row.values.get(`${prefix}_description`);
  return {
    input: {
      [prefix]: name,
      ...fields,
      ...(description === undefined || description === '' ? {} : { description }),
      ...(get('featured_image') === '' ? {} : { image: get('featured_image') }),
      ...(status === undefined ? {} : { status }),
    },
  };
}
