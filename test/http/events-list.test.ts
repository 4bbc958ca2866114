import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { DateTime } from 'luxon';
import type { Role } from '../../src/auth/roles.ts';
import { API, createRecord, createTestApp, DIALECT, type TestApp, TEST_NOW } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/** The origin app.inject requests come from; every emitted URL starts with it. */
const ORIGIN = 'http://localhost:80';
const EVENTS_URL = `${ORIGIN}${API}/events/`;
/** An archive's `rest_url`: these arguments, URL-encoded as its links are (decision 0099; the original leaves spaces raw). */
const restUrl = (query: string) => `${EVENTS_URL}?${new URLSearchParams(query).toString()}`;
const SITE_ZONE = 'America/New_York';
const WIRE = 'yyyy-MM-dd HH:mm:ss';
type Caller = Role | 'anonymous';
type Json = Record<string, unknown>;
type EventJson = Json & { id: number; title: string; slug: string };

function assertInvalidParams(response: LightMyRequestResponse, ...params: string[]): void {
  assert.equal(response.statusCode, 400, response.body);
  assert.equal(response.json().code, 'rest_invalid_param');
  assert.deepEqual(Object.keys(response.json().data.params), params, response.body);
}

/** The original's default window (wire-format 4.1.1) at the test apps' pinned now, computed independently of the service. */
function defaultWindow(zone: string): { start: string; end: string } {
  const now = DateTime.fromISO(TEST_NOW, { zone: 'utc' });
  const yesterdayEnd = now.minus({ days: 1 }).set({ hour: 23, minute: 59, second: 0 });
  return {
    start: yesterdayEnd.setZone(zone).toFormat('yyyy-MM-dd 00:00:00'),
    end: now.plus({ months: 24 }).toFormat('yyyy-MM-dd 23:59:59'),
  };
}

describe(`events: list (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: SITE_ZONE } });
  });
  after(() => t.close());

  const create = (title: string, fields: Json = {}, as: Role = 'administrator') =>
    createEvent<EventJson>(t, { title, start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00', ...fields }, as);
  const list = async (query: string, as: Caller = 'anonymous') => {
    const response = await t.request(as, 'GET', `events?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return { response, body: response.json<Json & { events: EventJson[] }>() };
  };
  const titles = async (query: string, as: Caller = 'anonymous') =>
    (await list(query, as)).body.events.map((event) => event.title);

  describe('default window', () => {
    const window = defaultWindow(SITE_ZONE);
    const local = (wire: string, shift: Record<string, number>) =>
      DateTime.fromFormat(wire, WIRE).plus(shift).toFormat(WIRE);
    before(async () => {
      const running = DateTime.fromISO(TEST_NOW).setZone(SITE_ZONE);
      await create('Window started last week dfw', {
        start_date: running.minus({ weeks: 1 }).toFormat(WIRE),
        end_date: running.plus({ days: 3 }).toFormat(WIRE),
      });
      await create('Window just before dfw', {
        start_date: local(window.start, { hours: -1 }),
        end_date: local(window.start, { minutes: -30 }),
      });
      await create('Window first hour dfw', { start_date: window.start, end_date: local(window.start, { hours: 1 }) });
      await create('Window last second dfw', { start_date: local(window.end, { hours: -1 }), end_date: window.end });
      await create('Window too far dfw', {
        start_date: local(window.end, { hours: -1 }),
        end_date: local(window.end, { seconds: 1 }),
      });
    });

    test('lists events starting from the beginning of yesterday-23:59-UTC in the site zone and ending within 24 months', async () => {
      const { body } = await list('search=dfw');
      assert.deepEqual(
        body.events.map((event) => event.title),
        ['Window first hour dfw', 'Window last second dfw'],
      );
      assert.equal(
        body.rest_url,
        restUrl(`page=1&per_page=10&start_date=${window.start}&end_date=${window.end}&search=dfw&status=publish`),
      );
    });

    test('any relative bound drops the defaults; an explicit start_date keeps the default end', async () => {
      assert.deepEqual(await titles('search=dfw&starts_after=2000-01-01'), [
        'Window started last week dfw',
        'Window just before dfw',
        'Window first hour dfw',
        'Window last second dfw',
        'Window too far dfw',
      ]);
      assert.deepEqual(await titles('search=dfw&start_date=2000-01-01'), [
        'Window started last week dfw',
        'Window just before dfw',
        'Window first hour dfw',
        'Window last second dfw',
      ]);
    });

    test('include ignores every date filter and orders by publication date (decisions.md #9)', async () => {
      const far = await create('Include far dfx', {
        start_date: '2099-01-01',
        end_date: '2099-01-01',
        date: '2020-01-01 00:00:00',
      });
      const old = await create('Include old dfx', {
        start_date: '2001-01-01',
        end_date: '2001-01-01',
        date: '2021-01-01 00:00:00',
      });
      const { body } = await list(`include=${old.id},${far.id}&start_date=2050-01-01`);
      assert.deepEqual(
        body.events.map((event) => event.id),
        [far.id, old.id],
      );
      assert.equal(body.rest_url, restUrl(`page=1&per_page=10&status=publish&include=${old.id},${far.id}`));
    });
  });

  describe('date filters', () => {
    before(async () => {
      await create('Alpha dtf', { start_date: '2030-03-10 10:00:00', end_date: '2030-03-10 11:00:00' });
      await create('Bravo dtf', { start_date: '2030-03-11 23:30:00', end_date: '2030-03-12 00:30:00' });
      // Compared by its own wall clock, whatever its zone (wire-format 4.1.2).
      await create('Charlie dtf', {
        start_date: '2030-03-12 09:00:00',
        end_date: '2030-03-12 10:00:00',
        timezone: 'Europe/Rome',
      });
    });
    // Non-strict: whole days; strict: instants (naive = UTC) converted to the New York wall clock (EDT from March 10, 2030).
    const cases: ReadonlyArray<readonly [query: string, expected: readonly string[]]> = [
      ['start_date=2030-03-11&end_date=2030-03-12', ['Bravo dtf', 'Charlie dtf']],
      ['start_date=2030-03-11&end_date=2030-03-11', []],
      ['starts_before=2030-03-11', ['Alpha dtf', 'Bravo dtf']],
      ['starts_after=2030-03-11', ['Charlie dtf']],
      ['ends_before=2030-03-11', ['Alpha dtf']],
      ['ends_after=2030-03-11', ['Bravo dtf', 'Charlie dtf']],
      ['starts_after=2030-03-12 03:00:00', []],
      ['starts_after=2030-03-12 03:00:00&strict_dates=true', ['Bravo dtf', 'Charlie dtf']],
      [`starts_before=${encodeURIComponent('2030-03-11T23:45:00-04:00')}&strict_dates=1`, ['Alpha dtf', 'Bravo dtf']],
      ['start_date=2030-03-10 14:30:00&end_date=2030-03-12 23:00:00&strict_dates=yes', ['Bravo dtf', 'Charlie dtf']],
    ];
    for (const [query, expected] of cases) {
      test(`${query}: ${expected.join(', ') || 'nothing'}`, async () => {
        assert.deepEqual(await titles(`search=dtf&${query}`), expected);
      });
    }

    test('the bounds are echoed normalised, the defaults dropped', async () => {
      const { body } = await list('search=dtf&starts_after=2030-03-12 03:00:00&strict_dates=true');
      assert.equal(
        body.rest_url,
        restUrl('page=1&per_page=10&search=dtf&status=publish&starts_after=2030-03-11 23:00:00'),
      );
    });

    for (const param of ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after']) {
      test(`an unparseable ${param} is a 400 naming it`, async () => {
        assertInvalidParams(await t.request('anonymous', 'GET', `events?${param}=garbage`), param);
      });
    }
  });

  describe('search', () => {
    before(async () => {
      await create('Opera Gala qsx', { description: 'Sung in Italian', excerpt: 'Tickets at the door' });
      await create('Rock Night qsx', { description: 'Loud guitars' });
      await create('Secret qsx', { description: 'A hidden opera', post_password: 'pw' });
    });
    const cases: ReadonlyArray<readonly [query: string, as: Caller, expected: readonly string[]]> = [
      ['OPERA qsx', 'anonymous', ['Opera Gala qsx']],
      ['OPERA qsx', 'administrator', ['Opera Gala qsx', 'Secret qsx']],
      ['italian', 'anonymous', ['Opera Gala qsx']],
      ['door', 'anonymous', ['Opera Gala qsx']],
      ['qsx loud', 'anonymous', ['Rock Night qsx']],
      ['in qsx', 'anonymous', ['Opera Gala qsx']],
      ['secret', 'anonymous', ['Secret qsx']],
      ['qsx nowhere', 'anonymous', []],
    ];
    for (const [search, as, expected] of cases) {
      test(`"${search}" as ${as}: ${expected.join(', ') || 'nothing'}`, async () => {
        assert.deepEqual(await titles(`search=${encodeURIComponent(search)}`, as), expected);
      });
    }

    test('a protected event is listed stripped (wire-format 2.9) and counted, unless the password is given', async () => {
      const { body } = await list('search=secret');
      const [secret] = body.events;
      assert.equal(body.total, 1);
      assert.deepEqual(
        [
          secret!.title,
          secret!.description,
          secret!.all_day,
          secret!.show_map,
          secret!.website,
          secret!.cost_details,
          secret!.venue,
          secret!.categories,
        ],
        [
          'Secret qsx',
          '',
          null,
          null,
          '',
          { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
          [],
          [],
        ],
      );
      assert.equal((await list('search=secret&password=pw')).body.events[0]!.description, '<p>A hidden opera</p>');
    });
  });

  describe('taxonomy and link filters', () => {
    const terms: Record<string, Json> = {};
    const linked: Record<string, Json> = {};
    before(async () => {
      terms.music = (await t.request('administrator', 'POST', 'categories', { name: 'Music tlf' })).json();
      terms.jazz = (
        await t.request('administrator', 'POST', 'categories', { name: 'Jazz tlf', parent: terms.music.id })
      ).json();
      terms.sport = (await t.request('administrator', 'POST', 'categories', { name: 'Sport tlf' })).json();
      terms.free = (await t.request('administrator', 'POST', 'tags', { name: 'free-tlf' })).json();
      linked.hall = (
        await t.request('administrator', 'POST', 'venues', { venue: 'Hall tlf', geo_lat: 41.9, geo_lng: 12.5 })
      ).json();
      linked.park = (await t.request('administrator', 'POST', 'venues', { venue: 'Park tlf' })).json();
      linked.ann = (await t.request('administrator', 'POST', 'organizers', { organizer: 'Ann tlf' })).json();
      linked.bob = (await t.request('administrator', 'POST', 'organizers', { organizer: 'Bob tlf' })).json();
      await create('One tlf', {
        categories: [terms.jazz.id],
        tags: [terms.free.id],
        venue: linked.hall.id,
        organizer: [linked.ann.id],
        featured: true,
      });
      await create('Two tlf', { categories: [terms.music.id], venue: linked.park.id, organizer: [linked.bob.id] });
      await create('Three tlf', {
        categories: [terms.sport.id],
        venue: linked.hall.id,
        organizer: [linked.ann.id, linked.bob.id],
      });
      linked.hiddenEvent = await create('Hidden tlf', { categories: [terms.jazz.id], hide_from_listings: true });
    });
    const cases: ReadonlyArray<readonly [label: string, query: () => string, expected: readonly string[]]> = [
      ['categories=music', () => `categories=${terms.music!.id}`, ['One tlf', 'Two tlf']],
      ['categories=jazz-tlf', () => 'categories=jazz-tlf', ['One tlf']],
      [
        'categories[]=jazz-tlf&categories[]=sport',
        () => `categories[]=jazz-tlf&categories[]=${terms.sport!.id}`,
        ['One tlf', 'Three tlf'],
      ],
      ['tags=free-tlf', () => 'tags=free-tlf', ['One tlf']],
      ['venue=hall', () => `venue=${linked.hall!.id}`, ['One tlf', 'Three tlf']],
      ['venue=hall,park', () => `venue=${linked.hall!.id},${linked.park!.id}`, ['One tlf', 'Two tlf', 'Three tlf']],
      ['organizer=bob', () => `organizer=${linked.bob!.id}`, ['Two tlf', 'Three tlf']],
      ['venue=hall&organizer=bob', () => `venue=${linked.hall!.id}&organizer=${linked.bob!.id}`, ['Three tlf']],
      [
        'categories=music&organizer=ann',
        () => `categories=${terms.music!.id}&organizer=${linked.ann!.id}`,
        ['One tlf'],
      ],
      ['featured=true', () => 'featured=true', ['One tlf']],
      ['featured=false', () => 'featured=false', ['Two tlf', 'Three tlf']],
      ['geoloc=true', () => 'geoloc=true', ['One tlf', 'Three tlf']],
      [
        'geoloc_lat=41.95&geoloc_lng=12.5&geoloc_radius=10',
        () => 'geoloc_lat=41.95&geoloc_lng=12.5&geoloc_radius=10',
        ['One tlf', 'Three tlf'],
      ],
      ['geoloc_lat=45.46&geoloc_lng=9.19', () => 'geoloc_lat=45.46&geoloc_lng=9.19', []],
      ['ticketed=true', () => 'ticketed=true', []],
      ['ticketed=false', () => 'ticketed=false', ['One tlf', 'Two tlf', 'Three tlf']],
    ];
    for (const [label, query, expected] of cases) {
      test(`${label}: ${expected.join(', ') || 'nothing'}`, async () => {
        assert.deepEqual(await titles(`search=tlf&${query()}`), expected);
      });
    }

    test('a hidden-from-listings event is never listed, not even for editors, but readable by id', async () => {
      assert.deepEqual(await titles('search=tlf&categories=jazz-tlf', 'administrator'), ['One tlf']);
      assert.equal(
        (await t.request('anonymous', 'GET', `events/${linked.hiddenEvent!.id}`)).json().title,
        'Hidden tlf',
      );
    });

    const invalid: ReadonlyArray<readonly [label: string, query: () => string, param: string]> = [
      ['categories=no-such-category', () => 'categories=no-such-category', 'categories'],
      ['categories=free', () => `categories=${terms.free!.id}`, 'categories'],
      ['tags=999999', () => 'tags=999999', 'tags'],
      ['venue=ann', () => `venue=${linked.ann!.id}`, 'venue'],
      ['organizer=999999', () => 'organizer=999999', 'organizer'],
      ['geoloc_lat=41.9', () => 'geoloc_lat=41.9', 'geoloc_lng'],
      ['geoloc_lng=12.5', () => 'geoloc_lng=12.5', 'geoloc_lat'],
      ['post_parent=999999', () => 'post_parent=999999', 'post_parent'],
      ['include=abc', () => 'include=abc', 'include'],
    ];
    for (const [label, query, param] of invalid) {
      test(`${label} is a 400 naming ${param}`, async () => {
        assertInvalidParams(await t.request('anonymous', 'GET', `events?${query()}`), param);
      });
    }

    test('venue, organizer and featured are echoed at the end, the URL encoded; categories are not echoed', async () => {
      const { body } = await list(
        `search=tlf&venue=${linked.hall!.id}&organizer=${linked.ann!.id},${linked.bob!.id}&featured=true&categories=${terms.music!.id}`,
      );
      const { start, end } = defaultWindow(SITE_ZONE);
      const encoded = (wire: string) => wire.replace(' ', '+').replace(/:/g, '%3A');
      assert.equal(
        body.rest_url,
        `${EVENTS_URL}?page=1&per_page=10&start_date=${encoded(start)}&end_date=${encoded(end)}&search=tlf&status=publish&venue=${linked.hall!.id}&organizer=${linked.ann!.id}%2C${linked.bob!.id}&featured=1`,
      );
    });
  });

  describe('status', () => {
    before(async () => {
      await create('Published stx', {}, 'author');
      await create('Draft of contributor stx', {}, 'contributor');
      await create('Draft of author stx', { status: 'draft' }, 'author');
      await create('Private of editor stx', { status: 'private' }, 'editor');
    });
    const cases: ReadonlyArray<readonly [as: Caller, query: string, expected: readonly string[] | 400]> = [
      ['anonymous', '', ['Published stx']],
      ['anonymous', 'status=draft', 400],
      ['subscriber', 'status=publish,draft', 400],
      ['contributor', '', ['Published stx', 'Draft of contributor stx']],
      ['contributor', 'status=draft', ['Draft of contributor stx']],
      ['author', 'status=draft,private', ['Draft of author stx']],
      ['editor', 'status=draft', ['Draft of contributor stx', 'Draft of author stx']],
      [
        'administrator',
        '',
        ['Published stx', 'Draft of contributor stx', 'Draft of author stx', 'Private of editor stx'],
      ],
      ['editor', 'status=any', 400],
      ['contributor', 'status=bogus', 400],
    ];
    for (const [as, query, expected] of cases) {
      test(`${as} ${query || 'without status'}: ${expected === 400 ? '400' : expected.join(', ')}`, async () => {
        if (expected === 400)
          return assertInvalidParams(await t.request(as, 'GET', `events?search=stx&${query}`), 'status');
        assert.deepEqual(await titles(`search=stx&${query}`, as), expected);
      });
    }

    test('rest_url echoes status: publish for anonymous, any for editors, the list as given', async () => {
      assert.match((await list('search=stx')).body.rest_url as string, /&status=publish$/);
      assert.match((await list('search=stx', 'editor')).body.rest_url as string, /&status=any$/);
      assert.match(
        (await list('search=stx&status=draft,pending', 'editor')).body.rest_url as string,
        /&status=draft%2Cpending$/,
        'the list as given, URL-encoded (decision 0099)',
      );
    });
  });

  describe('order and pages', () => {
    before(async () => {
      // Created out of order; two share a start and are ordered by id.
      for (const [title, start] of [
        ['P3 pgx', '2027-09-03 10:00'],
        ['P1 pgx', '2027-09-01 10:00'],
        ['P2a pgx', '2027-09-02 10:00'],
        ['P2b pgx', '2027-09-02 10:00'],
        ['P4 pgx', '2027-09-04 10:00'],
      ] as const) {
        await create(title, { start_date: start, end_date: '2027-09-05 10:00' });
      }
    });

    test('ordered by local start, then id', async () => {
      assert.deepEqual(await titles('search=pgx'), ['P1 pgx', 'P2a pgx', 'P2b pgx', 'P3 pgx', 'P4 pgx']);
    });

    test('envelope key order, totals, headers and links of the middle page', async () => {
      const { body, response } = await list('search=pgx&per_page=2&page=2&start_date=2027-01-01');
      assert.deepEqual(Object.keys(body), [
        'events',
        'rest_url',
        'next_rest_url',
        'previous_rest_url',
        'total',
        'total_pages',
        'next_sync_token',
      ]);
      assert.deepEqual(
        [body.events.map((event) => event.title), body.total, body.total_pages],
        [['P2b pgx', 'P3 pgx'], 5, 3],
      );
      assert.deepEqual([response.headers['x-tec-total'], response.headers['x-tec-totalpages']], ['5', '3']);
      const { end } = defaultWindow(SITE_ZONE);
      const encodedEnd = end.replace(' ', '+').replace(/:/g, '%3A');
      // Encoded as its links are: no raw space (the original leaves them raw, decision 0099).
      assert.equal(
        body.rest_url,
        `${EVENTS_URL}?page=2&per_page=2&start_date=2027-01-01+00%3A00%3A00&end_date=${encodedEnd}&search=pgx&status=publish`,
      );
      assert.equal(new URL(body.rest_url).searchParams.get('start_date'), '2027-01-01 00:00:00');
      const linked = `${EVENTS_URL}?per_page=2&start_date=2027-01-01+00%3A00%3A00&end_date=${encodedEnd}&search=pgx&status=publish`;
      assert.deepEqual([body.next_rest_url, body.previous_rest_url], [`${linked}&page=3`, linked]);
    });

    test('per_page is capped at 50; past the last page is a 404; page 1 of nothing is an empty 200', async () => {
      assert.match((await list('search=pgx&per_page=100')).body.rest_url as string, /per_page=50&/);
      const past = await t.request('anonymous', 'GET', 'events?search=pgx&per_page=2&page=4');
      assert.equal(past.statusCode, 404);
      assert.deepEqual(past.json(), {
        code: 'event-archive-page-not-found',
        message: 'The requested event archive page does not exist',
        data: { status: 404 },
      });
      const { body, response } = await list('search=nothing-matches-this');
      assert.deepEqual(
        [body.events, body.total, body.total_pages, 'next_rest_url' in body, response.headers['x-tec-total']],
        [[], 0, 0, false, '0'],
      );
    });
  });
});

describe(`events: site in UTC (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'UTC' } });
  });
  after(() => t.close());

  test('the default window starts at the beginning of yesterday (UTC) and events default to UTC', async () => {
    const { start, end } = defaultWindow('UTC');
    assert.equal(start, DateTime.fromISO(TEST_NOW, { zone: 'utc' }).minus({ days: 1 }).toFormat('yyyy-MM-dd 00:00:00'));
    const event = (
      await t.request('administrator', 'POST', 'events', { title: 'Utc site', start_date: start, end_date: start })
    ).json();
    assert.deepEqual([event.timezone, event.timezone_abbr, event.utc_start_date], ['UTC', 'UTC', start]);
    const body = (await t.request('anonymous', 'GET', 'events')).json();
    assert.deepEqual(
      body.events.map((listed: Json) => listed.id),
      [event.id],
    );
    assert.equal(body.rest_url, restUrl(`page=1&per_page=10&start_date=${start}&end_date=${end}&status=publish`));
  });

  test('strict dates are read as UTC instants and stay as they are on a UTC site', async () => {
    const body = (
      await t.request('anonymous', 'GET', 'events?starts_after=2030-01-01 10:00:00&strict_dates=true')
    ).json();
    assert.match(body.rest_url, /starts_after=2030-01-01\+10%3A00%3A00$/);
  });
});

describe(`events: terms, venues and organizers with real events (${DIALECT})`, () => {
  let t: TestApp;
  const record: Record<string, Json> = {};
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: SITE_ZONE } });
    const make = (collection: string, fields: Json) => createRecord(t, collection, fields);
    record.parent = await make('categories', { name: 'Parent rel' });
    record.child = await make('categories', { name: 'Child rel', parent: record.parent.id });
    record.draftOnly = await make('categories', { name: 'Draft only rel' });
    record.unused = await make('categories', { name: 'Unused rel' });
    for (const key of ['upcoming', 'draftEvent', 'past', 'unlinked']) {
      record[`venue-${key}`] = await make('venues', { venue: `Venue ${key} rel` });
      record[`organizer-${key}`] = await make('organizers', { organizer: `Organizer ${key} rel` });
    }
    const event = (fields: Json) =>
      createEvent(t, { title: 'Rel event', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', ...fields });
    const links = (key: string) => ({ venue: record[`venue-${key}`]!.id, organizer: [record[`organizer-${key}`]!.id] });
    record.upcomingEvent = await event({ categories: [record.child.id], ...links('upcoming') });
    record.draftEvent = await event({ status: 'draft', categories: [record.draftOnly.id], ...links('draftEvent') });
    record.pastEvent = await event({ start_date: '2001-01-01 10:00', end_date: '2001-01-01 11:00', ...links('past') });
  });
  after(() => t.close());

  const names = async (collection: string, query: string, key: string) =>
    (await t.request('anonymous', 'GET', `${collection}?${query}`)).json()[collection].map((item: Json) => item[key]);

  test('hide_empty counts published events only; a parent with a non-empty child shows', async () => {
    assert.deepEqual(await names('categories', 'search=rel', 'name'), ['Child rel', 'Parent rel']);
    const counts = (await t.request('anonymous', 'GET', 'categories?search=rel&hide_empty=0'))
      .json()
      .categories.map((term: Json) => [term.name, term.count]);
    assert.deepEqual(counts, [
      ['Child rel', 1],
      ['Draft only rel', 0],
      ['Parent rel', 0],
      ['Unused rel', 0],
    ]);
  });

  test('categories of one event: post and event filters', async () => {
    for (const param of ['post', 'event']) {
      assert.deepEqual(await names('categories', `${param}=${record.upcomingEvent!.id}&hide_empty=0`, 'name'), [
        'Child rel',
      ]);
    }
  });

  test('publishing a draft brings its category into the counts; trashing takes it out again', async () => {
    const category = (await t.request('administrator', 'POST', 'categories', { name: 'Toggle cat' })).json();
    const draft = (
      await t.request('administrator', 'POST', 'events', {
        title: 'Toggle',
        status: 'draft',
        start_date: '2030-01-01',
        end_date: '2030-01-01',
        categories: [category.id],
      })
    ).json();
    const count = async () => (await t.request('anonymous', 'GET', `categories/${category.id}`)).json().count;
    assert.equal(await count(), 0);
    await t.request('administrator', 'PATCH', `events/${draft.id}`, { status: 'publish' });
    assert.equal(await count(), 1);
    await t.request('administrator', 'DELETE', `events/${draft.id}`);
    assert.equal(await count(), 0);
  });

  for (const [collection, key] of [
    ['venues', 'venue'],
    ['organizers', 'organizer'],
  ] as const) {
    const filters: ReadonlyArray<readonly [query: string, expected: readonly string[]]> = [
      // A draft does not make a record "have events" (issue 12: only published events count).
      ['has_events=true', ['past', 'upcoming']],
      ['has_events=false', ['draftEvent', 'unlinked']],
      ['only_with_upcoming=true', ['upcoming']],
    ];
    for (const [query, expected] of filters) {
      test(`${collection} ${query}: ${expected.join(', ')}`, async () => {
        const listed = (await names(collection, `search=rel&per_page=50&${query}`, key)) as string[];
        assert.deepEqual(
          [...listed].sort(),
          expected.map((name) => `${key === 'venue' ? 'Venue' : 'Organizer'} ${name} rel`),
        );
      });
    }
    test(`${collection} event= keeps the records of that event`, async () => {
      assert.deepEqual(await names(collection, `event=${record.upcomingEvent!.id}`, key), [
        `${key === 'venue' ? 'Venue' : 'Organizer'} upcoming rel`,
      ]);
    });
  }
});
