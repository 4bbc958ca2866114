import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

describe('health probes', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ withUsers: false });
  });
  after(() => t.close());

  test('GET /healthz answers ok without touching the database: it answers so with the database closed', async () => {
    const closed = await createTestApp({ withUsers: false });
    try {
      await closed.storage.close();
      const response = await closed.app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { status: 'ok' });
      // The database is indeed out of reach: the readiness probe, which does touch it, says so.
      assert.equal((await closed.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 503);
    } finally {
      await closed.close();
    }
  });

  test('GET /readyz checks the database', async () => {
    const response = await t.request('anonymous', 'GET', '/readyz');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok' });
  });

  test('GET /readyz is a 503 in the error envelope when the database is gone', async () => {
    const broken = await createTestApp({ withUsers: false });
    await broken.storage.close();
    const response = await broken.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(response.statusCode, 503);
    assert.equal(response.json().code, 'service_unavailable');
    assert.equal(response.json().data.status, 503);
    await broken.app.close();
  });
});
