import type { Caller } from '../../auth/roles.ts';
import type { Clock } from '../../clock.ts';
import type { TextFilter } from '../../content/text-filter.ts';
import type { ParsedDate } from '../../dates/parse.ts';
import { isValidZone, ZONE_EXPECTED } from '../../dates/zones.ts';
import { invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import { TEXT_LENGTHS } from '../../content/text-lengths.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { EventFields, EventRow, EventsRepository } from '../../storage/repositories/events.repository.ts';
import type { CreatedEvent } from '../../storage/repositories/terms.repository.ts';
import type { NewPost } from '../../storage/repositories/post-records.repository.ts';
import type { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import type { PostText } from '../../storage/repositories/translations.repository.ts';
import { storableId, type LinkKind } from '../../storage/tables.ts';
import type { PostRecords } from '../posts/post-records.ts';
import { importedDates, type ImportedPlacement } from '../posts/post-rows.ts';
import { requireOnPost } from '../posts/post-rules.ts';
import type { PostWriter } from '../posts/post-writer.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../terms/taxonomy.ts';
import type { Localized } from '../translations/translations.ts';
import { costRange } from './cost.ts';
import { readCustomFields, storedCustomFields } from './custom-fields.ts';
import { eventCost, eventSchedule, needsSlug, SINGLE_EVENT, type ReadDates } from './event-fields.ts';
import { recurrenceInput, storedRecurrence, type EventSeries, type Scope } from './event-series.ts';
import type { EventCreateInput, EventInput } from './events.schemas.ts';
import type { EventLinkedRecords, EventTerms, WrittenRelations } from './events.service.ts';
import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import { readRecurrence, type Recurrence } from './recurrence.ts';

/*
 * Writing events (wire-format 5.1, 5.2, 7.6): the validation of a write, create, update and
 * remove, with their terms, venues and organizers. What a write does to a series' occurrences is
 * the series' (`event-series.ts`).
 */

const INVALID: InvalidParam = { message: 'Invalid parameter.' };

type RemoveRequest = {
  readonly caller: Caller;
  readonly force: boolean;
  readonly language: LanguageCode;
  readonly explicitLanguage: boolean;
};

/** A list as clients send it: an array, a comma-separated string, or one value. */
function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  return [value];
}

/** The terms of a taxonomy an input names (ids or names), or undefined when it leaves them as they are. */
export function termRefs(input: EventInput, definition: TaxonomyDefinition): (string | number)[] | undefined {
  const value = input[definition.eventsFilter];
  if (value === undefined || value === null) return undefined;
  return asList(value).filter((ref): ref is string | number => typeof ref === 'string' || typeof ref === 'number');
}

/** What `validateWrite` hands on, read here from an input no one validated (a bad recurrence is a 400). */
const checkedWrite = (input: EventInput): CheckedEventWrite => ({ recurrence: recurrenceInput(input.recurrence) });

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

/**
 * What a write's validation read of its input, handed on to the write in the same unit (issue 45
 * item 6): the recurrence parsed once, as it is stored and expanded (undefined: not sent; null: removed).
 */
export interface CheckedEventWrite {
  readonly recurrence: Recurrence | null | undefined;
  /** The start and end as read (a create reads them no more; an update in another zone does). */
  readonly dates?: ReadDates;
}

/** A new event's rows before its slug is chosen and its id given (`EventWriter.newEventRows`). */
export interface NewEventRows {
  readonly post: Omit<NewPost, 'slug'>;
  readonly event: EventFields;
  readonly status: string;
  readonly title: string;
}

/** What a new event's slug is made from: the slug asked for, else its title once it needs one (none: an empty slug). */
export const slugBaseOf = (input: EventCreateInput, status: string, title: string): string | undefined =>
  input.slug ?? (needsSlug(status) ? title : undefined);

/** A new event as its unit wrote it, and its relations as written (what the answer shows needs no read of them). */
export interface WrittenEvent {
  readonly row: Localized<EventRow>;
  readonly relations: WrittenRelations;
}

/** Writes of events, with the fixes of decisions.md. */
export class EventWriter {
  constructor(
    private readonly records: PostRecords<EventFields>,
    private readonly repository: EventsRepository,
    private readonly posts: PostsRepository,
    private readonly terms: EventTerms,
    private readonly linked: Readonly<
      Record<LinkKind, Pick<EventLinkedRecords, 'create' | 'readsAll' | 'inlineProblem'>>
    >,
    private readonly series: EventSeries,
    private readonly writer: PostWriter,
    private readonly text: TextFilter,
    private readonly clock: Clock,
    private readonly siteZone: string,
  ) {}

  /**
   * The write's argument validator: it runs before the permission check (wire-format 7.6).
   * `before`: what an earlier run on the same input read of it (a write validated again once its
   * record is locked), which is not read again.
   */
  async validateWrite(
    tx: ReadTx,
    input: EventInput,
    caller: Caller | null,
    before?: CheckedEventWrite,
  ): Promise<CheckedEventWrite> {
    const invalid = await this.writer.validate(tx, input, caller);
    const zone = typeof input.timezone === 'string' && input.timezone !== '' ? input.timezone : this.siteZone;
    if (!isValidZone(zone)) invalid.timezone = { message: ZONE_EXPECTED };
    const dates: { zone: string; start_date?: ParsedDate; end_date?: ParsedDate } = {
      zone: isValidZone(zone) ? zone : 'UTC',
    };
    for (const field of ['start_date', 'end_date'] as const) {
      const value = input[field];
      if (value === undefined) continue;
      const read = this.writer.readDate(field, value, dates.zone);
      if ('problem' in read) invalid[field] = read.problem;
      else dates[field] = read.parsed;
    }
    if (Array.isArray(input.cost) && costRange(input.cost) === undefined) invalid.cost = INVALID;
    if (input.custom_fields !== undefined) {
      const { problems } = readCustomFields(input.custom_fields);
      if (problems.length > 0) invalid.custom_fields = { message: problems.join(' ') };
    }
    let recurrence = before?.recurrence;
    if (before === undefined && input.recurrence !== undefined) {
      const read = readRecurrence(input.recurrence);
      if ('problem' in read) invalid.recurrence = { message: read.problem };
      else recurrence = read.recurrence;
    }
    if (
      input.post_parent !== undefined &&
      input.post_parent !== null &&
      input.post_parent !== 0 &&
      !(await this.posts.exists(tx, 'event', input.post_parent, { toLink: true }))
    ) {
      invalid.post_parent = INVALID;
    }
    // A name that is not found creates a term: it is bounded as the term's own route bounds it.
    for (const field of [CATEGORY.eventsFilter, TAG.eventsFilter]) {
      if (asList(input[field]).some((ref) => typeof ref === 'string' && ref.length > TEXT_LENGTHS.name)) {
        invalid[field] = { message: `${field} must name terms of at most ${TEXT_LENGTHS.name} character(s) each.` };
      }
    }
    for (const kind of ['venue', 'organizer'] as const) {
      const problem = await this.linkedReferencesProblem(tx, kind, input[kind], caller);
      if (problem) invalid[kind] = problem;
    }
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
    return { recurrence, dates };
  }

  /**
   * A new event; an importer's `placement` gives it the source's id and dates (the slug comes as
   * `input.slug`). `checked`: what `validateWrite` read of this input (a caller that did not
   * validate it has it read here).
   */
  async create(
    tx: WriteTx,
    input: EventCreateInput,
    caller: Caller,
    language: LanguageCode,
    placement: ImportedPlacement = {},
    checked: CheckedEventWrite = checkedWrite(input),
  ): Promise<Localized<EventRow>> {
    return (await this.createWithRelations(tx, input, caller, language, placement, checked)).row;
  }

  /** `create`, answering the relations it wrote too: what its answer shows of them needs no read (`EventsService.relations`). */
  async createWithRelations(
    tx: WriteTx,
    input: EventCreateInput,
    caller: Caller,
    language: LanguageCode,
    placement: ImportedPlacement = {},
    checked: CheckedEventWrite = checkedWrite(input),
  ): Promise<WrittenEvent> {
    const { post, event, status, title } = await this.newEventRows(tx, input, caller, language, checked);
    // A series is expanded before anything is written: a rule that yields nothing or too much is a 400.
    const recurrence = checked.recurrence ?? null;
    const series = recurrence ? this.series.expand(recurrence, event) : undefined;
    if (recurrence && series)
      Object.assign(event, { recurrence: JSON.stringify(recurrence), materialized_until: series.materializedUntil });
    const written = await this.records.insert(tx, this.repository, post, event, {
      slugBase: slugBaseOf(input, status, title),
      placement,
    });
    const id = written.post.id;
    // A new series has no rows, terms or links yet: its rows are written from what the unit knows.
    const first = series ? await this.series.materializeNew(tx, written, series.dates, status) : written.occurrence;
    const relations = await this.writeRelations(tx, id, input, caller, language, {
      status,
      occurrences: series ? series.dates.length : 1,
    });
    // Terms and links go to tables of their own, so the event is as its inserts wrote it (a series shown as its first date).
    const row =
      (first && this.records.created({ ...written, occurrence: first }, language)) ||
      (await this.reread(tx, id, language))!;
    return { row, relations: relations! };
  }

  /**
   * A new event's post (without its slug) and own row as `create` inserts them, before a series is
   * expanded: the bulk create of the CSV import (`event-bulk-writer.ts`) inserts the same rows.
   */
  async newEventRows(
    tx: WriteTx,
    input: EventCreateInput,
    caller: Caller,
    language: LanguageCode,
    checked: CheckedEventWrite = checkedWrite(input),
  ): Promise<NewEventRows> {
    const dateUtc = this.writer.publicationDate(input) ?? this.writer.nowUtc();
    const status = this.writer.statusFor(input.status, caller, dateUtc);
    const title = this.text.inline(input.title, caller).trim();
    const post = this.writer.newPost(
      {
        type: 'event',
        author_id: this.writer.authorFor(input.author, caller, 'edit_others_tribe_events'),
        status,
        title,
        content: input.description ? this.text.content(input.description, caller) : '',
        excerpt: input.excerpt ? this.text.inline(input.excerpt, caller) : '',
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
      ...eventSchedule(input, undefined, this.siteZone, this.clock.now(), checked.dates),
      ...eventCost(this.costInput(input.cost ?? '', caller)),
      website: input.website === undefined ? null : this.text.url(input.website ?? '', caller),
      // Omitted flags are false on create, as the original stores them (wire-format 5.1).
      show_map: input.show_map ? 1 : 0,
      show_map_link: input.show_map_link ? 1 : 0,
      hide_from_listings: input.hide_from_listings ? 1 : 0,
      featured: input.featured ? 1 : 0,
      custom_fields: input.custom_fields === undefined ? null : this.customFieldsInput(input.custom_fields, caller),
      ...SINGLE_EVENT,
    };
    return { post, event, status, title };
  }

  /**
   * An update as the address and `scope` say (decision 0025): a single event, or a series by its
   * own id (scope "all" by default), changes itself; an occurrence of a series (scope "this" by
   * default) is detached as an exception and changed alone, or splits the series there
   * ("following"), or changes the whole series ("all"). Permissions are the series' throughout.
   * An importer's `placement` keeps the source's publication and modification dates.
   */
  async update(
    tx: WriteTx,
    row: EventRow,
    input: EventInput,
    caller: Caller,
    language: LanguageCode,
    placement: ImportedPlacement = {},
    checked: CheckedEventWrite = checkedWrite(input),
  ): Promise<Localized<EventRow>> {
    requireOnPost(caller, 'edit', 'tribe_event', row.post);
    const occurrence = row.occurrence;
    if (!occurrence || occurrence.series_id === null) {
      await this.updateEvent(tx, row, input, caller, language, placement, checked);
      return (await this.reread(tx, row.post.id, language))!;
    }
    const series = await this.series.seriesOf(tx, row, occurrence.series_id);
    requireOnPost(caller, 'edit', 'tribe_event', series.post);
    const scope: Scope = input.scope ?? (occurrence.id === series.post.id ? 'all' : 'this');
    await this.updateEvent(
      tx,
      await this.series.eventToUpdate(tx, row, series, occurrence, scope),
      input,
      caller,
      language,
      placement,
      checked,
    );
    return (await this.reread(tx, occurrence.id, language)) ?? (await this.reread(tx, series.post.id, language))!;
  }

  /**
   * Partial on POST, PUT and PATCH alike (decisions.md, quirk #15 fixed). Title, description,
   * excerpt and slug written in a language other than the event's original one go to that
   * language's translation; every other field is shared. A series' occurrences follow its new
   * rules and schedule, keeping the ids of the dates that remain.
   */
  private async updateEvent(
    tx: WriteTx,
    row: EventRow,
    input: EventInput,
    caller: Caller,
    language: LanguageCode,
    placement: ImportedPlacement,
    checked: CheckedEventWrite,
  ): Promise<void> {
    requireOnPost(caller, 'edit', 'tribe_event', row.post);
    const text: PostText = {};
    if (input.title !== undefined) {
      text.title = this.text.inline(input.title, caller).trim();
      if (text.title === '') throw invalidParam('title');
    }
    if (input.description !== undefined)
      text.content = input.description ? this.text.content(input.description, caller) : '';
    if (input.excerpt !== undefined) text.excerpt = input.excerpt ? this.text.inline(input.excerpt, caller) : '';
    if (input.slug !== undefined) text.slug = input.slug;
    const original = row.post.language === language;
    const post: Partial<NewPost> = {
      ...this.writer.modifiedNow(),
      ...(await this.records.textChanges(tx, row, language, text)),
    };
    if (input.author !== undefined)
      post.author_id = this.writer.authorFor(input.author, caller, 'edit_others_tribe_events');
    if (input.image !== undefined) post.image_id = await this.writer.imageId(tx, input.image);
    if (input.post_password !== undefined) post.password = input.post_password ?? '';
    if (input.post_parent !== undefined) {
      if (input.post_parent === row.post.id) throw invalidParam('post_parent');
      post.parent_id = input.post_parent ?? 0;
    }
    if (input.sticky !== undefined) post.menu_order = input.sticky ? -1 : 0;
    Object.assign(post, this.writer.republication(input, row.post, caller), importedDates(placement));
    const event: Partial<EventFields> = {};
    if (
      ['timezone', 'start_date', 'end_date', 'all_day'].some((field) => input[field as keyof EventInput] !== undefined)
    ) {
      Object.assign(event, eventSchedule(input, row.fields, this.siteZone, this.clock.now()));
    }
    if (input.cost !== undefined) Object.assign(event, eventCost(this.costInput(input.cost ?? '', caller)));
    if (input.website !== undefined) event.website = this.text.url(input.website ?? '', caller);
    for (const field of ['show_map', 'show_map_link', 'hide_from_listings', 'featured'] as const) {
      if (input[field] !== undefined) event[field] = input[field] ? 1 : 0;
    }
    if (input.custom_fields !== undefined) event.custom_fields = this.customFieldsInput(input.custom_fields, caller);
    const recurrence = checked.recurrence;
    if (recurrence !== undefined) {
      if (recurrence !== null && row.fields.series_id !== null) {
        throw invalidParam(
          'recurrence',
          'An occurrence detached from its series cannot have rules of its own: change the series, or split it with "scope": "following".',
        );
      }
      event.recurrence = recurrence === null ? null : JSON.stringify(recurrence);
    }
    const rules = recurrence === undefined ? storedRecurrence(row.fields) : recurrence;
    const endsSeries = rules === null && row.fields.recurrence !== null;
    const series =
      rules !== null && (recurrence !== undefined || event.start_local !== undefined)
        ? this.series.expand(rules, { ...row.fields, ...event }, undefined, row.fields.materialized_until)
        : undefined;
    if (series) event.materialized_until = series.materializedUntil;
    if (endsSeries) event.materialized_until = null;
    const status = post.status ?? row.post.status;
    const slugBase =
      (original ? input.slug : undefined) ??
      (row.post.slug === '' && needsSlug(status) ? (post.title ?? row.post.title) : undefined);
    if (slugBase !== undefined) post.slug = await this.records.uniqueSlug(tx, this.records.slugBase(slugBase));
    await this.repository.update(tx, row.post.id, post, event);
    // Published or no longer: the event's occurrences enter or leave its current terms' counts,
    // before the occurrences and terms themselves change (which then count by the new status).
    if ((status === 'publish') !== (row.post.status === 'publish')) {
      const weight = await this.repository.occurrenceCount(tx, row.post.id);
      await this.terms.shiftCounts(
        tx,
        await this.series.termIdsOf(tx, row.post.id),
        status === 'publish' ? weight : -weight,
      );
    }
    if (series) await this.series.materialize(tx, row.post.id, series.dates, status);
    if (endsSeries) {
      const before = await this.repository.occurrenceCount(tx, row.post.id);
      await this.repository.endSeries(tx, row.post.id);
      if (status === 'publish')
        await this.terms.shiftCounts(tx, await this.series.termIdsOf(tx, row.post.id), 1 - before);
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
    if (!one || (request.explicitLanguage && row.post.language !== request.language))
      return this.removeEvent(tx, row, request);
    const series = await this.series.seriesOf(tx, row, occurrence.series_id!);
    requireOnPost(request.caller, 'delete', 'tribe_event', series.post);
    if (occurrence.event_id !== series.post.id) {
      // A detached exception: removed for good, its date must not come back with the series' next regeneration.
      if (request.force) await this.series.exclude(tx, series, row.fields.recurrence_id ?? occurrence.start_local);
      return this.removeEvent(tx, row, request);
    }
    if (!request.force) return this.removeEvent(tx, await this.series.detach(tx, series, occurrence), request);
    const before = await this.records.localized(tx, row, request.language);
    await this.series.exclude(tx, series, occurrence.start_local);
    await this.repository.removeOccurrence(tx, occurrence.id);
    if (series.post.status === 'publish')
      await this.terms.shiftCounts(tx, await this.series.termIdsOf(tx, series.post.id), -1);
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
    await this.terms.shiftCounts(
      tx,
      await this.series.termIdsOf(tx, row.post.id),
      -(await this.repository.occurrenceCount(tx, row.post.id)),
    );
  }

  /** The event or occurrence with this id as it is after a write, in `language`; undefined when the write removed it. */
  private async reread(tx: ReadTx, id: number, language: LanguageCode): Promise<Localized<EventRow> | undefined> {
    const row = await this.repository.getOccurrence(tx, id);
    return row ? this.records.localized(tx, row, language) : undefined;
  }

  /**
   * What is wrong with venue/organizer input, if anything: it holds ids of records the caller may
   * read, objects with such an id, or records written inline, which pass exactly what their own
   * route checks (`inlineProblem`). A record the caller may not read is refused as an unknown id
   * (decision 0051).
   */
  private async linkedReferencesProblem(
    tx: ReadTx,
    kind: LinkKind,
    value: unknown,
    caller: Caller | null,
  ): Promise<InvalidParam | undefined> {
    if (value === undefined || isEmptyReference(value)) return undefined;
    const ids: number[] = [];
    for (const item of referenceItems(value)) {
      const inline = item !== null && typeof item === 'object' && (item as Record<string, unknown>).id === undefined;
      if (inline) {
        const problem = await this.linked[kind].inlineProblem(tx, item as Record<string, unknown>, caller);
        if (problem) return problem;
        continue;
      }
      const storable = storableId(
        item !== null && typeof item === 'object' ? (item as Record<string, unknown>).id : item,
      );
      if (storable === undefined) return INVALID;
      ids.push(storable);
    }
    return (await this.linked[kind].readsAll(tx, ids, caller)) ? undefined : INVALID;
  }

  /**
   * The linked ids an input names, creating inline venues/organizers (or reusing them by name);
   * `inline` gets the records written or found inline, as the unit has them.
   */
  private async linkedIds(
    tx: WriteTx,
    kind: LinkKind,
    value: unknown,
    caller: Caller,
    language: LanguageCode,
    inline: Localized<LinkedRecordRow>[],
  ): Promise<number[]> {
    if (isEmptyReference(value)) return [];
    const ids: number[] = [];
    for (const item of referenceItems(value)) {
      if (item !== null && typeof item === 'object') {
        const data = item as Record<string, unknown>;
        // Ids and inline records were validated (linkedReferencesProblem) before the permission check.
        if (data.id !== undefined) {
          ids.push(storableId(data.id)!);
          continue;
        }
        const record = await this.linked[kind].create(tx, data, caller, language);
        inline.push(record);
        ids.push(record.post.id);
      } else ids.push(storableId(item)!);
    }
    return ids;
  }

  /** A cost written as text is text like the title; amounts given as numbers have no markup to filter. */
  private costInput(
    cost: string | number | readonly (string | number)[],
    caller: Caller,
  ): string | number | readonly (string | number)[] {
    return typeof cost === 'string' ? this.text.inline(cost, caller) : cost;
  }

  /** Custom fields as stored (validated first: `validateWrite`); labels and values are text like the title. */
  private customFieldsInput(input: unknown, caller: Caller): string | null {
    return storedCustomFields(readCustomFields(input, (text) => this.text.inline(text, caller)).fields);
  }

  /**
   * Terms and links named by the input; on update, what is not sent stays (null too, for terms).
   * `created`: the event is new in this unit, and its relations as written are answered.
   */
  private async writeRelations(
    tx: WriteTx,
    eventId: number,
    input: EventInput,
    caller: Caller,
    language: LanguageCode,
    created?: CreatedEvent,
  ): Promise<WrittenRelations | undefined> {
    const termIds: number[] = [];
    for (const definition of [CATEGORY, TAG]) {
      const refs = termRefs(input, definition);
      if (refs === undefined) continue;
      const ids = await this.terms.idsForEvent(tx, definition, refs, language, caller);
      await this.terms.setEventTerms(tx, eventId, definition.taxonomy, ids, created);
      termIds.push(...ids);
    }
    const inline: Localized<LinkedRecordRow>[] = [];
    const sent = await this.linksOf(tx, input, caller, language, inline);
    for (const [kind, ids] of Object.entries(sent) as [LinkKind, number[]][])
      await this.repository.setLinks(tx, eventId, kind, ids, created !== undefined);
    return created && { termIds, links: { venue: [], organizer: [], ...sent }, inline };
  }

  /**
   * The venues and organizers an input links, by kind (a kind it does not send is absent), each
   * once in the order first given (setLinks); inline ones are created or reused (`inline` gets them).
   */
  async linksOf(
    tx: WriteTx,
    input: EventInput,
    caller: Caller,
    language: LanguageCode,
    inline: Localized<LinkedRecordRow>[],
  ): Promise<Partial<Record<LinkKind, number[]>>> {
    const links: Partial<Record<LinkKind, number[]>> = {};
    for (const kind of ['venue', 'organizer'] as const) {
      const value = input[kind];
      if (value !== undefined)
        links[kind] = [...new Set(await this.linkedIds(tx, kind, value, caller, language, inline))];
    }
    return links;
  }
}
