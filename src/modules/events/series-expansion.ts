import type { DateTime } from 'luxon';
import rrulePackage, { type Options as RuleOptions } from 'rrule';
import { WIRE_DATE_FORMAT } from '../../clock.ts';
import { endOfDay, startOfDay } from '../../dates/wall-clock.ts';
import { utcToZoned, zonedToUtc } from '../../dates/zones.ts';
import {
  floating,
  LOCAL_DATE,
  readRule,
  readUntil,
  wallClockOf,
  type Recurrence,
  type RuleParts,
} from './recurrence.ts';

/*
 * A series' rules (recurrence.ts) expanded into dated occurrences (decision 0025). Pure.
 *
 * Expansion is the `rrule` package's (a port of python-dateutil), not ical.js's iterator, which
 * gives wrong dates for rules that skip months (`FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30` yields March 2)
 * and never returns from `next()` for some rules that yield nothing (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`).
 *
 * Expansion runs in floating local time: a JS Date whose UTC fields are the event's wall clock, so a
 * 19:00 class stays at 19:00 through DST; each local time is then converted to UTC in the event's zone.
 */

const { RRule } = rrulePackage;

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

export type ExpandSeriesResult =
  | {
      readonly occurrences: readonly OccurrenceDates[];
      readonly continues: boolean;
      /** Cut short at `maxOccurrences` (`whenTooMany: 'truncate'`): the local start of the first date left out. */
      readonly reachedLocal?: string;
    }
  | { readonly problem: string };

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
