import { can, type Caller } from '../../auth/roles.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import type { TextFilter } from '../../content/text-filter.ts';
import { DateParseError, instantOf, parseDateInput, type ParsedDate } from '../../dates/parse.ts';
import { ApiError, typeMismatch, type InvalidParam } from '../../errors.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { ImagesRepository } from '../../storage/repositories/images.repository.ts';
import type { NewPost } from '../../storage/repositories/post-records.repository.ts';
import type { UsersRepository } from '../../storage/repositories/users.repository.ts';
import { storableId } from '../../storage/tables.ts';
import { modifiedAt, newPostRow, siteDates, writtenStatus, type NewPostFields } from './post-rows.ts';

/** The fields every post-like record writes the same way. */
export interface CommonPostInput {
  author?: number;
  date?: string | number;
  date_utc?: string | number;
  image?: string | number | null;
  website?: string | null;
}

export interface SiteSettings {
  /** Site time zone: post dates are stored in it besides UTC, and naive dates are read in it. */
  readonly timezone: string;
}

const IMAGE_EXTENSION = /\.([A-Za-z0-9]{2,5})$/;

/** The file extension an image URL ends with, lower-cased; empty when it has none. */
export const imageExtension = (url: string): string =>
  IMAGE_EXTENSION.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
const INVALID: InvalidParam = { message: 'Invalid parameter.' };

export function isAbsoluteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch (error) {
    // The URL parser's only refusal; anything else is no answer about the value.
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/**
 * `value` read as a date for `field`, or why it is none, in words a person can act on (the code and
 * status stay the original's `rest_invalid_param`).
 */
export function readDateInput(
  field: string,
  value: string | number,
  now: Date,
  zone: string,
): { readonly parsed: ParsedDate } | { readonly problem: InvalidParam } {
  try {
    return { parsed: parseDateInput(value, now, zone) };
  } catch (error) {
    if (!(error instanceof DateParseError)) throw error;
    const given = JSON.stringify(value);
    return {
      problem: {
        message:
          error.reason === 'no such date'
            ? `${field}: there is no such day as ${given} in the calendar.`
            : `${field}: expected a date such as 2027-05-01 19:00 or a relative phrase such as "tomorrow 18:00"; got ${given}.`,
      },
    };
  }
}

/** Why `value` is no date for `field` (readDateInput); undefined when it is one. */
export function dateInputProblem(
  field: string,
  value: string | number,
  now: Date,
  zone: string,
): InvalidParam | undefined {
  const read = readDateInput(field, value, now, zone);
  return 'problem' in read ? read.problem : undefined;
}

/** Writing rules shared by events, venues and organizers: dates, authors, images, text. */
export class PostWriter {
  constructor(
    private readonly images: ImagesRepository,
    private readonly users: UsersRepository,
    readonly site: SiteSettings,
    readonly clock: Clock,
    /** Caller-given text as it is stored: titles, names, fields and descriptions. */
    readonly text: TextFilter,
  ) {}

  /** Problems with the shared fields, for the validators that run before the permission check. */
  async validate(tx: ReadTx, input: CommonPostInput, caller: Caller | null): Promise<Record<string, InvalidParam>> {
    const invalid: Record<string, InvalidParam> = {};
    for (const field of ['date', 'date_utc'] as const) {
      const value = input[field];
      const problem = value === undefined ? undefined : this.dateProblem(field, value);
      if (problem) invalid[field] = problem;
    }
    if (typeof input.website === 'string' && input.website !== '' && !isAbsoluteUrl(input.website))
      invalid.website = INVALID;
    if (input.author !== undefined && !(await this.users.get(tx, input.author))) invalid.author = INVALID;
    const imageProblem = await this.imageProblem(tx, input.image, caller);
    if (imageProblem) invalid.image = { message: imageProblem };
    return invalid;
  }

  /**
   * dateInputProblem at the clock's time; naive values read in `zone`. A date is a string, as the
   * original's schema types it: a JSON number is refused with WordPress' type error rather than read
   * as a Unix timestamp (`12345` was stored as 1970-01-01); a timestamp is sent as digits in a string.
   * The schemas let numbers through to here (a string type would have them coerced to strings first).
   */
  dateProblem(field: string, value: string | number, zone = this.site.timezone): InvalidParam | undefined {
    const read = this.readDate(field, value, zone);
    return 'problem' in read ? read.problem : undefined;
  }

  /** `dateProblem`, answering the date read when it is one (a write that checks it first uses it: issue 45). */
  readDate(
    field: string,
    value: string | number,
    zone = this.site.timezone,
  ): { readonly parsed: ParsedDate } | { readonly problem: InvalidParam } {
    if (typeof value === 'number') return { problem: typeMismatch(field, `${field} is not of type string.`) };
    return readDateInput(field, value, this.clock.now(), zone);
  }

  nowUtc(): string {
    return nowUtc(this.clock);
  }

  /** `date_utc` wins over `date`; naive `date` values are site-local, naive `date_utc` values UTC. */
  publicationDate(input: CommonPostInput): string | undefined {
    const now = this.clock.now();
    if (input.date_utc !== undefined) return instantOf(parseDateInput(input.date_utc, now, 'UTC'), 'UTC');
    if (input.date !== undefined)
      return instantOf(parseDateInput(input.date, now, this.site.timezone), this.site.timezone);
    return undefined;
  }

  /** The status a write ends with (post-rows.ts `writtenStatus`), for this caller and now. */
  statusFor(requested: string | undefined, caller: Caller, dateUtc: string): string {
    return writtenStatus(requested, can(caller, 'publish_tribe_events'), dateUtc, this.nowUtc());
  }

  /** On update, a new status or a new publication date decide the status and dates again; else nothing changes. */
  republication(
    input: CommonPostInput & { status?: string },
    current: { status: string; date_utc: string },
    caller: Caller,
  ): Partial<Pick<NewPost, 'status' | 'date_local' | 'date_utc'>> {
    const dateUtc = this.publicationDate(input);
    if (input.status === undefined && dateUtc === undefined) return {};
    const requested = input.status ?? (current.status === 'future' ? 'publish' : current.status);
    return {
      status: this.statusFor(requested, caller, dateUtc ?? current.date_utc),
      ...(dateUtc !== undefined ? { date_local: siteDates(dateUtc, this.site.timezone).local, date_utc: dateUtc } : {}),
    };
  }

  /** A post row as a create writes it now. */
  newPost(fields: NewPostFields, dateUtc: string): NewPost {
    return newPostRow(fields, dateUtc, this.nowUtc(), this.site.timezone);
  }

  modifiedNow(): Pick<NewPost, 'modified_local' | 'modified_utc'> {
    return modifiedAt(this.nowUtc(), this.site.timezone);
  }

  /** Writing as someone else needs the right to edit others' records (quirk #23 fixed). */
  authorFor(requested: number | undefined, caller: Caller, editOthers: string): number {
    if (requested === undefined || requested === caller.id) return caller.id;
    if (!can(caller, editOthers)) throw new ApiError('rest_cannot_edit_others');
    return requested;
  }

  /** Why `image` is unusable, or undefined when it is fine: a known image id, or an image URL. */
  private async imageProblem(
    tx: ReadTx,
    image: CommonPostInput['image'],
    caller: Caller | null,
  ): Promise<string | undefined> {
    if (image === undefined || image === null || image === '') return undefined;
    if (typeof image === 'number' || /^\d+$/.test(String(image))) {
      const id = storableId(image);
      return id !== undefined && (await this.images.get(tx, id, { toLink: true }))
        ? undefined
        : 'No image with this ID.';
    }
    if (!isAbsoluteUrl(String(image))) return 'The image must be an image ID or an http(s) URL.';
    // A new URL adds to the media library, which WordPress allows only with `upload_files`.
    return can(caller, 'upload_files') ? undefined : 'Sorry, you are not allowed to add images.';
  }

  /** The image id for `image`: an id as given, a URL registered on first use, nothing for empty. */
  async imageId(tx: WriteTx, image: CommonPostInput['image']): Promise<number | null> {
    if (image === undefined || image === null || image === '') return null;
    // Validated before the permission check: a numeric image is a known, storable id.
    if (typeof image === 'number' || /^\d+$/.test(String(image))) return storableId(image)!;
    const url = String(image);
    return (await this.images.ensure(tx, url, imageExtension(url), this.nowUtc())).id;
  }
}
