import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Venues and organizers linked to events are shown only to readers who may read them, everywhere an
 * event appears, and a write links only records its caller may read (issue 36, decision 0051).
 * The administrator's draft venue and private organizer are linked to a published event; what
 * anonymous readers and a contributor get of it must not hold their details.
 */

type Caller = Parameters<TestApp['request']>[0];

/** What the hidden records hold that must not leak: names, address, e-mail, phone. */
const SECRETS = ['DraftVenueX', '77 Draft Rd', 'PrivateOrgY', 'secret@example.com', '555-0199'];

describe(`linked venues and organizers are shown to those who may read them (${DIALECT})`, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let slug = '';
  let startToken = '';

  const ok = (response: LightMyRequestResponse, status = 200) => {
    assert.equal(response.statusCode, status, response.body.slice(0, 800));
    return response;
  };
  const get = (as: Caller, url: string, headers: Record<string, string> = {}) =>
    t.request(as, 'GET', url, undefined, headers);
  const leaks = (body: string) => SECRETS.filter((secret) => body.includes(secret));
  /** A 400 naming exactly this parameter, as for an id that names nothing. */
  const refusedParam = (response: LightMyRequestResponse, param: string) => {
    assert.equal(response.statusCode, 400, response.body);
    const body = response.json<{ code: string; data: { params: Record<string, string> } }>();
    assert.equal(body.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(body.data.params), [param]);
  };

  before(async () => {
    t = await createTestApp();
    startToken = String(ok(await get('anonymous', 'events')).headers['x-sync-token']);
    ids.draftVenue = (
      await createRecord(t, 'venues', { venue: 'DraftVenueX', address: '77 Draft Rd', status: 'draft' })
    ).id;
    ids.privateOrganizer = (
      await createRecord(t, 'organizers', {
        organizer: 'PrivateOrgY',
        email: 'secret@example.com',
        phone: '555-0199',
        status: 'private',
      })
    ).id;
    ids.publicOrganizer = (await createRecord(t, 'organizers', { organizer: 'Open Org' })).id;
    ids.publicVenue = (await createRecord(t, 'venues', { venue: 'Open Hall' })).id;
    const event = await createRecord(t, 'events', {
      title: 'Linked Gala',
      start_date: '2027-06-01 19:00',
      end_date: '2027-06-01 22:00',
      status: 'publish',
      venue: ids.draftVenue,
      organizer: [ids.privateOrganizer, ids.publicOrganizer],
    });
    ids.event = event.id;
    slug = event.slug;
  });
  after(() => t.close());

  test('a write links only venues and organizers its caller may read; others are refused as unknown ids, naming the field', async () => {
    const times = { start_date: '2027-07-01 10:00', end_date: '2027-07-01 11:00' };
    refusedParam(
      await t.request('contributor', 'POST', 'events', { title: 'Borrowed venue', ...times, venue: ids.draftVenue }),
      'venue',
    );
    refusedParam(
      await t.request('contributor', 'POST', 'events', {
        title: 'Borrowed venue',
        ...times,
        venue: { id: ids.draftVenue },
      }),
      'venue',
    );
    refusedParam(
      await t.request('author', 'POST', 'events', {
        title: 'Borrowed organizer',
        ...times,
        organizer: [ids.publicOrganizer, ids.privateOrganizer],
      }),
      'organizer',
    );
    refusedParam(await t.request('contributor', 'POST', `events/${ids.event}`, { venue: ids.draftVenue }), 'venue');
    // What they may read they link: a published record, and their own draft.
    const own = await createRecord(t, 'venues', { venue: 'My Own Draft Hall' }, 'contributor');
    const linked = await t.request('contributor', 'POST', 'events', {
      title: 'Own venue',
      ...times,
      venue: own.id,
      organizer: [ids.publicOrganizer],
    });
    assert.equal(ok(linked, 201).json<{ venue: { id: number } }>().venue.id, own.id);
    const byEditor = await t.request('editor', 'POST', 'events', {
      title: 'Editor links the draft',
      ...times,
      venue: ids.draftVenue,
    });
    assert.equal(
      ok(byEditor, 201).json<{ venue: { venue: string } }>().venue.venue,
      'DraftVenueX',
      'an editor may read the draft, and so link it',
    );
  });

  test('the event by id and slug shows a reader only the linked records they may read', async () => {
    for (const as of ['anonymous', 'contributor', 'subscriber'] as const) {
      for (const url of [`events/${ids.event}`, `events/by-slug/${slug}`]) {
        const response = ok(await get(as, url));
        const event = response.json<{
          venue: unknown;
          organizer: { id: number }[];
          json_ld: Record<string, unknown>;
        }>();
        assert.deepEqual(event.venue, [], `${as} ${url}: no venue, as an event without one`);
        assert.deepEqual(
          event.organizer.map((organizer) => organizer.id),
          [ids.publicOrganizer],
          `${as} ${url}`,
        );
        assert.equal(event.json_ld.location, undefined);
        assert.deepEqual(leaks(response.body), [], `${as} ${url}`);
      }
    }
    const full = ok(await get('administrator', `events/${ids.event}`)).json<{
      venue: { venue: string; address: string };
      organizer: { id: number }[];
    }>();
    assert.equal(full.venue.venue, 'DraftVenueX');
    assert.equal(full.venue.address, '77 Draft Rd');
    assert.deepEqual(
      full.organizer.map((organizer) => organizer.id),
      [ids.privateOrganizer, ids.publicOrganizer],
    );
  });

  test('the archive, its JSON-LD and a sync page leave the hidden records out; the administrator sees them', async () => {
    const list = ok(await get('anonymous', 'events?start_date=2027-01-01'));
    const listed = list
      .json<{ events: { id: number; venue: unknown }[] }>()
      .events.find((event) => event.id === ids.event);
    assert.deepEqual(listed?.venue, []);
    assert.deepEqual(leaks(list.body), []);
    const linkedData = ok(await get('anonymous', 'events?start_date=2027-01-01', { accept: 'application/ld+json' }));
    assert.match(linkedData.body, /Linked Gala/);
    assert.deepEqual(leaks(linkedData.body), []);
    const synced = ok(await get('anonymous', `events?sync_token=${encodeURIComponent(startToken)}`));
    assert.match(synced.body, /Linked Gala/);
    assert.deepEqual(leaks(synced.body), []);
    assert.match(ok(await get('administrator', 'events?start_date=2027-01-01')).body, /DraftVenueX/);
  });

  test('iCalendar feeds and the public pages leave the hidden records out', async () => {
    const urls = [
      `events.ics?start_date=2027-01-01`,
      `events/${ids.event}.ics`,
      '/events/?ical=1&tribe-bar-date=2027-06',
      `/event/${slug}/`,
      '/events/?date=2027-06-01',
      '/events/embed/?tribe-bar-date=2027-06-01',
    ];
    for (const url of urls) {
      const response = ok(await get('anonymous', url));
      assert.match(response.body, /Linked Gala/, url);
      assert.deepEqual(leaks(response.body), [], url);
    }
    const feed = ok(await get('administrator', `events/${ids.event}.ics`)).body;
    assert.match(feed, /LOCATION:DraftVenueX/, 'the filter is by reader: the administrator still gets it');
  });

  test('the archive filtered by a venue or organizer the caller may not read answers as for an unknown id', async () => {
    refusedParam(await get('anonymous', `events?venue=${ids.draftVenue}`), 'venue');
    refusedParam(await get('contributor', `events?organizer=${ids.privateOrganizer}`), 'organizer');
    refusedParam(await get('anonymous', `events.ics?venue=${ids.draftVenue}`), 'venue');
    const byAdmin = ok(await get('administrator', `events?start_date=2027-01-01&venue=${ids.draftVenue}`)).json<{
      events: { id: number }[];
    }>();
    assert.ok(byAdmin.events.some((event) => event.id === ids.event));
    ok(await get('anonymous', `events?start_date=2027-01-01&organizer=${ids.publicOrganizer}`));
  });

  test("the geoloc filters look only at the coordinates of venues the caller may read, and follow a venue's status", async () => {
    const venue = await createRecord(t, 'venues', {
      venue: 'Hidden Coordinates Hall',
      status: 'draft',
      geo_lat: 45.1,
      geo_lng: 7.6,
    });
    const event = await createRecord(t, 'events', {
      title: 'Geo Gala',
      start_date: '2027-09-01 19:00',
      end_date: '2027-09-01 20:00',
      status: 'publish',
      venue: venue.id,
    });
    const window = 'start_date=2027-09-01&end_date=2027-09-02';
    const listed = async (as: Caller, filter: string) =>
      ok(await get(as, `events?${window}&${filter}`))
        .json<{ events: { id: number }[] }>()
        .events.map((one) => one.id);
    for (const filter of ['geoloc=1', 'geoloc_lat=45.1&geoloc_lng=7.6&geoloc_radius=1']) {
      assert.deepEqual(
        await listed('anonymous', filter),
        [],
        `${filter}: a hidden venue's coordinates are not searched`,
      );
      assert.deepEqual(await listed('administrator', filter), [event.id], filter);
    }
    assert.deepEqual(
      await listed('anonymous', 'geoloc=0'),
      [event.id],
      'without a venue it may read, the event has no coordinates',
    );
    ok(await t.request('administrator', 'POST', `venues/${venue.id}`, { status: 'publish' }));
    assert.deepEqual(await listed('anonymous', 'geoloc=1'), [event.id], 'published: the cached archive follows');
  });

  test("a linked venue's status change retires the anonymous reader's cached event and archive", async () => {
    const venue = await createRecord(t, 'venues', { venue: 'Soon Open Hall', status: 'draft' });
    const event = await createRecord(t, 'events', {
      title: 'Cache Gala',
      start_date: '2027-08-01 19:00',
      end_date: '2027-08-01 20:00',
      status: 'publish',
      venue: venue.id,
    });
    const single = async () => ok(await get('anonymous', `events/${event.id}`)).json<{ venue: unknown }>().venue;
    const listed = async () =>
      ok(await get('anonymous', 'events?start_date=2027-08-01&end_date=2027-08-02')).json<{
        events: { venue: unknown }[];
      }>().events[0]?.venue;
    assert.deepEqual(await single(), []);
    assert.deepEqual(await listed(), []);
    ok(await t.request('administrator', 'POST', `venues/${venue.id}`, { status: 'publish' }));
    assert.equal(
      ((await single()) as { venue: string }).venue,
      'Soon Open Hall',
      'published: the cached event shows it',
    );
    assert.equal(((await listed()) as { venue: string }).venue, 'Soon Open Hall');
    ok(await t.request('administrator', 'POST', `venues/${venue.id}`, { status: 'draft' }));
    assert.deepEqual(await single(), [], 'a draft again: it disappears');
    assert.deepEqual(await listed(), []);
  });
});
