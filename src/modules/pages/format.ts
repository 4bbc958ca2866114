import type { EventWire } from '../events/events.schemas.ts';
import { lastDayOf, shiftDay } from '../../dates/supported-range.ts';
import { plainText } from '../ical/calendar-writer.ts';

/*
 * Dates, calendar links and map links of the public pages. Dates are shown in the event's own
 * zone, which is named, through Intl in the page's language.
 */

/** `YYYY-MM-DD HH:MM:SS` (UTC) as an instant. */
const instant = (utc: string) => new Date(`${utc.replace(' ', 'T')}Z`);
/** A local `YYYY-MM-DD` read as a date, formatted in UTC so no zone moves it. */
const localDay = (local: string) => new Date(`${local.slice(0, 10)}T00:00:00Z`);

/**
 * Intl formatters by locale and options: building one costs far more than formatting with it, and
 * a page formats dozens of dates in a handful of locale, zone and style combinations. The set of
 * combinations is bounded by the languages, the zones in use and the styles below; it is emptied
 * should it ever grow past FORMATTERS_LIMIT.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTERS_LIMIT = 2000;

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    if (formatters.size >= FORMATTERS_LIMIT) formatters.clear();
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

const DAY_FORMAT: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
const TIME_FORMAT: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** The day an event starts and the day it ends, in its own zone. */
export const startDay = (event: EventWire): string => event.start_date.slice(0, 10);
export const endDay = (event: EventWire): string => event.end_date.slice(0, 10);

/**
 * A zone's name for a whole page, the same in summer and winter (`Eastern Time`); a zone Intl has
 * no such name for (`GMT+00:00` for UTC) by its long name (`Coordinated Universal Time`).
 */
export function siteZoneName(zone: string, locale: string, at: Date): string {
  const named = (style: 'longGeneric' | 'long') =>
    dateFormat(locale, { timeZone: zone, timeZoneName: style })
      .formatToParts(at)
      .find((item) => item.type === 'timeZoneName')?.value;
  const generic = named('longGeneric');
  return generic !== undefined && !/^(GMT|UTC)([+-]|$)/.test(generic) ? generic : (named('long') ?? zone);
}

/** The zone an event's times are in, spelled out (`Central European Standard Time`) by Intl, with its IANA name. */
export function zoneName(event: EventWire, locale: string): string {
  const part = dateFormat(locale, { timeZone: event.timezone, timeZoneName: 'long' })
    .formatToParts(instant(event.utc_start_date))
    .find((item) => item.type === 'timeZoneName');
  return part && part.value !== event.timezone ? `${part.value} (${event.timezone})` : event.timezone;
}

/**
 * When an event happens, in words: "Friday, May 14, 2027, 8:00 PM – 10:00 PM", an all-day or
 * multi-day span as its days. The zone is named apart (zoneName).
 */
export function whenText(event: EventWire, locale: string): string {
  const days = dateFormat(locale, { ...DAY_FORMAT, timeZone: 'UTC' });
  const sameDay = startDay(event) === endDay(event);
  if (event.all_day) {
    return sameDay
      ? days.format(localDay(event.start_date))
      : days.formatRange(localDay(event.start_date), localDay(event.end_date));
  }
  const zoned = dateFormat(locale, {
    ...(sameDay ? DAY_FORMAT : { ...DAY_FORMAT, ...TIME_FORMAT }),
    timeZone: event.timezone,
  });
  if (!sameDay) return zoned.formatRange(instant(event.utc_start_date), instant(event.utc_end_date));
  const times = dateFormat(locale, { ...TIME_FORMAT, timeZone: event.timezone });
  const start = instant(event.utc_start_date);
  const end = instant(event.utc_end_date);
  return `${zoned.format(start)}, ${start.getTime() === end.getTime() ? times.format(start) : times.formatRange(start, end)}`;
}

/** The short name of an event's zone ("GMT+2", "PST") at its start. */
export function shortZone(event: EventWire, locale: string): string {
  const part = dateFormat(locale, { timeZone: event.timezone, timeZoneName: 'short' })
    .formatToParts(instant(event.utc_start_date))
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? event.timezone;
}

/**
 * When an event happens, for a list whose date badge and month heading already give its day: the
 * times of a one-day event ("8:00 PM – 10:00 PM"), the days and times of a longer one, undefined
 * for a one-day all-day event. The zone's short name follows only when it is not the site's: the
 * one place a visitor could misread the times.
 */
export function timeRange(event: EventWire, locale: string, siteZone: string): string | undefined {
  const zone = event.all_day || event.timezone === siteZone ? '' : ` ${shortZone(event, locale)}`;
  if (startDay(event) !== endDay(event)) return `${whenText(event, locale)}${zone}`;
  if (event.all_day) return undefined;
  const times = dateFormat(locale, { ...TIME_FORMAT, timeZone: event.timezone });
  const start = instant(event.utc_start_date);
  const end = instant(event.utc_end_date);
  return `${start.getTime() === end.getTime() ? times.format(start) : times.formatRange(start, end)}${zone}`;
}

/** A list's date badge for a local day: its short weekday and its day of the month ("Thu", "26"). */
export function dayBadge(day: string, locale: string): { weekday: string; day: string } {
  const date = localDay(day);
  return {
    weekday: dateFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date),
    day: dateFormat(locale, { day: 'numeric', timeZone: 'UTC' }).format(date),
  };
}

/**
 * The days a list shows, as its heading: "Now – December 1" from today, "November 26 – December 1,
 * 2026" from a chosen day, the one day or "Now" alone when there is no end.
 */
export function rangeTitle(from: string | undefined, until: string | undefined, locale: string, now: string): string {
  const days = dateFormat(locale, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  if (from === undefined)
    return until === undefined
      ? now
      : `${now} – ${dateFormat(locale, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(localDay(until))}`;
  return until === undefined || until <= from
    ? days.format(localDay(from))
    : days.formatRange(localDay(from), localDay(until));
}

/** The start time alone ("8:00 PM"), or undefined for an all-day event. */
export function startTime(event: EventWire, locale: string): string | undefined {
  return event.all_day
    ? undefined
    : dateFormat(locale, { ...TIME_FORMAT, timeZone: event.timezone }).format(instant(event.utc_start_date));
}

/** A `datetime` attribute: the instant with its offset, or the date of an all-day event. */
export function machineTime(event: EventWire, edge: 'start' | 'end'): string {
  if (event.all_day) return (edge === 'start' ? event.start_date : event.end_date).slice(0, 10);
  return `${(edge === 'start' ? event.utc_start_date : event.utc_end_date).replace(' ', 'T')}Z`;
}

/** A day heading ("Friday, May 14, 2027") for a `YYYY-MM-DD`. */
export function dayTitle(day: string, locale: string): string {
  return dateFormat(locale, { ...DAY_FORMAT, timeZone: 'UTC' }).format(localDay(day));
}

/** A month heading ("May 2027") for a `YYYY-MM`. */
export function monthTitle(month: string, locale: string): string {
  return dateFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(localDay(`${month}-01`));
}

/** Weekday names from Monday, long and short, for a month grid's header. */
export function weekdays(locale: string): { long: string; short: string }[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => {
    const day = new Date(Date.UTC(2024, 0, 1 + index));
    return {
      long: dateFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(day),
      short: dateFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(day),
    };
  });
}

/**
 * The days of a month's grid, whole weeks from Monday, each `YYYY-MM-DD`; null for a day past the
 * supported range (the weekend after 9999-12-31: 0001-01-01 is a Monday, so none comes before).
 */
export function monthGrid(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const lead = (weekdayOf(first) + 6) % 7;
  const length = Number(last.slice(8));
  const weeks = Math.ceil((lead + length) / 7);
  return Array.from({ length: weeks }, (_, week) =>
    Array.from({ length: 7 }, (_, index) => shiftDay(first, week * 7 + index - lead) ?? null),
  );
}

/** The weekday of a `YYYY-MM-DD`, 0 for Sunday. */
const weekdayOf = (day: string) => localDay(day).getUTCDay();

/**
 * The seven days of the week holding a day, from Monday as the month grid's rows (decision 0056);
 * null for a day past the supported range.
 */
export function weekOf(day: string): (string | null)[] {
  const lead = (weekdayOf(day) + 6) % 7;
  return Array.from({ length: 7 }, (_, index) => shiftDay(day, index - lead) ?? null);
}

/** The half hour a local `YYYY-MM-DD HH:MM…` falls in, as `HH:MM` ("09:00", "09:30"): a day view's groups (decision 0105). */
export const halfHourOf = (local: string): string =>
  `${local.slice(11, 13)}:${Number(local.slice(14, 16)) < 30 ? '00' : '30'}`;

/** A day view's heading for an `HH:MM` ("9:30 AM", "09:30") in the page's language. */
export function timeHeading(time: string, locale: string): string {
  return dateFormat(locale, { ...TIME_FORMAT, timeZone: 'UTC' }).format(new Date(`1970-01-01T${time}:00Z`));
}

const compact = (utc: string) => utc.replace(/[-: ]/g, '').replace(/^(\d{8})(\d{6})$/, '$1T$2Z');

/** Google Calendar's template link: the times as UTC instants, an all-day span as dates (end exclusive), the zone given. */
export function googleCalendarLink(
  event: EventWire,
  details: { readonly text: string; readonly location: string },
): string {
  const dates = event.all_day
    ? // The end is exclusive: the day after the last, or the last itself on the range's last day.
      `${startDay(event).replace(/-/g, '')}/${(shiftDay(endDay(event), 1) ?? endDay(event)).replace(/-/g, '')}`
    : `${compact(event.utc_start_date)}/${compact(event.utc_end_date)}`;
  const args = new URLSearchParams([
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', dates],
    ['ctz', event.timezone],
    ['details', details.text],
    ['location', details.location],
  ]);
  return `https://calendar.google.com/calendar/render?${args.toString()}`;
}

/**
 * A venue's map links (decision 0061): OpenStreetMap and Google Maps at the point when the venue has
 * coordinates, a search for its address otherwise; undefined with neither. Links, not an embedded
 * map: the page itself requests nothing from either.
 */
export function mapLinks(
  venue: Readonly<Record<string, unknown>>,
  address: string,
): { openStreetMap: string; google: string } | undefined {
  const lat = Number(venue.geo_lat);
  const lng = Number(venue.geo_lng);
  const google = (query: string) =>
    `https://www.google.com/maps/search/?${new URLSearchParams([
      ['api', '1'],
      ['query', query],
    ]).toString()}`;
  if (venue.geo_lat !== undefined && venue.geo_lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng)) {
    return {
      openStreetMap: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`,
      google: google(`${lat},${lng}`),
    };
  }
  return address === ''
    ? undefined
    : {
        openStreetMap: `https://www.openstreetmap.org/search?${new URLSearchParams([['query', address]]).toString()}`,
        google: google(address),
      };
}

/** A text field of a record as the API renders it (venue, organizer, term, image), '' when absent. */
export function textField(record: Readonly<Record<string, unknown>>, name: string): string {
  const value = record[name];
  return typeof value === 'string' ? value : '';
}

/** A venue's address on one line, from the parts it has. */
export function addressLine(venue: Readonly<Record<string, unknown>>): string {
  const text = (name: string) => textField(venue, name).trim();
  return [
    text('address'),
    [text('zip'), text('city')].filter(Boolean).join(' '),
    text('stateprovince'),
    text('country'),
  ]
    .filter(Boolean)
    .join(', ');
}

/** A `tel:` link's target: the digits and the plus sign of a phone number as written. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** An e-mail address that can be a `mailto:` link (nothing that could break out of one). */
export const isEmail = (value: string): boolean => /^[^\s@<>"]+@[^\s@<>"]+$/.test(value);

/** Only http(s) links are made clickable: a stored website is shown as text otherwise. */
export const webHref = (url: string): string | undefined => (/^https?:/i.test(url) ? url : undefined);

/**
 * JSON for a `<script type="application/ld+json">` block: a script's text is not HTML-escaped by
 * the parser, so `<`, `>` and `&` are written as JSON escapes and no value can close the element.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain text of stored HTML (the iCalendar export's conversion), cut to `max` characters, for attributes and links. */
export function summaryText(html: string, max = 300): string {
  const text = plainText(html).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
