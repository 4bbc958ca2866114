import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Role } from '../../src/auth/roles.ts';
import { pinnedClock } from '../../src/clock.ts';
import { composeApplication } from '../../src/container.ts';
import { JournalPruner } from '../../src/modules/sync/journal-pruner.ts';
import { encodeSyncToken } from '../../src/modules/sync/sync-token.ts';
import { openStorage } from '../../src/storage/database.ts';
import type { Storage } from '../../src/storage/types.ts';
import { RecordChangesRepository } from '../../src/storage/repositories/record-changes.repository.ts';
import { API, basicAuth, createTestApp, DIALECT, LENIENT_THROTTLE, TEST_NOW, type TestApp } from '../fixtures/app.ts';

/*
 * Incremental sync (decision 0029): every archive answer carries the token of its snapshot, and
 * `sync_token` answers exactly the changes after it, paged, with tombstones, for the caller;
 * `modified_after` on every archive; the events archive as JSON-LD.
 */

type Entry = {
  id: number;
  deleted?: true;
  deleted_at?: string;
  title?: string;
  name?: string;
  venue?: string;
  organizer?: string;
  status?: string;
};
type Caller = Role | 'anonymous';
const COLLECTIONS = ['events', 'venues', 'organizers', 'categories', 'tags'] as const;
type Collection = (typeof COLLECTIONS)[number];
const ids = (entries: readonly Entry[]) => entries.map((entry) => entry.id);

describe(`incremental sync (${DIALECT})`, () => {
  let t: TestApp;
  let now = Date.parse(TEST_NOW);
  before(async () => {
    t = await createTestApp({
      env: { CALENDAR_CORS_ORIGINS: 'https://mirror.example' },
      clock: { now: () => new Date(now) },
    });
  });
  after(() => t.close());

  const ok = (response: LightMyRequestResponse, status = 200) => {
    assert.equal(response.statusCode, status, response.body);
    return response.json();
  };
  const post = async (path: string, body: Record<string, unknown>, as: Caller = 'administrator') =>
    ok(await t.request(as, 'POST', path, body), path.includes('/') ? 200 : 201) as { id: number };
  const remove = async (path: string, force = false) =>
    ok(await t.request('administrator', 'DELETE', `${path}${force ? '?force=true' : ''}`));
  let day = 1;
  /** A single event on a day of its own in 2027, inside the default window. */
  const newEvent = (title: string, extra: Record<string, unknown> = {}) => {
    const date = new Date(Date.UTC(2027, 0, day++)).toISOString().slice(0, 10);
    return post('events', {
      title,
      start_date: `${date} 10:00:00`,
      end_date: `${date} 11:00:00`,
      status: 'publish',
      ...extra,
    });
  };
  /** The token a plain listing carries (its header). */
  const token = async (collection: Collection = 'events', as: Caller = 'anonymous') => {
    const response = await t.request(as, 'GET', collection);
    ok(response);
    return String(response.headers['x-sync-token']);
  };
  /** Every page of a sync from `from`, following next_page_token, as `as`; the entries, the next token and the pages read. */
  const sync = async (
    collection: Collection,
    from: string,
    options: { as?: Caller; perPage?: number; prefix?: string; between?: (page: number) => Promise<void> } = {},
  ) => {
    const entries: Entry[] = [];
    let current = from;
    for (let page = 1; ; page++) {
      const response = await t.request(
        options.as ?? 'anonymous',
        'GET',
        `${options.prefix ?? API}/${collection}?sync_token=${current}&per_page=${options.perPage ?? 50}`,
      );
      const body = ok(response) as Record<string, unknown>;
      entries.push(...(body[collection] as Entry[]));
      if (typeof body.next_sync_token === 'string') {
        assert.equal(body.next_page_token, undefined);
        assert.equal(response.headers['x-sync-token'], body.next_sync_token);
        return { entries, next: body.next_sync_token, pages: page };
      }
      assert.equal(
        typeof body.next_page_token,
        'string',
        `page ${page} has neither next_sync_token nor next_page_token`,
      );
      assert.equal(new URL(String(body.next_rest_url)).searchParams.get('sync_token'), body.next_page_token);
      current = String(body.next_page_token);
      await options.between?.(page);
    }
  };
  const tombstones = (entries: readonly Entry[]) =>
    entries
      .filter((entry) => entry.deleted)
      .map((entry) => entry.id)
      .sort((a, b) => a - b);
  const records = (entries: readonly Entry[]) =>
    entries
      .filter((entry) => !entry.deleted)
      .map((entry) => entry.id)
      .sort((a, b) => a - b);
  const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b);

  test('every archive listing carries its token: the header everywhere, the field in our namespace only', async () => {
    for (const collection of COLLECTIONS) {
      const ours = await t.request('anonymous', 'GET', collection);
      const body = ok(ours);
      assert.match(String(ours.headers['x-sync-token']), /^[A-Za-z0-9_-]+$/, collection);
      assert.equal(body.next_sync_token, ours.headers['x-sync-token'], collection);
      assert.match(String(ours.headers['access-control-expose-headers']), /X-Sync-Token/);
      const alias = await t.request('anonymous', 'GET', `/tribe/events/v1/${collection}`);
      assert.equal(ok(alias).next_sync_token, undefined, `${collection} under the alias keeps the original's envelope`);
      assert.equal(alias.headers['x-sync-token'], ours.headers['x-sync-token']);
    }
  });

  test('changes of every type between two sync calls come back exactly, as the archive renders them', async () => {
    const kept = await newEvent('Kept');
    const trashed = await newEvent('To trash');
    const deleted = await newEvent('To delete');
    const venue = await post('venues', { venue: 'Old Hall' });
    const venueToTrash = await post('venues', { venue: 'Closing Hall' });
    const organizer = await post('organizers', { organizer: 'Org' });
    const organizerToDelete = await post('organizers', { organizer: 'Gone Org' });
    const category = await post('categories', { name: 'Jazz' });
    const categoryToDelete = await post('categories', { name: 'Polka' });
    const tag = await post('tags', { name: 'late' });
    const venueToTranslate = await post('venues', { venue: 'Harbour' });
    const categoryToTranslate = await post('categories', { name: 'Folk' });
    const tagToTranslate = await post('tags', { name: 'outdoor' });
    const from = await token();

    const created = await newEvent('New');
    await post(`events/${kept.id}`, { title: 'Kept, renamed' });
    await post(`events/${kept.id}?translation_language=fr`, { title: 'Gardé' });
    await remove(`events/${trashed.id}`);
    await remove(`events/${deleted.id}`, true);
    const newVenue = await post('venues', { venue: 'New Hall' });
    await post(`venues/${venue.id}`, { venue: 'Renamed Hall' });
    await remove(`venues/${venueToTrash.id}`);
    await post(`organizers/${organizer.id}?translation_language=fr`, { organizer: 'Org FR' });
    await remove(`organizers/${organizerToDelete.id}`, true);
    const newCategory = await post('categories', { name: 'Blues' });
    await post(`categories/${category.id}`, { name: 'Jazz & Soul' });
    await remove(`categories/${categoryToDelete.id}?force=true`);
    const newTag = await post('tags', { name: 'early' });
    await remove(`tags/${tag.id}?force=true`);
    await post(`venues/${venueToTranslate.id}?translation_language=fr`, { venue: 'Port' });
    await post(`categories/${categoryToTranslate.id}?translation_language=fr`, { name: 'Musique folk' });
    await post(`tags/${tagToTranslate.id}?translation_language=fr`, { name: 'plein air' });

    const events = await sync('events', from);
    assert.deepEqual(
      ids(events.entries),
      [created.id, kept.id, trashed.id, deleted.id],
      'journal order, one entry per record',
    );
    assert.deepEqual(records(events.entries), sorted([created.id, kept.id]));
    assert.deepEqual(tombstones(events.entries), sorted([trashed.id, deleted.id]));
    const listed = ok(await t.request('anonymous', 'GET', `events?include=${kept.id}`)).events[0];
    assert.deepEqual(
      events.entries.find((entry) => entry.id === kept.id),
      listed,
      'rendered as the archive renders it',
    );
    assert.deepEqual(
      events.entries.find((entry) => entry.id === deleted.id),
      { id: deleted.id, deleted: true, deleted_at: new Date(now).toISOString() },
    );

    const venues = await sync('venues', from);
    assert.deepEqual(ids(venues.entries), [newVenue.id, venue.id, venueToTrash.id, venueToTranslate.id]);
    assert.deepEqual(tombstones(venues.entries), [venueToTrash.id]);
    assert.equal(venues.entries[1]!.venue, 'Renamed Hall');
    const organizers = await sync('organizers', from);
    assert.deepEqual(ids(organizers.entries), [organizer.id, organizerToDelete.id]);
    assert.deepEqual(tombstones(organizers.entries), [organizerToDelete.id]);
    const categories = await sync('categories', from);
    assert.deepEqual(ids(categories.entries), [
      newCategory.id,
      category.id,
      categoryToDelete.id,
      categoryToTranslate.id,
    ]);
    assert.deepEqual(tombstones(categories.entries), [categoryToDelete.id]);
    assert.equal(categories.entries[1]!.name, 'Jazz & Soul');
    const tags = await sync('tags', from);
    assert.deepEqual(ids(tags.entries), [newTag.id, tag.id, tagToTranslate.id]);
    assert.deepEqual(tombstones(tags.entries), [tag.id]);

    // In French, the translated texts; and from the tokens just given, nothing more.
    const french = await sync('events', from, { prefix: `/fr${API}` });
    assert.equal(french.entries.find((entry) => entry.id === kept.id)!.title, 'Gardé');
    const frenchOrganizers = await sync('organizers', from, { prefix: `/fr${API}` });
    assert.equal(frenchOrganizers.entries[0]!.organizer, 'Org FR');
    assert.equal((await sync('venues', from, { prefix: `/fr${API}` })).entries.at(-1)!.venue, 'Port');
    assert.equal((await sync('categories', from, { prefix: `/fr${API}` })).entries.at(-1)!.name, 'Musique folk');
    assert.equal((await sync('tags', from, { prefix: `/fr${API}` })).entries.at(-1)!.name, 'plein air');
    for (const [collection, result] of [
      ['events', events],
      ['venues', venues],
      ['organizers', organizers],
      ['categories', categories],
      ['tags', tags],
    ] as const) {
      const again = await sync(collection, result.next);
      assert.deepEqual(again.entries, [], collection);
      assert.equal(again.next, result.next);
    }
  });

  test('many changes are paged in journal order; a series spreads over pages by occurrence', async () => {
    const from = await token();
    const created: number[] = [];
    for (let n = 0; n < 23; n++) created.push((await newEvent(`Paged ${n}`)).id);
    const paged = await sync('events', from, { perPage: 10 });
    assert.equal(paged.pages, 3);
    assert.deepEqual(ids(paged.entries), created);

    const series = await post('events', {
      title: 'Weekly',
      start_date: '2027-06-01 19:00:00',
      end_date: '2027-06-01 20:00:00',
      status: 'publish',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=12' },
    });
    const occurrences = ok(
      await t.request('anonymous', 'GET', 'events?start_date=2027-06-01&end_date=2027-09-30&search=Weekly&per_page=50'),
    ).events.map((event: Entry) => event.id);
    assert.equal(occurrences.length, 12);
    const bySeries = await sync('events', paged.next, { perPage: 5 });
    assert.equal(bySeries.pages, 3);
    assert.deepEqual(ids(bySeries.entries), occurrences);
    assert.ok(bySeries.entries.every((entry) => !entry.deleted));
    assert.ok(occurrences.includes(series.id));
  });

  test('an event no longer visible is a tombstone for anonymous callers and a record for an editor', async () => {
    const event = await newEvent('Visible');
    const from = await token();
    await post(`events/${event.id}`, { status: 'draft' });
    const anonymous = await sync('events', from);
    assert.deepEqual(anonymous.entries, [{ id: event.id, deleted: true, deleted_at: new Date(now).toISOString() }]);
    const editor = await sync('events', from, { as: 'editor' });
    assert.deepEqual(ids(editor.entries), [event.id]);
    assert.equal(editor.entries[0]!.status, 'draft');
  });

  test("a record the caller never could have listed is no tombstone: drafts edited or deleted, others' drafts for an author", async () => {
    const from = {
      anonymous: await token(),
      author: await token('events', 'author'),
      editor: await token('events', 'editor'),
    };
    const draft = await newEvent('Never published', { status: 'draft' });
    const privateOne = await newEvent('Private all along', { status: 'private' });
    const ownDraft = await post(
      'events',
      { title: 'Own draft', start_date: '2027-06-01 10:00:00', end_date: '2027-06-01 11:00:00', status: 'draft' },
      'author',
    );
    const fromAfterCreates = {
      anonymous: await token(),
      author: await token('events', 'author'),
      editor: await token('events', 'editor'),
    };
    await post(`events/${draft.id}`, { title: 'Never published, edited' });
    await post(`events/${privateOne.id}`, { title: 'Private, edited' });
    await post(`events/${ownDraft.id}`, { title: 'Own draft, edited' }, 'author');
    await remove(`events/${draft.id}`, true);
    await remove(`events/${ownDraft.id}`, true);
    const venueDraft = await post('venues', { venue: 'Draft venue never shown', status: 'draft' });
    await post(`venues/${venueDraft.id}`, { venue: 'Draft venue, edited' });
    // Anonymous readers, from before the records existed and from after: nothing of them at all.
    for (const start of [from.anonymous, fromAfterCreates.anonymous])
      assert.deepEqual((await sync('events', start)).entries, []);
    assert.deepEqual((await sync('venues', await token('venues'))).entries, []);
    const venuesFromBefore = (await sync('venues', from.anonymous)).entries;
    assert.ok(!ids(venuesFromBefore).includes(venueDraft.id), 'the draft venue is not announced');
    // The author had their own draft and loses it; the editor had all three drafts and the private event.
    assert.deepEqual(tombstones((await sync('events', fromAfterCreates.author, { as: 'author' })).entries), [
      ownDraft.id,
    ]);
    const editor = (await sync('events', fromAfterCreates.editor, { as: 'editor' })).entries;
    assert.deepEqual(tombstones(editor), sorted([draft.id, ownDraft.id]));
    assert.deepEqual(records(editor), [privateOne.id]);
    // From before they were created, the editor needs no tombstone either: it never had them.
    assert.deepEqual(tombstones((await sync('events', from.editor, { as: 'editor' })).entries), []);
  });

  test('a first listing from sync_token=start skips nothing while records are deleted and added, and ends with a sync token', async () => {
    const [first, second, third] = [
      await post('events', { title: 'Mirror 01', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:00:00' }),
      await post('events', { title: 'Mirror 02', start_date: '2031-01-02 10:00:00', end_date: '2031-01-02 11:00:00' }),
      await post('events', { title: 'Mirror 03', start_date: '2031-01-03 10:00:00', end_date: '2031-01-03 11:00:00' }),
    ];
    const mirror = new Map<number, Entry>();
    let current = 'start';
    let added: number | undefined;
    let pages = 0;
    for (;;) {
      const body = ok(await t.request('anonymous', 'GET', `events?sync_token=${current}&per_page=1`)) as {
        events: Entry[];
        next_page_token?: string;
        next_sync_token?: string;
      };
      pages += 1;
      assert.ok(body.events.length <= 1);
      for (const entry of body.events) mirror.set(entry.id, entry);
      // The case: the first of three is read, then deleted; the others must still be read.
      if (mirror.has(first.id) && added === undefined) {
        await remove(`events/${first.id}`, true);
        added = (
          await post('events', {
            title: 'Mirror added',
            start_date: '2031-01-04 10:00:00',
            end_date: '2031-01-04 11:00:00',
          })
        ).id;
        await post(`events/${second.id}`, { title: 'Mirror 02, renamed before it was read' });
      }
      if (body.next_sync_token !== undefined) {
        current = body.next_sync_token;
        break;
      }
      current = body.next_page_token!;
    }
    assert.ok(pages > 3);
    assert.ok(mirror.has(second.id) && mirror.has(third.id), 'no record there at the start is skipped');
    for (const entry of (await sync('events', current)).entries) {
      if (entry.deleted) mirror.delete(entry.id);
      else mirror.set(entry.id, entry);
    }
    // The mirror now holds exactly what a new listing holds, as it is now.
    const fresh = new Map<number, Entry>();
    let again = 'start';
    for (;;) {
      const body = ok(await t.request('anonymous', 'GET', `events?sync_token=${again}&per_page=50`)) as {
        events: Entry[];
        next_page_token?: string;
        next_sync_token?: string;
      };
      for (const entry of body.events) fresh.set(entry.id, entry);
      if (body.next_sync_token !== undefined) break;
      again = body.next_page_token!;
    }
    assert.deepEqual(sorted([...mirror.keys()]), sorted([...fresh.keys()]));
    assert.ok(!mirror.has(first.id) && mirror.has(added!));
    assert.equal(mirror.get(second.id)!.title, 'Mirror 02, renamed before it was read');
    for (const [id, entry] of fresh) assert.deepEqual(mirror.get(id), entry, `event ${id}`);
  });

  test('a first listing lists only what the caller may read, in id order, for every archive', async () => {
    const draft = await post('venues', { venue: 'Listing draft venue', status: 'draft' });
    for (const collection of COLLECTIONS) {
      const anonymous = await sync(collection, 'start', { perPage: 7 });
      const listed = ids(anonymous.entries);
      assert.deepEqual(listed, sorted(listed), `${collection}: id order`);
      assert.equal(
        anonymous.entries.some((entry) => entry.deleted),
        false,
        `${collection}: a listing has no tombstones`,
      );
      assert.deepEqual((await sync(collection, anonymous.next)).entries, [], `${collection}: nothing changed since`);
    }
    assert.ok(!ids((await sync('venues', 'start')).entries).includes(draft.id));
    assert.ok(ids((await sync('venues', 'start', { as: 'editor' })).entries).includes(draft.id));
    const tampered = Buffer.from('2.1.05').toString('base64url');
    assert.equal((await t.request('anonymous', 'GET', `events?sync_token=${tampered}`)).statusCode, 400);
  });

  test('a change committed while a client pages is never skipped', async () => {
    const from = await token();
    const created: number[] = [];
    for (let n = 0; n < 12; n++) created.push((await newEvent(`Concurrent ${n}`)).id);
    let late: number | undefined;
    const result = await sync('events', from, {
      perPage: 5,
      between: async (page) => {
        if (page !== 1) return;
        // An event the client has already read changes, and a new one appears, between its pages.
        await post(`events/${created[0]}`, { title: 'Changed while paging' });
        late = (await newEvent('Late')).id;
      },
    });
    assert.deepEqual(ids(result.entries), [...created, created[0]!, late!]);
    assert.equal(result.entries.at(-2)!.title, 'Changed while paging');
    assert.deepEqual((await sync('events', result.next)).entries, []);
  });

  test('a malformed token is a 400, other filters with a token are refused, a token ahead of the journal is a 410', async () => {
    for (const bad of [
      'garbage!',
      Buffer.from('1.x').toString('base64url'),
      Buffer.from('2.5').toString('base64url'),
      Buffer.from('1.05').toString('base64url'),
      '',
    ]) {
      const response = await t.request('anonymous', 'GET', `events?sync_token=${bad}`);
      assert.equal(response.statusCode, 400, `${bad}: ${response.body}`);
      assert.equal(response.json().code, 'rest_invalid_param');
      assert.ok('sync_token' in response.json().data.params, bad);
    }
    const from = await token('venues');
    const filtered = await t.request('anonymous', 'GET', `venues?sync_token=${from}&search=Hall`);
    assert.equal(filtered.statusCode, 400);
    assert.deepEqual(Object.keys(filtered.json().data.params), ['search']);
    assert.equal(
      (await t.request('anonymous', 'GET', `events?sync_token=${from}&start_date=2027-01-01`)).statusCode,
      400,
    );
    const ahead = await t.request('anonymous', 'GET', `tags?sync_token=${encodeSyncToken({ seq: 1_000_000 })}`);
    assert.equal(ahead.statusCode, 410, ahead.body);
    assert.equal(ahead.json().code, 'rest_sync_token_expired');
  });

  test('modified_after on every archive: only records changed after the date; garbage is a 400', async () => {
    const event = await newEvent('Earlier');
    const venue = await post('venues', { venue: 'Earlier Hall' });
    const organizer = await post('organizers', { organizer: 'Earlier Org' });
    const category = await post('categories', { name: 'Earlier category' });
    const tag = await post('tags', { name: 'earlier-tag' });
    const untouched = await newEvent('Untouched', { categories: [category.id], tags: [tag.id] });
    now += 3_600_000;
    const cut = new Date(now - 60_000).toISOString();
    await post(`events/${event.id}`, { title: 'Later' });
    await post(`venues/${venue.id}`, { venue: 'Later Hall' });
    await post(`organizers/${organizer.id}`, { organizer: 'Later Org' });
    await post(`categories/${category.id}`, { name: 'Later category' });
    await post(`tags/${tag.id}`, { name: 'later-tag' });
    const expected: Record<Collection, number> = {
      events: event.id,
      venues: venue.id,
      organizers: organizer.id,
      categories: category.id,
      tags: tag.id,
    };
    for (const collection of COLLECTIONS) {
      const listed = ok(
        await t.request(
          'anonymous',
          'GET',
          `${collection}?modified_after=${encodeURIComponent(cut)}&per_page=50${collection === 'categories' || collection === 'tags' ? '&hide_empty=false' : ''}`,
        ),
      );
      assert.deepEqual(
        listed[collection].map((record: Entry) => record.id),
        [expected[collection]],
        collection,
      );
      const garbage = await t.request('anonymous', 'GET', `${collection}?modified_after=not-a-date`);
      assert.equal(garbage.statusCode, 400, collection);
      assert.ok('modified_after' in garbage.json().data.params, collection);
    }
    // A naive date is UTC: one second before the change includes it, one after does not.
    const naive = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    assert.deepEqual(
      ok(
        await t.request('anonymous', 'GET', `events?modified_after=${encodeURIComponent(naive(now - 1000))}`),
      ).events.map((record: Entry) => record.id),
      [event.id],
    );
    assert.deepEqual(
      ok(await t.request('anonymous', 'GET', `events?modified_after=${encodeURIComponent(naive(now + 1000))}`)).events,
      [],
    );
    assert.ok(untouched.id > 0);
  });

  test("the events archive answers JSON-LD: an ItemList of the single reads' json_ld, cached apart from the JSON", async () => {
    const first = await newEvent('Linked data one');
    const second = await newEvent('Linked data two');
    const url = `events?search=${encodeURIComponent('Linked data')}`;
    // The JSON answer first, so that a cache keyed by the URL alone would hand it to the JSON-LD request.
    const json = await t.request('anonymous', 'GET', url, undefined, { origin: 'https://mirror.example' });
    assert.match(String(json.headers['content-type']), /^application\/json/);
    assert.equal(
      json.headers.vary,
      'Origin, Accept, Accept-Encoding',
      'Accept adds to the Vary of CORS, and compression (decision 0063) to both',
    );
    for (let round = 0; round < 2; round++) {
      const response = await t.request('anonymous', 'GET', url, undefined, { accept: 'application/ld+json' });
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^application\/ld\+json/);
      assert.match(String(response.headers.vary), /Accept/);
      const list = JSON.parse(response.body) as {
        '@type': string;
        numberOfItems: number;
        itemListElement: { '@type': string; position: number; item: unknown }[];
      };
      assert.equal(list['@type'], 'ItemList');
      assert.equal(list.numberOfItems, 2);
      for (const [at, event] of [first, second].entries()) {
        const single = ok(await t.request('anonymous', 'GET', `events/${event.id}`));
        assert.deepEqual(list.itemListElement[at], { '@type': 'ListItem', position: at + 1, item: single.json_ld });
      }
      assert.match(
        String((await t.request('anonymous', 'GET', url)).headers['content-type']),
        /^application\/json/,
        'the JSON answer stays JSON',
      );
    }
    // Plain JSON wins a tie or a wildcard.
    for (const accept of [
      'application/json, application/ld+json',
      '*/*',
      'application/ld+json;q=0.5, application/json',
    ]) {
      assert.match(
        String((await t.request('anonymous', 'GET', url, undefined, { accept })).headers['content-type']),
        /^application\/json/,
        accept,
      );
    }
  });

  // Last: it prunes the whole journal.
  test('pruning removes old changes in short units; an older token then answers 410, a new listing syncs on', async () => {
    const from = await token();
    await newEvent('Before pruning');
    await newEvent('Before pruning too');
    now += 40 * 86_400_000;
    const pruner = new JournalPruner(t.storage, new RecordChangesRepository(), { now: () => new Date(now) }, 30, 2);
    assert.ok((await pruner.pruneAll()) > 2);
    const expired = await t.request('anonymous', 'GET', `events?sync_token=${from}`);
    assert.equal(expired.statusCode, 410, expired.body);
    assert.equal(expired.json().code, 'rest_sync_token_expired');
    const fresh = await token();
    const created = await newEvent('After pruning');
    assert.deepEqual(ids((await sync('events', fresh)).entries), [created.id]);
  });
});

describe(`sync from two nodes on one ${DIALECT} database`, () => {
  let nodeA: TestApp;
  let nodeB: FastifyInstance;
  let storageB: Storage;
  before(async () => {
    nodeA = await createTestApp();
    // A second node: its own storage pool and app on the same database, as behind a load balancer.
    storageB = openStorage(nodeA.config.database, { statementTimeoutMs: nodeA.config.timeouts.statementMs });
    const clock = pinnedClock(TEST_NOW);
    nodeB = await buildApp({
      config: nodeA.config,
      storage: storageB,
      application: await composeApplication(storageB, nodeA.config, clock, LENIENT_THROTTLE),
      clock,
    });
    await nodeB.ready();
  });
  after(async () => {
    await nodeB.close();
    await storageB.close();
    await nodeA.close();
  });

  const on = async (
    node: 'A' | 'B',
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: Record<string, unknown>,
  ) => {
    const response =
      node === 'A'
        ? await nodeA.request('administrator', method, path, body)
        : await nodeB.inject({
            method,
            url: `${API}/${path}`,
            headers: { authorization: basicAuth('administrator', 'administrator-password') },
            ...(body ? { payload: body } : {}),
          });
    assert.ok(response.statusCode < 300, response.body);
    return response;
  };

  test('writes alternating between the nodes reach a client syncing from either, exactly', async () => {
    let tokens = {
      events: String((await on('A', 'GET', 'events')).headers['x-sync-token']),
      venues: String((await on('B', 'GET', 'venues')).headers['x-sync-token']),
    };
    const expected = { events: [] as number[], venues: [] as number[] };
    let eventId = 0;
    for (let round = 0; round < 4; round++) {
      const writer = round % 2 === 0 ? 'A' : 'B';
      const reader = writer === 'A' ? 'B' : 'A';
      if (round === 0)
        eventId = (
          await on(writer, 'POST', 'events', {
            title: 'Shared',
            start_date: '2027-03-01 10:00:00',
            end_date: '2027-03-01 11:00:00',
            status: 'publish',
          })
        ).json().id;
      else await on(writer, 'POST', `events/${eventId}`, { title: `Shared ${round}` });
      const venue = (await on(writer, 'POST', 'venues', { venue: `Hall ${round}` })).json<{ id: number }>().id;
      if (round === 3) await on(writer, 'DELETE', `events/${eventId}?force=true`);
      expected.events = [eventId];
      expected.venues = [venue];
      for (const collection of ['events', 'venues'] as const) {
        const answer = (await on(reader, 'GET', `${collection}?sync_token=${tokens[collection]}`)).json<
          Record<string, unknown>
        >();
        const entries = answer[collection] as Entry[];
        assert.deepEqual(ids(entries), expected[collection], `round ${round}: ${collection} read from node ${reader}`);
        if (collection === 'events') assert.equal(entries[0]!.deleted ?? false, round === 3);
        if (collection === 'events' && round > 0 && round < 3) assert.equal(entries[0]!.title, `Shared ${round}`);
        tokens = { ...tokens, [collection]: String(answer.next_sync_token) };
      }
    }
  });
});
