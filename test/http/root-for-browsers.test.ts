import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

/*
 * The bare `/` of a default install (issue 44, decision 0098): a browser is sent to the calendar;
 * API clients (a wildcard or JSON in Accept) and every WordPress path keep the REST index.
 */

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const get = (url: string, accept?: string) =>
  t.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

test('a browser asking for / is sent to the calendar', async () => {
  const answer = await get('/', BROWSER);
  assert.equal(answer.statusCode, 303);
  assert.equal(answer.headers.location, '/events/');
  assert.equal(answer.headers.vary, 'Accept');
});

test('API clients keep the REST index at /, and /wp-json/ and ?rest_route=/ are the index for browsers too', async () => {
  for (const [url, accept] of [
    ['/', undefined],
    ['/', '*/*'],
    ['/', 'application/json'],
    ['/', 'application/json, text/html'],
    ['/wp-json/', BROWSER],
    ['/?rest_route=/', BROWSER],
  ] as const) {
    const answer = await get(url, accept);
    assert.equal(answer.statusCode, 200, `${url} with ${accept}`);
    assert.ok(Array.isArray(answer.json().namespaces), `${url} with ${accept}`);
  }
});
