import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { wireUtc } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { openStorage } from '../../src/storage/database.ts';
import type { Storage } from '../../src/storage/types.ts';
import { DIALECT, freshDatabase, type TestDatabase } from '../fixtures/app.ts';
import { calendar, serveFeed, vevent, type FeedServer } from '../fixtures/feed-server.ts';
import { startServer, type ServerProcess } from '../fixtures/server-process.ts';
import { until } from '../fixtures/wait.ts';
import { callNode, WEBHOOK_ADMIN_PASSWORD } from '../fixtures/webhook-process.ts';

/*
 * Import sources on two `serve` processes (issue 47, decision 0117): one database (PostgreSQL, or
 * one SQLite file that both processes write under its write lock), each process's scheduler looking
 * for due sources as in production, every CALENDAR_IMPORT_SOURCES_POLL_INTERVAL, with no test
 * clock. An hourly source is due when added; the test then makes its later due times come as the
 * hour does, by writing the hour's grid time that has passed into its `next_run_at`, while the feed
 * served here changes (an event added, one changed, one removed, a series with an exception kept).
 * After each due time, once both nodes have looked again: exactly one run more in the source's
 * history, one request more to the feed, the run's counts, and the events both nodes list.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * The most this file's test may take on a busy machine. It begins only when the next hour is further
 * away than that, so no due time of the clock's own (the source's next hour) falls between those the
 * test makes: it would be a run more, rightly.
 */
const BUDGET_MS = 4 * 60_000;
/** Looks often, so that a due time is claimed within a second and a second claim would be tried many times. */
const POLL_SECONDS = '0.2';
const METRICS_TOKEN = 'import-sources-two-nodes-metrics-token';

/** 'YYYY-MM-DD', `days` after today (UTC): the feed's events are always ahead, inside the archive's window. */
const dayAhead = (days: number) =>
  new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS).toISOString().slice(0, 10);
const icsDay = (day: string) => day.replaceAll('-', '');

const single = (uid: string, title: string, day: string) =>
  vevent({
    UID: uid,
    DTSTAMP: '20261120T000000Z',
    DTSTART: `${icsDay(day)}T180000Z`,
    DTEND: `${icsDay(day)}T200000Z`,
    SUMMARY: title,
  });
/** Four Wednesdays but the last (EXDATE), the second moved to 19:00 (its exception, a RECURRENCE-ID of its own). */
const [A_DAY, B_DAY, C_DAY, FIRST, SECOND, THIRD, FOURTH] = [10, 11, 12, 14, 21, 28, 35].map(dayAhead);
const SERIES = vevent({
  UID: 'series@feed',
  DTSTAMP: '20261120T000000Z',
  DTSTART: `${icsDay(FIRST!)}T170000Z`,
  DTEND: `${icsDay(FIRST!)}T180000Z`,
  RRULE: 'FREQ=WEEKLY;COUNT=4',
  EXDATE: `${icsDay(FOURTH!)}T170000Z`,
  SUMMARY: 'Weekly class',
});
const EXCEPTION = vevent({
  UID: 'series@feed',
  DTSTAMP: '20261120T000000Z',
  'RECURRENCE-ID': `${icsDay(SECOND!)}T170000Z`,
  DTSTART: `${icsDay(SECOND!)}T190000Z`,
  DTEND: `${icsDay(SECOND!)}T200000Z`,
  SUMMARY: 'Weekly class, moved',
});
const VERSION_1 = calendar([
  single('a@feed', 'Concert A', A_DAY!),
  single('b@feed', 'Concert B', B_DAY!),
  SERIES,
  EXCEPTION,
]);
/** A changed, B removed, C added, the series and its exception as they were. */
const VERSION_2 = calendar([
  single('a@feed', 'Concert A, new hall', A_DAY!),
  single('c@feed', 'Concert C', C_DAY!),
  SERIES,
  EXCEPTION,
]);
const SERIES_LISTED = [
  `${FIRST} 17:00:00 Weekly class`,
  `${SECOND} 19:00:00 Weekly class, moved`,
  `${THIRD} 17:00:00 Weekly class`,
];
const LISTED_1 = [`${A_DAY} 18:00:00 Concert A`, `${B_DAY} 18:00:00 Concert B`, ...SERIES_LISTED];
const LISTED_2 = [`${A_DAY} 18:00:00 Concert A, new hall`, `${C_DAY} 18:00:00 Concert C`, ...SERIES_LISTED];

async function get<T = Json>(node: ServerProcess, path: string): Promise<T> {
  const answer = await callNode(node, 'GET', path);
  assert.equal(answer?.status, 200, `GET ${path}: ${JSON.stringify(answer?.body)}`);
  return answer.body as T;
}

/** The events a node lists (the site's time zone is UTC), as "start title", in order. */
async function listedBy(node: ServerProcess): Promise<string[]> {
  const { events } = await get(node, `events?start_date=${dayAhead(-1)}&per_page=50`);
  return (events as Json[]).map((event) => `${event.start_date} ${event.title}`).sort();
}

/** How many looks for due import sources a node has finished, from its metrics (decision 0044). */
async function looksOf(node: ServerProcess): Promise<number> {
  const response = await fetch(`${node.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(response.status, 200);
  const text = await response.text();
  let looks = 0;
  for (const [, count] of text.matchAll(
    /^calendar_background_task_run_seconds_count\{task="import_sources",outcome="\w+"\} (\d+)$/gm,
  ))
    looks += Number(count);
  return looks;
}

/**
 * Until every node has finished two more looks: the second began after the first ended, so after
 * this call began. Whatever a node would claim wrongly once a run has ended, it has claimed by then.
 */
async function lookedAgain(nodes: readonly ServerProcess[]): Promise<void> {
  const before = await Promise.all(nodes.map(looksOf));
  await until(
    'two more looks on every node',
    async () => (await Promise.all(nodes.map(looksOf))).every((looks, at) => looks >= before[at]! + 2),
    60_000,
  );
}

describe(`an hourly import source on two service processes (${DIALECT})`, () => {
  let database: TestDatabase;
  let storage: Storage;
  let feed: FeedServer;
  const nodes: ServerProcess[] = [];

  before(
    async () => {
      database = await freshDatabase();
      feed = await serveFeed(VERSION_1);
      const env = {
        DATABASE_URL: database.url,
        CALENDAR_ADMIN_PASSWORD: WEBHOOK_ADMIN_PASSWORD,
        // The feed is served on loopback, which the address guard refuses unless listed (decision 0071).
        CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1',
        CALENDAR_IMPORT_SOURCES_POLL_INTERVAL: POLL_SECONDS,
        CALENDAR_METRICS_TOKEN: METRICS_TOKEN,
      };
      // One after the other, as a rolling deployment starts them (the first migrates).
      nodes.push(await startServer(env));
      nodes.push(await startServer(env));
      // The test's own hand on the database: what the clock does each hour, a source's due time come.
      storage = openStorage(loadConfig({ DATABASE_URL: database.url }).database);
      const hourLeft = () => HOUR_MS - (Date.now() % HOUR_MS);
      if (hourLeft() <= BUDGET_MS)
        await until('the next hour begun', () => hourLeft() > BUDGET_MS, hourLeft() + 30_000);
    },
    { timeout: 2 * BUDGET_MS },
  );
  after(async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    await storage?.close();
    await feed?.close();
    await database?.drop();
  });

  /** Its due time come, as when the hour of `next_run_at` passes: the hour begun, a grid time at or before now. */
  const makeDue = (source: number) =>
    storage.write((tx) =>
      tx
        .updateTable('import_sources')
        .set({ next_run_at: wireUtc(new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS)) })
        .where('id', '=', source)
        .execute(),
    );

  /**
   * The source's runs once its `count`th run has ended and both nodes have looked twice more: the
   * history must then hold exactly `count` runs, and the feed have been asked `count` times.
   */
  async function runsOnceEnded(source: number, count: number): Promise<Json[]> {
    await until(
      `run ${count} of the source ended`,
      async () => {
        const [shown, runs] = await Promise.all([
          get(nodes[0]!, `import-sources/${source}`),
          get<Json[]>(nodes[1]!, `import-sources/${source}/runs`),
        ]);
        return shown.running === null && runs.length >= count && runs.every((run) => run.state !== 'running');
      },
      90_000,
    );
    await lookedAgain(nodes);
    const runs = await get<Json[]>(nodes[0]!, `import-sources/${source}/runs`);
    assert.equal(runs.length, count, `one run per due time: ${JSON.stringify(runs)}`);
    assert.equal(feed.requests.total, count, 'the feed asked once per due time');
    const shown = await get(nodes[1]!, `import-sources/${source}`);
    // The claim moved the schedule to the next hour on the grid after it, where it stays until then.
    const started = Date.parse(`${runs[0]!.started_at.replace(' ', 'T')}Z`);
    assert.equal(shown.next_run_at, wireUtc(new Date((Math.floor(started / HOUR_MS) + 1) * HOUR_MS)));
    assert.deepEqual([shown.failures, shown.last_error], [0, null]);
    return runs;
  }

  /** A run in one line: how it ended, what its fetch found, and its counts. */
  const summary = (run: Json) =>
    `${run.state}, ${run.fetched}: created ${run.created}, updated ${run.updated}, unchanged ${run.unchanged}, trashed ${run.trashed}, failed ${run.failed}`;

  async function assertListed(expected: readonly string[]): Promise<void> {
    for (const node of nodes) assert.deepEqual(await listedBy(node), expected);
  }

  test(
    'each due time is run exactly once, by one node or the other, with the feed as it then is',
    { timeout: BUDGET_MS },
    async () => {
      const added = await callNode(nodes[0]!, 'POST', 'import-sources', {
        name: 'Concerts',
        kind: 'ical',
        url: feed.url,
        schedule: 'hourly',
        settings: { status: 'publish' },
      });
      assert.equal(added?.status, 201, JSON.stringify(added?.body));
      const source = added.body.id as number;

      // Due when added: version 1 comes whole.
      const [first] = await runsOnceEnded(source, 1);
      assert.equal(summary(first!), 'completed, changed: created 4, updated 0, unchanged 0, trashed 0, failed 0');
      await assertListed(LISTED_1);

      // The next hour: version 2 comes as its changes alone.
      feed.document = VERSION_2;
      await makeDue(source);
      const [second] = await runsOnceEnded(source, 2);
      assert.equal(summary(second!), 'completed, changed: created 1, updated 1, unchanged 2, trashed 1, failed 0');
      await assertListed(LISTED_2);

      // The hour after: the feed unchanged is one request answered 304, and nothing written.
      await makeDue(source);
      const [third] = await runsOnceEnded(source, 3);
      assert.equal(summary(third!), 'completed, not-modified: created 0, updated 0, unchanged 0, trashed 0, failed 0');
      assert.equal(feed.requests.notModified, 1);
      await assertListed(LISTED_2);
    },
  );
});
