import type { Caller } from '../../auth/roles.ts';
import type { Clock } from '../../clock.ts';
import type { RecurrenceSettings } from '../../config.ts';
import { DateParseError } from '../../dates/parse.ts';
import { ApiError, invalidParams, type InvalidParam } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { DateBounds, EventFilter } from '../../storage/repositories/event-filter.ts';
import type { ArchiveCursor, EventFields, EventsRepository } from '../../storage/repositories/events.repository.ts';
import type { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import type { PostRecords, StatusCounts } from '../posts/post-records.ts';
import type { LocalizablePost } from '../translations/translations.ts';
import { ANY_STATUS, readableStatuses } from '../posts/post-rules.ts';
import type { PostWriter } from '../posts/post-writer.ts';
import { modifiedAfterProblem, modifiedAfterUtc } from '../sync/modified-after.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../terms/taxonomy.ts';
import { dateBounds, windowEnd } from './date-window.ts';
import type { EventListQuery } from './events.schemas.ts';
import type { EventsService, EventTerms } from './events.service.ts';
import type { ExportNames } from './export-names.ts';
import { backgroundCoverage, onDemandUntil } from './series-horizon.ts';
import { searchWords } from '../posts/search-words.ts';

/*
 * The archive of events (wire-format 4.1, 7.6): its filters, its date window, its pages and counts,
 * and the batches its exports read.
 */

/** The archive's query without its paging: what selects the events (the archive and its exports). */
export type ArchiveQuery = Omit<EventListQuery, 'page' | 'per_page'>;

const INVALID: InvalidParam = { message: 'Invalid parameter.' };
const TRUTHY = new Set(['true', '1', 'yes', 'on']);
/** The statuses of the admin's tabs: every listed one and the trash. */
const TAB_STATUSES = [...ANY_STATUS, 'trash'] as const;

/** Listing events: the archive's rules, with the fixes of decisions.md. */
export class EventArchive {
  constructor(
    private readonly records: Pick<
      PostRecords<EventFields>,
      'archiveScope' | 'refusesStatuses' | 'localize' | 'textIn'
    >,
    private readonly repository: EventsRepository,
    private readonly posts: PostsRepository,
    private readonly terms: Pick<EventTerms, 'idsOf' | 'withDescendants'>,
    private readonly events: Pick<EventsService, 'relations' | 'readsAllLinked'>,
    private readonly writer: Pick<PostWriter, 'dateProblem'>,
    private readonly clock: Clock,
    private readonly siteZone: string,
    private readonly recurrence: RecurrenceSettings,
  ) {}

  /** The archive's argument validator: it runs before the permission check (wire-format 7.6). */
  async validateList(tx: ReadTx, query: ArchiveQuery, caller: Caller | null): Promise<void> {
    const invalid: Record<string, InvalidParam> = {};
    if (this.records.refusesStatuses(query.status, caller)) invalid.status = INVALID;
    for (const field of [
      'start_date',
      'end_date',
      'starts_before',
      'starts_after',
      'ends_before',
      'ends_after',
    ] as const) {
      const value = query[field];
      const problem = value === undefined ? undefined : this.writer.dateProblem(field, value, 'UTC');
      if (problem) invalid[field] = problem;
    }
    const modifiedAfter = modifiedAfterProblem(query.modified_after, this.clock.now());
    if (modifiedAfter) invalid.modified_after = modifiedAfter;
    for (const definition of [CATEGORY, TAG]) {
      const refs = query[definition.eventsFilter];
      if (refs && (await this.termIds(tx, definition, refs)) === undefined) invalid[definition.eventsFilter] = INVALID;
    }
    // A venue or organizer the caller may not read is refused as an unknown one: which events link it is not learned (decision 0051).
    for (const kind of ['venue', 'organizer'] as const) {
      const ids = query[kind];
      if (ids && !(await this.events.readsAllLinked(tx, kind, ids, caller))) invalid[kind] = INVALID;
    }
    if (query.post_parent !== undefined && !(await this.posts.exists(tx, 'event', query.post_parent)))
      invalid.post_parent = INVALID;
    // The point needs both coordinates.
    if ((query.geoloc_lat === undefined) !== (query.geoloc_lng === undefined))
      invalid[query.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng'] = INVALID;
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  async list(tx: ReadTx, query: EventListQuery, caller: Caller | null, window: PageWindow, language: LanguageCode) {
    const { filter, order, statuses, bounds } = await this.selection(tx, query, caller, language);
    const [rows, total] = await Promise.all([
      this.repository.list(tx, filter, window.perPage, window.offset, order),
      this.repository.count(tx, filter),
    ]);
    if (rows.length === 0 && window.page > 1) throw new ApiError('event-archive-page-not-found');
    return {
      rows: await this.records.localize(tx, rows, language),
      total,
      statuses,
      bounds,
      relations: await this.events.relations(tx, rows, language, caller),
      cut: await this.occurrencesCut(tx, bounds),
    };
  }

  /**
   * The admin's status tabs (decision 0103): for each status, the total `list` answers with that
   * `status` filter and the rest of `query`, counted in one statement; `all`, every status but the
   * trash, as the archive lists by default.
   */
  async statusCounts(
    tx: ReadTx,
    query: ArchiveQuery,
    caller: Caller | null,
    language: LanguageCode,
  ): Promise<StatusCounts> {
    const { filter } = await this.archiveFilter(tx, { ...query, status: [...TAB_STATUSES] }, caller, language);
    const counts = await this.repository.countPerStatus(tx, filter);
    const of = (status: string) => counts.get(status) ?? 0;
    return {
      all: ANY_STATUS.reduce((sum, status) => sum + of(status), 0),
      publish: of('publish'),
      future: of('future'),
      draft: of('draft'),
      pending: of('pending'),
      private: of('private'),
      trash: of('trash'),
    };
  }

  /**
   * `list` without its records: the page's occurrence ids, read from the index alone, for an
   * answer made of records already rendered (decision 0080), with where the record-change journal
   * stands in the same snapshot (its sync token: decision 0085); the same errors as `list`.
   */
  async listIds(tx: ReadTx, query: EventListQuery, caller: Caller | null, window: PageWindow, language: LanguageCode) {
    const { filter, order, statuses, bounds } = await this.selection(tx, query, caller, language);
    const { ids, total, journal } = await this.repository.pageIdsAndCount(
      tx,
      filter,
      window.perPage,
      window.offset,
      order,
    );
    if (ids.length === 0 && window.page > 1) throw new ApiError('event-archive-page-not-found');
    return { ids, total, journal, statuses, bounds, cut: await this.occurrencesCut(tx, bounds) };
  }

  /** What a page of the archive is cut from: its filter and its order. */
  private async selection(tx: ReadTx, query: EventListQuery, caller: Caller | null, language: LanguageCode) {
    const order =
      query.orderby === undefined && query.order === undefined
        ? undefined
        : { by: query.orderby, direction: query.order ?? 'asc', language };
    return { ...(await this.archiveFilter(tx, query, caller, language)), order };
  }

  /**
   * The archive's rules as a filter: the caller's status scope, the date window, search, terms,
   * venues, organizers and the rest. The archive and every export of it (the iCalendar feed) read
   * through this one filter, so they never disagree on what a caller may list.
   */
  async archiveFilter(
    tx: ReadTx,
    query: ArchiveQuery,
    caller: Caller | null,
    language: LanguageCode,
  ): Promise<{ filter: EventFilter; statuses: string[]; bounds: DateBounds }> {
    const { statuses, restrictTo, mayEditOthers } = this.records.archiveScope(query.status, caller);
    const bounds = this.dateWindow(query);
    const termIdGroups: number[][] = [];
    for (const definition of [CATEGORY, TAG]) {
      const refs = query[definition.eventsFilter];
      if (refs) termIdGroups.push((await this.termIds(tx, definition, refs)) ?? []);
    }
    const filter: EventFilter = {
      statuses,
      ...bounds,
      ...(restrictTo ? { restrictTo } : {}),
      ...(query.search !== undefined
        ? {
            searchWords: searchWords(query.search),
            searchLanguage: language,
            searchTitleOnlyWhenProtected: !mayEditOthers,
          }
        : {}),
      ...(termIdGroups.length > 0 ? { termIdGroups } : {}),
      ...(query.venue ? { venueIds: query.venue } : {}),
      ...(query.organizer ? { organizerIds: query.organizer } : {}),
      ...(query.featured !== undefined ? { featured: query.featured } : {}),
      ...(query.geoloc !== undefined ? { venueHasCoordinates: query.geoloc } : {}),
      ...(query.geoloc_lat !== undefined && query.geoloc_lng !== undefined
        ? { near: { lat: query.geoloc_lat, lng: query.geoloc_lng, radiusKm: query.geoloc_radius } }
        : {}),
      // Only the coordinates of venues the caller may read: a radius search must not locate a hidden one (decision 0051).
      ...(query.geoloc !== undefined || query.geoloc_lat !== undefined
        ? { readableVenues: readableStatuses(caller, 'tribe_venue') }
        : {}),
      ...(query.include ? { include: query.include } : {}),
      ...(query.post_parent !== undefined ? { parentId: query.post_parent } : {}),
      ...(query.series !== undefined ? { seriesId: query.series } : {}),
      ...(query.ticketed !== undefined ? { ticketed: query.ticketed } : {}),
      ...(query.modified_after !== undefined
        ? { modifiedAfter: modifiedAfterUtc(query.modified_after, this.clock.now()) }
        : {}),
    };
    return { filter, statuses, bounds };
  }

  /**
   * What of the clock an archive answer reads, as text, for the read cache's key (decision 0033):
   * its date bounds (the default window moves once a day, a relative date every second), its
   * `modified_after` instant and whether its window ends past the series' background coverage
   * (`occurrencesCut`). A query whose dates cannot be read answers an error, never cached: any key.
   */
  archiveClockKey(query: EventListQuery): string {
    const now = this.clock.now();
    try {
      const bounds = this.dateWindow(query);
      const end = windowEnd(bounds);
      const modifiedAfter = query.modified_after === undefined ? null : modifiedAfterUtc(query.modified_after, now);
      return JSON.stringify([
        bounds,
        modifiedAfter,
        end !== undefined && end > backgroundCoverage(now, this.recurrence.horizonDays),
      ]);
    } catch (error) {
      if (error instanceof DateParseError) return 'invalid';
      throw error;
    }
  }

  /** The archive's date bounds; `include` ignores the date filters, as the spec says (decisions.md, quirk #9 fixed). */
  private dateWindow(query: ArchiveQuery): DateBounds {
    return query.include
      ? {}
      : dateBounds(
          { ...query, strict_dates: TRUTHY.has(query.strict_dates.toLowerCase()) },
          this.siteZone,
          this.clock.now(),
        );
  }

  /**
   * How far series must be extended before an archive query is read (decision 0025): a local wall
   * clock when its window ends past the horizon, else undefined (also for dates the query's
   * validator will refuse). The caller extends them in write units of their own (`EventSeries.extendSeriesTo`).
   */
  extensionFor(query: ArchiveQuery): string | undefined {
    let end: string | undefined;
    try {
      end = windowEnd(this.dateWindow(query));
    } catch (error) {
      if (error instanceof DateParseError) return undefined;
      throw error;
    }
    return end === undefined ? undefined : onDemandUntil(end, this.clock.now(), this.recurrence);
  }

  /**
   * Where a window past the horizon is cut in this snapshot: the least local time up to which every
   * series with unbounded rules is materialised, when the window's end reaches it (past the
   * on-demand limit, or the extension's share of one request); undefined when the answer is whole.
   */
  async occurrencesCut(tx: ReadTx, bounds: DateBounds): Promise<string | undefined> {
    const end = windowEnd(bounds);
    if (end === undefined || end <= backgroundCoverage(this.clock.now(), this.recurrence.horizonDays)) return undefined;
    const floor = await this.repository.materializedFloor(tx);
    return floor !== null && floor <= end ? floor : undefined;
  }

  /**
   * The next `limit` occurrences of an archive filter after `after` (by local start, then id) as
   * their events, localized, with their relations as `reader` may see them, and the cursor to
   * continue from: one bounded batch of an export that reads the archive a batch at a time.
   */
  async listAfter(
    tx: ReadTx,
    filter: EventFilter,
    after: ArchiveCursor | undefined,
    limit: number,
    language: LanguageCode,
    reader: Caller | null,
  ) {
    return this.withRelations(tx, await this.repository.listAfter(tx, filter, after, limit), language, reader);
  }

  /**
   * `listAfter` as the CSV export reads it (decisions 0132, 0136): only the columns it writes, its
   * text in `language`, and its relations' names loaded into `names`, the export's own, in this
   * batch's unit.
   */
  async exportAfter(
    tx: ReadTx,
    filter: EventFilter,
    after: ArchiveCursor | undefined,
    limit: number,
    language: LanguageCode,
    names: ExportNames,
  ) {
    const { rows, next } = await this.repository.exportAfter(tx, filter, after, limit);
    const [texts] = await Promise.all([this.records.textIn(tx, rows, language), names.load(tx, rows)]);
    return { rows: texts, next };
  }

  /** A batch's rows localized, with their relations as `reader` may see them. */
  private async withRelations<R extends { readonly post: LocalizablePost }, Cursor>(
    tx: ReadTx,
    { rows, next }: { rows: readonly R[]; next: Cursor },
    language: LanguageCode,
    reader: Caller | null,
  ) {
    return {
      rows: await this.records.localize(tx, rows, language),
      relations: await this.events.relations(tx, rows, language, reader),
      next,
    };
  }

  /** The occurrence of an archive filter just before or after `from` by start instant, then id, localized, with its relations as `reader` may see them. */
  async neighbour(
    tx: ReadTx,
    filter: EventFilter,
    from: { readonly startUtc: string; readonly id: number },
    side: 'previous' | 'next',
    language: LanguageCode,
    reader: Caller | null,
  ) {
    const rows = [await this.repository.neighbour(tx, filter, from, side)].filter((row) => row !== undefined);
    return {
      rows: await this.records.localize(tx, rows, language),
      relations: await this.events.relations(tx, rows, language, reader),
    };
  }

  /** The occurrence ids each event or occurrence id stands for now (sync; decision 0029). */
  occurrenceIds(tx: ReadTx, ids: readonly number[]): Promise<Map<number, number[]>> {
    return this.repository.occurrenceIdsOf(tx, ids);
  }

  /**
   * The occurrences among `ids` that the caller's archive lists whatever its filters (the status
   * scope; never hidden ones), localized, with their relations: what a sync answer shows of them.
   */
  async listAmong(tx: ReadTx, ids: readonly number[], caller: Caller | null, language: LanguageCode) {
    const { statuses, restrictTo } = this.records.archiveScope(undefined, caller);
    const rows = await this.repository.list(
      tx,
      { statuses, ...(restrictTo ? { restrictTo } : {}), include: ids },
      ids.length,
      0,
    );
    return {
      rows: await this.records.localize(tx, rows, language),
      relations: await this.events.relations(tx, rows, language, caller),
    };
  }

  /** Term ids for a list filter, or undefined when an id or slug names no term of the taxonomy. */
  private async termIds(
    tx: ReadTx,
    definition: TaxonomyDefinition,
    refs: readonly string[],
  ): Promise<number[] | undefined> {
    const selected = await this.terms.idsOf(tx, definition, refs);
    // A parent category matches events filed under its sub-categories (wire-format 4.1).
    return selected && definition.hierarchical ? this.terms.withDescendants(tx, selected) : selected;
  }
}
