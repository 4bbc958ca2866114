import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { TimedOut } from '../../src/deadline.ts';
import type { Storage } from '../../src/storage/types.ts';
import { API, basicAuth, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { until } from '../fixtures/wait.ts';

/*
 * Timeouts (decision 0023): slow clients are cut over a real socket (app.inject has no socket),
 * a request that runs too long answers 503 and writes nothing, PostgreSQL statements are bounded,
 * and idle keep-alive connections are closed.
 */

interface SocketOutcome {
  /** What the server sent before closing. */
  readonly received: string;
  /** Milliseconds from connecting until the server closed the connection. */
  readonly closedAfterMs: number;
}

/**
 * Connects, sends `first`, then one byte of `trickle` every 100 ms, and reports what the server
 * answered and when it closed the connection (failing after `giveUpMs`).
 */
function slowClient(port: number, first: string, trickle: string, giveUpMs = 8000): Promise<SocketOutcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
    }, 100);
    const giveUp = setTimeout(
      () => socket.destroy(new Error(`the server kept the connection open for ${giveUpMs} ms`)),
      giveUpMs,
    );
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('error', (error) => {
      // The server may reset a connection that is still sending; what it answered before counts.
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: performance.now() - started });
    });
    socket.write(first);
  });
}

const statusOf = (received: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
const bodyOf = (received: string) => JSON.parse(received.split('\r\n\r\n', 2)[1] ?? '');

describe(`slow clients and idle connections, over a real socket (${DIALECT})`, () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await createTestApp({
      env: { CALENDAR_HEADERS_TIMEOUT: '0.5', CALENDAR_RECEIVE_TIMEOUT: '1', CALENDAR_KEEP_ALIVE_TIMEOUT: '0.5' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  after(() => t.close());

  test('headers sent a byte at a time (slow loris) are cut: 408 in the envelope and the connection closed', async () => {
    const outcome = await slowClient(
      port,
      `GET ${API}/categories HTTP/1.1\r\nHost: localhost\r\n`,
      'X-Slow: ' + 'a'.repeat(200),
    );
    assert.equal(statusOf(outcome.received), 408, outcome.received);
    assert.equal(bodyOf(outcome.received).code, 'rest_bad_request');
    // Cut once the headers timeout has passed, checked every second: not before, not much later.
    assert.ok(
      outcome.closedAfterMs >= 500 && outcome.closedAfterMs < 4000,
      `closed after ${Math.round(outcome.closedAfterMs)} ms`,
    );
  });

  test('a body sent a byte at a time is cut once the whole request is overdue', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(200) });
    const outcome = await slowClient(
      port,
      // An editor's: a caller who may not create tags is refused before the body is read (decision 0089).
      `POST ${API}/tags HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${basicAuth('editor', 'editor-password')}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    assert.equal(statusOf(outcome.received), 408, outcome.received);
    assert.ok(
      outcome.closedAfterMs >= 1000 && outcome.closedAfterMs < 4500,
      `closed after ${Math.round(outcome.closedAfterMs)} ms`,
    );
  });

  test('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const outcome = await slowClient(port, `GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n`, '');
    assert.equal(statusOf(outcome.received), 200, outcome.received);
    assert.ok(
      outcome.closedAfterMs >= 400 && outcome.closedAfterMs < 3000,
      `closed after ${Math.round(outcome.closedAfterMs)} ms`,
    );
  });

  test('a client that keeps up is served', async () => {
    const outcome = await slowClient(
      port,
      `GET ${API}/categories HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      '',
    );
    assert.equal(statusOf(outcome.received), 200, outcome.received);
  });
});

/** Counts the units a slowed storage has run to their end (committed or rolled back): what a test waits on. */
class UnitsEnded {
  count = 0;
  ended<T>(unit: Promise<T>): Promise<T> {
    const end = () => void this.count++;
    unit.then(end, end);
    return unit;
  }
}

/** The routes' storage with every write unit taking `delayMs` more after its work, before its commit. */
const slowWrites =
  (delayMs: number, units = new UnitsEnded()) =>
  (storage: Storage): Storage => ({
    ...storage,
    write: (work, deadline) =>
      units.ended(
        storage.write(async (tx) => {
          const result = await work(tx);
          await sleep(delayMs);
          return result;
        }, deadline),
      ),
  });

describe(`a request running longer than CALENDAR_REQUEST_TIMEOUT (${DIALECT})`, () => {
  test('a write that overruns answers 503 request_timeout and is rolled back, never committed after the answer', async () => {
    const units = new UnitsEnded();
    const t = await createTestApp({ env: { CALENDAR_REQUEST_TIMEOUT: '0.3' }, routeStorage: slowWrites(1500, units) });
    try {
      // The password's scrypt check is remembered after a first request: only the handler is timed below.
      assert.equal((await t.request('editor', 'GET', 'tags')).statusCode, 200);
      const started = performance.now();
      const answer = await t.request('editor', 'POST', 'tags', { name: 'Overran' });
      const elapsed = performance.now() - started;
      assert.equal(answer.statusCode, 503, answer.body);
      assert.deepEqual(answer.json(), {
        code: 'request_timeout',
        message: 'The request took too long and was abandoned; nothing was changed. Try again later.',
        data: { status: 503 },
      });
      // Before the unit's work is over: the answer did not wait for it.
      assert.ok(elapsed >= 300 && elapsed < 1500, `answered after ${Math.round(elapsed)} ms`);
      // Once the unit has ended (its work done, rolled back or committed): the tag was never committed.
      await until('the overrunning write unit to end', () => units.count === 1, 30_000);
      const listed = await t.request('editor', 'GET', 'tags?search=Overran&hide_empty=false');
      assert.equal(listed.statusCode, 200);
      assert.deepEqual(listed.json().tags, []);
    } finally {
      await t.close();
    }
  });

  test('the same write within the limit commits (the slowed unit works)', async () => {
    const t = await createTestApp({ env: { CALENDAR_REQUEST_TIMEOUT: '5' }, routeStorage: slowWrites(300) });
    try {
      assert.equal((await t.request('editor', 'POST', 'tags', { name: 'Punctual' })).statusCode, 201);
      assert.equal((await t.request('editor', 'GET', 'tags?search=Punctual&hide_empty=false')).json().tags.length, 1);
    } finally {
      await t.close();
    }
  });

  test('a read that overruns answers 503 request_timeout', async () => {
    const units = new UnitsEnded();
    const t = await createTestApp({
      withUsers: false,
      env: { CALENDAR_REQUEST_TIMEOUT: '0.2' },
      routeStorage: (storage) => ({
        ...storage,
        read: (work) => units.ended(storage.read(async (tx) => (await sleep(600), work(tx)))),
      }),
    });
    try {
      const answer = await t.request('anonymous', 'GET', 'categories');
      assert.equal(answer.statusCode, 503, answer.body);
      assert.equal(answer.json().code, 'request_timeout');
      // The abandoned read ends before the app closes under it.
      await until('the overrunning read unit to end', () => units.count === 1, 30_000);
    } finally {
      await t.close();
    }
  });
});

describe(
  'PostgreSQL statement timeout',
  { skip: DIALECT !== 'postgres' && 'SQLite runs each statement to its end' },
  () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({
        withUsers: false,
        env: { CALENDAR_STATEMENT_TIMEOUT: '0.2', CALENDAR_REQUEST_TIMEOUT: '20' },
        // Every read of the routes first runs a statement far longer (5 s) than the statement timeout.
        routeStorage: (storage) => ({
          ...storage,
          read: (work) => storage.read(async (tx) => (await sql`select pg_sleep(5)`.execute(tx), work(tx))),
        }),
      });
    });
    after(() => t.close());

    test('the pool sets statement_timeout and idle_in_transaction_session_timeout', async () => {
      const settings = await t.storage.read(async (tx) => ({
        statement: (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(tx)).rows[0]!
          .statement_timeout,
        idle: (
          await sql<{ idle_in_transaction_session_timeout: string }>`show idle_in_transaction_session_timeout`.execute(
            tx,
          )
        ).rows[0]!.idle_in_transaction_session_timeout,
      }));
      assert.deepEqual(settings, { statement: '200ms', idle: '200ms' });
    });

    test('a long statement through the storage layer is cancelled as TimedOut', async () => {
      const started = performance.now();
      await assert.rejects(
        t.storage.read((tx) => sql`select pg_sleep(5)`.execute(tx)),
        (error: unknown) => error instanceof TimedOut,
      );
      assert.ok(performance.now() - started < 4000, `cancelled after ${Math.round(performance.now() - started)} ms`);
    });

    test('a route whose statement is cancelled answers 503 request_timeout in the envelope, not a hang', async () => {
      const started = performance.now();
      const answer = await t.request('anonymous', 'GET', 'categories');
      assert.equal(answer.statusCode, 503, answer.body);
      assert.equal(answer.json().code, 'request_timeout');
      assert.ok(performance.now() - started < 4000, `answered after ${Math.round(performance.now() - started)} ms`);
    });
  },
);
