import { cutToLength, TEXT_LENGTHS } from '../../content/text-lengths.ts';
import type { EventCreateInput } from '../events/events.schemas.ts';
import { readCustomFields } from '../events/custom-fields.ts';
import type { ImportedPlacement } from '../posts/post-rows.ts';
import { isAbsoluteUrl } from '../posts/post-writer.ts';
import type { ImportKind, RecordResult } from './import-run.ts';
import {
  coordinate,
  decodeEntities,
  flag,
  imageUrl,
  ORGANIZER_FIELDS,
  sourceDate,
  sourceId,
  storedCost,
  text,
  VENUE_FIELDS,
  wireDate,
  type SourceRecord,
} from './tec-records.ts';

/*
 * A source record as the services' input (decision 0030): the fields its copy takes from the
 * record alone, with a note for each one fixed or left out. What needs a look at this database
 * (links, terms, images, authors, slugs) the record writer adds.
 */

export const PROTECTED_ON_SOURCE =
  'password-protected on the source: imported as a draft; set a password and publish it';
export const PROTECTED_LINKED_ON_SOURCE =
  "password-protected on the source: protected here with a new password no one is told; set the source's (post_password) for visitors who know it";

export const skipped = (reason: string): RecordResult => ({ outcome: 'skipped', reason, notes: [] });

/** A protected record read stripped (wire-format 2.9): skipped, with what would read it unlocked. */
export function strippedSkip(authenticated: boolean): RecordResult {
  const hint = authenticated ? 'the source did not give them with context=edit' : 'give --user and --app-password';
  return skipped(`password-protected: its fields are hidden from this reader (${hint})`);
}

/** The source's publication and modification dates, which the copy keeps (decision 0030). */
export function sourceDates(record: SourceRecord): Pick<ImportedPlacement, 'published' | 'modified'> {
  const published = sourceDate(record, 'date');
  const modified = sourceDate(record, 'modified');
  return { ...(published ? { published } : {}), ...(modified ? { modified } : {}) };
}

/** A translation written here leaves the record's modification date the source's. */
export const keptModified = (post: {
  readonly modified_local: string;
  readonly modified_utc: string;
}): ImportedPlacement => ({ modified: { local: post.modified_local, utc: post.modified_utc } });

/** The image's usable URL; its problem noted. */
function imageUrlNoted(record: SourceRecord, notes: string[]): string | null {
  const image = imageUrl(record.image);
  if (image.problem) notes.push(image.problem);
  return image.url;
}

/** A source's text within the bound the API enforces on `field` (decision 0100): longer text is cut, with a note. */
function bounded(value: string, maxLength: number, field: string, notes: string[]): string {
  const cut = cutToLength(value, maxLength);
  if (cut !== value) notes.push(`${field} longer than ${maxLength} characters: cut to them`);
  return cut;
}

const websiteProblem = (website: unknown) => `website ${JSON.stringify(website)} is not an http(s) URL: left out`;

/** The fields of an event's copy that its source record alone gives, and its image's URL; what was fixed or left out goes to `notes`. */
export function eventFields(
  record: SourceRecord,
  notes: string[],
): { fields: Partial<EventCreateInput>; imageUrl: string | null } {
  const url = imageUrlNoted(record, notes);
  // A website never set shows the event's own permalink (wire-format 2.1): left unset here too.
  const website = text(record.website);
  const websiteInput = website === text(record.url) ? {} : isAbsoluteUrl(website) || website === '' ? { website } : {};
  if (website !== '' && website !== text(record.url) && !isAbsoluteUrl(website)) notes.push(websiteProblem(website));
  const customFields = readCustomFields(record.custom_fields ?? null);
  for (const problem of customFields.problems) notes.push(`custom fields: ${problem} Left out.`);
  const fields: Partial<EventCreateInput> = {
    description: bounded(text(record.description), TEXT_LENGTHS.body, 'description', notes),
    excerpt: bounded(text(record.excerpt), TEXT_LENGTHS.body, 'excerpt', notes),
    ...(wireDate(record.date_utc) ? { date_utc: wireDate(record.date_utc) } : {}),
    ...(text(record.timezone) ? { timezone: text(record.timezone) } : {}),
    all_day: flag(record.all_day),
    cost: storedCost(record),
    ...websiteInput,
    show_map: flag(record.show_map),
    show_map_link: flag(record.show_map_link),
    hide_from_listings: flag(record.hide_from_listings),
    sticky: flag(record.sticky),
    featured: flag(record.featured),
    custom_fields: customFields.fields,
  };
  return { fields, imageUrl: url };
}

/** The fields of a venue's or organizer's copy that its source record alone gives (but its name and status), and its image's URL. */
export function linkedFields(
  record: SourceRecord,
  kind: 'venue' | 'organizer',
  notes: string[],
): { fields: Record<string, unknown>; imageUrl: string | null } {
  const url = imageUrlNoted(record, notes);
  const fields: Record<string, unknown> = {};
  for (const field of kind === 'venue' ? VENUE_FIELDS : ORGANIZER_FIELDS)
    fields[field] = bounded(
      text(record[field]),
      field === 'website' ? TEXT_LENGTHS.url : TEXT_LENGTHS.detail,
      field,
      notes,
    );
  if (fields.website !== '' && !isAbsoluteUrl(String(fields.website))) {
    notes.push(websiteProblem(fields.website));
    fields.website = '';
  }
  if (kind === 'venue') {
    Object.assign(fields, {
      show_map: record.show_map !== false,
      show_map_link: record.show_map_link !== false,
      geo_lat: coordinate(record.geo_lat, 90),
      geo_lng: coordinate(record.geo_lng, 180),
    });
  }
  return {
    fields: {
      description: bounded(text(record.description), TEXT_LENGTHS.body, 'description', notes),
      ...(wireDate(record.date_utc) ? { date_utc: wireDate(record.date_utc) } : {}),
      ...fields,
    },
    imageUrl: url,
  };
}

/** The name of a record of any kind as the source shows it, decoded; cut to the bound of names here (decision 0100). */
export function sourceName(record: SourceRecord, kind: ImportKind): string {
  return cutToLength(
    decodeEntities(
      text(record[kind === 'event' ? 'title' : kind === 'category' || kind === 'tag' ? 'name' : kind]),
    ).trim(),
    TEXT_LENGTHS.name,
  );
}

/**
 * The translated fields (those of `here`, the record's text here in the language) whose text the
 * source gives differently. The first of `here`'s fields is the name; an empty name or slug is no
 * translation of it: the field is left to fall back.
 */
export function changedTranslation(
  kind: ImportKind,
  record: SourceRecord,
  here: Readonly<Record<string, string>>,
): Record<string, string> {
  const nameField = Object.keys(here)[0]!;
  const source: Record<string, string> = {
    [nameField]: sourceName(record, kind),
    description: text(record.description),
    excerpt: text(record.excerpt),
    slug: text(record.slug),
  };
  const changed = Object.keys(here).filter(
    (field) => source[field] !== here[field] && !(source[field] === '' && (field === 'slug' || field === nameField)),
  );
  return Object.fromEntries(changed.map((field) => [field, source[field]!]));
}

/** Categories ordered so that every parent comes before its children (a parent not in the list counts as present). */
export function parentsFirst(records: readonly SourceRecord[]): SourceRecord[] {
  const byId = new Map(
    records.flatMap((record) => (sourceId(record) === undefined ? [] : [[sourceId(record)!, record] as const])),
  );
  const placed = new Set<number>();
  const ordered: SourceRecord[] = [];
  const place = (record: SourceRecord, path: Set<number>) => {
    const id = sourceId(record);
    if (id === undefined || placed.has(id) || path.has(id)) return;
    path.add(id);
    const parent = byId.get(Number(record.parent ?? 0));
    if (parent) place(parent, path);
    placed.add(id);
    ordered.push(record);
  };
  for (const record of records) place(record, new Set());
  return ordered.concat(records.filter((record) => sourceId(record) === undefined));
}
