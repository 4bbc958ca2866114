import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, basicAuth, createTestApp, type TestApp } from '../fixtures/app.ts';
import { sendUntilAnswered } from '../fixtures/early-answer.ts';

/*
 * Bodies bounded before they cost anything (issue 43 items 1, 2 and 6; decisions 0088 and 0089): a
 * caller the route's permission refuses is answered before the body is read; a multipart body is
 * bounded as a whole, per route; JSON nesting is bounded at parse time; the NUL check walks no
 * file's bytes and no recursion. Over a real socket where what matters is what the server did not
 * read, through `inject` otherwise.
 */

type Json = Record<string, unknown>;
const MiB = 1024 * 1024;
/** Small, so that an upload route's bound (the file limit plus 1 MiB for fields) is quick to pass. */
const MEDIA_MAX_BYTES = MiB;
const BOUNDARY = 'body-limits-boundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A multipart part's head; its bytes follow, then CRLF. */
const partHead = (name: string, options: { filename?: string; type?: string } = {}) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${options.filename ? `; filename="${options.filename}"` : ''}\r\n${options.type ? `Content-Type: ${options.type}\r\n` : ''}\r\n`,
  );
const CLOSING = Buffer.from(`--${BOUNDARY}--\r\n`);
const form = (parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) =>
  Buffer.concat([
    ...parts.flatMap((part) => [partHead(part.name, part), Buffer.from(part.value), Buffer.from('\r\n')]),
    CLOSING,
  ]);
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** An early answer's JSON body. */
const sendJson = async (
  base: string,
  url: string,
  headers: Record<string, string>,
  chunks: Iterable<Buffer>,
  holdAfter?: number,
) => {
  const answer = await sendUntilAnswered(`${base}${url}`, 'POST', headers, chunks, holdAfter);
  return { ...answer, body: JSON.parse(answer.text) as Json };
};

/** A multipart body of `count` fields of 1 MiB each, made as it is sent. */
function* megabyteFields(count: number): Iterable<Buffer> {
  const value = Buffer.alloc(MiB, 0x61);
  for (let index = 0; index < count; index++) yield* [partHead(`f${index}`), value, Buffer.from('\r\n')];
  yield CLOSING;
}

/** A 10 MB upload's multipart body, made as it is sent. */
function* tenMegabyteUpload(): Iterable<Buffer> {
  yield partHead('file', { filename: 'poster.png', type: 'image/png' });
  for (let index = 0; index < 10; index++) yield Buffer.alloc(1_000_000, 0x41);
  yield Buffer.from('\r\n');
  yield CLOSING;
}

describe('request bodies are bounded before they cost the server anything', () => {
  let app: TestApp;
  let base: string;

  before(async () => {
    app = await createTestApp({
      env: { CALENDAR_MEDIA_MAX_BYTES: String(MEDIA_MAX_BYTES), CALENDAR_COMMUNITY_SUBMISSIONS: '1' },
    });
    base = await app.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  describe('a caller the route refuses is answered before the body is read (decision 0089)', () => {
    test('an anonymous 10 MB upload is answered 401 while the client still holds most of it', async () => {
      const answer = await sendJson(base, `${API}/media`, MULTIPART, tenMegabyteUpload(), 64 * 1024);
      assert.equal(answer.status, 401);
      assert.equal(answer.body.code, 'rest_forbidden');
      assert.equal(answer.headers.connection, 'close');
      assert.ok(answer.sent < MiB, `sent ${answer.sent}`);
    });

    test('so is the raw form (an image/* body), and a role without upload_files gets 403', async () => {
      const raw = {
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename="a.png"',
        'content-length': String(10_000_000),
      };
      const chunks = function* () {
        for (let index = 0; index < 10; index++) yield Buffer.alloc(1_000_000, 0x41);
      };
      const anonymous = await sendJson(base, `${API}/media`, raw, chunks(), 64 * 1024);
      assert.equal(anonymous.status, 401);
      const contributor = await sendJson(
        base,
        `${API}/media`,
        { ...raw, authorization: basicAuth('contributor', 'contributor-password') },
        chunks(),
        64 * 1024,
      );
      assert.equal(contributor.status, 403);
      assert.equal(contributor.body.code, 'rest_forbidden');
    });

    test('a JSON body is not parsed for a refused caller: 401 even when it is not JSON at all', async () => {
      const response = await app.request('anonymous', 'POST', 'events', '{"title": [[[', {
        'content-type': 'application/json',
      });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json<Json>().code, 'rest_forbidden');
    });

    test('without a body the validators still come first, as in the original (wire-format 7.6)', async () => {
      const response = await app.request('anonymous', 'DELETE', 'categories/999999');
      assert.equal(response.statusCode, 400);
    });

    test('an anonymous upload streamed at full speed leaves the server answering others', async () => {
      const uploading = sendJson(base, `${API}/media`, MULTIPART, tenMegabyteUpload());
      const health = await fetch(`${base}/healthz`);
      assert.equal(health.status, 200);
      assert.equal((await uploading).status, 401);
    });
  });

  describe('a multipart body is bounded as a whole, per route (decision 0088)', () => {
    test('many fields of 1 MiB: 413 once the body passes 1 MiB, the rest never read', async () => {
      const author = { ...MULTIPART, authorization: basicAuth('author', 'author-password') };
      const answer = await sendJson(base, `${API}/events`, author, megabyteFields(600));
      assert.equal(answer.status, 413);
      assert.deepEqual(answer.body, {
        code: 'rest_payload_too_large',
        message: `The request body is larger than the allowed ${MiB} bytes.`,
        data: { status: 413 },
      });
      // The socket's buffers take some megabytes past the limit before the answer reaches the client; never the 600.
      assert.ok(answer.sent < 64 * MiB, `sent ${answer.sent}`);
    });

    test('a declared length past the limit is refused before any of the body is read', async () => {
      const answer = await sendJson(
        base,
        `${API}/events`,
        { ...MULTIPART, authorization: basicAuth('author', 'author-password'), 'content-length': String(600 * MiB) },
        megabyteFields(600),
        0,
      );
      assert.equal(answer.status, 413);
      assert.equal(answer.sent, 0);
    });

    test('an upload route allows its file limit and 1 MiB of fields; more is 413', async () => {
      const file = { name: 'file', value: Buffer.alloc(MEDIA_MAX_BYTES, 0x41), filename: 'a.png', type: 'image/png' };
      const fields = [
        { name: 'title', value: 'a'.repeat(MiB - 1024) },
        { name: 'alt_text', value: 'b'.repeat(MiB - 1024) },
      ];
      const response = await app.request('author', 'POST', 'media', form([...fields, file]), MULTIPART);
      assert.equal(response.statusCode, 413);
      assert.equal(response.json<Json>().code, 'rest_payload_too_large');
      assert.equal(
        response.json<Json>().message,
        `The request body is larger than the allowed ${MEDIA_MAX_BYTES + MiB} bytes.`,
      );
      // Within the bound the file itself is what is judged: these bytes are no image.
      const within = await app.request(
        'author',
        'POST',
        'media',
        form([{ name: 'title', value: 'Poster' }, file]),
        MULTIPART,
      );
      assert.equal(within.statusCode, 415);
    });

    test('the community form has the upload bound too, and answers it with a page', async () => {
      const parts = [
        { name: 'title', value: 'a'.repeat(MiB - 1024) },
        { name: 'description', value: 'b'.repeat(MiB - 1024) },
        { name: 'image', value: Buffer.alloc(MEDIA_MAX_BYTES, 0x41), filename: 'a.png', type: 'image/png' },
      ];
      const response = await app.app.inject({
        method: 'POST',
        url: '/events/community/add/',
        headers: { ...MULTIPART, origin: 'http://localhost:80' },
        payload: form(parts),
      });
      assert.equal(response.statusCode, 413);
      assert.match(String(response.headers['content-type']), /^text\/html/);
    });
  });

  describe('JSON nesting is bounded at parse time (decision 0088)', () => {
    const deep = {
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 1, json_error_message: 'Maximum stack depth exceeded' },
    };

    test('200,000 levels inside a field: 400, not a stack overflow', async () => {
      const started = performance.now();
      const response = await app.request('author', 'POST', 'events', `{"title":${nested(200_000)}}`, {
        'content-type': 'application/json',
      });
      assert.deepEqual([response.statusCode, response.json()], [400, deep]);
      assert.ok(performance.now() - started < 1000, 'answered well under a second');
    });

    test('a 1 MB [[[...]]] body: 400 at once', async () => {
      const started = performance.now();
      const response = await app.request('author', 'POST', 'events', nested(500_000), {
        'content-type': 'application/json',
      });
      assert.deepEqual([response.statusCode, response.json()], [400, deep]);
      assert.ok(performance.now() - started < 1000, 'answered well under a second');
    });

    test('512 levels are JSON as json_decode reads them, 513 are not; brackets inside strings do not count', async () => {
      const at = (levels: number) =>
        app.request('author', 'POST', 'events', `{"custom_fields":${nested(levels - 1)}}`, {
          'content-type': 'application/json',
        });
      assert.notEqual((await at(512)).json<Json>().code, 'rest_invalid_json');
      assert.deepEqual((await at(513)).json(), deep);
      // 900 brackets inside a string (a title within its 1,000 characters, decision 0100): not nesting.
      const title = `{"title":"${'['.repeat(450)}\\"${'{'.repeat(450)}","start_date":"2026-12-01 10:00:00","end_date":"2026-12-01 11:00:00"}`;
      const created = await app.request('author', 'POST', 'events', title, { 'content-type': 'application/json' });
      assert.equal(created.statusCode, 201, created.body);
    });

    test('a multipart field sent as application/json is held to the same depth', async () => {
      const response = await app.request(
        'author',
        'POST',
        'events',
        form([{ name: 'title', value: nested(200_000), type: 'application/json' }]),
        MULTIPART,
      );
      assert.deepEqual([response.statusCode, response.json()], [400, deep]);
    });
  });

  describe('the NUL check (issue 43 item 1)', () => {
    test('finds a NUL deep inside a field: 400 naming the field', async () => {
      const body = `{"title":${'['.repeat(400)}"a\\u0000"${']'.repeat(400)}}`;
      const response = await app.request('author', 'POST', 'events', body, { 'content-type': 'application/json' });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json<{ data: { params: Json } }>().data.params, {
        title: 'title contains a NUL character.',
      });
    });

    test("looks at an upload's name and fields, never into its bytes", async () => {
      const bytes = Buffer.alloc(MEDIA_MAX_BYTES, 0);
      const started = performance.now();
      const response = await app.request(
        'author',
        'POST',
        'media',
        form([{ name: 'file', value: bytes, filename: 'a.png', type: 'image/png' }]),
        MULTIPART,
      );
      // NUL bytes are an image's business: no image here, but no NUL complaint either.
      assert.equal(response.json<Json>().code, 'media_unsupported_type');
      assert.ok(performance.now() - started < 3000, 'the bytes were not walked one by one');
      const named = await app.request(
        'author',
        'POST',
        'media',
        form([
          { name: 'alt_text', value: 'a\u0000b' },
          { name: 'file', value: bytes, filename: 'a.png', type: 'image/png' },
        ]),
        MULTIPART,
      );
      assert.deepEqual(
        [named.statusCode, named.json<{ data: { params: Json } }>().data.params],
        [400, { alt_text: 'alt_text contains a NUL character.' }],
      );
    });
  });
});
