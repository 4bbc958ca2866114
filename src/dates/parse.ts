/**
 * Date inputs as PHP's `strtotime` reads them (the subset real clients send), see
 * wire-format §5.1 "Date inputs", §10.2 and decisions §6.
 *
 * Like timelib, the input is read token by token into a `Reading` (a date, a time, an offset
 * and relative adjustments), which is then applied to `now` in one go. That is what makes
 * `tomorrow 11:00` (tomorrow at 11) differ from `11:00 tomorrow` (tomorrow at 00:00), and
 * `2026-01-31 +1 month` overflow to March 3, exactly as in PHP.
 *
 * Deliberate deviations from PHP: impossible dates (`2026-02-30`, PHP: March 2) and `24:00`
 * are rejected rather than rolled over; only numeric offsets and `Z`/`UTC`/`GMT` are read
 * (no `EST`, no `Europe/Rome` inside the string); two-digit years, ISO weeks, `first monday
 * of`, `weekday(s)` and number words are not supported; `ago` negates the numeric units only.
 * `+N hours|minutes|seconds` move the instant (real elapsed time), so across a DST change they
 * land on a different wall-clock hour than timelib's field arithmetic would; days, months and
 * years move the wall clock, as in PHP.
 */
import { DateTime, FixedOffsetZone } from 'luxon';
import { WIRE_DATE_FORMAT } from '../clock.ts';
import { FIRST_YEAR, LAST_YEAR } from './supported-range.ts';
import { resolveZone, utcToZoned, wallClockInstant, zonedToUtc } from './zones.ts';

export { dateDetails, endOfDay, startOfDay, type DateDetails } from './wall-clock.ts';

export class DateParseError extends Error {
  constructor(
    readonly input: string | number,
    /** Why the input is not a date, in a few words ("no such date", "unexpected …"). */
    readonly reason: string,
  ) {
    super(`Invalid date ${JSON.stringify(input)}: ${reason}`);
    this.name = 'DateParseError';
  }
}

export interface ParsedDate {
  /** The wall clock as written, or as computed in the parse zone for relative phrases. */
  wallClock: string;
  /** The offset written in the input, in minutes east of UTC (0 for timestamps and `Z`); null when naive. */
  offsetMinutes: number | null;
  /** `relative` when the result depends on `now` or has relative adjustments (`+1 day`, `monday`). */
  kind: 'timestamp' | 'absolute' | 'relative';
}

/**
 * How a weekday name moves the date (timelib's weekday behaviours 0, 1 and 2):
 * `after` (`next monday`: strictly after the day), `onOrAfter` (`monday`, `this monday`: the
 * day itself when it matches) and `isoWeek` (`monday next week`: that day of the Monday-first week).
 */
type WeekdayBehavior = 'after' | 'onOrAfter' | 'isoWeek';

interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
}

interface Reading {
  /** A written calendar date; a null year (`Dec 5`) means the current year. */
  date: { year: number | null; month: number; day: number } | null;
  time: TimeOfDay | null;
  /** False when `time` is the 00:00 that `today`, `tomorrow` or a weekday set: a written time may still replace it. */
  timeIsWritten: boolean;
  offsetMinutes: number | null;
  relative: { years: number; months: number; days: number; hours: number; minutes: number; seconds: number };
  /** Target ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: { isoWeekday: number; behavior: WeekdayBehavior } | null;
  dayOfMonth: 'first' | 'last' | null;
  fromTimestamp: boolean;
  isRelative: boolean;
}

const MIDNIGHT: TimeOfDay = { hour: 0, minute: 0, second: 0 };

const MONTH_ABBREVIATIONS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAY_ABBREVIATIONS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

// Regular-expression pieces. The input is lower-cased first; END stops a token inside a word or number.
const END = '(?![a-z0-9])';
const MONTH =
  '(january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)\\.?';
const WEEKDAY = '(monday|mon|tuesday|tue|wednesday|wed|thursday|thu|friday|fri|saturday|sat|sunday|sun)';
const UNIT = `((?:sec|second|min|minute|hour|day|week|fortnight|forthnight|month|year)s?|${WEEKDAY})`;
const MERIDIAN = '(am|pm|a\\.m\\.|p\\.m\\.)';
const OFFSET = '(?:\\s*(z|utc|gmt)|\\s*([+-])(\\d{2})(?::?(\\d{2}))?(?!\\d|\\s*[a-z]))';

const monthNumber = (name: string): number => MONTH_ABBREVIATIONS.indexOf(name.slice(0, 3)) + 1;
const isoWeekday = (name: string): number => WEEKDAY_ABBREVIATIONS.indexOf(name.slice(0, 3)) + 1;
const WEEKDAY_NAME = new RegExp(`^${WEEKDAY}$`);

type Token = { pattern: RegExp; read: (reading: Reading, match: string[]) => void };

/** Tokens in the order they are tried at each position; earlier ones win. */
const TOKENS: Token[] = [
  token(`@([+-]?\\d+)${END}`, (r, [, seconds]) => setTimestamp(r, Number(seconds))),
  // 2026-12-05, with the `T` of 2026-12-05T19:00
  token('(\\d{4})-(\\d{1,2})-(\\d{1,2})(?:t(?=\\d)|(?![a-z0-9]))', (r, [, y, m, d]) =>
    setDate(r, Number(y), Number(m), Number(d)),
  ),
  token(`(\\d{4})/(\\d{1,2})/(\\d{1,2})${END}`, (r, [, y, m, d]) => setDate(r, Number(y), Number(m), Number(d))),
  // PHP reads slashes with the year last as American m/d/Y ...
  token(`(\\d{1,2})/(\\d{1,2})/(\\d{4})${END}`, (r, [, m, d, y]) => setDate(r, Number(y), Number(m), Number(d))),
  // ... and dashes or dots with the year last as European d-m-Y.
  token(`(\\d{1,2})[-.](\\d{1,2})[-.](\\d{4})${END}`, (r, [, d, m, y]) => setDate(r, Number(y), Number(m), Number(d))),
  // December 5, 2026 / Dec 5 / Dec 5th 2026
  token(`${MONTH}[\\s-]*(\\d{1,2})(?:st|nd|rd|th)?(?![\\d:])(?:[\\s,]*(\\d{4}))?${END}`, (r, [, month = '', d, y]) =>
    setDate(r, y === undefined ? null : Number(y), monthNumber(month), Number(d)),
  ),
  // 5 December 2026 / 05-Dec-2026 / 5th dec
  token(`(\\d{1,2})(?:st|nd|rd|th)?[\\s-]*${MONTH}(?:[\\s,-]*(\\d{4}))?${END}`, (r, [, d, month = '', y]) =>
    setDate(r, y === undefined ? null : Number(y), monthNumber(month), Number(d)),
  ),
  // December 2026: its first day
  token(`${MONTH}[\\s,-]*(\\d{4})${END}`, (r, [, month = '', y]) => setDate(r, Number(y), monthNumber(month), 1)),
  // 19:00, 19:00:00.123, 7:30 pm, 19:00:00+02:00, 19:00:00Z
  token(`(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,]\\d+)?)?(?:\\s*${MERIDIAN})?${OFFSET}?${END}`, (r, match) => {
    const [, h, m, s = '0', meridian, zeroZone, sign, offsetHours, offsetMinutes = '0'] = match;
    setTime(r, { hour: hourOfDay(Number(h), meridian), minute: Number(m), second: Number(s) });
    if (zeroZone !== undefined) setOffset(r, 0);
    if (sign !== undefined) setOffset(r, writtenOffset(sign, Number(offsetHours), Number(offsetMinutes)));
  }),
  // 3pm, 10 a.m.
  token(`(\\d{1,2})\\s*${MERIDIAN}${END}`, (r, [, h, meridian]) =>
    setTime(r, { ...MIDNIGHT, hour: hourOfDay(Number(h), meridian) }),
  ),
  // +1 week, -2 days, 3 hours, +1 monday (PHP keeps the time for these)
  token(`([+-]?)\\s*(\\d+)\\s*${UNIT}${END}`, (r, [, sign, amount, unit = '']) =>
    addRelative(r, (sign === '-' ? -1 : 1) * Number(amount), unit, { behavior: 'onOrAfter', keepTime: true }),
  ),
  token(`(first|last) day of${END}`, (r, [, which]) => {
    r.isRelative = true;
    r.dayOfMonth = which === 'first' ? 'first' : 'last';
  }),
  // this/next/last week: the Monday (or the named weekday) of that Monday-first week, time kept
  token(`(this|next|last|previous)\\s+week${END}`, (r, [, which = '']) => {
    r.isRelative = true;
    r.relative.days += 7 * textAmount(which);
    r.weekday = { isoWeekday: r.weekday?.isoWeekday ?? 1, behavior: 'isoWeek' };
  }),
  // next month, last year, next monday, last fri, this saturday
  token(`(this|next|last|previous)\\s+${UNIT}${END}`, (r, [, which = '', unit = '']) =>
    addRelative(r, textAmount(which), unit, { behavior: which === 'this' ? 'onOrAfter' : 'after', keepTime: false }),
  ),
  token(`(now|today|midnight|noon|tomorrow|yesterday)${END}`, (r, [, word]) => {
    r.isRelative = true;
    if (word === 'now') return;
    if (word === 'noon') return setTime(r, { ...MIDNIGHT, hour: 12 }, { replacing: true });
    resetTime(r);
    if (word === 'tomorrow') r.relative.days += 1;
    if (word === 'yesterday') r.relative.days -= 1;
  }),
  token(`ago${END}`, (r) => {
    const rel = r.relative;
    r.relative = {
      years: -rel.years,
      months: -rel.months,
      days: -rel.days,
      hours: -rel.hours,
      minutes: -rel.minutes,
      seconds: -rel.seconds,
    };
  }),
  // A bare weekday: that day when it is today, else the next one; midnight.
  token(`${WEEKDAY}${END}`, (r, [, name = '']) => {
    r.isRelative = true;
    resetTime(r);
    r.weekday = { isoWeekday: isoWeekday(name), behavior: r.weekday?.behavior === 'isoWeek' ? 'isoWeek' : 'onOrAfter' };
  }),
];

function token(source: string, read: Token['read']): Token {
  return { pattern: new RegExp(source, 'y'), read };
}

/** Signals a malformed input inside the token readers; `parseDateInput` adds the input to it. */
class Rejection extends Error {}

function setDate(reading: Reading, year: number | null, month: number, day: number): void {
  if (reading.date) throw new Rejection('two dates');
  reading.date = { year, month, day };
}

function setTime(reading: Reading, time: TimeOfDay, { replacing = false } = {}): void {
  if (reading.timeIsWritten && !replacing) throw new Rejection('two times');
  if (time.hour > 23 || time.minute > 59 || time.second > 59) throw new Rejection('no such time of day');
  reading.time = time;
  reading.timeIsWritten = true;
}

/** What `today`, `tomorrow` and weekday names do in PHP: midnight, unless a time is written later. */
function resetTime(reading: Reading): void {
  reading.time = MIDNIGHT;
  reading.timeIsWritten = false;
}

function setOffset(reading: Reading, minutes: number): void {
  if (reading.offsetMinutes !== null) throw new Rejection('two offsets');
  reading.offsetMinutes = minutes;
}

/** Minutes east of UTC for `+05:30`, `-0800` or `+02`. */
function writtenOffset(sign: string, hours: number, minutes: number): number {
  if (hours > 23 || minutes > 59) throw new Rejection('no such offset');
  return (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function setTimestamp(reading: Reading, seconds: number): void {
  if (!Number.isSafeInteger(seconds)) throw new Rejection('timestamp out of range');
  const utc = DateTime.fromSeconds(seconds, { zone: FixedOffsetZone.utcInstance });
  if (!utc.isValid) throw new Rejection('timestamp out of range');
  setDate(reading, utc.year, utc.month, utc.day);
  setTime(reading, { hour: utc.hour, minute: utc.minute, second: utc.second });
  setOffset(reading, 0);
  reading.fromTimestamp = true;
}

function hourOfDay(hour: number, meridian: string | undefined): number {
  if (meridian === undefined) return hour;
  if (hour < 1 || hour > 12) throw new Rejection('no such hour on a 12-hour clock');
  return (hour % 12) + (meridian.startsWith('p') ? 12 : 0);
}

const textAmount = (word: string): number => (word === 'next' ? 1 : word === 'this' ? 0 : -1);

function addRelative(
  reading: Reading,
  amount: number,
  unit: string,
  weekdayRule: { behavior: WeekdayBehavior; keepTime: boolean },
): void {
  reading.isRelative = true;
  const rel = reading.relative;
  if (WEEKDAY_NAME.test(unit)) {
    if (!weekdayRule.keepTime) resetTime(reading);
    // timelib: the first `next monday` is the coming one, each further one a week later.
    rel.days += 7 * (amount > 0 ? amount - 1 : amount);
    reading.weekday = { isoWeekday: isoWeekday(unit), behavior: weekdayRule.behavior };
    return;
  }
  const singular = unit.replace(/s$/, '');
  if (singular === 'sec' || singular === 'second') rel.seconds += amount;
  else if (singular === 'min' || singular === 'minute') rel.minutes += amount;
  else if (singular === 'hour') rel.hours += amount;
  else if (singular === 'day') rel.days += amount;
  else if (singular === 'week') rel.days += 7 * amount;
  else if (singular === 'fortnight' || singular === 'forthnight') rel.days += 14 * amount;
  else if (singular === 'month') rel.months += amount;
  else rel.years += amount;
}

function read(text: string): Reading {
  const reading: Reading = {
    date: null,
    time: null,
    timeIsWritten: false,
    offsetMinutes: null,
    relative: { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 },
    weekday: null,
    dayOfMonth: null,
    fromTimestamp: false,
    isRelative: false,
  };
  const separator = /[\s,]*/y;
  let position = 0;
  while (position < text.length) {
    const { token, found } = tokenAt(text, position);
    token.read(reading, [...found]);
    separator.lastIndex = position + found[0].length;
    separator.exec(text);
    position = separator.lastIndex;
  }
  return reading;
}

function tokenAt(text: string, position: number): { token: Token; found: RegExpExecArray } {
  for (const token of TOKENS) {
    token.pattern.lastIndex = position;
    const found = token.pattern.exec(text);
    if (found) return { token, found };
  }
  throw new Rejection(`unexpected "${text.slice(position)}"`);
}

/** Days to move from `current` to the target weekday (both ISO, 1 = Monday), as timelib does. */
function weekdayShift(target: number, current: number, behavior: WeekdayBehavior, relativeDays: number): number {
  const difference = target - current;
  if (behavior === 'isoWeek') return difference;
  // Going back (`last friday`) or `onOrAfter` may stay on the day (0..6); `after` moves 1..7 days.
  const least = behavior === 'after' && relativeDays >= 0 ? 1 : 0;
  return ((difference - least + 7) % 7) + least;
}

function assertSupportedYear(year: number): void {
  if (year < FIRST_YEAR || year > LAST_YEAR) throw new Rejection(`year outside ${FIRST_YEAR}-${LAST_YEAR}`);
}

/** Applies a reading to `now` in `zone`, giving the wall clock (in the written offset when there is one). */
function resolve(reading: Reading, now: Date, zone: string): string {
  // `now` in the zone, read only when the input leaves a part of the date or time to it (a written date and time never do).
  let zonedNow: DateTime | undefined;
  const today = () => (zonedNow ??= DateTime.fromJSDate(now, { zone: resolveZone(zone) }));
  const written = reading.date;
  const date = {
    year: written?.year ?? today().year,
    month: written?.month ?? today().month,
    day: written?.day ?? today().day,
  };
  // PHP: a written date without a time means its midnight; otherwise the time of `now`.
  const time =
    reading.time ?? (reading.date ? MIDNIGHT : { hour: today().hour, minute: today().minute, second: today().second });
  // A zone-less calendar: DateTime.utc here is only field arithmetic, no instant.
  let calendar = DateTime.utc(date.year, date.month, date.day, time.hour, time.minute, time.second);
  if (!calendar.isValid) throw new Rejection('no such date');
  assertSupportedYear(calendar.year);

  const rel = reading.relative;
  const moves =
    reading.weekday !== null ||
    reading.dayOfMonth !== null ||
    rel.years !== 0 ||
    rel.months !== 0 ||
    rel.days !== 0 ||
    rel.hours !== 0 ||
    rel.minutes !== 0 ||
    rel.seconds !== 0;
  // A date and time as written, moved by nothing (an import's every row): the calendar read is the answer.
  if (!moves) return calendar.toFormat(WIRE_DATE_FORMAT);
  if (reading.weekday) {
    const { isoWeekday: target, behavior } = reading.weekday;
    calendar = calendar.plus({ days: weekdayShift(target, calendar.weekday, behavior, rel.days) });
  }
  // PHP adds to the fields first and normalises after, so Jan 31 +1 month is "Feb 31", i.e. Mar 3,
  // and `first day of next month` from Jan 31 is Feb 1.
  let monthCount = calendar.month + rel.months;
  let dayCount = calendar.day + rel.days;
  if (reading.dayOfMonth === 'first') dayCount = 1;
  if (reading.dayOfMonth === 'last') [monthCount, dayCount] = [monthCount + 1, 0];
  calendar = DateTime.utc(calendar.year + rel.years, 1, 1, calendar.hour, calendar.minute, calendar.second)
    .plus({ months: monthCount - 1 })
    .plus({ days: dayCount - 1 });
  assertSupportedYear(calendar.year);

  const wallClock = calendar.toFormat(WIRE_DATE_FORMAT);
  const elapsedSeconds = rel.hours * 3600 + rel.minutes * 60 + rel.seconds;
  if (elapsedSeconds === 0) return wallClock;
  const arithmeticZone =
    reading.offsetMinutes === null ? resolveZone(zone) : FixedOffsetZone.instance(reading.offsetMinutes);
  const moved = wallClockInstant(wallClock, arithmeticZone).plus({ seconds: elapsedSeconds });
  assertSupportedYear(moved.year);
  return moved.toFormat(WIRE_DATE_FORMAT);
}

/**
 * Parses a date input as PHP would; relative phrases and missing parts are taken from `now` in
 * `zone` (the original evaluates them in UTC, its server zone: pass `UTC` for that).
 * Integers and digit strings are unix timestamps, as in the original's `is_numeric` check.
 */
export function parseDateInput(input: string | number, now: Date, zone: string): ParsedDate {
  const text = typeof input === 'number' ? String(input) : input.trim().toLowerCase();
  try {
    if (typeof input === 'number' && !Number.isInteger(input)) throw new Rejection('not an integer timestamp');
    if (text === '') throw new Rejection('empty');
    const reading = read(/^[+-]?\d+$/.test(text) ? `@${text}` : text);
    const dependsOnNow = reading.isRelative || reading.date === null || reading.date.year === null;
    const kind = dependsOnNow ? 'relative' : reading.fromTimestamp ? 'timestamp' : 'absolute';
    return { wallClock: resolve(reading, now, zone), offsetMinutes: reading.offsetMinutes, kind };
  } catch (error) {
    if (error instanceof Rejection) throw new DateParseError(input, error.message);
    throw error;
  }
}

/** The wall clock with any offset ignored: how the original reads event start/end (§5.1). */
export function wallClockOf(parsed: ParsedDate): string {
  return parsed.wallClock;
}

/**
 * The wall clock in `zone` an event's start or end means (decision 0010): a date with a written
 * offset or `Z` is an instant, converted into the zone; offset-free dates and unix timestamps keep
 * the wall clock read, as the original reads them (a timestamp's UTC wall clock, quirk kept).
 */
export function eventWallClock(parsed: ParsedDate, zone: string): string {
  if (parsed.offsetMinutes === null || parsed.kind === 'timestamp') return parsed.wallClock;
  return utcToZoned(instantOf(parsed, zone), zone);
}

/** The UTC wall clock of the instant: a written offset is honoured, naive values are read in `zoneForNaive`. */
export function instantOf(parsed: ParsedDate, zoneForNaive: string): string {
  if (parsed.offsetMinutes === null) return zonedToUtc(parsed.wallClock, zoneForNaive);
  return wallClockInstant(parsed.wallClock, FixedOffsetZone.instance(parsed.offsetMinutes))
    .toUTC()
    .toFormat(WIRE_DATE_FORMAT);
}
