import { isRole, type Role } from '../../auth/roles.ts';
import { EMAIL_PATTERN, LOGIN_PATTERN } from '../../auth/users.service.ts';
import { isLanguageCode, type LanguageCode } from '../../languages.ts';
import type { ImportedImage } from '../../storage/repositories/images.repository.ts';
import type { TecImportKind } from '../../storage/tables.ts';
import type { SourceDate } from '../posts/post-rows.ts';
import { SETTABLE_STATUSES } from '../posts/post-rules.ts';
import { imageExtension, isAbsoluteUrl } from '../posts/post-writer.ts';

/*
 * What a The Events Calendar site sends (wire-format 2.1-2.8) read as this service's input, with
 * the fixes real sites need (decision 0030). Pure functions: the importer decides what to write.
 */

/** A record as the source sent it: JSON, trusted for nothing. */
export type SourceRecord = Readonly<Record<string, unknown>>;

export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const isRecord = (value: unknown): value is SourceRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The record's numeric id, if it has a usable one. */
export function sourceId(record: SourceRecord): number | undefined {
  const id = Number(record.id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  euro: '\u20ac',
  pound: '\u00a3',
  eacute: '\u00e9',
  egrave: '\u00e8',
};
/** `<` and `>` stay encoded: decoded, they would turn a title's text into markup. */
const KEPT_CODES = new Set([60, 62]);

/**
 * A title or name as WordPress' display filters sent it (`&amp;`, `&#8211;`, `&#038;`...), as the
 * text it stands for; `&lt;`/`&gt;` and unknown entities are left as they are.
 */
export function decodeEntities(value: string): string {
  return value.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff && !KEPT_CODES.has(code) ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** The id of the WordPress user who wrote a record (`author`, a string on the wire), if it has a usable one. */
export function sourceAuthor(record: SourceRecord): number | undefined {
  return sourceId({ id: record.author });
}

/**
 * The user to find or make here for a WordPress user (`/wp/v2/users/{id}`): the login (`username`,
 * shown in the edit context, else the `slug`, WordPress' URL-safe form of it), the e-mail when shown,
 * the display name, and the role: the source's first when it is one of this service's, else
 * contributor, the least that may own a post (decision 0030). Undefined when no login fits.
 */
export function userFromSource(
  user: SourceRecord,
): { login: string; email: string; displayName: string; role: Role } | undefined {
  // WordPress' `sanitize_user` allows logins this service does not (spaces): the slug then.
  const login = [text(user.username), text(user.slug)].find((candidate) => LOGIN_PATTERN.test(candidate));
  if (login === undefined) return undefined;
  const role = (Array.isArray(user.roles) ? user.roles.map(text) : []).find(isRole) ?? 'contributor';
  const email = text(user.email);
  return { login, email: EMAIL_PATTERN.test(email) ? email : '', displayName: text(user.name).trim() || login, role };
}

/** A status this service can write, or undefined for those it cannot (trash, inherit, auto-draft, plugin ones). */
export function importableStatus(record: SourceRecord): (typeof SETTABLE_STATUSES)[number] | undefined {
  const status = text(record.status);
  return (SETTABLE_STATUSES as readonly string[]).includes(status)
    ? (status as (typeof SETTABLE_STATUSES)[number])
    : undefined;
}

const WIRE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * WordPress' `0000-00-00 00:00:00`, which it writes for a date a post does not have yet (`date`,
 * `date_utc`, `modified`... of a draft never published): no day of the calendar (issue 36).
 */
const isZeroDate = (date: string): boolean => date.startsWith('0000');

/** A `YYYY-MM-DD HH:MM:SS` date of the record, or undefined when it is missing, malformed or WordPress' zero date. */
export function wireDate(value: unknown): string | undefined {
  const date = text(value);
  return WIRE_DATE.test(date) && !isZeroDate(date) ? date : undefined;
}

/**
 * The record's `modified_utc` as the id map keeps it to tell a changed record: '' (changed, always
 * written) when the record has none, WordPress' zero date included.
 */
export function modifiedUtc(record: SourceRecord): string {
  const modified = text(record.modified_utc);
  return isZeroDate(modified) ? '' : modified;
}

/**
 * The record's publication (`date`, `date_utc`) or modification (`modified`, `modified_utc`) date
 * as sent, site-local and UTC (wire-format 2.1); undefined when either is missing, malformed or
 * WordPress' zero date.
 */
export function sourceDate(record: SourceRecord, field: 'date' | 'modified'): SourceDate | undefined {
  const local = wireDate(record[field]);
  const utc = wireDate(record[`${field}_utc`]);
  return local === undefined || utc === undefined ? undefined : { local, utc };
}

/** The image URL to give the writer, or why the image is left out. */
export function imageUrl(image: unknown): { url: string | null; problem?: string } {
  if (!isRecord(image)) return { url: null };
  const url = text(image.url).trim();
  if (url === '') return { url: null, problem: 'image without a URL left out' };
  return isAbsoluteUrl(url)
    ? { url }
    : { url: null, problem: `image URL ${JSON.stringify(url)} is not an http(s) URL: left out` };
}

/**
 * The id and metadata of a source image at `url` (its usable URL; see `imageUrl`), each left empty
 * when missing or malformed; the extension then the URL's, as for an image given by URL.
 */
export function imageFacts(image: unknown, url: string): ImportedImage {
  const source = isRecord(image) ? image : {};
  const count = (value: unknown) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
  const id = sourceId(source);
  return {
    ...(id === undefined ? {} : { id }),
    extension: /^[a-z0-9]{1,10}$/i.test(text(source.extension))
      ? text(source.extension).toLowerCase()
      : imageExtension(url),
    width: count(source.width),
    height: count(source.height),
    filesize: count(source.filesize),
    sizes_json: isRecord(source.sizes) ? JSON.stringify(source.sizes) : null,
  };
}

/**
 * The cost text to store for the cost the source shows (wire-format 2.8): its range dash back to a
 * hyphen, and the site's default `$` taken off a bare amount the source stored without a symbol
 * (`currency_symbol` ""), so that `cost` and `cost_details` read back the same.
 */
export function storedCost(record: SourceRecord): string {
  const cost = text(record.cost)
    .replace(/\s*\u2013\s*/g, ' - ')
    .trim();
  const details = isRecord(record.cost_details) ? record.cost_details : {};
  const bare = /^\$(\d[\d.,]*)$/.exec(cost);
  return bare && text(details.currency_symbol) === '' ? bare[1]! : cost;
}

/** The records of a venue or organizer reference as an event shows it: one object, a list, or `[]`. */
export function embeddedRecords(value: unknown): SourceRecord[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter((item): item is SourceRecord => isRecord(item) && sourceId(item) !== undefined);
}

/** The embedded terms of an event's `categories` or `tags`. */
export function embeddedTerms(value: unknown): SourceRecord[] {
  return Array.isArray(value)
    ? value.filter((item): item is SourceRecord => isRecord(item) && sourceId(item) !== undefined)
    : [];
}

/** Keys a venue or organizer leaves out when empty (wire-format 2.3 quirk 4): present and empty, they were stripped (2.9). */
const EMPTIED_WHEN_STRIPPED = [
  'description',
  'excerpt',
  'address',
  'city',
  'country',
  'province',
  'stateprovince',
  'zip',
  'phone',
  'website',
  'email',
];

/**
 * A protected record as the source shows it to someone who may not see it (wire-format 2.9): an
 * event's flags `null`; a venue's or organizer's name `[]` (the original's quirk), or, from a source
 * that keeps the name (this service, decisions.md quirk 5), a venue's map flags `null` or a text
 * field present but empty. The last can also be a site that sends empty fields: the importer then
 * finds the record the same when it reads it unlocked.
 */
export function isStripped(record: SourceRecord, kind: TecImportKind): boolean {
  if (kind === 'event') return record.all_day === null && record.show_map === null;
  if (kind !== 'venue' && kind !== 'organizer') return false;
  return (
    Array.isArray(record[kind]) || record.show_map === null || EMPTIED_WHEN_STRIPPED.some((key) => record[key] === '')
  );
}

/** A boolean flag of the wire (`true`, or the original's strings). */
export function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

export interface SourceStartAndEnd {
  readonly start_date: string;
  readonly end_date: string;
  /** Set when the source's end preceded its start and the end was moved to the start. */
  readonly fixed?: string;
}

/** Start and end as the source shows them; an end before the start becomes the start (reported). */
export function sourceStartAndEnd(record: SourceRecord): SourceStartAndEnd | undefined {
  const start = wireDate(record.start_date);
  const end = wireDate(record.end_date) ?? start;
  if (start === undefined || end === undefined) return undefined;
  if (end >= start) return { start_date: start, end_date: end };
  return { start_date: start, end_date: start, fixed: `end ${end} before start ${start}: end set to the start` };
}

/** The linked-record fields each type takes, besides its name and description. */
export const VENUE_FIELDS = [
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
  'stateprovince',
] as const;
export const ORGANIZER_FIELDS = ['phone', 'website', 'email'] as const;

/** A coordinate as the source sends it (number or numeric text), or null when absent. */
export function coordinate(value: unknown, limit: number): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/**
 * The languages a record has text in besides `language` (the one it is imported in), as this
 * service's alias and any source following the spec list them in `translations` (its original
 * language first: a record written in another language first has that text imported as a
 * translation here). A TEC site without a multilingual plugin sends no such list: nothing to import.
 */
export function translationLanguages(record: SourceRecord, language: LanguageCode): LanguageCode[] {
  const listed = Array.isArray(record.translations)
    ? record.translations.filter((code): code is string => typeof code === 'string')
    : [];
  return listed.filter((code): code is LanguageCode => code !== language && isLanguageCode(code));
}

/**
 * One of this service's language codes for a WordPress language as multilingual plugins name it:
 * Polylang's slug (`fr`, `pt`) or WPML's code or locale (`pt-pt`, `fr_FR`); undefined for a
 * language this service does not have (`pt_BR`: its only Portuguese is Portugal's).
 */
export function languageOf(value: unknown): LanguageCode | undefined {
  const code = text(value).trim().toLowerCase().replace(/_/g, '-');
  if (isLanguageCode(code)) return code;
  const primary = code.split('-')[0]!;
  if (primary === 'pt') return code === 'pt' ? 'pt-pt' : undefined;
  return isLanguageCode(primary) ? primary : undefined;
}

/** A post or term a multilingual plugin keeps for one language of a record: its text is that record's translation. */
export interface TranslationLink {
  /** The source id of the record in the import's language, whose copy takes the translation. */
  readonly original: number;
  readonly language: LanguageCode;
  /** The language as the source names it in its `lang` parameter. */
  readonly sourceCode: string;
}

/** Whether a record of WordPress' core API carries a multilingual plugin's translation fields (Polylang Pro's or the WPML REST API plugin's). */
export function hasTranslationFields(record: SourceRecord): boolean {
  return isRecord(record.translations) || 'wpml_translations' in record;
}

/** Each member of a record's translation group as `{ code, id }`, from either plugin's fields; empty without them. */
function translationGroup(record: SourceRecord): { code: string; id: number }[] {
  const members: { code: string; id: number }[] = [];
  const add = (code: string, id: unknown) => {
    const number = sourceId({ id });
    if (code !== '' && number !== undefined) members.push({ code, id: number });
  };
  // Polylang Pro: `translations` maps each language's slug to its post or term, the record's own included.
  if (isRecord(record.translations)) for (const [code, id] of Object.entries(record.translations)) add(code, id);
  // The WPML REST API plugin: the record's `wpml_current_locale`, and its other languages in `wpml_translations`.
  const wpml = Array.isArray(record.wpml_translations)
    ? record.wpml_translations
    : isRecord(record.wpml_translations)
      ? Object.values(record.wpml_translations)
      : [];
  if (wpml.length > 0) add(text(record.wpml_current_locale), record.id);
  for (const entry of wpml) if (isRecord(entry)) add(text(entry.locale), entry.id);
  return members;
}

/**
 * The translation links one record of WordPress' core API (`/wp/v2/...`) shows, as
 * `[source id, link]`: every member of its group in another language than `pivot`, linked to the
 * member in `pivot`. A group without a member in `pivot`, or members in languages this service does
 * not have, link nothing: those posts stay records of their own.
 */
export function translationLinks(record: SourceRecord, pivot: LanguageCode): [number, TranslationLink][] {
  const members = translationGroup(record);
  const original = members.find((member) => languageOf(member.code) === pivot)?.id;
  if (original === undefined) return [];
  return members.flatMap(({ code, id }): [number, TranslationLink][] => {
    const language = languageOf(code);
    // WPML names a locale (`fr_FR`); its `lang` parameter takes the language's code.
    const sourceCode = code.includes('_') ? language : code;
    return id === original || language === undefined || language === pivot || sourceCode === undefined
      ? []
      : [[id, { original, language, sourceCode }]];
  });
}
