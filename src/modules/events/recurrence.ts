import { FixedOffsetZone, type DateTime } from 'luxon';
import { parseWire } from '../../dates/zones.ts';

/*
 * Recurring events (issue 14, decision 0025): the rules of a series as RFC 5545 text, read from the
 * wire and checked part by part (series-expansion.ts expands them into dated occurrences, and
 * series-horizon.ts says how far). Pure: no storage, no clock.
 *
 * `rrule` parses leniently (a missing FREQ, `INTERVAL=0`, `COUNT=abc` pass), so the text is checked
 * here first, part by part, and `rrule` only expands rules found valid.
 */

export interface Recurrence {
  readonly rrules: readonly string[];
  readonly rdates: readonly string[];
  readonly exdates: readonly string[];
}

export type ReadRecurrenceResult = { readonly recurrence: Recurrence | null } | { readonly problem: string };

/** Bounds on what a client may send: a series is a handful of rules and a list of dates, not a data dump. */
export const MAX_RULES = 10;
export const MAX_RULE_LENGTH = 500;
export const MAX_DATES = 1000;

const WIRE_KEYS = new Set(['rrule', 'rdates', 'exdates']);

/**
 * The wire's `recurrence` value: `null` or `{}` (or only empty lists) removes it; otherwise the
 * rules without an `RRULE:` prefix, in upper case, and the dates sorted and deduplicated.
 */
export function readRecurrence(value: unknown): ReadRecurrenceResult {
  if (value === null) return { recurrence: null };
  if (typeof value !== 'object' || Array.isArray(value))
    return { problem: 'recurrence must be an object with "rrule", "rdates" and "exdates", or null.' };
  const fields = value as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => !WIRE_KEYS.has(key));
  if (unknown.length > 0)
    return {
      problem: `recurrence has unknown key(s) ${unknown.map((key) => JSON.stringify(key)).join(', ')}; it takes "rrule", "rdates" and "exdates".`,
    };

  const rules = fields['rrule'] === undefined || fields['rrule'] === null ? [] : fields['rrule'];
  const ruleList = typeof rules === 'string' ? [rules] : rules;
  if (!Array.isArray(ruleList) || ruleList.some((rule) => typeof rule !== 'string'))
    return { problem: 'recurrence.rrule must be an RFC 5545 rule or a list of them.' };
  if (ruleList.length > MAX_RULES)
    return { problem: `recurrence.rrule holds ${ruleList.length} rules; at most ${MAX_RULES} are allowed.` };
  const rrules: string[] = [];
  for (const text of ruleList as string[]) {
    const read = readRule(text);
    if ('problem' in read) return read;
    if (!rrules.includes(read.rule)) rrules.push(read.rule);
  }

  const rdates = readDates(fields['rdates'], 'rdates');
  if ('problem' in rdates) return rdates;
  const exdates = readDates(fields['exdates'], 'exdates');
  if ('problem' in exdates) return exdates;

  if (rrules.length === 0 && rdates.dates.length === 0) {
    if (exdates.dates.length > 0)
      return { problem: 'recurrence.exdates needs an rrule or rdates to exclude dates from.' };
    return { recurrence: null };
  }
  return { recurrence: { rrules, rdates: rdates.dates, exdates: exdates.dates } };
}

/** The wire form of a stored recurrence: one rule as a string, several as a list. */
export function recurrenceOnWire(recurrence: Recurrence): {
  rrule: string | string[];
  rdates: string[];
  exdates: string[];
} {
  return {
    rrule: recurrence.rrules.length === 1 ? recurrence.rrules[0]! : [...recurrence.rrules],
    rdates: [...recurrence.rdates],
    exdates: [...recurrence.exdates],
  };
}

// ---------------------------------------------------------------------------------------------
// Rule text

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const FREQUENCIES = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const SUB_DAILY = new Set(['HOURLY', 'MINUTELY', 'SECONDLY']);
const MAX_INTERVAL = 1000;
const MAX_COUNT = 100_000;

/** An integer list part: each value within ±max (`min` 0 allows zero), as RFC 5545 section 3.3.10 bounds it. */
function integerList(min: number, max: number, signed: boolean) {
  return (value: string): string | null => {
    for (const item of value.split(',')) {
      if (!(signed ? /^[+-]?\d{1,3}$/ : /^\d{1,3}$/).test(item))
        return `"${item}" is not ${signed ? 'an' : 'a non-negative'} integer`;
      const number = Math.abs(Number(item));
      if (number < min || number > max)
        return `${item} is out of range (${signed ? `${min} to ${max} or -${max} to -${min}` : `${min} to ${max}`})`;
    }
    return null;
  };
}

const BYDAY_ITEM = /^([+-]?\d{1,2})?([A-Z]{2})$/;

function checkByDay(value: string): string | null {
  for (const item of value.split(',')) {
    const match = BYDAY_ITEM.exec(item);
    if (!match || !WEEKDAYS.includes(match[2]!))
      return `"${item}" is not a weekday (SU, MO, TU, WE, TH, FR or SA, with an optional ordinal such as 2TU or -1FR)`;
    const ordinal = match[1] === undefined ? null : Math.abs(Number(match[1]));
    if (ordinal !== null && (ordinal < 1 || ordinal > 53))
      return `the ordinal of "${item}" is out of range (1 to 53 or -1 to -53)`;
  }
  return null;
}

const UNTIL_VALUE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;

/** The checks of each rule part's value; a part not listed here is not RFC 5545's. */
const PART_CHECKS: Record<string, (value: string) => string | null> = {
  FREQ: (value) =>
    FREQUENCIES.has(value)
      ? null
      : SUB_DAILY.has(value)
        ? `${value} is not supported; repeat daily at several times with BYHOUR and BYMINUTE`
        : `"${value}" is not one of DAILY, WEEKLY, MONTHLY, YEARLY`,
  UNTIL: (value) =>
    readUntil(value) ? null : `"${value}" is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS, with Z for UTC)`,
  COUNT: (value) =>
    /^\d{1,6}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_COUNT
      ? null
      : `"${value}" is not a whole number from 1 to ${MAX_COUNT}`,
  INTERVAL: (value) =>
    /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_INTERVAL
      ? null
      : `"${value}" is not a whole number from 1 to ${MAX_INTERVAL}`,
  BYSECOND: integerList(0, 60, false),
  BYMINUTE: integerList(0, 59, false),
  BYHOUR: integerList(0, 23, false),
  BYDAY: checkByDay,
  BYMONTHDAY: integerList(1, 31, true),
  BYYEARDAY: integerList(1, 366, true),
  BYWEEKNO: integerList(1, 53, true),
  BYMONTH: integerList(1, 12, false),
  BYSETPOS: integerList(1, 366, true),
  WKST: (value) => (WEEKDAYS.includes(value) ? null : `"${value}" is not a weekday (SU, MO, TU, WE, TH, FR or SA)`),
};

export interface UntilValue {
  readonly wallClock: string;
  readonly utc: boolean;
  readonly dateOnly: boolean;
}

export function readUntil(value: string): UntilValue | null {
  const match = UNTIL_VALUE.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zulu] = match;
  const wallClock = `${year}-${month}-${day} ${hour}:${minute}:${second}`;
  if (!isWallClock(wallClock)) return null;
  return { wallClock, utc: zulu !== undefined, dateOnly: match[4] === undefined };
}

/** A rule's parts by name, after the checks of `readRule`. */
export type RuleParts = ReadonlyMap<string, string>;

/**
 * One rule as the client wrote it, checked part by part: the RFC 5545 `RRULE` value, optionally
 * with an `RRULE:` prefix. A `DTSTART` is refused: the event's start is the series' start.
 */
export function readRule(
  text: string,
): { readonly rule: string; readonly parts: RuleParts } | { readonly problem: string } {
  const quoted = JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
  const fail = (why: string) => ({ problem: `recurrence.rrule ${quoted} is not a valid RFC 5545 rule: ${why}.` });
  if (text.length > MAX_RULE_LENGTH) return fail(`it is longer than ${MAX_RULE_LENGTH} characters`);
  const upper = text.trim().toUpperCase();
  if (/(^|[\s;])DTSTART[:;=]/.test(upper))
    return fail("DTSTART is not taken; the event's start_date is the start of the series");
  if (/[\r\n]/.test(upper))
    return fail('give one rule per string, without other iCalendar lines (rdates and exdates are fields of their own)');
  const rule = upper.startsWith('RRULE:') ? upper.slice('RRULE:'.length) : upper;
  if (rule === '') return fail('it is empty');

  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    // A trailing or doubled `;` is forgiven as well.
    if (part.trim() === '') continue;
    const equals = part.indexOf('=');
    // Spaces around names and values are forgiven; the stored rule has none.
    const name = (equals < 0 ? part : part.slice(0, equals)).trim();
    const partValue = equals < 0 ? '' : part.slice(equals + 1).trim();
    const check = PART_CHECKS[name];
    if (!check) return fail(`unknown rule part ${JSON.stringify(name)}`);
    if (parts.has(name)) return fail(`${name} is given twice`);
    if (partValue === '') return fail(`${name} has no value`);
    const why = check(partValue);
    if (why !== null) return fail(`${name}: ${why}`);
    parts.set(name, partValue);
  }

  const freq = parts.get('FREQ');
  if (freq === undefined) return fail('FREQ is missing');
  if (parts.has('COUNT') && parts.has('UNTIL')) return fail('COUNT and UNTIL must not both be given');
  if (parts.has('BYMONTHDAY') && freq === 'WEEKLY') return fail('BYMONTHDAY is not allowed with FREQ=WEEKLY');
  if (parts.has('BYYEARDAY') && freq !== 'YEARLY') return fail('BYYEARDAY is only allowed with FREQ=YEARLY');
  if (parts.has('BYWEEKNO') && freq !== 'YEARLY') return fail('BYWEEKNO is only allowed with FREQ=YEARLY');
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined && /\d/.test(byDay)) {
    if (freq !== 'MONTHLY' && freq !== 'YEARLY')
      return fail('a BYDAY ordinal (such as 2TU) needs FREQ=MONTHLY or FREQ=YEARLY');
    if (freq === 'YEARLY' && parts.has('BYWEEKNO')) return fail('a BYDAY ordinal is not allowed with BYWEEKNO');
    if (freq === 'MONTHLY' && byDay.split(',').some((item) => Math.abs(Number(BYDAY_ITEM.exec(item)![1] ?? 0)) > 5))
      return fail('a BYDAY ordinal in a month is at most 5');
  }
  const neverMeet = monthDaysOutside(parts);
  if (neverMeet !== null) return fail(neverMeet);
  if (parts.has('BYSETPOS') && ![...parts.keys()].some((name) => name.startsWith('BY') && name !== 'BYSETPOS'))
    return fail('BYSETPOS needs another BY part to select from');
  return { rule: [...parts].map(([name, partValue]) => `${name}=${partValue}`).join(';'), parts };
}

/** The most days each month has (February's 29 in a leap year). */
const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Why BYMONTHDAY and BYMONTH never meet (`BYMONTH=2;BYMONTHDAY=30`), or null: the commonest rule
 * that yields nothing, named plainly rather than found by a search (`MAX_EXPANSION_WORK`).
 */
function monthDaysOutside(parts: RuleParts): string | null {
  const monthDays = parts.get('BYMONTHDAY');
  const months = parts.get('BYMONTH');
  if (monthDays === undefined || months === undefined) return null;
  const longest = Math.max(...months.split(',').map((month) => MONTH_LENGTHS[Number(month) - 1]!));
  if (monthDays.split(',').some((day) => Math.abs(Number(day)) <= longest)) return null;
  return `BYMONTHDAY=${monthDays} never falls in BYMONTH=${months} (at most ${longest} days)`;
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** rdates or exdates: local `YYYY-MM-DD HH:MM:SS` times, or `YYYY-MM-DD` dates (a whole day), sorted and deduplicated. */
function readDates(
  value: unknown,
  name: 'rdates' | 'exdates',
): { readonly dates: readonly string[] } | { readonly problem: string } {
  if (value === undefined || value === null) return { dates: [] };
  if (!Array.isArray(value))
    return { problem: `recurrence.${name} must be a list of local dates ("YYYY-MM-DD HH:MM:SS" or "YYYY-MM-DD").` };
  if (value.length > MAX_DATES)
    return { problem: `recurrence.${name} holds ${value.length} dates; at most ${MAX_DATES} are allowed.` };
  const dates = new Set<string>();
  for (const item of value) {
    const text = typeof item === 'string' ? item.trim() : null;
    const valid =
      text !== null &&
      (LOCAL_DATE_TIME.test(text) || LOCAL_DATE.test(text)) &&
      isWallClock(LOCAL_DATE.test(text) ? `${text} 00:00:00` : text);
    if (!valid)
      return {
        problem: `recurrence.${name} holds ${JSON.stringify(item)}, which is not a local date ("YYYY-MM-DD HH:MM:SS" or "YYYY-MM-DD").`,
      };
    dates.add(text);
  }
  return { dates: [...dates].sort() };
}

// ---------------------------------------------------------------------------------------------
// Expansion

// ---------------------------------------------------------------------------------------------
// Wall clocks

/** A wall clock as a floating luxon DateTime: UTC fields carry the local time, so arithmetic is wall-clock arithmetic. */
export function floating(wallClock: string): DateTime {
  return parseWire(wallClock, FixedOffsetZone.utcInstance);
}

/** Whether the text is a real `YYYY-MM-DD HH:MM:SS` date-time (no February 30). */
function isWallClock(text: string): boolean {
  try {
    floating(text);
    return true;
  } catch (error) {
    // parseWire's verdict on text that is no date-time; anything else is a fault to report.
    if (error instanceof RangeError) return false;
    throw error;
  }
}

/** The wall clock of a floating instant (milliseconds), `YYYY-MM-DD HH:MM:SS`: the ISO text of its UTC fields, cut. */
export function wallClockOf(floatingMillis: number): string {
  return new Date(floatingMillis).toISOString().slice(0, 19).replace('T', ' ');
}
