import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { leastStallMs, MAX_EVENT_LOOP_STALL_MS } from '../fixtures/event-loop.ts';
import { picture } from '../fixtures/images.ts';

/*
 * Uploads beside everything else the process serves (issue 43 item 3): an upload's bytes are not
 * walked on the event loop.
 */

type Json = Record<string, unknown>;

const upload = (app: TestApp, bytes: Buffer, name: string) =>
  app.request('author', 'POST', 'media', bytes, { 'content-type': 'image/png', 'content-disposition': `attachment; filename=${name}` });

describe(`image uploads (${DIALECT})`, () => {
  test('an upload\'s bytes are not walked in the event loop', async () => {
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
});
