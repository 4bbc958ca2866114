import { DateTime, FixedOffsetZone } from 'luxon';
import { WIRE_DATE_FORMAT } from '../../clock.ts';
import { startOfDay } from '../../dates/wall-clock.ts';
import { utcToZoned } from '../../dates/zones.ts';
import { DEFAULT_WINDOW_MONTHS } from './date-window.ts';
import { floating } from './recurrence.ts';

/** How far series are materialised (decision 0025): the horizon of the background extender, and the extension on demand of a window past it. Pure. */

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
