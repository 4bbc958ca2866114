import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { SiteImportsRepository } from '../../src/storage/repositories/site-imports.repository.ts';
import { API, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { HeldUnits } from '../fixtures/held-units.ts';
import { until } from '../fixtures/wait.ts';

/*
 * Site imports over the API (issue 33, decision 0071): an administrator starts `import-tec` by URL
 * and follows it from any node. The source is this service's own tribe/events/v1 alias on a port
 * (as test/process/import-tec.test.ts serves it), reached directly or through a front that slows
 * each request down (to catch a run while it runs). Two nodes share the target's database.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PREFIX = '/wp-json';
const ALLOW_LOOPBACK = { CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1' };
const RUNS = 'imports/sites';

/** A front to `origin` that waits `delayMs` before forwarding each request. */
async function slowFront(origin: string, delayMs: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    void sleep(delayMs).then(() => {
      const forwarded = http.request(
        `${origin}${request.url}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => response.destroy());
      request.pipe(forwarded);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const originOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe(`site imports over the API (${DIALECT})`, () => {
  let source: TestApp;
  let origin: string;
  let a: TestApp;
  let b: TestApp;
  /** Node A's units a test holds open while node B (whose write units it watches) asks meanwhile. */
  const held = new HeldUnits();
  let slow: http.Server;
  let notTec: http.Server;

  const start = (as: Parameters<TestApp['request']>[0], body: Json, node: TestApp = a) =>
    node.request(as, 'POST', RUNS, body);
  const run = async (id: number, node: TestApp = b) =>
    (await node.request('administrator', 'GET', `${RUNS}/${id}`)).json<Json>();
  const ended = (id: number, node: TestApp = b) =>
    until(
      `import ${id} ended`,
      async () => {
        const body = await run(id, node);
        return ['running', 'cancelling'].includes(body.state as string) ? undefined : body;
      },
      30_000,
    );

  before(async () => {
    source = await createTestApp({ env: { CALENDAR_REST_PREFIX: PREFIX } });
    const write = async (path: string, body: Json) => {
      const answer = await source.request('administrator', 'POST', `${PREFIX}${API}/${path}`, body);
      assert.equal(answer.statusCode, 201, answer.body);
      return answer.json<Json>();
    };
    const venue = await write('venues', { venue: 'Harbour Hall', city: 'Brest' });
    const category = await write('categories', { name: 'Concerts' });
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
    await write('events', {
      title: 'Planning draft',
      status: 'draft',
      start_date: '2027-03-14 09:00:00',
      end_date: '2027-03-14 10:00:00',
    });
    origin = await source.app.listen({ host: '127.0.0.1', port: 0 });
    slow = await slowFront(origin, 1500);
    notTec = http.createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<p>Just a page</p>');
    });
    await new Promise<void>((resolve) => notTec.listen(0, '127.0.0.1', resolve));
    a = await createTestApp({ env: ALLOW_LOOPBACK });
    b = await createTestApp({ nodeOf: a, env: ALLOW_LOOPBACK, wrapStorage: held.watched });
  });
  after(async () => {
    await b?.close();
    await a?.close();
    slow?.close();
    notTec?.close();
    // Connections the test's proxy and clients kept alive to the source would hold its close.
    source?.app.server.closeAllConnections();
    await source?.close();
  });

  test('anonymous callers get 401 and editors 403, and nothing is looked up or started', async () => {
    for (const [as, status] of [
      ['anonymous', 401],
      ['editor', 403],
      ['author', 403],
    ] as const) {
      assert.equal((await start(as, { url: `${originOf(notTec)}/` })).statusCode, status, `${as} starts`);
      assert.equal((await a.request(as, 'GET', RUNS)).statusCode, status, `${as} lists`);
      assert.equal((await a.request(as, 'GET', `${RUNS}/1`)).statusCode, status, `${as} reads`);
      assert.equal((await a.request(as, 'POST', `${RUNS}/1/cancel`)).statusCode, status, `${as} cancels`);
    }
    assert.deepEqual((await a.request('administrator', 'GET', RUNS)).json(), []);
  });

  test('addresses the server must not fetch, and URLs that are no http(s) address, are refused up front', async () => {
    // A node without CALENDAR_IMPORT_ALLOW_PRIVATE: loopback, private and metadata addresses are refused.
    const guarded = await createTestApp({ nodeOf: a });
    try {
      for (const url of [
        `${origin}/`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.8/',
        'http://[::1]:8080/',
        'http://localhost/',
        'http://[64:ff9b::7f00:1]/',
        'http://[::127.0.0.1]/',
        'http://[2002:7f00:1::]/',
        'http://[fec0::1]/',
        'http://[100::1]/',
      ]) {
        const answer = await start('administrator', { url }, guarded);
        assert.equal(answer.statusCode, 400, url);
        assert.equal(answer.json<Json>().code, 'site_import_url_refused', url);
        assert.match(answer.json<Json>().message, /loopback, private, link-local|does not resolve/, url);
      }
    } finally {
      await guarded.close();
    }
    for (const url of ['ftp://example.org/', 'not a url', 'http://user:secret@example.org/']) {
      const answer = await start('administrator', { url });
      assert.equal(answer.statusCode, 400, url);
      assert.equal(answer.json<Json>().code, 'site_import_url_refused', url);
    }
    const missing = await start('administrator', {});
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json<Json>().code, 'rest_missing_callback_param');
    assert.deepEqual((await a.request('administrator', 'GET', RUNS)).json(), []);
  });

  test('a site without The Events Calendar, or that does not answer, or refuses the credentials: 422, nothing started', async () => {
    const page = await start('administrator', { url: `${originOf(notTec)}/` });
    assert.equal(page.statusCode, 422);
    assert.equal(page.json<Json>().code, 'site_import_source_unusable');
    assert.match(page.json<Json>().message, /No The Events Calendar REST API/);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = originOf(closed);
    closed.close();
    const unreachable = await start('administrator', { url: `${gone}/` });
    assert.equal(unreachable.statusCode, 422);
    assert.equal(unreachable.json<Json>().code, 'site_import_source_unusable');
    const refused = await start('administrator', {
      url: `${origin}/`,
      user: 'administrator',
      app_password: 'not-the-password',
    });
    assert.equal(refused.statusCode, 422);
    assert.equal(refused.json<Json>().code, 'site_import_credentials_refused');
    assert.ok(!refused.body.includes('not-the-password'));
    assert.deepEqual((await a.request('administrator', 'GET', RUNS)).json(), []);
  });

  test('an administrator imports a site: 202 with a Location, the run followed from the other node to its end, the records in the API; again, nothing changes', async () => {
    const password = 'administrator-password';
    const answer = await start('administrator', { url: `${origin}/`, user: 'administrator', app_password: password });
    assert.equal(answer.statusCode, 202, answer.body);
    const accepted = answer.json<Json>();
    assert.equal(answer.headers.location, `http://localhost:80${API}/${RUNS}/${accepted.id}`);
    assert.equal(accepted.state, 'running');
    assert.equal(accepted.source, `${origin}${PREFIX}/tribe/events/v1`);
    assert.equal(accepted.user, 'administrator');
    assert.ok(!answer.body.includes(password), 'the application password is never shown');

    const done = await ended(accepted.id as number);
    assert.equal(done.state, 'completed', JSON.stringify(done));
    assert.equal(done.complete, true);
    assert.equal(done.error_count, 0);
    assert.ok(done.finished_at);
    const counts = Object.fromEntries((done.kinds as Json[]).map((kind) => [kind.kind, kind]));
    assert.deepEqual([counts.event!.total, counts.event!.created], [3, 3], 'the draft too, read with the credentials');
    assert.equal(counts.venue!.created, 1);
    assert.equal(counts.category!.created, 1);
    // The same run, as node a and node b see it; the password in no stored column.
    assert.deepEqual(await run(accepted.id as number, a), done);
    const row = await a.storage.read((tx) =>
      new SiteImportsRepository(a.storage.dialect).find(tx, accepted.id as number, 'site'),
    );
    assert.ok(!JSON.stringify(row).includes(password));

    const titles = (
      await a.request('administrator', 'GET', 'events?start_date=2027-03-01&end_date=2027-03-31&status=publish,draft')
    )
      .json<Json>()
      .events.map((event: Json) => event.title)
      .sort();
    assert.deepEqual(titles, ['Harbour concert', 'Planning draft', 'Quay market']);
    const concert = (
      await a.request('anonymous', 'GET', 'events?start_date=2027-03-01&end_date=2027-03-31&search=Harbour')
    ).json<Json>().events[0];
    assert.equal(concert.venue.venue, 'Harbour Hall');
    assert.deepEqual(
      concert.categories.map((term: Json) => term.name),
      ['Concerts'],
    );

    // Started again (as after an interruption): the import maps find every record, nothing is written twice.
    const again = await start('administrator', { url: `${origin}/` }, b);
    assert.equal(again.statusCode, 202);
    const second = await ended(again.json<Json>().id as number, a);
    assert.equal(second.state, 'completed');
    const published = Object.fromEntries((second.kinds as Json[]).map((kind) => [kind.kind, kind]));
    assert.deepEqual(
      [published.event!.created, published.event!.unchanged],
      [0, 2],
      'anonymously: the published events, unchanged',
    );
    assert.equal(
      (
        await a.request('administrator', 'GET', 'events?start_date=2027-03-01&end_date=2027-03-31&status=publish,draft')
      ).json<Json>().events.length,
      3,
    );
    const listed = (await b.request('administrator', 'GET', RUNS)).json<Json[]>();
    assert.deepEqual(
      listed.map((item) => item.id),
      [again.json<Json>().id, accepted.id],
    );
  });

  test('one run at a time: a second start gets 409 while the first runs; a cancel on the other node stops it', async () => {
    const first = await start('administrator', { url: `${originOf(slow)}/` });
    assert.equal(first.statusCode, 202, first.body);
    const id = first.json<Json>().id as number;
    const second = await start('administrator', { url: `${origin}/` }, b);
    assert.equal(second.statusCode, 409);
    assert.equal(second.json<Json>().code, 'site_import_running');
    assert.equal(second.json<Json>().data.id, id);
    const cancel = await b.request('administrator', 'POST', `${RUNS}/${id}/cancel`);
    assert.equal(cancel.statusCode, 202);
    assert.equal(cancel.json<Json>().state, 'cancelling');
    const stopped = await ended(id, a);
    assert.equal(stopped.state, 'cancelled');
    assert.ok(stopped.finished_at);
    const late = await a.request('administrator', 'POST', `${RUNS}/${id}/cancel`);
    assert.equal(late.statusCode, 409);
    assert.equal(late.json<Json>().code, 'site_import_not_running');
    assert.equal(
      (await a.request('administrator', 'GET', `${RUNS}/999999`)).json<Json>().code,
      'site_import_not_found',
    );
  });

  test('a cancel decides on the run as committed: one that ended in a unit still open when the cancel came is not answered as cancelling (decision 0087)', async () => {
    const repository = new SiteImportsRepository(a.storage.dialect);
    const node = 'a-node-that-finishes';
    const live = await a.storage.write((tx) =>
      repository.create(tx, {
        url: `${origin}/`,
        source: `${origin}${PREFIX}/tribe/events/v1`,
        source_user: '',
        prune: 0,
        started_by: a.ids.administrator,
        state: 'running',
        phase: 'event',
        progress: '{}',
        reason: null,
        cancel_requested: 0,
        node,
        lease_until: '2099-01-01 00:00:00',
        started_at: '2026-11-24 11:00:00',
        finished_at: null,
      }),
    );
    // The run's node records its end and has not committed yet when the cancel arrives on the other node.
    const [, answer] = await held.race(
      () =>
        held.writes(a.storage).write((tx) =>
          repository.finish(tx, live.id, node, {
            state: 'completed',
            phase: null,
            progress: '{}',
            reason: null,
            finishedAt: '2026-11-24 12:00:00',
          }),
        ),
      () => b.request('administrator', 'POST', `${RUNS}/${live.id}/cancel`),
    );
    assert.equal(answer.statusCode, 409, answer.body);
    assert.equal(answer.json<Json>().code, 'site_import_not_running');
    assert.equal((await run(live.id, a)).state, 'completed');
  });

  test('a run whose node died is seen as interrupted by every node and does not block a new start; a node that stops records its run interrupted', async () => {
    const repository = new SiteImportsRepository(a.storage.dialect);
    const dead = await a.storage.write((tx) =>
      repository.create(tx, {
        url: `${origin}/`,
        source: `${origin}${PREFIX}/tribe/events/v1`,
        source_user: '',
        prune: 0,
        started_by: a.ids.administrator,
        state: 'running',
        phase: 'event',
        progress: '{}',
        reason: null,
        cancel_requested: 0,
        node: 'a-node-that-died',
        lease_until: '2026-11-24 11:59:00',
        started_at: '2026-11-24 11:00:00',
        finished_at: null,
      }),
    );
    assert.equal((await run(dead.id, a)).state, 'interrupted');
    assert.equal((await run(dead.id, b)).state, 'interrupted');
    assert.equal((await b.request('administrator', 'POST', `${RUNS}/${dead.id}/cancel`)).statusCode, 409);

    // A node of its own, stopped while its run reads the slow front.
    const c = await createTestApp({ nodeOf: a, env: ALLOW_LOOPBACK });
    const started = await start('administrator', { url: `${originOf(slow)}/` }, c);
    assert.equal(started.statusCode, 202, started.body);
    const id = started.json<Json>().id as number;
    await c.close();
    const interrupted = await run(id, a);
    assert.equal(interrupted.state, 'interrupted');
    assert.match(interrupted.reason as string, /stopped; start it again/);
    assert.equal(
      (await run(dead.id, a)).reason,
      'The node running the import stopped answering; start it again to resume.',
    );
  });
});
