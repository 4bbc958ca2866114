import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { zoneAbbreviation, zonedToUtc } from '../../src/dates/zones.ts';
import { migrate, openStorage, type Storage } from '../../src/storage/database.ts';
import { ONE_PERCENT_TITLE_WORD, parseEventCount, seed, SeedRefusedError } from '../../src/storage/seed.ts';
import { DIALECT, freshDatabase, type TestDatabase } from '../fixtures/app.ts';

const EVENTS = 2000;
const NOW = new Date('2026-11-22T12:00:00Z');

async function openFresh(): Promise<{ database: TestDatabase; storage: Storage }> {
  const database = await freshDatabase();
  const storage = openStorage(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }).database);
  await migrate(storage);
  return { database, storage };
}

/** Triggers and indexes as the database records them, schema names removed so two databases compare. */
async function searchAndIndexDefinitions(storage: Storage): Promise<string[]> {
  if (storage.driver.kind === 'sqlite') {
    return (storage.driver.client.prepare(`select type, name, sql from sqlite_master where type in ('trigger', 'index') and sql is not null order by name`).all() as { type: string; name: string; sql: string }[]).map(
      (row) => `${row.type} ${row.name}: ${row.sql}`,
    );
  }
  const result = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`.execute(storage.db);
  return result.rows.map((row) => `${row.indexname}: ${row.indexdef.replace(/ ON \w+\./, ' ON ')}`);
}

const count = async (storage: Storage, query: string): Promise<number> => Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(storage.db)).rows[0]!.n);

describe(`seed (${DIALECT})`, () => {
  let database: TestDatabase;
  let storage: Storage;

  before(async () => {
    ({ database, storage } = await openFresh());
    await seed(storage, { events: EVENTS, force: false, now: NOW });
  });
  after(async () => {
    await storage.close();
    await database.drop();
  });

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
    assert.ok((await count(storage, `select count(*) as n from terms where taxonomy = 'category' and parent_id <> 0`)) >= 10, 'nested categories');
    assert.equal(await count(storage, `select count(*) as n from terms where taxonomy = 'tag'`), 200);
    assert.ok((await count(storage, `select count(*) as n from venues where geo_lat is not null`)) > 0, 'venues with coordinates');
    assert.ok((await count(storage, `select count(*) as n from venues where geo_lat is null`)) > 0, 'venues without coordinates');

    const between = (value: number, low: number, high: number, what: string) => assert.ok(value >= low && value <= high, `${what}: ${value}`);
    between(await share(`select count(*) as n from posts where type = 'event' and status = 'publish'`), 0.85, 0.95, 'published');
    for (const status of ['draft', 'pending', 'private']) between(await share(`select count(*) as n from posts where type = 'event' and status = '${status}'`), 0.01, 0.07, status);
    between(await share(`select count(*) as n from events where hide_from_listings = 1`), 0.005, 0.04, 'hidden from listings');
    between(await share(`select count(*) as n from events where featured = 1`), 0.03, 0.08, 'featured');
    between(await share(`select count(*) as n from events where cost <> ''`), 0.3, 0.8, 'with a cost');
    between(await share(`select count(*) as n from event_links where kind = 'venue'`), 0.8, 0.9, 'with a venue');
    between(await share(`select count(distinct event_id) as n from event_links where kind = 'organizer'`), 0.75, 0.85, 'with organizers');
    between(await share(`select count(*) as n from (select event_id from event_terms join terms on terms.id = term_id where taxonomy = 'category' group by event_id having count(*) between 1 and 2) as c`), 1, 1, 'with one or two categories');
    between(await share(`select count(*) as n from event_terms join terms on terms.id = term_id where taxonomy = 'tag'`), 1, 2, 'tags per event');
    between(await share(`select count(*) as n from post_translations where language = 'fr'`), 0.03, 0.07, 'translated');
    assert.ok((await count(storage, `select count(*) as n from term_translations where language = 'fr'`)) >= 30, 'translated terms');
    assert.equal(await count(storage, `select count(*) as n from posts where type = 'event' and status in ('publish', 'private') and slug = ''`), 0, 'published events have slugs');
    between(await share(`select count(*) as n from posts where type = 'event' and lower(title) like '%${ONE_PERCENT_TITLE_WORD.toLowerCase()}%'`), 0.003, 0.02, 'titles with the rare word');
  });

  test('dates spread over five years, with local and UTC times the service would compute', async () => {
    const rows = await storage.db.selectFrom('events').select(['start_local', 'end_local', 'start_utc', 'end_utc', 'timezone', 'timezone_abbr']).execute();
    for (const [index, row] of rows.entries()) {
      assert.equal(row.start_utc, zonedToUtc(row.start_local, row.timezone), `${row.start_local} ${row.timezone}`);
      assert.equal(row.end_utc, zonedToUtc(row.end_local, row.timezone), `${row.end_local} ${row.timezone}`);
      // The abbreviation follows from the offset checked above; a sample keeps the test quick.
      if (index % 20 === 0) assert.equal(row.timezone_abbr, zoneAbbreviation(row.timezone, row.start_utc));
      assert.ok(row.end_local >= row.start_local);
    }
    const starts = rows.map((row) => row.start_local).sort();
    assert.ok(starts[0]! < '2023-12-31' && starts[0]! >= '2023-11-01', `first start ${starts[0]}`);
    assert.ok(starts.at(-1)! > '2028-10-01' && starts.at(-1)! <= '2028-11-30', `last start ${starts.at(-1)}`);
    assert.ok(new Set(rows.map((row) => row.timezone)).size >= 6, 'several zones');
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
      storage.db.selectFrom('posts as p').select('p.id').where('p.type', '=', 'event').where(storage.dialect.postsContaining('p', word)).execute();
    assert.equal((await searchFor(ONE_PERCENT_TITLE_WORD)).length, await count(storage, `select count(*) as n from posts where type = 'event' and lower(title || ' ' || excerpt || ' ' || content) like '%harpsichord%'`));
    const created = await storage.db
      .insertInto('posts')
      .values({
        type: 'event', author_id: 0, status: 'publish', slug: 'zanzibar-zither-night', title: 'Zanzibar zither night', content: '', excerpt: '', password: '',
        parent_id: 0, menu_order: 0, image_id: null, language: 'en', date_local: '2026-11-22 12:00:00', date_utc: '2026-11-22 12:00:00',
        modified_local: '2026-11-22 12:00:00', modified_utc: '2026-11-22 12:00:00', global_id_lineage: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    assert.ok(created.id > (await count(storage, `select max(post_id) as n from events`)), 'the id sequence continues after the seeded posts');
    assert.deepEqual(await searchFor('zither'), [{ id: created.id }]);
  });

  test('refuses a database that holds calendar data unless forced, then adds to it', async () => {
    await assert.rejects(seed(storage, { events: 10, force: false, now: NOW }), (error: unknown) => error instanceof SeedRefusedError && /already holds calendar data \(2001 events/.test(error.message));
    const before = await count(storage, `select count(*) as n from posts where type = 'event'`);
    await seed(storage, { events: 100, force: true, now: NOW });
    assert.equal(await count(storage, `select count(*) as n from posts where type = 'event'`), before + 100);
    assert.equal(await count(storage, `select count(*) as n from terms where taxonomy = 'category'`), 60);
    assert.equal(await count(storage, `select count(*) as n from terms where slug = 'music-2'`), 1, 'a second run suffixes its term slugs');
  });
});
