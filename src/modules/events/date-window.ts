import { DateTime } from 'luxon';
import { WIRE_DATE_FORMAT } from '../../clock.ts';
import { endOfDay, instantOf, parseDateInput, startOfDay, wallClockOf } from '../../dates/parse.ts';
import { utcToZoned } from '../../dates/zones.ts';
import type { DateBounds } from '../../storage/repositories/event-filter.ts';

/*
 * The archive's date bounds (wire-format 4.1.1, 4.1.2), compared with each event's own local
 * start and end wall-clock times.
 */

export interface DateQuery {
  start_date?: string | number;
  end_date?: string | number;
  starts_before?: string | number;
  starts_after?: string | number;
  ends_before?: string | number;
  ends_after?: string | number;
  strict_dates?: boolean;
}

const RELATIVE = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

/** How far ahead the default window reaches (the original's 24 months); recurring series are materialised past it. */
export const DEFAULT_WINDOW_MONTHS = 24;

/**
 * Non-strict: only the calendar date counts, `start_date` from that day's beginning and every
 * other bound to its end; a timestamp or a value with an offset is read as a UTC instant first.
 * Strict: the value is an instant (naive strings are UTC) converted to the site zone.
 */
function bound(value: string | number, strict: boolean, siteZone: string, now: Date, edge: 'start' | 'end'): string {
  const parsed = parseDateInput(value, now, 'UTC');
  if (strict) return utcToZoned(instantOf(parsed, 'UTC'), siteZone);
  const wallClock =
    parsed.kind === 'timestamp' || parsed.offsetMinutes !== null ? instantOf(parsed, 'UTC') : wallClockOf(parsed);
  return edge === 'start' ? startOfDay(wallClock) : endOfDay(wallClock);
}

/** The last default window worked out, by the UTC day and site zone it is for. */
let lastDefaultWindow:
  | { readonly day: string; readonly zone: string; readonly window: { readonly start: string; readonly end: string } }
  | undefined;

/**
 * The original's default window: from the beginning of "yesterday 23:59 UTC" in the site zone, to
 * now + 24 months. Both ends depend on the UTC day alone, so every archive read of a day shares one
 * (luxon's date arithmetic was 2% of a computed archive answer).
 */
function defaultWindow(now: Date, siteZone: string): { start: string; end: string } {
  const day = now.toISOString().slice(0, 10);
  if (lastDefaultWindow?.day === day && lastDefaultWindow.zone === siteZone) return { ...lastDefaultWindow.window };
  const utcNow = DateTime.fromJSDate(now, { zone: 'utc' });
  const yesterdayEnd = utcNow
    .minus({ days: 1 })
    .set({ hour: 23, minute: 59, second: 0, millisecond: 0 })
    .toFormat(WIRE_DATE_FORMAT);
  const window = {
    start: startOfDay(utcToZoned(yesterdayEnd, siteZone)),
    end: endOfDay(utcNow.plus({ months: DEFAULT_WINDOW_MONTHS }).toFormat(WIRE_DATE_FORMAT)),
  };
  lastDefaultWindow = { day, zone: siteZone, window };
  return { ...window };
}

/** Throws DateParseError (a 400 for the caller) when a value cannot be read. */
export function dateBounds(query: DateQuery, siteZone: string, now: Date): DateBounds {
  const strict = query.strict_dates === true;
  const read = (value: string | number | undefined, edge: 'start' | 'end') =>
    value === undefined ? undefined : bound(value, strict, siteZone, now, edge);
  // Any relative bound drops the default window; an explicit start_date/end_date stays.
  const usesDefaults = RELATIVE.every((name) => query[name] === undefined);
  const defaults = usesDefaults ? defaultWindow(now, siteZone) : undefined;
  const bounds: DateBounds = {
    startFrom: read(query.start_date, 'start') ?? defaults?.start,
    endUntil: read(query.end_date, 'end') ?? defaults?.end,
    startsBefore: read(query.starts_before, 'end'),
    startsAfter: read(query.starts_after, 'end'),
    endsBefore: read(query.ends_before, 'end'),
    endsAfter: read(query.ends_after, 'end'),
  };
  return Object.fromEntries(Object.entries(bounds).filter(([, value]) => value !== undefined));
}

/**
 * The latest local start a window admits (its earliest upper bound: `end_date`, `starts_before` or
 * `ends_before`, since no event ends before it starts); undefined for a window open to the future.
 */
export function windowEnd(bounds: DateBounds): string | undefined {
  const ends = [bounds.endUntil, bounds.startsBefore, bounds.endsBefore].filter(
    (end): end is string => end !== undefined,
  );
  return ends.length === 0 ? undefined : ends.sort()[0];
}
