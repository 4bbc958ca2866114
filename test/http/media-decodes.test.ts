import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Role } from '../../src/auth/roles.ts';
import { basicAuth, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { leastStallMs, MAX_EVENT_LOOP_STALL_MS } from '../fixtures/event-loop.ts';
import { claimedPng, form, heavyPng, picture } from '../fixtures/images.ts';
import { until } from '../fixtures/wait.ts';

// test:quick skips this file: it decodes large images (test/quick.ts).

/*
 * Images decoded in bounded turns (issue 43 item 3, decision 0090): large decodes leave libuv's
 * threads to file serving and password checks; the waiting places are bounded (429 media_busy
 * with Retry-After), a visitor's image takes at most half of them and has a lower pixel limit,
 * read from its header before any turn; the request's deadline still answers 503 and leaves
 * nothing behind.
 */

type Json = Record<string, unknown>;
const ORIGIN = 'http://localhost:80';
const PROPOSAL = { title: 'Big Picture Night', start_date: '2026-12-12', start_time: '14:00', end_time: '17:00' };
/** More large uploads at once than libuv has threads (4). */
const UPLOADS = 5;

const upload = (app: TestApp, bytes: Buffer, name: string, as: Role = 'author') =>
  app.request(as, 'POST', 'media', bytes, {
    'content-type': 'image/png',
    'content-disposition': `attachment; filename=${name}`,
  });
/** A community submission with an image, multipart as a browser sends the form. */
const submit = (app: TestApp, bytes: Buffer, fields: Record<string, string> = PROPOSAL) => {
  const { payload, headers } = form([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: bytes, filename: 'picture.png', type: 'image/png' },
  ]);
  return app.app.inject({
    method: 'POST',
    url: '/events/community/add/',
    headers: { ...headers, origin: ORIGIN },
    payload,
  });
};
const storedRows = (app: TestApp) => app.storage.read((tx) => tx.selectFrom('media').select('id').execute());
const storedFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
    : 0;

describe(`image decoding in bounded turns (${DIALECT})`, () => {
  /** 7000 × 7000 pixels of 16 bits a channel in some 430 KiB, as in the issue. */
  let heavy: Buffer;
  before(async () => {
    heavy = await heavyPng(7000, 7000);
  });

  test('while large images are decoded, an uploaded file, /healthz and a password check are answered at once', async () => {
    const app = await createTestApp({
      env: { CALENDAR_MEDIA_DECODE_CONCURRENCY: '1', CALENDAR_REQUEST_TIMEOUT: '600' },
    });
    try {
      const file = new URL((await upload(app, await picture(64, 64, 'png'), 'small.png')).json<{ url: string }>().url)
        .pathname;
      const { password } = await app.users.createAppPassword('author', 'probe');
      // One large image on its own: how long its upload takes on this machine, busy as it is now.
      const started = performance.now();
      assert.equal((await upload(app, heavy, 'alone.png')).statusCode, 201);
      const alone = performance.now() - started;
      let mostAtOnce = 0;
      const sampler = setInterval(() => (mostAtOnce = Math.max(mostAtOnce, sharp.counters().process)), 10);
      let answered = 0;
      try {
        const uploads = Array.from({ length: UPLOADS }, (_, index) =>
          upload(app, heavy, `heavy-${index}.png`).finally(() => answered++),
        );
        await until('an image is being decoded', () => sharp.counters().process > 0);
        const timed = async (name: string, request: Promise<{ statusCode: number }>) => {
          const sent = performance.now();
          const { statusCode } = await request;
          return { name, statusCode, ms: performance.now() - sent, answered };
        };
        const probes = await Promise.all([
          timed('the file', app.app.inject({ method: 'GET', url: file })),
          timed('/healthz', app.app.inject({ method: 'GET', url: '/healthz' })),
          timed(
            'the password check',
            app.app.inject({
              method: 'GET',
              url: '/wp/v2/users/me',
              headers: { authorization: basicAuth('author', password) },
            }),
          ),
        ]);
        for (const probe of probes) {
          assert.equal(probe.statusCode, 200, probe.name);
          assert.ok(probe.answered < UPLOADS, `${probe.name} was answered only once every image was`);
          // Before: the file and the password check waited for decodes to give a thread back, longer than one image takes alone.
          assert.ok(
            probe.ms < alone,
            `${probe.name} took ${Math.round(probe.ms)} ms, more than one large image alone (${Math.round(alone)} ms)`,
          );
        }
        for (const response of await Promise.all(uploads)) assert.equal(response.statusCode, 201, response.body);
      } finally {
        clearInterval(sampler);
      }
      assert.equal(mostAtOnce, 1, 'one image at a time (CALENDAR_MEDIA_DECODE_CONCURRENCY)');
    } finally {
      await app.close();
    }
  });

  test("the waiting places are bounded: past them 429 media_busy with Retry-After; a visitor takes at most half, and a visitor's image over its pixel limit is refused from its header", async () => {
    const app = await createTestApp({
      env: {
        CALENDAR_COMMUNITY_SUBMISSIONS: 'true',
        CALENDAR_MEDIA_DECODE_CONCURRENCY: '1',
        CALENDAR_MEDIA_DECODE_QUEUE: '2',
        CALENDAR_REQUEST_TIMEOUT: '600',
      },
    });
    try {
      const { turns } = app.services.media.files;
      const small = await picture(200, 150, 'png');
      // The one turn taken, as a long decode takes it, until the test lets go.
      let letGo!: () => void;
      const holding = turns.run(() => new Promise<void>((resolve) => (letGo = resolve)));
      const visitor = submit(app, small, { ...PROPOSAL, title: 'Waiting Visitor' });
      await until('the visitor waits', () => turns.load.waiting === 1);
      // A second visitor finds the visitors' half taken: the form again, its input kept, with a 429 and Retry-After.
      const busyVisitor = await submit(app, small, { ...PROPOSAL, title: 'Second Visitor' });
      assert.equal(busyVisitor.statusCode, 429);
      assert.match(String(busyVisitor.headers['retry-after']), /^[1-9]\d*$/);
      assert.match(
        busyVisitor.body,
        /<span class="field-error" id="image-error">Too many images are being processed; try again in \d+ seconds\.<\/span>/,
      );
      assert.match(busyVisitor.body, /value="Second Visitor"/);
      // An image over a visitor's pixel limit is refused from its header, without a turn.
      const tooMany = await submit(app, await claimedPng(5000, 4000), { ...PROPOSAL, title: 'Huge Visitor' });
      assert.equal(tooMany.statusCode, 400);
      assert.match(tooMany.body, /more than the allowed 16777216\./);
      // A user's upload still finds the other place; past it, the API's 429.
      const second = upload(app, small, 'second.png');
      await until('the second upload waits', () => turns.load.waiting === 2);
      const busy = await upload(app, small, 'third.png');
      const retryAfter = String(busy.headers['retry-after']);
      assert.match(retryAfter, /^[1-9]\d*$/);
      assert.deepEqual(
        [busy.statusCode, busy.json()],
        [
          429,
          {
            code: 'media_busy',
            message: `Too many images are being processed; try again in ${retryAfter} seconds.`,
            data: { status: 429 },
          },
        ],
      );
      letGo();
      await holding;
      assert.deepEqual(
        (await Promise.all([visitor, second])).map((response) => response.statusCode),
        [303, 201],
      );
      assert.equal((await storedRows(app)).length, 2, 'the refused left no record');
      const pending = (await app.request('editor', 'GET', 'events?status=pending'))
        .json<{ events: Json[] }>()
        .events.map((event) => event.title);
      assert.deepEqual(pending, ['Waiting Visitor']);
    } finally {
      await app.close();
    }
  });

  test('an upload past the places of the images in flight is refused with 429 media_busy before its body is read; a place given back serves the next', async () => {
    const app = await createTestApp({
      env: {
        CALENDAR_COMMUNITY_SUBMISSIONS: 'true',
        CALENDAR_MEDIA_DECODE_CONCURRENCY: '1',
        CALENDAR_MEDIA_DECODE_QUEUE: '2',
      },
    });
    try {
      const small = await picture(200, 150, 'png');
      // Three uploads being received, waiting or decoding: the one turn and the two waiting places.
      const places = [
        app.services.media.reservePlace('user'),
        app.services.media.reservePlace('user'),
        app.services.media.reservePlace('user'),
      ];
      const busy = await upload(app, small, 'fourth.png');
      assert.deepEqual([busy.statusCode, busy.json<Json>().code], [429, 'media_busy']);
      assert.match(String(busy.headers['retry-after']), /^[1-9]\d*$/);
      // A visitor's form is refused the same way (its page, with the status and Retry-After).
      const visitor = await submit(app, small, { ...PROPOSAL, title: 'Crowded Visitor' });
      assert.equal(visitor.statusCode, 429);
      assert.match(String(visitor.headers['retry-after']), /^[1-9]\d*$/);
      assert.deepEqual(await storedRows(app), []);
      places.forEach((giveBack) => giveBack());
      // Each answered upload gave its place back: more uploads than places, one after the other, are all stored.
      for (const name of ['a.png', 'b.png', 'c.png', 'd.png'])
        assert.equal((await upload(app, small, name)).statusCode, 201);
      assert.equal((await storedRows(app)).length, 4);
    } finally {
      await app.close();
    }
  });

  test("a visitor's image may have 4096 × 4096 pixels (CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS): more is a 400 from its header, before any decoding", async () => {
    const app = await createTestApp({ env: { CALENDAR_COMMUNITY_SUBMISSIONS: 'true' } });
    try {
      // A header claiming 5000 × 4000 pixels over 8 × 8 of them: decoding it would fail (media_unreadable).
      const claimed = await claimedPng(5000, 4000);
      const refused = await submit(app, claimed, { ...PROPOSAL, title: 'Huge Visitor' });
      assert.equal(refused.statusCode, 400);
      assert.match(
        refused.body,
        /<span class="field-error" id="image-error">The image is 5000 × 4000 pixels, more than the allowed 16777216\.<\/span>/,
      );
      assert.deepEqual(await storedRows(app), []);
      assert.deepEqual(
        (await app.request('editor', 'GET', 'events?status=pending')).json<{ events: Json[] }>().events,
        [],
      );
      // A user's limit is CALENDAR_MEDIA_MAX_PIXELS: the same header passes, and the bytes behind it do not decode.
      const user = await upload(app, claimed, 'claimed.png');
      assert.deepEqual([user.statusCode, user.json<Json>().code], [400, 'media_unreadable']);
    } finally {
      await app.close();
    }
  });

  test("an upload's bytes are not walked in the event loop", async () => {
    const app = await createTestApp();
    try {
      // 8 MiB behind a PNG signature: refused as unreadable, after the checks every request's parameters pass (NUL characters).
      const bytes = Buffer.concat([(await picture(8, 8, 'png')).subarray(0, 8), Buffer.alloc(8 * 1024 * 1024, 7)]);
      const { result, stallMs } = await leastStallMs(() => upload(app, bytes, 'noise.png'));
      assert.deepEqual([result.statusCode, result.json<Json>().code], [400, 'media_unreadable']);
      assert.ok(stallMs <= MAX_EVENT_LOOP_STALL_MS, `the upload stalled the event loop ${stallMs} ms`);
    } finally {
      await app.close();
    }
  });

  test('the request deadline: an upload waiting for its turn past it, or decoded past it, answers 503 request_timeout and leaves nothing', async () => {
    const app = await createTestApp({
      env: { CALENDAR_MEDIA_DECODE_CONCURRENCY: '1', CALENDAR_REQUEST_TIMEOUT: '0.5' },
    });
    try {
      const { turns } = app.services.media.files;
      // The turn taken, as a long decode takes it, until the test lets go.
      let letGo!: () => void;
      const holding = turns.run(() => new Promise<void>((resolve) => (letGo = resolve)));
      const waiting = upload(app, await picture(200, 150, 'png'), 'waiting.png');
      await until('the upload waits for its turn', () => turns.load.waiting === 1);
      const waited = await waiting;
      assert.deepEqual([waited.statusCode, waited.json<Json>().code], [503, 'request_timeout']);
      await until('it left the line', () => turns.load.waiting === 0);
      letGo();
      await holding;
      // A large image cannot be decoded in half a second: libvips stops at the deadline, and nothing is kept.
      const decoded = await upload(app, heavy, 'decoded.png');
      assert.deepEqual([decoded.statusCode, decoded.json<Json>().code], [503, 'request_timeout']);
      await until('the decode gave its turn back', () => turns.load.running === 0, 60_000);
      assert.deepEqual(await storedRows(app), []);
      assert.equal(storedFiles(app.config.media.dir), 0);
    } finally {
      await app.close();
    }
  });
});
