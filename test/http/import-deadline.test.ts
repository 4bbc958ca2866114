import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { bigCalendar } from '../fixtures/big-calendar.ts';

/*
 * A request answered 503 keeps no write and holds no lock past its answer (issue 43 item 4,
 * decision 0091): an import that overran CALENDAR_REQUEST_TIMEOUT stops at its unit's deadline,
 * so a create issued right after it is served at once, and nothing of the import is committed.
 */

const CALENDAR = { 'content-type': 'text/calendar; charset=utf-8' };

/** Imported map entries and events titled as the big calendar's. */
async function importedSoFar(t: TestApp) {
  return t.storage.read(async (tx) => ({
    entries: Number(
      (
        await tx
          .selectFrom('ical_import_map')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    events: Number(
      (
        await tx
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('title', 'like', 'Imported event %')
          .executeTakeFirstOrThrow()
      ).n,
    ),
  }));
}

describe(`an import past CALENDAR_REQUEST_TIMEOUT (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_REQUEST_TIMEOUT: '2' } });
    // The password's scrypt check is remembered after a first request: only the handlers are timed below.
    assert.equal((await t.request('editor', 'GET', 'tags')).statusCode, 200);
  });
  after(() => t.close());

  test('answers 503 request_timeout, lets a create right after it through at once, and commits nothing', async () => {
    // Five hundred daily series of 700 dates each: quickly read, far more than two seconds of writes on any machine.
    const answer = await t.request('editor', 'POST', 'events/import', bigCalendar(500, 'Shared', 700), CALENDAR);
    assert.equal(answer.statusCode, 503, answer.body.slice(0, 300));
    assert.equal(answer.json().code, 'request_timeout');
    // The same category the import was filing its events under (on PostgreSQL, a key the import's
    // transaction held while it ran): the create waits for no part of the abandoned import, and
    // answers within its own two-second limit.
    const started = performance.now();
    const created = await t.request('editor', 'POST', 'events', {
      title: 'Right after',
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-01 11:00:00',
      categories: ['Shared'],
    });
    const waited = performance.now() - started;
    assert.equal(created.statusCode, 201, `${created.body.slice(0, 300)} after ${Math.round(waited)} ms`);
    // Nothing of the import was committed.
    assert.deepEqual(await importedSoFar(t), { entries: 0, events: 0 });
  });
});
