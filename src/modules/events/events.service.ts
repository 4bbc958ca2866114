import type { Caller } from '../../auth/roles.ts';
import { dateBounds, windowEnd } from './date-window.ts';
import { WIRE_DATE_FORMAT } from '../../clock.ts';
import type { RecurrenceSettings } from '../../config.ts';
import { DateParseError } from '../../dates/parse.ts';
import { isValidZone, ZONE_EXPECTED, zoneAbbreviation } from '../../dates/zones.ts';
import { ApiError, invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx, WriteTx } from '../../storage/database.ts';
import type { ArchiveCursor, DateBounds, EventFields, EventFilter, EventRow, EventsRepository, OccurrenceDates, OccurrenceRow } from '../../storage/repositories/events.repository.ts';
import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import type { NewPost } from '../../storage/repositories/post-records.repository.ts';
import type { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import type { PostText } from '../../storage/repositories/translations.repository.ts';
import { storableId, type LinkKind, type Taxonomy, type TermRow } from '../../storage/tables.ts';
import type { ImportedPlacement, PostRecords, RecordRef } from '../posts/post-records.ts';
import { importedDates } from '../posts/post-rows.ts';
import { requireOnPost, type Access } from '../posts/post-rules.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../terms/taxonomy.ts';
import type { Localized } from '../translations/translations.ts';
import { costRange } from './cost.ts';
import { readCustomFields, storedCustomFields } from './custom-fields.ts';
import { eventCost, eventSchedule, needsSlug, SINGLE_EVENT, type EventSchedule } from './event-fields.ts';
import { backgroundCoverage, expandSeries, horizonEnd, materializationBound, onDemandUntil, readRecurrence, type ExpandSeriesResult, type Recurrence, type SeriesSchedule } from './recurrence.ts';
import { excluding, splitRecurrence } from './series-rules.ts';
import { modifiedAfterProblem, modifiedAfterUtc } from '../sync/modified-after.ts';
import type { EventCreateInput, EventInput, EventListQuery } from './events.schemas.ts';

export type EventRef = RecordRef;

/** The archive's query without its paging: what selects the events (the archive and its exports). */
export type ArchiveQuery = Omit<EventListQuery, 'page' | 'per_page'>;

/** What events need of categories and tags (the terms service provides it). */
export interface EventTerms {
  /** Term ids given by id or slug; undefined when one names no term of the taxonomy. */
  idsOf(tx: ReadTx, definition: TaxonomyDefinition, refs: readonly string[]): Promise<number[] | undefined>;
  withDescendants(tx: ReadTx, ids: readonly number[]): Promise<number[]>;
  /** The terms an event's input names, creating new ones by name (filtered as the caller's text). */
  idsForEvent(tx: WriteTx, definition: TaxonomyDefinition, refs: readonly (string | number)[], language: LanguageCode, caller: Caller): Promise<number[]>;
  termsOfEvents(tx: ReadTx, eventIds: readonly number[]): Promise<Map<number, TermRow[]>>;
  setEventTerms(tx: WriteTx, eventId: number, taxonomy: Taxonomy, termIds: readonly number[]): Promise<void>;
  /** A published event's occurrences entering (> 0) or leaving (< 0) its terms' counts. */
  shiftCounts(tx: WriteTx, termIds: readonly number[], step: number): Promise<void>;
  localize(tx: ReadTx, items: readonly { row: TermRow }[], language: LanguageCode): Promise<Localized<{ row: TermRow }>[]>;
}

/** What events need of venues and organizers (their services provide it). */
export interface EventLinkedRecords {
  localizedMany(tx: ReadTx, ids: readonly number[], language: LanguageCode): Promise<Localized<LinkedRecordRow>[]>;
  /** Creates an inline venue or organizer, or reuses one of the same name (quirk #26). */
  create(tx: WriteTx, input: Record<string, unknown>, caller: Caller, language: LanguageCode): Promise<Localized<LinkedRecordRow>>;
}

/** What a page of events embeds, in the request's language, loaded in a fixed number of queries whatever its size. */
export interface LoadedRelations {
  readonly terms: Map<number, Localized<{ row: TermRow }>[]>;
  readonly venues: Map<number, Localized<LinkedRecordRow>[]>;
  readonly organizers: Map<number, Localized<LinkedRecordRow>[]>;
}

const INVALID: InvalidParam = { message: 'Invalid parameter.' };
/**
 * New occurrences one write unit of an extension past the horizon may add (decision 0025): the
 * extension on demand and the dates an edited series keeps past the horizon stay short units.
 */
export const EXTENSION_ROWS_PER_UNIT = 5_000;

type RemoveRequest = { readonly caller: Caller; readonly force: boolean; readonly language: LanguageCode; readonly explicitLanguage: boolean };


/** An event's length in wall-clock milliseconds (its local end minus its local start). */
function eventDuration(fields: EventSchedule): number {
  return Date.parse(`${fields.end_local.replace(' ', 'T')}Z`) - Date.parse(`${fields.start_local.replace(' ', 'T')}Z`);
}

/** A local `YYYY-MM-DD HH:MM:SS` moved by wall-clock milliseconds. */
function shiftLocal(local: string, ms: number): string {
  return new Date(Date.parse(`${local.replace(' ', 'T')}Z`) + ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** How a change to an occurrence of a series reaches the series (decision 0025). */
export type Scope = 'this' | 'following' | 'all';

/** The wire's `recurrence`: undefined when not sent, null to remove; bad values were refused by validateWrite. */
function recurrenceInput(value: unknown): Recurrence | null | undefined {
  if (value === undefined) return undefined;
  const read = readRecurrence(value);
  if ('problem' in read) throw invalidParam('recurrence', read.problem);
  return read.recurrence;
}

const storedRecurrence = (fields: EventFields): Recurrence | null => (fields.recurrence === null ? null : (JSON.parse(fields.recurrence) as Recurrence));
const TRUTHY = new Set(['true', '1', 'yes', 'on']);

/** A list as clients send it: an array, a comma-separated string, or one value. */
function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(',').map((item) => item.trim()).filter((item) => item !== '');
  return [value];
}

/** WordPress' rule: each word is required, but more than nine are searched as one phrase (bounding the query). */
function searchTerms(search: string): string[] {
  const words = search.split(/\s+/).filter((word) => word !== '');
  return words.length > 9 ? [search.trim()] : words;
}

/** `null`, `""`, `0`, `[]` and lists of those: the empty values that unlink (wire-format 5.1.3). */
function isEmptyReference(value: unknown): boolean {
  if (value === null || value === '' || value === 0 || value === '0') return true;
  return Array.isArray(value) && value.every(isEmptyReference);
}

/** The non-empty items of a venue or organizer reference: a list, one object, or ids as a list or CSV. */
function referenceItems(value: unknown): unknown[] {
  const items = Array.isArray(value) ? value : typeof value === 'object' ? [value] : asList(value);
  return items.filter((item) => !isEmptyReference(item));
}

/** Rules of events (wire-format 4.1, 5.1, 5.2, 6.1, 7), with the fixes of decisions.md. */
export class EventsService {
  constructor(
    private readonly records: PostRecords<EventFields>,
    private readonly repository: EventsRepository,
    private readonly posts: PostsRepository,
    private readonly terms: EventTerms,
    private readonly linked: Readonly<Record<LinkKind, EventLinkedRecords>>,
    private readonly recurrence: RecurrenceSettings,
  ) {}

  private get writer() {
    return this.records.writer;
  }

  private get siteZone(): string {
    return this.writer.site.timezone;
  }

  // Argument validators: they run before the permission check (wire-format 7.6).

  async validateList(tx: ReadTx, query: ArchiveQuery, caller: Caller | null): Promise<void> {
    const invalid: Record<string, InvalidParam> = {};
    try {
      this.records.archiveScope(query.status, caller);
    } catch {
      invalid.status = INVALID;
    }
    for (const field of ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'] as const) {
      const value = query[field];
      const problem = value === undefined ? undefined : this.writer.dateProblem(field, value, 'UTC');
      if (problem) invalid[field] = problem;
    }
    const modifiedAfter = modifiedAfterProblem(query.modified_after, this.writer.clock.now());
    if (modifiedAfter) invalid.modified_after = modifiedAfter;
    for (const definition of [CATEGORY, TAG]) {
      const refs = query[definition.eventsFilter];
      if (refs && (await this.termIds(tx, definition, refs)) === undefined) invalid[definition.eventsFilter] = INVALID;
    }
    for (const kind of ['venue', 'organizer'] as const) {
      const ids = query[kind];
      if (ids && (await this.posts.existing(tx, kind, ids)).size !== new Set(ids).size) invalid[kind] = INVALID;
    }
    if (query.post_parent !== undefined && !(await this.posts.exists(tx, 'event', query.post_parent))) invalid.post_parent = INVALID;
    // The point needs both coordinates.
    if ((query.geoloc_lat === undefined) !== (query.geoloc_lng === undefined)) invalid[query.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng'] = INVALID;
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  async validateWrite(tx: ReadTx, input: EventInput, caller: Caller | null): Promise<void> {
    const invalid = await this.writer.validate(tx, input, caller);
    const zone = typeof input.timezone === 'string' && input.timezone !== '' ? input.timezone : this.siteZone;
    if (!isValidZone(zone)) invalid.timezone = { message: ZONE_EXPECTED };
    for (const field of ['start_date', 'end_date'] as const) {
      const value = input[field];
      const problem = value === undefined ? undefined : this.writer.dateProblem(field, value, isValidZone(zone) ? zone : 'UTC');
      if (problem) invalid[field] = problem;
    }
    if (Array.isArray(input.cost) && costRange(input.cost) === undefined) invalid.cost = INVALID;
    if (input.custom_fields !== undefined) {
      const { problems } = readCustomFields(input.custom_fields);
      if (problems.length > 0) invalid.custom_fields = { message: problems.join(' ') };
    }
    if (input.recurrence !== undefined) {
      const read = readRecurrence(input.recurrence);
      if ('problem' in read) invalid.recurrence = { message: read.problem };
    }
    if (input.post_parent !== undefined && input.post_parent !== null && input.post_parent !== 0 && !(await this.posts.exists(tx, 'event', input.post_parent))) {
      invalid.post_parent = INVALID;
    }
    for (const kind of ['venue', 'organizer'] as const) {
      if (input[kind] !== undefined && !(await this.linkedReferencesValid(tx, kind, input[kind]))) invalid[kind] = INVALID;
    }
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  // Reads.

  async list(tx: ReadTx, query: EventListQuery, caller: Caller | null, window: PageWindow, language: LanguageCode) {
    const { filter, statuses, bounds } = await this.archiveFilter(tx, query, caller, language);
    const [rows, total] = await Promise.all([this.repository.list(tx, filter, window.perPage, window.offset), this.repository.count(tx, filter)]);
    if (rows.length === 0 && window.page > 1) throw new ApiError('event-archive-page-not-found');
    return {
      rows: await this.records.localize(tx, rows, language),
      total,
      statuses,
      bounds,
      relations: await this.relations(tx, rows, language),
      cut: await this.occurrencesCut(tx, bounds),
    };
  }

  /**
   * The archive's rules as a filter: the caller's status scope, the date window, search, terms,
   * venues, organizers and the rest. The archive and every export of it (the iCalendar feed) read
   * through this one filter, so they never disagree on what a caller may list.
   */
  async archiveFilter(tx: ReadTx, query: ArchiveQuery, caller: Caller | null, language: LanguageCode): Promise<{ filter: EventFilter; statuses: string[]; bounds: DateBounds }> {
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
        ? { searchWords: searchTerms(query.search), searchLanguage: language, searchTitleOnlyWhenProtected: !mayEditOthers }
        : {}),
      ...(termIdGroups.length > 0 ? { termIdGroups } : {}),
      ...(query.venue ? { venueIds: query.venue } : {}),
      ...(query.organizer ? { organizerIds: query.organizer } : {}),
      ...(query.featured !== undefined ? { featured: query.featured } : {}),
      ...(query.geoloc !== undefined ? { venueHasCoordinates: query.geoloc } : {}),
      ...(query.geoloc_lat !== undefined && query.geoloc_lng !== undefined
        ? { near: { lat: query.geoloc_lat, lng: query.geoloc_lng, radiusKm: query.geoloc_radius } }
        : {}),
      ...(query.include ? { include: query.include } : {}),
      ...(query.post_parent !== undefined ? { parentId: query.post_parent } : {}),
      // This service sells no tickets: ticketed events do not exist, unticketed ones are all.
      ...(query.ticketed === true ? { none: true } : {}),
      ...(query.modified_after !== undefined ? { modifiedAfter: modifiedAfterUtc(query.modified_after, this.writer.clock.now()) } : {}),
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
    const now = this.writer.clock.now();
    try {
      const bounds = this.dateWindow(query);
      const end = windowEnd(bounds);
      const modifiedAfter = query.modified_after === undefined ? null : modifiedAfterUtc(query.modified_after, now);
      return JSON.stringify([bounds, modifiedAfter, end !== undefined && end > backgroundCoverage(now, this.recurrence.horizonDays)]);
    } catch (error) {
      if (error instanceof DateParseError) return 'invalid';
      throw error;
    }
  }

  /** The archive's date bounds; `include` ignores the date filters, as the spec says (decisions.md, quirk #9 fixed). */
  private dateWindow(query: ArchiveQuery): DateBounds {
    return query.include ? {} : dateBounds({ ...query, strict_dates: TRUTHY.has(query.strict_dates.toLowerCase()) }, this.siteZone, this.writer.clock.now());
  }

  /**
   * How far series must be extended before an archive query is read (decision 0025): a local wall
   * clock when its window ends past the horizon, else undefined (also for dates the query's
   * validator will refuse). The caller extends them in write units of their own (`extendSeriesTo`).
   */
  extensionFor(query: ArchiveQuery): string | undefined {
    let end: string | undefined;
    try {
      end = windowEnd(this.dateWindow(query));
    } catch (error) {
      if (error instanceof DateParseError) return undefined;
      throw error;
    }
    return end === undefined ? undefined : onDemandUntil(end, this.writer.clock.now(), this.recurrence);
  }

  /**
   * Where a window past the horizon is cut in this snapshot: the least local time up to which every
   * series with unbounded rules is materialised, when the window's end reaches it (past the
   * on-demand limit, or the extension's share of one request); undefined when the answer is whole.
   */
  async occurrencesCut(tx: ReadTx, bounds: DateBounds): Promise<string | undefined> {
    const end = windowEnd(bounds);
    if (end === undefined || end <= backgroundCoverage(this.writer.clock.now(), this.recurrence.horizonDays)) return undefined;
    const floor = await this.repository.materializedFloor(tx);
    return floor !== null && floor <= end ? floor : undefined;
  }

  /**
   * The next `limit` occurrences of an archive filter after `after` (by local start, then id) as
   * their events, localized, with their relations, and the cursor to continue from: one bounded
   * batch of an export that reads the archive a batch at a time.
   */
  async listAfter(tx: ReadTx, filter: EventFilter, after: ArchiveCursor | undefined, limit: number, language: LanguageCode) {
    const { rows, next } = await this.repository.listAfter(tx, filter, after, limit);
    return { rows: await this.records.localize(tx, rows, language), relations: await this.relations(tx, rows, language), next };
  }

  /** The occurrence of an archive filter just before or after `from` by start instant, then id, localized, with its relations. */
  async neighbour(tx: ReadTx, filter: EventFilter, from: { readonly startUtc: string; readonly id: number }, side: 'previous' | 'next', language: LanguageCode) {
    const rows = [await this.repository.neighbour(tx, filter, from, side)].filter((row) => row !== undefined);
    return { rows: await this.records.localize(tx, rows, language), relations: await this.relations(tx, rows, language) };
  }

  /** The occurrence ids each event or occurrence id stands for now (sync; decision 0029). */
  occurrenceIds(tx: ReadTx, ids: readonly number[]): Promise<Map<number, number[]>> {
    return this.repository.occurrenceIdsOf(tx, ids);
  }

  /**
   * The occurrences among `ids` that the caller's archive lists whatever its filters (the status
   * scope; never hidden ones), localized, with their relations: what a sync answer shows of them.
   */
  async listed(tx: ReadTx, ids: readonly number[], caller: Caller | null, language: LanguageCode) {
    const { statuses, restrictTo } = this.records.archiveScope(undefined, caller);
    const rows = await this.repository.list(tx, { statuses, ...(restrictTo ? { restrictTo } : {}), include: ids }, ids.length, 0);
    return { rows: await this.records.localize(tx, rows, language), relations: await this.relations(tx, rows, language) };
  }

  /** One event a caller may read, checked in the original's order (wire-format 7.3). */
  async read(tx: ReadTx, ref: EventRef, caller: Caller | null, access: Access, language: LanguageCode): Promise<{ row: Localized<EventRow>; relations: LoadedRelations }> {
    const row = await this.find(tx, ref, language);
    if (row.post.status === 'trash') throw new ApiError('event-no-longer-available');
    if (!this.records.mayRead(caller, row)) throw new ApiError('event-not-accessible');
    if (!this.entitled(row, caller, access)) throw new ApiError('event-password-protected');
    return { row: await this.records.localized(tx, row, language), relations: await this.relations(tx, [row], language) };
  }

  entitled(row: EventRow, caller: Caller | null, access: Access): boolean {
    return this.records.entitled(row, caller, access);
  }

  async relations(tx: ReadTx, rows: readonly EventRow[], language: LanguageCode): Promise<LoadedRelations> {
    const ids = rows.map((row) => row.post.id);
    const [terms, venueLinks, organizerLinks] = await Promise.all([
      this.terms.termsOfEvents(tx, ids),
      this.repository.links(tx, ids, 'venue'),
      this.repository.links(tx, ids, 'organizer'),
    ]);
    const load = async (kind: LinkKind, links: Map<number, number[]>) => {
      const localized = await this.linked[kind].localizedMany(tx, [...links.values()].flat(), language);
      const records = new Map(localized.map((record) => [record.post.id, record]));
      return new Map([...links].map(([eventId, linkedIds]) => [eventId, linkedIds.flatMap((id) => records.get(id) ?? [])]));
    };
    const allTerms = await this.terms.localize(tx, [...terms.values()].flat().map((row) => ({ row })), language);
    const termsById = new Map(allTerms.map((term) => [term.row.id, term]));
    const [venues, organizers] = await Promise.all([load('venue', venueLinks), load('organizer', organizerLinks)]);
    return {
      terms: new Map([...terms].map(([eventId, rows]) => [eventId, rows.map((row) => termsById.get(row.id)!)])),
      venues,
      organizers,
    };
  }

  // Writes.

  /** A new event; an importer's `placement` gives it the source's id and dates (the slug comes as `input.slug`). */
  async create(tx: WriteTx, input: EventCreateInput, caller: Caller, language: LanguageCode, placement: ImportedPlacement = {}): Promise<Localized<EventRow>> {
    const dateUtc = this.writer.publicationDate(input) ?? this.writer.nowUtc();
    const status = this.writer.statusFor(input.status, caller, dateUtc);
    const title = this.writer.text.inline(input.title, caller).trim();
    const post = this.writer.newPost(
      {
        type: 'event',
        author_id: this.writer.authorFor(input.author, caller, 'edit_others_tribe_events'),
        status,
        title,
        content: input.description ? this.writer.text.content(input.description, caller) : '',
        excerpt: input.excerpt ? this.writer.text.inline(input.excerpt, caller) : '',
        password: input.post_password ?? '',
        parent_id: input.post_parent ?? 0,
        // -1 is WordPress' "sticky in month view".
        menu_order: input.sticky ? -1 : 0,
        image_id: await this.writer.imageId(tx, input.image),
        language,
      },
      dateUtc,
    );
    if (title === '') throw invalidParam('title');
    const event: EventFields = {
      ...eventSchedule(input, undefined, this.siteZone, this.writer.clock.now()),
      ...eventCost(this.costInput(input.cost ?? '', caller)),
      website: input.website === undefined ? null : this.writer.text.url(input.website ?? '', caller),
      // Omitted flags are false on create, as the original stores them (wire-format 5.1).
      show_map: input.show_map ? 1 : 0,
      show_map_link: input.show_map_link ? 1 : 0,
      hide_from_listings: input.hide_from_listings ? 1 : 0,
      featured: input.featured ? 1 : 0,
      custom_fields: input.custom_fields === undefined ? null : this.customFieldsInput(input.custom_fields, caller),
      ...SINGLE_EVENT,
    };
    // A series is expanded before anything is written: a rule that yields nothing or too much is a 400.
    const recurrence = recurrenceInput(input.recurrence) ?? null;
    const series = recurrence ? this.expand(recurrence, event) : undefined;
    if (recurrence && series) Object.assign(event, { recurrence: JSON.stringify(recurrence), materialized_until: series.materializedUntil });
    const slugBase = input.slug ?? (needsSlug(status) ? title : undefined);
    const slug = slugBase === undefined ? '' : await this.records.uniqueSlug(tx, this.records.slugBase(slugBase));
    const id = await this.repository.create(tx, { ...post, ...importedDates(placement), slug, ...(placement.id === undefined ? {} : { id: placement.id }) }, event);
    if (series) await this.materialize(tx, id, series.dates, status);
    await this.writeRelations(tx, id, input, caller, language);
    return this.reread(tx, id, language);
  }

  /**
   * An update as the address and `scope` say (decision 0025): a single event, or a series by its
   * own id (scope "all" by default), changes itself; an occurrence of a series (scope "this" by
   * default) is detached as an exception and changed alone, or splits the series there
   * ("following"), or changes the whole series ("all"). Permissions are the series' throughout.
   * An importer's `placement` keeps the source's publication and modification dates.
   */
  async update(tx: WriteTx, row: EventRow, input: EventInput, caller: Caller, language: LanguageCode, placement: ImportedPlacement = {}): Promise<Localized<EventRow>> {
    requireOnPost(caller, 'edit', 'tribe_event', row.post);
    const occurrence = row.occurrence;
    if (!occurrence || occurrence.series_id === null) {
      await this.updateEvent(tx, row, input, caller, language, placement);
      return this.reread(tx, row.post.id, language);
    }
    const series = await this.seriesOf(tx, row, occurrence.series_id);
    requireOnPost(caller, 'edit', 'tribe_event', series.post);
    const scope: Scope = input.scope ?? (occurrence.id === series.post.id ? 'all' : 'this');
    const first = await this.repository.firstOccurrence(tx, series.post.id);
    if (scope === 'all' || (scope === 'following' && first?.id === occurrence.id)) {
      await this.updateEvent(tx, series, input, caller, language, placement);
    } else if (scope === 'following') {
      await this.updateEvent(tx, await this.split(tx, series, occurrence), input, caller, language, placement);
    } else {
      const exception = occurrence.event_id === series.post.id ? await this.detach(tx, series, occurrence) : row;
      await this.updateEvent(tx, exception, input, caller, language, placement);
    }
    return (await this.rereadIfExists(tx, occurrence.id, language)) ?? this.reread(tx, series.post.id, language);
  }

  /**
   * Partial on POST, PUT and PATCH alike (decisions.md, quirk #15 fixed). Title, description,
   * excerpt and slug written in a language other than the event's original one go to that
   * language's translation; every other field is shared. A series' occurrences follow its new
   * rules and schedule, keeping the ids of the dates that remain.
   */
  private async updateEvent(tx: WriteTx, row: EventRow, input: EventInput, caller: Caller, language: LanguageCode, placement: ImportedPlacement): Promise<void> {
    requireOnPost(caller, 'edit', 'tribe_event', row.post);
    const text: PostText = {};
    if (input.title !== undefined) {
      text.title = this.writer.text.inline(input.title, caller).trim();
      if (text.title === '') throw invalidParam('title');
    }
    if (input.description !== undefined) text.content = input.description ? this.writer.text.content(input.description, caller) : '';
    if (input.excerpt !== undefined) text.excerpt = input.excerpt ? this.writer.text.inline(input.excerpt, caller) : '';
    if (input.slug !== undefined) text.slug = input.slug;
    const original = row.post.language === language;
    const post: Partial<NewPost> = { ...this.writer.modifiedNow(), ...(await this.records.textChanges(tx, row, language, text)) };
    if (input.author !== undefined) post.author_id = this.writer.authorFor(input.author, caller, 'edit_others_tribe_events');
    if (input.image !== undefined) post.image_id = await this.writer.imageId(tx, input.image);
    if (input.post_password !== undefined) post.password = input.post_password ?? '';
    if (input.post_parent !== undefined) {
      if (input.post_parent === row.post.id) throw invalidParam('post_parent');
      post.parent_id = input.post_parent ?? 0;
    }
    if (input.sticky !== undefined) post.menu_order = input.sticky ? -1 : 0;
    Object.assign(post, this.writer.republication(input, row.post, caller), importedDates(placement));
    const event: Partial<EventFields> = {};
    if (['timezone', 'start_date', 'end_date', 'all_day'].some((field) => input[field as keyof EventInput] !== undefined)) {
      Object.assign(event, eventSchedule(input, row.fields, this.siteZone, this.writer.clock.now()));
    }
    if (input.cost !== undefined) Object.assign(event, eventCost(this.costInput(input.cost ?? '', caller)));
    if (input.website !== undefined) event.website = this.writer.text.url(input.website ?? '', caller);
    for (const field of ['show_map', 'show_map_link', 'hide_from_listings', 'featured'] as const) {
      if (input[field] !== undefined) event[field] = input[field] ? 1 : 0;
    }
    if (input.custom_fields !== undefined) event.custom_fields = this.customFieldsInput(input.custom_fields, caller);
    const recurrence = recurrenceInput(input.recurrence);
    if (recurrence !== undefined) {
      if (recurrence !== null && row.fields.series_id !== null) {
        throw invalidParam('recurrence', 'An occurrence detached from its series cannot have rules of its own: change the series, or split it with "scope": "following".');
      }
      event.recurrence = recurrence === null ? null : JSON.stringify(recurrence);
    }
    const rules = recurrence === undefined ? storedRecurrence(row.fields) : recurrence;
    const endsSeries = rules === null && row.fields.recurrence !== null;
    const series = rules !== null && (recurrence !== undefined || event.start_local !== undefined) ? this.expand(rules, { ...row.fields, ...event }, undefined, row.fields.materialized_until) : undefined;
    if (series) event.materialized_until = series.materializedUntil;
    if (endsSeries) event.materialized_until = null;
    const status = post.status ?? row.post.status;
    const slugBase = (original ? input.slug : undefined) ?? (row.post.slug === '' && needsSlug(status) ? (post.title ?? row.post.title) : undefined);
    if (slugBase !== undefined) post.slug = await this.records.uniqueSlug(tx, this.records.slugBase(slugBase));
    await this.repository.update(tx, row.post.id, post, event);
    // Published or no longer: the event's occurrences enter or leave its current terms' counts,
    // before the occurrences and terms themselves change (which then count by the new status).
    if ((status === 'publish') !== (row.post.status === 'publish')) {
      const weight = await this.repository.occurrenceCount(tx, row.post.id);
      await this.terms.shiftCounts(tx, await this.termIdsOf(tx, row.post.id), status === 'publish' ? weight : -weight);
    }
    if (series) await this.materialize(tx, row.post.id, series.dates, status);
    if (endsSeries) {
      const before = await this.repository.occurrenceCount(tx, row.post.id);
      await this.repository.endSeries(tx, row.post.id);
      if (status === 'publish') await this.terms.shiftCounts(tx, await this.termIdsOf(tx, row.post.id), 1 - before);
    }
    await this.writeRelations(tx, row.post.id, input, caller, language);
  }

  /**
   * Trash, force removal or translation removal (PostRecords.remove); a published event's
   * occurrences leave its terms' counts. A series by its own id goes whole (for good: with its
   * detached exceptions). One occurrence of a series (decision 0025): for good, it is excluded
   * (its start joins the series' `exdates`); to the trash, it is detached and its exception trashed.
   */
  async remove(tx: WriteTx, row: EventRow, request: RemoveRequest): Promise<Localized<EventRow>> {
    const occurrence = row.occurrence;
    const one = occurrence !== undefined && occurrence.series_id !== null && occurrence.id !== occurrence.series_id;
    if (!one || (request.explicitLanguage && row.post.language !== request.language)) return this.removeEvent(tx, row, request);
    const series = await this.seriesOf(tx, row, occurrence.series_id!);
    requireOnPost(request.caller, 'delete', 'tribe_event', series.post);
    if (occurrence.event_id !== series.post.id) {
      // A detached exception: removed for good, its date must not come back with the series' next regeneration.
      if (request.force) await this.exclude(tx, series, row.fields.recurrence_id ?? occurrence.start_local);
      return this.removeEvent(tx, row, request);
    }
    if (!request.force) return this.removeEvent(tx, await this.detach(tx, series, occurrence), request);
    const before = await this.records.localized(tx, row, request.language);
    await this.exclude(tx, series, occurrence.start_local);
    await this.repository.removeOccurrence(tx, occurrence.id);
    if (series.post.status === 'publish') await this.terms.shiftCounts(tx, await this.termIdsOf(tx, series.post.id), -1);
    return before;
  }

  private removeEvent(tx: WriteTx, row: EventRow, request: RemoveRequest): Promise<Localized<EventRow>> {
    return this.records.remove(tx, row, request, {
      inTrash: 'event-is-in-trash',
      beforeLeaving: async (unit, leaving) => {
        await this.leaveCounts(unit, leaving);
        if (!request.force || leaving.fields.recurrence === null) return;
        for (const exceptionId of await this.repository.exceptionsOf(unit, leaving.post.id)) {
          const exception = await this.repository.get(unit, exceptionId);
          if (exception) await this.leaveCounts(unit, exception);
          await this.repository.remove(unit, exceptionId);
        }
      },
    });
  }

  /** A published event leaving its terms' counts with all its occurrences (trash, removal). */
  private async leaveCounts(tx: WriteTx, row: EventRow): Promise<void> {
    if (row.post.status !== 'publish') return;
    await this.terms.shiftCounts(tx, await this.termIdsOf(tx, row.post.id), -(await this.repository.occurrenceCount(tx, row.post.id)));
  }

  // Series (decision 0025).

  /**
   * The occurrences of a series up to the horizon (and at least its first date, for a series that
   * starts beyond it), or a 400 naming what is wrong with its rules.
   */
  private expand(
    rules: Recurrence,
    schedule: EventSchedule,
    maxOccurrences = this.recurrence.maxOccurrences,
    keepUntil: string | null = null,
  ): { dates: OccurrenceDates[]; materializedUntil: string | null } {
    const until = materializationBound(schedule.start_local, schedule.timezone, this.writer.clock.now(), this.recurrence.horizonDays);
    const result = this.expansion(expandSeries(rules, this.scheduleOf(schedule), until, maxOccurrences), until);
    // Dates a read had materialised past the horizon stay, keeping their ids: the maximum bounds the
    // dates within the horizon only, and a unit's share of rows those past it.
    if (result.materializedUntil === null || keepUntil === null || keepUntil <= until) return result;
    return this.expansion(expandSeries(rules, this.scheduleOf(schedule), keepUntil, result.dates.length + EXTENSION_ROWS_PER_UNIT, 'truncate'), keepUntil);
  }

  /** An expansion up to `until` as occurrence rows and how far they reach (a truncated one: to its first date left out), or its problem as a 400. */
  private expansion(result: ExpandSeriesResult, until: string): { dates: OccurrenceDates[]; materializedUntil: string | null } {
    if ('problem' in result) throw invalidParam('recurrence', result.problem);
    return {
      dates: result.occurrences.map((date) => ({ occurrence_key: date.key, start_local: date.startLocal, end_local: date.endLocal, start_utc: date.startUtc, end_utc: date.endUtc })),
      materializedUntil: result.reachedLocal ?? (result.continues ? until : null),
    };
  }

  /** Writes a series' occurrences; the change in their number moves its terms' counts when it is published. Answers that change. */
  /**
   * A series' rows extended to `expansion` (the hourly task, or on demand): new occurrences are a
   * new version of the series, so that sync clients and webhooks hear of them (decision 0027).
   * Answers how many rows it added.
   */
  private async extendSeries(tx: WriteTx, seriesId: number, expansion: { readonly dates: readonly OccurrenceDates[]; readonly materializedUntil: string | null }, status: string): Promise<number> {
    await this.repository.update(tx, seriesId, {}, { materialized_until: expansion.materializedUntil });
    const added = await this.materialize(tx, seriesId, expansion.dates, status);
    if (added > 0) await this.repository.newVersion(tx, seriesId);
    return added;
  }

  private async materialize(tx: WriteTx, seriesId: number, dates: readonly OccurrenceDates[], status: string): Promise<number> {
    const { before, after } = await this.repository.syncSeries(tx, seriesId, dates);
    if (status === 'publish' && after !== before) await this.terms.shiftCounts(tx, await this.termIdsOf(tx, seriesId), after - before);
    return after - before;
  }

  /** The series an occurrence belongs to (the row itself when it shows the series). */
  private async seriesOf(tx: ReadTx, row: EventRow, seriesId: number): Promise<EventRow> {
    if (row.post.id === seriesId) return row;
    const series = await this.repository.get(tx, seriesId);
    if (!series) throw new ApiError('rest-event-not-found', { args: [seriesId] });
    return series;
  }

  /**
   * Detaches an occurrence as an exception (RFC 5545 RECURRENCE-ID): an event of its own with the
   * series' fields, relations and translations, the occurrence's dates, and the occurrence's id as
   * its post id (a fresh one for the first occurrence, whose id is the series'). Its row keeps its
   * id and key, so regenerating the series leaves that date alone.
   */
  private async detach(tx: WriteTx, series: EventRow, occurrence: OccurrenceRow): Promise<EventRow> {
    const { id: _id, version: _version, ...post } = series.post;
    const slug = post.slug === '' ? '' : await this.records.uniqueSlug(tx, this.records.slugBase(`${post.slug}-${occurrence.start_local.slice(0, 10)}`));
    const fields: EventFields = {
      ...series.fields,
      start_local: occurrence.start_local,
      end_local: occurrence.end_local,
      start_utc: occurrence.start_utc,
      end_utc: occurrence.end_utc,
      timezone_abbr: zoneAbbreviation(series.fields.timezone, occurrence.start_utc),
      ...SINGLE_EVENT,
      series_id: series.post.id,
      recurrence_id: occurrence.start_local,
    };
    const explicitId = occurrence.id === series.post.id ? {} : { id: occurrence.id };
    const id = await this.repository.create(tx, { ...post, ...this.writer.modifiedNow(), slug, ...explicitId }, fields);
    await this.repository.copyRelations(tx, series.post.id, id);
    await this.repository.repointOccurrence(tx, occurrence.id, id, series.post.id);
    return (await this.repository.get(tx, id))!;
  }

  /**
   * Splits a series at an occurrence ("this and following"): the series' rules end before it, and
   * a new series, the occurrence's id as its post id, carries the rules from it on with the series'
   * fields, relations and translations; the occurrences from it on move to the new series keeping
   * their ids. Answers the new series.
   */
  private async split(tx: WriteTx, series: EventRow, occurrence: OccurrenceRow): Promise<EventRow> {
    const rules = storedRecurrence(series.fields)!;
    const zone = series.fields.timezone;
    const cut = occurrence.event_id === series.post.id ? occurrence.start_local : ((await this.repository.get(tx, occurrence.event_id))?.fields.recurrence_id ?? occurrence.start_local);
    const schedule = this.scheduleOf(series.fields);
    const { before, after } = splitRecurrence(rules, cut, zone, (rule) => {
      const counted = expandSeries({ rrules: [rule], rdates: [], exdates: [] }, schedule, cut, Number.MAX_SAFE_INTEGER);
      return 'problem' in counted ? 0 : counted.occurrences.length;
    });
    const duration = eventDuration(series.fields);
    const moved = eventSchedule({ timezone: zone, start_date: cut, end_date: shiftLocal(cut, duration), all_day: series.fields.all_day !== 0 }, undefined, this.siteZone, this.writer.clock.now());
    const continuation = this.expand(after, moved, undefined, series.fields.materialized_until);
    const truncated = this.expand(before, series.fields);
    const { id: _id, version: _version, ...post } = series.post;
    const slug = post.slug === '' ? '' : await this.records.uniqueSlug(tx, this.records.slugBase(post.slug));
    const explicitId = occurrence.event_id === series.post.id ? { id: occurrence.id } : {};
    const fields: EventFields = { ...series.fields, ...moved, ...SINGLE_EVENT, recurrence: JSON.stringify(after), materialized_until: continuation.materializedUntil };
    const id = await this.repository.create(tx, { ...post, ...this.writer.modifiedNow(), slug, ...explicitId }, fields);
    await this.repository.copyRelations(tx, series.post.id, id);
    await this.repository.moveFollowing(tx, series.post.id, occurrence.occurrence_key, id);
    await this.repository.update(tx, series.post.id, this.writer.modifiedNow(), { recurrence: JSON.stringify(before), materialized_until: truncated.materializedUntil });
    await this.materialize(tx, series.post.id, truncated.dates, series.post.status);
    await this.materialize(tx, id, continuation.dates, series.post.status);
    return (await this.repository.get(tx, id))!;
  }

  /** Adds a local start to a series' excluded dates. */
  private async exclude(tx: WriteTx, series: EventRow, startLocal: string): Promise<void> {
    const rules = storedRecurrence(series.fields);
    if (rules) await this.repository.update(tx, series.post.id, this.writer.modifiedNow(), { recurrence: JSON.stringify(excluding(rules, startLocal)) });
  }

  private scheduleOf(fields: EventSchedule): SeriesSchedule {
    return { startLocal: fields.start_local, endLocal: fields.end_local, timezone: fields.timezone, allDay: fields.all_day !== 0 };
  }

  /**
   * Extends the occurrences of up to `limit` series whose unbounded rules stop short of the horizon
   * by more than a day (decision 0025); answers how many it extended. Each node's background task
   * calls it in small write units; units run one at a time, so nodes running it together only
   * find less to do.
   */
  async extendHorizons(tx: WriteTx, limit: number): Promise<number> {
    // A day of slack on the horizon taken in UTC covers every zone's offset.
    const due = horizonEnd(this.writer.clock.now(), this.recurrence.horizonDays).minus({ days: 1 }).toFormat(WIRE_DATE_FORMAT);
    let extended = 0;
    for (const id of await this.repository.seriesMaterializedBefore(tx, due, limit)) {
      const series = await this.repository.get(tx, id);
      const rules = series ? storedRecurrence(series.fields) : null;
      if (!series || !rules) continue;
      let expansion: ReturnType<EventsService['expand']>;
      try {
        // The maximum bounds what one write may create; an accepted series keeps going as time
        // passes (a daily one passes 1,000 dates from its start after some nine months).
        expansion = this.expand(rules, series.fields, Number.POSITIVE_INFINITY);
      } catch (error) {
        // Rules that now yield too much stay where they are rather than block every later run.
        if (!(error instanceof ApiError)) throw error;
        await this.repository.update(tx, id, {}, { materialized_until: null });
        continue;
      }
      await this.extendSeries(tx, id, expansion, series.post.status);
      extended++;
    }
    return extended;
  }

  /**
   * One write unit's share of an extension on demand (decision 0025): up to `maxSeries` series
   * materialised short of `untilLocal` (a wall clock in each one's zone) are extended to it, adding
   * at most about `maxRows` occurrences together; a series whose dates would pass that is extended
   * as far as they allow. Series are re-read under the write lock, so a request that waited for
   * another's unit finds the work done. Answers how many series it extended and rows it added, and
   * whether series short of `untilLocal` may remain.
   */
  async extendSeriesTo(tx: WriteTx, untilLocal: string, maxSeries: number, maxRows: number): Promise<{ series: number; rows: number; more: boolean }> {
    const due = await this.repository.seriesMaterializedBefore(tx, untilLocal, maxSeries);
    let series = 0;
    let rows = 0;
    for (const id of due) {
      if (rows >= maxRows) return { series, rows, more: true };
      const row = await this.repository.get(tx, id);
      const rules = row ? storedRecurrence(row.fields) : null;
      if (!row || !rules) continue;
      // Every date its rules gave so far, exceptions' too, stays within the truncation.
      const held = await this.repository.occurrenceCount(tx, id, 'series_id');
      const expansion = this.expansion(expandSeries(rules, this.scheduleOf(row.fields), untilLocal, held + maxRows - rows, 'truncate'), untilLocal);
      rows += await this.extendSeries(tx, id, expansion, row.post.status);
      series++;
    }
    return { series, rows, more: due.length === maxSeries || rows >= maxRows };
  }

  /** Whether a series with unbounded rules is materialised short of `untilLocal` (a snapshot's look before an extension takes the write lock). */
  async seriesShortOf(tx: ReadTx, untilLocal: string): Promise<boolean> {
    const floor = await this.repository.materializedFloor(tx);
    return floor !== null && floor < untilLocal;
  }

  /** An event or occurrence as it is now, by its id, in `language`. */
  /** The event or occurrence with this id as it stands, whatever its status, with its relations; undefined when gone (webhook payloads). */
  async current(tx: ReadTx, id: number, language: LanguageCode): Promise<{ row: Localized<EventRow>; relations: LoadedRelations } | undefined> {
    const row = await this.rereadIfExists(tx, id, language);
    return row ? { row, relations: await this.relations(tx, [row], language) } : undefined;
  }

  private async rereadIfExists(tx: ReadTx, id: number, language: LanguageCode): Promise<Localized<EventRow> | undefined> {
    const row = await this.repository.getOccurrence(tx, id);
    return row ? this.records.localized(tx, row, language) : undefined;
  }

  private async reread(tx: ReadTx, id: number, language: LanguageCode): Promise<Localized<EventRow>> {
    return (await this.rereadIfExists(tx, id, language))!;
  }

  // Helpers.

  /** The event an id or slug names, if any; an id may name an occurrence of a series (shown with its own id and dates). */
  lookup(tx: ReadTx, ref: EventRef, language?: LanguageCode): Promise<EventRow | undefined> {
    return 'id' in ref ? this.repository.getOccurrence(tx, ref.id) : this.records.lookup(tx, ref, language);
  }

  /**
   * The id of the occurrence of a series an event shows on a local day (`YYYY-MM-DD`): the date in
   * an occurrence's URL (`/event/{slug}/{day}/`; the series' own dates, or a detached exception's
   * one). Undefined for a day without one, and for a single event, whose URL has no date.
   */
  seriesOccurrenceOn(tx: ReadTx, eventId: number, day: string): Promise<number | undefined> {
    return this.repository.seriesOccurrenceStarting(tx, eventId, `${day} 00:00:00`, `${day} 23:59:59`);
  }

  /** The event post with this id as itself: a series is not shown as one of its occurrences. */
  eventById(tx: ReadTx, id: number): Promise<EventRow | undefined> {
    return this.repository.get(tx, id);
  }

  /**
   * The occurrence of a series whose original local start is `originalStart` (RFC 5545
   * RECURRENCE-ID): the exception detached from that date, or the series' own occurrence on it;
   * undefined when the series has no such date (the iCalendar import, decision 0028).
   */
  async occurrenceAt(tx: ReadTx, seriesId: number, originalStart: string): Promise<EventRow | undefined> {
    for (const exceptionId of await this.repository.exceptionsOf(tx, seriesId)) {
      const exception = await this.repository.get(tx, exceptionId);
      if (exception?.fields.recurrence_id === originalStart) return (await this.repository.getOccurrence(tx, exceptionId)) ?? exception;
    }
    const occurrence = (await this.repository.seriesOccurrences(tx, seriesId)).find((row) => row.event_id === seriesId && row.start_local === originalStart);
    return occurrence && this.repository.getOccurrence(tx, occurrence.id);
  }

  /** The event an id or slug names; 404 for a missing id, 400 for another type's id or an unknown slug (wire-format 7.3). */
  async find(tx: ReadTx, ref: EventRef, language?: LanguageCode): Promise<EventRow> {
    const row = await this.lookup(tx, ref, language);
    if (row) return row;
    if ('slug' in ref) throw invalidParam('slug');
    const type = await this.posts.typeOf(tx, ref.id);
    throw type === undefined ? new ApiError('rest-event-not-found', { args: [ref.id] }) : new ApiError('rest-invalid-event-id');
  }

  /** Term ids for a list filter, or undefined when an id or slug names no term of the taxonomy. */
  private async termIds(tx: ReadTx, definition: TaxonomyDefinition, refs: readonly string[]): Promise<number[] | undefined> {
    const selected = await this.terms.idsOf(tx, definition, refs);
    // A parent category matches events filed under its sub-categories (wire-format 4.1).
    return selected && definition.hierarchical ? this.terms.withDescendants(tx, selected) : selected;
  }

  /** Venue/organizer input: ids that exist, objects with such an id, or objects with a name. */
  private async linkedReferencesValid(tx: ReadTx, kind: LinkKind, value: unknown): Promise<boolean> {
    if (value === undefined || isEmptyReference(value)) return true;
    const ids: number[] = [];
    for (const item of referenceItems(value)) {
      if (item !== null && typeof item === 'object') {
        const id = (item as Record<string, unknown>).id;
        if (id !== undefined) {
          const storable = storableId(id);
          if (storable === undefined) return false;
          ids.push(storable);
        } else if (typeof (item as Record<string, unknown>)[kind] !== 'string' || ((item as Record<string, unknown>)[kind] as string).trim() === '') return false;
      } else {
        const storable = storableId(item);
        if (storable === undefined) return false;
        ids.push(storable);
      }
    }
    return (await this.posts.existing(tx, kind, ids)).size === new Set(ids).size;
  }

  /** The linked ids an input names, creating inline venues/organizers (or reusing them by name). */
  private async linkedIds(tx: WriteTx, kind: LinkKind, value: unknown, caller: Caller, language: LanguageCode): Promise<number[]> {
    if (isEmptyReference(value)) return [];
    const ids: number[] = [];
    for (const item of referenceItems(value)) {
      if (item !== null && typeof item === 'object') {
        const data = item as Record<string, unknown>;
        // Ids were validated (linkedReferencesValid) before the permission check.
        ids.push(data.id !== undefined ? storableId(data.id)! : (await this.linked[kind].create(tx, data, caller, language)).post.id);
      } else ids.push(storableId(item)!);
    }
    return ids;
  }

  /** A cost written as text is text like the title; amounts given as numbers have no markup to filter. */
  private costInput(cost: string | number | readonly (string | number)[], caller: Caller): string | number | readonly (string | number)[] {
    return typeof cost === 'string' ? this.writer.text.inline(cost, caller) : cost;
  }

  /** Custom fields as stored (validated first: `validateWrite`); labels and values are text like the title. */
  private customFieldsInput(input: unknown, caller: Caller): string | null {
    return storedCustomFields(readCustomFields(input, (text) => this.writer.text.inline(text, caller)).fields);
  }

  private async termIdsOf(tx: ReadTx, eventId: number): Promise<number[]> {
    return (await this.terms.termsOfEvents(tx, [eventId])).get(eventId)?.map((term) => term.id) ?? [];
  }

  /** Terms and links named by the input; on update, what is not sent stays (null too, for terms). */
  private async writeRelations(tx: WriteTx, eventId: number, input: EventInput, caller: Caller, language: LanguageCode): Promise<void> {
    for (const definition of [CATEGORY, TAG]) {
      const value = input[definition.eventsFilter];
      if (value === undefined || value === null) continue;
      const refs = asList(value).filter((ref): ref is string | number => typeof ref === 'string' || typeof ref === 'number');
      await this.terms.setEventTerms(tx, eventId, definition.taxonomy, await this.terms.idsForEvent(tx, definition, refs, language, caller));
    }
    for (const kind of ['venue', 'organizer'] as const) {
      const value = input[kind];
      if (value === undefined) continue;
      await this.repository.setLinks(tx, eventId, kind, await this.linkedIds(tx, kind, value, caller, language));
    }
  }
}
