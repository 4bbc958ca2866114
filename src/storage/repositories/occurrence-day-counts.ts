import { sql } from 'kysely';
import type { ReadTx, WriteTx } from '../types.ts';
import { LISTED_OCCURRENCES_BY_DAY } from '../integrity.ts';

/*
 * The archive's counts by day (decision 0035): `occurrence_day_counts` holds the listed occurrences
 * per status, local start day and local end day, kept by triggers (migration 20261125070000), so
 * the count of a window of whole days is a sum over a few rows instead of a scan of occurrences.
 */

/** The filter keys a count by day can answer; any other falls back to counting the occurrences. */
const DAY_COUNTABLE = new Set<string>(['statuses', 'restrictTo', 'startFrom', 'endUntil']);
const DAY_START = /^\d{4}-\d{2}-\d{2} 00:00:00$/;
const DAY_END = /^\d{4}-\d{2}-\d{2} 23:59:59$/;

/** The part of an archive filter a count by day reads; the filter's other keys are only checked to be unset. */
export interface DayCountableFilter {
  readonly statuses: readonly string[];
  readonly restrictTo?: { readonly authorId: number | null };
  readonly startFrom?: string;
  readonly endUntil?: string;
}

/**
 * The archive filter as a sum of the listed occurrences' day counts: when it asks only for
 * statuses and a window of whole local days (`start_date` from a day's beginning, `end_date` to a
 * day's end, as the default window and every non-strict date are), the occurrences it counts are
 * exactly those whose start day and end day lie in the window. An anonymous caller's restriction
 * (published, or their own, which they have none of) is the published status.
 */
function wholeDays(
  filter: DayCountableFilter,
): { statuses: readonly string[]; from?: string; until?: string } | undefined {
  for (const [name, value] of Object.entries(filter))
    if (value !== undefined && !DAY_COUNTABLE.has(name)) return undefined;
  if (filter.restrictTo && filter.restrictTo.authorId !== null) return undefined;
  if (filter.startFrom !== undefined && !DAY_START.test(filter.startFrom)) return undefined;
  if (filter.endUntil !== undefined && !DAY_END.test(filter.endUntil)) return undefined;
  return {
    statuses: filter.restrictTo ? filter.statuses.filter((status) => status === 'publish') : filter.statuses,
    ...(filter.startFrom !== undefined ? { from: filter.startFrom.slice(0, 10) } : {}),
    ...(filter.endUntil !== undefined ? { until: filter.endUntil.slice(0, 10) } : {}),
  };
}

/** The day counts' rows an archive filter counts, or undefined when the filter asks for more than they hold. */
function dayRows(db: ReadTx, filter: DayCountableFilter) {
  const days = wholeDays(filter);
  if (!days) return undefined;
  let counts = db
    .selectFrom('occurrence_day_counts')
    .where('status', 'in', days.statuses.length > 0 ? [...days.statuses] : ['']);
  if (days.from !== undefined) counts = counts.where('start_day', '>=', days.from);
  if (days.until !== undefined) counts = counts.where('start_day', '<=', days.until).where('end_day', '<=', days.until);
  return counts;
}

/**
 * The statement of the archive's count from the day counts (one `n` column), or undefined when the
 * filter asks for more than they hold: run alone, or as a scalar sub-select of the page's statement.
 */
export function countByDaysQuery(db: ReadTx, filter: DayCountableFilter) {
  return dayRows(db, filter)?.select((eb) => eb.fn.sum<number | string | null>('occurrences').as('n'));
}

/** `countByDaysQuery` per status (`status`, `n` columns; the admin's tabs: decision 0103), or undefined likewise. */
export function countPerStatusByDaysQuery(db: ReadTx, filter: DayCountableFilter) {
  return dayRows(db, filter)
    ?.select((eb) => ['status', eb.fn.sum<number | string | null>('occurrences').as('n')])
    .groupBy('status');
}

/**
 * Counts every listed occurrence into the day counts again, for a load that wrote occurrences with
 * their triggers set aside (the seed). The triggers keep them from then on.
 */
export async function recountOccurrenceDays(tx: WriteTx): Promise<void> {
  await tx.deleteFrom('occurrence_day_counts').execute();
  await sql
    .raw(`insert into occurrence_day_counts (status, start_day, end_day, occurrences) ${LISTED_OCCURRENCES_BY_DAY}`)
    .execute(tx);
}
