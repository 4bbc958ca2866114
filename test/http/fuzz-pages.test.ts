import assert from 'node:assert/strict';
import { after, before, describe, test, type TestContext } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { ListQuery } from '../../src/modules/events/events.schemas.ts';
import { API, basicAuth, createRecord } from '../fixtures/app.ts';
import { longestStallMs, MAX_EVENT_LOOP_STALL_MS } from '../fixtures/event-loop.ts';
import { createLoggingTestApp, type LoggingTestApp } from '../fixtures/fuzz.ts';

/*
 * Bounded work on every public page and feed (issue 32): the HTML views (list, month, day, embed,
 * terms, venues, organizers, events and their occurrences, the sitemap), the original's feed URLs
 * (`?ical=1`, `/ical/`) and the namespace's `.ics` routes, each with hostile path segments and
 * query parameters, dates above all (years 0 to 99999, months and days out of range, relative
 * words, timestamps). No answer may be a 5xx or log an error, and no request may keep the event
 * loop busy longer than MAX_EVENT_LOOP_STALL_MS: a month of year 1 once walked 99,000 weeks (13 s),
 * with every other request of the server waiting. Seeds are fixed so a failure replays; a route's
 * seed comes from its path, so adding a route does not change what the others are sent.
 */

/** Requests per path (tuned to keep PostgreSQL, the slower, under 40 s for the file). */
const RUNS_PER_PATH = 10;
const ADMINISTRATOR = { authorization: basicAuth('administrator', 'administrator-password') };

/** The pages and feeds, `{month}`, `{day}`, `{slug}` and `{id}` standing for path segments. */
const PATHS = [
  '/events/',
  '/events/list/',
  '/events/month/',
  '/events/month/{month}/',
  '/events/today/',
  '/events/embed/',
  '/events/{day}/',
  '/events/category/{slug}/',
  '/tag/{slug}/',
  '/events/tag/{slug}/',
  '/event/{slug}/',
  '/event/{slug}/{day}/',
  '/venue/{slug}/',
  '/organizer/{slug}/',
  '/sitemap.xml',
  '/fr/events/month/{month}/',
  '/fr/events/{day}/',
  '/fr/event/{slug}/{day}/',
  // The original's feed URLs, rewritten to the namespace's routes (decision 0026).
  '/events/?ical=1',
  '/events/month/?ical=1',
  '/events/{month}/?ical=1',
  '/events/{day}/?ical=1',
  '/events/day/{day}/?ical=1',
  '/events/category/{slug}/month/?ical=1',
  '/event/{slug}/ical/',
  '/event/{slug}/{day}/ical/',
  `${API}/events.ics`,
  `${API}/events/{id}.ics`,
  `${API}/events/by-slug/{slug}.ics`,
];

/** Every parameter the pages read, the original's feed parameters, and the archive's (the `.ics` feeds take them). */
const PARAMETERS = [
  'search',
  'category',
  'tag',
  'venue',
  'organizer',
  'date',
  'page',
  'view',
  'month',
  'ical',
  'tribe-bar-date',
  'eventDisplay',
  'eventDate',
  'tribe_eventcategory',
  'tribe_tag',
  'tribe_venue',
  'tribe_organizer',
  'tribe-bar-search',
  'lang',
  'limit',
  'password',
  'translation_language',
  ...Object.keys(ListQuery.properties),
];

const pad = (value: number, width: number) =>
  value < 0 ? `-${String(-value).padStart(width, '0')}` : String(value).padStart(width, '0');

/** Years from before 1 to past 9999, with the range's edges (decision 0048) often. */
const year = fc.oneof(
  fc.constantFrom(0, 1, 2, 99, 100, 1899, 1900, 1970, 2026, 2027, 9998, 9999, 10000, -1),
  fc.integer({ min: -2, max: 99_999 }),
);
const monthText = fc.tuple(year, fc.integer({ min: 0, max: 13 })).map(([y, m]) => `${pad(y, 4)}-${pad(m, 2)}`);
const dayText = fc
  .tuple(year, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const DATE_WORDS = [
  '0001-01',
  '0099-12',
  '9999-12',
  '0000-01',
  '10000-01',
  '0001-01-01',
  '9999-12-31',
  '0000-12-31',
  '10000-01-01',
  '2026-02-30',
  'today',
  'tomorrow',
  'next monday',
  '+1000 years',
  '-3000 years',
  '@-62135596800',
  '@253402300800',
  '@-99999999999999',
  '9999-12-31 23:59:59',
  '0001-01-01 00:00:00',
  '2026-12-01T10:00:00+14:00',
  '99999999999',
  '-1',
  '0',
  '',
];
const OTHER_WORDS = [
  'month',
  'list',
  'day',
  'week',
  '1',
  '2',
  '9999999',
  '10001',
  'true',
  'false',
  'fr',
  'en',
  'xx',
  'UTC+14',
  'Europe/Paris',
  'Mars/Olympus',
  '%',
  '\u0000',
  '<script>',
  "' OR '1'='1",
  '../..',
  'x'.repeat(300),
];
const dateValue = fc.oneof(monthText, dayText, fc.constantFrom(...DATE_WORDS));
const value = fc.oneof(
  { weight: 3, arbitrary: dateValue },
  { weight: 1, arbitrary: fc.constantFrom(...OTHER_WORDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** `?name=value&…` from a path that may already have a query. */
const queryArbitrary = fc
  .array(fc.tuple(fc.constantFrom(...PARAMETERS), value), { maxLength: 4 })
  .map((pairs) => new URLSearchParams(pairs).toString());

interface Seeded {
  readonly slugs: readonly string[];
  readonly ids: readonly number[];
}

function requestArbitrary(template: string, seeded: Seeded): fc.Arbitrary<{ url: string; administrator: boolean }> {
  const slots: Record<string, fc.Arbitrary<string>> = {
    month: fc.oneof({ weight: 3, arbitrary: monthText }, { weight: 1, arbitrary: fc.constantFrom(...DATE_WORDS) }),
    day: fc.oneof({ weight: 3, arbitrary: dayText }, { weight: 1, arbitrary: fc.constantFrom(...DATE_WORDS) }),
    slug: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...seeded.slugs) },
      { weight: 1, arbitrary: fc.constantFrom('%00', '..', 'x'.repeat(300), '%E0%A4%A') },
    ),
    id: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...seeded.ids.map(String)) },
      { weight: 1, arbitrary: fc.constantFrom('0', '99999999999999999999', '9'.repeat(400)) },
    ),
  };
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return fc
    .record({
      segments: fc.tuple(...names.map((name) => slots[name]!)),
      query: queryArbitrary,
      administrator: fc.boolean(),
    })
    .map(({ segments, query, administrator }) => {
      let position = 0;
      const path = template.replace(/\{\w+\}/g, () => encodeURIComponent(segments[position++]!));
      return { url: query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`, administrator };
    });
}

/** A seed per path, from its text: stable whatever other paths are added. */
const seedOf = (text: string) => [...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, 7);

describe('pages and feeds under hostile parameters', () => {
  let harness: LoggingTestApp;
  let seeded: Seeded;

  before(async () => {
    harness = await createLoggingTestApp();
    const create = (collection: string, body: Record<string, unknown>) => createRecord(harness, collection, body);
    const category = await create('categories', { name: 'Music' });
    const tag = await create('tags', { name: 'Late' });
    const venue = await create('venues', { venue: 'Blue Hall', city: 'Springfield' });
    const organizer = await create('organizers', { organizer: 'Jazz Club' });
    const links = { venue: venue.id, organizer: [organizer.id], categories: [category.id], tags: [tag.id] };
    const single = await create('events', {
      title: 'Jazz Night',
      start_date: '2026-12-01 20:00',
      end_date: '2026-12-01 23:00',
      ...links,
    });
    const series = await create('events', {
      title: 'Evening Yoga',
      start_date: '2026-12-02 19:00',
      end_date: '2026-12-02 20:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=20' },
      ...links,
    });
    // Events at the ends of the supported range: their pages, grids and feeds too.
    const first = await create('events', {
      title: 'Year One',
      start_date: '0001-01-01 10:00',
      end_date: '0001-01-01 11:00',
      ...links,
    });
    const last = await create('events', {
      title: 'Year 9999',
      start_date: '9999-12-31 10:00',
      end_date: '9999-12-31 11:00',
      all_day: true,
      ...links,
    });
    const records = [category, tag, venue, organizer, single, series, first, last];
    seeded = { slugs: records.map((record) => record.slug), ids: records.map((record) => record.id) };
    harness.errorLog.splice(0);
  });
  after(() => harness?.close());

  const send = (request: { url: string; administrator: boolean }) =>
    harness.app.inject({ method: 'GET', url: request.url, headers: request.administrator ? ADMINISTRATOR : {} });

  for (const template of PATHS) {
    test(`GET ${template}`, async (context: TestContext) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestArbitrary(template, seeded), async (request) => {
          let { result: response, stallMs } = await longestStallMs(() => send(request));
          // A stall may be the machine (other processes, a garbage collection): a real one stalls again,
          // re-measured as the administrator, whose answers no cache keeps.
          if (stallMs > MAX_EVENT_LOOP_STALL_MS)
            ({ result: response, stallMs } = await longestStallMs(() => send({ ...request, administrator: true })));
          const failures = checks(response, stallMs, harness.errorLog.splice(0));
          if (failures.length > 0)
            assert.fail(
              `GET ${request.url}${request.administrator ? ' (administrator)' : ''}: ${failures.join('; ')}\n→ ${response.statusCode} ${response.body.slice(0, 300)}`,
            );
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        }),
        { numRuns: RUNS_PER_PATH, seed: seedOf(template), endOnFailure: true },
      );
      context.diagnostic(
        [...statuses]
          .sort()
          .map(([status, count]) => `${status}: ${count}`)
          .join(', '),
      );
    });
  }
});

function checks(response: LightMyRequestResponse, stallMs: number, errors: readonly string[]): string[] {
  const failures: string[] = [];
  if (response.statusCode >= 500) failures.push(`status ${response.statusCode}`);
  if (stallMs > MAX_EVENT_LOOP_STALL_MS)
    failures.push(`the event loop was busy ${Math.round(stallMs)} ms (bound ${MAX_EVENT_LOOP_STALL_MS} ms)`);
  if (errors.length > 0) failures.push(`error log: ${errors.join('\n').slice(0, 500)}`);
  return failures;
}
