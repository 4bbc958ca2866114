import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { basicAuth, freshDatabase, type TestDatabase } from '../fixtures/app.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/calendar-events.js');

/** Starts `calendar-events serve` on a free port; resolves with its base URL once it listens. */
function serve(env: Record<string, string>): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve'], { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, base: match[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 20_000).unref();
  });
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

describe('calendar-events serve', () => {
  let database: TestDatabase;
  before(async () => {
    database = await freshDatabase();
  });
  after(() => database.drop());

  test('migrates a fresh database, creates admin from CALENDAR_ADMIN_PASSWORD, serves, and stops cleanly on SIGTERM', async () => {
    const { child, base, output } = await serve({ DATABASE_URL: database.url, CALENDAR_ADMIN_PASSWORD: 'first-start-secret' });
    const created = await fetch(`${base}/calendar/events/v1/tags`, {
      method: 'POST',
      headers: { authorization: basicAuth('admin', 'first-start-secret'), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Served' }),
    });
    assert.equal(created.status, 201);
    // The port is kept in emitted URLs.
    assert.equal(created.headers.get('location'), `${base}/calendar/events/v1/tags/${(await created.json()).id}`);
    assert.match(output(), /"reqId":"[0-9a-f-]{36}"/, 'JSON logs carry a request id');

    const exited = exitOf(child);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });

  test('SIGTERM lets an in-flight request finish before exiting', async () => {
    const { child, base } = await serve({ DATABASE_URL: database.url, CALENDAR_ADMIN_PASSWORD: 'first-start-secret' });
    const body = JSON.stringify({ name: 'Finished during shutdown' });
    // Headers and half the body reach the server before SIGTERM; the rest follows after it.
    const request = http.request(`${base}/calendar/events/v1/tags`, {
      method: 'POST',
      headers: { authorization: basicAuth('admin', 'first-start-secret'), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const response = new Promise<number>((resolve, reject) => {
      request.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = exitOf(child);
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.end(body.slice(10));
    assert.equal(await response, 201);
    assert.equal(await exited, 0);
  });

  test('invalid configuration stops start-up with one clear line and a non-zero exit', () => {
    const result = spawnSync(process.execPath, [BIN, 'serve'], { cwd: ROOT, env: { ...process.env, PORT: 'eighty' }, encoding: 'utf8' });
    assert.notEqual(result.status, 0);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(result.stderr, /PORT must be an integer/);
  });

  test('the default database is ./data/calendar.sqlite under the working directory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-cwd-'));
    try {
      const env = { ...process.env };
      delete env.DATABASE_URL;
      const result = spawnSync(process.execPath, [BIN, 'migrate'], { cwd: dir, env, encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      assert.ok(fs.existsSync(path.join(dir, 'data/calendar.sqlite')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
