import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { pinnedClock } from '../../src/clock.ts';
import { composeApplication } from '../../src/container.ts';

import { API, basicAuth, createTestApp, type TestApp, TEST_NOW } from '../fixtures/app.ts';

/*
 * HTTP Basic with account and application passwords, and the login throttle. Whether a request
 * is authenticated shows in the `Allow` header of GET /tags: editors may create tags, anonymous
 * callers may not.
 */

const EDITOR_ALLOW = 'GET, POST';
const ANONYMOUS_ALLOW = 'GET';

function asClient(t: TestApp, authorization: string | undefined, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `${API}/tags`, headers: authorization === undefined ? {} : { authorization }, remoteAddress });
}

function assertError(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().code, code);
  assert.equal(response.json().data.status, status);
}

describe('authentication', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('the account password authenticates', async () => {
    const response = await asClient(t, basicAuth('editor', 'editor-password'));
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers.allow, EDITOR_ALLOW);
  });

  test('an application password authenticates with and without its display spaces', async () => {
    const { password } = await t.users.createAppPassword('editor', 'spaces');
    assert.match(password, /^(\w{4} ){5}\w{4}$/);
    for (const spelling of [password, password.replace(/ /g, '')]) {
      const response = await asClient(t, basicAuth('editor', spelling));
      assert.equal(response.statusCode, 200, spelling);
      assert.equal(response.headers.allow, EDITOR_ALLOW);
    }
  });

  const refused: { name: string; authorization: string; code: string }[] = [
    { name: 'a wrong password', authorization: basicAuth('editor', 'not-the-password'), code: 'incorrect_password' },
    { name: 'an unknown user', authorization: basicAuth('nobody', 'editor-password'), code: 'invalid_username' },
    { name: 'an empty login', authorization: basicAuth('', 'editor-password'), code: 'invalid_username' },
    { name: 'Basic with a token that is not base64', authorization: 'Basic !!!not-base64!!!', code: 'invalid_username' },
    { name: 'Basic without login:password', authorization: `Basic ${Buffer.from('editor').toString('base64')}`, code: 'invalid_username' },
    { name: 'Basic without a token', authorization: 'Basic', code: 'invalid_username' },
  ];
  for (const { name, authorization, code } of refused) {
    test(`${name} is 401 ${code}`, async () => {
      assertError(await asClient(t, authorization), 401, code);
    });
  }

  test('the error messages are WordPress core ones', async () => {
    assert.equal((await asClient(t, basicAuth('editor', 'wrong'))).json().message, 'The provided password is an invalid application password.');
    assert.equal((await asClient(t, basicAuth('nobody', 'wrong'))).json().message, 'Unknown username. Check again or try your email address.');
  });

  test('non-Basic schemes are left to others: the request is anonymous', async () => {
    for (const authorization of ['Bearer abc.def.ghi', 'Digest username="editor"']) {
      const response = await asClient(t, authorization);
      assert.equal(response.statusCode, 200, authorization);
      assert.equal(response.headers.allow, ANONYMOUS_ALLOW);
      assert.equal(response.headers['cache-control'], undefined);
    }
  });

  test('a revoked application password stops working at once, even just after a successful request', async () => {
    const { password } = await t.users.createAppPassword('editor', 'revoked');
    assert.equal((await asClient(t, basicAuth('editor', password))).statusCode, 200);
    await t.users.revokeAppPassword('editor', 'revoked');
    assertError(await asClient(t, basicAuth('editor', password)), 401, 'incorrect_password');
    assert.equal((await asClient(t, basicAuth('editor', 'editor-password'))).statusCode, 200);
  });

  test("a deleted user's account and application passwords stop working", async () => {
    await t.users.create({ login: 'leaver', role: 'editor', password: 'leaver-password' });
    const { password } = await t.users.createAppPassword('leaver', 'laptop');
    for (const secret of ['leaver-password', password]) assert.equal((await asClient(t, basicAuth('leaver', secret))).statusCode, 200);
    await t.users.remove('leaver');
    for (const secret of ['leaver-password', password]) assertError(await asClient(t, basicAuth('leaver', secret)), 401, 'invalid_username');
  });
});

describe('login throttling', () => {
  const THROTTLE = { maxFailures: 3, windowSeconds: 60 };
  const ATTACKER = '203.0.113.7';
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ throttle: THROTTLE });
    for (let attempt = 0; attempt < THROTTLE.maxFailures; attempt++) {
      assertError(await asClient(t, basicAuth('editor', `guess-${attempt}`), ATTACKER), 401, 'incorrect_password');
    }
  });
  after(() => t.close());

  test('after the allowed failures even the right password is 429 with a numeric Retry-After', async () => {
    const response = await asClient(t, basicAuth('editor', 'editor-password'), ATTACKER);
    assertError(response, 429, 'too_many_login_attempts');
    const retryAfter = Number(response.headers['retry-after']);
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= THROTTLE.windowSeconds, String(response.headers['retry-after']));
    assert.equal(response.json().message, `Too many failed login attempts. Try again in ${retryAfter} seconds.`);
  });

  test('requests without credentials from the same address are still served', async () => {
    assert.equal((await asClient(t, undefined, ATTACKER)).statusCode, 200);
  });

  test('another client address is not throttled', async () => {
    const response = await asClient(t, basicAuth('editor', 'editor-password'), '198.51.100.1');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers.allow, EDITOR_ALLOW);
  });

  test('the failures are kept in the database: another app on the same storage sees them', async () => {
    const clock = pinnedClock(TEST_NOW);
    const application = await composeApplication(t.storage, t.config, clock, THROTTLE);
    const other = await buildApp({ config: t.config, storage: t.storage, application, clock });
    try {
      const response = await other.inject({
        method: 'GET',
        url: `${API}/tags`,
        headers: { authorization: basicAuth('editor', 'editor-password') },
        remoteAddress: ATTACKER,
      });
      assertError(response, 429, 'too_many_login_attempts');
    } finally {
      await other.close();
    }
  });

  test('malformed Basic headers count as failures too', async () => {
    const address = '198.51.100.2';
    for (let attempt = 0; attempt < THROTTLE.maxFailures; attempt++) assertError(await asClient(t, 'Basic %%%', address), 401, 'invalid_username');
    assertError(await asClient(t, basicAuth('editor', 'editor-password'), address), 429, 'too_many_login_attempts');
  });
});

describe('login throttling behind a trusted proxy', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ throttle: { maxFailures: 2, windowSeconds: 60 }, env: { CALENDAR_TRUST_PROXY: 'true' } });
  });
  after(() => t.close());

  const attempt = (client: string, password: string) =>
    t.app.inject({ method: 'GET', url: `${API}/tags`, headers: { authorization: basicAuth('editor', password), 'x-forwarded-for': client } });

  test('counts failures per forwarded client address, not per proxy', async () => {
    for (let i = 0; i < 2; i++) assert.equal((await attempt('203.0.113.5', 'wrong')).statusCode, 401);
    assert.equal((await attempt('203.0.113.5', 'editor-password')).statusCode, 429);
    assert.equal((await attempt('198.51.100.7', 'editor-password')).statusCode, 200);
  });
});
