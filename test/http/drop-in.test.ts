import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ROLE_CAPABILITIES } from '../../src/auth/roles.ts';
import { API, createTestApp, type TestApp } from '../fixtures/app.ts';

/*
 * A client of the original works with the default configuration (decision 0050): WordPress' paths
 * (`/wp-json/...`, `?rest_route=`) and `wp/v2/users/me` answer beside `calendar/events/v1`, and the
 * public pages carry the original's discovery headers. The whole client scenario runs in
 * test/http/tec-client.test.ts under both configurations; these are the edges.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ORIGIN = 'http://localhost:80';
const EVENT = {
  title: 'Drop-in Jazz',
  start_date: '2027-02-10 19:00:00',
  end_date: '2027-02-10 21:00:00',
  categories: ['Drop Jazz'],
  tags: ['Drop Tag'],
};

describe('WordPress paths with the default configuration', () => {
  let t: TestApp;
  let event: Json;
  before(async () => {
    t = await createTestApp();
    const created = await t.request('administrator', 'POST', `${API}/events`, EVENT);
    assert.equal(created.statusCode, 201, created.body);
    event = created.json();
  });
  after(() => t.close());

  test("the REST root /wp-json/ lists the namespaces, Event Tickets' too, its links under /wp-json", async () => {
    for (const path of ['/wp-json/', '/wp-json']) {
      const root = await t.request('anonymous', 'GET', path);
      assert.equal(root.statusCode, 200, `${path}: ${root.body}`);
      assert.deepEqual(root.json().namespaces, ['calendar/events/v1', 'tribe/events/v1', 'tribe/tickets/v1']);
      assert.deepEqual(root.json().routes['/']._links, { self: [{ href: `${ORIGIN}/wp-json/` }] });
    }
  });

  test('the bare namespace still answers, with URLs of its own form', async () => {
    const list = await t.request('anonymous', 'GET', `${API}/events`);
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.json().rest_url.startsWith(`${ORIGIN}${API}/events`), true, list.json().rest_url);
    assert.match(String(list.headers.link), new RegExp(`^<${ORIGIN}/>; rel="https://api.w.org/"`));
  });

  test('/?rest_route= and /index.php?rest_route= serve the route, with its other parameters, and their URLs keep that form', async () => {
    for (const [url, entry] of [
      [`/?rest_route=/tribe/events/v1/events/${event.id}`, '/'],
      [`/index.php?rest_route=${encodeURIComponent(`/tribe/events/v1/events/${event.id}`)}`, '/index.php'],
    ]) {
      const one = await t.request('anonymous', 'GET', url!);
      assert.equal(one.statusCode, 200, `${url}: ${one.body}`);
      assert.equal(one.json().id, event.id);
      assert.equal(one.json().rest_url, `${ORIGIN}${entry}?rest_route=/tribe/events/v1/events/${event.id}`);
      assert.match(
        String(one.headers.link),
        new RegExp(`^<${ORIGIN}${entry!.replace('.', '\\.')}\\?rest_route=/>; rel="https://api.w.org/"`),
      );
    }
    const second = await t.request('administrator', 'POST', `${API}/events`, {
      ...EVENT,
      title: 'Drop-in Jazz again',
      start_date: '2027-02-11 19:00:00',
      end_date: '2027-02-11 21:00:00',
    });
    assert.equal(second.statusCode, 201, second.body);
    const list = await t.request('anonymous', 'GET', '/?rest_route=/tribe/events/v1/events&per_page=1&search=Drop-in');
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.json().events.map((one: Json) => one.id),
      [event.id],
    );
    const base = `${ORIGIN}/?rest_route=/tribe/events/v1/events/`;
    assert.ok(list.json().rest_url.startsWith(`${base}&page=1&per_page=1&`), list.json().rest_url);
    assert.ok(list.json().next_rest_url.startsWith(`${base}&per_page=1&`), list.json().next_rest_url);
    assert.match(list.json().next_rest_url, /&page=2$/);
    // Followed as given, the next link is the list's second page.
    const next = await t.request('anonymous', 'GET', list.json().next_rest_url.slice(ORIGIN.length));
    assert.equal(next.statusCode, 200, next.body);
    assert.deepEqual(
      next.json().events.map((one: Json) => one.id),
      [second.json().id],
    );
    assert.ok(next.json().previous_rest_url.startsWith(`${base}&per_page=1&`), next.json().previous_rest_url);
    const root = await t.request('anonymous', 'GET', '/?rest_route=/');
    assert.equal(root.statusCode, 200, root.body);
    assert.ok(Array.isArray(root.json().namespaces));
  });

  test('a language segment before /wp-json reads the records in that language', async () => {
    const french = await t.request('administrator', 'PATCH', `${API}/events/${event.id}?translation_language=fr`, {
      title: 'Jazz du soir',
    });
    assert.equal(french.statusCode, 200, french.body);
    const read = await t.request('anonymous', 'GET', `/fr/wp-json/tribe/events/v1/events/${event.id}`);
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.json().title, 'Jazz du soir');
    assert.match(String(read.headers.link), /^<http:\/\/localhost:80\/fr\/wp-json\/>/);
  });

  test('other paths under /wp-json are not another route: rest_no_route', async () => {
    for (const path of [
      '/wp-json/events/',
      '/wp-json/wp/v2/posts',
      '/wp-json/tribe/events/v2/events',
      '/?rest_route=/wp/v2/posts',
    ]) {
      const response = await t.request('anonymous', 'GET', path);
      assert.equal(response.statusCode, 404, `${path}: ${response.body}`);
    }
    const noRoute = await t.request('anonymous', 'GET', '/wp-json/tribe/events/v1/nothing-here');
    assert.equal(noRoute.json().code, 'rest_no_route');
  });

  test('wp/v2/users/me: 401 rest_not_logged_in without credentials', async () => {
    for (const path of ['/wp-json/wp/v2/users/me', '/?rest_route=/wp/v2/users/me']) {
      const response = await t.request('anonymous', 'GET', path);
      assert.equal(response.statusCode, 401, response.body);
      assert.deepEqual(response.json(), {
        code: 'rest_not_logged_in',
        message: 'You are not currently logged in.',
        data: { status: 401 },
      });
    }
  });

  test('wp/v2/users/me: the caller as WordPress shows them, roles and capabilities with context=edit', async () => {
    const view = await t.request('editor', 'GET', '/wp-json/wp/v2/users/me');
    assert.equal(view.statusCode, 200, view.body);
    const user = view.json();
    assert.equal(user.id, t.ids.editor);
    assert.equal(user.name, 'editor');
    assert.equal(user.slug, 'editor');
    assert.equal(user.roles, undefined, 'roles only in the edit context');
    assert.deepEqual(user._links.self, [{ href: `${ORIGIN}/wp-json/wp/v2/users/${t.ids.editor}` }]);
    const edit = (await t.request('editor', 'GET', '/wp-json/wp/v2/users/me?context=edit')).json();
    assert.equal(edit.username, 'editor');
    assert.deepEqual(edit.roles, ['editor']);
    assert.equal(edit.capabilities.edit_others_tribe_events, true);
    assert.equal(edit.capabilities.manage_webhooks, undefined, 'an editor holds no administrator capability');
    assert.equal(Object.keys(edit.capabilities).length, ROLE_CAPABILITIES.editor.size + 1);
    assert.deepEqual(edit.extra_capabilities, { editor: true });
    const subscriber = (await t.request('subscriber', 'GET', '/wp-json/wp/v2/users/me?context=edit')).json();
    assert.deepEqual(subscriber.roles, ['subscriber']);
  });

  test("HTML pages carry the original's discovery headers, under its namespace; an event's by its id", async () => {
    const tec = `${ORIGIN}/tribe/events/v1`;
    const pages: [string, string][] = [
      ['/events/', `${tec}/events/`],
      ['/events/month/', `${tec}/events/`],
      [`/event/${event.slug}/`, `${tec}/events/${event.id}`],
      ['/events/category/drop-jazz/', `${tec}/events/?categories=drop-jazz`],
      ['/tag/drop-tag/', `${tec}/events/?tags=drop-tag`],
      // A term's other views: the term is the slug before the view's path.
      ['/events/category/drop-jazz/month/2026-12/', `${tec}/events/?categories=drop-jazz`],
      ['/events/tag/drop-tag/today/', `${tec}/events/?tags=drop-tag`],
      // A language's pages: its segment is in the API's URLs too.
      [`/fr/event/${event.slug}/`, `${ORIGIN}/fr/tribe/events/v1/events/${event.id}`],
    ];
    for (const [path, root] of pages) {
      const page = await t.request('anonymous', 'GET', path);
      assert.equal(page.statusCode, 200, `${path}: ${page.body.slice(0, 200)}`);
      assert.equal(page.headers['x-tec-api-version'], 'v1', path);
      assert.equal(page.headers['x-tec-api-root'], root, path);
      assert.equal(page.headers['x-tec-api-origin'], ORIGIN, path);
      assert.match(String(page.headers.link), /rel="https:\/\/api\.w\.org\/"/, path);
    }
  });

  test("the bare / (the site's home) carries them too, for a browser and for an API client", async () => {
    for (const accept of ['text/html,application/xhtml+xml', 'application/json']) {
      const home = await t.request('anonymous', 'GET', '/', undefined, { accept });
      assert.equal(home.statusCode, accept === 'application/json' ? 200 : 303, accept);
      assert.equal(home.headers['x-tec-api-version'], 'v1', accept);
      assert.equal(home.headers['x-tec-api-root'], `${ORIGIN}/tribe/events/v1/`, accept);
      assert.equal(home.headers['x-tec-api-origin'], ORIGIN, accept);
    }
  });
});

describe('discovery headers without the TEC alias', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TEC_ALIAS: 'false' } });
  });
  after(() => t.close());

  test("an event's page and the archive point at our own namespace", async () => {
    const created = await t.request('administrator', 'POST', `${API}/events`, EVENT);
    assert.equal(created.statusCode, 201, created.body);
    const { id, slug } = created.json();
    const page = await t.request('anonymous', 'GET', `/event/${slug}/`);
    assert.equal(page.headers['x-tec-api-root'], `${ORIGIN}${API}/events/${id}`);
    assert.equal(
      (await t.request('anonymous', 'GET', '/events/')).headers['x-tec-api-root'],
      `${ORIGIN}${API}/events/`,
    );
  });
});

describe('WordPress paths beside another prefix', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_REST_PREFIX: '/api' } });
  });
  after(() => t.close());

  test('/wp-json/tribe/events/v1 answers as /api/tribe/events/v1, its URLs under /wp-json', async () => {
    const list = await t.request('anonymous', 'GET', '/wp-json/tribe/events/v1/events');
    assert.equal(list.statusCode, 200, list.body);
    assert.match(list.json().rest_url, /^http:\/\/localhost:80\/wp-json\/tribe\/events\/v1\/events\//);
    const own = await t.request('anonymous', 'GET', '/api/calendar/events/v1/events');
    assert.match(own.json().rest_url, /^http:\/\/localhost:80\/api\/calendar\/events\/v1\/events\//);
    const me = await t.request('author', 'GET', '/wp-json/wp/v2/users/me');
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.json().id, t.ids.author);
  });
});

describe('the request log', () => {
  let t: TestApp;
  const lines: Json[] = [];
  before(async () => {
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Json) };
    t = await createTestApp({ env: { CALENDAR_REST_PREFIX: '/api' }, logger: { level: 'info', stream } });
  });
  after(() => t.close());

  test('shows the path as the client sent it (/wp-json, ?rest_route=), and the one it was served as', async () => {
    for (const url of [
      '/wp-json/tribe/events/v1/events?per_page=1',
      '/?rest_route=/tribe/events/v1/events&per_page=1',
      `/api${API}/events`,
    ]) {
      const response = await t.request('anonymous', 'GET', url);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      const logged = lines.filter((line) => line.msg === 'incoming request').at(-1);
      assert.equal(logged?.req?.url, url, JSON.stringify(logged));
      assert.equal(
        logged?.req?.routedUrl,
        url.startsWith('/api') ? undefined : '/api/tribe/events/v1/events?per_page=1',
        JSON.stringify(logged),
      );
    }
  });
});
