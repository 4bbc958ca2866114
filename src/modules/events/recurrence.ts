import { DateTime, FixedOffsetZone } from 'luxon';
import rrulePackage, { type Options as RuleOptions } from 'rrule';
import { WIRE_DATE_FORMAT } from '../../clock.ts';
import { endOfDay, startOfDay } from '../../dates/wall-clock.ts';
import { parseWire, utcToZoned, zonedToUtc } from '../../dates/zones.ts';
import { DEFAULT_WINDOW_MONTHS } from './date-window.ts';

/*
 * Recurring events (issue 14, decision 0025): the rules of a series as RFC 5545 text, read from the
 * wire and expanded into dated occurrences. Pure: no storage, no clock.
 *
 * Expansion is the `rrule` package's (a port of python-dateutil), not ical.js's iterator, which
 * gives wrong dates for rules that skip months (`FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30` yields March 2)
 * and never returns from `next()` for some rules that yield nothing (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`).
 * `rrule` parses leniently (a missing FREQ, `INTERVAL=0`, `COUNT=abc` pass), so the text is checked
 * here first, part by part, and `rrule` only expands rules found valid.
 *
 * Expansion runs in floating local time: a JS Date whose UTC fields are the event's wall clock, so a
 * 19:00 class stays at 19:00 through DST; each local time is then converted to UTC in the event's zone.
 */

const { RRule } = rrulePackage;

export interface Recurrence {
  readonly rrules: readonly string[];
  readonly rdates: readonly string[];
  readonly exdates: readonly string[];
}

export interface SeriesSchedule {
  readonly startLocal: string;
  readonly endLocal: string;
  readonly timezone: string;
  readonly allDay: boolean;
}

export interface OccurrenceDates {
  readonly key: string;
  readonly startLocal: string;
  readonly endLocal: string;
  readonly startUtc: string;
  readonly endUtc: string;
}

export type ReadRecurrenceResult = { readonly recurrence: Recurrence | null } | { readonly problem: string };
export type ExpandSeriesResult =
  | {
      readonly occurrences: readonly OccurrenceDates[];
      readonly continues: boolean;
      /** Cut short at `maxOccurrences` (`whenTooMany: 'truncate'`): the local start of the first date left out. */
      readonly reachedLocal?: string;
    }
  | { readonly problem: string };

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

interface UntilValue {
  readonly wallClock: string;
  readonly utc: boolean;
  readonly dateOnly: boolean;
}

function readUntil(value: string): UntilValue | null {
  const match = UNTIL_VALUE.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zulu] = match;
  const wallClock = `${year}-${month}-${day} ${hour}:${minute}:${second}`;
  if (!isWallClock(wallClock)) return null;
  return { wallClock, utc: zulu !== undefined, dateOnly: match[4] === undefined };
}

/** A rule's parts by name, after the checks of `readRule`. */
type RuleParts = ReadonlyMap<string, string>;

/**
 * One rule as the client wrote it, checked part by part: the RFC 5545 `RRULE` value, optionally
 * with an `RRULE:` prefix. A `DTSTART` is refused: the event's start is the series' start.
 */
function readRule(text: string): { readonly rule: string; readonly parts: RuleParts } | { readonly problem: string } {
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
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

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

/** A wall clock as a floating luxon DateTime: UTC fields carry the local time, so arithmetic is wall-clock arithmetic. */
function floating(wallClock: string): DateTime {
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
function wallClockOf(floatingMillis: number): string {
  return new Date(floatingMillis).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The work one expansion of a series may cost besides its dates (decision 0046), in units of about
 * one period of a daily rule's walk through rrule (3 to 6 µs; 25 on a loaded machine). rrule walks
 * period after period until a date passes every filter of a rule, and stops at its UNTIL only on a
 * date that does, so a rule that yields nothing (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31`) walked to
 * year 9999: 7 to 18 s on the event loop, which any contributor could send. 2,000 units hold a
 * daily rule's 5 years, a weekly one's 230 and a yearly one's 150 (rare dates are a yearly rule's:
 * 29 February on a Monday); they are shared by every rule of the series, so ten rules cost no more
 * than one, and stay within 50 ms on a loaded machine.
 */
export const MAX_EXPANSION_WORK = 2_000;

/**
 * Dates one expansion may yield, for a budget's share of them: three units each (the date's two
 * and a daily period's one, so that a daily series is never cut short by its own length). A
 * caller that takes any number (the background extension, which expands a series from its start)
 * is held to this many, 55 years of a daily series.
 */
const MAX_EXPANDED_DATES = 20_000;

/** Work units left to one expansion; once spent, every walk sharing it stops. */
class WorkBudget {
  #left: number;

  constructor(maxDates: number) {
    this.#left = MAX_EXPANSION_WORK + 3 * Math.min(maxDates, MAX_EXPANDED_DATES);
  }

  /** Whether `units` could be spent; once they cannot, none can. */
  spend(units: number): boolean {
    this.#left -= units;
    return this.#left >= 0;
  }

  get spent(): boolean {
    return this.#left < 0;
  }
}

/** rrule's options of a rule, as it parsed them. */
type ParsedOptions = InstanceType<typeof RRule>['options'];

/** Days rrule looks at per period of each frequency (its yearly period is a whole year's day set). */
const DAYS_PER_PERIOD: Partial<Record<number, number>> = {
  [RRule.YEARLY]: 366,
  [RRule.MONTHLY]: 31,
  [RRule.WEEKLY]: 7,
};

/**
 * What one period of a rule's walk costs, in work units: a daily period is one; a period's days
 * cost a thirtieth each (a yearly period measured some 13 daily ones); a BYSETPOS list is
 * selected among the period's days once per position. Each date a walk yields costs two more
 * (rrule's work and ours), charged as it comes.
 */
function periodCost(options: ParsedOptions): number {
  const days = DAYS_PER_PERIOD[options.freq] ?? 1;
  return 1 + days / 30 + ((options.bysetpos?.length ?? 0) * days) / 30;
}

/**
 * An rrule of `options` whose walk stops once `budget` is spent. rrule ends a walk when a rule's
 * `interval` reads 0 (its guard against `INTERVAL=0`), which it reads twice as it steps from each
 * period to the next (so each read pays half a period): the rule's interval answers 0 once the
 * budget is spent, and the caller tells that
 * stop from a real end by `budget.spent`. This is the only way to stop a walk between dates
 * (rrule's callback hears only dates that pass the filters); `recurrence.test.ts` pins it.
 */
function boundedRule(options: Partial<RuleOptions>, budget: WorkBudget): InstanceType<typeof RRule> {
  const rule = new RRule(options);
  const { interval } = rule.options;
  const cost = periodCost(rule.options);
  Object.defineProperty(rule.options, 'interval', { get: () => (budget.spend(cost / 2) ? interval : 0) });
  return rule;
}

/** Rule parts that never make a rule yield nothing: plain weekdays and times of day (but see `surelyYields`). */
const HARMLESS_PARTS = new Set([
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'WKST',
  'BYDAY',
  'BYHOUR',
  'BYMINUTE',
  'BYSECOND',
]);

/**
 * Whether a rule yields dates without asking rrule: one with no parts but plain weekdays and times
 * always does (every week, month and year has every weekday), except a daily one whose INTERVAL is
 * a multiple of 7, which steps on one weekday only. The weekly classes of a calendar are such rules.
 */
function surelyYields(parts: RuleParts): boolean {
  if (![...parts.keys()].every((name) => HARMLESS_PARTS.has(name))) return false;
  if (/\d/.test(parts.get('BYDAY') ?? '')) return false;
  return !(parts.get('FREQ') === 'DAILY' && parts.has('BYDAY') && Number(parts.get('INTERVAL') ?? 1) % 7 === 0);
}

/**
 * Whether a rule yields any date before its own UNTIL, found within `budget`: 'spent' when the
 * budget ran out first (its dates are too rare to look for, or never come).
 */
function yieldsAnything(options: Partial<RuleOptions>, dtstart: DateTime, budget: WorkBudget): boolean | 'spent' {
  const probe = boundedRule({ ...options, count: null, dtstart: dtstart.toJSDate() }, budget);
  const found = probe.all((_date, index) => index < 1).length > 0;
  return found || (budget.spent ? 'spent' : false);
}

/** The rrule options of a checked rule, its UNTIL as a wall clock in the event's zone (inclusive through a date-only UNTIL's day). */
function ruleOptions(parts: RuleParts, zone: string): Partial<RuleOptions> {
  const untilText = parts.get('UNTIL');
  const text = [...parts]
    .filter(([name]) => name !== 'UNTIL')
    .map(([name, value]) => `${name}=${value}`)
    .join(';');
  const options: Partial<RuleOptions> = { ...RRule.parseString(text), tzid: null };
  const until = untilText === undefined ? null : readUntil(untilText)!;
  if (until) {
    const wallClock = until.utc
      ? utcToZoned(until.wallClock, zone)
      : until.dateOnly
        ? endOfDay(until.wallClock)
        : until.wallClock;
    options.until = floating(wallClock).toJSDate();
  }
  return options;
}

/**
 * The occurrences of a series from its start up to `untilLocal` (exclusive upper bound on the local
 * start), in start order, the first being DTSTART itself unless excluded; `continues` when the rules
 * or rdates give more at or after `untilLocal`. DTSTART is always an occurrence (RFC 5545: it counts
 * as the first), also when it does not match the rule. A problem comes back as text for a 400.
 * More than `maxOccurrences` dates are a problem too, unless `whenTooMany` is 'truncate': the first
 * `maxOccurrences` then come back with `reachedLocal`, the start of the first one left out (an
 * extension on demand stops there: decision 0025).
 */
export function expandSeries(
  recurrence: Recurrence,
  schedule: SeriesSchedule,
  untilLocal: string,
  maxOccurrences: number,
  whenTooMany: 'refuse' | 'truncate' = 'refuse',
): ExpandSeriesResult {
  const truncates = whenTooMany === 'truncate';
  const { allDay, timezone } = schedule;
  // All-day series count in whole days: each occurrence is a date, times are dropped.
  const startOf = (wallClock: string) => (allDay ? startOfDay(wallClock) : wallClock);
  const dtstart = floating(startOf(schedule.startLocal));
  const seriesStart = wallClockOf(dtstart.toMillis());

  const excludedStarts = new Set<string>();
  const excludedDates = new Set<string>();
  for (const exdate of recurrence.exdates) {
    if (allDay || LOCAL_DATE.test(exdate)) excludedDates.add(exdate.slice(0, 10));
    else excludedStarts.add(exdate);
  }
  const excluded = (start: string) => excludedStarts.has(start) || excludedDates.has(start.slice(0, 10));

  const starts = new Set<string>();
  const budget = new WorkBudget(maxOccurrences);
  let continues = false;
  const tooMany = () => ({
    problem: `recurrence yields more than ${maxOccurrences} occurrences before ${untilLocal.slice(0, 10)}; end it sooner (UNTIL or COUNT) or repeat less often.`,
  });
  const add = (start: string): boolean => {
    if (start >= untilLocal) {
      continues ||= !excluded(start);
      return false;
    }
    if (!excluded(start)) starts.add(start);
    return true;
  };

  add(seriesStart);
  for (const rdate of recurrence.rdates) {
    const start = startOf(LOCAL_DATE.test(rdate) ? `${rdate} ${seriesStart.slice(11)}` : rdate);
    if (start < seriesStart)
      return {
        problem: `recurrence.rdates holds ${JSON.stringify(rdate)}, which is before the event's start (${seriesStart}); the start is the series' first occurrence.`,
      };
    add(start);
  }
  for (const rule of recurrence.rrules) {
    const read = readRule(rule);
    if ('problem' in read) return read;
    const options = ruleOptions(read.parts, timezone);
    const yields = surelyYields(read.parts) || yieldsAnything(options, dtstart, budget);
    if (yields === 'spent')
      return {
        problem: `recurrence.rrule ${JSON.stringify(rule)} yields no date within reach of the event's start: its BY parts never meet, or meet too rarely to search for.`,
      };
    if (!yields) return { problem: `recurrence.rrule ${JSON.stringify(rule)} yields no date at all.` };
    let overflow = false;
    // Truncating, each rule gives its own first dates: together they hold the first of the union.
    let taken = 0;
    boundedRule({ ...options, dtstart: dtstart.toJSDate() }, budget).all((date) => {
      if (!budget.spend(2)) return false;
      const start = startOf(wallClockOf(date.getTime()));
      if (start >= untilLocal) {
        // Past the bound only whether any date is left matters; excluded ones do not count.
        continues ||= !excluded(start);
        return !continues;
      }
      if (!excluded(start)) {
        starts.add(start);
        taken++;
      }
      overflow = (truncates ? taken : starts.size) > maxOccurrences;
      return !overflow;
    });
    if (overflow && !truncates) return tooMany();
    if (budget.spent)
      return {
        problem: `recurrence costs too much to expand up to ${untilLocal.slice(0, 10)}: its rules step through too many periods or dates (rare dates, many times a day, or a long series); simplify them or end them sooner.`,
      };
  }
  const sorted = [...starts].sort();
  if (sorted.length > maxOccurrences) {
    if (!truncates) return tooMany();
    return {
      occurrences: occurrenceDates(sorted.slice(0, maxOccurrences), schedule),
      continues: true,
      reachedLocal: sorted[maxOccurrences]!,
    };
  }
  if (starts.size === 0 && !continues)
    return { problem: 'recurrence.exdates excludes every occurrence of the series.' };

  return { occurrences: occurrenceDates(sorted, schedule), continues };
}

/**
 * Days past the archive's default window (now + 24 months, to the end of that day) that the horizon
 * always reaches: one for that end of day, one for the zones behind UTC, one for the day the
 * background extender lets a series fall behind. The default archive then never needs an extension
 * on demand, even with CALENDAR_RECURRENCE_HORIZON_DAYS at 730 (24 months hold 731 days over a leap day).
 */
const DEFAULT_WINDOW_MARGIN_DAYS = 3;

/** The instant (UTC) up to which series are materialised in the background: `horizonDays` after `now`, never short of the default window. */
export function horizonEnd(now: Date, horizonDays: number): DateTime {
  const utcNow = DateTime.fromJSDate(now, { zone: FixedOffsetZone.utcInstance });
  const configured = utcNow.plus({ days: horizonDays });
  const defaultWindow = utcNow.plus({ months: DEFAULT_WINDOW_MONTHS, days: DEFAULT_WINDOW_MARGIN_DAYS });
  return configured > defaultWindow ? configured : defaultWindow;
}

/**
 * The local time up to which a series' occurrences are materialised (the `untilLocal` of
 * `expandSeries`): the horizon (`horizonEnd`), as a wall clock in the event's zone; for a series that
 * starts past it, the end of its first day, so that it has its first occurrence. The API's writes
 * and the seed both use it.
 */
export function materializationBound(startLocal: string, timezone: string, now: Date, horizonDays: number): string {
  const horizon = utcToZoned(horizonEnd(now, horizonDays).toFormat(WIRE_DATE_FORMAT), timezone);
  return horizon > startLocal ? horizon : floating(startOfDay(startLocal)).plus({ days: 1 }).toFormat(WIRE_DATE_FORMAT);
}

/**
 * The local time up to which the background extender keeps every series materialised (each at
 * most a day behind the horizon, and an hour late): a window ending before it needs no look at
 * the series.
 */
export function backgroundCoverage(now: Date, horizonDays: number): string {
  // Whole days and months added to an instant keep its time of day, and the result is to the
  // second: every instant of a second has the same coverage. Archive reads, cached ones included,
  // ask for it twice each (luxon's arithmetic was ~15% of a cached archive answer).
  const second = Math.floor(now.getTime() / 1000);
  if (lastCoverage?.second !== second || lastCoverage.horizonDays !== horizonDays) {
    lastCoverage = {
      second,
      horizonDays,
      coverage: horizonEnd(now, horizonDays).minus({ days: 2 }).toFormat(WIRE_DATE_FORMAT),
    };
  }
  return lastCoverage.coverage;
}

/** The last background coverage worked out, by the second and horizon it is for. */
let lastCoverage: { readonly second: number; readonly horizonDays: number; readonly coverage: string } | undefined;

export interface OnDemandSettings {
  readonly horizonDays: number;
  /** How many years past now a read may have series materialised (CALENDAR_RECURRENCE_ON_DEMAND_YEARS; 0: never past the horizon). */
  readonly onDemandYears: number;
}

/**
 * How far series must be materialised (a local wall clock, compared with each series' own) before a
 * read whose window's latest start is `windowEnd` (decision 0025), or undefined when the background
 * horizon already covers it. That is the window's end rounded up to the first of the next month (so
 * that windows nearby find the work done), never past the first of the month `onDemandYears` after
 * now: a window reaching further is answered with the occurrences up to there.
 */
export function onDemandUntil(windowEnd: string, now: Date, settings: OnDemandSettings): string | undefined {
  const covered = backgroundCoverage(now, settings.horizonDays);
  if (windowEnd <= covered) return undefined;
  const firstOfMonth = (wallClock: string) => floating(`${wallClock.slice(0, 7)}-01 00:00:00`);
  // The limit moves a month at a time too: reads past it do not extend every series every second.
  const limit = firstOfMonth(
    DateTime.fromJSDate(now, { zone: FixedOffsetZone.utcInstance })
      .plus({ years: settings.onDemandYears })
      .toFormat(WIRE_DATE_FORMAT),
  ).toFormat(WIRE_DATE_FORMAT);
  const nextMonth = windowEnd < limit ? firstOfMonth(windowEnd).plus({ months: 1 }).toFormat(WIRE_DATE_FORMAT) : limit;
  const until = nextMonth < limit ? nextMonth : limit;
  return until > covered ? until : undefined;
}

/** Keys, ends and UTC times of sorted local starts; each occurrence lasts as the series' first does, in wall-clock terms. */
function occurrenceDates(starts: readonly string[], schedule: SeriesSchedule): OccurrenceDates[] {
  const { allDay, timezone } = schedule;
  const firstStart = floating(schedule.startLocal);
  const firstEnd = floating(schedule.endLocal);
  const days = firstEnd.startOf('day').diff(firstStart.startOf('day'), 'days').days;
  // Floating time has no DST, so the first occurrence's length in milliseconds is its wall-clock length.
  const lengthMillis = firstEnd.diff(firstStart).toMillis();
  const perDate = new Map<string, number>();
  return starts.map((startLocal) => {
    const date = startLocal.slice(0, 10);
    const nth = (perDate.get(date) ?? 0) + 1;
    perDate.set(date, nth);
    const endLocal = allDay
      ? endOfDay(floating(startLocal).plus({ days }).toFormat(WIRE_DATE_FORMAT))
      : wallClockOf(floating(startLocal).toMillis() + lengthMillis);
    return {
      key: nth === 1 ? date : `${date}#${nth}`,
      startLocal,
      endLocal,
      startUtc: zonedToUtc(startLocal, timezone),
      endUtc: zonedToUtc(endLocal, timezone),
    };
  });
}
