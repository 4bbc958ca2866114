import { can, canOnRecord, type Caller } from '../../auth/roles.ts';
import { nowUtc } from '../../clock.ts';
import { filterPostHtml } from '../../content/html.ts';
import { instantOf, parseDateInput, DateParseError } from '../../dates/parse.ts';
import { utcToZoned } from '../../dates/zones.ts';
import { ApiError, invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import type { PageWindow } from '../../http/pagination.ts';
import { slugify, suffixedSlug } from '../../slugs.ts';
import type { Storage } from '../../storage/database.ts';
import { ImagesRepository } from '../../storage/repositories/images.repository.ts';
import { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import { UsersRepository } from '../../storage/repositories/users.repository.ts';
import {
  LinkedRecordsRepository,
  type LinkedRecordFilter,
  type LinkedRecordRow,
  type MetaValue,
  type NewPost,
} from '../../storage/repositories/linked-records.repository.ts';
import { ANY_STATUS, passwordMatches, REGISTERED_STATUSES, scaleBackStatus, scheduledStatus } from '../posts/post-rules.ts';
import type { LinkedRecordDefinition } from './definition.ts';
import type { LinkedRecordInput, LinkedRecordListQuery } from './linked-records.schemas.ts';

/** How a record is addressed: `/venues/{id}` or `/venues/by-slug/{slug}` (one service method serves both). */
export type RecordRef = { readonly id: number } | { readonly slug: string };

/** What may lift password protection: the `password` parameter, or `context=edit` with edit rights. */
export interface Access {
  readonly password?: string;
  readonly context?: string;
}

export interface ServiceSettings {
  /** Site time zone: post dates are stored in it besides UTC. */
  readonly timezone: string;
}

const MAX_SLUG_ATTEMPTS = 50;
const IMAGE_EXTENSION = /\.([A-Za-z0-9]{2,5})$/;

/** Rules of venues and organizers, shared by both (wire-format 4.2, 5.3, 6.1, 7.2-7.4). */
export class LinkedRecordsService {
  readonly repository: LinkedRecordsRepository;
  private readonly images: ImagesRepository;
  private readonly posts: PostsRepository;
  private readonly users: UsersRepository;

  constructor(
    private readonly storage: Storage,
    private readonly settings: ServiceSettings,
    readonly definition: LinkedRecordDefinition,
  ) {
    this.repository = new LinkedRecordsRepository(storage.db, definition);
    this.images = new ImagesRepository(storage.db);
    this.posts = new PostsRepository(storage.db);
    this.users = new UsersRepository(storage.db);
  }

  private capability(action: 'edit' | 'edit_others' | 'delete'): string {
    return `${action}_${this.definition.postType}s`;
  }

  // Argument validators: they run before the permission check (wire-format 7.6).

  async find(ref: RecordRef): Promise<LinkedRecordRow> {
    const row = 'id' in ref ? await this.repository.get(ref.id) : await this.repository.findBySlug(ref.slug);
    if (!row) throw invalidParam('id' in ref ? 'id' : 'slug');
    return row;
  }

  /** The statuses a list shows: the caller's choice where allowed, else `publish` or WordPress' `any`. */
  listStatuses(query: Pick<LinkedRecordListQuery, 'status'>, caller: Caller | null): string[] {
    const mayEdit = can(caller, this.capability('edit'));
    const requested = query.status;
    if (requested === undefined) return mayEdit ? [...ANY_STATUS] : ['publish'];
    const allowed: readonly string[] = mayEdit ? REGISTERED_STATUSES : ['publish'];
    if (requested.length === 0 || requested.some((status) => !allowed.includes(status))) throw invalidParam('status');
    return requested;
  }

  async validateList(query: LinkedRecordListQuery, caller: Caller | null): Promise<void> {
    const invalid: Record<string, InvalidParam> = {};
    try {
      this.listStatuses(query, caller);
    } catch {
      invalid.status = { message: 'Invalid parameter.' };
    }
    if (query.event !== undefined && !(await this.posts.exists('event', query.event))) invalid.event = { message: 'Invalid parameter.' };
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  async validateWrite(input: LinkedRecordInput, caller: Caller | null): Promise<void> {
    const invalid: Record<string, InvalidParam> = {};
    for (const field of ['date', 'date_utc'] as const) {
      const value = input[field];
      if (value === undefined) continue;
      try {
        parseDateInput(value, new Date(), this.settings.timezone);
      } catch (error) {
        if (!(error instanceof DateParseError)) throw error;
        invalid[field] = { message: 'Invalid parameter.' };
      }
    }
    const website = input.website;
    if (typeof website === 'string' && website !== '' && !isAbsoluteUrl(website)) invalid.website = { message: 'Invalid parameter.' };
    if (input.author !== undefined && !(await this.users.get(input.author))) invalid.author = { message: 'Invalid parameter.' };
    const imageProblem = await this.checkImage(input.image, caller);
    if (imageProblem) invalid.image = { message: imageProblem };
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  // Operations.

  async list(query: LinkedRecordListQuery, caller: Caller | null, window: PageWindow): Promise<{ rows: LinkedRecordRow[]; total: number; statuses: string[] }> {
    const statuses = this.listStatuses(query, caller);
    const filter: LinkedRecordFilter = {
      statuses,
      // Others' non-public records only for those who may edit them (quirk #22 fixed).
      ...(can(caller, this.capability('edit_others')) ? {} : { restrictTo: { authorId: caller?.id ?? null } }),
      ...(query.search !== undefined ? { search: query.search } : {}),
      ...(query.event !== undefined ? { eventId: query.event } : {}),
      ...(query.has_events !== undefined ? { hasEvents: query.has_events } : {}),
      ...(query.only_with_upcoming ? { upcomingAfter: nowUtc() } : {}),
    };
    const [rows, total] = await Promise.all([this.repository.list(filter, window.perPage, window.offset), this.repository.count(filter)]);
    if (rows.length === 0 && window.page > 1) throw new ApiError(this.definition.errors.pageNotFound);
    return { rows, total, statuses };
  }

  /** A record the caller may read, and whether they may see its protected details. */
  async read(ref: RecordRef, caller: Caller | null, access: Access): Promise<{ row: LinkedRecordRow; entitled: boolean }> {
    const row = await this.find(ref);
    if (!canOnRecord(caller, 'read', this.definition.postType, this.owned(row))) throw new ApiError(this.definition.errors.notAccessible);
    return { row, entitled: this.entitled(row, caller, access) };
  }

  entitled(row: LinkedRecordRow, caller: Caller | null, access: Access): boolean {
    return (
      row.post.password === '' ||
      passwordMatches(access.password, row.post.password) ||
      (access.context === 'edit' && canOnRecord(caller, 'edit', this.definition.postType, this.owned(row)))
    );
  }

  /**
   * Creates a record, or reuses a non-trashed one of the same name (and description, when given)
   * that the caller may edit, writing the given details onto it, as the original does (quirk #26).
   */
  async create(input: LinkedRecordInput, caller: Caller, language: string): Promise<LinkedRecordRow> {
    const name = this.cleanName(input[this.definition.nameField]);
    const description = input.description === undefined || input.description === null ? undefined : this.html(input.description, caller);
    const duplicate = await this.repository.findDuplicate(name, description);
    if (duplicate && canOnRecord(caller, 'edit', this.definition.postType, this.owned(duplicate))) {
      const { [this.definition.nameField]: _name, description: _description, status: _status, ...details } = input;
      return this.update({ id: duplicate.post.id }, details, caller);
    }

    const now = nowUtc();
    const authorId = this.authorFor(input.author, caller);
    const dateUtc = this.publicationDate(input) ?? now;
    const status = scheduledStatus(scaleBackStatus(input.status, this.canPublish(caller)), dateUtc, now);
    const post: NewPost = {
      type: this.definition.type,
      author_id: authorId,
      status,
      slug: '',
      title: name,
      content: description ?? '',
      excerpt: '',
      password: input.post_password ?? '',
      parent_id: 0,
      menu_order: 0,
      image_id: await this.imageId(input.image),
      language,
      date_local: utcToZoned(dateUtc, this.settings.timezone),
      date_utc: dateUtc,
      modified_local: utcToZoned(now, this.settings.timezone),
      modified_utc: now,
      global_id_lineage: null,
    };
    const meta = { ...this.defaults(), ...this.metaChanges(input as Record<string, unknown>) };
    const id = await this.withUniqueSlug(slugify(name) || this.definition.type, (slug) => this.repository.create({ ...post, slug }, meta));
    return this.find({ id });
  }

  /** Partial on POST, PUT and PATCH alike (decisions.md): what is not sent keeps its value. */
  async update(ref: RecordRef, input: LinkedRecordInput, caller: Caller): Promise<LinkedRecordRow> {
    const row = await this.find(ref);
    this.requireOnRecord(caller, 'edit', row);
    const now = nowUtc();
    const changes: Partial<NewPost> = { modified_utc: now, modified_local: utcToZoned(now, this.settings.timezone) };
    const name = input[this.definition.nameField];
    if (name !== undefined) changes.title = this.cleanName(name);
    if (input.description !== undefined) changes.content = input.description === null ? '' : this.html(input.description, caller);
    if (input.author !== undefined) changes.author_id = this.authorFor(input.author, caller);
    if (input.image !== undefined) changes.image_id = await this.imageId(input.image);
    if (input.post_password !== undefined) changes.password = input.post_password ?? '';
    const dateUtc = this.publicationDate(input);
    if (dateUtc !== undefined) {
      changes.date_utc = dateUtc;
      changes.date_local = utcToZoned(dateUtc, this.settings.timezone);
    }
    if (input.status !== undefined || dateUtc !== undefined) {
      const requested = input.status ?? (row.post.status === 'future' ? 'publish' : row.post.status);
      changes.status = scheduledStatus(scaleBackStatus(requested, this.canPublish(caller)), dateUtc ?? row.post.date_utc, now);
    }
    await this.repository.update(row.post.id, changes, this.metaChanges(input as Record<string, unknown>));
    return this.find({ id: row.post.id });
  }

  /**
   * Moves the record to the trash and answers with it as it is then; `force` removes it for good
   * and answers with it as it was (additive: the original could only trash).
   */
  async remove(ref: RecordRef, caller: Caller, force: boolean): Promise<LinkedRecordRow> {
    const row = await this.find(ref);
    this.requireOnRecord(caller, 'delete', row);
    if (force) {
      await this.repository.remove(row.post.id);
      return row;
    }
    if (row.post.status === 'trash') throw new ApiError(this.definition.errors.inTrash);
    const now = nowUtc();
    const trashed = { status: 'trash', modified_utc: now, modified_local: utcToZoned(now, this.settings.timezone) };
    if (row.post.slug === '') await this.repository.update(row.post.id, trashed, {});
    else await this.withUniqueSlug(`${row.post.slug}__trashed`, (slug) => this.repository.update(row.post.id, { ...trashed, slug }, {}));
    return this.find({ id: row.post.id });
  }

  private owned(row: LinkedRecordRow) {
    return { authorId: row.post.author_id, status: row.post.status };
  }

  private requireOnRecord(caller: Caller, action: 'edit' | 'delete', row: LinkedRecordRow): void {
    if (!canOnRecord(caller, action, this.definition.postType, this.owned(row))) throw new ApiError('rest_forbidden', { status: 403 });
  }

  /** Venues and organizers follow the events' publish capability, as the original (wire-format 5.1). */
  private canPublish(caller: Caller): boolean {
    return can(caller, 'publish_tribe_events');
  }

  private authorFor(requested: number | undefined, caller: Caller): number {
    if (requested === undefined || requested === caller.id) return caller.id;
    // Writing as someone else needs the right to edit others' records (quirk #23 fixed).
    if (!can(caller, this.capability('edit_others'))) throw new ApiError('rest_cannot_edit_others');
    return requested;
  }

  private cleanName(name: unknown): string {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (trimmed === '') throw invalidParam(this.definition.nameField);
    return trimmed;
  }

  private html(text: string, caller: Caller): string {
    return filterPostHtml(text, can(caller, 'unfiltered_html'));
  }

  /** `date_utc` wins over `date`; naive `date` values are site-local, naive `date_utc` values UTC. */
  private publicationDate(input: LinkedRecordInput): string | undefined {
    const now = new Date();
    if (input.date_utc !== undefined) return instantOf(parseDateInput(input.date_utc, now, 'UTC'), 'UTC');
    if (input.date !== undefined) return instantOf(parseDateInput(input.date, now, this.settings.timezone), this.settings.timezone);
    return undefined;
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

  /** Why `image` is unusable, or undefined when it is fine: a known image id, or an image URL. */
  private async checkImage(image: unknown, caller: Caller | null): Promise<string | undefined> {
    if (image === undefined || image === null || image === '') return undefined;
    if (typeof image === 'number' || /^\d+$/.test(String(image))) {
      return (await this.images.get(Number(image))) ? undefined : 'No image with this ID.';
    }
    if (!isAbsoluteUrl(String(image))) return 'The image must be an image ID or an http(s) URL.';
    // A new URL adds to the media library, which WordPress allows only with `upload_files`.
    return can(caller, 'upload_files') ? undefined : 'Sorry, you are not allowed to add images.';
  }

  private async imageId(image: unknown): Promise<number | null> {
    if (image === undefined || image === null || image === '') return null;
    if (typeof image === 'number' || /^\d+$/.test(String(image))) return Number(image);
    const url = String(image);
    const extension = IMAGE_EXTENSION.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
    return (await this.images.ensure(url, extension, nowUtc())).id;
  }

  /** Runs `write` with the first free slug from `base`; the unique index settles races between nodes. */
  private async withUniqueSlug<T>(base: string, write: (slug: string) => Promise<T>): Promise<T> {
    for (let attempt = 1; attempt <= MAX_SLUG_ATTEMPTS; attempt++) {
      const slug = suffixedSlug(base, attempt);
      if (await this.repository.slugTaken(slug)) continue;
      try {
        return await write(slug);
      } catch (error) {
        if (!this.storage.dialect.isUniqueViolation(error)) throw error;
      }
    }
    throw new ApiError('rest_bad_request', { args: [`no free slug for "${base}"`] });
  }
}

export function isAbsoluteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
