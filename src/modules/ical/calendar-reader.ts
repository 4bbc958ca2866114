import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { findIana } from 'windows-iana';
import { WIRE_DATE_FORMAT } from '../../clock.ts';
import { isValidZone, utcToZoned, zonedToUtc } from '../../dates/zones.ts';
import { ApiError } from '../../errors.ts';
import type { Deadline } from '../../deadline.ts';
import { yieldToEventLoop } from '../../event-loop.ts';

/*
 * iCalendar (RFC 5545) documents read for the import (decision 0028), by ical.js; pure: no storage,
 * no clock. Every VEVENT becomes what the events service takes: local wall clocks in an IANA zone
 * (TZIDs that are IANA names as written, Windows names from Outlook through `windows-iana`, any
 * other TZID through the document's own VTIMEZONE), whole days for VALUE=DATE (the exclusive end
 * made the last day), and floating times in the document's X-WR-TIMEZONE, else the site's zone.
 * Anything that cannot be read is a 400 `ical_invalid` naming the line and component.
 */

/** A time as events store it: a wall clock in a zone, or a whole day (`date`, the wall clock at midnight). */
export interface ReadTime {
  readonly local: string;
  readonly zone: string;
  readonly date: boolean;
}

export interface ReadOrganizer {
  readonly name: string;
  readonly email: string;
}

/** One VEVENT, read. */
export interface ReadEvent {
  readonly uid: string;
  /** The line of its BEGIN:VEVENT, for messages and the report. */
  readonly line: number;
  readonly recurrenceId: ReadTime | undefined;
  /** SEQUENCE, 0 when absent. */
  readonly sequence: number;
  /** LAST-MODIFIED as a UTC `YYYY-MM-DD HH:MM:SS`; '' when absent. */
  readonly lastModified: string;
  readonly status: 'confirmed' | 'tentative' | 'cancelled';
  readonly private: boolean;
  readonly title: string;
  /** DESCRIPTION, plain text. */
  readonly description: string;
  /** X-ALT-DESC;FMTTYPE=text/html, when given. */
  readonly descriptionHtml: string | undefined;
  readonly start: ReadTime;
  /** The last day of an all-day event (inclusive), or the end time in the start's zone. */
  readonly end: ReadTime;
  readonly rrules: readonly string[];
  /** RDATE and EXDATE in the start's zone: `YYYY-MM-DD HH:MM:SS`, or `YYYY-MM-DD` for dates. */
  readonly rdates: readonly string[];
  readonly exdates: readonly string[];
  /** LOCATION's first line, and its other lines as one address. */
  readonly location: { readonly name: string; readonly address: string } | undefined;
  readonly geo: { readonly lat: number; readonly lng: number } | undefined;
  readonly organizer: ReadOrganizer | undefined;
  readonly categories: readonly string[];
}

/** A VEVENT that cannot be imported but does not make the document wrong. */
export interface UnreadEvent {
  readonly uid: string;
  readonly line: number;
  readonly reason: string;
}

export interface ReadCalendar {
  readonly events: readonly ReadEvent[];
  readonly unread: readonly UnreadEvent[];
}

/** A 400 naming where the document is wrong. */
export function invalidCalendar(message: string, line?: number, component?: string): ApiError {
  const where = [component, line === undefined ? undefined : `line ${line}`].filter(Boolean).join(' at ');
  return new ApiError('ical_invalid', {
    args: [where === '' ? message : `${where}: ${message}`],
    data: { ...(line === undefined ? {} : { line }), ...(component === undefined ? {} : { component }) },
  });
}

type ContentLine = { text: string; readonly line: number };

/** Content lines after unfolding (RFC 5545 3.1), each with the physical line it starts on. */
function contentLines(text: string): ContentLine[] {
  const lines: ContentLine[] = [];
  text.split(/\r\n|\n|\r/).forEach((physical, index) => {
    if ((physical.startsWith(' ') || physical.startsWith('\t')) && lines.length > 0)
      lines[lines.length - 1]!.text += physical.slice(1);
    else if (physical !== '') lines.push({ text: physical, line: index + 1 });
  });
  return lines;
}

/** Where a content line's value starts: its first colon outside a quoted parameter value; -1 when none. */
function valueStart(text: string): number {
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '"') quoted = !quoted;
    else if (text[at] === ':' && !quoted) return at;
  }
  return -1;
}

/** VEVENTs parsed and read per chunk, and content lines checked per chunk: each chunk is one stretch of work on the event loop (decision 0047). */
const EVENTS_PER_CHUNK = 25;
const LINES_PER_CHUNK = 5_000;

/** One VCALENDAR of a document: its own lines and other components (`frame`), and its VEVENTs' lines, each with the line it begins on. */
interface CalendarLines {
  readonly frame: ContentLine[];
  readonly events: { readonly line: number; readonly lines: ContentLine[] }[];
}

/**
 * The VCALENDARs of a document's content lines, their VEVENTs apart so that they can be parsed a
 * chunk at a time, after checking the structure ical.js would refuse without saying where: lines
 * that are no `NAME[;params]:value`, BEGIN/END that do not pair, anything but VCALENDARs at the top.
 */
async function checkedCalendars(
  lines: readonly ContentLine[],
  nextChunk: () => Promise<void>,
): Promise<CalendarLines[]> {
  if (lines.length === 0 || lines[0]!.text.trim().toUpperCase() !== 'BEGIN:VCALENDAR')
    throw invalidCalendar('the document must begin with BEGIN:VCALENDAR', lines[0]?.line ?? 1);
  const open: { name: string; line: number }[] = [];
  const calendars: CalendarLines[] = [];
  let event: ContentLine[] | undefined;
  for (const [index, content] of lines.entries()) {
    if (index > 0 && index % LINES_PER_CHUNK === 0) await nextChunk();
    const { text, line } = content;
    const colon = valueStart(text);
    const name = text.slice(0, colon < 0 ? 0 : text.search(/[;:]/)).toUpperCase();
    if (colon < 0 || !/^[A-Z0-9-]+$/.test(name))
      throw invalidCalendar(`not a content line (NAME:value): ${JSON.stringify(text.slice(0, 80))}`, line);
    const value = text
      .slice(colon + 1)
      .trim()
      .toUpperCase();
    if (open.length === 0) {
      if (name !== 'BEGIN' || value !== 'VCALENDAR')
        throw invalidCalendar(
          `only VCALENDARs may be at the top of the document: ${JSON.stringify(text.slice(0, 80))}`,
          line,
        );
      calendars.push({ frame: [], events: [] });
    }
    if (name === 'BEGIN' && value === 'VEVENT' && open.length === 1) {
      event = [];
      calendars.at(-1)!.events.push({ line, lines: event });
    }
    (event ?? calendars.at(-1)!.frame).push(content);
    if (name === 'BEGIN') {
      open.push({ name: value, line });
    } else if (name === 'END') {
      const begun = open.pop();
      if (!begun) throw invalidCalendar(`END:${value} closes nothing`, line);
      if (begun.name !== value)
        throw invalidCalendar(
          `END:${value} does not close BEGIN:${begun.name} of line ${begun.line}`,
          line,
          begun.name,
        );
      if (open.length === 1) event = undefined;
    }
  }
  const unclosed = open.pop();
  if (unclosed)
    throw invalidCalendar(
      `BEGIN:${unclosed.name} is never closed by END:${unclosed.name}`,
      unclosed.line,
      unclosed.name,
    );
  return calendars;
}

/** What reading a time needs: the document's VTIMEZONEs by TZID and the zone of floating times. */
interface TimeContext {
  readonly vtimezones: ReadonlyMap<string, ICAL.Timezone>;
  readonly zone: string;
  readonly line: number;
}

/** An IANA zone for a TZID: itself, a Windows zone name's, or the IANA name ending a path (`/mozilla.org/…/Europe/Berlin`). */
export function ianaZoneOf(tzid: string): string | undefined {
  const name = tzid.trim();
  if (/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$|^UTC$/.test(name) && isValidZone(name)) return name;
  const windows = findIana(name)[0];
  if (windows !== undefined && isValidZone(windows)) return windows;
  const segments = name.split('/').filter((segment) => segment !== '');
  for (let from = 1; from < segments.length - 1; from++) {
    const candidate = segments.slice(from).join('/');
    if (isValidZone(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The property's dates as written: ical.js rolls a month 13 or a day 45 over into a later date
 * when read, so they are checked on its jCal text first.
 */
function checkDates(property: ICAL.Property, context: TimeContext): void {
  for (const value of property.jCal.slice(3).flat()) {
    const text = String(value).replace(/Z$/, '');
    if (/^P|^[+-]P/.test(text)) continue;
    // A leap second (:60) is a valid RFC 5545 time, read as :59.
    if (!DateTime.fromISO(text.replace(/:60$/, ':59'), { zone: 'utc' }).isValid)
      throw invalidCalendar(
        `${property.name.toUpperCase()} holds no valid date: ${String(value)}`,
        context.line,
        'VEVENT',
      );
  }
}

/** One ICAL.Time (checked by checkDates) as a ReadTime; the TZID is the property's. */
function readTime(time: ICAL.Time, tzid: string | undefined, context: TimeContext, property: string): ReadTime {
  const local = DateTime.fromObject(
    {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.hour,
      minute: time.minute,
      second: Math.min(time.second, 59),
    },
    { zone: 'utc' },
  ).toFormat(WIRE_DATE_FORMAT);
  if (time.isDate) return { local: `${local.slice(0, 10)} 00:00:00`, zone: context.zone, date: true };
  if (time.zone?.tzid === 'UTC') return { local: utcToZoned(local, context.zone), zone: context.zone, date: false };
  if (tzid === undefined) return { local, zone: context.zone, date: false };
  const zone = ianaZoneOf(tzid);
  if (zone !== undefined) return { local, zone, date: false };
  const vtimezone = context.vtimezones.get(tzid);
  if (!vtimezone)
    throw invalidCalendar(
      `${property} names the time zone ${JSON.stringify(tzid)}, which is neither known nor defined by a VTIMEZONE`,
      context.line,
      'VEVENT',
    );
  // A zone of the document's own (Outlook's "Customized Time Zone"): its rules give the instant, kept in the document's zone.
  const zoned = time.clone();
  zoned.zone = vtimezone;
  const utc = DateTime.fromSeconds(zoned.toUnixTime(), { zone: 'utc' }).toFormat(WIRE_DATE_FORMAT);
  return { local: utcToZoned(utc, context.zone), zone: context.zone, date: false };
}

/** A time moved to another zone (the same instant); dates stay dates. */
export function inZone(time: ReadTime, zone: string): ReadTime {
  if (time.date || time.zone === zone) return { ...time, zone };
  return { local: utcToZoned(zonedToUtc(time.local, time.zone), zone), zone, date: false };
}

const dayShift = (local: string, days: number) =>
  DateTime.fromFormat(local, WIRE_DATE_FORMAT, { zone: 'utc' }).plus({ days }).toFormat(WIRE_DATE_FORMAT);

/** The values of every property `name` (RDATE, EXDATE), as times; a PERIOD counts by its start. */
function readTimes(event: ICAL.Component, name: string, context: TimeContext): ReadTime[] {
  return event.getAllProperties(name).flatMap((property) => {
    checkDates(property, context);
    const tzid = property.getParameter('tzid') as string | undefined;
    return property.getValues().map((value: unknown) => {
      const time: unknown = value instanceof ICAL.Period ? value.start : value;
      if (!(time instanceof ICAL.Time))
        throw invalidCalendar(`${name.toUpperCase()} holds no date: ${String(value)}`, context.line, 'VEVENT');
      return readTime(time, tzid, context, name.toUpperCase());
    });
  });
}

function oneTime(event: ICAL.Component, name: string, context: TimeContext): ReadTime | undefined {
  const property = event.getFirstProperty(name);
  if (!property) return undefined;
  checkDates(property, context);
  const value = property.getFirstValue();
  if (!(value instanceof ICAL.Time))
    throw invalidCalendar(`${name.toUpperCase()} holds no date: ${String(value)}`, context.line, 'VEVENT');
  return readTime(value, property.getParameter('tzid') as string | undefined, context, name.toUpperCase());
}

/** The end: DTEND, else DTSTART plus DURATION, else the start (a whole day for a date); an all-day end is made inclusive. */
function readEnd(event: ICAL.Component, start: ReadTime, context: TimeContext): ReadTime {
  const dtend = oneTime(event, 'dtend', context);
  let end: ReadTime;
  if (dtend) end = inZone(dtend, start.zone);
  else {
    const duration = event.getFirstPropertyValue('duration');
    const base = DateTime.fromFormat(start.local, WIRE_DATE_FORMAT, { zone: start.date ? 'utc' : start.zone });
    const moved =
      duration instanceof ICAL.Duration
        ? base.plus({ seconds: duration.toSeconds() })
        : start.date
          ? base.plus({ days: 1 })
          : base;
    end = { local: moved.toFormat(WIRE_DATE_FORMAT), zone: start.zone, date: start.date };
  }
  if (!start.date) return end;
  // VALUE=DATE ends are exclusive: the event's last day is the day before (and never before its first).
  const last = dayShift(`${end.local.slice(0, 10)} 00:00:00`, -1);
  return { local: last < start.local ? start.local : last, zone: start.zone, date: true };
}

/** RFC 5545 TEXT escaping undone, for X- properties, whose values ical.js leaves as written. */
const unescapeText = (text: string) =>
  text.replace(/\\([\\;,nN])/g, (_match, char: string) => (char === 'n' || char === 'N' ? '\n' : char));

const textOf = (event: ICAL.Component, name: string) => {
  const value = event.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
};

function readOrganizer(event: ICAL.Component): ReadOrganizer | undefined {
  const property = event.getFirstProperty('organizer');
  if (!property) return undefined;
  const address = String(property.getFirstValue() ?? '').trim();
  const email = /^mailto:/i.test(address)
    ? address.slice('mailto:'.length).trim()
    : address.includes('@')
      ? address
      : '';
  const name = String(property.getParameter('cn') ?? '').trim() || email;
  return name === '' ? undefined : { name, email };
}

function readEvent(
  event: ICAL.Component,
  line: number,
  zone: string,
  vtimezones: ReadonlyMap<string, ICAL.Timezone>,
): ReadEvent | UnreadEvent {
  const uid = textOf(event, 'uid');
  if (uid === '') return { uid: '', line, reason: 'The VEVENT has no UID, so a later import could not find it again.' };
  const context: TimeContext = { vtimezones, zone, line };
  const dtstart = oneTime(event, 'dtstart', context);
  if (!dtstart) throw invalidCalendar('DTSTART is missing', line, 'VEVENT');
  // All-day events and their dates are whole days of the calendar's zone.
  const start = dtstart.date ? { ...dtstart, zone } : dtstart;
  const end = readEnd(event, start, context);
  if (end.local < start.local) throw invalidCalendar('DTEND is before DTSTART', line, 'VEVENT');
  const datesOf = (name: string) =>
    readTimes(event, name, context).map((time) =>
      time.date ? time.local.slice(0, 10) : start.date ? time.local.slice(0, 10) : inZone(time, start.zone).local,
    );
  const recurrenceId = oneTime(event, 'recurrence-id', context);
  const lastModified = event.getFirstPropertyValue('last-modified');
  const sequence = Number(event.getFirstPropertyValue('sequence') ?? 0);
  const status = textOf(event, 'status').toUpperCase();
  const [name = '', ...address] = textOf(event, 'location')
    .split(/\r?\n/)
    .map((part) => part.trim());
  const geo = event.getFirstPropertyValue('geo');
  const html = event.getFirstProperty('x-alt-desc');
  return {
    uid,
    line,
    recurrenceId,
    sequence: Number.isInteger(sequence) && sequence >= 0 ? sequence : 0,
    lastModified:
      lastModified instanceof ICAL.Time
        ? DateTime.fromSeconds(lastModified.toUnixTime(), { zone: 'utc' }).toFormat(WIRE_DATE_FORMAT)
        : '',
    status: status === 'CANCELLED' ? 'cancelled' : status === 'TENTATIVE' ? 'tentative' : 'confirmed',
    private: ['PRIVATE', 'CONFIDENTIAL'].includes(textOf(event, 'class').toUpperCase()),
    title: textOf(event, 'summary'),
    description: textOf(event, 'description'),
    descriptionHtml:
      html && String(html.getParameter('fmttype') ?? '').toLowerCase() === 'text/html'
        ? unescapeText(String(html.getFirstValue() ?? '')).trim() || undefined
        : undefined,
    start,
    end,
    rrules: event.getAllProperties('rrule').map((property) => property.toICALString().replace(/^RRULE:/i, '')),
    rdates: datesOf('rdate'),
    exdates: datesOf('exdate'),
    location: name === '' ? undefined : { name, address: address.filter((part) => part !== '').join(', ') },
    geo:
      Array.isArray(geo) &&
      geo.length === 2 &&
      geo.every((value) => typeof value === 'number' && Number.isFinite(value))
        ? { lat: geo[0] as number, lng: geo[1] as number }
        : undefined,
    organizer: readOrganizer(event),
    categories: [
      ...new Set(
        event
          .getAllProperties('categories')
          .flatMap((property) => property.getValues().map((value) => String(value).trim())),
      ),
    ].filter((value) => value !== ''),
  };
}

/** The VCALENDARs ical.js parses `text` to; a 400 naming the line of what it refuses. */
function parseCalendars(text: string, source: string): ICAL.Component[] {
  try {
    const parsed = ICAL.parse(text) as unknown[];
    // One VCALENDAR parses to its jCal array, several to a list of them.
    return (typeof parsed[0] === 'string' ? [parsed] : parsed).map((jcal) => new ICAL.Component(jcal as unknown[]));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // ical.js quotes the line or value it refuses: the first line holding it is the one to name.
    const quoted = /"([^"]+)"/.exec(message)?.[1];
    const line =
      quoted === undefined
        ? undefined
        : contentLines(source).find((candidate) => candidate.text.includes(quoted))?.line;
    throw invalidCalendar(message, line);
  }
}

/**
 * Reads an iCalendar document: every VEVENT of every VCALENDAR in it (other components are
 * ignored). `siteZone` is the zone of floating times and all-day events unless the document
 * names its own (X-WR-TIMEZONE). A document of thousands of events (the import takes megabytes)
 * is parsed and read EVENTS_PER_CHUNK VEVENTs at a time, each chunk with its calendar's own lines
 * and VTIMEZONEs, giving the event loop back between chunks (decision 0047). With a `deadline`, it
 * stops between chunks once that has expired (TimedOut): a request answered 503 parses no further.
 */
export async function readCalendar(text: string, siteZone: string, deadline?: Deadline): Promise<ReadCalendar> {
  const nextChunk = async () => {
    await yieldToEventLoop();
    deadline?.throwIfExpired();
  };
  const source = text.replace(/^\uFEFF/, '');
  const events: ReadEvent[] = [];
  const unread: UnreadEvent[] = [];
  for (const calendarLines of await checkedCalendars(contentLines(source), nextChunk)) {
    await nextChunk();
    const frame = calendarLines.frame.map((content) => content.text);
    const [head, end] = [frame.slice(0, -1), frame.at(-1)!];
    let zone = siteZone;
    let vtimezones = new Map<string, ICAL.Timezone>();
    for (let from = 0; from === 0 || from < calendarLines.events.length; from += EVENTS_PER_CHUNK) {
      if (from > 0) await nextChunk();
      const chunk = calendarLines.events.slice(from, from + EVENTS_PER_CHUNK);
      const [calendar] = parseCalendars(
        [...head, ...chunk.flatMap((event) => event.lines.map((content) => content.text)), end].join('\r\n'),
        source,
      );
      if (from === 0) {
        const named = textOf(calendar!, 'x-wr-timezone');
        zone = (named !== '' ? ianaZoneOf(named) : undefined) ?? siteZone;
        vtimezones = new Map(
          calendar!
            .getAllSubcomponents('vtimezone')
            .flatMap((component) =>
              textOf(component, 'tzid') === ''
                ? []
                : [[textOf(component, 'tzid'), new ICAL.Timezone(component)] as const],
            ),
        );
      }
      calendar!.getAllSubcomponents('vevent').forEach((component, index) => {
        const read = readEvent(component, chunk[index]!.line, zone, vtimezones);
        if ('reason' in read) unread.push(read);
        else events.push(read);
      });
    }
  }
  return { events, unread };
}
