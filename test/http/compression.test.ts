import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { after, before, describe, test } from 'node:test';
import { compressRoutes, negotiateEncoding } from '../../src/http/compression.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Compressed answers (issue 34, decision 0063): brotli or gzip as `Accept-Encoding` prefers, `Vary`
 * on every compressible answer, an `ETag` per encoding that `If-None-Match` compares, nothing
 * compressed below the threshold or twice, and the read cache's hits compressed once.
 */

const decode = (response: LightMyRequestResponse): string => {
  const encoding = response.headers['content-encoding'];
  const raw = response.rawPayload;
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  assert.equal(encoding, undefined, `an encoding the client did not ask for: ${String(encoding)}`);
  return raw.toString();
};

describe(`compression (${DIALECT})`, () => {
  let t: TestApp;
  let eventId: number;
  let categoryId: number;
  before(async () => {
    t = await createTestApp();
    categoryId = (await t.request('administrator', 'POST', 'categories', { name: 'Zipped' })).json().id;
    for (let n = 0; n < 6; n++) {
      const created = await t.request('administrator', 'POST', 'events', {
        title: `Compressed Concert ${n}`,
        description: 'A long enough description to make the archive larger than a kilobyte. '.repeat(4),
        start_date: `2031-05-0${n + 1} 20:00:00`,
        end_date: `2031-05-0${n + 1} 22:00:00`,
        categories: [categoryId],
        status: 'publish',
      });
      assert.equal(created.statusCode, 201, created.body);
      eventId = created.json().id;
    }
  });
  after(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, as: 'anonymous' | 'administrator' = 'anonymous') =>
    t.request(as, 'GET', url, undefined, headers);
  const ARCHIVE = 'events?start_date=2031-05-01&end_date=2031-05-31';

  test('Accept-Encoding picks the coding: brotli before gzip on equal quality, q-values, identity and none', () => {
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['', undefined],
      ['identity', undefined],
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip;q=0.8, br;q=0.9', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'],
      ['*;q=0', undefined],
      ['x-gzip', 'gzip'],
      ['gzip;q=0.5, identity', undefined],
      ['deflate', undefined],
      ['BR', 'br'],
      ['br;q=zero, gzip;q=0.1', 'gzip'],
      ['*, br;q=0', 'gzip'],
    ];
    for (const [header, expected] of cases)
      assert.equal(negotiateEncoding(header), expected, `Accept-Encoding: ${String(header)}`);
  });

  test('a JSON archive goes as brotli or gzip as asked, the same JSON once decoded, and as it is without the header', async () => {
    const plain = await get(ARCHIVE, {}, 'administrator');
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(
      plain.rawPayload.length >= 1024,
      `the archive is ${plain.rawPayload.length} bytes, too small for this test`,
    );
    for (const [header, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, br', 'br'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await get(ARCHIVE, { 'accept-encoding': header }, 'administrator');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], encoding, header);
      assert.equal(decode(response), plain.body, header);
      assert.equal(
        Number(response.headers['content-length']),
        response.rawPayload.length,
        `${header}: Content-Length is of the bytes sent`,
      );
      assert.match(String(response.headers.vary), /\bAccept-Encoding\b/, header);
      if (encoding !== undefined)
        assert.ok(
          response.rawPayload.length < plain.rawPayload.length / 2,
          `${header}: ${response.rawPayload.length} bytes against ${plain.rawPayload.length}`,
        );
    }
  });

  test('a record has an ETag per encoding, and If-None-Match answers 304 only for the representation the client holds', async () => {
    const url = `events/${eventId}`;
    const identity = await get(url);
    const br = await get(url, { 'accept-encoding': 'br' });
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    assert.equal(br.headers['content-encoding'], 'br');
    const tag = String(identity.headers.etag);
    assert.equal(br.headers.etag, `${tag.slice(0, -1)}-br"`);
    assert.equal(gzip.headers.etag, `${tag.slice(0, -1)}-gzip"`);
    const held = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    assert.equal(held.statusCode, 304);
    assert.equal(held.headers.etag, br.headers.etag);
    assert.match(String(held.headers.vary), /\bAccept-Encoding\b/, 'a 304 varies as the 200 does');
    assert.equal(held.rawPayload.length, 0);
    assert.equal(
      (await get(url, { 'accept-encoding': 'br', 'if-none-match': `W/${String(br.headers.etag)}` })).statusCode,
      304,
      'weak comparison',
    );
    const other = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
    assert.equal(other.statusCode, 200, 'the brotli tag is not the gzip representation');
    assert.equal(other.headers['content-encoding'], 'gzip');
    assert.equal(
      (await get(url, { 'accept-encoding': 'br', 'if-none-match': tag })).statusCode,
      200,
      'the identity tag is not the brotli representation',
    );
    assert.equal((await get(url, { 'if-none-match': tag })).statusCode, 304);
    // If-Match compares the record's version: any representation's tag of it will do.
    const patched = await t.request(
      'administrator',
      'PATCH',
      url,
      { title: 'Compressed Concert renamed' },
      { 'if-match': String(br.headers.etag) },
    );
    assert.equal(patched.statusCode, 200, patched.body);
  });

  test('answers under the threshold are not compressed but still say Vary', async () => {
    const small = await get(`categories/${categoryId}`, { 'accept-encoding': 'br, gzip' });
    assert.equal(small.statusCode, 200);
    assert.ok(small.rawPayload.length < 1024, `${small.rawPayload.length} bytes`);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.match(String(small.headers.vary), /\bAccept-Encoding\b/);
  });

  test('a cached answer is compressed once per encoding: a hit sends the bytes of the miss', async (context) => {
    const url = 'events?start_date=2031-05-02&end_date=2031-05-30';
    const brotli = context.mock.method(zlib, 'brotliCompressSync');
    const miss = await get(url, { 'accept-encoding': 'br' });
    const hit = await get(url, { 'accept-encoding': 'br' });
    const again = await get(url, { 'accept-encoding': 'br' });
    assert.equal(miss.headers['content-encoding'], 'br');
    assert.deepEqual(hit.rawPayload, miss.rawPayload);
    assert.deepEqual(again.rawPayload, miss.rawPayload);
    assert.equal(brotli.mock.callCount(), 1, 'the hits reuse the compressed bytes of the miss');
    const identity = await get(url);
    assert.equal(decode(hit), identity.body, 'a hit decoded is the identity answer');
    const gzipHit = await get(url, { 'accept-encoding': 'gzip' });
    assert.equal(decode(gzipHit), identity.body);
  });

  test('HEAD answers the headers of the compressed GET, compressed once', async () => {
    const url = `events/${eventId}`;
    const getAnswer = await get(url, { 'accept-encoding': 'br' });
    const head = await t.request('anonymous', 'HEAD', url, undefined, { 'accept-encoding': 'br' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-encoding'], 'br');
    assert.equal(head.headers['content-length'], getAnswer.headers['content-length']);
    assert.equal(head.headers.etag, getAnswer.headers.etag);
    assert.equal(head.rawPayload.length, 0);
    assert.equal(
      JSON.parse(zlib.brotliDecompressSync(getAnswer.rawPayload).toString()).id,
      eventId,
      'decoded once, it is the record',
    );
  });

  test('the public pages, the OpenAPI document and the iCalendar feed are compressed too', async () => {
    const page = await get('/events/', { 'accept-encoding': 'br' });
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['content-encoding'], 'br');
    assert.match(decode(page), /^<!DOCTYPE html>/);
    assert.match(String(page.headers.vary), /^Authorization, Cookie, Accept-Encoding$/);
    const pageTag = String(page.headers.etag);
    assert.match(pageTag, /-br"$/);
    assert.equal((await get('/events/', { 'accept-encoding': 'br', 'if-none-match': pageTag })).statusCode, 304);
    assert.equal((await get('/events/', { 'accept-encoding': 'gzip', 'if-none-match': pageTag })).statusCode, 200);

    const doc = await get('doc', { 'accept-encoding': 'gzip' });
    assert.equal(doc.headers['content-encoding'], 'gzip');
    assert.ok(JSON.parse(decode(doc)).openapi);

    const feed = await get('events.ics?start_date=2031-05-01&end_date=2031-05-31', { 'accept-encoding': 'gzip' });
    assert.equal(feed.statusCode, 200);
    assert.equal(feed.headers['content-encoding'], 'gzip');
    assert.equal(feed.headers['content-length'], undefined, 'a stream has no length known ahead');
    assert.match(decode(feed), /^BEGIN:VCALENDAR[\s\S]*Compressed Concert 1[\s\S]*END:VCALENDAR\r\n$/);
    const feedTag = String(feed.headers.etag);
    assert.match(feedTag, /-gzip"$/);
    assert.equal(
      (
        await get('events.ics?start_date=2031-05-01&end_date=2031-05-31', {
          'accept-encoding': 'gzip',
          'if-none-match': feedTag,
        })
      ).statusCode,
      304,
    );
    // A stream's own settings (decision 0136): either coding gives back the identity answer's bytes.
    const csv = await get(ARCHIVE, { accept: 'text/csv' });
    assert.equal(csv.headers['content-encoding'], undefined);
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = await get(ARCHIVE, { accept: 'text/csv', 'accept-encoding': encoding });
      assert.equal(compressed.headers['content-encoding'], encoding);
      assert.ok(compressed.rawPayload.length < csv.rawPayload.length, `${encoding} makes fewer bytes`);
      assert.equal(decode(compressed), csv.body);
    }
    const head = await t.request(
      'anonymous',
      'HEAD',
      'events.ics?start_date=2031-05-01&end_date=2031-05-31',
      undefined,
      { 'accept-encoding': 'gzip' },
    );
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-encoding'], 'gzip', 'a HEAD says what the GET sends');
    assert.equal(head.headers.etag, feedTag);
    assert.equal(head.rawPayload.length, 0);
  });

  test('_envelope: the envelope is compressed as a whole and holds the identity tag', async () => {
    const plain = await get(`events/${eventId}?_envelope`);
    const response = await get(`events/${eventId}?_envelope`, { 'accept-encoding': 'br' });
    assert.equal(response.headers['content-encoding'], 'br');
    assert.equal(decode(response), plain.body);
    assert.doesNotMatch(JSON.parse(decode(response)).headers.ETag, /-br"$/);
  });

  test('images and other incompressible types go as they are', async () => {
    const app = Fastify();
    compressRoutes(app);
    const png = Buffer.alloc(4096, 7);
    app.get('/image', async (_request, reply) => reply.type('image/png').send(png));
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(4096)));
    try {
      const image = await app.inject({ url: '/image', headers: { 'accept-encoding': 'br' } });
      assert.equal(image.headers['content-encoding'], undefined);
      assert.equal(image.headers.vary, undefined);
      assert.deepEqual(image.rawPayload, png);
      const text = await app.inject({ url: '/text', headers: { 'accept-encoding': 'gzip' } });
      assert.equal(text.headers['content-encoding'], 'gzip');
      assert.equal(zlib.gunzipSync(text.rawPayload).toString(), 'x'.repeat(4096));
    } finally {
      await app.close();
    }
  });
});
