import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SETUP_LINK_MS } from '../../src/auth/first-admin.service.ts';
import type { Clock } from '../../src/clock.ts';
import { API, createTestApp, TEST_NOW, type TestApp } from '../fixtures/app.ts';

/*
 * The first administrator's one-time setup link (issue 44, decision 0097): printed at start-up
 * while the calendar has no user, it opens a form that creates the administrator and signs them
 * in. It is single use, ends after an hour, works from loopback only unless
 * CALENDAR_SETUP_FROM_ANYWHERE, and is dead once any user exists.
 */

/** A clock the test moves. */
function movableClock(): Clock & { advance(ms: number): void } {
  let at = new Date(TEST_NOW).getTime();
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the first administrator setup link', () => {
  let t: TestApp;
  const clock = movableClock();

  before(async () => {
    t = await createTestApp({ withUsers: false, clock });
  });
  after(() => t.close());

  const open = (token: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/admin/setup?token=${encodeURIComponent(token)}`, remoteAddress });
  const send = (fields: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/admin/setup',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    });
  const account = { login: 'root', email: 'root@example.org', password: 'first-admin-password' };

  test('an unknown token is a dead link: 410, and no form', async () => {
    const answer = await open('not-a-token');
    assert.equal(answer.statusCode, 410);
    assert.match(answer.body, /expired or was used/);
    assert.doesNotMatch(answer.body, /<form/);
  });

  test('an expired link is refused, on the page and on the form', async () => {
    const token = (await t.services.firstAdmin.issue())!;
    clock.advance(SETUP_LINK_MS);
    assert.equal((await open(token)).statusCode, 410);
    assert.equal((await send({ token, ...account })).statusCode, 410);
    assert.equal((await t.users.list()).length, 0);
  });

  test('from another address than loopback the link is refused with 403 and works not', async () => {
    const token = (await t.services.firstAdmin.issue())!;
    const page = await open(token, '203.0.113.9');
    assert.equal(page.statusCode, 403);
    assert.match(page.body, /CALENDAR_SETUP_FROM_ANYWHERE/);
    assert.equal((await send({ token, ...account }, '203.0.113.9')).statusCode, 403);
    assert.equal((await t.users.list()).length, 0);
    assert.equal((await open(token, '::1')).statusCode, 200);
  });

  test('a refused account keeps the link; the next one creates the administrator, signs them in, and uses the link up', async () => {
    const token = (await t.services.firstAdmin.issue())!;
    const page = await open(token);
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-security-policy'] as string, /default-src/);
    for (const id of ['setup-login', 'setup-email', 'setup-password'])
      assert.match(page.body, new RegExp(`<label for="${id}"`));

    const weak = await send({ token, ...account, password: 'short' });
    assert.equal(weak.statusCode, 400);
    assert.match(weak.body, /at least 8 characters/);

    const created = await send({ token, ...account });
    assert.equal(created.statusCode, 303);
    assert.equal(created.headers.location, '/admin/');
    const cookie = String(created.headers['set-cookie']).split(';')[0]!;
    const session = await t.app.inject({ method: 'GET', url: `${API}/sessions/current`, headers: { cookie } });
    assert.equal(session.statusCode, 200, session.body);
    const me = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me?context=edit',
      headers: { cookie, 'x-wp-nonce': session.json().nonce },
    });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.json().slug, 'root');
    assert.deepEqual(me.json().roles, ['administrator']);

    const reused = await send({ token, ...account, login: 'second' });
    assert.equal(reused.statusCode, 410);
    assert.match(reused.body, /has an administrator already/);
    assert.equal((await t.users.list()).length, 1);
  });

  test('once a user exists no link is issued and every link is dead', async () => {
    assert.equal(await t.services.firstAdmin.issue(), undefined);
    const answer = await open('any-token');
    assert.equal(answer.statusCode, 410);
    assert.match(answer.body, /sign in/);
  });
});

describe('CALENDAR_SETUP_FROM_ANYWHERE=true', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ withUsers: false, env: { CALENDAR_SETUP_FROM_ANYWHERE: 'true' } });
  });
  after(() => t.close());

  test('the link works from any address', async () => {
    const token = (await t.services.firstAdmin.issue())!;
    const answer = await t.app.inject({
      method: 'GET',
      url: `/admin/setup?token=${token}`,
      remoteAddress: '203.0.113.9',
    });
    assert.equal(answer.statusCode, 200);
  });
});
