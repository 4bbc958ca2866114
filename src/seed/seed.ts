import type { Selectable } from 'kysely';
import { wireUtc } from '../clock.ts';
import type { RecurrenceSettings } from '../config.ts';
import { eventCost, needsSlug, SINGLE_EVENT, type EventCost } from '../modules/events/event-fields.ts';
import { writtenStatus, type NewPostFields } from '../modules/posts/post-rows.ts';
import type { Storage } from '../storage/types.ts';
import { singleOccurrence } from '../storage/repositories/event-occurrences.repository.ts';
import { recountOccurrenceDays } from '../storage/repositories/occurrence-day-counts.ts';
import type { EventOccurrencesTable, EventsTable, PostType } from '../storage/tables.ts';
import { bulkWriter, emptyBatch, rowCount } from './bulk-load.ts';
import { Random } from './random.ts';
import { DAY_MS, HOUR_MS, Schedules, SERIES_START_DAYS, wallClock, weeklySeries } from './seed-dates.ts';
import { organizerRow, venueRow } from './seed-linked-records.ts';
import { namesInUse, PostRows, Slugs, UniqueNames } from './seed-posts.ts';
import { insertTerms } from './seed-terms.ts';
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

const BATCH_EVENTS = 10_000;
/** The seed writes as an administrator would: allowed to publish. */
const MAY_PUBLISH = true;
/** Hours (UTC) posts are published at. Few, so that publication dates repeat (see PostRows). */
const PUBLICATION_HOURS = [9, 11, 14, 16] as const;
/** The share of events whose title names a host. */
const HOSTED_SHARE = 0.9;
/** The share of published events scheduled to appear later (status `future`). */
const SCHEDULED_SHARE = 0.01;

/** Occurrence rows that make a batch full on their own (series have about a hundred each). */
const BATCH_OCCURRENCES = 50_000;

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
      batch.venues.push(venueRow(id, place, random));
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
      batch.organizers.push(organizerRow(id, random));
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
