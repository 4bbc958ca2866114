import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LOGIN_THROTTLE } from '../../src/auth/login-throttle.ts';
import { API, DIALECT } from '../fixtures/app.ts';
import {
  AbuseServer,
  answerBeforeBody,
  AS,
  assertAnswers,
  assertWithinBounds,
  headersOf,
  isClientError,
  MB,
  multipart,
  refusedOrReset,
  send,
  sendRaw,
  summary,
  type Caller,
} from '../fixtures/abuse.ts';

/*
 * Hostile requests (issue 43, items 2, 6, 8 and 13; decision 0096), each as an anonymous caller
 * and as an author, at a server behind one trusted proxy hop (CALENDAR_TRUST_PROXY=1): multipart
 * bodies of many 1 MiB fields, deeply nested JSON, X-Forwarded-For written by the client to
 * escape login throttling, and Host headers no URL can be built on.
 */

const CALLERS = ['anonymous', 'author'] as const satisfies readonly Caller[];
/** A refused body is read no further than the 1 MiB body limit, so refusing a few costs next to nothing. */
const REFUSED_BODY_GROWTH_MB = 64;
/** Bodies sent at once per caller. */
const PARALLEL_BODIES = 8;

/** A multipart body of `count` text fields of 1 MiB each (the field size multipart accepts). */
const manyFields = (count: number) =>
  multipart(Array.from({ length: count }, (_, index) => [`field${index}`, 'x'.repeat(MB)] as const));

/** The issue's nested bodies: a 1 MB `[[[...]]]`, and a title nested 200 000 levels deep. */
const NESTED_BODIES = {
  'a 1 MB [[[...]]] body': `${'['.repeat(500_000)}${']'.repeat(500_000)}`,
  'a title nested 200000 levels': `{"title":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
} as const;

/**
 * Host headers no URL can be built on (a space, a port out of range or not a number, an unclosed
 * IPv6 bracket, two ports, a path, markup, a control character, nothing), sent as written: each
 * must get 400.
 */
const BAD_HOSTS = [
  'exa mple.org',
  'example.org:99999',
  'example.org:http',
  '[::1',
  'example.org:80:80',
  'example.org/x',
  '<script>',
  'example.org\x01',
  '',
];

describe(`abuse: hostile requests (${DIALECT})`, () => {
  let server: AbuseServer;

  before(async () => {
    server = await AbuseServer.start({ CALENDAR_TRUST_PROXY: '1' });
  });
  after(() => server?.close());

  test('a multipart body of many 1 MiB fields to POST /events is refused at once: 413 for an author, a 4xx for anonymous callers, before the rest is sent', async () => {
    const { body, contentType } = manyFields(64);
    for (const caller of CALLERS) {
      const answer = await answerBeforeBody(server.url(`${API}/events`), {
        method: 'POST',
        headers: headersOf(caller, { 'content-type': contentType }),
        declaredBytes: body.length,
        prefix: body.subarray(0, 3 * MB),
      });
      if (caller === 'author') assert.equal(answer.status, 413, `author: ${answer.error ?? answer.body}`);
      // Refused before its body is read (decision 0089), the connection closes: the client may see the reset before the 4xx.
      else
        assert.ok(refusedOrReset(isClientError)(answer), `anonymous: ${answer.status} ${answer.error ?? answer.body}`);
    }
  });

  test(`${PARALLEL_BODIES} multipart bodies of sixteen 1 MiB fields at once per caller: refused, the server responsive, its memory bounded`, async (t) => {
    const { body, contentType } = manyFields(16);
    const measured = await server.underAttack(
      () =>
        Promise.all(
          CALLERS.flatMap((caller) =>
            Array.from({ length: PARALLEL_BODIES }, async () => ({
              caller,
              ...(await send(server.url(`${API}/events`), {
                method: 'POST',
                headers: headersOf(caller, { 'content-type': contentType }),
                body,
              })),
            })),
          ),
        ),
      (answers) => {
        assertAnswers(
          answers.filter((answer) => answer.caller === 'author'),
          { answer: refusedOrReset((status) => status === 413) },
          '413',
        );
        assertAnswers(answers, { answer: refusedOrReset(isClientError) }, 'a 4xx');
      },
    );
    t.diagnostic(summary('multipart of many 1 MiB fields', measured));
    assertWithinBounds(measured, REFUSED_BODY_GROWTH_MB);
  });

  for (const [name, json] of Object.entries(NESTED_BODIES)) {
    test(`deeply nested JSON, ${name}, ${PARALLEL_BODIES} at once per caller and namespace: a 4xx, never a 5xx; the server responsive`, async (t) => {
      const measured = await server.underAttack(
        () =>
          Promise.all(
            CALLERS.flatMap((caller) =>
              [API, '/tribe/events/v1'].flatMap((namespace) =>
                Array.from({ length: PARALLEL_BODIES / 2 }, () =>
                  send(server.url(`${namespace}/events`), {
                    method: 'POST',
                    headers: headersOf(caller, { 'content-type': 'application/json' }),
                    body: json,
                  }),
                ),
              ),
            ),
          ),
        (answers) => assertAnswers(answers, { answer: refusedOrReset(isClientError) }, 'a 4xx'),
      );
      t.diagnostic(summary(`nested JSON: ${name}`, measured));
      assertWithinBounds(measured, REFUSED_BODY_GROWTH_MB);
    });
  }

  test(`X-Forwarded-For written by the client does not escape login throttling: after ${LOGIN_THROTTLE.maxFailuresPerLogin} failures the right password is refused 429 from that client`, async (t) => {
    // The trusted proxy (one hop) appends the address it saw; the attacker writes whatever it likes to the left of it, and in headers no proxy vouches for.
    const attacker = '203.0.113.43';
    const attempt = (spoofed: string, password: string, client = attacker) =>
      send(server.url(`${API}/events?status=draft`), {
        headers: {
          authorization: `Basic ${Buffer.from(`author:${password}`).toString('base64')}`,
          'x-forwarded-for': `${spoofed}, ${client}`,
          'x-real-ip': spoofed,
          forwarded: `for=${spoofed}`,
        },
      });
    const measured = await server.underAttack(
      async () => {
        const guesses = [];
        for (let guess = 0; guess < LOGIN_THROTTLE.maxFailuresPerLogin; guess++)
          guesses.push(await attempt(`198.51.100.${guess}`, `wrong-${guess}`));
        return { guesses, right: await attempt('198.51.100.200', 'author-password') };
      },
      ({ guesses, right }) => {
        assertAnswers(guesses, (status) => status === 401 || status === 429, '401 or 429');
        assert.equal(right.status, 429, `the right password from the throttled client: ${right.body}`);
      },
    );
    t.diagnostic(summary('spoofed X-Forwarded-For', measured));
    assert.equal(
      (await attempt('198.51.100.201', 'author-password', '203.0.113.44')).status,
      200,
      'another client behind the proxy is not throttled',
    );
    assertWithinBounds(measured, REFUSED_BODY_GROWTH_MB);
  });

  test('a Host header no URL can be built on gets 400, never a 5xx: the API, a page and a write, anonymous and as an author, as Host and as X-Forwarded-Host', async (t) => {
    // A published event, whose links (its `global_id`, its page's) are built on the host.
    const event = await send(server.url(`${API}/events`), {
      method: 'POST',
      headers: headersOf('editor', { 'content-type': 'application/json' }),
      body: JSON.stringify({
        title: 'Host party',
        status: 'publish',
        start_date: '2027-02-01 10:00:00',
        end_date: '2027-02-01 11:00:00',
      }),
    });
    assert.equal(event.status, 201, event.body);
    const requests = BAD_HOSTS.flatMap((host) =>
      CALLERS.flatMap((caller) => {
        const authorization = AS[caller] === undefined ? '' : `\r\nAuthorization: ${AS[caller]}`;
        return [
          {
            what: `GET ${API}/events, Host ${JSON.stringify(host)}, ${caller}`,
            head: `GET ${API}/events HTTP/1.1\r\nHost: ${host}${authorization}`,
          },
          {
            what: `GET /events/, Host ${JSON.stringify(host)}, ${caller}`,
            head: `GET /events/ HTTP/1.1\r\nHost: ${host}${authorization}`,
          },
          {
            what: `POST ${API}/events, Host ${JSON.stringify(host)}, ${caller}`,
            head: `POST ${API}/events HTTP/1.1\r\nHost: ${host}${authorization}\r\nContent-Type: application/json\r\nContent-Length: 2`,
            body: '{}',
          },
          // An empty X-Forwarded-Host is no host at all: the Host header's is used.
          ...(host === ''
            ? []
            : [
                {
                  what: `GET ${API}/events, X-Forwarded-Host ${JSON.stringify(host)}, ${caller}`,
                  head: `GET ${API}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Host: ${host}${authorization}`,
                },
              ]),
        ];
      }),
    );
    const measured = await server.underAttack(
      () =>
        Promise.all(
          requests.map(async (request) => ({
            what: request.what,
            ...(await sendRaw(server.server.port, request.head, request.body)),
          })),
        ),
      (answers) =>
        assert.deepEqual(
          answers.filter((answer) => answer.status !== 400).map((answer) => `${answer.what}: ${answer.status}`),
          [],
          'every bad Host is answered 400',
        ),
    );
    t.diagnostic(summary('bad Host headers', measured));
    assertWithinBounds(measured, REFUSED_BODY_GROWTH_MB);
  });
});
