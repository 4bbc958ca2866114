import type { components, paths } from './api-types.ts';
import { downloadCsv, get, listTotals, request } from './api.ts';

type Event = components['schemas']['Event'];

/**
 * `T` with the members `N` names typed as `N` says. Each must be a member of `T`: a member the API
 * renames fails to compile here too.
 */
type Narrowed<T, N extends { [K in keyof N]: K extends keyof T ? unknown : never }> = Omit<T, keyof N> & N;

/**
 * What the admin's screens read of an event record: the API's `Event` schema (api-types.ts, generated
 * from it), with the members the schema leaves open (TEC's shapes, some an empty array when unset)
 * in the shape the admin reads of them.
 */
export type EventRecord = Narrowed<
  Event,
  {
    image: { id?: number; url?: string } | false;
    categories: { id: number; name: string; parent?: number }[];
    tags: { id: number; name: string }[];
    venue: { id?: number; venue?: string } | unknown[];
    organizer: { id: number; organizer: string }[];
    custom_fields: Record<string, { label?: string; value?: unknown }> | unknown[];
    recurrence?: Narrowed<components['schemas']['EventRecurrence'], { rrule: string | string[] }>;
  }
>;

export interface Page<T> {
  readonly items: T[];
  readonly total: number;
  readonly pages: number;
}

/** Every status an editor's list shows, in the tabs' order; `all` is every one but the trash, as in WordPress. */
export const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
export type Status = (typeof STATUSES)[number];
const ALL_BUT_TRASH = STATUSES.filter((status) => status !== 'trash');

/** Whole lists start at the first supported day: an admin sees past events too, not only upcoming ones. */
export const EVER = '0001-01-01';

/** The archive's orders (decision 0073): `orderby` and `order` of `GET events`. */
export const ORDER_BY = ['event_date', 'title', 'modified'] as const;
export type OrderBy = (typeof ORDER_BY)[number];
export interface Sort {
  readonly by: OrderBy;
  readonly direction: 'asc' | 'desc';
}

/** The list's filters as the archive's query; a page of them, or every one as CSV. */
export type EventListFilters = {
  status?: Status | 'all';
  page?: number;
  search?: string;
  categories?: string;
  tags?: string;
  venue?: string;
  organizer?: string;
  from?: string;
  to?: string;
  perPage?: number;
  sort?: Sort;
};

function archiveQuery(query: EventListFilters) {
  const status = query.status === undefined || query.status === 'all' ? ALL_BUT_TRASH : [query.status];
  return {
    status,
    page: query.page ?? 1,
    per_page: query.perPage ?? 20,
    search: query.search,
    categories: query.categories ? [query.categories] : undefined,
    tags: query.tags ? [query.tags] : undefined,
    venue: query.venue ? [query.venue] : undefined,
    organizer: query.organizer ? [query.organizer] : undefined,
    start_date: query.from || EVER,
    end_date: query.to,
    orderby: query.sort?.by,
    order: query.sort?.direction,
  };
}

export async function listEvents(query: EventListFilters): Promise<Page<EventRecord>> {
  const { body, headers } = await get<{ events: EventRecord[] }>('events', archiveQuery(query));
  return { items: body.events, ...listTotals(headers, body.events.length) };
}

/** Every event of the list's filters as a CSV file (not the page shown), with protected details for those who may edit them. */
export const downloadEvents = (query: EventListFilters) =>
  downloadCsv('events', { ...archiveQuery(query), context: 'edit' }, 'events.csv');

export type Counts = components['schemas']['StatusCounts'];
/**
 * The tabs' counts: the totals of the lists the tabs link to (every date from EVER, as `listEvents`
 * reads without filters), a series counted once per date listed (decision 0103).
 */
export const eventCounts = async (): Promise<Counts> => (await get<Counts>('events/counts', { start_date: EVER })).body;

export const setStatus = (id: number, status: string) => request('POST', `events/${id}`, { body: { status } });
export const removeEvent = (id: number, force: boolean) => request('DELETE', `events/${id}`, { query: { force } });

/** Who sent a pending community submission (decision 0095); editors only. */
export type CommunitySubmission =
  paths['/community/submissions']['get']['responses'][200]['content']['application/json']['submissions'][number];
/** Who sent those of `eventIds` that came through the community form. */
export const communitySenders = async (eventIds: readonly number[]): Promise<CommunitySubmission[]> =>
  eventIds.length === 0
    ? []
    : (await get<{ submissions: CommunitySubmission[] }>('community/submissions', { include: eventIds })).body
        .submissions;
/** Trashes every pending community submission from `address`; answers the counts. */
export const rejectAllFrom = async (address: string) =>
  (
    await request<{ events: number; venues: number; organizers: number }>('POST', 'community/submissions/reject', {
      body: { address },
    })
  ).body;
