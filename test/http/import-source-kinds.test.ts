import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, createTestApp, DIALECT, TEST_NOW, type TestApp } from '../fixtures/app.ts';
import { until } from '../fixtures/wait.ts';

/*
 * The two import-source kinds besides an iCalendar feed (issue 47, decisions 0117, 0118):
 * `instance`, another instance of this service read through its site feed, and `tec`, a site of
 * the original read through its REST API. Both are served by a second app listening on loopback
 * (which answers the original's `tribe/events/v1` as the site-import tests use it). Each run
 * brings the right events; a run of an unchanged source adds and changes nothing; a change there
 * updates the same event here.
 */

const ALLOW_LOOPBACK = { CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1' };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe(`import sources of kind instance and tec (${DIALECT})`, () => {
  let other: TestApp;
  let origin: string;
  let t: TestApp;
  const changeThere = async (id: number, body: Json) => {
    const answer = await other.request('administrator', 'POST', `${API}/events/${id}`, body);
    assert.equal(answer.statusCode, 200, answer.body);
  };
  const runNow = async (source: number): Promise<Json> => {
    const accepted = await t.request('administrator', 'POST', `import-sources/${source}/run`);
    assert.equal(accepted.statusCode, 202, accepted.body);
    const id = accepted.json<Json>().id;
    return until(
      `run ${id} ended`,
      async () => {
        const answer = (await t.request('administrator', 'GET', `import-sources/${source}/runs/${id}`)).json<Json>();
        return answer.state !== 'running' && answer;
      },
      30_000,
    );
  };
  /** The events here, by title, with what each test compares. */
  const eventsHere = async () => {
    const list = (
      await t.request('administrator', 'GET', 'events?per_page=50&start_date=2027-01-01&status=publish,draft,pending')
    ).json<{ events: Json[] }>().events;
    return new Map(
      list.map((event) => [
        event.title as string,
        {
          id: event.id,
          start: event.start_date,
          end: event.end_date,
          status: event.status,
          venue: event.venue?.venue ?? null,
        },
      ]),
    );
  };
  let harbour: number;
  /** The other site's clock: it moves when that site's event changes (the original's copy compares modification times). */
  let otherNow = new Date(TEST_NOW).getTime();

  before(async () => {
    other = await createTestApp({ clock: { now: () => new Date(otherNow) } });
    const write = async (path: string, body: Json) => {
      const answer = await other.request('administrator', 'POST', `${API}/${path}`, body);
      assert.equal(answer.statusCode, 201, answer.body);
      return answer.json<Json>();
    };
    const venue = await write('venues', { venue: 'Harbour Hall', city: 'Brest' });
    harbour = (
      await write('events', {
        title: 'Harbour concert',
        status: 'publish',
        start_date: '2027-03-10 18:00:00',
        end_date: '2027-03-10 20:00:00',
        venue: venue.id,
      })
    ).id;
    await write('events', {
      title: 'Quay market',
      status: 'publish',
      start_date: '2027-03-12 09:00:00',
      end_date: '2027-03-12 13:00:00',
    });
    await write('events', {
      title: 'Planning draft',
      status: 'draft',
      start_date: '2027-03-14 09:00:00',
      end_date: '2027-03-14 10:00:00',
    });
    origin = await other.app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await t?.close();
    other.app.server.closeAllConnections();
    await other.close();
  });

  for (const kind of ['instance', 'tec'] as const) {
    test(`a ${kind} source: its published events, unchanged on a second run, a change there updates the same event here`, async () => {
      t = await createTestApp({ env: ALLOW_LOOPBACK });
      try {
        const created = await t.request('administrator', 'POST', 'import-sources', {
          name: `Other ${kind}`,
          kind,
          url: `${origin}/`,
          schedule: 'manual',
          settings: { status: 'publish' },
        });
        assert.equal(created.statusCode, 201, created.body);
        const source = created.json<Json>().id;

        const first = await runNow(source);
        assert.equal(first.state, 'completed', JSON.stringify(first));
        assert.equal(first.failed, 0, JSON.stringify(first));
        const imported = await eventsHere();
        assert.deepEqual(
          [...imported.keys()].sort(),
          ['Harbour concert', 'Quay market'],
          'the published events, not the draft',
        );
        assert.deepEqual(
          { ...imported.get('Harbour concert'), id: 0 },
          { id: 0, start: '2027-03-10 18:00:00', end: '2027-03-10 20:00:00', status: 'publish', venue: 'Harbour Hall' },
        );
        assert.deepEqual(
          { ...imported.get('Quay market'), id: 0 },
          { id: 0, start: '2027-03-12 09:00:00', end: '2027-03-12 13:00:00', status: 'publish', venue: null },
        );

        const second = await runNow(source);
        assert.equal(second.state, 'completed', JSON.stringify(second));
        assert.deepEqual(
          [second.created, second.updated, second.trashed, second.failed],
          [0, 0, 0, 0],
          JSON.stringify(second),
        );
        assert.deepEqual(await eventsHere(), imported, 'nothing changed here');

        otherNow += 60_000;
        await changeThere(harbour, { title: 'Harbour concert, encore', end_date: '2027-03-10 21:00:00' });
        try {
          const third = await runNow(source);
          assert.equal(third.state, 'completed', JSON.stringify(third));
          assert.deepEqual([third.created, third.updated, third.failed], [0, 1, 0], JSON.stringify(third));
          const now = await eventsHere();
          assert.deepEqual(
            now.get('Harbour concert, encore'),
            { ...imported.get('Harbour concert'), end: '2027-03-10 21:00:00' },
            'the same event, changed',
          );
          assert.equal(now.size, 2);
        } finally {
          otherNow += 60_000;
          await changeThere(harbour, { title: 'Harbour concert', end_date: '2027-03-10 20:00:00' });
        }
      } finally {
        await t.close();
      }
    });
  }
});
