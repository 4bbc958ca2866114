import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Clock } from '../../src/clock.ts';
import { assertError, createTestApp, TEST_NOW, type TestApp } from '../fixtures/app.ts';
import { calendar, serveFeed, vevent, type FeedServer } from '../fixtures/feed-server.ts';
import { until } from '../fixtures/wait.ts';

/*
 * Import sources (issue 47; decisions 0117, 0118): a feed served on loopback (allowed as the site
 * imports' tests allow it) that changes between runs, read with conditional requests; the runs
 * claimed once per due time by two nodes of one database; back-off; a run whose node died resumed.
 */

const ALLOW_LOOPBACK = { CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1' };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A clock a test moves. */
function movableClock(start: string): Clock & { set(at: string): void; add(ms: number): void } {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), set: (to) => (at = new Date(to).getTime()), add: (ms) => (at += ms) };
}

const single = (uid: string, title: string, day: string) =>
  vevent({ UID: uid, DTSTAMP: '20261120T000000Z', DTSTART: `${day}T180000Z`, DTEND: `${day}T200000Z`, SUMMARY: title });
const SERIES = vevent({
  UID: 'series@feed',
  DTSTAMP: '20261120T000000Z',
  DTSTART: '20261207T170000Z',
  DTEND: '20261207T180000Z',
  RRULE: 'FREQ=WEEKLY;COUNT=4',
  EXDATE: '20261228T170000Z',
  SUMMARY: 'Weekly class',
});
const EXCEPTION = vevent({
  UID: 'series@feed',
  DTSTAMP: '20261120T000000Z',
  'RECURRENCE-ID': '20261214T170000Z',
  DTSTART: '20261214T190000Z',
  DTEND: '20261214T200000Z',
  SUMMARY: 'Weekly class, moved',
});

async function waitForRun(t: TestApp, source: number, run: number): Promise<Json> {
  return until(`run ${run} ended`, async () => {
    const answer = (await t.request('editor', 'GET', `import-sources/${source}/runs/${run}`)).json<Json>();
    return answer.state !== 'running' && answer;
  });
}

async function runNow(t: TestApp, source: number): Promise<Json> {
  const accepted = await t.request('editor', 'POST', `import-sources/${source}/run`);
  assert.equal(accepted.statusCode, 202, accepted.body);
  return waitForRun(t, source, accepted.json<Json>().id);
}

/** The event each UID (and RECURRENCE-ID) became, through the import's map. */
async function imported(t: TestApp): Promise<Map<string, number>> {
  const rows = await t.storage.read((tx) => tx.selectFrom('ical_import_map').selectAll().execute());
  return new Map(
    rows.map((row) => [row.recurrence_id === '' ? row.uid : `${row.uid} ${row.recurrence_id}`, row.event_id]),
  );
}

const statusOf = (t: TestApp, id: number) =>
  t.storage.read(
    async (tx) => (await tx.selectFrom('posts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
  );

const journalLength = (t: TestApp) =>
  t.storage.read(async (tx) =>
    Number(
      (
        await tx
          .selectFrom('record_changes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

describe('import sources', () => {
  let t: TestApp;
  let feed: FeedServer;
  before(async () => {
    feed = await serveFeed(
      calendar([
        single('a@feed', 'Concert A', '20261210'),
        single('b@feed', 'Concert B', '20261211'),
        SERIES,
        EXCEPTION,
      ]),
    );
    t = await createTestApp({ env: ALLOW_LOOPBACK });
  });
  after(async () => {
    await t.close();
    await feed.close();
  });

  test('only editors and administrators manage sources; bad input is a 400', async () => {
    assertError(await t.request('author', 'GET', 'import-sources'), 403, 'rest_forbidden');
    assertError(
      await t.request('anonymous', 'POST', 'import-sources', { name: 'x', kind: 'ical', url: feed.url }),
      401,
      'rest_forbidden',
    );
    assertError(
      await t.request('editor', 'POST', 'import-sources', { name: 'x', kind: 'ftp', url: feed.url }),
      400,
      'rest_invalid_param',
    );
    assertError(
      await t.request('editor', 'POST', 'import-sources', {
        name: 'x',
        kind: 'ical',
        url: feed.url,
        settings: { status: 'gone' },
      }),
      400,
      'rest_invalid_param',
    );
    assertError(
      await t.request('editor', 'POST', 'import-sources', { name: 'x', kind: 'tec', url: feed.url }),
      403,
      'import_source_forbidden',
    );
    assertError(await t.request('editor', 'GET', 'import-sources/999'), 404, 'import_source_not_found');
    const guarded = await createTestApp({ nodeOf: t });
    try {
      assertError(
        await guarded.request('editor', 'POST', 'import-sources', { name: 'x', kind: 'ical', url: feed.url }),
        400,
        'import_source_url_refused',
      );
      assertError(
        await guarded.request('editor', 'POST', 'import-sources', {
          name: 'x',
          kind: 'ical',
          url: 'webcal://169.254.169.254/feed.ics',
        }),
        400,
        'import_source_url_refused',
      );
    } finally {
      await guarded.close();
    }
  });

  test('a feed that changes between runs: added, changed, removed, a series with its exception; unchanged costs one 304 and no write', async () => {
    const created = await t.request('editor', 'POST', 'import-sources', {
      name: 'Concerts',
      kind: 'ical',
      url: feed.url,
      schedule: 'manual',
      settings: { tags: ['imported'], status: 'publish' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const source = created.json<Json>();
    assert.equal(source.next_run_at, null);
    assert.equal(source.settings.on_removed, 'trash');

    const first = await runNow(t, source.id);
    assert.equal(first.state, 'completed', JSON.stringify(first));
    assert.deepEqual([first.created, first.updated, first.trashed, first.failed], [4, 0, 0, 0], JSON.stringify(first));
    assert.equal(typeof first.duration_ms, 'number');
    const ids = await imported(t);
    const series = (await t.request('editor', 'GET', `events/${ids.get('series@feed')}`)).json<Json>();
    assert.equal(series.title, 'Weekly class');
    assert.deepEqual(
      series.tags.map((tag: Json) => tag.name),
      ['imported'],
    );
    const exceptionId =
      ids.get('series@feed 2026-12-14 12:00:00') ?? [...ids].find(([key]) => key.startsWith('series@feed '))?.[1];
    assert.equal((await t.request('editor', 'GET', `events/${exceptionId}`)).json<Json>().title, 'Weekly class, moved');
    const aUrl = (await t.request('editor', 'GET', `events/${ids.get('a@feed')}`)).json<Json>().url;

    feed.document = calendar([
      single('a@feed', 'Concert A, new hall', '20261210'),
      single('c@feed', 'Concert C', '20261212'),
      SERIES,
      EXCEPTION,
    ]);
    const second = await runNow(t, source.id);
    assert.deepEqual(
      [second.created, second.updated, second.unchanged, second.trashed],
      [1, 1, 2, 1],
      JSON.stringify(second),
    );
    const after = await imported(t);
    assert.equal(after.get('a@feed'), ids.get('a@feed'), 'an event keeps its id');
    const a = (await t.request('editor', 'GET', `events/${ids.get('a@feed')}`)).json<Json>();
    assert.equal(a.title, 'Concert A, new hall');
    assert.equal(a.url, aUrl, 'and its URL');
    assert.equal(await statusOf(t, ids.get('b@feed')!), 'trash');
    assert.equal((await t.request('editor', 'GET', `events/${after.get('c@feed')}`)).json<Json>().title, 'Concert C');

    const requests = feed.requests.total;
    const journal = await journalLength(t);
    const third = await runNow(t, source.id);
    assert.equal(third.fetched, 'not-modified');
    assert.deepEqual([third.created, third.updated, third.trashed], [0, 0, 0]);
    assert.equal(feed.requests.total, requests + 1, 'one request');
    assert.equal(feed.requests.notModified, 1, 'answered 304');
    assert.equal(await journalLength(t), journal, 'no record written');
    const runs = (await t.request('editor', 'GET', `import-sources/${source.id}/runs`)).json<Json[]>();
    assert.deepEqual(
      runs.map((run) => run.id),
      [third.id, second.id, first.id],
    );
  });

  test('an event edited here is left alone unless the source overwrites local edits', async () => {
    feed.document = calendar([single('d@feed', 'Talk D', '20261215')]);
    const source = (
      await t.request('editor', 'POST', 'import-sources', {
        name: 'Talks',
        kind: 'ical',
        url: feed.url,
        schedule: 'manual',
        settings: { on_removed: 'keep' },
      })
    ).json<Json>();
    await runNow(t, source.id);
    const id = (await imported(t)).get('d@feed')!;
    assert.equal((await t.request('editor', 'POST', `events/${id}`, { title: 'Talk D (room 2)' })).statusCode, 200);
    feed.document = calendar([single('d@feed', 'Talk D, changed at the source', '20261215')]);
    const kept = await runNow(t, source.id);
    assert.equal(kept.kept, 1, JSON.stringify(kept));
    assert.equal((await t.request('editor', 'GET', `events/${id}`)).json<Json>().title, 'Talk D (room 2)');
    assert.equal(
      (await t.request('editor', 'POST', `import-sources/${source.id}`, { settings: { overwrite_local_edits: true } }))
        .statusCode,
      200,
    );
    const overwritten = await runNow(t, source.id);
    assert.equal(overwritten.updated, 1, JSON.stringify(overwritten));
    assert.equal(
      (await t.request('editor', 'GET', `events/${id}`)).json<Json>().title,
      'Talk D, changed at the source',
    );
  });

  test('filters: only matching events come, and one that stops matching goes as the source says', async () => {
    feed.document = calendar([single('e@feed', 'Jazz night', '20261216'), single('f@feed', 'Poetry', '20261217')]);
    const source = (
      await t.request('editor', 'POST', 'import-sources', {
        name: 'Jazz',
        kind: 'ical',
        url: feed.url,
        schedule: 'manual',
        settings: {
          filters: { words: ['jazz'], category: null, starts_after: '2026-12-01', starts_before: null },
          status: 'draft',
        },
      })
    ).json<Json>();
    const run = await runNow(t, source.id);
    assert.deepEqual([run.created, run.skipped], [1, 1], JSON.stringify(run));
    const ids = await imported(t);
    assert.equal(ids.has('f@feed'), false);
    assert.equal(await statusOf(t, ids.get('e@feed')!), 'draft');
  });

  test('pause and resume: a paused source is not due; resuming makes it due at once', async () => {
    const source = (
      await t.request('editor', 'POST', 'import-sources', {
        name: 'Hourly',
        kind: 'ical',
        url: feed.url,
        schedule: 'hourly',
        paused: true,
      })
    ).json<Json>();
    assert.equal(source.next_run_at, null);
    const resumed = (await t.request('editor', 'POST', `import-sources/${source.id}/resume`)).json<Json>();
    assert.equal(resumed.paused, false);
    assert.equal(resumed.next_run_at, TEST_NOW.replace('T', ' ').replace('Z', ''));
    const paused = (await t.request('editor', 'POST', `import-sources/${source.id}/pause`)).json<Json>();
    assert.deepEqual([paused.paused, paused.next_run_at], [true, null]);
    assert.equal((await t.request('editor', 'DELETE', `import-sources/${source.id}`)).statusCode, 200);
  });
});

describe('import sources on two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let feed: FeedServer;
  const clock = movableClock('2026-11-24T12:00:00Z');
  before(async () => {
    feed = await serveFeed(calendar([single('g@feed', 'Market', '20261218')]));
    a = await createTestApp({ env: ALLOW_LOOPBACK, clock });
    b = await createTestApp({ nodeOf: a, env: ALLOW_LOOPBACK, clock });
  });
  after(async () => {
    await b.close();
    await a.close();
    await feed.close();
  });

  const look = async () =>
    (
      await Promise.all([
        a.services.sourceRuns.look(),
        b.services.sourceRuns.look(),
        a.services.sourceRuns.look(),
        b.services.sourceRuns.look(),
      ])
    ).flat();
  const settle = async (source: number) =>
    until(
      'no run live',
      async () => (await a.request('editor', 'GET', `import-sources/${source}`)).json<Json>().running === null,
    );

  test('an hourly source makes exactly one run per due time, whichever node claims it', async () => {
    const source = (
      await a.request('editor', 'POST', 'import-sources', {
        name: 'Market',
        kind: 'ical',
        url: feed.url,
        schedule: 'hourly',
      })
    ).json<Json>();
    assert.equal((await look()).length, 1, 'due at once when added');
    await settle(source.id);
    assert.equal(
      (await a.request('editor', 'GET', `import-sources/${source.id}`)).json<Json>().next_run_at,
      '2026-11-24 13:00:00',
    );
    clock.set('2026-11-24T12:30:00Z');
    assert.equal((await look()).length, 0, 'not due before its time');
    feed.document = calendar([single('g@feed', 'Market', '20261218'), single('h@feed', 'Fair', '20261219')]);
    clock.set('2026-11-24T13:00:00Z');
    assert.equal((await look()).length, 1);
    await settle(source.id);
    assert.equal((await look()).length, 0, 'a due time is run once');
    // Three hours later with no node looking: one run, not three.
    clock.set('2026-11-24T16:10:00Z');
    assert.equal((await look()).length, 1);
    await settle(source.id);
    const runs = (await b.request('editor', 'GET', `import-sources/${source.id}/runs`)).json<Json[]>();
    assert.equal(runs.length, 3);
    assert.deepEqual(
      runs.map((run) => run.state),
      ['completed', 'completed', 'completed'],
    );
    assert.equal(runs[1]!.created, 1, JSON.stringify(runs[1]));
    assert.equal(runs[0]!.fetched, 'not-modified');
    assert.ok((await imported(a)).has('h@feed'));
    await a.request('editor', 'DELETE', `import-sources/${source.id}`);
  });

  test('a source that keeps failing backs off and says why', async () => {
    clock.set('2026-11-25T10:00:00Z');
    const source = (
      await a.request('editor', 'POST', 'import-sources', {
        name: 'Failing',
        kind: 'ical',
        url: feed.url,
        schedule: 'hourly',
      })
    ).json<Json>();
    feed.status = 500;
    try {
      assert.equal((await look()).length, 1);
      await settle(source.id);
      let shown = (await a.request('editor', 'GET', `import-sources/${source.id}`)).json<Json>();
      assert.deepEqual([shown.failures, shown.next_run_at], [1, '2026-11-25 11:00:00']);
      assert.match(shown.last_error, /HTTP 500/);
      clock.set('2026-11-25T11:00:00Z');
      assert.equal((await look()).length, 1);
      await settle(source.id);
      shown = (await a.request('editor', 'GET', `import-sources/${source.id}`)).json<Json>();
      assert.deepEqual([shown.failures, shown.next_run_at], [2, '2026-11-25 13:00:00'], 'twice the wait');
      clock.set('2026-11-25T12:00:00Z');
      assert.equal((await look()).length, 0, 'not before');
      const runs = (await a.request('editor', 'GET', `import-sources/${source.id}/runs`)).json<Json[]>();
      assert.deepEqual(
        runs.map((run) => run.state),
        ['failed', 'failed'],
      );
      assert.match(runs[0]!.reason, /HTTP 500/);
    } finally {
      feed.status = undefined;
    }
    clock.set('2026-11-25T13:00:00Z');
    assert.equal((await look()).length, 1);
    await settle(source.id);
    const shown = (await a.request('editor', 'GET', `import-sources/${source.id}`)).json<Json>();
    assert.deepEqual([shown.failures, shown.last_error], [0, null], 'a success clears them');
    await a.request('editor', 'DELETE', `import-sources/${source.id}`);
  });

  test('a run whose node died is resumed by another node', async () => {
    clock.set('2026-11-26T10:00:00Z');
    feed.document = calendar([single('i@feed', 'Lecture', '20261220')]);
    const source = (
      await a.request('editor', 'POST', 'import-sources', {
        name: 'Lectures',
        kind: 'ical',
        url: feed.url,
        schedule: 'daily',
        paused: true,
      })
    ).json<Json>();
    // A node claimed it and died: its run's row stays running, its lease lapsing.
    await a.storage.write(async (tx) => {
      await tx
        .updateTable('import_sources')
        .set({ paused: 0, next_run_at: '2026-11-27 00:00:00' })
        .where('id', '=', source.id)
        .execute();
      await tx
        .insertInto('site_imports')
        .values({
          kind: 'source',
          source_id: source.id,
          url: feed.url,
          source: 'ical',
          source_user: '',
          prune: 1,
          started_by: null,
          state: 'running',
          progress: '{}',
          phase: null,
          reason: null,
          cancel_requested: 0,
          finished_at: null,
          node: 'a-node-that-died',
          lease_until: '2026-11-26 10:01:00',
          started_at: '2026-11-26 10:00:00',
        })
        .execute();
    });
    assert.equal((await look()).length, 0, 'its lease is live');
    clock.set('2026-11-26T10:02:00Z');
    assert.equal((await look()).length, 1, 'resumed once the lease lapsed');
    await settle(source.id);
    const runs = (await a.request('editor', 'GET', `import-sources/${source.id}/runs`)).json<Json[]>();
    assert.deepEqual(
      runs.map((run) => run.state),
      ['completed', 'interrupted'],
    );
    assert.ok((await imported(a)).has('i@feed'));
    assert.equal(
      (await a.request('editor', 'GET', `import-sources/${source.id}`)).json<Json>().next_run_at,
      '2026-11-27 00:00:00',
    );
  });
});
