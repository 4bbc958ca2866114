import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ReadCache } from '../../src/http/read-cache.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Cached answers to anonymous reads (docs/decisions/0015-read-cache.md). A hit is detected by
 * changing the database behind the API's back (as another node's write would before its content
 * version is seen): the cached answer keeps the old text until the version or the second moves.
 * The clock is pinned so that "the same second" does not depend on how fast the machine is.
 */

const SECOND = 1_900_000_000_000;

describe(`read cache (${DIALECT})`, () => {
  let t: TestApp;
  let eventId: number;
  let clock = SECOND;
  before(async () => {
    t = await createTestApp({ clock: { now: () => new Date(clock) } });
    const created = await t.request('administrator', 'POST', 'events', { title: 'Cached Concert', start_date: '2031-05-01 20:00:00', end_date: '2031-05-01 22:00:00' });
    assert.equal(created.statusCode, 201, created.body);
    eventId = created.json().id;
  });
  after(async () => {
    await t.close();
  });
  // Each test starts in a second and a content version of its own.
  beforeEach(async () => {
    clock += 1000;
    await t.storage.write((tx) => t.storage.touchContent(tx, new Date()));
  });

  /** A write that bypasses the API: no new content version, as if not yet seen. */
  const renameBehindTheApi = (title: string) => t.storage.write((tx) => tx.updateTable('posts').set({ title }).where('id', '=', eventId).execute());
  const titleAs = async (as: 'anonymous' | 'administrator', url = `events/${eventId}`) => (await t.request(as, 'GET', url)).json().title;

  test('an anonymous read is answered from the cache within the second, and computed again once the content version moves', async () => {
    await renameBehindTheApi('First Title');
    assert.equal(await titleAs('anonymous'), 'First Title');
    await renameBehindTheApi('Second Title');
    assert.equal(await titleAs('anonymous'), 'First Title', 'the same second and version: the cached answer');
    await t.storage.write((tx) => t.storage.touchContent(tx, new Date()));
    assert.equal(await titleAs('anonymous'), 'Second Title', 'a new version (another node wrote): computed again');
  });

  test('a list that reads the clock (the date window) is computed again the next second; a single record is kept until the next write', async () => {
    const listUrl = 'events?start_date=2031-01-01&end_date=2032-01-01';
    await renameBehindTheApi('Before The Tick');
    const listed = async () => (await t.request('anonymous', 'GET', listUrl)).json().events[0].title;
    assert.equal(await listed(), 'Before The Tick');
    assert.equal(await titleAs('anonymous'), 'Before The Tick');
    await renameBehindTheApi('After The Tick');
    clock += 1000;
    assert.equal(await listed(), 'After The Tick');
    assert.equal(await titleAs('anonymous'), 'Before The Tick', 'a single event does not depend on the time');
    await t.storage.write((tx) => t.storage.touchContent(tx, new Date()));
    assert.equal(await titleAs('anonymous'), 'After The Tick');
  });

  test('a write through the API retires cached answers at once', async () => {
    await renameBehindTheApi('Listed Before');
    const listed = async () => (await t.request('anonymous', 'GET', 'events?start_date=2031-01-01&end_date=2032-01-01')).json().events.map((event: { title: string }) => event.title);
    assert.deepEqual(await listed(), ['Listed Before']);
    const patched = await t.request('administrator', 'PATCH', `events/${eventId}`, { title: 'Listed After' });
    assert.equal(patched.statusCode, 200);
    assert.deepEqual(await listed(), ['Listed After']);
    assert.equal(await titleAs('anonymous'), 'Listed After');
  });

  test('a hit answers with the same bytes and headers as the computed answer, ETag and 304 included', async () => {
    const computed = await t.request('anonymous', 'GET', 'events?start_date=2031-01-01&end_date=2032-01-01');
    const hit = await t.request('anonymous', 'GET', 'events?start_date=2031-01-01&end_date=2032-01-01');
    assert.equal(hit.body, computed.body);
    for (const header of ['content-type', 'x-wp-total', 'x-wp-totalpages', 'content-language', 'allow', 'link']) assert.equal(hit.headers[header], computed.headers[header], header);
    const single = await t.request('anonymous', 'GET', `events/${eventId}`);
    const again = await t.request('anonymous', 'GET', `events/${eventId}`, undefined, { 'if-none-match': String(single.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.headers.etag, single.headers.etag);
  });

  test('authenticated reads are never cached', async () => {
    await renameBehindTheApi('Editor Sees One');
    assert.equal(await titleAs('administrator'), 'Editor Sees One');
    await renameBehindTheApi('Editor Sees Two');
    assert.equal(await titleAs('administrator'), 'Editor Sees Two');
  });

  test('the key holds the host and the language form: each gets its own URLs', async () => {
    const onHost = async (host: string) => (await t.request('anonymous', 'GET', `events/${eventId}`, undefined, { host })).json().rest_url;
    assert.match(await onHost('calendar.example.org'), /^http:\/\/calendar\.example\.org\//);
    assert.match(await onHost('other.example.net'), /^http:\/\/other\.example\.net\//);
    const bySegment = (await t.request('anonymous', 'GET', `/fr/calendar/events/v1/events/${eventId}`)).json();
    const byParameter = (await t.request('anonymous', 'GET', `events/${eventId}?translation_language=fr`)).json();
    assert.match(bySegment.rest_url, /\/fr\/calendar\/events\/v1\//);
    assert.match(byParameter.rest_url, /translation_language=fr/);
  });

  test('errors are not cached: a record that appears is found in the same second', async () => {
    const missing = await t.request('anonymous', 'GET', 'categories/4242');
    assert.equal(missing.statusCode, 400);
    await t.storage.write((tx) => tx.insertInto('terms').values({ id: 4242, taxonomy: 'category', name: 'Appeared', slug: 'appeared', description: '', parent_id: 0, term_group: 0, language: 'en', created_at: '2026-11-22 00:00:00' }).execute());
    assert.equal((await t.request('anonymous', 'GET', 'categories/4242')).statusCode, 200);
  });
});

describe(`read cache turned off (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_READ_CACHE_MB: '0' } });
  });
  after(() => t.close());

  test('with CALENDAR_READ_CACHE_MB=0 every read is computed', async () => {
    const created = await t.request('administrator', 'POST', 'tags', { name: 'Uncached' });
    const id = created.json().id;
    assert.equal((await t.request('anonymous', 'GET', `tags/${id}`)).json().name, 'Uncached');
    await t.storage.write((tx) => tx.updateTable('terms').set({ name: 'Changed Behind' }).where('id', '=', id).execute());
    assert.equal((await t.request('anonymous', 'GET', `tags/${id}`)).json().name, 'Changed Behind');
  });
});

describe('ReadCache', () => {
  const answer = (payload: string) => ({ status: 200, headers: {}, payload });

  test('keeps the most recently used answers within its byte budget', () => {
    const cache = new ReadCache(100);
    cache.set('a', answer('x'.repeat(30)));
    cache.set('b', answer('y'.repeat(30)));
    assert.ok(cache.get('a'), 'a is now the most recently used');
    cache.set('c', answer('z'.repeat(30)));
    assert.equal(cache.size, 3);
    cache.set('d', answer('w'.repeat(30)));
    assert.equal(cache.get('b'), undefined, 'the least recently used goes first');
    assert.ok(cache.get('a'));
    assert.ok(cache.get('d'));
  });

  test('an answer larger than the whole budget is not kept, and replacing an entry does not count it twice', () => {
    const cache = new ReadCache(50);
    cache.set('huge', answer('x'.repeat(60)));
    assert.equal(cache.size, 0);
    cache.set('k', answer('a'.repeat(40)));
    cache.set('k', answer('b'.repeat(40)));
    assert.equal(cache.get('k')?.payload, 'b'.repeat(40));
    assert.equal(cache.size, 1);
  });

  test('keys hold the version, the second, the origin, the URL and the representation', () => {
    const base = { contentVersion: 7, second: 100, origin: 'http://a.example', url: '/calendar/events/v1/events' };
    const keys = new Set([
      ReadCache.key(base),
      ReadCache.key({ ...base, contentVersion: 8 }),
      ReadCache.key({ ...base, second: 101 }),
      ReadCache.key({ ...base, origin: 'https://a.example' }),
      ReadCache.key({ ...base, url: '/fr/calendar/events/v1/events' }),
      ReadCache.key({ ...base, representation: 'ld+json' }),
    ]);
    assert.equal(keys.size, 6);
  });
});
