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
});
