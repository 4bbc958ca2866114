import { can, type Caller } from '../../auth/roles.ts';
import { nowUtc } from '../../clock.ts';
import { endOfDay, parseDateInput, startOfDay, wallClockOf } from '../../dates/parse.ts';
import { isValidZone, zoneAbbreviation, zonedToUtc } from '../../dates/zones.ts';
import { ApiError, invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type { Storage } from '../../storage/database.ts';
import { EventsRepository, type EventFields, type EventFilter, type EventRow } from '../../storage/repositories/events.repository.ts';
import type { LinkedRecordRow, NewPost } from '../../storage/repositories/linked-records.repository.ts';
import { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import { storableId, type LinkKind, type TermRow } from '../../storage/tables.ts';
import type { LinkedRecordsService } from '../linked-records/linked-records.service.ts';
import { archiveStatuses, entitledToPost, mayOnPost, requireOnPost, type Access } from '../posts/post-rules.ts';
import type { PostWriter } from '../posts/post-writer.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../terms/taxonomy.ts';
import type { TermsService } from '../terms/terms.service.ts';
import { parseCost } from './cost.ts';
import { dateBounds } from './date-window.ts';
import type { EventInput, EventListQuery } from './events.schemas.ts';
import type { LanguageCode } from '../../http/language.ts';
import type { PostText } from '../../storage/repositories/translations.repository.ts';
import { PostTranslations, type Localized } from '../translations/translations.ts';

export type EventRef = { readonly id: number } | { readonly slug: string };

/** What a page of events embeds, in the request's language, loaded in a fixed number of queries whatever its size. */
export interface LoadedRelations {
  readonly terms: Map<number, Localized<{ row: TermRow }>[]>;
  readonly venues: Map<number, Localized<LinkedRecordRow>[]>;
  readonly organizers: Map<number, Localized<LinkedRecordRow>[]>;
}

const INVALID: InvalidParam = { message: 'Invalid parameter.' };
const TRUTHY = new Set(['true', '1', 'yes', 'on']);
const NEEDS_SLUG = new Set(['publish', 'future', 'private']);

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

/** Rules of events (wire-format 4.1, 5.1, 5.2, 6.1, 7), with the fixes of decisions.md. */
export class EventsService {
  readonly repository: EventsRepository;
  private readonly posts: PostsRepository;
  private readonly translations: PostTranslations;

  constructor(
    storage: Storage,
    private readonly writer: PostWriter,
    private readonly terms: TermsService,
    private readonly linked: Readonly<Record<LinkKind, LinkedRecordsService>>,
  ) {
    this.repository = new EventsRepository(storage.db, storage.dialect);
    this.posts = new PostsRepository(storage.db);
    this.translations = new PostTranslations(storage);
  }

  private get siteZone(): string {
    return this.writer.settings.timezone;
  }

  // Argument validators: they run before the permission check (wire-format 7.6).

  async validateList(query: EventListQuery, caller: Caller | null): Promise<void> {
    const invalid: Record<string, InvalidParam> = {};
    try {
      archiveStatuses(query.status, caller, 'tribe_event');
    } catch {
      invalid.status = INVALID;
    }
    for (const field of ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'] as const) {
      const value = query[field];
      if (value !== undefined && !this.writer.parses(value, 'UTC')) invalid[field] = INVALID;
    }
    for (const definition of [CATEGORY, TAG]) {
      const refs = query[definition.eventsFilter];
      if (refs && (await this.termIds(definition, refs)) === undefined) invalid[definition.eventsFilter] = INVALID;
    }
    for (const kind of ['venue', 'organizer'] as const) {
      const ids = query[kind];
      if (ids && (await this.posts.existing(kind, ids)).size !== new Set(ids).size) invalid[kind] = INVALID;
    }
    if (query.post_parent !== undefined && !(await this.posts.exists('event', query.post_parent))) invalid.post_parent = INVALID;
    // The point needs both coordinates.
    if ((query.geoloc_lat === undefined) !== (query.geoloc_lng === undefined)) invalid[query.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng'] = INVALID;
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  async validateWrite(input: EventInput, caller: Caller | null): Promise<void> {
    const invalid = await this.writer.validate(input, caller);
    const zone = typeof input.timezone === 'string' && input.timezone !== '' ? input.timezone : this.siteZone;
    if (!isValidZone(zone)) invalid.timezone = INVALID;
    for (const field of ['start_date', 'end_date'] as const) {
      const value = input[field];
      if (value !== undefined && !this.writer.parses(value, isValidZone(zone) ? zone : 'UTC')) invalid[field] = INVALID;
    }
    if (input.post_parent !== undefined && input.post_parent !== null && input.post_parent !== 0 && !(await this.posts.exists('event', input.post_parent))) {
      invalid.post_parent = INVALID;
    }
    for (const kind of ['venue', 'organizer'] as const) {
      if (input[kind] !== undefined && !(await this.linkedReferencesValid(kind, input[kind]))) invalid[kind] = INVALID;
    }
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  /** By-slug routes: the slug must name an event, whatever its status (wire-format 7.3). */
  async validateSlug(slug: string, language: LanguageCode): Promise<void> {
    await this.find({ slug }, language);
  }

  // Reads.

  async list(query: EventListQuery, caller: Caller | null, window: PageWindow, language: LanguageCode) {
    const statuses = archiveStatuses(query.status, caller, 'tribe_event');
    const strict = TRUTHY.has(query.strict_dates.toLowerCase());
    // `include` ignores the date filters, as the spec says (decisions.md, quirk #9 fixed).
    const bounds = query.include ? {} : dateBounds({ ...query, strict_dates: strict }, this.siteZone, new Date());
    const termIdGroups: number[][] = [];
    for (const definition of [CATEGORY, TAG]) {
      const refs = query[definition.eventsFilter];
      if (refs) termIdGroups.push((await this.termIds(definition, refs)) ?? []);
    }
    const mayEditOthers = can(caller, 'edit_others_tribe_events');
    const filter: EventFilter = {
      statuses,
      ...bounds,
      // Others' non-public events only for those who may edit them (quirk #22 fixed).
      ...(mayEditOthers ? {} : { restrictTo: { authorId: caller?.id ?? null } }),
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
    const [rows, total] = await Promise.all([this.repository.list(filter, window.perPage, window.offset), this.repository.count(filter)]);
    if (rows.length === 0 && window.page > 1) throw new ApiError('event-archive-page-not-found');
    return { rows: await this.translations.localize(rows, language), total, statuses, bounds, strict, relations: await this.relations(rows, language) };
  }

  /** One event a caller may read, checked in the original's order (wire-format 7.3). */
  async read(ref: EventRef, caller: Caller | null, access: Access, language: LanguageCode): Promise<{ row: Localized<EventRow>; relations: LoadedRelations; entitled: boolean }> {
    const row = await this.find(ref, language);
    if (row.post.status === 'trash') throw new ApiError('event-no-longer-available');
    if (!mayOnPost(caller, 'read', 'tribe_event', row.post)) throw new ApiError('event-not-accessible');
    const entitled = this.entitled(row, caller, access);
    if (!entitled) throw new ApiError('event-password-protected');
    return { row: await this.localized(row, language), relations: await this.relations([row], language), entitled };
  }

  entitled(row: EventRow, caller: Caller | null, access: Access): boolean {
    return entitledToPost(caller, 'tribe_event', row.post, access);
  }

  async localized(row: EventRow, language: LanguageCode): Promise<Localized<EventRow>> {
    return (await this.translations.localize([row], language))[0]!;
  }

  async relations(rows: readonly EventRow[], language: LanguageCode): Promise<LoadedRelations> {
    const ids = rows.map((row) => row.post.id);
    const [terms, venueLinks, organizerLinks] = await Promise.all([
      this.repository.terms(ids),
      this.repository.links(ids, 'venue'),
      this.repository.links(ids, 'organizer'),
    ]);
    const load = async (kind: LinkKind, links: Map<number, number[]>) => {
      const { repository, translations } = this.linked[kind];
      const localized = await translations.localize(await repository.getMany([...links.values()].flat()), language);
      const records = new Map(localized.map((record) => [record.post.id, record]));
      return new Map([...links].map(([eventId, linkedIds]) => [eventId, linkedIds.flatMap((id) => records.get(id) ?? [])]));
    };
    const allTerms = await this.terms.translations.localize([...terms.values()].flat().map((row) => ({ row })), language);
    const termsById = new Map(allTerms.map((term) => [term.row.id, term]));
    const [venues, organizers] = await Promise.all([load('venue', venueLinks), load('organizer', organizerLinks)]);
    return {
      terms: new Map([...terms].map(([eventId, rows]) => [eventId, rows.map((row) => termsById.get(row.id)!)])),
      venues,
      organizers,
    };
  }

  // Writes.

  async create(input: EventInput, caller: Caller, language: LanguageCode): Promise<Localized<EventRow>> {
    const dateUtc = this.writer.publicationDate(input) ?? nowUtc();
    const status = this.writer.statusFor(input.status, caller, dateUtc);
    const post = this.writer.newPost(
      {
        type: 'event',
        author_id: this.writer.authorFor(input.author, caller, 'edit_others_tribe_events'),
        status,
        title: input.title!.trim(),
        content: input.description ? this.writer.html(input.description, caller) : '',
        excerpt: input.excerpt ? this.writer.html(input.excerpt, caller) : '',
        password: input.post_password ?? '',
        parent_id: input.post_parent ?? 0,
        // -1 is WordPress' "sticky in month view".
        menu_order: input.sticky ? -1 : 0,
        image_id: await this.writer.imageId(input.image),
        language,
      },
      dateUtc,
    );
    if (post.title === '') throw invalidParam('title');
    const event: EventFields = {
      ...this.schedule(input, undefined),
      ...this.costFields(input.cost ?? ''),
      website: input.website === undefined ? null : (input.website ?? ''),
      // Omitted flags are false on create, as the original stores them (wire-format 5.1).
      show_map: input.show_map ? 1 : 0,
      show_map_link: input.show_map_link ? 1 : 0,
      hide_from_listings: input.hide_from_listings ? 1 : 0,
      featured: input.featured ? 1 : 0,
    };
    // Drafts and pending events keep an empty slug until published, as WordPress does.
    const slugBase = input.slug ?? (NEEDS_SLUG.has(status) ? post.title : undefined);
    const id = slugBase === undefined
      ? await this.repository.create(post, event)
      : await this.writer.withUniqueSlug('event', this.writer.slugFor(slugBase, 'event'), (slug) => this.repository.create({ ...post, slug }, event));
    await this.writeRelations(id, input, caller, language);
    return this.localized(await this.require(id), language);
  }

  /**
   * Partial on POST, PUT and PATCH alike (decisions.md, quirk #15 fixed). Title, description,
   * excerpt and slug written in a language other than the event's original one go to that
   * language's translation; every other field is shared.
   */
  async update(ref: EventRef, input: EventInput, caller: Caller, language: LanguageCode): Promise<Localized<EventRow>> {
    const row = await this.find(ref, language);
    requireOnPost(caller, 'edit', 'tribe_event', row.post);
    const post: Partial<NewPost> = { ...this.writer.modifiedNow() };
    const text: PostText = {};
    if (input.title !== undefined) {
      text.title = input.title.trim();
      if (text.title === '') throw invalidParam('title');
    }
    if (input.description !== undefined) text.content = input.description ? this.writer.html(input.description, caller) : '';
    if (input.excerpt !== undefined) text.excerpt = input.excerpt ? this.writer.html(input.excerpt, caller) : '';
    const original = row.post.language === language;
    if (original) Object.assign(post, text);
    else if (Object.keys(text).length > 0 || input.slug !== undefined) await this.translations.write('event', row.post.id, language, { ...text, ...(input.slug !== undefined ? { slug: input.slug } : {}) });
    if (input.author !== undefined) post.author_id = this.writer.authorFor(input.author, caller, 'edit_others_tribe_events');
    if (input.image !== undefined) post.image_id = await this.writer.imageId(input.image);
    if (input.post_password !== undefined) post.password = input.post_password ?? '';
    if (input.post_parent !== undefined) {
      if (input.post_parent === row.post.id) throw invalidParam('post_parent');
      post.parent_id = input.post_parent ?? 0;
    }
    if (input.sticky !== undefined) post.menu_order = input.sticky ? -1 : 0;
    Object.assign(post, this.writer.republication(input, row.post, caller));
    const event: Partial<EventFields> = {};
    if (['timezone', 'start_date', 'end_date', 'all_day'].some((field) => input[field as keyof EventInput] !== undefined)) Object.assign(event, this.schedule(input, row.event));
    if (input.cost !== undefined) Object.assign(event, this.costFields(input.cost ?? ''));
    if (input.website !== undefined) event.website = input.website ?? '';
    for (const field of ['show_map', 'show_map_link', 'hide_from_listings', 'featured'] as const) {
      if (input[field] !== undefined) event[field] = input[field] ? 1 : 0;
    }
    const write = (changes: Partial<NewPost>) => this.repository.update(row.post.id, changes, event);
    const status = post.status ?? row.post.status;
    const slugBase = (original ? input.slug : undefined) ?? (row.post.slug === '' && NEEDS_SLUG.has(status) ? (post.title ?? row.post.title) : undefined);
    if (slugBase === undefined) await write(post);
    else await this.writer.withUniqueSlug('event', this.writer.slugFor(slugBase, 'event'), (slug) => write({ ...post, slug }));
    // Published or no longer: the event enters or leaves its current terms' counts, before the
    // terms themselves change (which then count by the new status).
    if ((status === 'publish') !== (row.post.status === 'publish')) await this.terms.repository.shiftCounts(await this.termIdsOf(row.post.id), status === 'publish' ? 1 : -1);
    await this.writeRelations(row.post.id, input, caller, language);
    return this.localized(await this.require(row.post.id), language);
  }

  /**
   * Trash (answering with the event as trashed), or with `force` a permanent removal (additive).
   * Asked in a language other than the event's original one, removes only that translation (additive).
   */
  async remove(ref: EventRef, caller: Caller, force: boolean, language: LanguageCode, explicitLanguage: boolean): Promise<Localized<EventRow>> {
    const row = await this.find(ref, language);
    if (explicitLanguage && row.post.language !== language) {
      requireOnPost(caller, 'edit', 'tribe_event', row.post);
      if (!(await this.translations.remove(row.post.id, language))) throw new ApiError('translation-not-found');
      return this.localized(row, language);
    }
    requireOnPost(caller, 'delete', 'tribe_event', row.post);
    if (!force && row.post.status === 'trash') throw new ApiError('event-is-in-trash');
    // Trashed or removed, a published event leaves its terms' counts.
    if (row.post.status === 'publish') await this.terms.repository.shiftCounts(await this.termIdsOf(row.post.id), -1);
    if (force) {
      const before = await this.localized(row, language);
      await this.repository.remove(row.post.id);
      return before;
    }
    await this.writer.trash('event', row.post.slug, (changes) => this.repository.update(row.post.id, changes, {}));
    return this.localized(await this.require(row.post.id), language);
  }

  // Helpers.

  /** The event an id or slug names; 404 for a missing id, 400 for another type's id (wire-format 7.3). */
  async find(ref: EventRef, language?: LanguageCode): Promise<EventRow> {
    if ('slug' in ref) {
      // The original slug, or the one translated into the request's language.
      let row = await this.repository.findBySlug(ref.slug);
      const translatedId = row || !language ? undefined : await this.translations.bySlug('event', language, ref.slug);
      if (translatedId !== undefined) row = await this.repository.get(translatedId);
      if (!row) throw invalidParam('slug');
      return row;
    }
    const row = await this.repository.get(ref.id);
    if (row) return row;
    const type = await this.repository.postType(ref.id);
    throw type === undefined ? new ApiError('rest-event-not-found', { args: [ref.id] }) : new ApiError('rest-invalid-event-id');
  }

  private async require(id: number): Promise<EventRow> {
    return this.find({ id });
  }

  /**
   * Start, end and zone: wall-clock times in the event's zone (an offset in the input is dropped,
   * as the original does), whole local days for all-day events, UTC and the abbreviation derived.
   */
  private schedule(input: EventInput, current: EventFields | undefined): Pick<EventFields, 'start_local' | 'end_local' | 'start_utc' | 'end_utc' | 'timezone' | 'timezone_abbr' | 'all_day'> {
    const zone = input.timezone === undefined ? (current?.timezone ?? this.siteZone) : input.timezone || this.siteZone;
    const now = new Date();
    const read = (value: string | number | undefined, fallback: string | undefined) =>
      value === undefined ? fallback! : wallClockOf(parseDateInput(value, now, zone));
    const allDay = input.all_day ?? (current ? current.all_day !== 0 : false);
    let start = read(input.start_date, current?.start_local);
    let end = read(input.end_date, current?.end_local);
    if (allDay) {
      start = startOfDay(start);
      end = endOfDay(end);
    }
    // Unlike the original, which silently moved the end to the start (decisions.md section 6).
    if (end < start) throw invalidParams({ end_date: { message: 'The end date must not be before the start date.' } });
    const startUtc = zonedToUtc(start, zone);
    return {
      start_local: start,
      end_local: end,
      start_utc: startUtc,
      end_utc: zonedToUtc(end, zone),
      timezone: zone,
      timezone_abbr: zoneAbbreviation(zone, startUtc),
      all_day: allDay ? 1 : 0,
    };
  }

  private costFields(cost: string | number) {
    const text = String(cost).trim();
    const parsed = parseCost(text);
    return {
      cost: text,
      currency_symbol: parsed.currencySymbol,
      currency_position: parsed.currencyPosition,
      currency_code: '',
      cost_values: JSON.stringify(parsed.values),
    };
  }

  /** Term ids for a list filter, or undefined when an id or slug names no term of the taxonomy. */
  private async termIds(definition: TaxonomyDefinition, refs: readonly string[]): Promise<number[] | undefined> {
    const selected = await this.terms.idsOf(definition, refs);
    // A parent category matches events filed under its sub-categories (wire-format 4.1).
    return selected && definition.hierarchical ? this.terms.repository.withDescendants(selected) : selected;
  }

  /** Venue/organizer input: ids that exist, objects with such an id, or objects with a name. */
  private async linkedReferencesValid(kind: LinkKind, value: unknown): Promise<boolean> {
    if (value === undefined || isEmptyReference(value)) return true;
    const ids: number[] = [];
    for (const item of Array.isArray(value) ? value : typeof value === 'object' ? [value] : asList(value)) {
      if (isEmptyReference(item)) continue;
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
    return (await this.posts.existing(kind, ids)).size === new Set(ids).size;
  }

  /** The linked ids an input names, creating inline venues/organizers (or reusing them by name). */
  private async linkedIds(kind: LinkKind, value: unknown, caller: Caller, language: LanguageCode): Promise<number[]> {
    if (isEmptyReference(value)) return [];
    const ids: number[] = [];
    for (const item of Array.isArray(value) ? value : typeof value === 'object' ? [value] : asList(value)) {
      if (isEmptyReference(item)) continue;
      if (item !== null && typeof item === 'object') {
        const data = item as Record<string, unknown>;
        // Ids were validated (linkedReferencesValid) before the permission check.
        ids.push(data.id !== undefined ? storableId(data.id)! : (await this.linked[kind].create(data, caller, language)).post.id);
      } else ids.push(storableId(item)!);
    }
    return ids;
  }

  private async termIdsOf(eventId: number): Promise<number[]> {
    return (await this.repository.terms([eventId])).get(eventId)?.map((term) => term.id) ?? [];
  }

  /** Terms and links named by the input; on update, what is not sent stays (null too, for terms). */
  private async writeRelations(eventId: number, input: EventInput, caller: Caller, language: LanguageCode): Promise<void> {
    for (const definition of [CATEGORY, TAG]) {
      const value = input[definition.eventsFilter];
      if (value === undefined || value === null) continue;
      const refs = asList(value).filter((ref): ref is string | number => typeof ref === 'string' || typeof ref === 'number');
      await this.terms.repository.setEventTerms(eventId, definition.taxonomy, await this.terms.idsForEvent(definition, refs, language));
    }
    for (const kind of ['venue', 'organizer'] as const) {
      const value = input[kind];
      if (value === undefined) continue;
      await this.repository.setLinks(eventId, kind, await this.linkedIds(kind, value, caller, language));
    }
  }
}
