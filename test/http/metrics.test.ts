import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * GET /metrics (decision 0044): no route unless CALENDAR_METRICS_TOKEN is set, then only for that
 * bearer token, in Prometheus' text format, moving with the requests the node serves.
 */

const TOKEN = 'metrics-token-0123456789abcdef0123456789';
const BEARER = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample of Prometheus' text format (0 when absent: a series appears at its first count). */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe(`GET /metrics (${DIALECT})`, () => {
  test('is no route when CALENDAR_METRICS_TOKEN is unset', async () => {
    const t = await createTestApp();
    try {
      assert.equal((await t.request('anonymous', 'GET', '/metrics', undefined, BEARER)).statusCode, 404);
      assert.equal((await t.request('administrator', 'GET', '/metrics')).statusCode, 404);
    } finally {
      await t.close();
    }
  });

  describe('with a token', () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ env: { CALENDAR_METRICS_TOKEN: TOKEN } });
    });
    after(() => t.close());
    const scrape = async () => {
      const response = await t.request('anonymous', 'GET', '/metrics', undefined, BEARER);
      assert.equal(response.statusCode, 200, response.body);
      return response.body;
    };

    test("refuses a request without the token, with a wrong one, and with an administrator's password", async () => {
      for (const [as, headers] of [
        ['anonymous', {}],
        ['anonymous', { authorization: `Bearer ${TOKEN.slice(0, -1)}x` }],
        ['anonymous', { authorization: `Bearer ${TOKEN}extra` }],
        ['anonymous', { authorization: TOKEN }],
        ['administrator', {}],
      ] as const) {
        const response = await t.request(as, 'GET', '/metrics', undefined, headers);
        assert.equal(response.statusCode, 401, JSON.stringify(headers));
        assert.equal(response.headers['www-authenticate'], 'Bearer realm="metrics"');
        assert.equal(response.json<{ code: string }>().code, 'rest_forbidden');
        assert.ok(!response.body.includes('calendar_'), 'no metric leaks into a refusal');
      }
    });

    test("answers Prometheus' text format for the token", async () => {
      const response = await t.request('anonymous', 'GET', '/metrics', undefined, {
        authorization: `bearer  ${TOKEN}`,
      });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      assert.match(response.body, /^# HELP calendar_http_request_duration_seconds /m);
      assert.match(response.body, /^process_resident_memory_bytes \d+/m);
      // Nothing pending or given up in a fresh database; the pool is PostgreSQL's alone.
      assert.equal(sample(response.body, 'calendar_webhook_deliveries', { status: 'pending' }), 0);
      assert.match(response.body, /^calendar_webhook_deliveries\{status="failed"\} 0$/m);
      assert.match(response.body, /^calendar_mail_outbox\{status="failed"\} 0$/m);
      assert.equal(/^calendar_db_pool_connections\{state="idle"\}/m.test(response.body), DIALECT === 'postgres');
    });

    test("requests by route and status, read-cache hits and misses and write units' waits to begin move as requests are served", async () => {
      const before = await scrape();
      const created = await t.request('administrator', 'POST', 'events', {
        title: 'Counted',
        start_date: '2026-12-01 10:00',
        end_date: '2026-12-01 11:00',
        status: 'publish',
      });
      assert.equal(created.statusCode, 201, created.body);
      for (let read = 0; read < 3; read++)
        assert.equal((await t.request('anonymous', 'GET', 'events')).statusCode, 200);
      assert.equal((await t.request('anonymous', 'GET', 'events/999999')).statusCode, 404);
      assert.equal((await t.request('anonymous', 'GET', '/no/such/path/at/all')).statusCode, 404);
      const now = await scrape();
      const moved = (name: string, labels?: Record<string, string>) =>
        sample(now, name, labels) - sample(before, name, labels);

      assert.equal(
        moved('calendar_http_request_duration_seconds_count', { method: 'GET', route: `${API}/events`, status: '200' }),
        3,
      );
      assert.equal(
        moved('calendar_http_request_duration_seconds_count', {
          method: 'POST',
          route: `${API}/events`,
          status: '201',
        }),
        1,
      );
      // The route's pattern without its parameters' patterns (`:id(^\\d+$)`), and every unrouted path as one.
      assert.equal(
        moved('calendar_http_request_duration_seconds_count', {
          method: 'GET',
          route: `${API}/events/:id`,
          status: '404',
        }),
        1,
      );
      assert.equal(
        moved('calendar_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' }),
        1,
      );
      assert.ok(
        moved('calendar_http_request_duration_seconds_sum', { method: 'GET', route: `${API}/events`, status: '200' }) >
          0,
      );
      // The first list read after the write computes its answer, the next two are served from the
      // cache; the unknown id is looked up too, and missed.
      assert.equal(moved('calendar_read_cache_misses_total'), 2);
      assert.equal(moved('calendar_read_cache_hits_total'), 2);
      assert.ok(moved('calendar_write_unit_begin_waits_total') >= 1, "the create's unit waited to begin");
      assert.ok(moved('calendar_write_unit_begin_wait_seconds_total') > 0);
      // The names before decision 0120 are gone: no alias is kept.
      assert.equal(now.includes('calendar_write_lock_'), false);
      // The earlier scrape is counted too, under its own route.
      assert.ok(
        sample(now, 'calendar_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/metrics',
          status: '200',
        }) >= 1,
      );
    });
  });
});
