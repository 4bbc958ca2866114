import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { LoginThrottle, type ThrottleSettings } from '../../src/auth/login-throttle.ts';
import type { Clock } from '../../src/clock.ts';
import { composeApplication } from '../../src/container.ts';
import { LoginThrottleRepository } from '../../src/storage/repositories/login-throttle.repository.ts';

import { API, basicAuth, createTestApp, type TestApp, TEST_NOW } from '../fixtures/app.ts';

/*
 * HTTP Basic with account and application passwords, and the login throttle. Whether a request
 * is authenticated shows in the `Allow` header of GET /tags: editors may create tags, anonymous
 * callers may not.
 */

const EDITOR_ALLOW = 'GET, POST';
const ANONYMOUS_ALLOW = 'GET';

function asClient(
  t: TestApp,
  authorization: string | undefined,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `${API}/tags`,
    headers: authorization === undefined ? {} : { authorization },
    remoteAddress,
  });
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
    {
      name: 'Basic with a token that is not base64',
      authorization: 'Basic !!!not-base64!!!',
      code: 'invalid_username',
    },
    {
      name: 'Basic without login:password',
      authorization: `Basic ${Buffer.from('editor').toString('base64')}`,
      code: 'invalid_username',
    },
    { name: 'Basic without a token', authorization: 'Basic', code: 'invalid_username' },
  ];
  for (const { name, authorization, code } of refused) {
    test(`${name} is 401 ${code}`, async () => {
      assertError(await asClient(t, authorization), 401, code);
    });
  }

  test('the error messages are WordPress core ones', async () => {
    assert.equal(
      (await asClient(t, basicAuth('editor', 'wrong'))).json().message,
      'The provided password is an invalid application password.',
    );
    assert.equal(
      (await asClient(t, basicAuth('nobody', 'wrong'))).json().message,
      'Unknown username. Check again or try your email address.',
    );
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
    for (const secret of ['leaver-password', password])
      assert.equal((await asClient(t, basicAuth('leaver', secret))).statusCode, 200);
    await t.users.remove('leaver');
    for (const secret of ['leaver-password', password])
      assertError(await asClient(t, basicAuth('leaver', secret)), 401, 'invalid_username');
  });
});

/** A clock the test moves, to see a throttle window end. */
function movableClock(): Clock & { advance(seconds: number): void } {
  let now = Date.parse(TEST_NOW);
  return { now: () => new Date(now), advance: (seconds) => void (now += seconds * 1000) };
}

function assertThrottled(response: LightMyRequestResponse, windowSeconds: number): number {
  assertError(response, 429, 'too_many_login_attempts');
  const retryAfter = Number(response.headers['retry-after']);
  assert.ok(
    Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= windowSeconds,
    `Retry-After: ${response.headers['retry-after']}`,
  );
  assert.equal(response.json().message, `Too many failed login attempts. Try again in ${retryAfter} seconds.`);
  return retryAfter;
}

function assertAuthenticated(response: LightMyRequestResponse): void {
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers.allow, EDITOR_ALLOW);
}

describe('login throttling', () => {
  const THROTTLE: ThrottleSettings = { maxFailuresPerLogin: 3, maxFailuresPerAddress: 8, windowSeconds: 60 };
  const clock = movableClock();
  let t: TestApp;
  let throttle: LoginThrottle;
  before(async () => {
    t = await createTestApp({ throttle: THROTTLE, clock });
    throttle = new LoginThrottle(t.storage, new LoginThrottleRepository(), clock, THROTTLE);
  });
  after(() => t.close());

  /** The failures of `login` ('' for the address's counter) at `address`, as the database holds them. */
  const failuresOf = async (address: string, login: string) =>
    (await throttle.list()).find((entry) => entry.address === address && entry.login === login)?.failures;

  /** A script with a stale password: the allowed failures of `login` from `address`. */
  async function lockOut(login: string, address: string): Promise<void> {
    for (let attempt = 0; attempt < THROTTLE.maxFailuresPerLogin; attempt++) {
      assertError(await asClient(t, basicAuth(login, `stale-${attempt}`), address), 401, 'incorrect_password');
    }
  }

  test("a stale password locks only its login at its address: the others' right passwords still work there", async () => {
    const office = '203.0.113.7';
    await lockOut('editor', office);
    assertThrottled(await asClient(t, basicAuth('editor', 'editor-password'), office), THROTTLE.windowSeconds);
    assertAuthenticated(await asClient(t, basicAuth('administrator', 'administrator-password'), office));
    assertAuthenticated(await asClient(t, basicAuth('editor', 'editor-password'), '198.51.100.1'));
    // Requests without credentials are not concerned.
    assert.equal((await asClient(t, undefined, office)).statusCode, 200);
  });

  test('a throttled login is refused with 429 whatever the password, and its refusals are not counted', async () => {
    const address = '203.0.113.8';
    await lockOut('editor', address);
    for (const password of ['editor-password', 'yet-another-guess'])
      assertThrottled(await asClient(t, basicAuth('editor', password), address), THROTTLE.windowSeconds);
    assert.equal(await failuresOf(address, 'editor'), THROTTLE.maxFailuresPerLogin);
    assert.equal(await failuresOf(address, ''), THROTTLE.maxFailuresPerLogin);
  });

  test('the failures are kept in the database: another app on the same storage refuses the throttled login too', async () => {
    const address = '203.0.113.9';
    await lockOut('editor', address);
    const application = await composeApplication(t.storage, t.config, clock, THROTTLE);
    const other = await buildApp({ config: t.config, storage: t.storage, application, clock });
    try {
      const response = await other.inject({
        method: 'GET',
        url: `${API}/tags`,
        headers: { authorization: basicAuth('editor', 'editor-password') },
        remoteAddress: address,
      });
      assertThrottled(response, THROTTLE.windowSeconds);
    } finally {
      await other.close();
    }
  });

  test('throttle reset lifts the throttle at once', async () => {
    const address = '203.0.113.10';
    await lockOut('editor', address);
    assertThrottled(await asClient(t, basicAuth('editor', 'editor-password'), address), THROTTLE.windowSeconds);
    const removed = await throttle.reset({ login: 'editor', address });
    assert.deepEqual(
      removed.map((entry) => [entry.login, entry.address, entry.failures, entry.throttled]),
      [['editor', address, THROTTLE.maxFailuresPerLogin, true]],
    );
    assertAuthenticated(await asClient(t, basicAuth('editor', 'editor-password'), address));
  });

  test("a successful login forgets its login's failures at the address, not the address's", async () => {
    const address = '203.0.113.11';
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < THROTTLE.maxFailuresPerLogin - 1; attempt++) {
        assertError(await asClient(t, basicAuth('editor', `typo-${attempt}`), address), 401, 'incorrect_password');
      }
      assertAuthenticated(await asClient(t, basicAuth('editor', 'editor-password'), address));
      assert.equal(await failuresOf(address, 'editor'), undefined);
    }
    assert.equal(await failuresOf(address, ''), 2 * (THROTTLE.maxFailuresPerLogin - 1));
  });

  test('the case, surrounding spaces and the e-mail address of a login share its counter', async () => {
    const address = '203.0.113.12';
    await t.users.create({ login: 'mailer', role: 'editor', email: 'mailer@example.com', password: 'mailer-password' });
    assertError(await asClient(t, basicAuth('mailer@example.com', 'wrong'), address), 401, 'incorrect_password');
    assertError(await asClient(t, basicAuth('MAILER', 'wrong'), address), 401, 'invalid_username');
    assertError(await asClient(t, basicAuth(' mailer ', 'wrong'), address), 401, 'invalid_username');
    assertThrottled(await asClient(t, basicAuth('mailer', 'mailer-password'), address), THROTTLE.windowSeconds);
    assertThrottled(
      await asClient(t, basicAuth('mailer@example.com', 'mailer-password'), address),
      THROTTLE.windowSeconds,
    );
  });

  test('spraying logins from one address: once the address is throttled, each login gets one guess per window', async () => {
    const address = '203.0.113.13';
    for (let login = 0; login < THROTTLE.maxFailuresPerAddress; login++) {
      assertError(await asClient(t, basicAuth(`sprayed-${login}`, 'Winter2026!'), address), 401, 'invalid_username');
    }
    // A wrong guess for a new login is refused with 429 and throttles that login at once.
    assertThrottled(await asClient(t, basicAuth('editor', 'Winter2026!'), address), THROTTLE.windowSeconds);
    assertThrottled(await asClient(t, basicAuth('editor', 'editor-password'), address), THROTTLE.windowSeconds);
    assertThrottled(await asClient(t, basicAuth('sprayed-next', 'Winter2026!'), address), THROTTLE.windowSeconds);
    // A right password for a login that is not throttled is still accepted.
    assertAuthenticated(await asClient(t, basicAuth('administrator', 'administrator-password'), address));
    // Without a login there is no guess to grant: the throttled address refuses it.
    assertThrottled(await asClient(t, 'Basic %%%', address), THROTTLE.windowSeconds);
  });

  test('malformed Basic headers count against the address alone', async () => {
    const address = '203.0.113.14';
    for (let attempt = 0; attempt < THROTTLE.maxFailuresPerAddress; attempt++)
      assertError(await asClient(t, 'Basic %%%', address), 401, 'invalid_username');
    assertThrottled(
      await asClient(t, `Basic ${Buffer.from(':no-login').toString('base64')}`, address),
      THROTTLE.windowSeconds,
    );
    assert.deepEqual(
      (await throttle.list()).filter((entry) => entry.address === address).map((entry) => entry.login),
      [''],
    );
    assertAuthenticated(await asClient(t, basicAuth('editor', 'editor-password'), address));
  });

  // Last: it moves the clock past every window of the tests above.
  test('a throttled login is accepted again once its window has passed, and Retry-After counts down to it', async () => {
    const address = '203.0.113.15';
    await lockOut('editor', address);
    const retryAfter = assertThrottled(
      await asClient(t, basicAuth('editor', 'editor-password'), address),
      THROTTLE.windowSeconds,
    );
    assert.equal(retryAfter, THROTTLE.windowSeconds);
    clock.advance(THROTTLE.windowSeconds - 1);
    assert.equal(
      assertThrottled(await asClient(t, basicAuth('editor', 'editor-password'), address), THROTTLE.windowSeconds),
      1,
    );
    clock.advance(1);
    assertAuthenticated(await asClient(t, basicAuth('editor', 'editor-password'), address));
    assert.deepEqual(await throttle.list(), []);
  });
});

describe('login throttling behind a trusted proxy', () => {
  const THROTTLE = { maxFailuresPerLogin: 2, maxFailuresPerAddress: 10, windowSeconds: 60 };

  // The proxy is 127.0.0.1 (inject's socket): named as one hop, by `true` (one hop, decision 0093) or by its address.
  for (const trust of ['true', '1', '127.0.0.0/8']) {
    describe(`CALENDAR_TRUST_PROXY=${trust}`, () => {
      let t: TestApp;
      before(async () => {
        t = await createTestApp({ throttle: THROTTLE, env: { CALENDAR_TRUST_PROXY: trust } });
      });
      after(() => t.close());

      const attempt = (forwardedFor: string, password: string) =>
        t.app.inject({
          method: 'GET',
          url: `${API}/tags`,
          headers: { authorization: basicAuth('editor', password), 'x-forwarded-for': forwardedFor },
        });

      test('counts failures per forwarded client address, not per proxy', async () => {
        for (let i = 0; i < 2; i++) assert.equal((await attempt('203.0.113.5', 'wrong')).statusCode, 401);
        assert.equal((await attempt('203.0.113.5', 'editor-password')).statusCode, 429);
        assert.equal((await attempt('198.51.100.7', 'editor-password')).statusCode, 200);
      });

      test('a client cannot escape the throttle by writing addresses of its own to the left of X-Forwarded-For', async () => {
        // The proxy appends the address it saw (192.0.2.9) to whatever the client sent.
        for (let i = 0; i < 2; i++) assert.equal((await attempt(`10.0.0.${i}, 192.0.2.9`, 'wrong')).statusCode, 401);
        const spoofed = await attempt('1.2.3.4, 192.0.2.9', 'editor-password');
        assert.equal(spoofed.statusCode, 429, spoofed.body);
        assert.equal(
          (await attempt('1.2.3.4, 192.0.2.10', 'editor-password')).statusCode,
          200,
          'another client behind the proxy is not throttled',
        );
      });
    });
  }
});
