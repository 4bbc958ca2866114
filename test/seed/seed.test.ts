import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { utcToZoned, zoneAbbreviation, zonedToUtc } from '../../src/dates/zones.ts';
import { parseEventCount, seed, SeedRefusedError } from '../../src/seed/seed.ts';
import { slugify } from '../../src/slugs.ts';
import { ONE_PERCENT_TITLE_WORD } from '../../src/seed/vocabulary.ts';
import { migrate, openStorage } from '../../src/storage/database.ts';
import type { Storage } from '../../src/storage/types.ts';
import { createTestApp, DIALECT, freshDatabase, TEST_NOW, type TestApp, type TestDatabase } from '../fixtures/app.ts';

const EVENTS = 2000;
const NOW = new Date('2026-11-22T12:00:00Z');
const SITE_ZONE = 'Europe/Paris';

async function openFresh(): Promise<{ database: TestDatabase; storage: Storage }> {
  const database = await freshDatabase();
  const storage = openStorage(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }).database);
  await migrate(storage);
  return { database, storage };
}

/** Triggers and indexes as the database records them, schema names removed so two databases compare. */
async function searchAndIndexDefinitions(storage: Storage): Promise<string[]> {
  if (storage.driver.kind === 'sqlite') {
    return (
      storage.driver.client
        .prepare(
          `select type, name, sql from sqlite_master where type in ('trigger', 'index') and sql is not null order by name`,
        )
        .all() as { type: string; name: string; sql: string }[]
    ).map((row) => `${row.type} ${row.name}: ${row.sql}`);
  }
  const result = await storage.read((tx) =>
    sql<{
      indexname: string;
      indexdef: string;
    }>`select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`.execute(tx),
  );
  return result.rows.map((row) => `${row.indexname}: ${row.indexdef.replace(/ ON \w+\./, ' ON ')}`);
}

const count = async (storage: Storage, query: string): Promise<number> =>
  Number((await storage.read((tx) => sql<{ n: number }>`${sql.raw(query)}`.execute(tx))).rows[0]!.n);

/** Seeds a fresh database with `events` events before the suite's tests and drops it after them. */
function seedForSuite(events: number, opened: (storage: Storage) => void): void {
  let database: TestDatabase;
  let storage: Storage;
  before(async () => {
    ({ database, storage } = await openFresh());
    await seed(storage, { events, force: false, now: NOW, siteZone: SITE_ZONE });
    opened(storage);
  });
  after(async () => {
    await storage.close();
    await database.drop();
  });
}

describe(`seed (${DIALECT})`, () => {
  let storage: Storage;
  seedForSuite(EVENTS, (opened) => (storage = opened));

  test('reads counts as people write them', () => {
    assert.equal(parseEventCount('10k'), 10_000);
    assert.equal(parseEventCount('100K'), 100_000);
    assert.equal(parseEventCount('1m'), 1_000_000);
    assert.equal(parseEventCount('1000000'), 1_000_000);
    assert.equal(parseEventCount('1.5k'), 1_500);
    for (const wrong of ['', '0', '-5', '10x', '1.2345k', 'k']) assert.equal(parseEventCount(wrong), undefined, wrong);
  });

  test('fills every table in the expected proportions', async () => {
    const share = async (query: string) => (await count(storage, query)) / EVENTS;
    assert.equal(await count(storage, `select count(*) as n from posts where type = 'event'`), EVENTS);
    assert.equal(await count(storage, `select count(*) as n from events`), EVENTS);
    assert.equal(await count(storage, `select count(*) as n from venues`), EVENTS / 50);
    assert.equal(await count(storage, `select count(*) as n from organizers`), EVENTS / 50);
    assert.equal(await count(storage, `select count(*) as n from terms where taxonomy = 'category'`), 30);
    assert.ok(
      (await count(storage, `select count(*) as n from terms where taxonomy = 'category' and parent_id <> 0`)) >= 10,
      'nested categories',
    );
    assert.equal(await count(storage, `select count(*) as n from terms where taxonomy = 'tag'`), 200);
    assert.ok(
      (await count(storage, `select count(*) as n from venues where geo_lat is not null`)) > 0,
      'venues with coordinates',
    );
    assert.ok(
      (await count(storage, `select count(*) as n from venues where geo_lat is null`)) > 0,
      'venues without coordinates',
    );

    const between = (value: number, low: number, high: number, what: string) =>
      assert.ok(value >= low && value <= high, `${what}: ${value}`);
    between(
      await share(`select count(*) as n from posts where type = 'event' and status = 'publish'`),
      0.85,
      0.95,
      'published',
    );
    for (const status of ['draft', 'pending', 'private'])
      between(
        await share(`select count(*) as n from posts where type = 'event' and status = '${status}'`),
        0.01,
        0.07,
        status,
      );
    between(
      await share(`select count(*) as n from posts where type = 'event' and status = 'future'`),
      0.0005,
      0.01,
      'scheduled',
    );
    between(
      await share(`select count(*) as n from events where hide_from_listings = 1`),
      0.005,
      0.04,
      'hidden from listings',
    );
    between(await share(`select count(*) as n from events where featured = 1`), 0.03, 0.08, 'featured');
    between(await share(`select count(*) as n from events where cost <> ''`), 0.3, 0.8, 'with a cost');
    between(await share(`select count(*) as n from events where website is not null`), 0.1, 0.3, 'with a website');
    between(await share(`select count(*) as n from events where all_day = 1`), 0.04, 0.12, 'all day');
    between(await share(`select count(*) as n from event_links where kind = 'venue'`), 0.8, 0.9, 'with a venue');
    between(
      await share(`select count(distinct event_id) as n from event_links where kind = 'organizer'`),
      0.75,
      0.85,
      'with organizers',
    );
    between(
      await share(
        `select count(*) as n from (select event_id from event_terms join terms on terms.id = term_id where taxonomy = 'category' group by event_id having count(*) between 1 and 2) as c`,
      ),
      1,
      1,
      'with one or two categories',
    );
    between(
      await share(`select count(*) as n from event_terms join terms on terms.id = term_id where taxonomy = 'tag'`),
      1,
      2,
      'tags per event',
    );
    between(await share(`select count(*) as n from post_translations where language = 'fr'`), 0.03, 0.07, 'translated');
    assert.ok(
      (await count(storage, `select count(*) as n from term_translations where language = 'fr'`)) >= 30,
      'translated terms',
    );
    between(
      await share(
        `select count(*) as n from posts where type = 'event' and lower(title) like '%${ONE_PERCENT_TITLE_WORD.toLowerCase()}%'`,
      ),
      0.003,
      0.02,
      'titles with the rare word',
    );
  });

  test("the events' copy of the status is the post's", async () => {
    assert.equal(
      await count(
        storage,
        `select count(*) as n from events e join posts p on p.id = e.post_id where e.status <> p.status`,
      ),
      0,
    );
  });

  test('slugs: unique per type, empty for drafts and pending events only, numbered from the title', async () => {
    assert.equal(
      await count(
        storage,
        `select count(*) as n from posts where type = 'event' and status in ('draft', 'pending') and slug <> ''`,
      ),
      0,
      'drafts and pending events keep an empty slug',
    );
    assert.equal(
      await count(
        storage,
        `select count(*) as n from posts where slug = '' and not (type = 'event' and status in ('draft', 'pending'))`,
      ),
      0,
      'every other record has one',
    );
    assert.equal(
      await count(
        storage,
        `select count(*) as n from (select type, slug from posts where slug <> '' group by type, slug having count(*) > 1) as d`,
      ),
      0,
      'unique per type',
    );
    assert.equal(
      await count(
        storage,
        `select count(*) as n from (select slug from post_translations where language = 'fr' group by slug having count(*) > 1) as d`,
      ),
      0,
      'unique French slugs',
    );
    const slugged = await storage.read((tx) =>
      tx.selectFrom('posts').select(['title', 'slug']).where('slug', '<>', '').execute(),
    );
    for (const post of slugged) assert.match(post.slug, new RegExp(`^${slugify(post.title)}(-\\d+)?$`), post.title);
  });

  test('post dates: the site-local twin of the UTC publication date, modified at the seed time', async () => {
    const rows = await storage.read((tx) =>
      tx.selectFrom('posts').select(['date_local', 'date_utc', 'modified_local', 'modified_utc', 'status']).execute(),
    );
    for (const row of rows) {
      assert.equal(row.date_local, utcToZoned(row.date_utc, SITE_ZONE));
      assert.deepEqual([row.modified_utc, row.modified_local], ['2026-11-22 12:00:00', '2026-11-22 13:00:00']);
      assert.equal(
        row.status === 'future',
        row.date_utc > '2026-11-22 12:00:00',
        `${row.status} published ${row.date_utc}`,
      );
    }
  });

  test('dates spread over five years, with local and UTC times the service would compute', async () => {
    const rows = await storage.read((tx) =>
      tx
        .selectFrom('events')
        .select(['start_local', 'end_local', 'start_utc', 'end_utc', 'timezone', 'timezone_abbr', 'all_day'])
        .execute(),
    );
    for (const [index, row] of rows.entries()) {
      assert.equal(row.start_utc, zonedToUtc(row.start_local, row.timezone), `${row.start_local} ${row.timezone}`);
      assert.equal(row.end_utc, zonedToUtc(row.end_local, row.timezone), `${row.end_local} ${row.timezone}`);
      // The abbreviation follows from the offset checked above; a sample keeps the test quick.
      if (index % 20 === 0) assert.equal(row.timezone_abbr, zoneAbbreviation(row.timezone, row.start_utc));
      if (row.all_day) assert.deepEqual([row.start_local.slice(11), row.end_local.slice(11)], ['00:00:00', '23:59:59']);
      assert.ok(row.end_local >= row.start_local);
    }
    const starts = rows.map((row) => row.start_local).sort();
    assert.ok(starts[0]! < '2023-12-31' && starts[0]! >= '2023-11-01', `first start ${starts[0]}`);
    assert.ok(starts.at(-1)! > '2028-10-01' && starts.at(-1)! <= '2028-11-30', `last start ${starts.at(-1)}`);
    assert.ok(new Set(rows.map((row) => row.timezone)).size >= 6, 'several zones');
  });

  test('venues and organizers store what the API stores when fields are not given', async () => {
    assert.equal(
      await count(
        storage,
        `select count(*) as n from venues where show_map <> 1 or show_map_link <> 1 or stateprovince <> ''`,
      ),
      0,
    );
    assert.equal(
      await count(storage, `select count(*) as n from venues where (geo_lat is null) <> (geo_lng is null)`),
      0,
    );
    assert.ok(
      (await count(storage, `select count(*) as n from venues where website = ''`)) > 0,
      'venues without a website store an empty one',
    );
    assert.equal(await count(storage, `select count(*) as n from organizers where email = '' or phone = ''`), 0);
  });

  test('term counts equal the published events linked', async () => {
    const mismatched = await count(
      storage,
      `select count(*) as n from terms t
        where t.count <> (select count(*) from event_terms et join posts p on p.id = et.event_id where et.term_id = t.id and p.status = 'publish')`,
    );
    assert.equal(mismatched, 0);
    assert.ok((await count(storage, `select min(count) as n from terms where taxonomy = 'category'`)) > 0);
  });

  test('restores the search triggers and indexes exactly as the migrations made them', async () => {
    const reference = await openFresh();
    try {
      assert.deepEqual(await searchAndIndexDefinitions(storage), await searchAndIndexDefinitions(reference.storage));
    } finally {
      await reference.storage.close();
      await reference.database.drop();
    }
    const searchFor = (word: string) =>
      storage.read((tx) =>
        tx
          .selectFrom('posts as p')
          .select('p.id')
          .where('p.type', '=', 'event')
          .where(storage.dialect.postsContaining('p', word))
          .execute(),
      );
    assert.equal(
      (await searchFor(ONE_PERCENT_TITLE_WORD)).length,
      await count(
        storage,
        `select count(*) as n from posts where type = 'event' and lower(title || ' ' || excerpt || ' ' || content) like '%harpsichord%'`,
      ),
    );
    const created = await storage.write((tx) =>
      tx
        .insertInto('posts')
        .values({
          type: 'event',
          author_id: 0,
          status: 'publish',
          slug: 'zanzibar-zither-night',
          title: 'Zanzibar zither night',
          content: '',
          excerpt: '',
          password: '',
          parent_id: 0,
          menu_order: 0,
          image_id: null,
          language: 'en',
          date_local: '2026-11-22 12:00:00',
          date_utc: '2026-11-22 12:00:00',
          modified_local: '2026-11-22 12:00:00',
          modified_utc: '2026-11-22 12:00:00',
          global_id_lineage: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    assert.ok(
      created.id > (await count(storage, `select max(post_id) as n from events`)),
      'the id sequence continues after the seeded posts',
    );
    assert.deepEqual(await searchFor('zither'), [{ id: created.id }]);
  });

  test('refuses a database that holds calendar data unless forced, then adds to it with slugs still unique', async () => {
    await assert.rejects(
      seed(storage, { events: 10, force: false, now: NOW }),
      (error: unknown) =>
        error instanceof SeedRefusedError && /already holds calendar data \(2001 events/.test(error.message),
    );
    const before = await count(storage, `select count(*) as n from posts where type = 'event'`);
    await seed(storage, { events: 100, force: true, now: NOW, siteZone: SITE_ZONE });
    assert.equal(await count(storage, `select count(*) as n from posts where type = 'event'`), before + 100);
    assert.equal(await count(storage, `select count(*) as n from terms where taxonomy = 'category'`), 60);
    assert.equal(
      await count(storage, `select count(*) as n from terms where slug = 'music-2'`),
      1,
      'a second run numbers its term slugs',
    );
    assert.equal(
      await count(
        storage,
        `select count(*) as n from (select type, slug from posts where slug <> '' group by type, slug having count(*) > 1) as d`,
      ),
      0,
      'post slugs unique',
    );
    assert.equal(
      await count(
        storage,
        `select count(*) as n from (select type, title from posts where type <> 'event' group by type, title having count(*) > 1) as d`,
      ),
      0,
      'venue and organizer names unique',
    );
  });
});

describe(`recurring seed (${DIALECT})`, () => {
  const RECURRING_EVENTS = 300;
  const SERIES = 30;
  let t: TestApp;
  let occurrences: number;
  const rows = <T>(query: string) => t.storage.read(async (tx) => (await sql<T>`${sql.raw(query)}`.execute(tx)).rows);

  before(async () => {
    t = await createTestApp({
      env: { CALENDAR_TIMEZONE: SITE_ZONE },
      // The seed's now is the app's, so both materialise series up to the same horizon.
      prepare: async (storage, config) => {
        ({ occurrences } = await seed(storage, {
          events: RECURRING_EVENTS,
          force: false,
          now: new Date(TEST_NOW),
          siteZone: SITE_ZONE,
          recurring: { series: SERIES, settings: config.recurrence },
        }));
      },
    });
  });
  after(() => t?.close());

  test('makes that many events weekly series, half of them bounded, each first date named by its own id', async () => {
    assert.equal(await count(t.storage, `select count(*) as n from events where recurrence is not null`), SERIES);
    assert.equal(
      await count(t.storage, `select count(*) as n from events where recurrence like '%UNTIL=%'`),
      SERIES / 2,
    );
    assert.equal(await count(t.storage, `select count(*) as n from event_occurrences`), occurrences);
    // About two years of weeks each, at least.
    assert.ok(occurrences > RECURRING_EVENTS - SERIES + SERIES * 60, `${occurrences} occurrences`);
    assert.equal(
      await count(
        t.storage,
        `select count(*) as n from events e where e.recurrence is null and (select count(*) from event_occurrences o where o.event_id = e.post_id and o.id = e.post_id and o.series_id is null) <> 1`,
      ),
      0,
      'single events: one row, their own id',
    );
    assert.equal(
      await count(
        t.storage,
        `select count(*) as n from events e where e.recurrence is not null and not exists (select 1 from event_occurrences o where o.id = e.post_id and o.series_id = e.post_id and o.start_local = e.start_local)`,
      ),
      0,
      "series: the first date has the series' id",
    );
    assert.equal(
      await count(
        t.storage,
        `select count(*) as n from event_occurrences o join posts p on p.id = o.id where o.id <> o.event_id`,
      ),
      0,
      "the other dates' ids are no post's",
    );
    assert.equal(
      await count(
        t.storage,
        `select count(*) as n from event_occurrences o join events e on e.post_id = o.event_id where o.status <> e.status or o.hide_from_listings <> e.hide_from_listings`,
      ),
      0,
      "the occurrences' copies are the event's",
    );
  });

  test('the posts id sequence continues past the occurrence ids', async () => {
    const created = await t.request('administrator', 'POST', 'events', {
      title: 'After the seed',
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-01 11:00:00',
      status: 'publish',
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.ok(
      created.json<{ id: number }>().id >
        (await count(
          t.storage,
          `select max(id) as n from event_occurrences where id <> ${created.json<{ id: number }>().id}`,
        )),
    );
  });

  test('term counts count every occurrence of a published series', async () => {
    const mismatched = await count(
      t.storage,
      `select count(*) as n from terms t
        where t.count <> (select count(*) from event_terms et join posts p on p.id = et.event_id join event_occurrences o on o.event_id = et.event_id where et.term_id = t.id and p.status = 'publish')`,
    );
    assert.equal(mismatched, 0);
  });

  test('series agree with twins created through the API from the same input', async () => {
    type Series = {
      post_id: number;
      start_local: string;
      end_local: string;
      timezone: string;
      all_day: number;
      recurrence: string;
      materialized_until: string | null;
    };
    const sample = await rows<Series>(
      `select post_id, start_local, end_local, timezone, all_day, recurrence, materialized_until from events where recurrence is not null order by post_id`,
    );
    const chosen = [
      sample.find((series) => series.materialized_until === null),
      sample.find((series) => series.materialized_until !== null),
      sample.find((series) => series.all_day === 1),
    ].filter((series) => series !== undefined);
    assert.ok(chosen.length >= 2, 'a bounded and an unbounded series');
    const datesOf = (id: number) =>
      rows<Record<string, string>>(
        `select occurrence_key, start_local, end_local, start_utc, end_utc from event_occurrences where series_id = ${id} order by start_local, id`,
      );
    for (const series of chosen) {
      const { rrules } = JSON.parse(series.recurrence) as { rrules: string[] };
      const input = {
        title: `Twin of ${series.post_id}`,
        status: 'draft',
        start_date: series.start_local,
        end_date: series.end_local,
        timezone: series.timezone,
        all_day: series.all_day === 1,
        recurrence: { rrule: rrules },
      };
      const created = await t.request('administrator', 'POST', 'events', input);
      assert.equal(created.statusCode, 201, created.body);
      const twinId = created.json<{ id: number }>().id;
      const [twin] = await rows<Series>(
        `select post_id, start_local, end_local, timezone, all_day, recurrence, materialized_until from events where post_id = ${twinId}`,
      );
      assert.deepEqual({ ...twin, post_id: series.post_id }, series, `series ${series.post_id}`);
      assert.deepEqual(await datesOf(twinId), await datesOf(series.post_id), `the dates of series ${series.post_id}`);
    }
  });
});

/**
 * The segments at level 0 of an FTS5 index, each as its number of pages, read from the index's
 * structure record (row 10 of `<table>_data`; its layout is documented in SQLite's fts5_index.c):
 * a 4-byte cookie, "FTS5" when the record is of the second version, then varints: the number of
 * levels and of segments, the write counter, and for each level its merge state, its number of
 * segments and theirs (id, first page, last page, and five more numbers in the second version).
 */
function levelZeroSegmentPages(client: SqliteDatabase.Database): number[] {
  const record = (client.prepare('select block from post_search_data where id = 10').get() as { block: Buffer }).block;
  let at = 4;
  const second = record.subarray(at, at + 4).toString('latin1') === 'FTS5';
  if (second) at += 4;
  // SQLite's varints are big-endian, seven bits a byte; the numbers read here all fit in eight bytes.
  const varint = () => {
    let value = 0;
    for (;;) {
      const byte = record[at++]!;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
  };
  const levels = varint();
  varint(); // segments in all
  varint(); // write counter
  if (levels === 0) return [];
  varint(); // level 0's merge state
  const segments = varint();
  return Array.from({ length: segments }, () => {
    varint(); // segment id
    const first = varint();
    const last = varint();
    if (second) for (let extra = 0; extra < 5; extra++) varint();
    return last - first + 1;
  });
}

describe(
  'the seeded search index (SQLite)',
  { skip: DIALECT !== 'sqlite' && "SQLite's FTS5 index; PostgreSQL searches with a trigram index" },
  () => {
    let storage: Storage;
    // About 5 MB of pending terms: several of FTS5's 1 MB flushes.
    seedForSuite(10_000, (opened) => (storage = opened));

    test("is built in flushes of FTS5's own size, not left whole at level 0 for a later write to merge (decision 0039)", () => {
      if (storage.driver.kind !== 'sqlite') throw new Error('an SQLite database');
      const { client } = storage.driver;
      const pageSize = Number(
        (client.prepare(`select v from post_search_config where k = 'pgsz'`).get() as { v: number } | undefined)?.v ??
          4050,
      );
      const indexPages = (client.prepare('select count(*) as n from post_search_data').get() as { n: number }).n;
      const flushPages = Math.ceil((1024 * 1024) / pageSize);
      assert.ok(indexPages > 3 * flushPages, `the index (${indexPages} pages) spans several flushes`);
      const levelZero = levelZeroSegmentPages(client);
      // A flush writes at most about its 1 MB of pending terms; twice that leaves room for doclists' framing.
      assert.ok(
        levelZero.every((pages) => pages <= 2 * flushPages),
        `level 0's segments (${levelZero.join(', ')} pages) are each at most a flush's`,
      );
    });
  },
);
