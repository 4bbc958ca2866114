import type { Selectable } from 'kysely';
import type { RecurrenceSettings } from '../config.ts';
import { eventSchedule, type EventSchedule, type ScheduleInput } from '../modules/events/event-fields.ts';
import { expandSeries, type OccurrenceDates } from '../modules/events/series-expansion.ts';
import { materializationBound } from '../modules/events/series-horizon.ts';
import { readRecurrence } from '../modules/events/recurrence.ts';
import type { EventsTable } from '../storage/tables.ts';
import { Random } from './random.ts';
import { EVENT_ZONES } from './vocabulary.ts';

/** The seed's dates: each event's schedule, as eventSchedule gives it, and the weekly series' rules and occurrences. */

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A millisecond count read as a wall clock, `YYYY-MM-DD HH:MM:SS` (no zone involved). */
export const wallClock = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const calendarDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const ZONE_NUMBERS = new Map<string, number>([...new Set(EVENT_ZONES)].map((zone, index) => [zone, index]));

/** What an organiser would type for an event on `day` in `zone`; `random` is the schedule's own. */
function scheduleInput(zone: string, day: number, random: Random): ScheduleInput {
  if (random.chance(0.08)) {
    const lastDay = day + (random.chance(0.2) ? random.between(1, 2) : 0);
    return { timezone: zone, all_day: true, start_date: calendarDate(day), end_date: calendarDate(lastDay) };
  }
  const start = day * DAY_MS + (random.between(8, 19) * 60 + random.int(4) * 15) * MINUTE_MS;
  const end = random.chance(0.05)
    ? (day + random.between(1, 3)) * DAY_MS + random.between(10, 18) * HOUR_MS
    : start + random.between(2, 8) * 30 * MINUTE_MS;
  return { timezone: zone, start_date: wallClock(start), end_date: wallClock(end) };
}

/**
 * Event schedules from eventSchedule, one per zone and day, shared by the events of that zone and
 * day. The builder takes a quarter of a millisecond (luxon), so one per event would take minutes at
 * a million events; this way there are at most about 16,500 (five years of days, nine zones), and
 * at a million events about 60 events share each (at a few thousand, most have one of their own). Each
 * is drawn from a generator seeded by its zone and day alone: the same whatever the event count.
 */
export class Schedules {
  /** By zone and day as one number: a million string keys would cost more than the lookups. */
  private readonly built = new Map<number, EventSchedule>();

  constructor(
    private readonly siteZone: string,
    private readonly now: Date,
  ) {}

  get(zone: string, day: number): EventSchedule {
    const key = day * ZONE_NUMBERS.size + ZONE_NUMBERS.get(zone)!;
    let schedule = this.built.get(key);
    if (!schedule) {
      schedule = eventSchedule(
        scheduleInput(zone, day, new Random(Math.imul(key, 0x9e3779b1))),
        undefined,
        this.siteZone,
        this.now,
      );
      this.built.set(key, schedule);
    }
    return schedule;
  }
}

/** A bounded series ends (UNTIL) this many days after the seed's now: about two years, short of the horizon. */
const SERIES_UNTIL_DAYS = 700;
/** Series start within this many days before the seed's now, so that their weeks fill the default window. */
export const SERIES_START_DAYS = 365;

/** RFC 5545's UTC date-time (`20281121T180000Z`) of a millisecond count. */
const icalUtc = (ms: number) => `${wallClock(ms).replace(/[-:]/g, '').replace(' ', 'T')}Z`;

interface SeededSeries {
  /** The events row's recurrence columns. */
  readonly fields: Pick<Selectable<EventsTable>, 'recurrence' | 'materialized_until'>;
  readonly dates: readonly OccurrenceDates[];
}

/**
 * What a `POST /events` of a weekly series on `schedule` stores (decision 0025): its rule as
 * readRecurrence normalises it, the dates expandSeries gives up to materializationBound, and how
 * far that is when the rule goes on. Unbounded, or ending (UNTIL) about two years after `now`.
 */
export function weeklySeries(
  schedule: EventSchedule,
  bounded: boolean,
  now: Date,
  settings: RecurrenceSettings,
): SeededSeries {
  const read = readRecurrence({
    rrule: bounded ? `FREQ=WEEKLY;UNTIL=${icalUtc(now.getTime() + SERIES_UNTIL_DAYS * DAY_MS)}` : 'FREQ=WEEKLY',
  });
  if ('problem' in read || read.recurrence === null)
    throw new Error(`The seed's weekly rule was refused: ${'problem' in read ? read.problem : 'empty'}`);
  const until = materializationBound(schedule.start_local, schedule.timezone, now, settings.horizonDays);
  const seriesSchedule = {
    startLocal: schedule.start_local,
    endLocal: schedule.end_local,
    timezone: schedule.timezone,
    allDay: schedule.all_day !== 0,
  };
  const expanded = expandSeries(read.recurrence, seriesSchedule, until, settings.maxOccurrences);
  if ('problem' in expanded) throw new RangeError(`A seeded weekly series was refused: ${expanded.problem}`);
  return {
    fields: { recurrence: JSON.stringify(read.recurrence), materialized_until: expanded.continues ? until : null },
    dates: expanded.occurrences,
  };
}
