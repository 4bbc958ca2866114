import type { Caller } from '../../auth/roles.ts';
import { dateBounds } from './date-window.ts';
import { isValidZone } from '../../dates/zones.ts';
import { ApiError, invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx, WriteTx } from '../../storage/database.ts';
import type { EventFields, EventFilter, EventRow, EventsRepository } from '../../storage/repositories/events.repository.ts';
import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import type { NewPost } from '../../storage/repositories/post-records.repository.ts';
import type { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import type { PostText } from '../../storage/repositories/translations.repository.ts';
import { storableId, type LinkKind, type Taxonomy, type TermRow } from '../../storage/tables.ts';
import type { PostRecords, RecordRef } from '../posts/post-records.ts';
import { requireOnPost, type Access } from '../posts/post-rules.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../terms/taxonomy.ts';
import type { Localized } from '../translations/translations.ts';
import { costRange } from './cost.ts';
import { eventCost, eventSchedule, needsSlug } from './event-fields.ts';
import type { EventCreateInput, EventInput, EventListQuery } from './events.schemas.ts';

export type EventRef = RecordRef;

/** What events need of categories and tags (the terms service provides it). */
export interface EventTerms {
  /** Term ids given by id or slug; undefined when one names no term of the taxonomy. */
  idsOf(tx: ReadTx, definition: TaxonomyDefinition, refs: readonly string[]): Promise<number[] | undefined>;
  withDescendants(tx: ReadTx, ids: readonly number[]): Promise<number[]>;
  /** The terms an event's input names, creating new ones by name. */
  idsForEvent(tx: WriteTx, definition: TaxonomyDefinition, refs: readonly (string | number)[], language: LanguageCode): Promise<number[]>;
  termsOfEvents(tx: ReadTx, eventIds: readonly number[]): Promise<Map<number, TermRow[]>>;
  setEventTerms(tx: WriteTx, eventId: number, taxonomy: Taxonomy, termIds: readonly number[]): Promise<void>;
  /** A published event entering (+1) or leaving (-1) its terms' counts. */
  shiftCounts(tx: WriteTx, termIds: readonly number[], step: 1 | -1): Promise<void>;
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
  ) {}

  private get writer() {
    return this.records.writer;
  }

  private get siteZone(): string {
    return this.writer.site.timezone;
  }

  // Argument validators: they run before the permission check (wire-format 7.6).

  async validateList(tx: ReadTx, query: EventListQuery, caller: Caller | null): Promise<void> {
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
    if (!isValidZone(zone)) invalid.timezone = INVALID;
    for (const field of ['start_date', 'end_date'] as const) {
      const value = input[field];
      const problem = value === undefined ? undefined : this.writer.dateProblem(field, value, isValidZone(zone) ? zone : 'UTC');
      if (problem) invalid[field] = problem;
    }
    if (Array.isArray(input.cost) && costRange(input.cost) === undefined) invalid.cost = INVALID;
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
    const { statuses, restrictTo, mayEditOthers } = this.records.archiveScope(query.status, caller);
    const strict = TRUTHY.has(query.strict_dates.toLowerCase());
    // `include` ignores the date filters, as the spec says (decisions.md, quirk #9 fixed).
    const bounds = query.include ? {} : dateBounds({ ...query, strict_dates: strict }, this.siteZone, this.writer.clock.now());
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
    };
    const [rows, total] = await Promise.all([this.repository.list(tx, filter, window.perPage, window.offset), this.repository.count(tx, filter)]);
    if (rows.length === 0 && window.page > 1) throw new ApiError('event-archive-page-not-found');
    return { rows: await this.records.localize(tx, rows, language), total, statuses, bounds, relations: await this.relations(tx, rows, language) };
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

  async create(tx: WriteTx, input: EventCreateInput, caller: Caller, language: LanguageCode): Promise<Localized<EventRow>> {
    const dateUtc = this.writer.publicationDate(input) ?? this.writer.nowUtc();
    const status = this.writer.statusFor(input.status, caller, dateUtc);
    const title = input.title.trim();
    const post = this.writer.newPost(
      {
        type: 'event',
        author_id: this.writer.authorFor(input.author, caller, 'edit_others_tribe_events'),
        status,
        title,
        content: input.description ? this.writer.html(input.description, caller) : '',
        excerpt: input.excerpt ? this.writer.html(input.excerpt, caller) : '',
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
      ...eventCost(input.cost ?? ''),
      website: input.website === undefined ? null : (input.website ?? ''),
      // Omitted flags are false on create, as the original stores them (wire-format 5.1).
      show_map: input.show_map ? 1 : 0,
      show_map_link: input.show_map_link ? 1 : 0,
      hide_from_listings: input.hide_from_listings ? 1 : 0,
      featured: input.featured ? 1 : 0,
    };
    const slugBase = input.slug ?? (needsSlug(status) ? title : undefined);
    const slug = slugBase === undefined ? '' : await this.records.uniqueSlug(tx, this.records.slugBase(slugBase));
    const id = await this.repository.create(tx, { ...post, slug }, event);
    await this.writeRelations(tx, id, input, caller, language);
    return this.records.reread(tx, id, language);
  }

  /**
   * Partial on POST, PUT and PATCH alike (decisions.md, quirk #15 fixed). Title, description,
   * excerpt and slug written in a language other than the event's original one go to that
   * language's translation; every other field is shared. `row` is the event the validator found.
   */
  async update(tx: WriteTx, row: EventRow, input: EventInput, caller: Caller, language: LanguageCode): Promise<Localized<EventRow>> {
    requireOnPost(caller, 'edit', 'tribe_event', row.post);
    const text: PostText = {};
    if (input.title !== undefined) {
      text.title = input.title.trim();
      if (text.title === '') throw invalidParam('title');
    }
    if (input.description !== undefined) text.content = input.description ? this.writer.html(input.description, caller) : '';
    if (input.excerpt !== undefined) text.excerpt = input.excerpt ? this.writer.html(input.excerpt, caller) : '';
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
    Object.assign(post, this.writer.republication(input, row.post, caller));
    const event: Partial<EventFields> = {};
    if (['timezone', 'start_date', 'end_date', 'all_day'].some((field) => input[field as keyof EventInput] !== undefined)) {
      Object.assign(event, eventSchedule(input, row.fields, this.siteZone, this.writer.clock.now()));
    }
    if (input.cost !== undefined) Object.assign(event, eventCost(input.cost ?? ''));
    if (input.website !== undefined) event.website = input.website ?? '';
    for (const field of ['show_map', 'show_map_link', 'hide_from_listings', 'featured'] as const) {
      if (input[field] !== undefined) event[field] = input[field] ? 1 : 0;
    }
    const status = post.status ?? row.post.status;
    const slugBase = (original ? input.slug : undefined) ?? (row.post.slug === '' && needsSlug(status) ? (post.title ?? row.post.title) : undefined);
    if (slugBase !== undefined) post.slug = await this.records.uniqueSlug(tx, this.records.slugBase(slugBase));
    await this.repository.update(tx, row.post.id, post, event);
    // Published or no longer: the event enters or leaves its current terms' counts, before the
    // terms themselves change (which then count by the new status).
    if ((status === 'publish') !== (row.post.status === 'publish')) await this.terms.shiftCounts(tx, await this.termIdsOf(tx, row.post.id), status === 'publish' ? 1 : -1);
    await this.writeRelations(tx, row.post.id, input, caller, language);
    return this.records.reread(tx, row.post.id, language);
  }

  /** Trash, force removal or translation removal (PostRecords.remove); a published event leaves its terms' counts. */
  remove(tx: WriteTx, row: EventRow, request: { caller: Caller; force: boolean; language: LanguageCode; explicitLanguage: boolean }): Promise<Localized<EventRow>> {
    return this.records.remove(tx, row, request, {
      inTrash: 'event-is-in-trash',
      beforeLeaving: async (unit, leaving) => {
        if (leaving.post.status === 'publish') await this.terms.shiftCounts(unit, await this.termIdsOf(unit, leaving.post.id), -1);
      },
    });
  }

  // Helpers.

  /** The event an id or slug names, if any. */
  lookup(tx: ReadTx, ref: EventRef, language?: LanguageCode): Promise<EventRow | undefined> {
    return this.records.lookup(tx, ref, language);
  }

  /** The event an id or slug names; 404 for a missing id, 400 for another type's id or an unknown slug (wire-format 7.3). */
  async find(tx: ReadTx, ref: EventRef, language?: LanguageCode): Promise<EventRow> {
    const row = await this.records.lookup(tx, ref, language);
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

  private async termIdsOf(tx: ReadTx, eventId: number): Promise<number[]> {
    return (await this.terms.termsOfEvents(tx, [eventId])).get(eventId)?.map((term) => term.id) ?? [];
  }

  /** Terms and links named by the input; on update, what is not sent stays (null too, for terms). */
  private async writeRelations(tx: WriteTx, eventId: number, input: EventInput, caller: Caller, language: LanguageCode): Promise<void> {
    for (const definition of [CATEGORY, TAG]) {
      const value = input[definition.eventsFilter];
      if (value === undefined || value === null) continue;
      const refs = asList(value).filter((ref): ref is string | number => typeof ref === 'string' || typeof ref === 'number');
      await this.terms.setEventTerms(tx, eventId, definition.taxonomy, await this.terms.idsForEvent(tx, definition, refs, language));
    }
    for (const kind of ['venue', 'organizer'] as const) {
      const value = input[kind];
      if (value === undefined) continue;
      await this.repository.setLinks(tx, eventId, kind, await this.linkedIds(tx, kind, value, caller, language));
    }
  }
}
