import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * The admin's shell and bundle (issue 33, decision 0054): every admin URL answers the same shell
 * under the strict CSP, naming its hashed script and stylesheet, which are served for a year.
 */

describe(`admin shell (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_SITE_URL: 'https://example.org/calendar/' } });
  });
  after(async () => t?.close());

  test('every admin path answers the shell, with its settings and the strict CSP', async () => {
    const shells = await Promise.all(
      ['/calendar/admin/', '/calendar/admin/events', '/calendar/admin/events/42'].map((url) =>
        t.app.inject({ method: 'GET', url }),
      ),
    );
    for (const response of shells) {
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /script-src 'self'/);
      assert.match(csp, /style-src 'self'/);
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.match(response.body, /data-base="\/calendar\/admin"/);
      assert.match(response.body, /data-api="[^"]*\/calendar\/events\/v1"/);
      assert.doesNotMatch(response.body, /<script>|<style>| style=/);
    }
    assert.equal(shells[1]!.body, shells[0]!.body);
  });

  test('the bundle is served under hashed names with a year of cache; unknown files are 404', async () => {
    const shell = (await t.app.inject({ method: 'GET', url: '/calendar/admin/' })).body;
    const script = /<script type="module" src="([^"]+)"/.exec(shell)?.[1];
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(shell)?.[1];
    assert.match(script ?? '', /^\/calendar\/admin\/assets\/admin-[A-Z0-9]+\.js$/);
    assert.match(stylesheet ?? '', /^\/calendar\/admin\/assets\/admin-[A-Z0-9]+\.css$/);
    for (const [url, type] of [
      [script!, /^text\/javascript/],
      [stylesheet!, /^text\/css/],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), type);
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(response.body.length > 1000);
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/calendar/admin/assets/admin-NOPE.js' })).statusCode, 404);
  });
});
