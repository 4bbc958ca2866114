import { endOfDay, eventWallClock, parseDateInput, startOfDay, type ParsedDate } from '../../dates/parse.ts';
import { FIRST_YEAR, isSupportedWireTime, LAST_YEAR } from '../../dates/supported-range.ts';
import { zoneAbbreviation, zonedToUtc } from '../../dates/zones.ts';
import { invalidParams } from '../../errors.ts';
import type { EventFields } from '../../storage/repositories/events.repository.ts';
import { costRange, parseCost } from './cost.ts';

/*
 * The columns of an event's own row, derived from its input the one way both the API and the seed
 * use: whoever stores an event stores what a `POST /events` would.
 */

export type EventSchedule = Pick<
  EventFields,
  'start_local' | 'end_local' | 'start_utc' | 'end_utc' | 'timezone' | 'timezone_abbr' | 'all_day'
>;
export type EventCost = Pick<
  EventFields,
  'cost' | 'currency_symbol' | 'currency_position' | 'currency_code' | 'cost_values'
>;

export type EventRecurrenceFields = Pick<
  EventFields,
  'recurrence' | 'series_id' | 'recurrence_id' | 'materialized_until'
>;

/** The recurrence columns of an event that is no series and no exception of one (decision 0025). */
export const SINGLE_EVENT: EventRecurrenceFields = {
  recurrence: null,
  series_id: null,
  recurrence_id: null,
  materialized_until: null,
};

export interface ScheduleInput {
  readonly timezone?: string | null;
  readonly start_date?: string | number;
  readonly end_date?: string | number;
  readonly all_day?: boolean;
}

/** An input's start and end as its check read them (`parseDateInput`), in the zone it read them in. */
export interface ReadDates {
  readonly zone: string;
  readonly start_date?: ParsedDate;
  readonly end_date?: ParsedDate;
}

/** Statuses that give a post its slug; drafts and pending posts keep an empty one until published, as WordPress does. */
const SLUGGED_STATUSES = new Set(['publish', 'future', 'private']);

export function needsSlug(status: string): boolean {
  return SLUGGED_STATUSES.has(status);
}

/**
 * Start, end and zone: wall-clock times in the event's zone (a date with an offset or `Z` is
 * converted into it, unlike the original, which drops the offset: decision 0010), whole local days
 * for all-day events, UTC and the abbreviation derived. On update, what the input leaves out comes
 * from `current`.
 */
export function eventSchedule(
  input: ScheduleInput,
  current: EventSchedule | undefined,
  siteZone: string,
  now: Date,
  read?: ReadDates,
): EventSchedule {
  const zone = input.timezone === undefined ? (current?.timezone ?? siteZone) : input.timezone || siteZone;
  // Dates a check already read in this zone are not read again.
  const known = read?.zone === zone ? read : undefined;
  const wallClock = (field: 'start_date' | 'end_date', fallback: string | undefined) => {
    const value = input[field];
    return value === undefined ? fallback! : eventWallClock(known?.[field] ?? parseDateInput(value, now, zone), zone);
  };
  const allDay = input.all_day ?? (current ? current.all_day !== 0 : false);
  let start = wallClock('start_date', current?.start_local);
  let end = wallClock('end_date', current?.end_local);
  if (allDay) {
    start = startOfDay(start);
    end = endOfDay(end);
  }
  // Unlike the original, which silently moved the end to the start (decisions.md section 6).
  if (end < start) throw invalidParams({ end_date: { message: 'The end date must not be before the start date.' } });
  const startUtc = zonedToUtc(start, zone);
  const endUtc = zonedToUtc(end, zone);
  // 9999-12-31 22:00 in Los Angeles is in year 10000 in UTC: outside the supported dates (decision 0048).
  for (const [field, utc] of [
    ['start_date', startUtc],
    ['end_date', endUtc],
  ] as const) {
    if (!isSupportedWireTime(utc))
      throw invalidParams({
        [field]: {
          message: `${field}: outside the supported dates, years ${FIRST_YEAR} to ${LAST_YEAR} in UTC as in the event's zone.`,
        },
      });
  }
  return {
    start_local: start,
    end_local: end,
    start_utc: startUtc,
    end_utc: endUtc,
    timezone: zone,
    timezone_abbr: zoneAbbreviation(zone, startUtc),
    all_day: allDay ? 1 : 0,
  };
}

/**
 * The cost as given, with its currency and numeric components parsed out at save time (wire-format
 * 2.8); a list of amounts is stored as their range, with every amount in its values (`costRange`;
 * the validator refuses other lists).
 */
export function eventCost(cost: string | number | readonly (string | number)[]): EventCost {
  const list = Array.isArray(cost) ? (costRange(cost) ?? { text: '', parsed: parseCost('') }) : undefined;
  const text = list?.text ?? String(cost).trim();
  const parsed = list?.parsed ?? parseCost(text);
  return {
    cost: text,
    currency_symbol: parsed.currencySymbol,
    currency_position: parsed.currencyPosition,
    currency_code: '',
    cost_values: JSON.stringify(parsed.values),
  };
}
