import type { Caller } from '../../auth/roles.ts';
import { ApiError, invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type {
  LinkedRecordCursor,
  LinkedRecordFilter,
  LinkedRecordRow,
  LinkedRecordsRepository,
  MetaValue,
} from '../../storage/repositories/linked-records.repository.ts';
import type { NewPost } from '../../storage/repositories/post-records.repository.ts';
import type { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import type { PostRecords, RecordRef, StatusCounts } from '../posts/post-records.ts';
import { importedDates, type ImportedPlacement } from '../posts/post-rows.ts';
import {
  mayOnPost,
  readableBy,
  readableStatuses,
  requireOnPost,
  type Access,
  type PostFacts,
} from '../posts/post-rules.ts';
import { modifiedAfterProblem, modifiedAfterUtc } from '../sync/modified-after.ts';
import type { Localized } from '../translations/translations.ts';
import { searchWords } from '../posts/search-words.ts';
import type { LinkedRecordDefinition } from './definition.ts';
import type { LinkedRecordCreateInput, LinkedRecordInput, LinkedRecordListQuery } from './linked-records.schemas.ts';

/** Whether a record's stored fields hold the given values (unset map flags read as true, as on the wire). */
function sameFields(stored: LinkedRecordRow['fields'], given: Record<string, MetaValue>): boolean {
  return Object.entries(given).every(([field, value]) => {
    const current = stored[field] ?? null;
    if (field === 'show_map' || field === 'show_map_link')
      return (current === null || Number(current) !== 0) === (value !== 0);
    if (typeof value === 'number' || (value === null && typeof current === 'number'))
      return current === null || value === null ? current === value : Number(current) === value;
    // Text compares without regard to case, as the original's database collation does (decision 0050).
    return String(current ?? '').toLowerCase() === String(value ?? '').toLowerCase();
  });
}

/**
 * The problems of a create body by the type's route schema, checked as the route checks its body
 * (`http/nested-body.ts`), by field; the input is left coerced as the route's would be.
 */
export type CreateBodyCheck = (input: Record<string, unknown>) => Record<string, InvalidParam>;

/** Rules of venues and organizers, shared by both (wire-format 4.2, 5.3, 6.1, 7.2-7.4). */
export class LinkedRecordsService {
  constructor(
    readonly definition: LinkedRecordDefinition,
    private readonly records: PostRecords<LinkedRecordRow['fields']>,
    private readonly repository: LinkedRecordsRepository,
    private readonly posts: PostsRepository,
    private readonly checkCreateBody: CreateBodyCheck,
  ) {}

  /** The admin's status tabs (decision 0045). */
  statusCounts(tx: ReadTx, caller: Caller | null): Promise<StatusCounts> {
    return this.records.statusCounts(tx, caller);
  }

  private get writer() {
    return this.records.writer;
  }

  // Argument validators: they run before the permission check (wire-format 7.6).

  /** The record an id or slug names; a slug matches the original or the one translated into `language`. */
  async find(tx: ReadTx, ref: RecordRef, language?: LanguageCode): Promise<LinkedRecordRow> {
    const row = await this.records.lookup(tx, ref, language);
    if (!row) throw invalidParam('id' in ref ? 'id' : 'slug');
    return row;
  }

  async validateList(tx: ReadTx, query: LinkedRecordListQuery, caller: Caller | null): Promise<void> {
    const invalid: Record<string, InvalidParam> = {};
    if (this.records.refusesStatuses(query.status, caller)) invalid.status = { message: 'Invalid parameter.' };
    if (
      query.event !== undefined &&
      !readableBy(caller, 'tribe_event', await this.posts.ownership(tx, 'event', query.event))
    )
      invalid.event = { message: 'Invalid parameter.' };
    const modifiedAfter = modifiedAfterProblem(query.modified_after, this.writer.clock.now());
    if (modifiedAfter) invalid.modified_after = modifiedAfter;
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  async validateWrite(tx: ReadTx, input: LinkedRecordInput, caller: Caller | null): Promise<void> {
    const invalid = await this.writer.validate(tx, input, caller);
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  /**
   * What is wrong with a record written inline in an event's body, if anything: it passes exactly
   * what POST /{collection} checks (its body schema, then `validateWrite`), and is then created by
   * `create`, as that route's body is (wire-format 5.1.3; issue 36: a `javascript:` website).
   */
  async inlineProblem(
    tx: ReadTx,
    input: Record<string, unknown>,
    caller: Caller | null,
  ): Promise<InvalidParam | undefined> {
    const shape = this.checkCreateBody(input);
    const invalid = Object.keys(shape).length > 0 ? shape : await this.writer.validate(tx, input, caller);
    const problems = Object.entries(invalid).map(([field, problem]) => `${field}: ${problem.message}`);
    return problems.length === 0
      ? undefined
      : { message: `The ${this.definition.singular} written inline is invalid: ${problems.join(' ')}` };
  }

  // Operations.

  async list(
    tx: ReadTx,
    query: LinkedRecordListQuery,
    caller: Caller | null,
    window: PageWindow,
    language: LanguageCode,
  ): Promise<{ rows: Localized<LinkedRecordRow>[]; total: number; statuses: string[] }> {
    const { filter, statuses } = this.archiveFilter(query, caller, language);
    const [rows, total] = await Promise.all([
      this.repository.list(tx, filter, window.perPage, window.offset),
      this.repository.count(tx, filter),
    ]);
    if (rows.length === 0 && window.page > 1) throw new ApiError(this.definition.errors.pageNotFound);
    return { rows: await this.records.localize(tx, rows, language), total, statuses };
  }

  /** The list's rules as a filter: the archive and its export (CSV, decision 0114) read through this one filter. */
  archiveFilter(
    query: Omit<LinkedRecordListQuery, 'page' | 'per_page'>,
    caller: Caller | null,
    language: LanguageCode,
  ): { filter: LinkedRecordFilter; statuses: string[] } {
    const { statuses, restrictTo, mayEditOthers } = this.records.archiveScope(query.status, caller);
    const filter: LinkedRecordFilter = {
      statuses,
      ...(restrictTo ? { restrictTo } : {}),
      ...(query.search !== undefined
        ? { search: { words: searchWords(query.search), language, titleOnlyWhenProtected: !mayEditOthers } }
        : {}),
      ...(query.event !== undefined ? { eventId: query.event } : {}),
      ...(query.has_events !== undefined ? { hasEvents: query.has_events } : {}),
      ...(query.only_with_upcoming
        ? { upcoming: { after: this.writer.nowUtc(), ...readableStatuses(caller, 'tribe_event') } }
        : {}),
      ...(query.modified_after !== undefined
        ? { modifiedAfter: modifiedAfterUtc(query.modified_after, this.writer.clock.now()) }
        : {}),
    };
    return { filter, statuses };
  }

  /** The next `limit` records of a list filter after `after`, localized, and the cursor to continue from: one batch of an export. */
  async listAfter(
    tx: ReadTx,
    filter: LinkedRecordFilter,
    after: LinkedRecordCursor | undefined,
    limit: number,
    language: LanguageCode,
  ) {
    const { rows, next } = await this.repository.listAfter(tx, filter, after, limit);
    return { rows: await this.records.localize(tx, rows, language), next };
  }

  /** The records among `ids` that the caller's archive lists whatever its filters (its status scope), localized: what a sync answer shows of them (decision 0029). */
  async listed(
    tx: ReadTx,
    ids: readonly number[],
    caller: Caller | null,
    language: LanguageCode,
  ): Promise<Localized<LinkedRecordRow>[]> {
    const { statuses, restrictTo } = this.records.archiveScope(undefined, caller);
    const rows = await this.repository.list(
      tx,
      { statuses, ...(restrictTo ? { restrictTo } : {}), ids },
      ids.length,
      0,
    );
    return this.records.localize(tx, rows, language);
  }

  /** A record the caller may read (whether they may see its protected details is `entitled`). */
  async read(
    tx: ReadTx,
    ref: RecordRef,
    caller: Caller | null,
    language: LanguageCode,
  ): Promise<Localized<LinkedRecordRow>> {
    const row = await this.find(tx, ref, language);
    if (!this.records.mayRead(caller, row)) throw new ApiError(this.definition.errors.notAccessible);
    return this.records.localized(tx, row, language);
  }

  entitled(row: LinkedRecordRow, caller: Caller | null, access: Access): boolean {
    return this.records.entitled(row, caller, access);
  }

  /** Records by id in `language`, whoever may read them (webhooks' payloads, the importer). */
  localizedMany(tx: ReadTx, ids: readonly number[], language: LanguageCode): Promise<Localized<LinkedRecordRow>[]> {
    return this.records.localizedMany(tx, ids, language);
  }

  /**
   * The records among `ids` that `reader` may read, by the rule of `read` (GET /{collection}/{id}):
   * all that events show of their venues and organizers, to anyone and everywhere (decision 0051).
   */
  async readableAmong(
    tx: ReadTx,
    ids: readonly number[],
    reader: Caller | null,
    options: { toLink?: boolean } = {},
  ): Promise<LinkedRecordRow[]> {
    return (await this.records.repository.getMany(tx, ids, options)).filter((row) => this.mayRead(reader, row));
  }

  /** Whether `reader` may read the record, by the rule of `read`. */
  mayRead(reader: Caller | null, row: { readonly post: PostFacts }): boolean {
    return this.records.mayRead(reader, row);
  }

  /**
   * Whether `reader` may read every record among `ids`: a write may link, and the events archive
   * filter by, only those (decision 0051). In a write unit they stay until it ends (decision 0082).
   */
  async readsAll(tx: ReadTx, ids: readonly number[], reader: Caller | null): Promise<boolean> {
    return (await this.readableAmong(tx, ids, reader, { toLink: true })).length === new Set(ids).size;
  }

  localize(
    tx: ReadTx,
    rows: readonly LinkedRecordRow[],
    language: LanguageCode,
  ): Promise<Localized<LinkedRecordRow>[]> {
    return this.records.localize(tx, rows, language);
  }

  /**
   * Creates a record, or returns an identical one as it is, as the original's duplicate detection
   * does (decision 0019): a record not in the trash, that the caller may edit, with the same name
   * and the same value of every other given field of the type (description, address and contact
   * fields, map flags, coordinates); status, author, dates, image and password are not compared.
   * An importer's `placement` (the source's id and slug) makes a record of its own, always.
   */
  async create(
    tx: WriteTx,
    input: LinkedRecordCreateInput,
    caller: Caller,
    language: LanguageCode,
    placement?: ImportedPlacement,
  ): Promise<Localized<LinkedRecordRow>> {
    const name = this.cleanName(input[this.definition.nameField], caller);
    const description =
      input.description === undefined
        ? undefined
        : input.description === null
          ? ''
          : this.writer.text.content(input.description, caller);
    const given = this.fieldChanges(input, caller);
    if (!placement) await this.repository.lockTitle(tx, name);
    const duplicate = placement
      ? undefined
      : (await this.repository.findDuplicates(tx, name, description)).find(
          (candidate) =>
            sameFields(candidate.fields, given) && mayOnPost(caller, 'edit', this.definition.postType, candidate.post),
        );
    if (duplicate) return this.records.localized(tx, duplicate, language);
    const dateUtc = this.writer.publicationDate(input) ?? this.writer.nowUtc();
    const post = this.writer.newPost(
      {
        type: this.definition.type,
        author_id: this.writer.authorFor(input.author, caller, `edit_others_${this.definition.postType}s`),
        status: this.writer.statusFor(input.status, caller, dateUtc),
        title: name,
        content: description ?? '',
        excerpt: '',
        password: input.post_password ?? '',
        parent_id: 0,
        menu_order: 0,
        image_id: await this.writer.imageId(tx, input.image),
        language,
      },
      dateUtc,
    );
    const fields = { ...this.defaults(), ...given };
    const written = await this.records.insert(tx, this.repository, post, fields, {
      slugBase: placement?.slug ?? name,
      placement,
    });
    return this.records.created(written, language) ?? this.records.reread(tx, written.post.id, language);
  }

  /**
   * Partial on POST, PUT and PATCH alike (decisions.md): what is not sent keeps its value. The name
   * and description written in a language other than the record's original one go to that
   * language's translation; the other fields are shared. `row` is the record the validator found.
   * An importer's `placement` moves the record to the source's new slug and keeps its dates.
   */
  async update(
    tx: WriteTx,
    row: LinkedRecordRow,
    input: LinkedRecordInput,
    caller: Caller,
    language: LanguageCode,
    placement?: ImportedPlacement,
  ): Promise<Localized<LinkedRecordRow>> {
    requireOnPost(caller, 'edit', this.definition.postType, row.post);
    const name = input[this.definition.nameField];
    const changes: Partial<NewPost> = {
      ...this.writer.modifiedNow(),
      ...(await this.records.textChanges(tx, row, language, {
        ...(name !== undefined ? { title: this.cleanName(name, caller) } : {}),
        ...(input.description !== undefined
          ? { content: input.description === null ? '' : this.writer.text.content(input.description, caller) }
          : {}),
      })),
    };
    if (input.author !== undefined)
      changes.author_id = this.writer.authorFor(input.author, caller, `edit_others_${this.definition.postType}s`);
    if (input.image !== undefined) changes.image_id = await this.writer.imageId(tx, input.image);
    if (input.post_password !== undefined) changes.password = input.post_password ?? '';
    if (placement?.slug !== undefined && placement.slug !== row.post.slug)
      changes.slug = await this.records.uniqueSlug(tx, this.records.slugBase(placement.slug));
    Object.assign(changes, this.writer.republication(input, row.post, caller), importedDates(placement));
    await this.repository.update(tx, row.post.id, changes, this.fieldChanges(input, caller));
    return this.records.reread(tx, row.post.id, language);
  }

  /**
   * Trash, force removal or translation removal (PostRecords.remove) of the record the validator
   * found. Trashed or removed, it leaves every event it was linked to, as in the original.
   */
  remove(
    tx: WriteTx,
    row: LinkedRecordRow,
    request: { caller: Caller; force: boolean; language: LanguageCode; explicitLanguage: boolean },
  ): Promise<Localized<LinkedRecordRow>> {
    return this.records.remove(tx, row, request, {
      inTrash: this.definition.errors.inTrash,
      beforeLeaving: (unit, leaving) => this.repository.unlinkEvents(unit, leaving.post.id),
    });
  }

  /** The name as stored: filtered as the caller's text, and not empty once filtered. */
  private cleanName(name: unknown, caller: Caller): string {
    const trimmed = typeof name === 'string' ? this.writer.text.inline(name, caller).trim() : '';
    if (trimmed === '') throw invalidParam(this.definition.nameField);
    return trimmed;
  }

  private defaults(): Record<string, MetaValue> {
    return {
      ...Object.fromEntries(this.definition.textFields.map((field) => [field, ''])),
      ...(this.definition.hasMap ? { show_map: 1, show_map_link: 1, geo_lat: null, geo_lng: null } : {}),
    };
  }

  /**
   * The type's own fields that the input sets; `null` clears a text field. Text fields are filtered
   * as the caller's text, the website (validated as a URL) as a URL.
   */
  private fieldChanges(input: LinkedRecordInput, caller: Caller): Record<string, MetaValue> {
    const given = input as Record<string, unknown>;
    const changes: Record<string, MetaValue> = {};
    for (const field of this.definition.textFields) {
      const value = given[field];
      if (value === undefined) continue;
      const text = typeof value === 'string' ? value.trim() : '';
      changes[field] =
        field === 'website' ? this.writer.text.url(text, caller) : this.writer.text.inline(text, caller).trim();
    }
    if (this.definition.hasMap) {
      for (const field of ['show_map', 'show_map_link'])
        if (typeof given[field] === 'boolean') changes[field] = given[field] ? 1 : 0;
      for (const field of ['geo_lat', 'geo_lng'])
        if (given[field] !== undefined) changes[field] = given[field] as number | null;
    }
    return changes;
  }
}
