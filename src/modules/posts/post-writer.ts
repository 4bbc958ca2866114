import { can, type Caller } from '../../auth/roles.ts';
import { nowUtc } from '../../clock.ts';
import { filterPostHtml } from '../../content/html.ts';
import { DateParseError, instantOf, parseDateInput } from '../../dates/parse.ts';
import { utcToZoned } from '../../dates/zones.ts';
import { ApiError, type InvalidParam } from '../../errors.ts';
import { scaleBackStatus, scheduledStatus } from './post-rules.ts';
import { slugify, firstFreeSlug } from '../../slugs.ts';
import type { Storage } from '../../storage/database.ts';
import { ImagesRepository } from '../../storage/repositories/images.repository.ts';
import { UsersRepository } from '../../storage/repositories/users.repository.ts';
import type { NewPost } from '../../storage/repositories/linked-records.repository.ts';
import { storableId, type PostType } from '../../storage/tables.ts';

/** The fields every post-like record writes the same way. */
export interface CommonPostInput {
  author?: number;
  date?: string | number;
  date_utc?: string | number;
  image?: string | number | null;
  website?: string | null;
}

export interface ServiceSettings {
  /** Site time zone: post dates are stored in it besides UTC, and naive dates are read in it. */
  readonly timezone: string;
}

const IMAGE_EXTENSION = /\.([A-Za-z0-9]{2,5})$/;
const INVALID: InvalidParam = { message: 'Invalid parameter.' };

export function isAbsoluteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Writing rules shared by events, venues and organizers: dates, authors, images, slugs, HTML. */
export class PostWriter {
  private readonly images: ImagesRepository;
  private readonly users: UsersRepository;

  constructor(
    private readonly storage: Storage,
    readonly settings: ServiceSettings,
  ) {
    this.images = new ImagesRepository(storage.db);
    this.users = new UsersRepository(storage.db);
  }

  /** Problems with the shared fields, for the validators that run before the permission check. */
  async validate(input: CommonPostInput, caller: Caller | null): Promise<Record<string, InvalidParam>> {
    const invalid: Record<string, InvalidParam> = {};
    for (const field of ['date', 'date_utc'] as const) {
      const value = input[field];
      if (value !== undefined && !this.parses(value)) invalid[field] = INVALID;
    }
    if (typeof input.website === 'string' && input.website !== '' && !isAbsoluteUrl(input.website)) invalid.website = INVALID;
    if (input.author !== undefined && !(await this.users.get(input.author))) invalid.author = INVALID;
    const imageProblem = await this.imageProblem(input.image, caller);
    if (imageProblem) invalid.image = { message: imageProblem };
    return invalid;
  }

  parses(value: string | number, zone = this.settings.timezone): boolean {
    try {
      parseDateInput(value, new Date(), zone);
      return true;
    } catch (error) {
      if (error instanceof DateParseError) return false;
      throw error;
    }
  }

  /** `date_utc` wins over `date`; naive `date` values are site-local, naive `date_utc` values UTC. */
  publicationDate(input: CommonPostInput): string | undefined {
    const now = new Date();
    if (input.date_utc !== undefined) return instantOf(parseDateInput(input.date_utc, now, 'UTC'), 'UTC');
    if (input.date !== undefined) return instantOf(parseDateInput(input.date, now, this.settings.timezone), this.settings.timezone);
    return undefined;
  }

  /**
   * The status a write ends with: scaled back for those who may not publish (venues and organizers
   * follow the events' publish capability too, wire-format 5.1), `future` when scheduled.
   */
  statusFor(requested: string | undefined, caller: Caller, dateUtc: string): string {
    return scheduledStatus(scaleBackStatus(requested, can(caller, 'publish_tribe_events')), dateUtc, nowUtc());
  }

  /** On update, a new status or a new publication date decide the status and dates again; else nothing changes. */
  republication(input: CommonPostInput & { status?: string }, current: { status: string; date_utc: string }, caller: Caller): { status?: string; date_local?: string; date_utc?: string } {
    const dateUtc = this.publicationDate(input);
    if (input.status === undefined && dateUtc === undefined) return {};
    const requested = input.status ?? (current.status === 'future' ? 'publish' : current.status);
    return {
      status: this.statusFor(requested, caller, dateUtc ?? current.date_utc),
      ...(dateUtc !== undefined ? { date_local: this.siteDates(dateUtc).local, date_utc: dateUtc } : {}),
    };
  }

  /** A post row as a create writes it: the given fields, its publication and modification dates, no slug yet, no import lineage. */
  newPost(fields: Omit<NewPost, 'slug' | 'date_local' | 'date_utc' | 'modified_local' | 'modified_utc' | 'global_id_lineage'>, dateUtc: string): NewPost {
    const dates = this.siteDates(dateUtc);
    return { ...fields, slug: '', date_local: dates.local, date_utc: dates.utc, ...this.modifiedNow(), global_id_lineage: null };
  }

  /** A UTC instant with its site-local twin, as posts store `date`/`date_utc`. */
  siteDates(utc: string): { local: string; utc: string } {
    return { local: utcToZoned(utc, this.settings.timezone), utc };
  }

  modifiedNow(): { modified_local: string; modified_utc: string } {
    const { local, utc } = this.siteDates(nowUtc());
    return { modified_local: local, modified_utc: utc };
  }

  /** Writing as someone else needs the right to edit others' records (quirk #23 fixed). */
  authorFor(requested: number | undefined, caller: Caller, editOthers: string): number {
    if (requested === undefined || requested === caller.id) return caller.id;
    if (!can(caller, editOthers)) throw new ApiError('rest_cannot_edit_others');
    return requested;
  }

  html(text: string, caller: Caller): string {
    return filterPostHtml(text, can(caller, 'unfiltered_html'));
  }

  /** Why `image` is unusable, or undefined when it is fine: a known image id, or an image URL. */
  private async imageProblem(image: unknown, caller: Caller | null): Promise<string | undefined> {
    if (image === undefined || image === null || image === '') return undefined;
    if (typeof image === 'number' || /^\d+$/.test(String(image))) {
      const id = storableId(image);
      return id !== undefined && (await this.images.get(id)) ? undefined : 'No image with this ID.';
    }
    if (!isAbsoluteUrl(String(image))) return 'The image must be an image ID or an http(s) URL.';
    // A new URL adds to the media library, which WordPress allows only with `upload_files`.
    return can(caller, 'upload_files') ? undefined : 'Sorry, you are not allowed to add images.';
  }

  /** The image id for `image`: an id as given, a URL registered on first use, nothing for empty. */
  async imageId(image: unknown): Promise<number | null> {
    if (image === undefined || image === null || image === '') return null;
    // Validated before the permission check: a numeric image is a known, storable id.
    if (typeof image === 'number' || /^\d+$/.test(String(image))) return storableId(image)!;
    const url = String(image);
    const extension = IMAGE_EXTENSION.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
    return (await this.images.ensure(url, extension, nowUtc())).id;
  }

  /**
   * Runs `write` with the first free slug from `base` (`base`, `base-2`, `base-3`...), found with one
   * query however many are taken. Writes run in a unit of work (Storage.unitOfWork), which makes
   * the choice and the write one step: SQLite has one writer at a time, and on PostgreSQL a
   * concurrent writer that took the same slug makes the unit run again from a view that sees it.
   */
  async withUniqueSlug<T>(type: PostType, base: string, write: (slug: string) => Promise<T>): Promise<T> {
    return write(await this.firstFreeSlug(type, base));
  }

  /** The slug a name gives, or the type's name when the name has no letters or digits. */
  slugFor(name: string, type: PostType): string {
    return slugify(name) || type;
  }

  /** Moves a record to the trash: status `trash` and the slug suffixed `__trashed`, as WordPress. */
  async trash(type: PostType, slug: string, update: (changes: { status: string; slug?: string; modified_local: string; modified_utc: string }) => Promise<void>): Promise<void> {
    const trashed = { status: 'trash', ...this.modifiedNow() };
    if (slug === '') await update(trashed);
    else await this.withUniqueSlug(type, `${slug}__trashed`, (candidate) => update({ ...trashed, slug: candidate }));
  }

  private async firstFreeSlug(type: PostType, base: string): Promise<string> {
    const rows = await this.storage.db.selectFrom('posts').select('slug').where('type', '=', type).where(this.storage.dialect.slugFamily('slug', base)).execute();
    return firstFreeSlug(base, new Set(rows.map((row) => row.slug)));
  }
}
