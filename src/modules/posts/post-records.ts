import type { Caller, PostTypeCapability } from '../../auth/roles.ts';
import { ApiError, type ErrorCode } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import { claimFreeSlug, slugify } from '../../slugs.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type {
  NewPost,
  PostRecord,
  PostRecordsRepository,
  PostRow,
  WrittenRecord,
} from '../../storage/repositories/post-records.repository.ts';
import type { PostText } from '../../storage/repositories/translations.repository.ts';
import type { PostType } from '../../storage/tables.ts';
import type { LocalizablePost, Localized, PostTranslations } from '../translations/translations.ts';
import {
  ANY_STATUS,
  archiveScopeOf,
  entitledToPost,
  inEditContext,
  mayOnPost,
  requireOnPost,
  type Access,
  type ArchiveScope,
  type PostFacts,
} from './post-rules.ts';
import { importedDates, type ImportedPlacement } from './post-rows.ts';
import type { PostWriter } from './post-writer.ts';

/** Records of a type per status, for the admin's tabs. */
export type StatusCounts = Record<'all' | 'publish' | 'future' | 'draft' | 'pending' | 'private' | 'trash', number>;

/** How a record is addressed: `/{collection}/{id}` or `/{collection}/by-slug/{slug}`. */
export type RecordRef = { readonly id: number } | { readonly slug: string };

/** The record types built on posts, as the base needs to know them. */
export interface PostTypeFacts {
  readonly type: PostType;
  /** The WordPress post type: capability names. */
  readonly capability: PostTypeCapability;
}

/** Who may see which records of an archive (wire-format 4.1.4, quirk #22 fixed). */

/** Where a new record goes: its slug's base (none: no slug yet), and an explicit id and dates. */
export interface NewRecordPlace {
  readonly slugBase?: string;
  /** An importer's source id and dates, or an occurrence's id given to the event detached or split off there. */
  readonly placement?: Pick<ImportedPlacement, 'id' | 'published' | 'modified'>;
}

/** What inserts a record's rows: its repository, whose `create` may answer more (events: the occurrence row). */
export interface RecordCreator<Fields, Written extends WrittenRecord<Fields>> {
  create(tx: WriteTx, post: NewPost & { readonly id?: number }, fields: Fields): Promise<Written>;
}

export interface RemovalRules<Fields> {
  /** Answered when a record already in the trash is trashed again. */
  readonly inTrash: ErrorCode;
  /** Runs before the record leaves for the trash or for good (events leave their terms' counts). */
  readonly beforeLeaving?: (tx: WriteTx, row: PostRecord<Fields>) => Promise<void>;
}

/**
 * What every post-like record does the same way: lookups by id or slug (translated slugs too), the
 * request's language, translated text, slugs, trash and removal, archive scope and entitlement.
 * Events, venues and organizers each hold one and add their own fields and rules.
 */
export class PostRecords<Fields> {
  constructor(
    readonly facts: PostTypeFacts,
    readonly repository: PostRecordsRepository<Fields>,
    private readonly translations: PostTranslations,
    readonly writer: PostWriter,
  ) {}

  /** The record an id or slug names (a slug: the original one, or the one translated into `language`). */
  async lookup(tx: ReadTx, ref: RecordRef, language?: LanguageCode): Promise<PostRecord<Fields> | undefined> {
    if ('id' in ref) return this.repository.get(tx, ref.id);
    const original = await this.repository.findBySlug(tx, ref.slug);
    if (original || !language) return original;
    const id = await this.translations.bySlug(tx, this.facts.type, language, ref.slug);
    return id === undefined ? undefined : this.repository.get(tx, id);
  }

  localize<R extends { readonly post: LocalizablePost }>(
    tx: ReadTx,
    rows: readonly R[],
    language: LanguageCode,
  ): Promise<Localized<R>[]> {
    return this.translations.localize(tx, rows, language);
  }

  /** Rows with their text in `language`, without the language facts (PostTranslations.textIn). */
  textIn<R extends { readonly post: LocalizablePost }>(
    tx: ReadTx,
    rows: readonly R[],
    language: LanguageCode,
  ): Promise<readonly R[]> {
    return this.translations.textIn(tx, rows, language);
  }

  /** Rows with only their title in `language` (PostTranslations.titles). */
  titles<R extends { readonly post: Pick<PostRow, 'id' | 'language' | 'title'> }>(
    tx: ReadTx,
    rows: readonly R[],
    language: LanguageCode,
  ): Promise<Localized<R>[]> {
    return this.translations.titles(tx, rows, language);
  }

  async localized(tx: ReadTx, row: PostRecord<Fields>, language: LanguageCode): Promise<Localized<PostRecord<Fields>>> {
    return (await this.translations.localize(tx, [row], language))[0]!;
  }

  /**
   * The record its unit has just created, in `language`, as its inserts returned it: nothing later
   * in a create changes its rows, and it has no translation yet. Undefined when it shows an image,
   * which the insert names only by id: read it back then.
   */
  created<R extends WrittenRecord<Fields>>(
    written: R,
    language: LanguageCode,
  ): Localized<R & { readonly image: null }> | undefined {
    return written.post.image_id === null
      ? this.translations.untranslated({ ...written, image: null }, language)
      : undefined;
  }

  /** The record as it is now, in `language` (after a write). */
  async reread(tx: ReadTx, id: number, language: LanguageCode): Promise<Localized<PostRecord<Fields>>> {
    return this.localized(tx, (await this.repository.get(tx, id))!, language);
  }

  /** Localized records by id, in one query each for the rows and their translations. */
  async localizedMany(
    tx: ReadTx,
    ids: readonly number[],
    language: LanguageCode,
  ): Promise<Localized<PostRecord<Fields>>[]> {
    return this.localize(tx, await this.repository.getMany(tx, ids), language);
  }

  mayRead(caller: Caller | null, row: { readonly post: PostFacts }): boolean {
    return mayOnPost(caller, 'read', this.facts.capability, row.post);
  }

  entitled(row: { readonly post: PostFacts }, caller: Caller | null, access: Access): boolean {
    return entitledToPost(caller, this.facts.capability, row.post, access);
  }

  /** Whether the record is shown in the edit context, its password included (decision 0079). */
  inEditContext(row: PostRecord<Fields>, caller: Caller | null, access: Access): boolean {
    return inEditContext(caller, this.facts.capability, row.post, access);
  }

  /** Throws `rest_invalid_param` for a `status` filter the caller may not use. */
  archiveScope(requested: readonly string[] | undefined, caller: Caller | null): ArchiveScope {
    return archiveScopeOf(requested, caller, this.facts.capability);
  }

  /**
   * The admin's status tabs (decision 0045): how many records of each status the caller's archive
   * lists with that `status` filter (others' unpublished records only for those who may edit them),
   * and `all`, every status but the trash, as WordPress' "All" tab.
   */
  async statusCounts(tx: ReadTx, caller: Caller | null): Promise<StatusCounts> {
    const { restrictTo } = this.archiveScope(undefined, caller);
    const counts = await this.repository.countByStatus(tx, restrictTo);
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
   * Whether `archiveScope` refuses this `status` filter to the caller (a list's validator names the
   * parameter); any other failure is no invalid parameter and propagates.
   */
  refusesStatuses(requested: readonly string[] | undefined, caller: Caller | null): boolean {
    try {
      this.archiveScope(requested, caller);
      return false;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'rest_invalid_param') return true;
      throw error;
    }
  }

  /**
   * The first free slug from `base` (`base`, `base-2`, `base-3`...), looked up by exact slugs and
   * claimed by a lock on that slug alone (claimFreeSlug): a unit choosing the same slug meanwhile
   * waits and takes the next (decisions 0081, 0101).
   */
  uniqueSlug(tx: WriteTx, base: string): Promise<string> {
    return claimFreeSlug(
      base,
      (candidates) => this.repository.slugsTaken(tx, candidates),
      (slug) => this.repository.lockSlug(tx, slug),
    );
  }

  /**
   * Inserts a new record with `creator` (the type's repository, typed as it answers): its post
   * with a unique slug from `place.slugBase` (none: an empty slug) and the placement's id and
   * dates, and its own row with `fields`. Answers what `creator` wrote.
   */
  async insert<Written extends WrittenRecord<Fields>>(
    tx: WriteTx,
    creator: RecordCreator<Fields, Written>,
    post: Omit<NewPost, 'slug'>,
    fields: Fields,
    place: NewRecordPlace,
  ): Promise<Written> {
    const slug = place.slugBase === undefined ? '' : await this.uniqueSlug(tx, this.slugBase(place.slugBase));
    const id = place.placement?.id;
    return creator.create(
      tx,
      { ...post, ...importedDates(place.placement), slug, ...(id === undefined ? {} : { id }) },
      fields,
    );
  }

  /** The slug a name gives, or the type's name when the name has no letters or digits. */
  slugBase(name: string): string {
    return slugify(name) || this.facts.type;
  }

  /**
   * Text written in the record's original language changes the post (returned, to write with the
   * other changes); in another language it goes to that language's translation, written here.
   * A `slug` in the original language is the caller's to handle (it needs a unique slug).
   */
  async textChanges(
    tx: WriteTx,
    row: PostRecord<Fields>,
    language: LanguageCode,
    text: PostText,
  ): Promise<Partial<Pick<NewPost, 'title' | 'content' | 'excerpt'>>> {
    const { slug: _slug, ...postText } = text;
    if (row.post.language === language) return postText as Partial<Pick<NewPost, 'title' | 'content' | 'excerpt'>>;
    if (Object.values(text).some((value) => value !== undefined))
      await this.translations.write(tx, this.facts.type, row.post.id, language, text);
    return {};
  }

  /**
   * Trash (answering with the record as trashed), or with `force` a permanent removal answering
   * with the record as it was (additive). Asked explicitly in a language other than the record's
   * original one, removes only that translation (additive).
   */
  async remove(
    tx: WriteTx,
    row: PostRecord<Fields>,
    request: {
      readonly caller: Caller;
      readonly force: boolean;
      readonly language: LanguageCode;
      readonly explicitLanguage: boolean;
    },
    rules: RemovalRules<Fields>,
  ): Promise<Localized<PostRecord<Fields>>> {
    const { caller, force, language } = request;
    if (request.explicitLanguage && row.post.language !== language) {
      requireOnPost(caller, 'edit', this.facts.capability, row.post);
      if (!(await this.translations.remove(tx, row.post.id, language))) throw new ApiError('translation-not-found');
      return this.localized(tx, row, language);
    }
    requireOnPost(caller, 'delete', this.facts.capability, row.post);
    if (!force && row.post.status === 'trash') throw new ApiError(rules.inTrash);
    await rules.beforeLeaving?.(tx, row);
    if (force) {
      const before = await this.localized(tx, row, language);
      await this.repository.remove(tx, row.post.id);
      return before;
    }
    // Status `trash` and the slug suffixed `__trashed`, as WordPress.
    const slug = row.post.slug === '' ? {} : { slug: await this.uniqueSlug(tx, `${row.post.slug}__trashed`) };
    await this.repository.update(tx, row.post.id, { status: 'trash', ...slug, ...this.writer.modifiedNow() }, {});
    return this.reread(tx, row.post.id, language);
  }
}
