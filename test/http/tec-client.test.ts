import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

/**
 * An unmodified client of The Events Calendar's REST API (decision 0018): it knows the WordPress
 * conventions only (`/wp-json/`, discovery, `tribe/events/v1`, `next_rest_url`) and nothing of
 * this service. Every URL it is handed must keep it under the namespace it started from.
 */

const ORIGIN = 'http://localhost:80';
const ROOT = '/wp-json';
const TEC = `${ROOT}/tribe/events/v1`;
const OURS = `${ROOT}/calendar/events/v1`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every string value in a JSON answer that looks like a URL of the service's REST API. */
function restUrls(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.startsWith(`${ORIGIN}/`) && value.includes(ROOT)) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) restUrls(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) restUrls(item, found);
  }
  return found;
}

/** The client's path for a URL it was given: the origin stripped, as a client behind the same host does. */
function pathOf(url: string): string {
  assert.ok(url.startsWith(`${ORIGIN}/`), url);
  return url.slice(ORIGIN.length);
}

/** Every REST URL in an answer (body and `Link` header) stays under `base`. */
function assertUrlsUnder(base: string, body: unknown, link?: unknown): void {
  const fromLink = typeof link === 'string' ? [...link.matchAll(/<([^>]+)>/g)].map((match) => match[1]!) : [];
  for (const url of [...restUrls(body), ...fromLink]) {
    if (url === `${ORIGIN}${ROOT}/` || url === `${ORIGIN}/fr${ROOT}/`) continue; // the REST root itself (discovery)
    assert.ok(pathOf(url).startsWith(`${base}/`) || pathOf(url) === base, `${url} is not under ${base}`);
  }
}

const DATES = [
  ['2026-12-01 19:00:00', '2026-12-01 22:00:00'],
  ['2026-12-03 19:00:00', '2026-12-03 22:00:00'],
  ['2026-12-05 19:00:00', '2026-12-05 22:00:00'],
  ['2026-12-07 19:00:00', '2026-12-07 22:00:00'],
  ['2026-12-09 19:00:00', '2026-12-09 22:00:00'],
] as const;

/** The prefix configured for WordPress' paths, and the default, which serves them beside the bare namespace (decision 0050). */
const CONFIGURATIONS = [
  ['with CALENDAR_REST_PREFIX=/wp-json', { CALENDAR_REST_PREFIX: ROOT }],
  ['with the default configuration', {}],
] as const;

for (const [configuration, env] of CONFIGURATIONS)
  describe(`an unmodified TEC client, ${configuration}`, () => {
    let t: TestApp;
    const created: Json[] = [];
    before(async () => {
      t = await createTestApp({ env });
    });
    after(() => t.close());

    test('discovers the API from the REST root the Link header points at', async () => {
      const first = await t.request('anonymous', 'GET', `${TEC}/events`);
      assert.equal(first.statusCode, 200, first.body);
      const link = /<([^>]+)>; rel="https:\/\/api\.w\.org\/"/.exec(String(first.headers.link));
      assert.ok(link, String(first.headers.link));
      assert.equal(link[1], `${ORIGIN}${ROOT}/`);
      const root = await t.request('anonymous', 'GET', pathOf(link[1]));
      assert.equal(root.statusCode, 200, root.body);
      const index = root.json();
      for (const key of [
        'name',
        'description',
        'url',
        'home',
        'gmt_offset',
        'timezone_string',
        'namespaces',
        'authentication',
        'routes',
        '_links',
      ])
        assert.ok(key in index, key);
      assert.deepEqual(index.namespaces, ['calendar/events/v1', 'tribe/events/v1', 'tribe/tickets/v1']);
      assert.equal(typeof index.authentication['application-passwords'].endpoints.authorization, 'string');
      assert.deepEqual(index.routes['/']._links, { self: [{ href: `${ORIGIN}${ROOT}/` }] });
      // Both namespaces' routes, each under its own name and links.
      for (const namespace of ['calendar/events/v1', 'tribe/events/v1']) {
        const events = index.routes[`/${namespace}/events`];
        assert.equal(events.namespace, namespace);
        assert.deepEqual(events.methods, ['GET', 'POST']);
        assert.ok(events.endpoints[0].args.per_page, 'the list arguments are described');
        assert.deepEqual(events._links, { self: [{ href: `${ORIGIN}${ROOT}/${namespace}/events` }] });
        assert.equal(index.routes[`/${namespace}/events/(?P<id>\\d+)`].namespace, namespace);
      }
      // The namespace index stays where it was.
      const namespaceIndex = await t.request('anonymous', 'GET', TEC);
      assert.equal(namespaceIndex.json().namespace, 'tribe/events/v1');
    });

    test('creates events with nested venue and organizer objects and categories by name', async () => {
      for (const [at, [start, end]] of DATES.entries()) {
        const response = await t.request('administrator', 'POST', `${TEC}/events`, {
          title: `Client Night ${at + 1}`,
          start_date: start,
          end_date: end,
          venue: { venue: 'Client Hall', city: 'Springfield' },
          organizer: [{ organizer: 'Client Club' }],
          categories: ['Client Music'],
        });
        assert.equal(response.statusCode, 201, response.body);
        const event = response.json();
        assert.equal(event.rest_url, `${ORIGIN}${TEC}/events/${event.id}`);
        assert.equal(event.venue.venue, 'Client Hall');
        assert.equal(event.organizer[0].organizer, 'Client Club');
        assert.deepEqual(
          event.categories.map((category: Json) => category.name),
          ['Client Music'],
        );
        assertUrlsUnder(TEC, event, response.headers.link);
        if (response.headers.location !== undefined)
          assert.ok(pathOf(String(response.headers.location)).startsWith(`${TEC}/`), String(response.headers.location));
        created.push(event);
      }
      // The inline venue and organizer were created once, then found by name.
      assert.equal(new Set(created.map((event) => event.venue.id)).size, 1);
    });

    test('lists two by two, following next_rest_url to the end, every URL under tribe/events/v1', async () => {
      let next: string | undefined = `${TEC}/events?per_page=2&start_date=2026-11-30`;
      const seen: number[] = [];
      let pages = 0;
      while (next !== undefined) {
        const response = await t.request('anonymous', 'GET', next);
        assert.equal(response.statusCode, 200, response.body);
        const body = response.json();
        assertUrlsUnder(TEC, body, response.headers.link);
        assert.ok(body.rest_url.startsWith(`${ORIGIN}${TEC}/events/`), body.rest_url);
        seen.push(...body.events.map((event: Json) => event.id));
        pages += 1;
        assert.ok(pages <= 3, 'the pages end');
        next = body.next_rest_url === undefined ? undefined : pathOf(body.next_rest_url);
      }
      assert.equal(pages, 3);
      assert.deepEqual(
        seen,
        created.map((event) => event.id),
      );
    });

    test('reads by id and by slug, updates and deletes', async () => {
      const event = created[0]!;
      const bySlug = await t.request('anonymous', 'GET', `${TEC}/events/by-slug/${event.slug}`);
      assert.equal(bySlug.statusCode, 200, bySlug.body);
      assert.equal(bySlug.json().id, event.id);
      assertUrlsUnder(TEC, bySlug.json(), bySlug.headers.link);

      const updated = await t.request('administrator', 'POST', `${TEC}/events/${event.id}`, {
        title: 'Client Night, moved',
        categories: ['Client Music', 'Client Jazz'],
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().title, 'Client Night, moved');
      assert.deepEqual(
        updated
          .json()
          .categories.map((category: Json) => category.name)
          .sort(),
        ['Client Jazz', 'Client Music'],
      );
      assertUrlsUnder(TEC, updated.json());

      // The same record under our own namespace, with our URLs.
      const ours = await t.request('anonymous', 'GET', `${OURS}/events/${event.id}`);
      assert.equal(ours.json().title, 'Client Night, moved');
      assert.equal(ours.json().rest_url, `${ORIGIN}${OURS}/events/${event.id}`);

      const deleted = await t.request('administrator', 'DELETE', `${TEC}/events/${created[1]!.id}`);
      assert.equal(deleted.statusCode, 200, deleted.body);
      assertUrlsUnder(TEC, deleted.json());
      const gone = await t.request('anonymous', 'GET', `${TEC}/events/${created[1]!.id}`);
      // A trashed event is 403 event-no-longer-available for everybody (wire-format 7.2, 7.3).
      assert.deepEqual(gone.json(), {
        code: 'event-no-longer-available',
        message: 'This event is no longer available',
        data: { status: 403 },
      });
      assert.equal(gone.statusCode, 403);
      const venue = await t.request('anonymous', 'GET', `${TEC}/venues/${event.venue.id}`);
      assert.equal(
        venue.json().rest_url ?? `${ORIGIN}${TEC}/venues/${event.venue.id}`,
        `${ORIGIN}${TEC}/venues/${event.venue.id}`,
      );
      assertUrlsUnder(TEC, venue.json());
      const categories = await t.request('anonymous', 'GET', `${TEC}/categories`);
      assertUrlsUnder(TEC, categories.json(), categories.headers.link);
    });

    test('OPTIONS describes the route, with an Allow header for the caller', async () => {
      const anonymous = await t.request('anonymous', 'OPTIONS', `${TEC}/events`);
      assert.equal(anonymous.statusCode, 200, anonymous.body);
      assert.equal(anonymous.headers.allow, 'GET');
      const description = anonymous.json();
      assert.deepEqual(Object.keys(description), ['namespace', 'methods', 'endpoints', '_links']);
      assert.equal(description.namespace, 'tribe/events/v1');
      assert.deepEqual(description.methods, ['GET', 'POST']);
      assert.deepEqual(
        description.endpoints.map((endpoint: Json) => endpoint.methods),
        [['GET'], ['POST']],
      );
      assert.equal(description.endpoints[1].args.title.required, true);
      assert.deepEqual(description._links, { self: [{ href: `${ORIGIN}${TEC}/events` }] });

      const editor = await t.request('editor', 'OPTIONS', `${TEC}/events/${created[0]!.id}`);
      assert.equal(editor.statusCode, 200, editor.body);
      assert.equal(editor.headers.allow, 'GET, DELETE, POST, PUT, PATCH', 'in registration order, as WordPress');
      assert.equal(editor.json().namespace, 'tribe/events/v1');
      assert.equal(editor.json()._links, undefined, 'a regex route has no self link');

      const ours = await t.request('anonymous', 'OPTIONS', `${OURS}/tags`);
      assert.equal(ours.json().namespace, 'calendar/events/v1');
    });

    test('a CORS pre-flight keeps its CORS answer', async () => {
      const preflight = await t.request('anonymous', 'OPTIONS', `${TEC}/events`, undefined, {
        origin: 'https://app.example.org',
        'access-control-request-method': 'POST',
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.body, '');
      assert.equal(preflight.headers['access-control-allow-origin'], 'https://app.example.org');
      assert.equal(preflight.headers['access-control-allow-methods'], 'OPTIONS, GET, POST, PUT, PATCH, DELETE');
      // An Origin alone is not a pre-flight: the route description, with CORS headers.
      const withOrigin = await t.request('anonymous', 'OPTIONS', `${TEC}/events`, undefined, {
        origin: 'https://app.example.org',
      });
      assert.equal(withOrigin.statusCode, 200);
      assert.equal(withOrigin.json().namespace, 'tribe/events/v1');
      assert.equal(withOrigin.headers['access-control-allow-origin'], 'https://app.example.org');
    });

    test('/fr/wp-json/tribe/events/v1/events/{id} answers in French with French URLs', async () => {
      const event = created[2]!;
      const translated = await t.request(
        'administrator',
        'PATCH',
        `${TEC}/events/${event.id}?translation_language=fr`,
        { title: 'Soirée client' },
      );
      assert.equal(translated.statusCode, 200, translated.body);
      const response = await t.request('anonymous', 'GET', `/fr${TEC}/events/${event.id}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-language'], 'fr');
      const body = response.json();
      assert.equal(body.title, 'Soirée client');
      assert.equal(body.rest_url, `${ORIGIN}/fr${TEC}/events/${event.id}`);
      assert.equal(response.headers.link, `<${ORIGIN}/fr${ROOT}/>; rel="https://api.w.org/"`);
      const root = await t.request('anonymous', 'GET', `/fr${ROOT}/`);
      assert.equal(root.statusCode, 200, root.body);
      assert.deepEqual(root.json().routes[`/tribe/events/v1/events`]._links, {
        self: [{ href: `${ORIGIN}/fr${TEC}/events` }],
      });
    });

    test('the index under each namespace names its own routes', async () => {
      for (const [base, namespace] of [
        [TEC, 'tribe/events/v1'],
        [OURS, 'calendar/events/v1'],
      ] as const) {
        const index = (await t.request('anonymous', 'GET', base)).json();
        assert.equal(index.namespace, namespace);
        assert.deepEqual(index._links, { up: [{ href: `${ORIGIN}${ROOT}/` }] });
        const paths = Object.keys(index.routes);
        assert.ok(paths.length > 10);
        for (const path of paths) assert.ok(path === `/${namespace}` || path.startsWith(`/${namespace}/`), path);
        for (const route of Object.values<Json>(index.routes)) assert.equal(route.namespace, namespace);
        assert.equal(index.routes[`/${namespace}`].endpoints[0].args.namespace.default, namespace);
        assertUrlsUnder(base, index);
      }
    });

    test('cached answers and ETags are per namespace', async () => {
      const id = created[0]!.id;
      for (let round = 0; round < 2; round++) {
        const tec = await t.request('anonymous', 'GET', `${TEC}/events/${id}`);
        const ours = await t.request('anonymous', 'GET', `${OURS}/events/${id}`);
        assert.equal(tec.json().rest_url, `${ORIGIN}${TEC}/events/${id}`);
        assert.equal(ours.json().rest_url, `${ORIGIN}${OURS}/events/${id}`);
        assert.notEqual(tec.headers.etag, ours.headers.etag);
      }
    });
  });

describe('with CALENDAR_TEC_ALIAS=false', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ withUsers: false, env: { CALENDAR_REST_PREFIX: ROOT, CALENDAR_TEC_ALIAS: 'false' } });
  });
  after(() => t.close());

  test('tribe/events/v1 answers 404 rest_no_route, with and without the language segment', async () => {
    for (const [method, url] of [
      ['GET', `${TEC}/events`],
      ['GET', TEC],
      ['GET', `/fr${TEC}/events`],
      ['POST', `${TEC}/events`],
    ] as const) {
      const response = await t.request('anonymous', method, url);
      assert.equal(response.statusCode, 404, `${method} ${url}: ${response.body}`);
      assert.equal(response.json().code, 'rest_no_route', url);
    }
    assert.equal((await t.request('anonymous', 'GET', `${OURS}/events`)).statusCode, 200);
  });

  test('the REST root lists our namespace only', async () => {
    const index = (await t.request('anonymous', 'GET', `${ROOT}/`)).json();
    assert.deepEqual(index.namespaces, ['calendar/events/v1']);
    assert.ok(Object.keys(index.routes).every((path) => !path.startsWith('/tribe/')));
  });
});
