import { isSupportedDay, shiftDay } from '../../dates/supported-range.ts';
import type { PageWindow } from '../../paging.ts';
import type { EventListQuery } from '../events/events.schemas.ts';

/*
 * The filters of the public list, month and day views, as query parameters that every link of a
 * view carries on (pagination, month switching, the other views), and as the archive query of the
 * API they stand for.
 */

export interface PageFilters {
  readonly search?: string;
  /** A category slug (or id), as the API's `categories`. */
  readonly category?: string;
  /** A tag slug (or id), as the API's `tags`. */
  readonly tag?: string;
  readonly venue?: number;
  readonly organizer?: number;
  /** `YYYY-MM-DD`: events from that day on (the visitor's "from" field). */
  readonly date?: string;
  /** `YYYY-MM-DD`: events starting from that day on, in place of the visitor's date (the next day with events after an empty one). */
  readonly from?: string;
  /** The days a grid or a day shows (`YYYY-MM-DD`): the events on any of them, those begun before or ending after included. */
  readonly overlaps?: { readonly first: string; readonly last: string };
  /** Exact instants (UTC `YYYY-MM-DD HH:MM:SS`), for an event's previous and next ones. */
  readonly startsBefore?: string;
  readonly startsAfter?: string;
  /** The occurrences of one series (its id), for its "all dates" page; not a visitor's filter. */
  readonly series?: number;
}

/** The filters a visitor sets, in the order links write them. */
export const VISITOR_FILTERS = ['search', 'category', 'tag', 'venue', 'organizer', 'date'] as const;

const MAX_TEXT = 200;

/** The visitor's filters from a query string; a value that cannot be one is named, for a 400. */
export function readFilters(query: Readonly<Record<string, unknown>>): { filters: PageFilters } | { invalid: string } {
  const filters: Record<string, string | number> = {};
  for (const name of VISITOR_FILTERS) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue;
    if (typeof raw !== 'string' || raw.length > MAX_TEXT) return { invalid: name };
    const value = raw.trim();
    if (value === '') continue;
    if (name === 'venue' || name === 'organizer') {
      if (!/^[1-9]\d{0,15}$/.test(value)) return { invalid: name };
      filters[name] = Number(value);
    } else if (name === 'date') {
      if (!isSupportedDay(value)) return { invalid: name };
      filters[name] = value;
    } else filters[name] = value;
  }
  return { filters };
}

/** The visitor's filters as query arguments, for the links of a view. */
export function filterArgs(filters: PageFilters): [string, string][] {
  return VISITOR_FILTERS.flatMap((name) =>
    filters[name] === undefined ? [] : [[name, String(filters[name])] as [string, string]],
  );
}

/** The API's archive parameters for these filters (`categories`, `tags`, `start_date`): its JSON and iCalendar URLs of a view. */
export function apiArgs(filters: PageFilters): [string, string][] {
  return filterArgs(filters).map(([name, value]) => [API_NAMES[name as (typeof VISITOR_FILTERS)[number]], value]);
}

const API_NAMES = {
  search: 'search',
  category: 'categories',
  tag: 'tags',
  venue: 'venue',
  organizer: 'organizer',
  date: 'start_date',
} as const;

/** `?search=…&category=…` (empty without filters), plus any extra arguments. */
export function queryString(filters: PageFilters, extra: readonly [string, string][] = []): string {
  const args = [...filterArgs(filters), ...extra];
  return args.length === 0 ? '' : `?${new URLSearchParams(args).toString()}`;
}

/**
 * How long before a grid's first day an event still on then may have begun (decision 0056): the
 * archive's index is by start, so the read of the events on a grid's days scans back this far.
 */
export const OVERLAP_REACH_DAYS = 366;

/**
 * The archive's bounds (whole days, its non-strict reading) for the events on any of a grid's days:
 * ending after the day before the first, starting by the end of the last, begun at most
 * OVERLAP_REACH_DAYS before the first.
 */
function overlapBounds({
  first,
  last,
}: {
  readonly first: string;
  readonly last: string;
}): Pick<EventListQuery, 'ends_after' | 'starts_before' | 'starts_after'> {
  const dayBefore = shiftDay(first, -1);
  const reach = shiftDay(first, -1 - OVERLAP_REACH_DAYS);
  return {
    starts_before: last,
    ...(dayBefore === undefined ? {} : { ends_after: dayBefore }),
    ...(reach === undefined ? {} : { starts_after: reach }),
  };
}

/** The API's archive query these filters stand for, with the schema's defaults. */
export function eventQuery(filters: PageFilters, window: PageWindow): EventListQuery {
  const exact = filters.startsBefore !== undefined || filters.startsAfter !== undefined;
  const start = filters.from ?? filters.date;
  return {
    page: window.page,
    per_page: window.perPage,
    strict_dates: exact ? 'true' : 'false',
    geoloc_radius: 25,
    ...(filters.search !== undefined ? { search: filters.search } : {}),
    ...(filters.category !== undefined ? { categories: [filters.category] } : {}),
    ...(filters.tag !== undefined ? { tags: [filters.tag] } : {}),
    ...(filters.venue !== undefined ? { venue: [filters.venue] } : {}),
    ...(filters.organizer !== undefined ? { organizer: [filters.organizer] } : {}),
    ...(start !== undefined ? { start_date: start } : {}),
    ...(filters.overlaps !== undefined ? overlapBounds(filters.overlaps) : {}),
    ...(filters.startsBefore !== undefined ? { starts_before: filters.startsBefore } : {}),
    ...(filters.startsAfter !== undefined ? { starts_after: filters.startsAfter } : {}),
    ...(filters.series !== undefined ? { series: filters.series } : {}),
  };
}

/** A view's filters on a category's or tag's page: the visitor's, with the page's term in place of any they gave. */
export function scopedFilters(
  filters: PageFilters,
  scope: { readonly taxonomy: 'category' | 'tag'; readonly slug: string } | undefined,
): PageFilters {
  return scope === undefined ? filters : { ...filters, [scope.taxonomy]: scope.slug };
}
