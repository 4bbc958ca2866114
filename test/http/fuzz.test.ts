import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test, type TestContext } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { BODY_LIMIT } from '../../src/http/error-handler.ts';
import { LOGIN_THROTTLE } from '../../src/auth/login-throttle.ts';
import { ROLE_NAMES } from '../../src/auth/roles.ts';
import { ERROR_CATALOGUE } from '../../src/errors.ts';
import { MAX_PER_PAGE } from '../../src/paging.ts';
import { API, basicAuth, createRecord, createTestApp, type TestApp } from '../fixtures/app.ts';
import { changedTables, createLoggingTestApp, snapshotDatabase } from '../fixtures/fuzz.ts';

// test:quick skips this file: thousands of generated requests, about a minute of CPU (test/quick.ts).

/*
 * Bad input on every route (issue 7): for each route and method of the namespace index, read at
 * run time so new routes are fuzzed without touching this file, fast-check sends hostile path
 * parameters, query strings and bodies as anonymous and as administrator, and checks each answer:
 * no 5xx, no hang, every 4xx in the error envelope with a known code, no stack trace, SQL or file
 * path in any body, and a rejected write leaves the database as it was.
 * Seeds are fixed so a failure replays; the seed of a route is derived from its name, so adding a
 * route does not change what the others are sent.
 */

/** Property runs per route and method; each run is one request (tuned to keep PostgreSQL, the slower, under 40 s). */
const RUNS_PER_ROUTE = 80;
/** Runs for the methods a path does not serve (404 and OPTIONS/HEAD handling). */
const RUNS_PER_UNSERVED_PATH = 20;
/** The bound on one whole `inject` call; more means the service can be made to hang. */
const MAX_RESPONSE_MS = 5_000;
/** The bound on one 10,000-character search. */
const MAX_SEARCH_MS = 1_000;
const ADMINISTRATOR = { authorization: basicAuth('administrator', 'administrator-password') };
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;

/** Codes a 4xx may carry: the catalogue's, and any WordPress code docs/errors.md documents. */
const KNOWN_CODES = new Set([
  ...Object.keys(ERROR_CATALOGUE),
  ...fs
    .readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')
    .split('\n')
    .flatMap((line) => /^\| `([^`]+)` \|/.exec(line)?.[1] ?? []),
]);

/**
 * What must never reach a client: stack frames, source positions, SQL and driver messages, and
 * server file paths. The fuzz inputs never contain these (their SQL is upper case), so a match
 * cannot be an echo of the request or of a record a request stored.
 */
const LEAKS: readonly [string, RegExp][] = [
  ['stack frame', /(?:\n|\\n)\s*at |\bat (?:async )?[\w$.<>]+ \(|\bat \S+:\d+:\d+/],
  ['source position', /\.(?:ts|js|mjs|cjs):\d/],
  ['SQL text', /select |insert |update \w+ set|delete from/],
  ['database message', /sqlite|syntax error|relation "|violates .* constraint/i],
  ['file path', /(?:^|[\s"'(=])\/(?:work|home|tmp|usr|var|opt|root|srv)\/|node_modules|file:\/\//],
];

// ---------------------------------------------------------------------------------------------
// The app, its index and the records the fuzzed ids and slugs may name

const harness = await createLoggingTestApp();
after(() => harness.close());

interface IndexEndpoint {
  methods: string[];
  args: Record<string, unknown>;
}
interface IndexRoute {
  methods: string[];
  endpoints: IndexEndpoint[];
}
const index = (await harness.app.inject({ method: 'GET', url: API })).json<{ routes: Record<string, IndexRoute> }>();

/** A path parameter of an index route, `(?P<name>pattern)`. */
const PATH_PARAM = /\(\?P<(\w+)>([^)]*)\)/g;

interface SeededRecord {
  readonly id: number;
  readonly slug: string;
}

/** The records of one seeding, by collection (`events`, `venues`, …), and all their ids and slugs. */
interface Seeded {
  readonly byCollection: Readonly<Record<string, SeededRecord>>;
  readonly ids: readonly number[];
  readonly slugs: readonly string[];
}

/** Numbers the seeded names: tests that do not empty the database seed again beside earlier records. */
let seedCount = 0;
/** One record of each kind, created through the API, the event linked to the others. */
async function seedRecords(): Promise<Seeded> {
  const n = ++seedCount;
  const create = (collection: string, body: Record<string, unknown>): Promise<SeededRecord> =>
    createRecord(harness, collection, body).catch((error: Error) => {
      error.message += `\n${harness.errorLog.splice(0).join('\n')}`;
      throw error;
    });
  const categories = await create('categories', { name: `Fuzz category ${n}` });
  const tags = await create('tags', { name: `Fuzz tag ${n}` });
  const venues = await create('venues', { venue: `Fuzz venue ${n}`, city: 'Springfield' });
  const organizers = await create('organizers', { organizer: `Fuzz organizer ${n}`, email: 'fuzz@example.com' });
  const events = await create('events', {
    title: `Fuzz event ${n}`,
    description: '<p>Seeded</p>',
    start_date: '2026-12-01 10:00:00',
    end_date: '2026-12-01 12:00:00',
    venue: venues.id,
    organizer: [organizers.id],
    categories: [categories.id],
    tags: [tags.id],
  });
  const byCollection = { events, venues, organizers, categories, tags };
  const records = Object.values(byCollection);
  return { byCollection, ids: records.map((record) => record.id), slugs: records.map((record) => record.slug) };
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HOSTILE_TEXTS = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1.5',
  '1e9',
  '1e309',
  '-1e309',
  '0x1F',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999999',
  '-99999999999999999999',
  'true',
  'false',
  'TRUE',
  'null',
  'undefined',
  '[]',
  '{}',
  '[object Object]',
  '2026-02-30',
  '2026-13-01',
  '2026-12-01 25:61:61',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  '10000-01-01',
  '-000001-01-01',
  '+275760-09-13T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '2026-12-01T10:00:00+99:00',
  '@99999999999',
  'tomorrow',
  'next monday',
  '1 week ago',
  "' OR '1'='1",
  '1; DROP TABLE posts; --',
  "' UNION SELECT password_hash FROM users --",
  '%',
  '_',
  '\\',
  '\\%',
  "'",
  '"',
  '`',
  ';',
  '--',
  '/*',
  '$1',
  '?',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '&amp;',
  '&#8220;',
  '<!--',
  ']]>',
  '{{7*7}}',
  '${7*7}',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\r\n',
  '\t',
  '\u2028\u2029',
  '\ufeff',
  '\ud800',
  '\udfff',
  'é',
  '😀',
  '𝔘𝔫𝔦',
  'ﷺ',
  '\u202e',
  'İ',
  '../../etc/passwd',
  '..',
  '.',
  '%2e%2e',
  '%00',
  '%zz',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  // Values some parameters accept, so requests also get past validation into the services.
  'en',
  'fr',
  'pt-pt',
  'publish',
  'draft',
  'trash',
  'private',
  'future',
  'pending',
  'any',
  'edit',
  'view',
  'embed',
  'asc',
  'desc',
  'name',
  'slug',
  'count',
  'id',
  '1',
  '2',
  '3',
  '10',
  '2026-12-01',
  '2026-12-01 10:00:00',
  'America/New_York',
  'UTC+14',
  'Mars/Olympus',
];

const hugeText = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '<', "'", '%', 'ab ', '\u0001', '9'), fc.integer({ min: 1_000, max: 10_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
      .map((date) => date.toISOString().replace('T', ' ').slice(0, -5)),
  },
  { weight: 1, arbitrary: hugeText },
);

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'a[]',
  '[]',
  'page[x]',
  'status[0]',
  '__proto__[x]',
  'constructor[prototype][x]',
  '',
  ' ',
  'id',
  'slug',
  'context',
  'password',
  'force',
  '_embed',
  '_fields',
  '_method',
  'rest_route',
];

const DEEP_ARRAY: unknown = JSON.parse(`${'['.repeat(1000)}${']'.repeat(1000)}`);
const DEEP_OBJECT: unknown = JSON.parse(`${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`);

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  {
    weight: 2,
    arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -0, 0.1, 5e-324)),
  },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 2, arbitrary: fc.array(fc.oneof(hostileText, fc.integer()), { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('id', 'name', 'venue', '__proto__', 'x'), hostileText, { maxKeys: 3 }),
  },
  { weight: 1, arbitrary: fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT) },
);

/** Percent-encodes UTF-8 bytes (a lone surrogate becomes U+FFFD, which encodeURIComponent refuses). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const BAD_PERCENT = ['%', '%z', '%E0%A4%A', '%C0%80', '%FF', '%ED%A0%80', '%%', '%0'];

/** `key=value` pairs in the spellings clients use, some of them broken. */
const formFields = (keys: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        keys,
        hostileText,
        fc.constantFrom('plain', 'plain', 'plain', 'list', 'bare', 'bad-percent'),
        fc.constantFrom(...BAD_PERCENT),
      ),
      { maxLength: 6 },
    )
    .map((fields) =>
      fields
        .map(([key, value, spelling, badPercent]) => {
          switch (spelling) {
            case 'list':
              return `${percentEncode(key)}[]=${percentEncode(value)}`;
            case 'bare':
              return percentEncode(key);
            case 'bad-percent':
              return `${percentEncode(key)}=${percentEncode(value)}${badPercent}`;
            default:
              return `${percentEncode(key)}=${percentEncode(value)}`;
          }
        })
        .join('&'),
    );

// ---------------------------------------------------------------------------------------------
// Requests

interface FuzzBody {
  readonly payload: string | Buffer;
  /** Absent: no Content-Type header at all. */
  readonly contentType?: string;
}

interface FuzzRequest {
  readonly caller: 'anonymous' | 'administrator';
  readonly method: string;
  /** Path and query string, encoded as sent. */
  readonly url: string;
  readonly body?: FuzzBody;
}

function headersOf(request: FuzzRequest): Record<string, string> {
  return {
    ...(request.caller === 'administrator' ? ADMINISTRATOR : {}),
    ...(request.body?.contentType !== undefined ? { 'content-type': request.body.contentType } : {}),
  };
}

/** The request as a reproduction: method, URL, headers and the start of the body. */
function describeRequest(request: FuzzRequest): string {
  const lines = [
    `${request.method} ${request.url.length > 600 ? `${request.url.slice(0, 600)}… (${request.url.length} chars)` : request.url}`,
    `headers: ${JSON.stringify(headersOf(request))}`,
  ];
  if (request.body) {
    const text = Buffer.isBuffer(request.body.payload)
      ? `<bytes ${request.body.payload.toString('hex', 0, 200)}>`
      : JSON.stringify(request.body.payload.slice(0, 400));
    lines.push(`body (${Buffer.byteLength(request.body.payload)} bytes): ${text}`);
  }
  return lines.join('\n');
}

/**
 * JSON objects of exactly `bytes` bytes, built once. The padding is a field no route takes, so a
 * write that succeeds does not store a megabyte that every later snapshot would have to read.
 */
function sizedJson(bytes: number): string {
  const frame = '{"padding":""}';
  return `{"padding":"${'x'.repeat(bytes - frame.length)}"}`;
}
const BODY_UNDER_LIMIT = sizedJson(BODY_LIMIT - 1);
const BODY_OVER_LIMIT = sizedJson(BODY_LIMIT + 1);

const INVALID_JSON = [
  '{',
  '{"a":}',
  "{'a':1}",
  'NaN',
  '{"a":1}garbage',
  '\u0000',
  '{"a":"\\x"}',
  '{"a":1,}',
  '[',
  '"unterminated',
  '{"a":1}{"b":2}',
  '\ufeff{"a":1}',
];
const INVALID_UTF8 = [
  [0xff, 0xfe],
  [0xc3],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0x80],
  [0xe2, 0x82],
].map((bytes) => Buffer.from(bytes));
const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
];
const FORM_TYPES = ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=UTF-8'];
const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'text/html',
  'application/jsonx',
  'application/json-patch+json',
  'application/octet-stream',
  'multipart/mixed',
  '%%%',
  ';;',
  'application/x-www-form-urlencoded; charset=utf-16',
  'image/png',
  '*/*',
  'application/*',
  'multipart/form-data',
  `multipart/form-data; boundary=${'b'.repeat(300)}`,
];
const BOUNDARY = 'fuzzboundary';

const MULTIPART_FLAWS = ['none', 'unterminated', 'no boundary', 'file', 'json field', 'garbage'] as const;

/** A multipart body of the given fields, whole or broken in one of the ways parsers trip on. */
function multipart(fields: readonly [string, string][], flaw: (typeof MULTIPART_FLAWS)[number]): FuzzBody {
  const parts = fields.map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  switch (flaw) {
    case 'unterminated':
      return { payload: parts.join(''), contentType };
    case 'no boundary':
      return { payload: `${parts.join('')}--${BOUNDARY}--\r\n`, contentType: 'multipart/form-data' };
    case 'file':
      return {
        payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--${BOUNDARY}--\r\n`,
        contentType,
      };
    case 'json field':
      return {
        payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\nContent-Type: application/json\r\n\r\n{bad\r\n--${BOUNDARY}--\r\n`,
        contentType,
      };
    case 'garbage':
      return { payload: 'not multipart at all', contentType };
    default:
      return { payload: `${parts.join('')}--${BOUNDARY}--\r\n`, contentType };
  }
}

/** Bodies of every kind issue 7 lists, weighted towards well-formed ones so some reach the services. */
function bodyArbitrary(keys: fc.Arbitrary<string>): fc.Arbitrary<FuzzBody | undefined> {
  const fields = fc.array(fc.tuple(keys, hostileJson), { maxLength: 6 });
  // Built as text so keys may repeat and `__proto__` stays a key.
  const jsonObjectText = fields.map(
    (entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`,
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 8, arbitrary: fc.record({ payload: jsonObjectText, contentType: fc.constantFrom(...JSON_TYPES) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: hostileJson.map((value) => JSON.stringify(value) ?? 'null'),
        contentType: fc.constant('application/json'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ payload: fc.constantFrom(...INVALID_JSON), contentType: fc.constantFrom(...JSON_TYPES) }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(keys, fc.constantFrom(...INVALID_UTF8), fc.boolean()).map(([key, bytes, asJson]): FuzzBody =>
        asJson
          ? {
              payload: Buffer.concat([Buffer.from(`{${JSON.stringify(key)}:"a`), bytes, Buffer.from('b"}')]),
              contentType: 'application/json',
            }
          : { payload: Buffer.concat([Buffer.from(`${percentEncode(key)}=a`), bytes]), contentType: FORM_TYPES[0] },
      ),
    },
    { weight: 4, arbitrary: fc.record({ payload: formFields(keys), contentType: fc.constantFrom(...FORM_TYPES) }) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.array(fc.tuple(keys, hostileText), { maxLength: 5 }), fc.constantFrom(...MULTIPART_FLAWS))
        .map(([entries, flaw]) => multipart(entries, flaw)),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.oneof(hostileText, jsonObjectText),
        contentType: fc.constantFrom(...WRONG_TYPES),
      }),
    },
    { weight: 1, arbitrary: jsonObjectText.map((payload): FuzzBody => ({ payload })) },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.constant(''),
        contentType: fc.constantFrom(...JSON_TYPES, ...FORM_TYPES, `multipart/form-data; boundary=${BOUNDARY}`),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.constantFrom(BODY_UNDER_LIMIT, BODY_OVER_LIMIT),
        contentType: fc.constant('application/json'),
      }),
    },
  );
}

const ID_SEGMENTS = [
  '0',
  '00',
  '007',
  '99999999999999999999',
  '9'.repeat(400),
  '9'.repeat(501),
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '%00',
  '1%00',
  '%31',
  '１２',
  '١',
  '..',
  '%2e%2e',
  '',
];
const SLUG_SEGMENTS = [
  '%00',
  '..',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '%E0%A4%A',
  '%',
  '%zz',
  'x'.repeat(501),
  '%C3%A9',
  '-',
  '--',
  'a b',
  'a+b',
  '~',
  '.',
  '*',
];

/** A value for path parameter `pattern`: existing ids or slugs, edge numbers, garbage. */
function segmentArbitrary(pattern: string, seeded: Seeded): fc.Arbitrary<string> {
  const existing = pattern === '\\d+' ? seeded.ids.map(String) : seeded.slugs;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...existing) },
    { weight: 2, arbitrary: fc.constantFrom(...(pattern === '\\d+' ? ID_SEGMENTS : SLUG_SEGMENTS)) },
    { weight: 1, arbitrary: fc.nat(100_000).map(String) },
    { weight: 2, arbitrary: hostileText.map(percentEncode) },
  );
}

function requestArbitrary(
  indexPath: string,
  method: string,
  argNames: readonly string[],
  seeded: Seeded,
): fc.Arbitrary<FuzzRequest> {
  const segments: fc.Arbitrary<string>[] = [...indexPath.matchAll(PATH_PARAM)].map((match) =>
    segmentArbitrary(match[2]!, seeded),
  );
  const path = fc.tuple(...segments).map((values) => {
    let position = 0;
    return indexPath.replace(PATH_PARAM, () => values[position++]!);
  });
  // Mostly the route's own parameters, so values get past the names into validation and the services.
  const keys = fc.oneof(
    ...(argNames.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...argNames) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const writes = WRITE_METHODS.has(method);
  const body = writes ? bodyArbitrary(keys) : fc.option(bodyArbitrary(keys), { freq: 4, nil: undefined });
  return fc
    .record({
      caller: fc.constantFrom('anonymous' as const, 'administrator' as const),
      path,
      query: formFields(keys),
      body,
    })
    .map(({ caller, path, query, body }) => {
      const request: FuzzRequest = {
        caller,
        method,
        url: query === '' ? path : `${path}?${query}`,
        ...(body ? { body } : {}),
      };
      // fast-check prints counterexamples with this, not with the (possibly 1 MiB) object.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

// ---------------------------------------------------------------------------------------------
// Invariants

async function send(
  request: FuzzRequest,
): Promise<{ response: LightMyRequestResponse; elapsedMs: number; log: string[] }> {
  harness.errorLog.length = 0;
  const started = performance.now();
  const response = await harness.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: headersOf(request),
    ...(request.body ? { payload: request.body.payload } : {}),
  });
  return { response, elapsedMs: performance.now() - started, log: harness.errorLog.splice(0) };
}

/** Sends `request` and checks every invariant of the answer; a failure carries the reproduction and the server log. */
async function sendAndCheck(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const isWrite = WRITE_METHODS.has(request.method);
  const before = isWrite ? await snapshotDatabase(harness.storage) : undefined;
  const { response, elapsedMs, log } = await send(request);
  const status = response.statusCode;
  const failures = answerFailures(request.method, response);
  if (elapsedMs >= MAX_RESPONSE_MS) failures.push(`took ${Math.round(elapsedMs)} ms`);
  if (before && status >= 400) {
    const changed = changedTables(before, await snapshotDatabase(harness.storage));
    if (changed.length > 0) failures.push(`rejected write changed ${changed.join(', ')}`);
  }
  if (failures.length > 0) {
    assert.fail(
      `${failures.join('; ')}\n${describeRequest(request)}\n→ ${status} ${response.body.slice(0, 500)}${log.length > 0 ? `\nserver log: ${log.join('\n')}` : ''}`,
    );
  }
  return response;
}

/** What is wrong with an answer whatever the request: a 5xx, an error outside the envelope, a leak. */
function answerFailures(method: string, response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  const failures: string[] = [];
  if (status >= 500) failures.push(`status ${status}`);
  if (status >= 400 && method !== 'HEAD') failures.push(...envelopeFailures(response));
  for (const [what, pattern] of LEAKS)
    if (pattern.test(response.body)) failures.push(`body leaks ${what}: ${pattern.exec(response.body)![0]}`);
  return failures;
}

/** What is wrong with the `{code, message, data: {status}}` envelope of an error answer. */
function envelopeFailures(response: LightMyRequestResponse): string[] {
  let envelope: { code?: unknown; message?: unknown; data?: { status?: unknown } };
  try {
    envelope = JSON.parse(response.body);
  } catch {
    return ['error body is not JSON'];
  }
  const failures: string[] = [];
  if (typeof envelope.code !== 'string' || !KNOWN_CODES.has(envelope.code))
    failures.push(`unknown error code ${JSON.stringify(envelope.code)}`);
  if (typeof envelope.message !== 'string') failures.push('error without a message');
  if (envelope.data?.status !== response.statusCode)
    failures.push(`data.status ${JSON.stringify(envelope.data?.status)} is not the HTTP status`);
  return failures;
}

/** FNV-1a of the test's name: a fixed seed per route that does not move when routes are added. */
function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash | 0;
}

// ---------------------------------------------------------------------------------------------
// The properties

const routes = Object.entries(index.routes);
const sentPerRoute = new Map<string, number>();

/** One property: from the same seeded content, `numRuns` requests sent and checked. */
async function fuzz(
  t: TestContext,
  name: string,
  requests: (seeded: Seeded) => fc.Arbitrary<FuzzRequest>,
  numRuns: number,
): Promise<void> {
  await harness.resetContent();
  const seeded = await seedRecords();
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(requests(seeded), async (request) => {
      sent++;
      await sendAndCheck(request);
    }),
    { seed: seedOf(name), numRuns, includeErrorInReport: true },
  );
  sentPerRoute.set(name, sent);
  t.diagnostic(`${sent} requests sent`);
}

describe('fuzzing every route of the namespace index', () => {
  test('the index lists the routes to fuzz', () => {
    assert.ok(routes.length >= 10, `only ${routes.length} routes in the index`);
  });

  for (const [indexPath, route] of routes) {
    for (const endpoint of route.endpoints) {
      for (const method of endpoint.methods) {
        const name = `${method} ${indexPath}`;
        test(name, (t) =>
          fuzz(
            t,
            name,
            (seeded) => requestArbitrary(indexPath, method, Object.keys(endpoint.args), seeded),
            RUNS_PER_ROUTE,
          ),
        );
      }
    }
    const unserved = ALL_METHODS.filter((method) => !route.methods.includes(method));
    const argNames = [...new Set(route.endpoints.flatMap((endpoint) => Object.keys(endpoint.args)))];
    const name = `${unserved.join('/')} ${indexPath}`;
    test(name, (t) =>
      fuzz(
        t,
        name,
        (seeded) =>
          fc.constantFrom(...unserved).chain((method) => requestArbitrary(indexPath, method, argNames, seeded)),
        RUNS_PER_UNSERVED_PATH,
      ),
    );
  }

  test('totals', (t) => {
    t.diagnostic(
      `${[...sentPerRoute.values()].reduce((sum, count) => sum + count, 0)} fuzzed requests over ${sentPerRoute.size} route/method groups`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Deterministic cases

/** Collection routes (no path parameter) whose GET takes `search`. */
const searchableLists = routes
  .filter(
    ([indexPath, route]) =>
      !indexPath.includes('(?P<') &&
      route.endpoints.some((endpoint) => endpoint.methods.includes('GET') && 'search' in endpoint.args),
  )
  .map(([indexPath]) => indexPath);

/** Routes with a body-taking method, their path parameters naming the seeded record of the collection. */
function writeTargets(seeded: Seeded): { method: string; path: string }[] {
  return routes.flatMap(([indexPath, route]) => {
    const record = seeded.byCollection[indexPath.slice(API.length + 1).split('/')[0]!];
    const path = indexPath.replace(PATH_PARAM, (_match, _name, pattern: string) =>
      pattern === '\\d+' ? String(record?.id) : String(record?.slug),
    );
    return route.methods
      .filter((method) => method !== 'GET' && method !== 'DELETE')
      .map((method) => ({ method, path }));
  });
}

describe('limits of the collections', () => {
  test('there are searchable collections', () => {
    assert.ok(searchableLists.length >= 5, searchableLists.join(', '));
  });

  const SEARCHES: readonly [string, string][] = [
    ['one 10,000-letter word', 'a'.repeat(10_000)],
    ['10,000 characters of emoji and accents', '😀é'.repeat(3_334).slice(0, 10_000)],
    ['10,000 characters of SQL and HTML metacharacters', '%_\'"\\<>&;'.repeat(1_000)],
    ['10,000 characters of two-letter words', 'ab '.repeat(3_334).slice(0, 10_000)],
  ];
  for (const [what, search] of SEARCHES) {
    test(`a search of ${what} answers within ${MAX_SEARCH_MS} ms on every list route`, async () => {
      await seedRecords();
      for (const indexPath of searchableLists) {
        for (const caller of ['anonymous', 'administrator'] as const) {
          const request: FuzzRequest = { caller, method: 'GET', url: `${indexPath}?search=${percentEncode(search)}` };
          const started = performance.now();
          await sendAndCheck(request);
          const elapsedMs = performance.now() - started;
          assert.ok(elapsedMs < MAX_SEARCH_MS, `${indexPath} as ${caller} took ${Math.round(elapsedMs)} ms`);
        }
      }
    });
  }

  for (const query of ['per_page=1e9', 'page=1e9', 'per_page=1e9&page=1e9', 'per_page=1000000000&page=1000000000']) {
    test(`${query} is answered, never with more than ${MAX_PER_PAGE} records`, async () => {
      await seedRecords();
      for (const indexPath of searchableLists) {
        for (const caller of ['anonymous', 'administrator'] as const) {
          const response = await sendAndCheck({ caller, method: 'GET', url: `${indexPath}?${query}` });
          // The iCalendar feed is not paged (its cap is `limit`, tested in ical.test.ts); the JSON lists are.
          if (response.statusCode === 200 && String(response.headers['content-type']).startsWith('application/json')) {
            const records = Object.values(response.json<Record<string, unknown>>()).find(Array.isArray) ?? [];
            assert.ok(records.length <= MAX_PER_PAGE, `${indexPath}?${query}: ${records.length} records`);
          }
        }
      }
    });
  }
});

describe('bodies that attack the parser', () => {
  test('{"__proto__": …} in JSON, form and query pollutes nothing on any write route', async () => {
    const seeded = await seedRecords();
    const attacks: readonly FuzzBody[] = [
      { payload: '{"__proto__": {"x": 1}}', contentType: 'application/json' },
      { payload: '{"constructor": {"prototype": {"x": 1}}}', contentType: 'application/json' },
      { payload: '__proto__[x]=1&constructor[prototype][x]=1', contentType: 'application/x-www-form-urlencoded' },
    ];
    for (const { method, path } of writeTargets(seeded)) {
      for (const body of attacks) {
        await sendAndCheck({
          caller: 'administrator',
          method,
          url: `${path}?__proto__[x]=1&constructor[prototype][x]=1`,
          body,
        });
        assert.equal(({} as Record<string, unknown>).x, undefined, `${method} ${path} polluted Object.prototype`);
      }
    }
  });

  test(`a body over ${BODY_LIMIT} bytes is refused with 413 on every write route, one just under is read`, async () => {
    const seeded = await seedRecords();
    for (const { method, path } of writeTargets(seeded)) {
      const over = await sendAndCheck({
        caller: 'administrator',
        method,
        url: path,
        body: { payload: BODY_OVER_LIMIT, contentType: 'application/json' },
      });
      assert.equal(over.statusCode, 413, `${method} ${path}`);
      const under = await sendAndCheck({
        caller: 'administrator',
        method,
        url: path,
        body: { payload: BODY_UNDER_LIMIT, contentType: 'application/json' },
      });
      assert.notEqual(under.statusCode, 413, `${method} ${path}`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Credentials (issue 13): a fuzzer's bad Authorization headers must not lock the administrator out

describe('fuzzing credentials against the real login throttle', () => {
  const REQUESTS = 3_000;
  /** The fuzzer's address, which the administrator shares, as behind a company proxy. */
  const SHARED = '192.0.2.10';
  /** Where strangers guess, the administrator's password included. */
  const STRANGERS = ['192.0.2.66', '198.51.100.66'];
  const ADMIN_LOGIN = 'administrator';
  const OTHER_LOGINS = ROLE_NAMES.filter((role) => role !== ADMIN_LOGIN);
  const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

  interface CredentialRequest {
    readonly kind: string;
    readonly address: string;
    readonly authorization?: string;
    readonly method: 'GET' | 'POST';
    readonly url: string;
  }

  const loginText = fc.oneof(
    fc.constantFrom(...HOSTILE_TEXTS),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 300 }),
  );
  const adminVariant = fc.constantFrom('Administrator', 'ADMINISTRATOR', ' administrator', 'administrator\t');
  const malformed = fc.oneof(
    fc.constantFrom(
      'Basic',
      'Basic ',
      'Basic %%%',
      'Basic !!!',
      'Basic ====',
      'Basic YQ',
      'basic',
      'BASIC a',
      `Basic ${base64('no-colon')}`,
      `Basic ${base64(':no-login')}`,
      `Basic ${base64('\0:x')}`,
      `Basic ${'A'.repeat(8_000)}`,
    ),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => `Basic ${base64(bytes)}`),
    fc.string({ unit: fc.constantFrom(...'ABCabc019+/= :%'), maxLength: 40 }).map((token) => `Basic ${token}`),
  );
  const route = fc.constantFrom(
    { method: 'GET' as const, url: `${API}/tags` },
    { method: 'GET' as const, url: `${API}/events?per_page=1` },
    { method: 'POST' as const, url: `${API}/categories` },
  );
  const stranger = fc.constantFrom(...STRANGERS);
  const atShared = (kind: string, authorization?: string) => ({
    kind,
    address: SHARED,
    ...(authorization === undefined ? {} : { authorization }),
  });
  // Password checks cost a slow hash each; the throttle is what keeps their number (and this test's time) small.
  const credentials: fc.Arbitrary<Omit<CredentialRequest, 'method' | 'url'>> = fc.oneof(
    // At the shared address: the administrator at work, beside stale scripts, unknown logins and broken headers.
    {
      weight: 3,
      arbitrary: fc.constant(atShared('the administrator', basicAuth(ADMIN_LOGIN, `${ADMIN_LOGIN}-password`))),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...OTHER_LOGINS), loginText)
        .map(([login, password]) => atShared('a wrong password', basicAuth(login, password))),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(loginText, loginText)
        .map(([login, password]) => atShared('an unknown login', basicAuth(`fuzz-${login}`, password))),
    },
    { weight: 3, arbitrary: malformed.map((authorization) => atShared('a malformed header', authorization)) },
    { weight: 1, arbitrary: fc.constant(atShared('no credentials')) },
    // Elsewhere: guesses at the administrator's password, under its login or a spelling of it (at the
    // shared address they would rightly lock the administrator's login there), beside other users at work.
    {
      weight: 2,
      arbitrary: fc
        .tuple(stranger, fc.oneof(fc.constant(ADMIN_LOGIN), adminVariant), loginText)
        .map(([address, login, password]) => ({
          kind: 'an administrator guess',
          address,
          authorization: basicAuth(login, password),
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(stranger, fc.constantFrom(...OTHER_LOGINS))
        .map(([address, login]) => ({ kind: 'a user', address, authorization: basicAuth(login, `${login}-password`) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(stranger, malformed)
        .map(([address, authorization]) => ({ kind: 'a malformed header', address, authorization })),
    },
  );
  const requests = fc
    .tuple(credentials, route)
    .map(([credential, target]): CredentialRequest => ({ ...credential, ...target }));

  let t: TestApp;
  before(async () => {
    t = await createTestApp({ throttle: LOGIN_THROTTLE });
  });
  after(() => t.close());

  const send = (request: CredentialRequest) =>
    t.app.inject({
      method: request.method,
      url: request.url,
      remoteAddress: request.address,
      headers: request.authorization === undefined ? {} : { authorization: request.authorization },
      ...(request.method === 'POST' ? { payload: { name: 17 } } : {}),
    });

  test(`${REQUESTS} requests of valid, wrong and malformed credentials never lock out the administrator, nor answer 5xx`, async (context) => {
    const started = performance.now();
    const statuses = new Map<string, number>();
    const verifiedGuesses = new Map<string, number>();
    let sharedThrottled = false;
    for (const [position, request] of fc
      .sample(requests, { seed: seedOf('credentials'), numRuns: REQUESTS })
      .entries()) {
      const response = await send(request);
      const failures = answerFailures(request.method, response);
      // The administrator at the shared address is never refused, however much the fuzzer fails beside them.
      if (
        request.kind === 'the administrator' &&
        request.address === SHARED &&
        [401, 429].includes(response.statusCode)
      )
        failures.push('the administrator was refused');
      if (failures.length > 0)
        assert.fail(
          `request ${position} (${request.kind} from ${request.address}): ${failures.join('; ')}\n${JSON.stringify(request.authorization?.slice(0, 200))}\n→ ${response.statusCode} ${response.body.slice(0, 300)}`,
        );
      const key = `${request.kind} → ${response.statusCode}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (request.address === SHARED && response.statusCode === 429) sharedThrottled = true;
      if (request.kind === 'an administrator guess' && response.statusCode === 401)
        verifiedGuesses.set(request.address, (verifiedGuesses.get(request.address) ?? 0) + 1);
    }
    context.diagnostic(
      `${REQUESTS} requests in ${Math.round(performance.now() - started)} ms: ${[...statuses]
        .sort()
        .map(([key, count]) => `${key}: ${count}`)
        .join(', ')}`,
    );

    // Right afterwards, the administrator authenticates from the fuzzer's address.
    const admin = await t.request('administrator', 'GET', 'tags', undefined);
    assert.equal(admin.statusCode, 200, admin.body);
    const fromShared = await t.app.inject({
      method: 'GET',
      url: `${API}/tags`,
      remoteAddress: SHARED,
      headers: { authorization: basicAuth(ADMIN_LOGIN, `${ADMIN_LOGIN}-password`) },
    });
    assert.equal(fromShared.statusCode, 200, fromShared.body);
    assert.equal(fromShared.headers.allow, 'GET, POST');
    // And the throttle did stop the guessing: the shared address is throttled, and the strangers
    // had at most the allowed guesses at the administrator's password checked.
    assert.ok(sharedThrottled, 'the shared address was never throttled');
    for (const address of STRANGERS)
      assert.ok(
        (verifiedGuesses.get(address) ?? 0) <= LOGIN_THROTTLE.maxFailuresPerLogin,
        `${address}: ${verifiedGuesses.get(address)} guesses checked`,
      );
  });
});
