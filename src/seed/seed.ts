import type { Selectable } from 'kysely';
import { wireUtc } from '../clock.ts';
import type { RecurrenceSettings } from '../config.ts';
import {
  eventCost,
  eventSchedule,
  needsSlug,
  SINGLE_EVENT,
  type EventCost,
  type EventSchedule,
  type ScheduleInput,
} from '../modules/events/event-fields.ts';
import {
  expandSeries,
  materializationBound,
  readRecurrence,
  type OccurrenceDates,
} from '../modules/events/recurrence.ts';
import { newPostRow, writtenStatus, type NewPostFields } from '../modules/posts/post-rows.ts';
import { firstFreeSlug, slugify } from '../slugs.ts';
import type { Storage, WriteTx } from '../storage/types.ts';
import { singleOccurrence } from '../storage/repositories/events.repository.ts';
import { recountOccurrenceDays } from '../storage/repositories/occurrence-day-counts.ts';
import type { NewPost } from '../storage/repositories/post-records.repository.ts';
import type {
  EventOccurrencesTable,
  EventsTable,
  NewTerm,
  OrganizersTable,
  PostType,
  Taxonomy,
  TermTranslationsTable,
  VenuesTable,
} from '../storage/tables.ts';
import { bulkWriter, emptyBatch, rowCount } from './bulk-load.ts';
import { Random } from './random.ts';
import {
  ADJECTIVES,
  CATEGORY_TREE,
  CITIES,
  COST_TEXTS,
  EVENT_ZONES,
  FILLER_SENTENCES,
  FIRST_NAMES,
  FORMATS,
  ORGANIZER_KINDS,
  STREETS,
  TAG_QUALIFIERS,
  TAG_WORDS,
  TOPICS,
  VENUE_KINDS,
  VENUE_PREFIXES,
} from './vocabulary.ts';

/*
 * Fills a database with a realistic calendar for benchmarks and demonstrations: venues, organizers,
 * categories (some nested), tags, events spread over five years in several time zones, their
 * links, and some French translations. Deterministic: the same options give the same data.
 *
 * Every record is what the API would have stored for the same request by an administrator: the seed
 * makes up the inputs (title, dates, zone, requested status, cost, links) and takes the values of
 * every row from the builders the API's writes use (event-fields.ts, post-rows.ts, slugs.ts), so
 * statuses (and the events' copy of them), slugs, dates and costs follow the API's rules; a test
 * checks seeded events against twins created through the API. Only the writing differs, for speed
 * (1,000,000 events into SQLite in under a minute): bulk inserts through the raw driver, see
 * bulk-load.ts.
 *
 * Seeded records have no author (author id 0): the seed runs before any user exists.
 */

export interface SeedOptions {
  readonly events: number;
  /** Add to a database that already holds calendar data instead of refusing. */
  readonly force: boolean;
  /** The moment the five-year spread of dates is centred on (3 years back, 2 ahead). */
  readonly now?: Date;
  /** Site time zone, for the posts' local publication dates. */
  readonly siteZone?: string;
  /** How many of the events are weekly series (decision 0025), materialised as the service's settings say. */
  readonly recurring?: { readonly series: number; readonly settings: RecurrenceSettings };
  readonly log?: (line: string) => void;
}

export interface SeedSummary {
  readonly events: number;
  /** Of the events, series; and the occurrence rows of all events (one per single event). */
  readonly series: number;
  readonly occurrences: number;
  readonly venues: number;
  readonly organizers: number;
  readonly categories: number;
  readonly tags: number;
  readonly seconds: number;
}

/** A count as people write it: `5000`, `10k`, `1m`, `1.5M`; undefined when it is not one. */
export function parseEventCount(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) return undefined;
  const count = Number(match[1]) * { '': 1, k: 1_000, m: 1_000_000 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Number.isInteger(count) && count >= 1 ? count : undefined;
}

/** Thrown when the database already holds calendar data and `force` was not given. */
export class SeedRefusedError extends Error {}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const BATCH_EVENTS = 10_000;
/** The seed writes as an administrator would: allowed to publish. */
const MAY_PUBLISH = true;
/** Hours (UTC) posts are published at. Few, so that publication dates repeat (see PostRows). */
const PUBLICATION_HOURS = [9, 11, 14, 16] as const;
/** The share of events whose title names a host. */
const HOSTED_SHARE = 0.9;
/** The share of published events scheduled to appear later (status `future`). */
const SCHEDULED_SHARE = 0.01;

/** A millisecond count read as a wall clock, `YYYY-MM-DD HH:MM:SS` (no zone involved). */
const wallClock = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const calendarDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const ZONE_NUMBERS = new Map<string, number>([...new Set(EVENT_ZONES)].map((zone, index) => [zone, index]));

/** What an organiser would type for an event on `day` in `zone`; `random` is the schedule's own. */
function scheduleInput(zone: string, day: number, random: Random): ScheduleInput {
  if (random.chance(0.08)) {
    const lastDay = day + (random.chance(0.2) ? random.between(1, 2) : 0);
    return { timezone: zone, all_day: true, start_date: calendarDate(day), end_date: calendarDate(lastDay) };
  }
  const start = day * DAY_MS + (random.between(8, 19) * 60 + random.int(4) * 15) * MINUTE_MS;
  const end = random.chance(0.05)
    ? (day + random.between(1, 3)) * DAY_MS + random.between(10, 18) * HOUR_MS
    : start + random.between(2, 8) * 30 * MINUTE_MS;
  return { timezone: zone, start_date: wallClock(start), end_date: wallClock(end) };
}

/**
 * Event schedules from eventSchedule, one per zone and day, shared by the events of that zone and
 * day. The builder takes a quarter of a millisecond (luxon), so one per event would take minutes at
 * a million events; this way there are at most about 16,500 (five years of days, nine zones), and
 * at a million events about 60 events share each (at a few thousand, most have one of their own). Each
 * is drawn from a generator seeded by its zone and day alone: the same whatever the event count.
 */
class Schedules {
  /** By zone and day as one number: a million string keys would cost more than the lookups. */
  private readonly built = new Map<number, EventSchedule>();

  constructor(
    private readonly siteZone: string,
    private readonly now: Date,
  ) {}

  get(zone: string, day: number): EventSchedule {
    const key = day * ZONE_NUMBERS.size + ZONE_NUMBERS.get(zone)!;
    let schedule = this.built.get(key);
    if (!schedule) {
      schedule = eventSchedule(
        scheduleInput(zone, day, new Random(Math.imul(key, 0x9e3779b1))),
        undefined,
        this.siteZone,
        this.now,
      );
      this.built.set(key, schedule);
    }
    return schedule;
  }
}

/** A bounded series ends (UNTIL) this many days after the seed's now: about two years, short of the horizon. */
const SERIES_UNTIL_DAYS = 700;
/** Series start within this many days before the seed's now, so that their weeks fill the default window. */
const SERIES_START_DAYS = 365;
/** Occurrence rows that make a batch full on their own (series have about a hundred each). */
const BATCH_OCCURRENCES = 50_000;

/** RFC 5545's UTC date-time (`20281121T180000Z`) of a millisecond count. */
const icalUtc = (ms: number) => `${wallClock(ms).replace(/[-:]/g, '').replace(' ', 'T')}Z`;

interface SeededSeries {
  /** The events row's recurrence columns. */
  readonly fields: Pick<Selectable<EventsTable>, 'recurrence' | 'materialized_until'>;
  readonly dates: readonly OccurrenceDates[];
}

/**
 * What a `POST /events` of a weekly series on `schedule` stores (decision 0025): its rule as
 * readRecurrence normalises it, the dates expandSeries gives up to materializationBound, and how
 * far that is when the rule goes on. Unbounded, or ending (UNTIL) about two years after `now`.
 */
function weeklySeries(
  schedule: EventSchedule,
  bounded: boolean,
  now: Date,
  settings: RecurrenceSettings,
): SeededSeries {
  const read = readRecurrence({
    rrule: bounded ? `FREQ=WEEKLY;UNTIL=${icalUtc(now.getTime() + SERIES_UNTIL_DAYS * DAY_MS)}` : 'FREQ=WEEKLY',
  });
  if ('problem' in read || read.recurrence === null)
    throw new Error(`The seed's weekly rule was refused: ${'problem' in read ? read.problem : 'empty'}`);
  const until = materializationBound(schedule.start_local, schedule.timezone, now, settings.horizonDays);
  const seriesSchedule = {
    startLocal: schedule.start_local,
    endLocal: schedule.end_local,
    timezone: schedule.timezone,
    allDay: schedule.all_day !== 0,
  };
  const expanded = expandSeries(read.recurrence, seriesSchedule, until, settings.maxOccurrences);
  if ('problem' in expanded) throw new RangeError(`A seeded weekly series was refused: ${expanded.problem}`);
  return {
    fields: { recurrence: JSON.stringify(read.recurrence), materialized_until: expanded.continues ? until : null },
    dates: expanded.occurrences,
  };
}

/**
 * Post rows from newPostRow, one call per publication date: its dates cost luxon conversions, and
 * the rest of the row is the post's own fields, laid over the builder's row for that date.
 */
class PostRows {
  private readonly byDate = new Map<string, NewPost>();

  constructor(
    private readonly nowUtc: string,
    private readonly siteZone: string,
  ) {}

  /** The row a create writes for a post with these fields, published at `dateUtc`, with its id and slug. */
  row(id: number, fields: NewPostFields, dateUtc: string, slug: string): NewPost & { id: number } {
    let dated = this.byDate.get(dateUtc);
    if (!dated) {
      dated = newPostRow(fields, dateUtc, this.nowUtc, this.siteZone);
      this.byDate.set(dateUtc, dated);
    }
    return { id, ...dated, ...fields, slug };
  }
}

/** The slugs the API's lookups would find taken, per post type, and those events are read with in French. */
class Slugs {
  private constructor(
    private readonly taken: Record<PostType, Set<string>>,
    private readonly frenchEvents: Set<string>,
  ) {}

  static async load(storage: Storage): Promise<Slugs> {
    return storage.read(async (tx) => {
      const taken: Record<PostType, Set<string>> = { event: new Set(), venue: new Set(), organizer: new Set() };
      for (const row of await tx.selectFrom('posts').select(['type', 'slug']).where('slug', '<>', '').execute())
        taken[row.type].add(row.slug);
      const french = await tx
        .selectFrom('post_translations as t')
        .innerJoin('posts as p', 'p.id', 't.post_id')
        .select('t.slug')
        .where('t.language', '=', 'fr')
        .where('p.type', '=', 'event')
        .where('t.slug', 'is not', null)
        .execute();
      return new Slugs(taken, new Set(french.map((row) => row.slug!)));
    });
  }

  /** A new record's slug, as a create gives it: the name's, numbered past the taken ones. */
  take(type: PostType, name: string): string {
    const slug = firstFreeSlug(slugify(name) || type, this.taken[type]);
    this.taken[type].add(slug);
    return slug;
  }

  /**
   * The slug a French title gives an event's translation, as the API's translation write does: free
   * among the slugs other events are read with in French, their translated ones and original ones.
   */
  takeFrench(title: string, ownSlug: string): string {
    const originals = this.taken.event;
    const slug = firstFreeSlug(slugify(title) || 'event', {
      has: (candidate) => this.frenchEvents.has(candidate) || (candidate !== ownSlug && originals.has(candidate)),
    });
    this.frenchEvents.add(slug);
    return slug;
  }
}

async function existingCounts(
  storage: Storage,
): Promise<{ events: number; venues: number; organizers: number; terms: number }> {
  return storage.read(async (tx) => {
    const posts = await tx
      .selectFrom('posts')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('type', 'in', ['event', 'venue', 'organizer'])
      .groupBy('type')
      .execute();
    const terms = await tx
      .selectFrom('terms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const count = (type: string) => Number(posts.find((row) => row.type === type)?.n ?? 0);
    return { events: count('event'), venues: count('venue'), organizers: count('organizer'), terms: Number(terms.n) };
  });
}

interface SeededTerm {
  readonly id: number;
  /** Index of the top-level category it belongs to, for the category picker; -1 for tags. */
  readonly family: number;
}

/**
 * Categories and tags through Kysely (a few hundred rows, one unit of work), as the terms API
 * creates them: slugs from the names, numbered past the taken ones. French translations get the
 * French name's slug when no other term holds it, as the API allows, and none otherwise.
 */
async function insertTerms(
  tx: WriteTx,
  random: Random,
  createdAt: string,
): Promise<{ categories: SeededTerm[]; tags: SeededTerm[] }> {
  const taken: Record<Taxonomy, Set<string>> = { category: new Set(), tag: new Set() };
  for (const row of await tx.selectFrom('terms').select(['taxonomy', 'slug']).execute())
    taken[row.taxonomy].add(row.slug);
  const frenchTaken: Record<Taxonomy, Set<string>> = { category: new Set(), tag: new Set() };
  const translated = await tx
    .selectFrom('term_translations as t')
    .innerJoin('terms', 'terms.id', 't.term_id')
    .select(['terms.taxonomy', 't.slug'])
    .where('t.language', '=', 'fr')
    .execute();
  for (const row of translated) if (row.slug !== null) frenchTaken[row.taxonomy].add(row.slug);

  const insert = async (taxonomy: Taxonomy, name: string, french: string | null, parentId: number) => {
    const slug = firstFreeSlug(slugify(name) || taxonomy, taken[taxonomy]);
    taken[taxonomy].add(slug);
    const term: NewTerm = {
      taxonomy,
      name,
      slug,
      description: `${name} events across the city.`,
      parent_id: parentId,
      term_group: 0,
      language: 'en',
      created_at: createdAt,
    };
    const { id } = await tx.insertInto('terms').values(term).returning('id').executeTakeFirstOrThrow();
    if (french !== null) {
      const frenchSlug = slugify(french);
      // Another term holds it as its French or its original slug (its own original one is fine).
      const held = frenchTaken[taxonomy].has(frenchSlug) || (frenchSlug !== slug && taken[taxonomy].has(frenchSlug));
      const translatedSlug = frenchSlug !== '' && !held ? frenchSlug : null;
      if (translatedSlug !== null) frenchTaken[taxonomy].add(translatedSlug);
      const translation: Selectable<TermTranslationsTable> = {
        term_id: id,
        language: 'fr',
        name: french,
        description: `Événements : ${french.toLowerCase()}.`,
        slug: translatedSlug,
      };
      await tx.insertInto('term_translations').values(translation).execute();
    }
    return id;
  };
  const categories: SeededTerm[] = [];
  for (const [family, [name, french, children]] of CATEGORY_TREE.entries()) {
    const parentId = await insert('category', name, french, 0);
    categories.push({ id: parentId, family });
    for (const [childName, childFrench] of children)
      categories.push({ id: await insert('category', childName, childFrench, parentId), family });
  }
  const tags: SeededTerm[] = [];
  for (const qualifier of TAG_QUALIFIERS) {
    for (const word of TAG_WORDS) {
      const name = qualifier === '' ? word : `${word} ${qualifier}`;
      // A quarter of the tags are translated, as sites translate only their most visible terms.
      tags.push({ id: await insert('tag', name, random.chance(0.25) ? `${name} (fr)` : null, 0), family: -1 });
    }
  }
  return { categories, tags };
}

/**
 * Names no other record of the type has (`Lantern Hall`, then `Lantern Hall 2`...): the API takes a
 * create with a name in use for an update of the record that has it.
 */
class UniqueNames {
  constructor(private readonly used: Set<string>) {}

  take(name: string): string {
    let candidate = name;
    for (let number = 2; this.used.has(candidate); number++) candidate = `${name} ${number}`;
    this.used.add(candidate);
    return candidate;
  }
}

async function namesInUse(storage: Storage, type: PostType): Promise<Set<string>> {
  const rows = await storage.read((tx) => tx.selectFrom('posts').select('title').where('type', '=', type).execute());
  return new Set(rows.map((row) => row.title));
}

const phoneNumber = (random: Random) => `+1 555 ${String(random.int(10_000)).padStart(4, '0')}`;

/** Fills the database; see the module comment. The schema must be migrated already. */
export async function seed(storage: Storage, options: SeedOptions): Promise<SeedSummary> {
  if (!Number.isInteger(options.events) || options.events < 1)
    throw new RangeError(`The number of events must be a positive integer, got ${options.events}.`);
  const seriesCount = options.recurring?.series ?? 0;
  if (!Number.isInteger(seriesCount) || seriesCount < 0 || seriesCount > options.events) {
    throw new RangeError(
      `The number of recurring events must be a whole number from 0 to the number of events (${options.events}), got ${seriesCount}.`,
    );
  }
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const existing = await existingCounts(storage);
  if (!options.force && Object.values(existing).some((count) => count > 0)) {
    throw new SeedRefusedError(
      `The database already holds calendar data (${existing.events} events, ${existing.venues} venues, ${existing.organizers} organizers, ${existing.terms} terms); ` +
        'seeding adds to existing data only when forced (--force).',
    );
  }

  const random = new Random(options.events);
  const now = options.now ?? new Date();
  const nowUtc = wireUtc(now);
  const siteZone = options.siteZone ?? 'UTC';
  const today = Math.floor(now.getTime() / DAY_MS);
  const firstDay = today - 3 * 366;
  const lastDay = today + 2 * 366;
  const schedules = new Schedules(siteZone, now);
  const postRows = new PostRows(nowUtc, siteZone);
  const slugs = await Slugs.load(storage);
  const venueNames = new UniqueNames(await namesInUse(storage, 'venue'));
  const organizerNames = new UniqueNames(await namesInUse(storage, 'organizer'));
  const costs = new Map<string, EventCost>(COST_TEXTS.map((text) => [text, eventCost(text)]));
  /** Publication moments as text, each made once: the same string each time also makes the PostRows lookup cheap. */
  const moments = new Map<number, string>();
  /** A publication moment (UTC) on `day`. */
  const publishedOn = (day: number) => {
    const ms = day * DAY_MS + random.pick(PUBLICATION_HOURS) * HOUR_MS;
    let moment = moments.get(ms);
    if (moment === undefined) {
      moment = wallClock(ms);
      moments.set(ms, moment);
    }
    return moment;
  };
  const postFields = (
    type: PostType,
    status: string,
    title: string,
    content: string,
    excerpt: string,
  ): NewPostFields => ({
    type,
    author_id: 0,
    status,
    title,
    content,
    excerpt,
    password: '',
    parent_id: 0,
    menu_order: 0,
    image_id: null,
    language: 'en',
  });

  const { categories, tags } = await storage.write((tx) => insertTerms(tx, random, nowUtc));
  const venueCount = Math.max(5, Math.round(options.events / 50));
  const organizerCount = Math.max(5, Math.round(options.events / 50));
  const writer = bulkWriter(storage);
  const firstPostId = await writer.firstFreePostId();
  const firstVenueId = firstPostId;
  const firstOrganizerId = firstVenueId + venueCount;
  const firstEventId = firstOrganizerId + organizerCount;
  const lastPostId = firstEventId + options.events - 1;
  /** The last id handed out: a series' further occurrences take theirs after every post's, as the posts' sequence would give them (decision 0025). */
  let lastId = lastPostId;
  let occurrenceCount = 0;
  /** Published events per seeded term: WordPress' term count, written once at the end. */
  const publishedLinks = new Map<number, number>();

  await writer.prepare(existing.events + existing.venues + existing.organizers === 0);
  let restored = false;
  try {
    let batch = emptyBatch();
    let written = 0;
    const loadStarted = performance.now();
    let lastLog = loadStarted;
    const flush = async (label: string, done: number, total: number) => {
      written += rowCount(batch);
      await writer.write(batch);
      batch = emptyBatch();
      const now = performance.now();
      if (now - lastLog > 2000 || done === total) {
        lastLog = now;
        log(
          `${label}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${Math.round(written / ((now - loadStarted) / 1000)).toLocaleString('en-US')} rows/s)`,
        );
      }
    };

    for (let index = 0; index < venueCount; index++) {
      const id = firstVenueId + index;
      const place = random.pick(CITIES);
      const name = `${random.pick(VENUE_PREFIXES)} ${random.pick(VENUE_KINDS)}`;
      const title = venueNames.take(
        venueCount > VENUE_PREFIXES.length * VENUE_KINDS.length ? `${name} ${place.city}` : name,
      );
      const content = `${title} hosts concerts, talks and classes in the heart of ${place.city}. ${random.pick(FILLER_SENTENCES)}`;
      const dateUtc = publishedOn(today - 1 - random.int(1000));
      batch.posts.push(
        postRows.row(
          id,
          postFields('venue', writtenStatus('publish', MAY_PUBLISH, dateUtc, nowUtc), title, content, ''),
          dateUtc,
          slugs.take('venue', title),
        ),
      );
      const located = random.chance(0.6);
      // A venue created through the API stores every text field ('' when not given; `stateprovince`
      // is then derived on the wire), shows its map and map link unless told otherwise, and has
      // coordinates only when given.
      const venue: Selectable<VenuesTable> = {
        post_id: id,
        address: `${random.between(1, 240)} ${random.pick(STREETS)}`,
        city: place.city,
        country: place.country,
        province: place.province,
        state: place.state,
        zip: `${place.zip}${random.between(10, 99)}`,
        phone: phoneNumber(random),
        stateprovince: '',
        website: random.chance(0.5) ? `https://venues.example.org/${id}` : '',
        show_map: 1,
        show_map_link: 1,
        geo_lat: located ? Math.round((place.lat + (random.next() - 0.5) / 10) * 1e6) / 1e6 : null,
        geo_lng: located ? Math.round((place.lng + (random.next() - 0.5) / 10) * 1e6) / 1e6 : null,
      };
      batch.venues.push(venue);
      if (batch.posts.length >= BATCH_EVENTS) await flush('venues', index + 1, venueCount);
    }
    if (batch.posts.length > 0) await flush('venues', venueCount, venueCount);

    for (let index = 0; index < organizerCount; index++) {
      const id = firstOrganizerId + index;
      const title = organizerNames.take(
        `${random.pick(FIRST_NAMES)}'s ${random.pick(TOPICS)} ${random.pick(ORGANIZER_KINDS)}`,
      );
      const dateUtc = publishedOn(today - 1 - random.int(1000));
      const content = `${title} organises events for everyone. ${random.pick(FILLER_SENTENCES)}`;
      batch.posts.push(
        postRows.row(
          id,
          postFields('organizer', writtenStatus('publish', MAY_PUBLISH, dateUtc, nowUtc), title, content, ''),
          dateUtc,
          slugs.take('organizer', title),
        ),
      );
      const organizer: Selectable<OrganizersTable> = {
        post_id: id,
        phone: phoneNumber(random),
        website: random.chance(0.6) ? `https://org.example.org/${id}` : '',
        email: `contact${id}@example.org`,
      };
      batch.organizers.push(organizer);
      if (batch.posts.length >= BATCH_EVENTS) await flush('organizers', index + 1, organizerCount);
    }
    if (batch.posts.length > 0) await flush('organizers', organizerCount, organizerCount);

    const familyMembers = CATEGORY_TREE.map((_, family) => categories.filter((category) => category.family === family));
    for (let index = 0; index < options.events; index++) {
      const id = firstEventId + index;
      const [adjective, adjectiveFrench] = random.pick(ADJECTIVES);
      const topic = random.pick(TOPICS);
      const format = random.int(FORMATS.length);
      const [formatText, formatFrench] = FORMATS[format]!;
      // Most events name their host: titles repeat less, and a slug's numbering (`-2`, `-3`...) costs
      // a lookup per number already taken, as in the API.
      const host = random.chance(HOSTED_SHARE) ? random.pick(FIRST_NAMES) : undefined;
      const title = `${adjective} ${topic} ${formatText}${host ? ` with ${host}` : ''}`;
      const roll = random.next();
      const requested = roll < 0.9 ? 'publish' : roll < 0.94 ? 'draft' : roll < 0.97 ? 'pending' : 'private';
      // Short texts: the trigram search index costs time in proportion to the text it covers.
      const content = `${/^[AEIOU]/.test(formatText) ? 'An' : 'A'} ${formatText.toLowerCase()} for anyone curious about ${topic.toLowerCase()}. ${random.pick(FILLER_SENTENCES)}`;
      const excerpt = random.chance(0.2) ? `${formatText} about ${topic.toLowerCase()}.` : '';

      const zone = random.pick(EVENT_ZONES);
      const day = random.between(firstDay, lastDay);
      // Series spread evenly among the events, half of them bounded, each started within the past
      // year; drawn from no generator, so the other events are the same with or without them.
      const seriesBefore = Math.floor((index * seriesCount) / options.events);
      const isSeries = Math.floor(((index + 1) * seriesCount) / options.events) > seriesBefore;
      const schedule = schedules.get(zone, isSeries ? today - 1 - ((seriesBefore * 7919) % SERIES_START_DAYS) : day);
      const series = isSeries
        ? weeklySeries(schedule, seriesBefore % 2 === 1, now, options.recurring!.settings)
        : undefined;
      // Published a few days to months ahead of the event, or, for some, scheduled to appear later.
      const scheduled = requested === 'publish' && day > today + 2 && random.chance(SCHEDULED_SHARE);
      const publicationDay = scheduled
        ? random.between(today + 1, Math.min(day - 1, today + 60))
        : Math.min(today - 1 - random.int(30), day - random.between(1, 120));
      const dateUtc = publishedOn(publicationDay);
      const status = writtenStatus(requested, MAY_PUBLISH, dateUtc, nowUtc);
      const slug = needsSlug(status) ? slugs.take('event', title) : '';
      batch.posts.push(postRows.row(id, postFields('event', status, title, content, excerpt), dateUtc, slug));
      const event: Selectable<EventsTable> = {
        post_id: id,
        // The events' copy of the post's status, which the archive reads.
        status,
        ...schedule,
        ...costs.get(random.pick(COST_TEXTS))!,
        // Not given: null, which the wire shows as the permalink.
        website: random.chance(0.2) ? `https://tickets.example.org/e/${id}` : null,
        // As The Events Calendar's editor sends them: map and map link on.
        show_map: 1,
        show_map_link: 1,
        hide_from_listings: random.chance(0.02) ? 1 : 0,
        featured: random.chance(0.05) ? 1 : 0,
        custom_fields: null,
        ...SINGLE_EVENT,
        ...series?.fields,
      };
      batch.events.push(event);
      if (series) {
        // The first date is named by the series' own id, the others by ids from the sequence.
        for (const [position, date] of series.dates.entries()) {
          const occurrence: Selectable<EventOccurrencesTable> = {
            id: position === 0 ? id : ++lastId,
            event_id: id,
            series_id: id,
            occurrence_key: date.key,
            start_local: date.startLocal,
            end_local: date.endLocal,
            start_utc: date.startUtc,
            end_utc: date.endUtc,
            status,
            hide_from_listings: event.hide_from_listings,
          };
          batch.event_occurrences.push(occurrence);
        }
      } else {
        batch.event_occurrences.push(singleOccurrence(event));
      }
      const occurrences = series ? series.dates.length : 1;
      occurrenceCount += occurrences;

      if (random.chance(0.85))
        batch.event_links.push({
          event_id: id,
          linked_id: firstVenueId + random.skewedIndex(venueCount),
          kind: 'venue',
          position: 0,
        });
      if (random.chance(0.8)) {
        const first = firstOrganizerId + random.skewedIndex(organizerCount);
        batch.event_links.push({ event_id: id, linked_id: first, kind: 'organizer', position: 0 });
        const second = firstOrganizerId + random.int(organizerCount);
        if (random.chance(0.3) && second !== first)
          batch.event_links.push({ event_id: id, linked_id: second, kind: 'organizer', position: 1 });
      }
      // Categories follow the title's format loosely; a second one comes from anywhere.
      const termIds = new Set<number>();
      const members = familyMembers[format % familyMembers.length]!;
      termIds.add(random.pick(members).id);
      const secondCategory = random.pick(categories).id;
      if (random.chance(0.4)) termIds.add(secondCategory);
      const tagCount = random.int(4);
      for (let tag = 0; tag < tagCount; tag++) termIds.add(tags[random.skewedIndex(tags.length)]!.id);
      for (const termId of termIds) {
        batch.event_terms.push({ event_id: id, term_id: termId });
        // A term counts each occurrence of a published series, as the service's writes do.
        if (status === 'publish') publishedLinks.set(termId, (publishedLinks.get(termId) ?? 0) + occurrences);
      }

      if (random.chance(0.05)) {
        // As a later write in French of the title and description would store them.
        const frenchTitle = `${formatFrench} ${adjectiveFrench.toLowerCase()} : ${topic}${host ? ` avec ${host}` : ''}`;
        batch.post_translations.push({
          post_id: id,
          language: 'fr',
          title: frenchTitle,
          content: `Un rendez-vous ${adjectiveFrench.toLowerCase()} autour de ${topic.toLowerCase()}, ouvert à toutes et à tous.`,
          excerpt: null,
          slug: slugs.takeFrench(frenchTitle, slug),
        });
      }
      if (batch.posts.length >= BATCH_EVENTS || batch.event_occurrences.length >= BATCH_OCCURRENCES)
        await flush('events', index + 1, options.events);
    }
    if (batch.posts.length > 0) await flush('events', options.events, options.events);
    restored = true;
    await writer.restore(lastId, log);
  } finally {
    if (!restored) await writer.restore(lastId, log);
  }

  await storage.write(async (tx) => {
    // Seeded events link only to seeded terms, so the counts kept while generating are complete.
    for (const [termId, count] of publishedLinks)
      await tx.updateTable('terms').set({ count }).where('id', '=', termId).execute();
    // The load set the day counts' triggers aside with the others.
    await recountOccurrenceDays(tx);
    // Running nodes must not keep serving answers cached before the seed.
    await storage.touchContent(tx, now);
  });

  const seconds = (performance.now() - started) / 1000;
  log(
    `seeded ${options.events.toLocaleString('en-US')} events (${seriesCount.toLocaleString('en-US')} weekly series; ${occurrenceCount.toLocaleString('en-US')} occurrences), ${venueCount} venues, ${organizerCount} organizers, ${categories.length} categories, ${tags.length} tags in ${seconds.toFixed(1)} s`,
  );
  return {
    events: options.events,
    series: seriesCount,
    occurrences: occurrenceCount,
    venues: venueCount,
    organizers: organizerCount,
    categories: categories.length,
    tags: tags.length,
    seconds,
  };
}
