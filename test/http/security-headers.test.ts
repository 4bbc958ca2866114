import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createTestApp, DIALECT } from '../fixtures/app.ts';

/*
 * Security headers of every answer (decision 0023): Referrer-Policy and nosniff always,
 * Strict-Transport-Security only when the request came over https, which behind a proxy only a
 * trusted X-Forwarded-Proto can say.
 */

describe(`security headers (${DIALECT})`, () => {
  test('over http: Referrer-Policy and nosniff, no Strict-Transport-Security; a proxy that is not trusted cannot claim https', async () => {
    const t = await createTestApp({ withUsers: false });
    try {
      for (const url of ['categories', 'no-such-route', '/healthz']) {
        const answer = await t.request('anonymous', 'GET', url);
        assert.equal(answer.headers['referrer-policy'], 'same-origin', url);
        assert.equal(answer.headers['x-content-type-options'], 'nosniff', url);
        assert.equal(answer.headers['strict-transport-security'], undefined, url);
      }
      const claimed = await t.request('anonymous', 'GET', 'categories', undefined, { 'x-forwarded-proto': 'https' });
      assert.equal(claimed.headers['strict-transport-security'], undefined);
    } finally {
      await t.close();
    }
  });

  test('over https through a trusted proxy: Strict-Transport-Security, on errors too', async () => {
    const t = await createTestApp({ withUsers: false, env: { CALENDAR_TRUST_PROXY: 'true' } });
    try {
      for (const url of ['categories', 'no-such-route']) {
        const answer = await t.request('anonymous', 'GET', url, undefined, { 'x-forwarded-proto': 'https' });
        assert.equal(answer.headers['strict-transport-security'], 'max-age=31536000', url);
        assert.equal(answer.headers['referrer-policy'], 'same-origin', url);
      }
      const plain = await t.request('anonymous', 'GET', 'categories', undefined, { 'x-forwarded-proto': 'http' });
      assert.equal(plain.headers['strict-transport-security'], undefined);
    } finally {
      await t.close();
    }
  });

  test('X-Frame-Options: DENY wherever framing is refused, SAMEORIGIN on the embed framed by its own site, none where other origins may frame it', async () => {
    const own = await createTestApp({ withUsers: false });
    const others = await createTestApp({
      withUsers: false,
      env: { CALENDAR_EMBED_ANCESTORS: 'self https://news.example.com' },
    });
    const none = await createTestApp({ withUsers: false, env: { CALENDAR_EMBED_ANCESTORS: 'none' } });
    try {
      for (const t of [own, others, none]) {
        for (const url of [
          'categories',
          'no-such-route',
          '/healthz',
          '/events/',
          '/events/list/',
          '/admin/',
          '/sign-in/',
          '/no-such-page/',
        ]) {
          const answer = await t.request('anonymous', 'GET', url);
          assert.equal(answer.headers['x-frame-options'], 'DENY', `${url} ${answer.statusCode}`);
        }
      }
      const embed = (t: typeof own) => t.request('anonymous', 'GET', '/events/embed/');
      assert.equal((await embed(own)).headers['x-frame-options'], 'SAMEORIGIN');
      assert.equal((await embed(others)).headers['x-frame-options'], undefined);
      assert.match(
        String((await embed(others)).headers['content-security-policy']),
        /frame-ancestors 'self' https:\/\/news\.example\.com/,
      );
      assert.equal((await embed(none)).headers['x-frame-options'], 'DENY');
    } finally {
      await own.close();
      await others.close();
      await none.close();
    }
  });

  test('a Host no URL can be built on gets 400 in the envelope, on the API and on the pages, never 500', async () => {
    const t = await createTestApp({ env: { CALENDAR_TRUST_PROXY: '1' } });
    try {
      // A published event: building its `global_id` and its page's links is where a bad host failed.
      const created = await t.request('administrator', 'POST', 'events', {
        title: 'Host',
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 11:00:00',
        status: 'publish',
      });
      assert.equal(created.statusCode, 201);
      const slug = created.json<{ slug: string }>().slug;
      for (const headers of <Record<string, string>[]>[
        { host: 'exa mple' },
        { host: '[::1' },
        { host: 'a:b:c' },
        { host: 'example.com/x' },
        { 'x-forwarded-host': 'exa mple' },
      ]) {
        for (const url of [
          'events',
          `events/by-slug/${slug}`,
          '/events/',
          '/events/embed/',
          `/event/${slug}/`,
          '/no-such-page/',
        ]) {
          const answer = await t.request('anonymous', 'GET', url, undefined, headers);
          assert.equal(answer.statusCode, 400, `${JSON.stringify(headers)} ${url}: ${answer.body.slice(0, 200)}`);
          assert.deepEqual(answer.json(), {
            code: 'rest_bad_request',
            message: 'The request could not be understood: the Host header is not a valid host name and port',
            data: { status: 400 },
          });
        }
      }
      for (const host of ['example.com', 'example.com:8080', '127.0.0.1:3000', '[::1]:8080', 'localhost']) {
        const answer = await t.request('anonymous', 'GET', 'events', undefined, { host });
        assert.equal(answer.statusCode, 200, host);
      }
    } finally {
      await t.close();
    }
  });
});
