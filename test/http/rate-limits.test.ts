import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, mock, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { redisMissing, testRedis, type TestRedis } from '../fixtures/redis.ts';

/*
 * Per-client rate limits (decision 0023), in each node's memory and shared through Redis. Clients
 * are told apart by X-Forwarded-For from a trusted proxy, as behind a real one.
 */

/** Unique per run, so parallel runs on one Redis never share counts. */
const RUN_PREFIX = `calendar-events-test:${randomBytes(6).toString('hex')}:`;

const limitedApp = (reads: number, writes: number, env: Record<string, string> = {}) =>
  createTestApp({
    env: {
      CALENDAR_RATE_LIMIT_READS: String(reads),
      CALENDAR_RATE_LIMIT_WRITES: String(writes),
      CALENDAR_TRUST_PROXY: 'true',
      ...env,
    },
  });

const from = (address: string) => ({ 'x-forwarded-for': address });

function assertTooMany(answer: LightMyRequestResponse, limit: number): void {
  assert.equal(answer.statusCode, 429, answer.body);
  const body = answer.json();
  assert.equal(body.code, 'rest_too_many_requests');
  assert.deepEqual(body.data, { status: 429 });
  const retryAfter = Number(answer.headers['retry-after']);
  assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${answer.headers['retry-after']}`);
  assert.equal(body.message, `Too many requests. Try again in ${retryAfter} seconds.`);
  assert.equal(answer.headers['ratelimit-limit'], String(limit));
  assert.equal(answer.headers['ratelimit-remaining'], '0');
  assert.equal(answer.headers['ratelimit-reset'], String(retryAfter));
  assert.match(String(answer.headers['content-type']), /^application\/json/);
}

describe(`rate limits in the node's memory (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await limitedApp(3, 2);
  });
  after(() => t.close());
  afterEach(() => mock.timers.reset());

  test('anonymous reads are counted per address, with the RateLimit headers on every answer, then 429 in the envelope with Retry-After', async () => {
    for (const remaining of [2, 1, 0]) {
      const answer = await t.request('anonymous', 'GET', 'categories', undefined, from('192.0.2.1'));
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(answer.headers['ratelimit-limit'], '3');
      assert.equal(answer.headers['ratelimit-remaining'], String(remaining));
      const reset = Number(answer.headers['ratelimit-reset']);
      assert.ok(reset > 0 && reset <= 60, `RateLimit-Reset ${answer.headers['ratelimit-reset']}`);
    }
    assertTooMany(await t.request('anonymous', 'GET', 'tags', undefined, from('192.0.2.1')), 3);
    // Anonymous writes share the address's count: refused by the limit before the permission.
    assertTooMany(await t.request('anonymous', 'POST', 'tags', { name: 'x' }, from('192.0.2.1')), 3);
    // Another address has its own count.
    assert.equal((await t.request('anonymous', 'GET', 'categories', undefined, from('192.0.2.2'))).statusCode, 200);
  });

  test('CORS exposes the rate-limit headers to scripts', async () => {
    const answer = await t.request('anonymous', 'GET', 'categories', undefined, {
      ...from('192.0.2.3'),
      origin: 'https://app.example.org',
    });
    const exposed = String(answer.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'])
      assert.ok(exposed.includes(name), `${name} in ${exposed.join(', ')}`);
  });

  test('the count starts again once the minute is over (pinned clock)', async () => {
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
    for (let index = 0; index < 3; index++)
      assert.equal((await t.request('anonymous', 'GET', 'categories', undefined, from('192.0.2.4'))).statusCode, 200);
    assertTooMany(await t.request('anonymous', 'GET', 'categories', undefined, from('192.0.2.4')), 3);
    mock.timers.tick(59_000);
    assert.equal((await t.request('anonymous', 'GET', 'categories', undefined, from('192.0.2.4'))).statusCode, 429);
    mock.timers.tick(1_000);
    const answer = await t.request('anonymous', 'GET', 'categories', undefined, from('192.0.2.4'));
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.headers['ratelimit-remaining'], '2');
  });

  test("a user's writes are counted per user, whatever the address, apart from the user's reads and other users' writes", async () => {
    assert.equal(
      (await t.request('author', 'POST', 'categories', { name: 'First' }, from('198.51.100.1'))).statusCode,
      201,
    );
    const second = await t.request('author', 'POST', 'categories', { name: 'Second' }, from('198.51.100.2'));
    assert.equal(second.statusCode, 201, second.body);
    assert.equal(second.headers['ratelimit-limit'], '2');
    assert.equal(second.headers['ratelimit-remaining'], '0');
    assertTooMany(await t.request('author', 'POST', 'categories', { name: 'Third' }, from('198.51.100.3')), 2);
    // Nothing of the refused write was done.
    const listed = await t.request(
      'author',
      'GET',
      'categories?search=Third&hide_empty=false',
      undefined,
      from('198.51.100.3'),
    );
    assert.equal(listed.statusCode, 200);
    assert.equal(listed.json().categories.length, 0);
    // The same user's reads have their own count, with the read limit; another user writes on.
    assert.equal(listed.headers['ratelimit-limit'], '3');
    assert.equal(
      (await t.request('editor', 'POST', 'categories', { name: 'Editor' }, from('198.51.100.1'))).statusCode,
      201,
    );
  });

  test('the health probes are never limited', async () => {
    for (let index = 0; index < 6; index++) {
      for (const path of ['/healthz', '/readyz']) {
        const answer = await t.request('anonymous', 'GET', path, undefined, from('192.0.2.5'));
        assert.equal(answer.statusCode, 200, `${path}: ${answer.body}`);
        assert.equal(answer.headers['ratelimit-limit'], undefined);
      }
    }
  });
});

describe(`a limit of 0 is off (${DIALECT})`, () => {
  test('reads off, writes limited: reads are neither counted nor given the headers', async () => {
    const t = await limitedApp(0, 1);
    try {
      for (let index = 0; index < 20; index++) {
        const answer = await t.request('anonymous', 'GET', 'categories', undefined, from('192.0.2.10'));
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.headers['ratelimit-limit'], undefined);
      }
      assert.equal((await t.request('editor', 'POST', 'tags', { name: 'One' })).statusCode, 201);
      assertTooMany(await t.request('editor', 'POST', 'tags', { name: 'Two' }), 1);
    } finally {
      await t.close();
    }
  });

  test('both off (the test harness default): no limit and no headers', async () => {
    const t = await createTestApp({ withUsers: false });
    try {
      const answer = await t.request('anonymous', 'GET', 'categories');
      assert.equal(answer.statusCode, 200);
      assert.equal(answer.headers['ratelimit-limit'], undefined);
      assert.equal(answer.headers['ratelimit-remaining'], undefined);
    } finally {
      await t.close();
    }
  });
});

// A Redis of the tests' own (REDIS_URL's when set), or skipped saying what is missing.
describe(`rate limits shared through Redis (${DIALECT})`, { skip: redisMissing() }, () => {
  let server: TestRedis;
  let redisUrl: string;
  let redis: Redis;
  before(async () => {
    server = await testRedis();
    redisUrl = server.url;
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  });
  after(async () => {
    if (redis) {
      const keys = await redis.keys(`${RUN_PREFIX}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await server?.stop();
  });

  test('two nodes with one key prefix share each client count; a node with another prefix does not', async () => {
    const env = { REDIS_URL: redisUrl, CALENDAR_REDIS_PREFIX: `${RUN_PREFIX}shared:` };
    const nodeA = await limitedApp(3, 2, env);
    const nodeB = await limitedApp(3, 2, env);
    const elsewhere = await limitedApp(3, 2, { REDIS_URL: redisUrl, CALENDAR_REDIS_PREFIX: `${RUN_PREFIX}elsewhere:` });
    try {
      assert.equal(
        (await nodeA.request('anonymous', 'GET', 'categories', undefined, from('203.0.113.1'))).headers[
          'ratelimit-remaining'
        ],
        '2',
      );
      assert.equal(
        (await nodeB.request('anonymous', 'GET', 'categories', undefined, from('203.0.113.1'))).headers[
          'ratelimit-remaining'
        ],
        '1',
      );
      assert.equal(
        (await nodeA.request('anonymous', 'GET', 'categories', undefined, from('203.0.113.1'))).headers[
          'ratelimit-remaining'
        ],
        '0',
      );
      assertTooMany(await nodeB.request('anonymous', 'GET', 'categories', undefined, from('203.0.113.1')), 3);
      assert.equal(
        (await elsewhere.request('anonymous', 'GET', 'categories', undefined, from('203.0.113.1'))).statusCode,
        200,
      );
      // A user's writes, on both nodes.
      assert.equal((await nodeA.request('editor', 'POST', 'tags', { name: 'A' })).statusCode, 201);
      assert.equal((await nodeB.request('editor', 'POST', 'tags', { name: 'B' })).statusCode, 201);
      assertTooMany(await nodeA.request('editor', 'POST', 'tags', { name: 'C' }), 2);
      // The counts are in Redis, under the configured prefix.
      assert.ok((await redis.keys(`${RUN_PREFIX}shared:rate-limit:*`)).length >= 2);
    } finally {
      await Promise.all([nodeA.close(), nodeB.close(), elsewhere.close()]);
    }
  });

  test('with Redis unreachable, requests are served at once (fail open), never a 500 or a hang', async () => {
    const t = await limitedApp(3, 2, { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const started = performance.now();
      for (let index = 0; index < 6; index++) {
        const answer = await t.request('anonymous', 'GET', 'categories', undefined, from('203.0.113.9'));
        assert.equal(answer.statusCode, 200, answer.body);
      }
      assert.ok(performance.now() - started < 3000, `6 requests took ${Math.round(performance.now() - started)} ms`);
    } finally {
      await t.close();
    }
  });
});
