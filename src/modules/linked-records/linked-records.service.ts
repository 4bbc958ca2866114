import { can, type Caller } from '../../auth/roles.ts';
import { nowUtc } from '../../clock.ts';
import { ApiError, invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type { Storage } from '../../storage/database.ts';
import { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import {
  LinkedRecordsRepository,
  type LinkedRecordFilter,
  type LinkedRecordRow,
  type MetaValue,
  type NewPost,
} from '../../storage/repositories/linked-records.repository.ts';
import { archiveStatuses, entitledToPost, mayOnPost, requireOnPost, type Access } from '../posts/post-rules.ts';
import type { PostWriter } from '../posts/post-writer.ts';
import { PostTranslations, type Localized } from '../translations/translations.ts';
import type { LanguageCode } from '../../http/language.ts';
import type { PostText } from '../../storage/repositories/translations.repository.ts';
import type { LinkedRecordDefinition } from './definition.ts';
import type { LinkedRecordInput, LinkedRecordListQuery } from './linked-records.schemas.ts';

/** How a record is addressed: `/venues/{id}` or `/venues/by-slug/{slug}` (one service method serves both). */
export type RecordRef = { readonly id: number } | { readonly slug: string };

/** Rules of venues and organizers, shared by both (wire-format 4.2, 5.3, 6.1, 7.2-7.4). */
export class LinkedRecordsService {
  readonly repository: LinkedRecordsRepository;
  readonly translations: PostTranslations;
  private readonly posts: PostsRepository;

  constructor(
    storage: Storage,
    private readonly writer: PostWriter,
    readonly definition: LinkedRecordDefinition,
  ) {
    this.repository = new LinkedRecordsRepository(storage.db, storage.dialect, definition);
    this.translations = new PostTranslations(storage);
    this.posts = new PostsRepository(storage.db);
  }

  // Argument validators: they run before the permission check (wire-format 7.6).

  /** The record an id or slug names; a slug matches the original or the one translated into `language`. */
  async find(ref: RecordRef, language?: LanguageCode): Promise<LinkedRecordRow> {
    const row = 'id' in ref ? await this.repository.get(ref.id) : await this.findBySlug(ref.slug, language);
    if (!row) throw invalidParam('id' in ref ? 'id' : 'slug');
    return row;
  }

  private async findBySlug(slug: string, language: LanguageCode | undefined): Promise<LinkedRecordRow | undefined> {
    const original = await this.repository.findBySlug(slug);
    if (original || !language) return original;
    const id = await this.translations.bySlug(this.definition.type, language, slug);
    return id === undefined ? undefined : this.repository.get(id);
  }

  async localized(row: LinkedRecordRow, language: LanguageCode): Promise<Localized<LinkedRecordRow>> {
    return (await this.translations.localize([row], language))[0]!;
  }

  async validateList(query: LinkedRecordListQuery, caller: Caller | null): Promise<void> {
    const invalid: Record<string, InvalidParam> = {};
    try {
      archiveStatuses(query.status, caller, this.definition.postType);
    } catch {
      invalid.status = { message: 'Invalid parameter.' };
    }
    if (query.event !== undefined && !(await this.posts.exists('event', query.event))) invalid.event = { message: 'Invalid parameter.' };
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  async validateWrite(input: LinkedRecordInput, caller: Caller | null): Promise<void> {
    const invalid = await this.writer.validate(input, caller);
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  // Operations.

  async list(query: LinkedRecordListQuery, caller: Caller | null, window: PageWindow, language: LanguageCode): Promise<{ rows: Localized<LinkedRecordRow>[]; total: number; statuses: string[] }> {
    const statuses = archiveStatuses(query.status, caller, this.definition.postType);
    const mayEditOthers = can(caller, `edit_others_${this.definition.postType}s`);
    const filter: LinkedRecordFilter = {
      statuses,
      // Others' non-public records only for those who may edit them (quirk #22 fixed).
      ...(mayEditOthers ? {} : { restrictTo: { authorId: caller?.id ?? null } }),
      ...(query.search !== undefined ? { search: { text: query.search, language, titleOnlyWhenProtected: !mayEditOthers } } : {}),
      ...(query.event !== undefined ? { eventId: query.event } : {}),
      ...(query.has_events !== undefined ? { hasEvents: query.has_events } : {}),
      ...(query.only_with_upcoming ? { upcomingAfter: nowUtc() } : {}),
    };
    const [rows, total] = await Promise.all([this.repository.list(filter, window.perPage, window.offset), this.repository.count(filter)]);
    if (rows.length === 0 && window.page > 1) throw new ApiError(this.definition.errors.pageNotFound);
    return { rows: await this.translations.localize(rows, language), total, statuses };
  }

  /** A record the caller may read, and whether they may see its protected details. */
  async read(ref: RecordRef, caller: Caller | null, access: Access, language: LanguageCode): Promise<{ row: Localized<LinkedRecordRow>; entitled: boolean }> {
    const row = await this.find(ref, language);
    if (!mayOnPost(caller, 'read', this.definition.postType, row.post)) throw new ApiError(this.definition.errors.notAccessible);
    return { row: await this.localized(row, language), entitled: this.entitled(row, caller, access) };
  }

  entitled(row: LinkedRecordRow, caller: Caller | null, access: Access): boolean {
    return entitledToPost(caller, this.definition.postType, row.post, access);
  }

  /**
   * Creates a record, or reuses a non-trashed one of the same name (and description, when given)
   * that the caller may edit, writing the given details onto it, as the original does (quirk #26).
   */
  async create(input: LinkedRecordInput, caller: Caller, language: LanguageCode): Promise<Localized<LinkedRecordRow>> {
    const name = this.cleanName(input[this.definition.nameField]);
    const description = input.description === undefined || input.description === null ? undefined : this.writer.html(input.description, caller);
    const duplicate = await this.repository.findDuplicate(name, description);
    if (duplicate && mayOnPost(caller, 'edit', this.definition.postType, duplicate.post)) {
      const { [this.definition.nameField]: _name, description: _description, status: _status, ...details } = input;
      return this.update({ id: duplicate.post.id }, details, caller, language);
    }
    const dateUtc = this.writer.publicationDate(input) ?? nowUtc();
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
        image_id: await this.writer.imageId(input.image),
        language,
      },
      dateUtc,
    );
    const meta = { ...this.defaults(), ...this.metaChanges(input as Record<string, unknown>) };
    const id = await this.writer.withUniqueSlug(this.definition.type, this.writer.slugFor(name, this.definition.type), (slug) =>
      this.repository.create({ ...post, slug }, meta),
    );
    return this.localized(await this.find({ id }), language);
  }

  /**
   * Partial on POST, PUT and PATCH alike (decisions.md): what is not sent keeps its value. The name
   * and description written in a language other than the record's original one go to that
   * language's translation; the other fields are shared.
   */
  async update(ref: RecordRef, input: LinkedRecordInput, caller: Caller, language: LanguageCode): Promise<Localized<LinkedRecordRow>> {
    const row = await this.find(ref, language);
    requireOnPost(caller, 'edit', this.definition.postType, row.post);
    const changes: Partial<NewPost> = { ...this.writer.modifiedNow() };
    const name = input[this.definition.nameField];
    const text: PostText = {};
    if (name !== undefined) text.title = this.cleanName(name);
    if (input.description !== undefined) text.content = input.description === null ? '' : this.writer.html(input.description, caller);
    if (row.post.language === language) Object.assign(changes, text);
    else if (Object.keys(text).length > 0) await this.translations.write(this.definition.type, row.post.id, language, text);
    if (input.author !== undefined) changes.author_id = this.writer.authorFor(input.author, caller, `edit_others_${this.definition.postType}s`);
    if (input.image !== undefined) changes.image_id = await this.writer.imageId(input.image);
    if (input.post_password !== undefined) changes.password = input.post_password ?? '';
    Object.assign(changes, this.writer.republication(input, row.post, caller));
    await this.repository.update(row.post.id, changes, this.metaChanges(input as Record<string, unknown>));
    return this.localized(await this.find({ id: row.post.id }), language);
  }

  /**
   * Moves the record to the trash and answers with it as it is then; `force` removes it for good
   * and answers with it as it was (additive: the original could only trash).
   */
  async remove(ref: RecordRef, caller: Caller, force: boolean, language: LanguageCode, explicitLanguage: boolean): Promise<Localized<LinkedRecordRow>> {
    const row = await this.find(ref, language);
    if (explicitLanguage && row.post.language !== language) {
      // Asked in another language than the original: only that translation goes (additive).
      requireOnPost(caller, 'edit', this.definition.postType, row.post);
      if (!(await this.translations.remove(row.post.id, language))) throw new ApiError('translation-not-found');
      return this.localized(row, language);
    }
    requireOnPost(caller, 'delete', this.definition.postType, row.post);
    if (force) {
      const before = await this.localized(row, language);
      await this.repository.remove(row.post.id);
      return before;
    }
    if (row.post.status === 'trash') throw new ApiError(this.definition.errors.inTrash);
    await this.writer.trash(this.definition.type, row.post.slug, (changes) => this.repository.update(row.post.id, changes, {}));
    return this.localized(await this.find({ id: row.post.id }), language);
  }

  private cleanName(name: unknown): string {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (trimmed === '') throw invalidParam(this.definition.nameField);
    return trimmed;
  }

  private defaults(): Record<string, MetaValue> {
    return {
      ...Object.fromEntries(this.definition.textFields.map((field) => [field, ''])),
      ...(this.definition.hasMap ? { show_map: 1, show_map_link: 1, geo_lat: null, geo_lng: null } : {}),
    };
  }

  /** The type's own fields that the input sets; `null` clears a text field. */
  private metaChanges(input: Record<string, unknown>): Record<string, MetaValue> {
    const changes: Record<string, MetaValue> = {};
    for (const field of this.definition.textFields) {
      const value = input[field];
      if (value !== undefined) changes[field] = typeof value === 'string' ? value.trim() : '';
    }
    if (this.definition.hasMap) {
      for (const field of ['show_map', 'show_map_link']) if (typeof input[field] === 'boolean') changes[field] = input[field] ? 1 : 0;
      for (const field of ['geo_lat', 'geo_lng']) if (input[field] !== undefined) changes[field] = input[field] as number | null;
    }
    return changes;
  }
}
