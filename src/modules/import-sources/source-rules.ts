import { wireUtc } from '../../clock.ts';
import type { ImportSchedule } from '../../storage/tables.ts';
import type { ReadEvent } from '../ical/calendar-reader.ts';
import type { EventCreateInput } from '../events/events.schemas.ts';
import type { ImportSettings } from './import-sources.schemas.ts';

/* The import sources' pure rules (decisions 0117, 0118): when a source is due, how it backs off, which VEVENTs it brings and what they get. */

const HOUR_MS = 3_600_000;
const PERIOD_MS: Record<Exclude<ImportSchedule, 'manual'>, number> = {
  hourly: HOUR_MS,
  daily: 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
};
/** The longest a failing source waits between runs. */
const MAX_BACKOFF_MS = 7 * 24 * HOUR_MS;
/** Mondays, 00:00 UTC: 1970-01-05 was one. */
const WEEK_ORIGIN_MS = Date.UTC(1970, 0, 5);

/**
 * The schedule's next due time strictly after `after` (decision 0117): due times are a fixed grid
 * in UTC (every hour on the hour, every day at 00:00, every Monday at 00:00), the same on every
 * node, so a due time is claimed once whoever claims it; times missed while no node ran are not
 * made up one by one. Undefined for a manual schedule.
 */
export function nextDue(schedule: ImportSchedule, after: Date): string | undefined {
  if (schedule === 'manual') return undefined;
  const period = PERIOD_MS[schedule];
  const origin = schedule === 'weekly' ? WEEK_ORIGIN_MS : 0;
  return wireUtc(new Date(origin + (Math.floor((after.getTime() - origin) / period) + 1) * period));
}

/**
 * When a source that failed `failures` runs in a row runs next (decision 0117): its schedule's
 * period doubled for each failure after the first, at most a week; a manual source waits to be asked.
 */
export function retryAt(schedule: ImportSchedule, failures: number, now: Date): string | undefined {
  if (schedule === 'manual') return undefined;
  const wait = Math.min(PERIOD_MS[schedule] * 2 ** Math.min(failures - 1, 10), MAX_BACKOFF_MS);
  return wireUtc(new Date(now.getTime() + wait));
}

/** Whether a UID's VEVENTs (its master, else its first) pass the source's filters. */
export function passes(filters: ImportSettings['filters'], group: readonly ReadEvent[]): boolean {
  const event = group.find((item) => item.recurrenceId === undefined) ?? group[0]!;
  const day = event.start.local.slice(0, 10);
  if (filters.starts_after !== null && day < filters.starts_after) return false;
  if (filters.starts_before !== null && day > filters.starts_before) return false;
  if (
    filters.category !== null &&
    !event.categories.some((category) => category.toLowerCase() === filters.category!.toLowerCase())
  )
    return false;
  if (filters.words.length === 0) return true;
  const text = `${event.title}\n${event.description}`.toLowerCase();
  return filters.words.some((word) => text.includes(word.toLowerCase()));
}

const asList = (references: unknown): unknown[] =>
  Array.isArray(references) ? references : references === undefined || references === null ? [] : [references];

/** What every event a source brings gets (decision 0118): its status (private stays private), its terms added, its author, its places or none. */
export function shapeFor(settings: ImportSettings, authorId: number): (input: EventCreateInput) => EventCreateInput {
  return (input) => ({
    ...input,
    status: input.status === 'private' ? 'private' : settings.status,
    author: authorId,
    categories: [...asList(input.categories), ...settings.categories],
    tags: [...asList(input.tags), ...settings.tags],
    ...(settings.places === 'none' ? { venue: null, organizer: null } : {}),
  });
}
