import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { basicAuth, freshDatabase, type TestDatabase } from '../fixtures/app.ts';
import { CLI, ROOT, startServer } from '../fixtures/server-process.ts';
import { until } from '../fixtures/wait.ts';

/**
 * A tag creation as admin whose headers and first bytes are sent now, on a connection of its own
 * (no keep-alive reuse); `finish` sends the rest of the body.
 */
function heldTagCreation(base: string, name: string): { name: string; answered: Promise<number>; finish(): void } {
  const body = JSON.stringify({ name });
  const request = http.request(`${base}/calendar/events/v1/tags`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: basicAuth('admin', 'first-start-secret'),
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 5));
  return { name, answered, finish: () => request.end(body.slice(5)) };
}

/** How many tag creations the server has logged as read (their headers received): a held one counts once read. */
const tagCreationsRead = (output: string) =>
  (output.match(/"url":"\/calendar\/events\/v1\/tags".*"incoming request"/g) ?? []).length;

/** Whether a new connection to the server is refused (its listening socket closed), rather than answered. */
function refusesConnections(base: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = http.get(`${base}/healthz`, { agent: false }, (res) => {
      res.resume();
      resolve(false);
    });
    probe.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('calendar-events serve', () => {
  let database: TestDatabase;
  before(async () => {
    database = await freshDatabase();
  });
  after(() => database.drop());

  test('migrates a fresh database, creates admin from CALENDAR_ADMIN_PASSWORD, serves, and stops cleanly on SIGTERM', async () => {
    const { base, output, exited, signal } = await startServer({
      DATABASE_URL: database.url,
      CALENDAR_ADMIN_PASSWORD: 'first-start-secret',
    });
    const created = await fetch(`${base}/calendar/events/v1/tags`, {
      method: 'POST',
      headers: { authorization: basicAuth('admin', 'first-start-secret'), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Served' }),
    });
    assert.equal(created.status, 201);
    // The port is kept in emitted URLs.
    assert.equal(created.headers.get('location'), `${base}/calendar/events/v1/tags/${(await created.json()).id}`);
    assert.match(output(), /"reqId":"[0-9a-f-]{36}"/, 'JSON logs carry a request id');

    signal('SIGTERM');
    assert.equal(await exited, 0);
  });

  test('SIGTERM lets an in-flight request finish before exiting', async () => {
    const { base, exited, signal, output } = await startServer({
      DATABASE_URL: database.url,
      CALENDAR_ADMIN_PASSWORD: 'first-start-secret',
    });
    // Headers and the first bytes of the body reach the server before SIGTERM; the rest follows after it.
    const request = heldTagCreation(base, 'Finished during shutdown');
    await until('the held request read by the server', () => tagCreationsRead(output()) === 1);
    signal('SIGTERM');
    // The rest of the body is sent once the shutdown is under way: the listening socket closed.
    await until('new connections refused after SIGTERM', () => refusesConnections(base));
    request.finish();
    assert.equal(await request.answered, 201);
    assert.equal(await exited, 0);
  });

  test('SIGTERM under load: requests already sent complete, new connections are refused, exit code 0, and every acknowledged write is there after a restart', async () => {
    const env = { DATABASE_URL: database.url, CALENDAR_ADMIN_PASSWORD: 'first-start-secret' };
    const { base, exited, signal, output } = await startServer(env);
    const inFlight = Array.from({ length: 20 }, (_, index) => heldTagCreation(base, `Under load ${index}`));
    // Every request must have reached the server (its headers read) before the signal: a connection
    // still waiting for its headers is idle, and closing idle connections is part of the shutdown.
    await until('every held request read by the server', () => tagCreationsRead(output()) === inFlight.length);
    signal('SIGTERM');
    // The listening socket is closed while the held requests still run: a new connection is refused.
    await until('new connections refused after SIGTERM', () => refusesConnections(base));
    for (const request of inFlight) request.finish();
    assert.deepEqual(
      await Promise.all(inFlight.map((request) => request.answered)),
      inFlight.map(() => 201),
    );
    assert.equal(await exited, 0);

    const restarted = await startServer(env);
    try {
      const listed = await fetch(`${restarted.base}/calendar/events/v1/tags?hide_empty=0&per_page=100&search=load`);
      const names = ((await listed.json()) as { tags: { name: string }[] }).tags.map((tag) => tag.name).sort();
      assert.deepEqual(names, inFlight.map((request) => request.name).sort());
    } finally {
      restarted.signal('SIGTERM');
      await restarted.exited;
    }
  });

  test('invalid configuration stops start-up with one clear line and a non-zero exit', () => {
    const result = spawnSync(process.execPath, [...CLI, 'serve'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
    });
    assert.notEqual(result.status, 0);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(result.stderr, /PORT must be an integer/);
  });

  test('the default database is ./data/calendar.sqlite under the working directory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-cwd-'));
    try {
      const env = { ...process.env };
      delete env.DATABASE_URL;
      const result = spawnSync(process.execPath, [...CLI, 'migrate'], { cwd: dir, env, encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      assert.ok(fs.existsSync(path.join(dir, 'data/calendar.sqlite')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
