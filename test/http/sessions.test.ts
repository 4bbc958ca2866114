import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Clock } from '../../src/clock.ts';
import { API, basicAuth, createTestApp, type TestApp, TEST_NOW } from '../fixtures/app.ts';

/*
 * The admin's sign-in and sessions (issue 33, decision 0040): the form, the `calendar_session`
 * cookie, WordPress' cookie + nonce authentication of the API, expiry on a controlled clock,
 * sign-out, and sessions ended everywhere at once.
 */

/** A clock a test moves forward. */
function movableClock(start = TEST_NOW): Clock & { advance(ms: number): void } {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Session {
  readonly cookie: string;
  readonly nonce: string;
}

function signInRequest(
  t: TestApp,
  fields: Record<string, string>,
  options: { url?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: options.url ?? '/admin/sign-in',
    headers: { ...FORM, 'user-agent': 'TestBrowser/1.0', ...options.headers },
    payload: form(fields),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The `name=value` of the session cookie a response sets. */
function setCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header : [header ?? '']).find((value) =>
    value.startsWith('calendar_session='),
  );
  assert.ok(cookie, `no session cookie in ${JSON.stringify(response.headers)}`);
  return cookie;
}

async function signIn(t: TestApp, login: string, password = `${login}-password`): Promise<Session> {
  const response = await signInRequest(t, { login, password });
  assert.equal(response.statusCode, 303, response.body);
  const cookie = setCookieOf(response).split(';')[0]!;
  const current = await t.app.inject({ method: 'GET', url: `${API}/sessions/current`, headers: { cookie } });
  assert.equal(current.statusCode, 200, current.body);
  return { cookie, nonce: current.json().nonce };
}

function withSession(
  t: TestApp,
  session: Session | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { nonce?: string | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  const nonce = options.nonce === undefined ? session?.nonce : options.nonce;
  return t.app.inject({
    method,
    url: url.startsWith('/') ? url : `${API}/${url}`,
    headers: {
      ...(session ? { cookie: session.cookie } : {}),
      ...(nonce === null || nonce === undefined ? {} : { 'x-wp-nonce': nonce }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

function assertError(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().code, code);
  assert.equal(response.json().data.status, status);
}

describe('admin sign-in and sessions', () => {
  let t: TestApp;
  const clock = movableClock();
  before(async () => {
    t = await createTestApp({ clock, env: { CALENDAR_SESSION_IDLE_MINUTES: '60', CALENDAR_SESSION_MAX_HOURS: '4' } });
    await t.users.create({ login: 'eve', role: 'editor', email: 'eve@example.org', password: 'eve-password' });
  });
  after(() => t.close());

  test("the sign-in form has labelled fields, a hidden next, the pages' stylesheet and no inline code", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/sign-in?next=%2Fadmin%2Fevents%3Fstatus%3Ddraft',
    });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /^text\/html/);
    assert.match(response.headers['content-security-policy'] as string, /script-src 'self';/);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    // Under no-referrer Chromium would send `Origin: null` with the form, which is refused (below).
    assert.equal(response.headers['referrer-policy'], 'same-origin');
    assert.match(response.body, /<label for="sign-in-login">Username or email<\/label>/);
    assert.match(response.body, /<label for="sign-in-password">Password<\/label>/);
    assert.match(response.body, /<button type="submit">Sign in<\/button>/);
    assert.match(response.body, /<input type="hidden" name="next" value="\/admin\/events\?status=draft"\/>/);
    assert.match(response.body, /href="\/assets\/calendar.css"/);
    assert.doesNotMatch(response.body, /<style|\sstyle=|<script>|\son\w+=/);
  });

  test("the form speaks the pages' languages under /{lang}/", async () => {
    const expected = {
      fr: 'Identifiant ou adresse e-mail',
      de: 'Benutzername oder E-Mail-Adresse',
      es: 'Nombre de usuario o correo electrónico',
    };
    for (const [lang, label] of Object.entries(expected)) {
      const response = await t.app.inject({ method: 'GET', url: `/${lang}/admin/sign-in` });
      assert.equal(response.statusCode, 200, lang);
      assert.ok(response.body.includes(label), lang);
      assert.ok(response.body.includes(`action="/${lang}/admin/sign-in"`), lang);
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/xx/admin/sign-in' })).statusCode, 404);
    const nowhere = await signInRequest(t, { login: 'eve', password: 'eve-password' }, { url: '/xx/admin/sign-in' });
    assert.equal(nowhere.statusCode, 404);
    assert.equal(nowhere.headers['set-cookie'], undefined);
    const signedIn = await signInRequest(t, { login: 'eve', password: 'eve-password' }, { url: '/de/admin/sign-in' });
    assert.equal(signedIn.statusCode, 303);
    const wrongInGerman = await signInRequest(t, { login: 'eve', password: 'wrong' }, { url: '/de/admin/sign-in' });
    assert.equal(wrongInGerman.statusCode, 401);
    assert.match(wrongInGerman.body, /Benutzername, E-Mail-Adresse oder Passwort ist nicht richtig\./);
  });

  test('signing in by login or e-mail sets an HttpOnly, SameSite=Lax cookie on the site path, not Secure over http', async () => {
    for (const login of ['eve', 'eve@example.org']) {
      const response = await signInRequest(t, { login, password: 'eve-password', next: '/admin/events' });
      assert.equal(response.statusCode, 303, response.body);
      assert.equal(response.headers.location, '/admin/events');
      const cookie = setCookieOf(response);
      assert.match(cookie, /^calendar_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=14400; HttpOnly; SameSite=Lax$/);
    }
  });

  test('a wrong password, an unknown login or an application password shows the form again with an error', async () => {
    const { password: applicationPassword } = await t.users.createAppPassword('eve', 'sign-in');
    for (const fields of [
      { login: 'eve', password: 'wrong' },
      { login: 'nobody', password: 'eve-password' },
      { login: 'eve', password: applicationPassword },
      { login: '', password: '' },
    ]) {
      const response = await signInRequest(t, { ...fields, next: '/admin/venues' }, { remoteAddress: '10.9.9.9' });
      assert.equal(response.statusCode, 401, JSON.stringify(fields));
      assert.equal(response.headers['set-cookie'], undefined);
      assert.match(response.body, /role="alert">The username, email or password is not right\./);
      assert.match(response.body, /name="next" value="\/admin\/venues"/);
    }
  });

  test('next must be a path of the admin: anything else goes to the admin home', async () => {
    const refused = [
      'https://evil.example/admin/',
      '//evil.example/admin/',
      '/admin/../evil',
      '/admin/..%2f..%2fevil',
      '/\\evil.example',
      '/admin\\@evil',
      '/events/',
      'javascript:alert(1)',
      '/admin/\tx',
      '',
    ];
    for (const next of refused) {
      const response = await signInRequest(t, { login: 'eve', password: 'eve-password', next });
      assert.equal(response.statusCode, 303, next);
      assert.ok(
        response.headers.location === '/admin/' || (response.headers.location as string).startsWith('/admin/'),
        `${next} → ${response.headers.location}`,
      );
      assert.doesNotMatch(response.headers.location as string, /evil|^\/\/|^\/events/, next);
    }
    const kept = await signInRequest(t, {
      login: 'eve',
      password: 'eve-password',
      next: '/admin/events/12?tab=dates#when',
    });
    assert.equal(kept.headers.location, '/admin/events/12?tab=dates#when');
  });

  test('a sign-in form sent from another origin is refused (login CSRF)', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const response = await signInRequest(t, { login: 'eve', password: 'eve-password' }, { headers: { origin } });
      assert.equal(response.statusCode, 403, origin);
      assert.equal(response.headers['set-cookie'], undefined);
      assert.match(response.body, /This form can only be sent from this site\./);
    }
    const own = await signInRequest(
      t,
      { login: 'eve', password: 'eve-password' },
      { headers: { origin: 'http://localhost:80' } },
    );
    assert.equal(own.statusCode, 303);
  });

  test('the current session answers with the user, the nonce and the expiry, privately, in both namespaces and under /wp-json', async () => {
    const session = await signIn(t, 'eve');
    for (const url of [
      `${API}/sessions/current`,
      '/tribe/events/v1/sessions/current',
      '/wp-json/calendar/events/v1/sessions/current',
      '/wp-json/tribe/events/v1/sessions/current',
    ]) {
      const response = await withSession(t, session, 'GET', url, { nonce: null });
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      const body = response.json();
      assert.deepEqual(Object.keys(body), ['user', 'nonce', 'expires_at']);
      assert.deepEqual(
        { ...body.user, capabilities: undefined },
        {
          id: body.user.id,
          login: 'eve',
          name: 'eve',
          email: 'eve@example.org',
          role: 'editor',
          capabilities: undefined,
        },
      );
      assert.ok(body.user.capabilities.includes('edit_others_tribe_events'));
      assert.ok(!body.user.capabilities.includes('manage_webhooks'));
      assert.equal(body.nonce, session.nonce);
      assert.equal(body.expires_at, new Date(clock.now().getTime() + HOUR).toISOString().replace('.000Z', 'Z'));
      assert.match(response.headers['cache-control'] as string, /no-store/);
    }
  });

  test("without a live session the current session is 401, and one user's answer is never served to another (read cache)", async () => {
    assertError(await t.app.inject({ method: 'GET', url: `${API}/sessions/current` }), 401, 'rest_not_logged_in');
    assertError(
      await t.app.inject({
        method: 'GET',
        url: `${API}/sessions/current`,
        headers: { cookie: 'calendar_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      }),
      401,
      'rest_not_logged_in',
    );
    const editor = await signIn(t, 'editor');
    const author = await signIn(t, 'author');
    assert.equal(
      (await withSession(t, editor, 'GET', 'sessions/current', { nonce: null })).json().user.login,
      'editor',
    );
    assert.equal(
      (await withSession(t, author, 'GET', 'sessions/current', { nonce: null })).json().user.login,
      'author',
    );
    assertError(await t.app.inject({ method: 'GET', url: `${API}/sessions/current` }), 401, 'rest_not_logged_in');
  });

  test('the cookie without a nonce is an anonymous request', async () => {
    const session = await signIn(t, 'editor');
    const read = await withSession(t, session, 'GET', 'tags', { nonce: null });
    assert.equal(read.statusCode, 200);
    assert.equal(read.headers.allow, 'GET');
    assertError(
      await withSession(t, session, 'POST', 'tags', { nonce: null, body: { name: 'no-nonce' } }),
      401,
      'rest_forbidden',
    );
  });

  test('the cookie with its nonce acts as the user, by header or _wpnonce; a wrong nonce is 403 rest_cookie_invalid_nonce', async () => {
    const session = await signIn(t, 'editor');
    const created = await withSession(t, session, 'POST', 'tags', { body: { name: 'by-cookie' } });
    assert.equal(created.statusCode, 201, created.body);
    const byQuery = await withSession(t, session, 'POST', `tags?_wpnonce=${encodeURIComponent(session.nonce)}`, {
      nonce: null,
      body: { name: 'by-query' },
    });
    assert.equal(byQuery.statusCode, 201, byQuery.body);
    assert.equal((await withSession(t, session, 'GET', 'tags')).headers.allow, 'GET, POST');
    const wrong = await withSession(t, session, 'POST', 'tags', { nonce: 'not-the-nonce', body: { name: 'refused' } });
    assertError(wrong, 403, 'rest_cookie_invalid_nonce');
    assert.equal(wrong.json().message, 'Cookie check failed');
    // Another session's nonce is not this one's.
    const other = await signIn(t, 'editor');
    assertError(await withSession(t, session, 'GET', 'tags', { nonce: other.nonce }), 403, 'rest_cookie_invalid_nonce');
    // A nonce without the cookie authenticates nothing, and refuses nothing either.
    assert.equal((await withSession(t, undefined, 'GET', 'tags', { nonce: session.nonce })).headers.allow, 'GET');
  });

  test("answers to the session's user never come from or go into the anonymous read cache", async () => {
    const draft = await t.request('editor', 'POST', 'events', {
      title: 'Cached draft',
      status: 'draft',
      start_date: '2026-12-20 10:00:00',
      end_date: '2026-12-20 11:00:00',
    });
    assert.equal(draft.statusCode, 201, draft.body);
    const session = await signIn(t, 'editor');
    const titles = (response: LightMyRequestResponse) =>
      response.json<{ events: { title: string }[] }>().events.map((event) => event.title);
    // Anonymous first (cached), then the editor by cookie and nonce: not the cached answer.
    assert.ok(
      !titles(await withSession(t, undefined, 'GET', 'events?start_date=2000-01-01&per_page=50')).includes(
        'Cached draft',
      ),
    );
    assert.ok(
      titles(await withSession(t, session, 'GET', 'events?start_date=2000-01-01&per_page=50')).includes('Cached draft'),
    );
    // The editor first, then anonymous callers, with the cookie alone or nothing: never the editor's answer.
    assert.ok(
      titles(await withSession(t, session, 'GET', 'events?start_date=2000-01-02&per_page=50')).includes('Cached draft'),
    );
    assert.ok(
      !titles(
        await withSession(t, session, 'GET', 'events?start_date=2000-01-02&per_page=50', { nonce: null }),
      ).includes('Cached draft'),
    );
    assert.ok(
      !titles(await withSession(t, undefined, 'GET', 'events?start_date=2000-01-02&per_page=50')).includes(
        'Cached draft',
      ),
    );
  });

  test("a request from a page of another origin is not the session's", async () => {
    const session = await signIn(t, 'editor');
    const foreign = await withSession(t, session, 'GET', 'sessions/current', {
      nonce: null,
      headers: { origin: 'https://sibling.example' },
    });
    assertError(foreign, 401, 'rest_not_logged_in');
    const write = await withSession(t, session, 'POST', 'tags', {
      body: { name: 'foreign' },
      headers: { origin: 'https://sibling.example' },
    });
    assertError(write, 401, 'rest_forbidden');
    const own = await withSession(t, session, 'POST', 'tags', {
      body: { name: 'own-origin' },
      headers: { origin: 'http://localhost:80' },
    });
    assert.equal(own.statusCode, 201, own.body);
  });

  test('HTTP Basic wins over the cookie', async () => {
    const session = await signIn(t, 'editor');
    const response = await withSession(t, session, 'GET', 'tags', {
      nonce: 'wrong',
      headers: { authorization: basicAuth('author', 'author-password') },
    });
    assert.equal(response.statusCode, 200);
  });

  test('a session ends after an hour idle; each use pushes that on; and it ends four hours after sign-in whatever', async () => {
    const idle = await signIn(t, 'editor');
    const used = await signIn(t, 'editor');
    for (let step = 0; step < 3; step++) {
      clock.advance(50 * MINUTE);
      assert.equal(
        (await withSession(t, used, 'GET', 'sessions/current', { nonce: null })).statusCode,
        200,
        `step ${step}`,
      );
    }
    // 150 minutes on: the idle one ended at 60.
    assertError(await withSession(t, idle, 'GET', 'sessions/current', { nonce: null }), 401, 'rest_not_logged_in');
    assertError(
      await withSession(t, idle, 'POST', 'tags', { body: { name: 'idle' } }),
      403,
      'rest_cookie_invalid_nonce',
    );
    clock.advance(50 * MINUTE);
    assert.equal(
      (await withSession(t, used, 'GET', 'sessions/current', { nonce: null })).json().expires_at,
      new Date(clock.now().getTime() + 40 * MINUTE).toISOString().replace('.000Z', 'Z'),
    );
    clock.advance(39 * MINUTE);
    assert.equal((await withSession(t, used, 'GET', 'sessions/current', { nonce: null })).statusCode, 200);
    clock.advance(2 * MINUTE);
    assertError(await withSession(t, used, 'GET', 'sessions/current', { nonce: null }), 401, 'rest_not_logged_in');
  });
});

describe('sign-in throttle and cookie flags', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      throttle: { maxFailuresPerLogin: 3, maxFailuresPerAddress: 100, windowSeconds: 600 },
      env: { CALENDAR_SITE_URL: 'https://example.org/calendar' },
    });
  });
  after(() => t.close());

  test('failed sign-ins and failed Basic logins count together; a throttled login gets a 429 page with Retry-After', async () => {
    const address = '10.1.2.3';
    const url = '/calendar/admin/sign-in';
    assert.equal(
      (await signInRequest(t, { login: 'editor', password: 'wrong' }, { url, remoteAddress: address })).statusCode,
      401,
    );
    assertError(
      await t.app.inject({
        method: 'GET',
        url: `${API}/tags`,
        headers: { authorization: basicAuth('editor', 'wrong') },
        remoteAddress: address,
      }),
      401,
      'incorrect_password',
    );
    assert.equal(
      (await signInRequest(t, { login: 'editor', password: 'wrong' }, { url, remoteAddress: address })).statusCode,
      401,
    );
    const throttled = await signInRequest(
      t,
      { login: 'editor', password: 'editor-password' },
      { url, remoteAddress: address },
    );
    assert.equal(throttled.statusCode, 429);
    assert.equal(throttled.headers['retry-after'], '600');
    assert.match(throttled.body, /Too many failed sign-ins\. Try again in 600 seconds\./);
    assert.equal(throttled.headers['set-cookie'], undefined);
    assertError(
      await t.app.inject({
        method: 'GET',
        url: `${API}/tags`,
        headers: { authorization: basicAuth('editor', 'editor-password') },
        remoteAddress: address,
      }),
      429,
      'too_many_login_attempts',
    );
    // Another address is not throttled.
    assert.equal(
      (await signInRequest(t, { login: 'editor', password: 'editor-password' }, { url, remoteAddress: '10.1.2.4' }))
        .statusCode,
      303,
    );
  });

  test("under an https site URL the cookie is Secure and its path is the site's; next must be under the site's admin", async () => {
    const response = await signInRequest(
      t,
      { login: 'author', password: 'author-password', next: '/admin/events' },
      { url: '/calendar/admin/sign-in' },
    );
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/calendar/admin/');
    assert.match(setCookieOf(response), /; Path=\/calendar\/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/);
    const kept = await signInRequest(
      t,
      { login: 'author', password: 'author-password', next: '/calendar/admin/events' },
      { url: '/calendar/admin/sign-in' },
    );
    assert.equal(kept.headers.location, '/calendar/admin/events');
  });
});

describe('ending sessions', () => {
  let t: TestApp;
  let node2: TestApp;
  before(async () => {
    t = await createTestApp();
    node2 = await createTestApp({ nodeOf: t });
  });
  after(async () => {
    await node2.close();
    await t.close();
  });

  test("GET /sessions lists the caller's own live sessions, marking the current one", async () => {
    const first = await signIn(t, 'author');
    const second = await signIn(t, 'author');
    await signIn(t, 'editor');
    const response = await withSession(t, second, 'GET', 'sessions');
    assert.equal(response.statusCode, 200, response.body);
    assert.match(response.headers['cache-control'] as string, /no-store/);
    const listed = response.json<
      {
        id: number;
        current: boolean;
        user_agent: string;
        created_at: string;
        last_seen_at: string;
        expires_at: string;
      }[]
    >();
    assert.ok(listed.length >= 2);
    assert.equal(listed.filter((session) => session.current).length, 1);
    assert.deepEqual(Object.keys(listed[0]!), [
      'id',
      'created_at',
      'last_seen_at',
      'expires_at',
      'user_agent',
      'current',
    ]);
    assert.equal(listed[0]!.user_agent, 'TestBrowser/1.0');
    assert.equal(listed[0]!.created_at, '2026-11-24T12:00:00Z');
    // Another user's sessions are not listed; by HTTP Basic, none is current.
    const byBasic = await t.request('author', 'GET', 'sessions');
    assert.deepEqual(
      byBasic
        .json()
        .map((session: { id: number }) => session.id)
        .sort(),
      listed.map((session) => session.id).sort(),
    );
    assert.ok(byBasic.json().every((session: { current: boolean }) => !session.current));
    assertError(await t.request('anonymous', 'GET', 'sessions'), 401, 'rest_forbidden');
    assert.equal((await withSession(t, first, 'GET', 'sessions/current', { nonce: null })).statusCode, 200);
  });

  test("DELETE /sessions/{id} ends one of the caller's sessions at once, on every node; another user's is not found", async () => {
    const kept = await signIn(t, 'contributor');
    const ended = await signIn(node2, 'contributor');
    const other = await signIn(t, 'subscriber');
    const ids = (await withSession(t, kept, 'GET', 'sessions')).json<{ id: number; current: boolean }[]>();
    const endedId = ids.find((session) => !session.current)!.id;
    const otherId = (await withSession(t, other, 'GET', 'sessions')).json()[0].id as number;
    assertError(await withSession(t, kept, 'DELETE', `sessions/${otherId}`), 404, 'rest_session_not_found');
    assert.equal((await withSession(t, other, 'GET', 'sessions/current', { nonce: null })).statusCode, 200);
    const response = await withSession(t, kept, 'DELETE', `sessions/${endedId}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { deleted: true, count: 1 });
    assertError(await withSession(node2, ended, 'GET', 'sessions/current', { nonce: null }), 401, 'rest_not_logged_in');
    assertError(
      await withSession(node2, ended, 'POST', 'categories', { body: { name: 'after revocation' } }),
      403,
      'rest_cookie_invalid_nonce',
    );
    assertError(await withSession(t, kept, 'DELETE', `sessions/${endedId}`), 404, 'rest_session_not_found');
    // Without its nonce the cookie cannot end anything.
    assertError(await withSession(t, kept, 'DELETE', 'sessions', { nonce: null }), 401, 'rest_forbidden');
    assert.equal((await withSession(t, kept, 'GET', 'sessions/current', { nonce: null })).statusCode, 200);
  });

  test('DELETE /sessions signs the caller out everywhere, sessions made on another node included', async () => {
    const here = await signIn(t, 'editor');
    const there = await signIn(node2, 'editor');
    const bystander = await signIn(t, 'author');
    // Used on the other node first, so that node has looked the session up already.
    assert.equal((await withSession(node2, there, 'GET', 'sessions/current', { nonce: null })).statusCode, 200);
    const response = await withSession(t, here, 'DELETE', 'sessions');
    assert.equal(response.statusCode, 200, response.body);
    assert.ok(response.json().count >= 2);
    for (const [node, session] of [
      [t, here],
      [node2, there],
      [t, there],
    ] as const) {
      assertError(
        await withSession(node, session, 'GET', 'sessions/current', { nonce: null }),
        401,
        'rest_not_logged_in',
      );
    }
    assert.equal((await withSession(node2, bystander, 'GET', 'sessions/current', { nonce: null })).statusCode, 200);
  });

  test('sign-out needs the nonce, ends the session, clears the cookie and goes to the sign-in form', async () => {
    const session = await signIn(t, 'author');
    const signOut = (fields: Record<string, string>, lang = '') =>
      t.app.inject({
        method: 'POST',
        url: `${lang}/admin/sign-out`,
        headers: { ...FORM, cookie: session.cookie },
        payload: form(fields),
      });
    const refused = await signOut({ _wpnonce: 'wrong' });
    assert.equal(refused.statusCode, 403);
    assert.equal((await withSession(t, session, 'GET', 'sessions/current', { nonce: null })).statusCode, 200);
    const response = await signOut({ _wpnonce: session.nonce }, '/fr');
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/fr/admin/sign-in');
    assert.match(setCookieOf(response), /^calendar_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
    assertError(await withSession(t, session, 'GET', 'sessions/current', { nonce: null }), 401, 'rest_not_logged_in');
    // Signing out again (an ended session) just clears the cookie.
    assert.equal((await signOut({})).statusCode, 303);
  });

  test('deleting a user or setting their password ends their sessions', async () => {
    await t.users.create({ login: 'temp', role: 'editor', password: 'temp-password' });
    const deleted = await signIn(t, 'temp');
    const tempId = (await t.users.userByLogin('temp'))!.id;
    await t.users.remove('temp');
    // The rows go with the user (foreign key), not only out of sight.
    const left = await t.storage.read((tx) =>
      tx.selectFrom('sessions').select('id').where('user_id', '=', tempId).execute(),
    );
    assert.deepEqual(left, []);
    assertError(
      await withSession(node2, deleted, 'GET', 'sessions/current', { nonce: null }),
      401,
      'rest_not_logged_in',
    );

    await t.users.create({ login: 'reset', role: 'editor', password: 'reset-password' });
    const before = await signIn(t, 'reset');
    const elsewhere = await signIn(node2, 'reset');
    await t.users.setPassword('reset', 'a-new-password');
    for (const [node, session] of [
      [t, before],
      [node2, elsewhere],
    ] as const) {
      assertError(
        await withSession(node, session, 'GET', 'sessions/current', { nonce: null }),
        401,
        'rest_not_logged_in',
      );
    }
    assert.equal((await signInRequest(t, { login: 'reset', password: 'reset-password' })).statusCode, 401);
    assert.equal((await signInRequest(t, { login: 'reset', password: 'a-new-password' })).statusCode, 303);
  });
});
