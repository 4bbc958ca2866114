import { asList, asObject, type Json } from './api-client.ts';

/**
 * The four kinds of record the crash workload writes: what it sends for each, and how the fields
 * it sent appear in the record the API answers with.
 */

export type Kind = 'event' | 'venue' | 'organizer' | 'category';

export const COLLECTION: Readonly<Record<Kind, string>> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
};

/** Category names that writers share, so concurrent creates of one new name race each other. */
const SHARED_CATEGORIES = ['Shared Jazz', 'Shared Theatre', 'Shared Cinema', 'Shared Dance', 'Shared Talks'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const integer = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));

/** `yyyy-MM-dd HH:mm:ss` of a UTC instant: the wire format of event dates. */
const wireDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

function eventDates(): Json {
  const start = new Date(Date.UTC(2027, 0, 1, integer(8, 20), integer(0, 3) * 15) + integer(0, 360) * 86_400_000);
  return { start_date: wireDate(start), end_date: wireDate(new Date(start.getTime() + integer(1, 8) * 30 * 60_000)) };
}

/**
 * The body of a create, or of an update to `revision` (2, 3...). Every update changes several
 * fields stored in different tables at once (posts, events, event_terms for an event), so that a
 * write applied in part would show. Names carry the record's unique token, which finds the record
 * again when the answer to its create was lost.
 */
export function writeBody(kind: Kind, token: string, revision: number): Json {
  const mark = `${token} v${revision}`;
  switch (kind) {
    case 'event':
      return {
        title: `Crash ${mark}`,
        description: `Programme of ${mark} number ${integer(1, 1_000_000)}`,
        ...eventDates(),
        cost: String(integer(1, 500)),
        categories: [pick(SHARED_CATEGORIES), `Category ${mark}`],
        // The inline venue is the event's own; updates leave it as created.
        ...(revision === 1 ? { venue: { venue: `Hall ${token}`, city: `City ${integer(1, 99)}` } } : {}),
      };
    case 'venue':
      return {
        ...(revision === 1 ? { venue: `Venue ${token}`, zip: String(integer(10_000, 99_999)) } : {}),
        city: `Town ${mark}`,
        address: `${integer(1, 999)} Main Street`,
        phone: `555-${integer(1000, 9999)}`,
      };
    case 'organizer':
      return {
        ...(revision === 1 ? { organizer: `Organizer ${token}` } : {}),
        email: `${token}.v${revision}@example.org`,
        phone: `555-${integer(1000, 9999)}`,
      };
    case 'category':
      return { ...(revision === 1 ? { name: `Category ${token}` } : {}), description: `About ${mark}` };
  }
}

const sortedNames = (terms: unknown, what: string) =>
  asList(terms, what)
    .map((term) => term.name)
    .sort();
const pickFields = (record: Json, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, record[name]]));

/** The fields each kind is sent with, beyond those of an event, which are rendered differently. */
const PLAIN_FIELDS: Readonly<Record<Exclude<Kind, 'event'>, readonly string[]>> = {
  venue: ['venue', 'city', 'address', 'zip', 'phone'],
  organizer: ['organizer', 'email', 'phone'],
  category: ['name', 'description'],
};

/** How the API must render `sent` (the create body with every later update merged over it). */
export function expectedFromSent(kind: Kind, sent: Json): Json {
  if (kind !== 'event') return pickFields(sent, PLAIN_FIELDS[kind]);
  const venue = asObject(sent.venue, 'sent venue');
  return {
    title: sent.title,
    // Descriptions are auto-paragraphed (wire-format 2.1).
    description: `<p>${String(sent.description)}</p>`,
    start_date: sent.start_date,
    end_date: sent.end_date,
    cost_values: [sent.cost],
    categories: [...(sent.categories as string[])].sort(),
    venue: { venue: venue.venue, city: venue.city },
  };
}

/** The fields of `expectedFromSent`, read from a record the API answered with. */
export function sentFieldsOf(kind: Kind, record: Json): Json {
  if (kind !== 'event') return pickFields(record, PLAIN_FIELDS[kind]);
  const venue = asObject(record.venue, `venue of event ${String(record.id)}`);
  return {
    title: record.title,
    description: record.description,
    start_date: record.start_date,
    end_date: record.end_date,
    cost_values: asObject(record.cost_details, 'cost_details').values,
    categories: sortedNames(record.categories, 'categories'),
    venue: { venue: venue.venue, city: venue.city },
  };
}

/**
 * What an answer said about the record beyond the fields sent: ids, slugs, derived dates, linked
 * terms and venue, status and modification time. The record read back after a restart must show
 * the same, unless a later write changed it. Counts are left out: other events change them.
 */
export function snapshotOf(kind: Kind, record: Json): Json {
  const common = pickFields(record, ['id', 'status', 'slug']);
  switch (kind) {
    case 'event': {
      const venue = asObject(record.venue, `venue of event ${String(record.id)}`);
      return {
        ...common,
        ...pickFields(record, [
          'author',
          'modified_utc',
          'title',
          'description',
          'excerpt',
          'start_date',
          'end_date',
          'utc_start_date',
          'utc_end_date',
          'timezone',
          'all_day',
          'cost',
          'cost_details',
          'featured',
        ]),
        categories: asList(record.categories, 'categories')
          .map((term) => pickFields(term, ['id', 'name', 'slug', 'parent']))
          .sort((a, b) => Number(a.id) - Number(b.id)),
        venue: pickFields(venue, ['id', 'venue', 'city', 'slug', 'status']),
      };
    }
    case 'venue':
    case 'organizer':
      return { ...common, ...pickFields(record, ['author', 'modified_utc', ...PLAIN_FIELDS[kind]]) };
    case 'category':
      return {
        ...pickFields(record, ['id', 'slug', 'taxonomy', 'parent']),
        ...pickFields(record, PLAIN_FIELDS.category),
      };
  }
}
