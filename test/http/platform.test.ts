import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Role } from '../../src/auth/roles.ts';
import { API, createTestApp, type TestApp } from '../fixtures/app.ts';
import { loadExample } from '../fixtures/examples.ts';

/*
 * Behaviour every route shares: routing, body and query parsing, the error envelope, the order
 * of checks, generic headers, CORS, and the URLs the service emits. Categories and tags serve as
 * the target; their own semantics are tested elsewhere.
 */

const JSON_TYPE = 'application/json; charset=UTF-8';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ORIGIN = 'https://app.example.com';

/** A multipart/form-data body with the given text fields. */
function multipart(fields: readonly [string, string][]): { body: string; headers: Record<string, string> } {
  const boundary = 'calendar-test-boundary';
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('platform', () => {
  let t: TestApp;
  /** Category ids by name, created once for the list tests. */
  const categories: Record<string, number> = {};

  before(async () => {
    t = await createTestApp();
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      categories[name] = (await t.request('administrator', 'POST', 'categories', { name })).json().id;
    }
  });
  after(() => t.close());

  describe('routing', () => {
    const noRoute = loadExample('39-no-route');
    const unrouted: [string, string][] = [
      ['GET', noRoute.request.path],
      ['GET', `${API}/nothing-here`],
      ['PUT', `${API}/categories`],
      ['DELETE', `${API}/categories`],
      ['PATCH', `${API}/tags`],
      ['POST', `${API}/doc`],
      ['GET', `${API}/categories/abc`],
      ['DELETE', `${API}/tags/abc`],
      ['GET', `${API}/categories/-1`],
    ];
    for (const [method, url] of unrouted) {
      test(`${method} ${url} is 404 rest_no_route, exactly as recorded`, async () => {
        const response = await t.request('administrator', method, url);
        assert.equal(response.statusCode, noRoute.response.status);
        assert.equal(response.headers['content-type'], noRoute.response.headers['content-type']);
        assert.equal(response.body, JSON.stringify(noRoute.response.body));
      });
    }

    test('a trailing slash is tolerated on lists, single records and the index', async () => {
      for (const url of [`${API}/categories/`, `${API}/categories/${categories.Alpha}/`, `${API}/`]) {
        const response = await t.request('anonymous', 'GET', url);
        assert.equal(response.statusCode, 200, url);
      }
      assert.equal((await t.request('anonymous', 'GET', `categories/${categories.Alpha}/`)).json().name, 'Alpha');
    });

    test('HEAD answers a GET route with its status and headers and no body', async () => {
      const response = await t.request('anonymous', 'HEAD', 'categories?hide_empty=0');
      assert.equal(response.statusCode, 200);
      assert.equal(response.body, '');
      assert.equal(response.headers['x-tec-total'], '3');
      assert.equal(response.headers['content-type'], JSON_TYPE);
    });
  });

  describe('request bodies', () => {
    const rejected: { name: string; body: string; contentType: string; status: number; code: string }[] = [
      {
        name: 'invalid JSON',
        body: '{"name": ',
        contentType: 'application/json',
        status: 400,
        code: 'rest_invalid_json',
      },
      {
        name: 'a JSON array',
        body: '[{"name":"x"}]',
        contentType: 'application/json',
        status: 400,
        code: 'rest_bad_request',
      },
      { name: 'a JSON string', body: '"x"', contentType: 'application/json', status: 400, code: 'rest_bad_request' },
      {
        name: 'text/plain',
        body: 'name=x',
        contentType: 'text/plain',
        status: 415,
        code: 'rest_unsupported_media_type',
      },
      {
        name: 'application/xml',
        body: '<name>x</name>',
        contentType: 'application/xml',
        status: 415,
        code: 'rest_unsupported_media_type',
      },
    ];
    for (const { name, body, contentType, status, code } of rejected) {
      test(`${name} is a ${status} ${code} in the error envelope`, async () => {
        const response = await t.request('administrator', 'POST', 'categories', body, { 'content-type': contentType });
        assert.equal(response.statusCode, status);
        assert.equal(response.headers['content-type'], JSON_TYPE);
        const json = response.json();
        assert.deepEqual(Object.keys(json), ['code', 'message', 'data']);
        assert.equal(json.code, code);
        assert.deepEqual(json.data, { status });
      });
    }

    test('a body over 1 MiB is 413 rest_payload_too_large', async () => {
      const body = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
      const response = await t.request('administrator', 'POST', 'categories', body, {
        'content-type': 'application/json',
      });
      assert.equal(response.statusCode, 413);
      assert.deepEqual(response.json(), {
        code: 'rest_payload_too_large',
        message: 'The request body is larger than the allowed 1048576 bytes.',
        data: { status: 413 },
      });
    });

    test('an empty JSON body is no fields: create reports the missing name', async () => {
      const response = await t.request('administrator', 'POST', 'categories', '', {
        'content-type': 'application/json',
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), {
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): name',
        data: { status: 400, params: ['name'] },
      });
    });

    const encodings: { name: string; payload: () => { body: string; headers: Record<string, string> } }[] = [
      {
        name: 'form-urlencoded',
        payload: () => ({ body: 'name=Form+Made&description=from%20a%20form', headers: FORM }),
      },
      {
        name: 'multipart',
        payload: () =>
          multipart([
            ['name', 'Form Made'],
            ['description', 'from a form'],
          ]),
      },
    ];
    for (const { name, payload } of encodings) {
      test(`a ${name} body is read as fields`, async () => {
        const { body, headers } = payload();
        const created = await t.request('administrator', 'POST', 'tags', body, headers);
        assert.equal(created.statusCode, 201);
        assert.equal(created.json().name, 'Form Made');
        assert.equal(created.json().description, 'from a form');
        await t.request('administrator', 'DELETE', `tags/${created.json().id}`);
      });
    }

    test('query-string parameters are merged into a POST body, the body winning', async () => {
      const created = await t.request('administrator', 'POST', 'tags?name=From+Query&description=query', {
        description: 'body',
      });
      assert.equal(created.statusCode, 201);
      assert.equal(created.json().name, 'From Query');
      assert.equal(created.json().description, 'body');
      await t.request('administrator', 'DELETE', `tags/${created.json().id}`);
    });
  });

  describe('query parameters', () => {
    const includeSpellings = (first: string, second: string) => [
      `include[]=${first}&include[]=${second}`,
      `include=${first},${second}`,
      `include=${first},%20${second}`,
      `include=${first}&include=${second}`,
    ];
    test('arrays are read as a[]=x, comma-separated or repeated keys', async () => {
      for (const query of includeSpellings(String(categories.Alpha), String(categories.Gamma))) {
        const response = await t.request('anonymous', 'GET', `categories?hide_empty=0&${query}`);
        assert.equal(response.statusCode, 200, query);
        assert.deepEqual(
          response.json().categories.map((term: { name: string }) => term.name),
          ['Alpha', 'Gamma'],
          query,
        );
      }
    });

    const booleans: [string, number][] = [
      ['0', 3],
      ['false', 3],
      ['FALSE', 3],
      ['1', 0],
      ['true', 0],
      ['True', 0],
    ];
    for (const [spelling, total] of booleans) {
      test(`hide_empty=${spelling} is a boolean`, async () => {
        const response = await t.request('anonymous', 'GET', `categories?hide_empty=${spelling}`);
        assert.equal(response.statusCode, 200);
        assert.equal(response.json().total, total);
      });
    }

    test('hide_empty=yes is 400 rest_invalid_param with a rest_invalid_type detail', async () => {
      const response = await t.request('anonymous', 'GET', 'categories?hide_empty=yes');
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): hide_empty',
        data: {
          status: 400,
          params: { hide_empty: 'hide_empty is not of type boolean.' },
          details: {
            hide_empty: {
              code: 'rest_invalid_type',
              message: 'hide_empty is not of type boolean.',
              data: { param: 'hide_empty' },
            },
          },
        },
      });
    });

    test('a failed plugin validator gives "Invalid parameter." and details as an empty array', async () => {
      const response = await t.request('anonymous', 'GET', 'categories/999999');
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): id',
        data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
      });
    });

    test('several invalid parameters are listed in one message', async () => {
      const response = await t.request('anonymous', 'GET', 'categories?page=abc&per_page=0&hide_empty=yes');
      assert.equal(response.statusCode, 400);
      const json = response.json();
      assert.equal(json.code, 'rest_invalid_param');
      const names = ['page', 'per_page', 'hide_empty'];
      assert.deepEqual(Object.keys(json.data.params).sort(), [...names].sort());
      assert.deepEqual(Object.keys(json.data.details).sort(), [...names].sort());
      assert.match(json.message, /^Invalid parameter\(s\): /);
      assert.deepEqual(json.message.slice('Invalid parameter(s): '.length).split(', ').sort(), [...names].sort());
      assert.equal(json.data.params.page, 'page is not of type integer.');
    });
  });

  describe('order of checks and permissions', () => {
    test('validation comes before permission: anonymous POST without name is 400, not 401', async () => {
      const response = await t.request('anonymous', 'POST', 'categories');
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().code, 'rest_missing_callback_param');
    });

    test('unlike the original, a refused caller who sends a body is refused before it is read (decision 0089)', async () => {
      const response = await t.request('anonymous', 'POST', 'categories', {});
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().code, 'rest_forbidden');
    });

    test('validation comes before permission: anonymous DELETE of a missing term is 400', async () => {
      const response = await t.request('anonymous', 'DELETE', 'categories/999');
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().code, 'rest_invalid_param');
      assert.deepEqual(response.json().data.params, { id: 'Invalid parameter.' });
    });

    const refusals: [Role | 'anonymous', number][] = [
      ['anonymous', 401],
      ['subscriber', 403],
      ['author', 403],
    ];
    for (const [as, status] of refusals) {
      test(`a refused ${as} creating a tag gets ${status} rest_forbidden`, async () => {
        const response = await t.request(as, 'POST', 'tags', { name: 'Refused' });
        assert.equal(response.statusCode, status);
        assert.deepEqual(response.json(), {
          code: 'rest_forbidden',
          message: 'Sorry, you are not allowed to do that.',
          data: { status },
        });
      });
    }
  });

  describe('translation_language', () => {
    const routes = () => ['', 'doc', 'categories', `categories/${categories.Alpha}`, 'tags'];
    test('is accepted on every route', async () => {
      for (const route of routes()) {
        const response = await t.request('anonymous', 'GET', `${API}/${route}?translation_language=fr`);
        assert.equal(response.statusCode, 200, route);
      }
    });

    test('an unknown code is 400 rest_invalid_param naming translation_language on every route', async () => {
      for (const route of routes()) {
        const response = await t.request('anonymous', 'GET', `${API}/${route}?translation_language=xx`);
        assert.equal(response.statusCode, 400, route);
        const json = response.json();
        assert.equal(json.code, 'rest_invalid_param', route);
        assert.equal(json.message, 'Invalid parameter(s): translation_language');
        assert.match(json.data.params.translation_language, /\bpt-pt\b/);
      }
    });
  });

  describe('generic headers', () => {
    const urls = () => [
      `${API}`,
      `${API}/doc`,
      `${API}/categories`,
      `${API}/categories/${categories.Alpha}`,
      `${API}/nothing-here`,
    ];
    test('every response carries WordPress core headers, with the TEC totals and ETag CORS-exposed and the conditional headers allowed', async () => {
      for (const url of urls()) {
        const { headers } = await t.request('anonymous', 'GET', url);
        assert.equal(headers['x-robots-tag'], 'noindex', url);
        assert.equal(headers['x-content-type-options'], 'nosniff', url);
        assert.equal(headers['content-type'], JSON_TYPE, url);
        assert.equal(headers.link, '<http://localhost:80/>; rel="https://api.w.org/"', url);
        assert.equal(
          headers['access-control-allow-headers'],
          'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, If-Match, If-None-Match',
          url,
        );
        const exposed = String(headers['access-control-expose-headers']).split(', ');
        for (const name of ['X-WP-Total', 'X-WP-TotalPages', 'Link', 'X-TEC-Total', 'X-TEC-TotalPages', 'ETag'])
          assert.ok(exposed.includes(name), `${url} exposes ${name}`);
      }
    });

    const allowed: [Role | 'anonymous', () => string, string][] = [
      ['anonymous', () => 'categories', 'GET'],
      ['administrator', () => 'categories', 'GET, POST'],
      ['author', () => 'categories', 'GET, POST'],
      ['author', () => 'tags', 'GET'],
      ['contributor', () => 'categories', 'GET'],
      ['anonymous', () => `categories/${categories.Alpha}`, 'GET'],
      ['administrator', () => `categories/${categories.Alpha}`, 'GET, POST, PUT, PATCH, DELETE'],
      ['editor', () => `tags?hide_empty=0`, 'GET, POST'],
      ['administrator', () => 'doc', 'GET'],
    ];
    for (const [as, url, allow] of allowed) {
      test(`Allow for ${as} on ${url()} is "${allow}"`, async () => {
        const response = await t.request(as, 'GET', url());
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers.allow, allow);
      });
    }

    test('authenticated responses are not cacheable; anonymous ones carry no such headers', async () => {
      const authenticated = await t.request('editor', 'GET', 'categories');
      assert.equal(authenticated.headers['cache-control'], 'no-cache, must-revalidate, max-age=0, no-store, private');
      assert.equal(authenticated.headers.expires, 'Wed, 11 Jan 1984 05:00:00 GMT');
      const anonymous = await t.request('anonymous', 'GET', 'categories');
      assert.equal(anonymous.headers['cache-control'], undefined);
      assert.equal(anonymous.headers.expires, undefined);
    });

    test('a given x-request-id is echoed, and one is generated otherwise', async () => {
      const given = await t.request('anonymous', 'GET', 'categories', undefined, { 'x-request-id': 'trace-1234' });
      assert.equal(given.headers['x-request-id'], 'trace-1234');
      const generated = await t.request('anonymous', 'GET', 'categories');
      assert.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    });
  });

  describe('CORS', () => {
    test('an Origin is echoed with credentials allowed', async () => {
      const response = await t.request('editor', 'GET', 'categories', undefined, { origin: ORIGIN });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['access-control-allow-origin'], ORIGIN);
      assert.equal(response.headers['access-control-allow-credentials'], 'true');
      assert.match(String(response.headers.vary), /\bOrigin\b/);
    });

    test('a pre-flight OPTIONS succeeds with the allowed methods and headers', async () => {
      const response = await t.request('anonymous', 'OPTIONS', 'categories', undefined, {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      });
      assert.ok(response.statusCode === 200 || response.statusCode === 204, String(response.statusCode));
      assert.equal(response.headers['access-control-allow-origin'], ORIGIN);
      assert.equal(response.headers['access-control-allow-methods'], 'OPTIONS, GET, POST, PUT, PATCH, DELETE');
      assert.equal(
        response.headers['access-control-allow-headers'],
        'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, If-Match, If-None-Match',
      );
    });

    test('an OPTIONS without Origin is not refused', async () => {
      const response = await t.request('anonymous', 'OPTIONS', 'categories');
      assert.ok(response.statusCode < 400, String(response.statusCode));
    });

    describe('with an origin allow-list (CALENDAR_CORS_ORIGINS)', () => {
      const OTHER = 'https://elsewhere.example.net';
      let listed: TestApp;
      before(async () => {
        listed = await createTestApp({ env: { CALENDAR_CORS_ORIGINS: `${ORIGIN}, https://second.example.org:8443` } });
      });
      after(() => listed.close());

      test('a listed origin is echoed with credentials allowed, and may write', async () => {
        for (const origin of [ORIGIN, 'https://second.example.org:8443']) {
          const response = await listed.request('editor', 'POST', 'tags', { name: `From ${origin}` }, { origin });
          assert.equal(response.statusCode, 201, response.body);
          assert.equal(response.headers['access-control-allow-origin'], origin);
          assert.equal(response.headers['access-control-allow-credentials'], 'true');
          assert.match(String(response.headers.vary), /\bOrigin\b/);
        }
      });

      test('another origin gets the public API without credentials', async () => {
        const read = await listed.request('anonymous', 'GET', 'categories', undefined, { origin: OTHER });
        assert.equal(read.statusCode, 200);
        assert.equal(read.headers['access-control-allow-origin'], '*');
        assert.equal(read.headers['access-control-allow-credentials'], undefined);
        const preflight = await listed.request('anonymous', 'OPTIONS', 'tags', undefined, {
          origin: OTHER,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        });
        assert.ok(preflight.statusCode < 400, String(preflight.statusCode));
        assert.equal(preflight.headers['access-control-allow-origin'], '*');
        assert.equal(preflight.headers['access-control-allow-credentials'], undefined);
      });

      test('another origin sending credentials is refused with 403 rest_origin_not_allowed before they are checked, and nothing is written', async () => {
        const before = (await listed.request('administrator', 'GET', 'tags?hide_empty=0&per_page=100')).json().tags
          .length;
        for (const as of ['editor', 'anonymous'] as const) {
          const headers = {
            origin: OTHER,
            ...(as === 'anonymous' ? { authorization: 'Basic bm9ib2R5Om5vdGhpbmc=' } : {}),
          };
          const response = await listed.request(as, 'POST', 'tags', { name: 'Cross-site' }, headers);
          assert.equal(response.statusCode, 403, response.body);
          assert.deepEqual(response.json(), {
            code: 'rest_origin_not_allowed',
            message: `Credentials are not accepted from the origin ${OTHER}.`,
            data: { status: 403 },
          });
        }
        const afterwards = (await listed.request('administrator', 'GET', 'tags?hide_empty=0&per_page=100')).json().tags
          .length;
        assert.equal(afterwards, before);
      });

      test('requests without an Origin (servers, scripts) are not affected', async () => {
        const response = await listed.request('editor', 'POST', 'tags', { name: 'From a script' });
        assert.equal(response.statusCode, 201, response.body);
      });
    });
  });

  test('an unexpected internal error is 500 internal_error without internals', async () => {
    const broken = await createTestApp({ withUsers: false });
    await broken.storage.close();
    const response = await broken.request('anonymous', 'GET', 'categories');
    await broken.app.close();
    assert.equal(response.statusCode, 500);
    assert.equal(response.headers['content-type'], JSON_TYPE);
    assert.deepEqual(response.json(), {
      code: 'internal_error',
      message: 'The server could not complete the request.',
      data: { status: 500 },
    });
  });
});

describe('emitted URLs', () => {
  const settings: {
    name: string;
    env: Record<string, string>;
    host?: string;
    base: string;
    root: string;
    path: string;
  }[] = [
    {
      name: 'the Host header',
      env: {},
      host: 'calendar.test:8443',
      base: 'http://calendar.test:8443',
      root: 'http://calendar.test:8443/',
      path: API,
    },
    {
      name: 'CALENDAR_REST_PREFIX',
      env: { CALENDAR_REST_PREFIX: '/api' },
      base: 'http://localhost:80/api',
      root: 'http://localhost:80/api/',
      path: `/api${API}`,
    },
    {
      name: 'CALENDAR_PUBLIC_URL, whatever the Host',
      env: { CALENDAR_PUBLIC_URL: 'https://events.example.org/site/' },
      host: 'internal:3000',
      base: 'https://events.example.org/site',
      root: 'https://events.example.org/site/',
      path: API,
    },
  ];
  for (const { name, env, host, base, root, path } of settings) {
    test(`follow ${name}`, async () => {
      const t = await createTestApp({ env });
      try {
        const headers: Record<string, string> = host ? { host } : {};
        const created = await t.request('administrator', 'POST', `${path}/categories`, { name: 'Music' }, headers);
        assert.equal(created.statusCode, 201);
        assert.equal(created.json().urls.self, `${base}${API}/categories/${created.json().id}`);
        assert.equal(created.headers.location, created.json().urls.self);
        const list = await t.request('anonymous', 'GET', `${path}/categories?hide_empty=0`, undefined, headers);
        assert.equal(list.json().rest_url, `${base}${API}/categories/`);
        assert.equal(list.headers.link, `<${root}>; rel="https://api.w.org/"`);
        const doc = await t.request('anonymous', 'GET', `${path}/doc`, undefined, headers);
        assert.equal(doc.json().servers[0].url, `${base}${API}/`);
        const index = await t.request('anonymous', 'GET', path, undefined, headers);
        assert.deepEqual(index.json()._links.up, [{ href: root }]);
        if (path !== API) assert.equal((await t.request('anonymous', 'GET', `${API}/categories`)).statusCode, 404);
      } finally {
        await t.close();
      }
    });
  }
});
