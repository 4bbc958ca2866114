import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { systemClock } from '../../src/clock.ts';
import { composeApplication } from '../../src/container.ts';
import { TecSource } from '../../src/modules/tec-import/tec-source.ts';
import { API, createTestApp, DIALECT, LENIENT_THROTTLE, TEST_NOW, type TestApp } from '../fixtures/app.ts';
import { HeldUnits, twoNodesOneHeld } from '../fixtures/held-units.ts';
import { until } from '../fixtures/wait.ts';

/*
 * The writers decision 0082 left without a guarantee of their own, each given one by decision 0087
 * and tested here as parallel-writes.test.ts tests the API's: node A's unit held open after its
 * work, node B writing meanwhile, beside it on PostgreSQL. On SQLite B waits for A's write
 * transaction and every case passes as it always did.
 */

const PREFIX = '/wp-json';

describe(`importers and webhooks on two nodes while one unit is held open (${DIALECT})`, () => {
  let source: TestApp;
  let origin: string;
  let nodeA: TestApp;
  let nodeB: TestApp;
  const held = new HeldUnits();
  /** The source's clock, moved on for an edit there to change its `modified` (which the import compares); before the target's. */
  let sourceTime = Date.parse(TEST_NOW) - 3_600_000;
  let receiver: http.Server | undefined;

  const body = (response: LightMyRequestResponse, status = 201) => {
    assert.equal(response.statusCode, status, response.body);
    return response.json<Record<string, unknown>>();
  };

  before(async () => {
    source = await createTestApp({ env: { CALENDAR_REST_PREFIX: PREFIX }, clock: { now: () => new Date(sourceTime) } });
    const write = async (path: string, record: Record<string, unknown>) =>
      body(await source.request('administrator', 'POST', `${PREFIX}${API}/${path}`, record));
    const category = await write('categories', { name: 'Concerts' });
    const venue = await write('venues', { venue: 'Harbour Hall' });
    await write('events', {
      title: 'Harbour concert',
      status: 'publish',
      start_date: '2027-03-10 18:00:00',
      end_date: '2027-03-10 20:00:00',
      venue: venue.id,
      categories: [category.id],
    });
    await write('events', {
      title: 'Quay market',
      status: 'publish',
      start_date: '2027-03-12 09:00:00',
      end_date: '2027-03-12 13:00:00',
    });
    origin = await source.app.listen({ host: '127.0.0.1', port: 0 });
    const loopback = {
      CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1',
      CALENDAR_WEBHOOK_ALLOW_HTTP: 'true',
      CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
    };
    ({ nodeA, nodeB } = await twoNodesOneHeld(held, { env: loopback }));
    // Not empty: the imports take ids of their own, as most do (keeping the source's, the second copy's insert failed on its id instead).
    body(await nodeA.request('administrator', 'POST', 'categories', { name: 'Here before' }));
  });
  after(async () => {
    await nodeB.close();
    await nodeA.close();
    await source.close();
    receiver?.close();
  });

  /** The titles of the target's published events, sorted: a record imported twice shows twice. */
  const titles = async () =>
    (
      body(await nodeB.request('administrator', 'GET', 'events?per_page=50&start_date=2027-01-01'), 200).events as {
        title: string;
      }[]
    )
      .map((event) => event.title)
      .sort();

  test('site imports: two starts on two nodes are one run and a 409; the run started in a unit still open is not lost', async () => {
    const start = (node: TestApp) => node.request('administrator', 'POST', 'imports/sites', { url: `${origin}/` });
    // B's start waits for A's, which holds the runs' key: it finds A's run live.
    const [startedA, startedB] = await held.race(
      () => start(nodeA),
      () => start(nodeB),
      () => held.waitedFor(),
    );
    const run = body(startedA, 202);
    assert.equal(startedB.statusCode, 409, startedB.body);
    // The run's first heartbeat waited for the start's commit: it runs to its end, not lost with its row left running.
    const ended = await until(
      `import ${run.id} ended`,
      async () => {
        const shown = body(await nodeB.request('administrator', 'GET', `imports/sites/${run.id}`), 200);
        return ['running', 'cancelling'].includes(shown.state as string) ? undefined : shown;
      },
      15_000,
    );
    assert.equal(ended.state, 'completed', JSON.stringify(ended));
    assert.deepEqual(await titles(), ['Harbour concert', 'Quay market']);
  });

  test('import-tec: one source imported on two nodes at once copies each record once', async () => {
    const caller = { id: nodeA.ids.administrator, login: 'administrator', role: 'administrator' as const };
    const site = await TecSource.discover(`${origin}/`, { concurrency: 2, delayMs: 0 });
    // Node A's importer with its units held before their content version: the first that writes.
    const importerA = (
      await composeApplication(held.storage(nodeA.storage), nodeA.config, systemClock, LENIENT_THROTTLE)
    ).services.tecImport;
    // New on the source since the site import above: both runs find it unmapped.
    body(
      await source.request('administrator', 'POST', `${PREFIX}${API}/events`, {
        title: 'Ferry talk',
        status: 'publish',
        start_date: '2027-03-20 18:00:00',
        end_date: '2027-03-20 19:00:00',
      }),
    );
    const options = { caller, language: 'en' as const };
    const reports = await held.race(
      () => importerA.run(site, options),
      () => nodeB.services.tecImport.run(site, options),
      () => held.waitedFor(),
    );
    assert.deepEqual(
      reports.map((report) => report.failed),
      [[], []],
    );
    assert.deepEqual(await titles(), ['Ferry talk', 'Harbour concert', 'Quay market']);
  });

  /**
   * Node A drafts published event `id` (the API's write, held open with the row locked and written,
   * its category's count lowered) while `importOnB` updates the event from its source on node B,
   * publishing it again. The import must read the draft: what it read before A committed moved no
   * count, and the category counted none of its published event.
   */
  const countKept = async (id: number, importOnB: () => Promise<unknown>) => {
    const [drafted] = await held.race(
      () => nodeA.request('administrator', 'PATCH', `events/${id}`, { status: 'draft' }),
      importOnB,
      () => held.waitedFor(),
    );
    body(drafted, 200);
    const event = body(await nodeB.request('administrator', 'GET', `events/${id}`), 200) as {
      status: string;
      categories: { id: number }[];
    };
    assert.equal(event.status, 'publish');
    assert.equal(
      body(await nodeB.request('administrator', 'GET', `categories/${event.categories[0]!.id}`), 200).count,
      1,
    );
  };

  test('import-tec: an event the import updates while the API edits it is read as edited (its row locked before it is read)', async () => {
    const caller = { id: nodeA.ids.administrator, login: 'administrator', role: 'administrator' as const };
    const site = await TecSource.discover(`${origin}/`, { concurrency: 2, delayMs: 0 });
    const onSource = (
      body(await source.request('administrator', 'GET', `${PREFIX}${API}/events?search=Harbour`), 200).events as {
        id: number;
      }[]
    )[0]!.id;
    sourceTime += 60_000;
    body(
      await source.request('administrator', 'PATCH', `${PREFIX}${API}/events/${onSource}`, {
        description: 'Moved to the pier.',
      }),
      200,
    );
    const here = (
      body(await nodeB.request('administrator', 'GET', 'events?search=Harbour&start_date=2027-01-01'), 200).events as {
        id: number;
      }[]
    )[0]!.id;
    await countKept(here, async () =>
      assert.equal((await nodeB.services.tecImport.run(site, { caller, language: 'en' })).counts.event.updated, 1),
    );
  });

  test('iCalendar import: an event the import updates while the API edits it is read as edited (its row locked before it is read)', async () => {
    const calendar = (sequence: number, summary: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//parallel//EN',
        'BEGIN:VEVENT',
        'UID:edited-meanwhile@example.org',
        'DTSTAMP:20261101T000000Z',
        `SEQUENCE:${sequence}`,
        'DTSTART:20270915T180000Z',
        'DTEND:20270915T190000Z',
        `SUMMARY:${summary}`,
        'CATEGORIES:Edited meanwhile',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const importOn = (node: TestApp, text: string) =>
      node.request('administrator', 'POST', 'events/import', text, { 'content-type': 'text/calendar; charset=utf-8' });
    const id = (body(await importOn(nodeB, calendar(0, 'Edited meanwhile')), 200).created as { id: number }[])[0]!.id;
    await countKept(id, async () =>
      assert.equal(
        (body(await importOn(nodeB, calendar(1, 'Edited meanwhile, renamed')), 200).updated as unknown[]).length,
        1,
      ),
    );
  });

  /** A subscription's row as stored (its sealed secrets included). */
  const subscriptionRow = (id: number) =>
    nodeB.storage.read((tx) =>
      tx.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );

  test('webhooks: two rotations of one secret on two nodes each rotate the secret before them into the previous one', async () => {
    const subscription = body(
      await nodeA.request('administrator', 'POST', 'webhooks', {
        url: 'http://127.0.0.1:9/rotated',
        events: ['tag.created'],
      }),
    ).id as number;
    const first = (await subscriptionRow(subscription)).secret;
    const rotate = (node: TestApp) =>
      node.request('administrator', 'POST', `webhooks/${subscription}/rotate-secret`, { grace_period: 3600 });
    const answers = await held.race(
      () => rotate(nodeA),
      () => rotate(nodeB),
      () => held.waitedFor(),
    );
    for (const answer of answers) body(answer, 200);
    // B's rotation read A's secret (committed by then): A's answered secret keeps signing for the grace period.
    assert.notEqual((await subscriptionRow(subscription)).previous_secret, first);
  });

  test('webhooks: a delivery failing while an administrator switches its disabled subscription back on counts its failure from now, not from before', async () => {
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => {
      receiver = http.createServer((_request, response) => {
        answer = () => response.writeHead(500).end();
        resolve();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver!.address() as AddressInfo).port}/failing`;
    const subscription = body(
      await nodeA.request('administrator', 'POST', 'webhooks', { url, events: ['tag.created'] }),
    ).id as number;
    // Node B's dispatcher sends a ping, which the receiver holds; meanwhile the subscription is disabled as failing since long ago.
    nodeB.webhookDispatcher.start({ warn: () => undefined, error: (error) => console.error(error) });
    body(await nodeB.request('administrator', 'POST', `webhooks/${subscription}/ping`), 202);
    await arrived;
    const longAgo = '2026-01-01T00:00:00.000Z';
    await nodeB.storage.write((tx) =>
      tx
        .updateTable('webhook_subscriptions')
        .set({ active: 0, failing_since: longAgo, disabled_reason: 'failing' })
        .where('id', '=', subscription)
        .execute(),
    );
    // Switched back on by node A (held open), while node B records the ping's failure.
    const [switched] = await held.race(
      () => nodeA.request('administrator', 'PATCH', `webhooks/${subscription}`, { active: true }),
      async () => answer(),
      () => held.waitedFor(),
    );
    body(switched, 200);
    const recorded = await until('the failure recorded', async () => {
      const row = await subscriptionRow(subscription);
      return row.failing_since !== null && row;
    });
    assert.notEqual(recorded.failing_since, longAgo);
    assert.equal(recorded.active, 1);
  });
});
