import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { bigCalendar } from '../fixtures/big-calendar.ts';
import { until } from '../fixtures/wait.ts';

/*
 * Big iCalendar imports as background runs (issue 43 item 4, decision 0091): above
 * CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS VEVENTs (or with background=true) `POST /events/import`
 * answers 202 with the run's Location, the run imports a unit of UIDs at a time, reports its counts
 * and errors, can be cancelled, and lets other writes through while it runs.
 */

type Json = Record<string, unknown>;
const CALENDAR = { 'content-type': 'text/calendar; charset=utf-8' };
const SYNC_MAX = 20;

/** Imported events of the big calendar: their map entries. */
const importedEntries = (t: TestApp) =>
  t.storage.read(async (tx) =>
    Number(
      (
        await tx
          .selectFrom('ical_import_map')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

describe(`background iCalendar imports (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS: String(SYNC_MAX) } });
  });
  after(() => t.close());

  const start = async (body: string, query = '') => {
    const answer = await t.request('editor', 'POST', `events/import${query}`, body, CALENDAR);
    assert.equal(answer.statusCode, 202, answer.body.slice(0, 300));
    const location = String(answer.headers.location);
    assert.match(location, /\/imports\/calendars\/\d+$/);
    return { run: answer.json<Json>(), path: location.slice(location.indexOf(API)) };
  };
  const watch = async (path: string) => (await t.request('editor', 'GET', path)).json<Json>();
  const ended = (path: string, timeoutMs = 120_000) =>
    until(
      `the run at ${path} ended`,
      async () => {
        const run = await watch(path);
        return run.state !== 'running' && run.state !== 'cancelling' && run;
      },
      timeoutMs,
    );

  test('a document up to the threshold is imported within its request, as before (200)', async () => {
    const answer = await t.request(
      'editor',
      'POST',
      'events/import',
      bigCalendar(SYNC_MAX, 'Small', undefined, 'small'),
      CALENDAR,
    );
    assert.equal(answer.statusCode, 200, answer.body.slice(0, 300));
    assert.equal(answer.json<{ created: unknown[] }>().created.length, SYNC_MAX);
  });

  test('a bigger one runs in the background: 202, then completed with the counts, its events imported, a refused VEVENT failing alone', async () => {
    // Two VEVENTs of one UID, neither an exception: the import refuses that UID (400), and only it.
    const document = bigCalendar(60, 'Background', undefined, 'bg').replace(
      'UID:bg-3@example.org',
      'UID:bg-2@example.org',
    );
    const { run, path } = await start(document);
    assert.equal(run.state, 'running');
    assert.equal(run.total, 60);
    const done = await ended(path);
    assert.equal(done.state, 'completed', JSON.stringify(done));
    assert.deepEqual([done.created, done.failed, done.done], [58, 2, 60], JSON.stringify(done));
    assert.equal(done.error_count, 1);
    assert.match((done.errors as string[])[0]!, /bg-2@example\.org/);
    const listed = await t.request(
      'editor',
      'GET',
      'events?start_date=2026-12-01&end_date=2026-12-31&categories=background&per_page=100',
    );
    assert.equal(listed.json<Json>().total, 58);
    // Sent again: nothing new, every event found unchanged.
    const again = await ended((await start(document)).path);
    assert.deepEqual([again.created, again.unchanged, again.failed], [0, 58, 2]);
  });

  test('background=true runs a small document in the background too', async () => {
    const { path } = await start(bigCalendar(3, 'Asked', undefined, 'asked'), '?background=true');
    assert.equal((await ended(path)).created, 3);
  });

  test('cancel stops a run between its units; creates are served while it runs', async () => {
    const { path } = await start(bigCalendar(3000, 'Long', undefined, 'long'));
    // Writes go through while the run holds no unit open for long.
    for (let index = 0; index < 3; index++) {
      const created = await t.request('editor', 'POST', 'events', {
        title: `Meanwhile ${index}`,
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 11:00:00',
        categories: ['Long'],
      });
      assert.equal(created.statusCode, 201, created.body);
    }
    await until('the run imported a first unit', async () => ((await watch(path)).created as number) > 0);
    const asked = await t.request('editor', 'POST', `${path}/cancel`);
    assert.equal(asked.statusCode, 202, asked.body);
    assert.equal(asked.json<Json>().state, 'cancelling');
    const done = await ended(path);
    assert.equal(done.state, 'cancelled');
    assert.ok((done.created as number) < 3000, `created ${String(done.created)}`);
    // What it imported stays, and nothing after its end.
    const entries = await importedEntries(t);
    assert.equal((await watch(path)).created, done.created);
    assert.equal(await importedEntries(t), entries);
    const late = await t.request('editor', 'POST', `${path}/cancel`);
    assert.equal(late.statusCode, 409);
    assert.equal(late.json<Json>().code, 'calendar_import_not_running');
  });

  test('an unknown run is 404; an author may neither import nor watch', async () => {
    const missing = await t.request('editor', 'GET', 'imports/calendars/999999');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json<Json>().code, 'calendar_import_not_found');
    assert.equal((await t.request('author', 'GET', 'imports/calendars/1')).statusCode, 403);
  });
});
