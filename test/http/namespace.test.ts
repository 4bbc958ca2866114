import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { systemClock } from '../../src/clock.ts';
import { defineRoute, type ApiRoute } from '../../src/http/route-definition.ts';
import { registerRoutes, type RouteContext } from '../../src/http/routes.ts';
import { RouteTable } from '../../src/http/route-table.ts';
import { API, createTestApp, type TestApp } from '../fixtures/app.ts';
import { loadExample } from '../fixtures/examples.ts';

/** The 22 codes of the spec, in its order. */
const LANGUAGES = [
  'sq',
  'bs',
  'bg',
  'hr',
  'cs',
  'da',
  'nl',
  'en',
  'fr',
  'de',
  'el',
  'hu',
  'it',
  'mk',
  'pl',
  'pt-pt',
  'ro',
  'sr',
  'sk',
  'sl',
  'es',
  'sv',
];

interface IndexArg {
  required: boolean;
  default?: unknown;
  type?: string;
  enum?: unknown[];
  description?: string;
}
interface IndexRoute {
  namespace: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, IndexArg> }[];
  _links?: { self: { href: string }[] };
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: { type?: string; enum?: string[] } }[];
  responses: Record<string, unknown>;
}

/** `/calendar/events/v1/categories/(?P<id>\d+)` → `/categories/{id}`, the /doc spelling of an index route. */
function docPathOf(indexPath: string): string {
  const relative = indexPath.slice(API.length).replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}');
  return relative === '' ? '/' : relative;
}

describe('namespace index', () => {
  let t: TestApp;
  let index: { namespace: string; routes: Record<string, IndexRoute>; _links: unknown };
  before(async () => {
    t = await createTestApp({ withUsers: false });
    const response = await t.request('anonymous', 'GET', API);
    assert.equal(response.statusCode, 200);
    index = response.json();
  });
  after(() => t.close());

  test('names the namespace and links up to the REST root', () => {
    assert.equal(index.namespace, 'calendar/events/v1');
    assert.deepEqual(index._links, { up: [{ href: 'http://localhost:80/' }] });
  });

  test('lists the routes in WordPress notation, the index and /doc first', () => {
    const paths = Object.keys(index.routes);
    assert.deepEqual(paths.slice(0, 2), [API, `${API}/doc`]);
    for (const path of [
      `${API}/categories`,
      `${API}/categories/(?P<id>\\d+)`,
      `${API}/tags`,
      `${API}/tags/(?P<id>\\d+)`,
    ]) {
      assert.ok(paths.includes(path), path);
    }
    for (const route of Object.values(index.routes)) assert.equal(route.namespace, 'calendar/events/v1');
  });

  const methods: [string, string[]][] = [
    [API, ['GET']],
    [`${API}/doc`, ['GET']],
    [`${API}/categories`, ['GET', 'POST']],
    [`${API}/categories/(?P<id>\\d+)`, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']],
    [`${API}/tags/(?P<id>\\d+)`, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']],
  ];
  for (const [path, expected] of methods) {
    test(`${path} lists methods ${expected.join(', ')}, with an endpoint for each`, () => {
      const route = index.routes[path]!;
      assert.deepEqual(route.methods, expected);
      assert.deepEqual(route.endpoints.flatMap((endpoint) => endpoint.methods).sort(), [...expected].sort());
    });
  }

  test('only routes without a pattern link to themselves', () => {
    for (const [path, route] of Object.entries(index.routes)) {
      if (path.includes('(?P<')) assert.equal(route._links, undefined, path);
      else assert.deepEqual(route._links, { self: [{ href: `http://localhost:80${path}` }] }, path);
    }
  });

  test('endpoint args carry required, default, type and description as WordPress lists them', () => {
    const [list, create] = index.routes[`${API}/categories`]!.endpoints;
    assert.deepEqual(list!.methods, ['GET']);
    assert.deepEqual(list!.args.page, {
      default: 1,
      description: 'The archive page to return',
      type: 'integer',
      required: false,
    });
    assert.deepEqual(list!.args.hide_empty, {
      default: true,
      description: 'Whether to hide terms not assigned to any posts',
      type: 'boolean',
      required: false,
    });
    assert.deepEqual(create!.methods, ['POST']);
    assert.equal(create!.args.name!.required, true);
    assert.equal(create!.args.name!.type, 'string');
    assert.equal(create!.args.slug!.required, false);
    assert.deepEqual(index.routes[API]!.endpoints[0]!.args.namespace, {
      default: 'calendar/events/v1',
      type: 'string',
      required: false,
    });
  });

  test('every endpoint lists translation_language with the 22 codes, not required', () => {
    for (const [path, route] of Object.entries(index.routes)) {
      for (const endpoint of route.endpoints) {
        const arg = endpoint.args.translation_language;
        assert.ok(arg, `${path} ${endpoint.methods.join(',')}`);
        assert.equal(arg.type, 'string');
        assert.equal(arg.required, false);
        assert.deepEqual(arg.enum, LANGUAGES);
      }
    }
  });
});

describe('/doc', () => {
  const recorded = loadExample('40-doc').response.body as { info: unknown };
  let t: TestApp;
  let doc: {
    openapi: string;
    info: unknown;
    servers: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
  };
  let index: { routes: Record<string, IndexRoute> };
  before(async () => {
    t = await createTestApp({ withUsers: false });
    const response = await t.request('anonymous', 'GET', 'doc');
    assert.equal(response.statusCode, 200);
    doc = response.json();
    index = (await t.request('anonymous', 'GET', API)).json();
  });
  after(() => t.close());

  test('is an OpenAPI 3.0 document with the original top-level key order and info', () => {
    assert.deepEqual(Object.keys(doc), ['openapi', 'info', 'components', 'servers', 'paths']);
    assert.match(doc.openapi, /^3\.0\.\d+$/);
    assert.deepEqual(doc.info, recorded.info);
  });

  test('its server URL keeps the port and ends with a slash', () => {
    assert.deepEqual(doc.servers, [{ url: 'http://localhost:80/calendar/events/v1/' }]);
  });

  test('path keys are relative to the server URL', () => {
    const paths = Object.keys(doc.paths);
    for (const path of ['/doc', '/categories', '/categories/{id}', '/tags', '/tags/{id}'])
      assert.ok(paths.includes(path), path);
    for (const path of paths) assert.ok(!path.includes('calendar/events'), path);
  });

  test('every route and method of the index is documented', () => {
    for (const [indexPath, route] of Object.entries(index.routes)) {
      const operations = doc.paths[docPathOf(indexPath)];
      assert.ok(operations, `${indexPath} → ${docPathOf(indexPath)}`);
      for (const method of route.methods) assert.ok(operations[method.toLowerCase()], `${method} ${indexPath}`);
    }
  });

  test('every operation of the namespace documents translation_language as an optional query parameter with the 22 codes', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      // WordPress' core routes beside the namespace (`wp/v2/users`, decision 0067) name their own
      // server, the REST root, and have no translations.
      if ('servers' in operations) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const parameter = operation.parameters?.find((candidate) => candidate.name === 'translation_language');
        assert.ok(parameter, `${method} ${path}`);
        assert.equal(parameter.in, 'query');
        assert.notEqual(parameter.required, true);
        assert.deepEqual(parameter.schema.enum, LANGUAGES, `${method} ${path}`);
      }
    }
  });

  test('single-record operations document the id path parameter as required', () => {
    for (const path of ['/categories/{id}', '/tags/{id}']) {
      for (const [method, operation] of Object.entries(doc.paths[path]!)) {
        const id = operation.parameters?.find((candidate) => candidate.in === 'path' && candidate.name === 'id');
        assert.equal(id?.required, true, `${method} ${path}`);
        assert.equal(id?.schema.type, 'integer');
      }
    }
  });
});

describe('route contract check at start-up', () => {
  const complete = {
    method: 'GET' as const,
    path: '/checked',
    permission: 'public' as const,
    schema: { summary: 'A checked route', querystring: Type.Object({}), response: { 200: Type.Object({}) } },
    handle: async () => ({ body: {} }),
  };
  const incomplete: [string, ApiRoute, RegExp][] = [
    [
      'no response schema',
      { ...complete, schema: { ...complete.schema, response: {} } },
      /GET \/checked has no response schema/,
    ],
    [
      'a missing response map',
      { ...complete, schema: { summary: 'x', querystring: Type.Object({}) } } as unknown as ApiRoute,
      /has no response schema/,
    ],
    [
      'no permission',
      { ...complete, permission: undefined } as unknown as ApiRoute,
      /GET \/checked has no declared permission/,
    ],
  ];

  for (const [name, route, message] of incomplete) {
    test(`RouteTable.add refuses a route with ${name}`, () => {
      const table = new RouteTable();
      assert.throws(() => table.add(route), message);
      assert.equal(table.byPath.size, 0);
    });

    test(`registerRoutes refuses a route with ${name}`, async () => {
      const app = Fastify();
      const table = new RouteTable();
      const context: RouteContext = {
        table,
        prefix: '',
        storage: {
          read: () => Promise.reject(new Error('not reached')),
          write: () => Promise.reject(new Error('not reached')),
          contentVersion: async () => 1,
          contentChanges: async () => new Map(),
          touchContent: async () => undefined,
          dialect: { lockRow: async () => false },
        },
        clock: systemClock,
        readCache: undefined,
        requestTimeoutMs: 30_000,
        frameOf: () => {
          throw new Error('not reached');
        },
      };
      try {
        assert.throws(() => registerRoutes(app, context, [defineRoute(complete), route]), message);
      } finally {
        await app.close();
      }
    });
  }

  test('a complete route is accepted and listed under its path', () => {
    const table = new RouteTable();
    table.add(defineRoute(complete));
    assert.deepEqual([...table.byPath.keys()], ['/checked']);
    assert.deepEqual(table.allowedMethods('/checked', null), ['GET']);
  });
});
