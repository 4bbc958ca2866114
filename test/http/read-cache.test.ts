import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ReadCache, SharedVersionReads } from '../../src/http/read-cache.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Cached answers to anonymous reads (docs/decisions/0015-read-cache.md, 0033-read-cache-by-record.md).
 * A hit is detected by changing the database behind the API's back and erasing what the triggers
 * recorded of it (content_changes): the cached answer keeps the old text until a change it depends
 * on, an unknown change or (for what reads the clock) the time moves it.
 * The clock is pinned so that "the same second" does not depend on how fast the machine is.
 */

const SECOND = 1_900_000_000_000;

describe(`read cache (${DIALECT})`, () => {
  let t: TestApp;
  let eventId: number;
  let clock = SECOND;
  before(async () => {
    // The record cache (decision 0080) off: an answer computed again must read the records again, as this suite's changes behind the API tell.
    t = await createTestApp({ clock: { now: () => new Date(clock) }, env: { CALENDAR_RECORD_CACHE_MB: '0' } });
    const created = await t.request('administrator', 'POST', 'events', {
      title: 'Cached Concert',
      start_date: '2031-05-01 20:00:00',
      end_date: '2031-05-01 22:00:00',
    });
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

  /** A write that bypasses the API and leaves no trace of what it changed: no new content version, no tags. */
  const renameBehindTheApi = (title: string, id = eventId) =>
    t.storage.write(async (tx) => {
      await tx.updateTable('posts').set({ title }).where('id', '=', id).execute();
      // The unit's own tags: version 0 on SQLite, its server process's negated id on PostgreSQL (decision 0081).
      await tx.deleteFrom('content_changes').where('version', '<=', 0).execute();
    });
  /** A new content version that names none of what changed (a bulk load's, or one pruned away). */
  const unknownChange = () => t.storage.write((tx) => t.storage.touchContent(tx, new Date()));
  const titleAs = async (as: 'anonymous' | 'administrator', url = `events/${eventId}`) =>
    (await t.request(as, 'GET', url)).json().title;

  test('an anonymous read is answered from the cache, and computed again after a change it cannot tell apart', async () => {
    await renameBehindTheApi('First Title');
    assert.equal(await titleAs('anonymous'), 'First Title');
    await renameBehindTheApi('Second Title');
    assert.equal(
      await titleAs('anonymous'),
      'First Title',
      'nothing it shows changed as far as the cache knows: the cached answer',
    );
    await unknownChange();
    assert.equal(await titleAs('anonymous'), 'Second Title', 'a version whose changes are unknown: computed again');
  });

  test("a public page takes the API's read path (issue 45): kept in the read cache with its ETag, computed again after a change", async () => {
    const slug: string = (await t.request('administrator', 'GET', `events/${eventId}`)).json().slug;
    const eventPage = (headers: Record<string, string> = {}) =>
      t.request('anonymous', 'GET', `/event/${slug}/`, undefined, headers);
    await renameBehindTheApi('Paged Title');
    const first = await eventPage();
    assert.equal(first.statusCode, 200);
    assert.ok(first.body.includes('Paged Title'));
    await renameBehindTheApi('Hidden Title');
    const hit = await eventPage();
    assert.ok(
      hit.body.includes('Paged Title') && !hit.body.includes('Hidden Title'),
      'nothing changed as far as the cache knows: the cached page',
    );
    assert.equal(hit.headers.etag, first.headers.etag);
    assert.equal((await eventPage({ 'if-none-match': String(first.headers.etag) })).statusCode, 304);
    await unknownChange();
    const computed = await eventPage();
    assert.ok(computed.body.includes('Hidden Title'), 'a version whose changes are unknown: computed again');
    assert.notEqual(computed.headers.etag, first.headers.etag);
  });

  test('an archive is kept for what it reads of the clock: fixed dates across seconds, the default window for the day, a relative time for the second', async () => {
    const titles = async (url: string) =>
      (await t.request('anonymous', 'GET', url)).json().events.map((event: { title: string }) => event.title);
    const fixed = 'events?start_date=2031-01-01&end_date=2032-01-01';
    const relative = 'events?strict_dates=true&ends_after=now';
    const byDefault = 'events';
    await renameBehindTheApi('Before The Tick');
    for (const url of [fixed, relative, byDefault]) assert.deepEqual(await titles(url), ['Before The Tick'], url);
    assert.equal(await titleAs('anonymous'), 'Before The Tick');
    await renameBehindTheApi('After The Tick');
    clock += 1000;
    assert.deepEqual(await titles(fixed), ['Before The Tick'], 'fixed dates do not depend on the time');
    assert.deepEqual(await titles(byDefault), ['Before The Tick'], 'the default window is the same all day');
    assert.deepEqual(await titles(relative), ['After The Tick'], '"now" is another instant the next second');
    assert.equal(await titleAs('anonymous'), 'Before The Tick', 'a single event does not depend on the time');
    clock += 86_400_000;
    assert.deepEqual(await titles(byDefault), ['After The Tick'], 'the next day the default window has moved');
  });

  test('a write retires the answers that show what it changed, and only those', async () => {
    const other = await t.request('administrator', 'POST', 'events', {
      title: 'Other Event',
      start_date: '2033-05-01 20:00:00',
      end_date: '2033-05-01 22:00:00',
    });
    const otherId: number = other.json().id;
    const ourYear = 'events?start_date=2031-01-01&end_date=2032-01-01';
    const otherYear = 'events?start_date=2033-01-01&end_date=2034-01-01';
    const firstTitle = async (url: string) => (await t.request('anonymous', 'GET', url)).json().events[0].title;
    await renameBehindTheApi('Ours Cached');
    await renameBehindTheApi('Other Cached', otherId);
    assert.equal(await titleAs('anonymous'), 'Ours Cached');
    assert.equal(await titleAs('anonymous', `events/${otherId}`), 'Other Cached');
    assert.equal(await firstTitle(ourYear), 'Ours Cached');
    assert.equal(await firstTitle(otherYear), 'Other Cached');
    await renameBehindTheApi('Other Unseen', otherId);
    const patched = await t.request('administrator', 'PATCH', `events/${eventId}`, { title: 'Ours Patched' });
    assert.equal(patched.statusCode, 200);
    assert.equal(await titleAs('anonymous'), 'Ours Patched');
    assert.equal(await firstTitle(ourYear), 'Ours Patched', 'the archive listing the patched event');
    assert.equal(
      await titleAs('anonymous', `events/${otherId}`),
      'Other Cached',
      'another event: still the cached answer',
    );
    assert.equal(
      await firstTitle(otherYear),
      'Other Cached',
      'an archive without the patched event: still the cached answer',
    );
    const deleted = await t.request('administrator', 'DELETE', `events/${otherId}?force=true`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.equal(
      (await t.request('anonymous', 'GET', otherYear)).json().total,
      0,
      'a deletion changes the archive that listed it',
    );
  });

  test("an event answer is retired by changes of its venue, its organizers and its terms' counts; a search by every title change", async () => {
    const category = (await t.request('administrator', 'POST', 'categories', { name: 'Retiring' })).json().id;
    const venue = (await t.request('administrator', 'POST', 'venues', { venue: 'Old Hall' })).json().id;
    const organizer = (await t.request('administrator', 'POST', 'organizers', { organizer: 'Old Name' })).json().id;
    const event = await t.request('administrator', 'POST', 'events', {
      title: 'Linked',
      start_date: '2034-05-01 20:00:00',
      end_date: '2034-05-01 22:00:00',
      venue,
      organizer: [organizer],
      categories: [category],
    });
    const id: number = event.json().id;
    const read = async () => (await t.request('anonymous', 'GET', `events/${id}`)).json();
    assert.equal((await read()).venue.venue, 'Old Hall');
    await t.request('administrator', 'PATCH', `venues/${venue}`, { venue: 'New Hall' });
    assert.equal((await read()).venue.venue, 'New Hall');
    await t.request('administrator', 'PATCH', `organizers/${organizer}`, { organizer: 'New Name' });
    assert.equal((await read()).organizer[0].organizer, 'New Name');
    assert.equal((await read()).categories[0].count, 1);
    await t.request('administrator', 'POST', 'events', {
      title: 'Sibling',
      start_date: '2034-06-01 20:00:00',
      end_date: '2034-06-01 22:00:00',
      categories: [category],
    });
    assert.equal((await read()).categories[0].count, 2, 'another event filed under its category');
    const found = async () =>
      (await t.request('anonymous', 'GET', 'events?search=Zanzibar&start_date=2030-01-01&end_date=2040-01-01')).json()
        .total;
    assert.equal(await found(), 0);
    await t.request('administrator', 'PATCH', `events/${id}`, { title: 'Zanzibar Night' });
    assert.equal(await found(), 1, 'a search lists what a title change makes match');
  });

  test('a write through the API retires cached answers at once', async () => {
    await renameBehindTheApi('Listed Before');
    const listed = async () =>
      (await t.request('anonymous', 'GET', 'events?start_date=2031-01-01&end_date=2032-01-01'))
        .json()
        .events.map((event: { title: string }) => event.title);
    assert.deepEqual(await listed(), ['Listed Before']);
    const patched = await t.request('administrator', 'PATCH', `events/${eventId}`, { title: 'Listed After' });
    assert.equal(patched.statusCode, 200);
    assert.deepEqual(await listed(), ['Listed After']);
    assert.equal(await titleAs('anonymous'), 'Listed After');
  });

  test('a hit answers with the same bytes and headers as the computed answer, to GET and HEAD, ETag and 304 included', async () => {
    const headersOf = (answer: { headers: Record<string, unknown> }) =>
      Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'x-request-id' && name !== 'date'));
    // A single record, a term archive and the event archive (keyed by its date bounds).
    for (const url of [
      `events/${eventId}`,
      'categories?hide_empty=false',
      'events?start_date=2031-01-01&end_date=2032-01-01',
    ]) {
      for (const headers of [{}, { origin: 'https://app.example.org' }, { 'accept-language': 'fr' }] as Record<
        string,
        string
      >[]) {
        const label = `${url} ${JSON.stringify(headers)}`;
        await unknownChange();
        const computed = await t.request('anonymous', 'GET', url, undefined, headers);
        const hit = await t.request('anonymous', 'GET', url, undefined, headers);
        assert.equal(computed.statusCode, 200, label);
        assert.equal(hit.statusCode, 200, label);
        assert.deepEqual(hit.rawPayload, computed.rawPayload, label);
        assert.deepEqual(headersOf(hit), headersOf(computed), label);
        const head = await t.request('anonymous', 'HEAD', url, undefined, headers);
        assert.equal(head.statusCode, 200, label);
        assert.equal(head.body, '', label);
        assert.deepEqual(headersOf(head), headersOf(computed), `HEAD ${label}`);
      }
    }
    const single = await t.request('anonymous', 'GET', `events/${eventId}`);
    assert.equal((await t.request('anonymous', 'GET', `events/${eventId}`)).headers.etag, single.headers.etag);
    const again = await t.request('anonymous', 'GET', `events/${eventId}`, undefined, {
      'if-none-match': String(single.headers.etag),
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.headers.etag, single.headers.etag);
  });

  test('a hit of text beyond Latin-1, kept as its bytes, is the computed answer byte for byte, under `_envelope` and `_fields` too', async () => {
    const created = await t.request('administrator', 'POST', 'events', {
      title: 'Café — 東京 🎻',
      description: '<p>Ünïcode – “quoted”</p>',
      start_date: '2031-06-01 20:00:00',
      end_date: '2031-06-01 22:00:00',
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().id;
    for (const url of [
      `events/${id}`,
      `events/${id}?_envelope`,
      `events/${id}?_fields=title,id`,
      'events?start_date=2031-06-01&end_date=2031-06-02',
      'events?start_date=2031-06-01&end_date=2031-06-02&_envelope=1',
    ]) {
      const computed = await t.request('anonymous', 'GET', url);
      const hit = await t.request('anonymous', 'GET', url);
      assert.equal(computed.statusCode, 200, url);
      assert.ok(computed.rawPayload.toString().includes('東京'), url);
      assert.deepEqual(hit.rawPayload, computed.rawPayload, url);
      for (const header of ['content-type', 'content-length', 'etag'])
        assert.equal(hit.headers[header], computed.headers[header], `${url}: ${header}`);
    }
    assert.equal(
      (await t.request('anonymous', 'GET', `events/${id}?_envelope`)).json().status,
      200,
      'the hit is enveloped',
    );
  });
  test('authenticated reads are never cached', async () => {
    await renameBehindTheApi('Editor Sees One');
    assert.equal(await titleAs('administrator'), 'Editor Sees One');
    await renameBehindTheApi('Editor Sees Two');
    assert.equal(await titleAs('administrator'), 'Editor Sees Two');
  });

  test('the key holds the host and the language form: each gets its own URLs', async () => {
    const onHost = async (host: string) =>
      (await t.request('anonymous', 'GET', `events/${eventId}`, undefined, { host })).json().rest_url;
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
    await t.storage.write((tx) =>
      tx
        .insertInto('terms')
        .values({
          id: 4242,
          taxonomy: 'category',
          name: 'Appeared',
          slug: 'appeared',
          description: '',
          parent_id: 0,
          term_group: 0,
          language: 'en',
          created_at: '2026-11-22 00:00:00',
        })
        .execute(),
    );
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
    await t.storage.write((tx) =>
      tx.updateTable('terms').set({ name: 'Changed Behind' }).where('id', '=', id).execute(),
    );
    assert.equal((await t.request('anonymous', 'GET', `tags/${id}`)).json().name, 'Changed Behind');
  });
});

describe('ReadCache', () => {
  const answer = (payload: string) => ({ status: 200, headers: {}, payload: Buffer.from(payload) });

  /** A content source at `version`, whose versions after 1 changed what `changes` says (by version). */
  const source = (version: number, changes: Record<number, string[]> = {}) => ({
    contentVersion: async () => version,
    contentChanges: async (after: number, through: number) =>
      new Map(
        Object.entries(changes)
          .map(([at, tags]) => [Number(at), tags] as const)
          .filter(([at]) => at > after && at <= through),
      ),
  });
  /** A cache brought to version 1, where `set` keeps answers. */
  const cacheAtOne = async (maxBytes: number) => {
    const cache = new ReadCache(maxBytes);
    await cache.refresh(source(1));
    return cache;
  };
  const set = (cache: ReadCache, key: string, payload: string, tags: string[] | 'everything' = [], version = 1) =>
    cache.set(key, answer(payload), tags, version);

  test('keeps the most recently used answers within its byte budget', async () => {
    const cache = await cacheAtOne(100);
    set(cache, 'a', 'x'.repeat(30));
    set(cache, 'b', 'y'.repeat(30));
    assert.ok(cache.get('a'), 'a is now the most recently used');
    set(cache, 'c', 'z'.repeat(30));
    assert.equal(cache.size, 3);
    set(cache, 'd', 'w'.repeat(30));
    assert.equal(cache.get('b'), undefined, 'the least recently used goes first');
    assert.ok(cache.get('a'));
    assert.ok(cache.get('d'));
  });

  test('an answer larger than the whole budget is not kept, and replacing an entry does not count it twice', async () => {
    const cache = await cacheAtOne(50);
    set(cache, 'huge', 'x'.repeat(60));
    assert.equal(cache.size, 0);
    set(cache, 'k', 'a'.repeat(40));
    set(cache, 'k', 'b'.repeat(40));
    assert.equal(cache.get('k')?.payload.toString(), 'b'.repeat(40));
    assert.equal(cache.size, 1);
  });

  test('keys hold the time read, the origin, the URL and the representation', () => {
    const base = { time: '100', origin: 'http://a.example', url: '/calendar/events/v1/events' };
    const keys = new Set([
      ReadCache.key(base),
      ReadCache.key({ ...base, time: '101' }),
      ReadCache.key({ ...base, origin: 'https://a.example' }),
      ReadCache.key({ ...base, url: '/fr/calendar/events/v1/events' }),
      ReadCache.key({ ...base, representation: 'ld+json' }),
    ]);
    assert.equal(keys.size, 5);
  });

  test('a new version drops the entries carrying one of its tags and those depending on everything, and keeps the rest', async () => {
    const cache = await cacheAtOne(1000);
    set(cache, 'event 5', 'a', ['post:5', 'term:2']);
    set(cache, 'event 6', 'b', ['post:6']);
    set(cache, 'archive', 'c', ['list:event', 'post:5', 'post:6']);
    set(cache, 'page', 'd', 'everything');
    await cache.refresh(source(3, { 2: ['term:2'], 3: ['post:9'] }));
    assert.equal(cache.get('event 5'), undefined);
    assert.equal(cache.get('page'), undefined);
    assert.ok(cache.get('event 6'));
    assert.ok(cache.get('archive'));
    await cache.refresh(source(4, { 4: ['list:event'] }));
    assert.equal(cache.get('archive'), undefined);
    assert.ok(cache.get('event 6'));
  });

  test('a version whose changes are unknown, or too far behind, drops everything', async () => {
    const gap = await cacheAtOne(1000);
    set(gap, 'event 6', 'b', ['post:6']);
    await gap.refresh(source(3, { 3: ['post:9'] }));
    assert.equal(gap.size, 0, 'version 2 named nothing');
    const behind = new ReadCache(1000, 10);
    await behind.refresh(source(1));
    set(behind, 'event 6', 'b', ['post:6']);
    await behind.refresh(source(12, Object.fromEntries(Array.from({ length: 11 }, (_, at) => [at + 2, ['post:9']]))));
    assert.equal(behind.size, 0, 'more versions behind than the database keeps');
  });

  test('an answer computed before a version that was applied meanwhile is not kept', async () => {
    const cache = await cacheAtOne(1000);
    await cache.refresh(source(2, { 2: ['post:5'] }));
    set(cache, 'event 5', 'stale', ['post:5'], 1);
    assert.equal(cache.size, 0, 'read at version 1: version 2 may be newer than its snapshot');
    set(cache, 'event 5', 'fresh', ['post:5'], 2);
    assert.equal(cache.get('event 5')?.payload.toString(), 'fresh');
  });
});

// Both caches (a read cache miss is made of the record cache's renderings), and the record cache alone (decision 0080).
for (const [caches, env] of [
  ['read cache', {}],
  ['record cache alone', { CALENDAR_READ_CACHE_MB: '0' }],
] as const)
  describe(`${caches} on two nodes under concurrent writes (${DIALECT})`, () => {
    test('no read, of a record or an archive, returns a record older than a write acknowledged before the read started', async () => {
      const first = await createTestApp({ env });
      const second = await createTestApp({ nodeOf: first, env });
      try {
        const nodes = [first, second];
        const archive = 'events?start_date=2031-01-01&end_date=2032-01-01&per_page=10';
        const ids: number[] = [];
        for (let n = 0; n < 4; n++) {
          const created = await first.request('administrator', 'POST', 'events', {
            title: 'v0',
            start_date: `2031-0${n + 1}-01 20:00:00`,
            end_date: `2031-0${n + 1}-01 22:00:00`,
          });
          ids.push(created.json().id);
        }
        // Each writer owns two events and writes them one at a time: an event's titles commit in the order they are acknowledged.
        const acknowledged = new Map(ids.map((id) => [id, 0]));
        // At least 3 s and a real race (20 writes, 100 reads) however slow the machine, at most 60 s.
        const started = Date.now();
        let counter = 0;
        let reads = 0;
        const racing = () =>
          Date.now() - started < 60_000 && (Date.now() - started < 3000 || counter <= 20 || reads <= 100);
        const writer = async (node: TestApp, own: number[]) => {
          for (let n = 0; racing(); n++) {
            const id = own[n % own.length]!;
            const value = ++counter;
            const patched = await node.request('administrator', 'PATCH', `events/${id}`, { title: `v${value}` });
            assert.equal(patched.statusCode, 200, patched.body);
            acknowledged.set(id, value);
          }
        };
        const stale: string[] = [];
        const reader = async (offset: number) => {
          for (let n = offset; racing(); n++) {
            const node = nodes[n % 2]!;
            const before = new Map(acknowledged);
            const single = n % 3 !== 0;
            const response = await node.request('anonymous', 'GET', single ? `events/${ids[n % ids.length]}` : archive);
            assert.equal(response.statusCode, 200);
            const events: { id: number; title: string }[] = single ? [response.json()] : response.json().events;
            for (const event of events) {
              const seen = Number(event.title.slice(1));
              if (seen < before.get(event.id)!)
                stale.push(
                  `node ${(n % 2) + 1} answered ${single ? 'event' : 'the archive with'} ${event.id} as v${seen} after v${before.get(event.id)} was acknowledged`,
                );
            }
            reads++;
            // Requests arrive as I/O: a reader answered from the cache alone would otherwise keep the
            // event loop in promise callbacks and never let a write's answer through.
            await new Promise(setImmediate);
          }
        };
        await Promise.all([
          writer(first, ids.slice(0, 2)),
          writer(second, ids.slice(2)),
          reader(0),
          reader(1),
          reader(2),
          reader(3),
        ]);
        assert.deepEqual(stale.slice(0, 5), []);
        assert.ok(counter > 20 && reads > 100, `a real race: ${counter} writes, ${reads} reads`);
      } finally {
        await second.close();
        await first.close();
      }
    });
  });

describe('SharedVersionReads', () => {
  test('a request gets a read started after it arrived; those arriving during one read share the next', async () => {
    let version = 0;
    const started: ((value: number) => void)[] = [];
    const reads = new SharedVersionReads({
      contentVersion: () => new Promise<number>((resolve) => started.push(() => resolve(version))),
    });
    version = 1;
    const first = reads.read();
    version = 2;
    // Arrived while the first read runs: it may have missed a write acknowledged just now.
    const second = reads.read();
    const third = reads.read();
    assert.equal(started.length, 1);
    started[0]!(0);
    assert.equal(await first, 2, 'the first read sees what was committed when it ran');
    await new Promise(setImmediate);
    assert.equal(started.length, 2, 'one more read for the two that arrived meanwhile');
    version = 3;
    started[1]!(0);
    assert.deepEqual([await second, await third], [3, 3]);
  });
});
