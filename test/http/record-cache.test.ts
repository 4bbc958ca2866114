import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { RecordCache } from '../../src/http/record-cache.ts';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Events rendered for anonymous readers (docs/decisions/0080-record-cache.md), with the read cache
 * off so that every answer is computed. A kept rendering is detected by changing the database behind
 * the API's back and erasing what the triggers recorded of it: the answer keeps the old text. Every
 * change through the API, on this node or another on the same database, retires what shows it.
 */

type Json = Record<string, unknown> & { id: number };
const ok = (response: LightMyRequestResponse, status = 200) => {
  assert.equal(response.statusCode, status, response.body.slice(0, 600));
  return response;
};
const WINDOW = 'events?start_date=2031-01-01&end_date=2032-01-01&per_page=10';

describe(`record cache (${DIALECT})`, () => {
  let node: TestApp;
  let other: TestApp;
  /** The same database with neither cache: every answer computed from the rows. */
  let bare: TestApp;
  const ids = {} as Record<
    'venue' | 'organizer' | 'category' | 'draftVenue' | 'event' | 'plain' | 'hiddenLinks' | 'protected',
    number
  >;
  before(async () => {
    node = await createTestApp({ env: { CALENDAR_READ_CACHE_MB: '0' } });
    other = await createTestApp({ nodeOf: node, env: { CALENDAR_READ_CACHE_MB: '0' } });
    bare = await createTestApp({ nodeOf: node, env: { CALENDAR_READ_CACHE_MB: '0', CALENDAR_RECORD_CACHE_MB: '0' } });
    ids.venue = (await createRecord(node, 'venues', { venue: 'Harbour Hall' })).id;
    ids.organizer = (await createRecord(node, 'organizers', { organizer: 'Tide Org' })).id;
    ids.category = (await createRecord(node, 'categories', { name: 'Sea Songs' })).id;
    ids.draftVenue = (await createRecord(node, 'venues', { venue: 'SecretDraftVenue', status: 'draft' })).id;
    const event = (title: string, month: number, extra: Record<string, unknown> = {}) =>
      createRecord(node, 'events', {
        title,
        start_date: `2031-0${month}-01 20:00:00`,
        end_date: `2031-0${month}-01 22:00:00`,
        ...extra,
      });
    ids.event = (
      await event('Shanty Night', 1, { venue: ids.venue, organizer: [ids.organizer], categories: [ids.category] })
    ).id;
    ids.plain = (await event('Plain Evening', 2)).id;
    ids.hiddenLinks = (await event('Gala With A Draft Venue', 3, { venue: ids.draftVenue })).id;
    ids.protected = (
      await event('Locked Recital', 4, { post_password: 'open-sesame', description: 'SecretProgramme' })
    ).id;
  });
  after(async () => {
    await bare.close();
    await other.close();
    await node.close();
  });

  /** A change no answer can learn of: no tags recorded, no new content version. */
  const behindTheApi = (title: string, id: number) =>
    node.storage.write(async (tx) => {
      await tx.updateTable('posts').set({ title }).where('id', '=', id).execute();
      await tx.deleteFrom('content_changes').where('version', '=', 0).execute();
    });
  const single = async (app: TestApp, id: number, as: 'anonymous' | 'administrator' = 'anonymous', query = '') =>
    ok(await app.request(as, 'GET', `events/${id}${query}`)).json<Json>();
  const listed = async (app: TestApp, id: number, query = '') => {
    const events = ok(await app.request('anonymous', 'GET', `${WINDOW}${query}`)).json<{ events: Json[] }>().events;
    return events.find((event) => event.id === id)!;
  };
  /** Both nodes, alone and listed: the event as each shows it now (`language`: `translation_language=…`). */
  const everywhere = async (id: number, pick: (event: Json) => unknown, language = '') =>
    Promise.all(
      [node, other].flatMap((app) => [
        single(app, id, 'anonymous', language && `?${language}`).then(pick),
        listed(app, id, language && `&${language}`).then(pick),
      ]),
    );

  test('a kept rendering answers: a change no write announced is not seen until a write retires it', async () => {
    await everywhere(ids.plain, (event) => event.title);
    await behindTheApi('Plain Evening, Renamed Unannounced', ids.plain);
    assert.deepEqual(
      await everywhere(ids.plain, (event) => event.title),
      Array(4).fill('Plain Evening'),
      'the kept renderings, alone and listed, on both nodes',
    );
    assert.equal(
      (await single(bare, ids.plain)).title,
      'Plain Evening, Renamed Unannounced',
      'computed from the rows without the cache',
    );
    ok(await other.request('administrator', 'PATCH', `events/${ids.plain}`, { title: 'Plain Evening, Announced' }));
    assert.deepEqual(await everywhere(ids.plain, (event) => event.title), Array(4).fill('Plain Evening, Announced'));
  });

  test('answers made of kept renderings are the computed ones byte for byte, with the same headers and ETag, compressed or not', async () => {
    const urls = [
      `events/${ids.event}`,
      `events/${ids.event}?_fields=title,venue`,
      WINDOW,
      `${WINDOW}&_fields=id,title`,
      `${WINDOW}&translation_language=fr`,
      `tribe/events/v1/events/${ids.event}`,
      `${WINDOW}&_envelope=1`,
      // The page's ids and the count come from one statement: a page and a count that disagree, an empty window, a page past the last.
      `${WINDOW.replace('per_page=10', 'per_page=2')}&page=2`,
      'events?start_date=2041-01-01&end_date=2041-12-31',
      `${WINDOW}&page=3`,
      `${WINDOW}&status=publish&start_date=2031-01-01 12:00:00`,
    ];
    for (const encoding of [undefined, 'br', 'gzip']) {
      const headers: Record<string, string> = encoding === undefined ? {} : { 'accept-encoding': encoding };
      for (const url of urls) {
        const path = url.startsWith('tribe/') ? `/${url}` : url;
        const request = (app: TestApp) =>
          path.startsWith('/')
            ? app.app.inject({ method: 'GET', url: path, headers })
            : app.request('anonymous', 'GET', path, undefined, headers);
        await request(node);
        const [kept, computed] = [await request(node), await request(bare)];
        const what = `${url} (${encoding ?? 'identity'})`;
        assert.deepEqual(kept.rawPayload, computed.rawPayload, what);
        for (const header of [
          'etag',
          'content-type',
          'content-length',
          'content-encoding',
          'x-wp-total',
          'x-wp-totalpages',
          'vary',
          'link',
        ])
          assert.equal(kept.headers[header], computed.headers[header], `${what}: ${header}`);
      }
    }
    // A single event's kept rendering answers a conditional GET as the computed one does.
    for (const encoding of [undefined, 'br']) {
      const headers: Record<string, string> = encoding === undefined ? {} : { 'accept-encoding': encoding };
      const { etag } = ok(await node.request('anonymous', 'GET', `events/${ids.event}`, undefined, headers)).headers;
      assert.ok(typeof etag === 'string' && etag !== '', `an ETag (${encoding ?? 'identity'})`);
      for (const app of [node, bare])
        assert.equal(
          (
            await app.request('anonymous', 'GET', `events/${ids.event}`, undefined, {
              ...headers,
              'if-none-match': etag,
            })
          ).statusCode,
          304,
        );
    }
  });

  for (const where of ['this node', 'another node'] as const) {
    test(`a rendering is retired, on both nodes, when a write on ${where} changes the event or anything it shows: venue, organizer, category, translation`, async () => {
      const writer = where === 'this node' ? node : other;
      const write = async (path: string, body: Record<string, unknown>) =>
        ok(await writer.request('administrator', 'PATCH', path, body));
      const suffix = where === 'this node' ? 'here' : 'there';
      const changes: [string, () => Promise<unknown>, (event: Json) => unknown, string, string?][] = [
        [
          'title',
          () => write(`events/${ids.event}`, { title: `Shanty Night ${suffix}` }),
          (event) => event.title,
          `Shanty Night ${suffix}`,
        ],
        [
          'venue',
          () => write(`venues/${ids.venue}`, { venue: `Harbour Hall ${suffix}` }),
          (event) => (event.venue as { venue: string }).venue,
          `Harbour Hall ${suffix}`,
        ],
        [
          'organizer',
          () => write(`organizers/${ids.organizer}`, { organizer: `Tide Org ${suffix}` }),
          (event) => (event.organizer as { organizer: string }[])[0]!.organizer,
          `Tide Org ${suffix}`,
        ],
        [
          'category',
          () => write(`categories/${ids.category}`, { name: `Sea Songs ${suffix}` }),
          (event) => (event.categories as { name: string }[])[0]!.name,
          `Sea Songs ${suffix}`,
        ],
        [
          'translation',
          () => write(`events/${ids.event}?translation_language=fr`, { title: `Nuit des chants ${suffix}` }),
          (event) => event.title,
          `Nuit des chants ${suffix}`,
          'translation_language=fr',
        ],
      ];
      for (const [what, change, pick, expected, language = ''] of changes) {
        // Kept first, on both nodes, in the language read.
        await everywhere(ids.event, pick, language);
        await change();
        assert.deepEqual(
          await everywhere(ids.event, pick, language),
          Array(4).fill(expected),
          `${what} changed on ${where}`,
        );
      }
    });
  }

  test('what one reader may see is never served to another: linked records withheld, protected text, private events', async () => {
    // The administrator reads everything first; no rendering of theirs is kept for anonymous readers.
    assert.equal((await single(node, ids.hiddenLinks, 'administrator')).venue instanceof Object, true);
    assert.match(
      JSON.stringify(await single(node, ids.protected, 'administrator', '?context=edit')),
      /SecretProgramme/,
    );
    const anonymous = ok(await node.request('anonymous', 'GET', WINDOW)).body;
    assert.doesNotMatch(anonymous, /SecretDraftVenue|SecretProgramme/);
    assert.deepEqual(
      (await single(node, ids.hiddenLinks)).venue,
      [],
      'the draft venue withheld from an anonymous reader',
    );
    // An anonymous reader with the password sees the text; one without it does not, in either order.
    assert.match(
      JSON.stringify(await single(node, ids.protected, 'anonymous', '?password=open-sesame')),
      /SecretProgramme/,
    );
    ok(await node.request('anonymous', 'GET', `events/${ids.protected}`), 403);
    assert.doesNotMatch(ok(await node.request('anonymous', 'GET', WINDOW)).body, /SecretProgramme/);
    assert.match(ok(await node.request('anonymous', 'GET', `${WINDOW}&password=open-sesame`)).body, /SecretProgramme/);
    assert.doesNotMatch(ok(await node.request('anonymous', 'GET', WINDOW)).body, /SecretProgramme/);
    // Anonymous renderings kept first, then the administrator: theirs are computed, with what only they see.
    assert.match(JSON.stringify((await single(node, ids.hiddenLinks, 'administrator')).venue), /SecretDraftVenue/);
    // Made private: gone for anonymous readers at once, on both nodes.
    await single(other, ids.plain);
    ok(await node.request('administrator', 'PATCH', `events/${ids.plain}`, { status: 'private' }));
    for (const app of [node, other]) {
      assert.equal((await app.request('anonymous', 'GET', `events/${ids.plain}`)).statusCode, 403);
      assert.equal(await listed(app, ids.plain), undefined);
    }
    // The draft venue published: every anonymous rendering that withheld it is retired.
    ok(await other.request('administrator', 'PATCH', `venues/${ids.draftVenue}`, { status: 'publish' }));
    for (const app of [node, other]) {
      assert.match(JSON.stringify((await single(app, ids.hiddenLinks)).venue), /SecretDraftVenue/);
      assert.match(JSON.stringify(await listed(app, ids.hiddenLinks)), /SecretDraftVenue/);
    }
  });
});

describe('RecordCache', () => {
  const rendered = (text: string) => ({
    bytes: Buffer.from(JSON.stringify({ text })),
    tags: [`post:${text.length}`],
    version: 1,
  });

  test('keeps the most recently used renderings within its memory bound, evicting the oldest', async () => {
    const cache = new RecordCache(100, 1000);
    await cache.refreshTo(1, { contentVersion: async () => 1, contentChanges: async () => new Map() });
    for (const key of ['a', 'b', 'c']) cache.set(key, rendered('x'.repeat(20)), ['post:1'], 1);
    assert.equal(cache.size, 3);
    cache.get('a');
    cache.set('d', rendered('y'.repeat(20)), ['post:2'], 1);
    assert.ok(cache.usedBytes <= 100, `within the bound: ${cache.usedBytes}`);
    assert.equal(cache.get('b'), undefined, 'the least recently used went first');
    assert.ok(cache.get('a') && cache.get('d'));
    cache.set('huge', rendered('z'.repeat(200)), ['post:3'], 1);
    assert.equal(cache.get('huge'), undefined, 'larger than the whole bound: not kept');
    assert.ok(cache.get('a'), 'and nothing evicted for it');
  });
});
