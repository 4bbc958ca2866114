import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { DateTime } from 'luxon';
import type { Role } from '../../src/auth/roles.ts';
import { API, createTestApp, DIALECT, type TestApp, TEST_NOW } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/** The origin app.inject requests come from; every emitted URL starts with it. */
const ORIGIN = 'http://localhost:80';
const BASE = `${ORIGIN}${API}`;
const SITE_ZONE = 'America/New_York';
const WIRE = 'yyyy-MM-dd HH:mm:ss';
type Caller = Role | 'anonymous';
type Json = Record<string, unknown>;
type EventJson = Json & {
  id: number;
  slug: string;
  status: string;
  author: string;
  title: string;
  url: string;
  timezone: string;
  timezone_abbr: string;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  cost: string;
  website: string;
  categories: Json[];
  tags: Json[];
  venue: Json | Json[];
  organizer: Json[];
  image: false | Json;
};

function assertError(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().code, code, response.body);
}

function assertInvalidParams(response: LightMyRequestResponse, ...params: string[]): void {
  assertError(response, 400, 'rest_invalid_param');
  assert.deepEqual(Object.keys(response.json().data.params), params, response.body);
}

const ids = (records: Json[]) => records.map((record) => record.id);
const names = (records: Json[]) => records.map((record) => record.name);
/** `venue` is an object for one venue, `[]` for none, a list for several (wire-format 2.1). */
const venueIds = (venue: Json | Json[]) => (Array.isArray(venue) ? ids(venue) : [venue.id]);

/** The next hour of the event, one day long enough for a valid create. */
const SLOT = { start_date: '2027-01-15 09:30:00', end_date: '2027-01-15 11:00:00' };

describe(`events: create (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: SITE_ZONE } });
  });
  after(() => t.close());

  const post = (fields: Json, as: Caller = 'administrator') => t.request(as, 'POST', 'events', fields);
  const create = (fields: Json, as: Role = 'administrator') =>
    createEvent<EventJson>(t, { title: 'Event', ...SLOT, ...fields }, as);

  describe('required fields and dates', () => {
    const missing: ReadonlyArray<readonly [body: Json, message: string]> = [
      [{}, 'title, start_date, end_date'],
      [{ title: 'x' }, 'start_date, end_date'],
      [{ start_date: '2027-01-01' }, 'title, end_date'],
      [{ title: null, start_date: '2027-01-01', end_date: null }, 'title, end_date'],
    ];
    for (const [body, message] of missing) {
      test(`${JSON.stringify(body)} is a 400 rest_missing_callback_param listing ${message}`, async () => {
        const response = await post(body);
        assertError(response, 400, 'rest_missing_callback_param');
        assert.equal(response.json().message, `Missing parameter(s): ${message}`);
        assert.deepEqual(response.json().data.params, message.split(', '));
      });
    }

    for (const field of ['start_date', 'end_date'] as const) {
      test(`an unparseable ${field} is a 400 naming it`, async () => {
        assertInvalidParams(await post({ title: 'x', ...SLOT, [field]: 'not a date' }), field);
      });
    }

    test('an end before the start is a 400 naming end_date (decisions.md section 6)', async () => {
      assertInvalidParams(
        await post({ title: 'x', start_date: '2027-01-15 10:00:00', end_date: '2027-01-15 09:59:59' }),
        'end_date',
      );
    });

    test('a start or end outside years 1 to 9999 in UTC, though not in its zone, is a 400 naming it (decision 0048)', async () => {
      assertInvalidParams(
        await post({
          title: 'x',
          start_date: '9999-12-31 22:00',
          end_date: '9999-12-31 23:00',
          timezone: 'America/Los_Angeles',
        }),
        'start_date',
      );
      assertInvalidParams(
        await post({
          title: 'x',
          start_date: '9999-12-31 10:00',
          end_date: '9999-12-31 23:00',
          timezone: 'America/Los_Angeles',
        }),
        'end_date',
      );
      assertInvalidParams(
        await post({
          title: 'x',
          start_date: '0001-01-01 00:30',
          end_date: '0001-01-01 01:00',
          timezone: 'Asia/Tokyo',
        }),
        'start_date',
      );
    });

    test('an unknown time zone is a 400 naming timezone', async () => {
      const response = await post({ title: 'x', ...SLOT, timezone: 'Mars/Base' });
      assertInvalidParams(response, 'timezone');
      // The envelope says what is accepted (issue 32: "Invalid parameter." alone).
      assert.match(response.json().data.params.timezone, /IANA time zone such as Europe\/Paris.*UTC\+2/);
    });

    const nowIn = (zone: string) => DateTime.fromISO(TEST_NOW).setZone(zone);
    const nextMonday = () => {
      const today = nowIn(SITE_ZONE).startOf('day');
      return today.plus({ days: (8 - today.weekday) % 7 || 7 });
    };
    // The site is in New York. A written offset or Z is an instant, converted into the event's zone
    // (decision 0010; the original drops the offset and keeps the wall clock, wire-format 5.1).
    const forms: ReadonlyArray<readonly [input: string | number, local: () => string]> = [
      ['2027-01-15 09:30:00', () => '2027-01-15 09:30:00'],
      ['2027-01-15', () => '2027-01-15 00:00:00'],
      ['2027-01-15T09:30:00', () => '2027-01-15 09:30:00'],
      ['2027-01-15T09:30:00+02:00', () => '2027-01-15 02:30:00'],
      ['2027-01-15T09:30:00Z', () => '2027-01-15 04:30:00'],
      // A timestamp gives its UTC wall clock, then read as local time (QUIRK kept).
      ['1797000000', () => '2026-12-11 14:40:00'],
      ['tomorrow', () => nowIn(SITE_ZONE).startOf('day').plus({ days: 1 }).toFormat(WIRE)],
      ['next monday', () => nextMonday().toFormat(WIRE)],
    ];
    for (const [input, local] of forms) {
      test(`start_date ${JSON.stringify(input)} is the local start ${local()}`, async () => {
        const event = await create({ start_date: input, end_date: '2030-01-01 00:00:00' });
        assert.equal(event.start_date, local());
        assert.equal(
          event.utc_start_date,
          DateTime.fromFormat(local(), WIRE, { zone: SITE_ZONE }).toUTC().toFormat(WIRE),
        );
      });
    }

    test('a date sent as a JSON number is refused as the original refuses it, on every date field (a timestamp is sent as digits in a string)', async () => {
      for (const field of ['start_date', 'end_date', 'date', 'date_utc']) {
        const response = await t.request('administrator', 'POST', `${API}/events`, {
          title: 'Numeric date',
          start_date: '2027-01-15 09:30:00',
          end_date: '2027-01-15 10:30:00',
          [field]: 12345,
        });
        assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
        const body = response.json<{ code: string; data: { params: Record<string, string> } }>();
        assert.equal(body.code, 'rest_invalid_param');
        assert.deepEqual(body.data.params, { [field]: `${field} is not of type string.` });
      }
      for (const collection of ['venues', 'organizers']) {
        const name = collection === 'venues' ? 'venue' : 'organizer';
        const response = await t.request('administrator', 'POST', `${API}/${collection}`, {
          [name]: 'Numeric date',
          date: 12345,
        });
        assert.equal(response.statusCode, 400, `${collection}: ${response.body}`);
        assert.deepEqual(response.json<{ data: { params: Record<string, string> } }>().data.params, {
          date: 'date is not of type string.',
        });
      }
    });

    test('"+1 week" keeps the time of day, a week from now in the event zone', async () => {
      const event = await create({ start_date: '+1 week', end_date: '+2 weeks', timezone: 'Asia/Tokyo' });
      const expected = nowIn('Asia/Tokyo').plus({ weeks: 1 });
      const start = DateTime.fromFormat(event.start_date, WIRE, { zone: 'Asia/Tokyo' });
      assert.ok(
        Math.abs(start.diff(expected, 'seconds').seconds) < 5,
        `${event.start_date} vs ${expected.toFormat(WIRE)}`,
      );
      assert.equal(event.timezone_abbr, 'JST');
    });

    // utc_* and the abbreviation follow DST at each date, not at the time of the request.
    const zones: ReadonlyArray<readonly [label: string, fields: Json, expected: Json]> = [
      [
        'a winter evening in the site zone',
        { start_date: '2026-12-11 10:00:00', end_date: '2026-12-11 11:00:00' },
        {
          timezone: SITE_ZONE,
          timezone_abbr: 'EST',
          utc_start_date: '2026-12-11 15:00:00',
          utc_end_date: '2026-12-11 16:00:00',
        },
      ],
      [
        'a summer evening (EDT) crossing UTC midnight',
        { start_date: '2027-07-10 19:00:00', end_date: '2027-07-10 22:30:00' },
        {
          timezone: SITE_ZONE,
          timezone_abbr: 'EDT',
          utc_start_date: '2027-07-10 23:00:00',
          utc_end_date: '2027-07-11 02:30:00',
        },
      ],
      [
        'a night across the spring-forward change',
        { start_date: '2027-03-13 23:00:00', end_date: '2027-03-14 04:00:00' },
        {
          timezone: SITE_ZONE,
          timezone_abbr: 'EST',
          utc_start_date: '2027-03-14 04:00:00',
          utc_end_date: '2027-03-14 08:00:00',
        },
      ],
      [
        'a night across the fall-back change, starting in EDT',
        { start_date: '2027-11-06 22:00:00', end_date: '2027-11-07 03:00:00' },
        {
          timezone: SITE_ZONE,
          timezone_abbr: 'EDT',
          utc_start_date: '2027-11-07 02:00:00',
          utc_end_date: '2027-11-07 08:00:00',
        },
      ],
      [
        'local midnight of New Year in Chicago',
        { start_date: '2026-12-31 22:00:00', end_date: '2027-01-01 01:00:00', timezone: 'America/Chicago' },
        {
          timezone: 'America/Chicago',
          timezone_abbr: 'CST',
          utc_start_date: '2027-01-01 04:00:00',
          utc_end_date: '2027-01-01 07:00:00',
        },
      ],
      [
        'a WordPress offset zone',
        { ...SLOT, timezone: 'UTC+2' },
        {
          timezone: 'UTC+2',
          timezone_abbr: 'UTC+2',
          utc_start_date: '2027-01-15 07:30:00',
          utc_end_date: '2027-01-15 09:00:00',
        },
      ],
      [
        'UTC',
        { ...SLOT, timezone: 'UTC' },
        {
          timezone: 'UTC',
          timezone_abbr: 'UTC',
          utc_start_date: '2027-01-15 09:30:00',
          utc_end_date: '2027-01-15 11:00:00',
        },
      ],
      [
        'an empty timezone: the site zone',
        { ...SLOT, timezone: '' },
        {
          timezone: SITE_ZONE,
          timezone_abbr: 'EST',
          utc_start_date: '2027-01-15 14:30:00',
          utc_end_date: '2027-01-15 16:00:00',
        },
      ],
    ];
    for (const [label, fields, expected] of zones) {
      test(`${label}: ${JSON.stringify(expected)}`, async () => {
        const event = await create(fields);
        assert.deepEqual(
          {
            timezone: event.timezone,
            timezone_abbr: event.timezone_abbr,
            utc_start_date: event.utc_start_date,
            utc_end_date: event.utc_end_date,
          },
          expected,
        );
        assert.deepEqual([event.start_date, event.end_date], [fields.start_date, fields.end_date]);
      });
    }

    test('all_day runs from 00:00:00 of the start day to 23:59:59 of the end day, local; utc_* across the DST change', async () => {
      const event = await create({ start_date: '2027-03-13 15:00:00', end_date: '2027-03-14', all_day: true });
      assert.deepEqual(
        [event.all_day, event.start_date, event.end_date, event.utc_start_date, event.utc_end_date],
        [true, '2027-03-13 00:00:00', '2027-03-14 23:59:59', '2027-03-13 05:00:00', '2027-03-15 03:59:59'],
      );
    });

    test('date details are zero-padded strings cut from each date', async () => {
      const event = await create({ start_date: '2027-02-05 07:08:09', end_date: '2027-02-05 23:00:00' });
      assert.deepEqual(event.start_date_details, {
        year: '2027',
        month: '02',
        day: '05',
        hour: '07',
        minutes: '08',
        seconds: '09',
      });
      assert.deepEqual(event.utc_start_date_details, {
        year: '2027',
        month: '02',
        day: '05',
        hour: '12',
        minutes: '08',
        seconds: '09',
      });
      assert.deepEqual(event.utc_end_date_details, {
        year: '2027',
        month: '02',
        day: '06',
        hour: '04',
        minutes: '00',
        seconds: '00',
      });
    });
  });

  describe('status, author, slug', () => {
    const scaleBack: ReadonlyArray<readonly [as: Role, requested: string | undefined, stored: string]> = [
      ['contributor', undefined, 'draft'],
      ['contributor', 'publish', 'pending'],
      ['contributor', 'private', 'pending'],
      ['contributor', 'draft', 'draft'],
      ['author', undefined, 'publish'],
      ['author', 'draft', 'draft'],
      ['editor', 'private', 'private'],
      ['administrator', 'pending', 'pending'],
    ];
    for (const [as, requested, stored] of scaleBack) {
      test(`${as} asking for ${requested ?? 'no status'} gets ${stored}`, async () => {
        const event = await create(
          { title: `Scale ${as} ${requested}`, ...(requested ? { status: requested } : {}) },
          as,
        );
        assert.equal(event.status, stored);
        assert.equal(event.author, String(t.ids[as]));
      });
    }

    test('a contributor draft has an empty slug and the query-form url; publishing it later gives a slug', async () => {
      const draft = await create({ title: 'Contributor Draft Slug' }, 'contributor');
      assert.deepEqual(
        [draft.slug, draft.url, draft.website],
        ['', `${ORIGIN}/?post_type=tribe_events&p=${draft.id}`, `${ORIGIN}/?post_type=tribe_events&p=${draft.id}`],
      );
      const published = await t.request('editor', 'PATCH', `events/${draft.id}`, { status: 'publish' });
      assert.equal(published.statusCode, 200, published.body);
      assert.deepEqual(
        [published.json().slug, published.json().url],
        ['contributor-draft-slug', `${ORIGIN}/event/contributor-draft-slug/`],
      );
    });

    test('publish with a future date schedules the event: status future, query-form url', async () => {
      const event = await create({ status: 'publish', date: '2030-05-01 12:00:00' }, 'author');
      assert.deepEqual(
        [event.status, event.date, event.date_utc],
        ['future', '2030-05-01 12:00:00', '2030-05-01 16:00:00'],
      );
      assert.equal(event.url, `${ORIGIN}/?post_type=tribe_events&p=${event.id}`);
    });

    test('setting author to another user: an author gets 403 rest_cannot_edit_others, an editor may', async () => {
      assertError(await post({ title: 'x', ...SLOT, author: t.ids.editor }, 'author'), 403, 'rest_cannot_edit_others');
      assert.equal((await create({ author: t.ids.author }, 'editor')).author, String(t.ids.author));
      assert.equal((await create({ author: t.ids.author }, 'author')).author, String(t.ids.author));
    });

    test('an unknown author is a 400 naming author', async () => {
      assertInvalidParams(await post({ title: 'x', ...SLOT, author: 999999 }), 'author');
    });

    test('the same title gets -2, -3; an explicit slug is sanitised', async () => {
      const slugs = [];
      for (let i = 0; i < 3; i++) slugs.push((await create({ title: 'Twin Title' })).slug);
      assert.deepEqual(slugs, ['twin-title', 'twin-title-2', 'twin-title-3']);
      assert.equal((await create({ slug: 'My Own Slug!' })).slug, 'my-own-slug');
    });

    test('a title used more than fifty times still gets the next free suffix', async () => {
      const slugs = [];
      for (let i = 0; i < 52; i++) slugs.push((await create({ title: 'Weekly Meetup' })).slug);
      assert.deepEqual(slugs.slice(-3), ['weekly-meetup-50', 'weekly-meetup-51', 'weekly-meetup-52']);
    });
  });

  describe('details', () => {
    // wire-format 2.8: display cost, parsed currency and the sorted numeric values.
    const costs: ReadonlyArray<readonly [input: string, cost: string, details: Json]> = [
      ['15', '$15', { currency_symbol: '', currency_code: '', currency_position: '', values: ['15'] }],
      ['€15', '€15', { currency_symbol: '€', currency_code: '', currency_position: 'prefix', values: ['15'] }],
      ['Free', 'Free', { currency_symbol: '', currency_code: '', currency_position: '', values: ['free'] }],
      ['10,50', '$10,50', { currency_symbol: '', currency_code: '', currency_position: '', values: ['10.50'] }],
      ['5 USD', '5USD', { currency_symbol: 'USD', currency_code: '', currency_position: 'postfix', values: ['5'] }],
      [
        '$10 - $25',
        '$10 – $25',
        { currency_symbol: '', currency_code: '', currency_position: '', values: ['10', '25'] },
      ],
      ['10 - 25', '$10 – $25', { currency_symbol: '', currency_code: '', currency_position: '', values: ['10', '25'] }],
      ['', '', { currency_symbol: '', currency_code: '', currency_position: '', values: [] }],
    ];
    for (const [input, cost, details] of costs) {
      test(`cost ${JSON.stringify(input)} is shown as ${JSON.stringify(cost)}`, async () => {
        const event = await create({ cost: input });
        assert.deepEqual([event.cost, event.cost_details], [cost, details]);
      });
    }

    test('a JSON number cost is accepted (decisions.md section 2)', async () => {
      assert.equal((await create({ cost: 12 })).cost, '$12');
    });

    test('website: validated, "" kept as "", absent falls back to the permalink', async () => {
      assertInvalidParams(await post({ title: 'x', ...SLOT, website: 'not a url' }), 'website');
      assert.equal(
        (await create({ website: 'https://example.com/a?b=1&c=2' })).website,
        'https://example.com/a?b=1&amp;c=2',
      );
      assert.equal((await create({ website: '' })).website, '');
      const fallback = await create({ title: 'Site Fallback' });
      assert.equal(fallback.website, `${ORIGIN}/event/site-fallback/`);
    });

    test('flags default to false; each one sent as true is stored; sticky is WordPress menu_order -1', async () => {
      const flags = ['show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'] as const;
      const plain = await create({});
      assert.deepEqual(
        flags.map((flag) => plain[flag]),
        [false, false, false, false, false],
      );
      const all = await create(Object.fromEntries(flags.map((flag) => [flag, 'true'])));
      assert.deepEqual(
        flags.map((flag) => all[flag]),
        [true, true, true, true, true],
      );
      assertInvalidParams(await post({ title: 'x', ...SLOT, featured: 'yes' }), 'featured');
    });

    test('image: a URL registers an image, its id (number or string) links the same image, an unknown id is a 400', async () => {
      const byUrl = await create({ image: 'https://img.example/poster.png' });
      const image = byUrl.image as Json;
      assert.deepEqual([image.url, image.extension], ['https://img.example/poster.png', 'png']);
      assert.deepEqual((await create({ image: image.id })).image, image);
      assert.deepEqual((await create({ image: String(image.id) })).image, image);
      assertInvalidParams(await post({ title: 'x', ...SLOT, image: 999999 }), 'image');
      assert.equal((await create({})).image, false);
    });

    test('description and excerpt are auto-paragraphed', async () => {
      const event = await create({ description: 'An evening of jazz.', excerpt: 'Short' });
      assert.deepEqual([event.description, event.excerpt], ['<p>An evening of jazz.</p>', '<p>Short</p>']);
    });

    test('post_password is stored (the writer sees the details); an unknown post_parent is a 400', async () => {
      const parent = await create({ title: 'Parent', post_password: 's3cret', cost: '5' });
      assert.equal(parent.cost, '$5');
      assertInvalidParams(await post({ title: 'x', ...SLOT, post_parent: 999999 }), 'post_parent');
      const child = await create({ post_parent: parent.id });
      const listed = await t.request('anonymous', 'GET', `events?post_parent=${parent.id}&starts_after=2000-01-01`);
      assert.deepEqual(ids(listed.json().events), [child.id]);
    });
  });

  describe('terms', () => {
    let parent: Json;
    let jazz: Json;
    let outdoor: Json;
    before(async () => {
      parent = (await t.request('administrator', 'POST', 'categories', { name: 'Concerts' })).json();
      jazz = (
        await t.request('administrator', 'POST', 'categories', { name: 'Jazz Music', slug: 'jazz', parent: parent.id })
      ).json();
      outdoor = (await t.request('administrator', 'POST', 'tags', { name: 'Outdoor Fun', slug: 'outdoor' })).json();
    });

    const cases: ReadonlyArray<readonly [label: string, refs: () => unknown, expected: () => string[]]> = [
      ['an id', () => [jazz.id], () => ['Jazz Music']],
      ['an id as a string', () => String(jazz.id), () => ['Jazz Music']],
      ['a slug', () => ['jazz'], () => ['Jazz Music']],
      ['an existing name (links it, decisions.md #16)', () => ['Jazz Music'], () => ['Jazz Music']],
      ['a CSV of id and slug', () => `${parent.id}, jazz`, () => ['Concerts', 'Jazz Music']],
      ['an unknown id (skipped)', () => [999999, jazz.id], () => ['Jazz Music']],
    ];
    for (const [label, refs, expected] of cases) {
      test(`categories by ${label}`, async () => {
        assert.deepEqual(names((await create({ categories: refs() })).categories), expected());
      });
    }

    test('a new category name creates a top-level category; the second use links it', async () => {
      const first = await create({ categories: ['Brand New Cat'] });
      const second = await create({ categories: ['Brand New Cat'] });
      assert.deepEqual(
        first.categories.map((term) => [term.name, term.slug, term.parent]),
        [['Brand New Cat', 'brand-new-cat', 0]],
      );
      assert.deepEqual(ids(second.categories), ids(first.categories));
    });

    test('tags by id, slug, existing name (linked, not a tag named after the id) and new name', async () => {
      const event = await create({ tags: [outdoor.id, 'outdoor', 'Outdoor Fun', 'newtag'] });
      assert.deepEqual(
        event.tags.map((tag) => [tag.name, tag.slug]),
        [
          ['newtag', 'newtag'],
          ['Outdoor Fun', 'outdoor'],
        ],
      );
      assert.deepEqual(names((await create({ tags: 'Outdoor Fun' })).tags), ['Outdoor Fun']);
    });

    test('a category id sent in tags is skipped; the embedded term shape is the raw WordPress term, then the language fields', async () => {
      const event = await create({ tags: [jazz.id], categories: [jazz.id] });
      assert.deepEqual(event.tags, []);
      assert.deepEqual(Object.keys(event.categories[0]!), [
        'name',
        'slug',
        'term_group',
        'term_taxonomy_id',
        'taxonomy',
        'description',
        'parent',
        'count',
        'filter',
        'id',
        'urls',
        'translation_language',
        'translations',
      ]);
      assert.deepEqual(event.categories[0]!.urls, {
        self: `${BASE}/categories/${jazz.id}`,
        collection: `${BASE}/categories`,
        up: `${BASE}/categories/${parent.id}`,
      });
    });
  });

  describe('venue and organizer', () => {
    let venue: Json;
    let otherVenue: Json;
    let organizers: Json[];
    before(async () => {
      venue = (await t.request('administrator', 'POST', 'venues', { venue: 'Blue Hall', city: 'Springfield' })).json();
      otherVenue = (await t.request('administrator', 'POST', 'venues', { venue: 'Green Hall' })).json();
      organizers = [];
      for (const name of ['Org Four', 'Org Eight'])
        organizers.push((await t.request('administrator', 'POST', 'organizers', { organizer: name })).json());
    });

    const venueCases: ReadonlyArray<readonly [label: string, value: () => unknown, expected: () => unknown[]]> = [
      ['an id', () => venue.id, () => [venue.id]],
      ['an id as a string', () => String(venue.id), () => [venue.id]],
      ['an object with an id', () => ({ id: venue.id }), () => [venue.id]],
      ['a one-item list', () => [venue.id], () => [venue.id]],
      ['a list of id and object', () => [venue.id, { id: otherVenue.id }], () => [venue.id, otherVenue.id]],
    ];
    for (const [label, value, expected] of venueCases) {
      test(`venue as ${label}`, async () => {
        assert.deepEqual(venueIds((await create({ venue: value() })).venue), expected());
      });
    }

    test('an inline venue object creates a venue, the same name again reuses it', async () => {
      const first = await create({ venue: { venue: 'Inline Venue', city: 'Rome' } });
      const second = await create({ venue: { venue: 'Inline Venue', city: 'Rome' } });
      const record = first.venue as Json;
      assert.deepEqual([record.venue, record.city, record.slug], ['Inline Venue', 'Rome', 'inline-venue']);
      assert.equal((second.venue as Json).id, record.id);
    });

    const organizerCases: ReadonlyArray<readonly [label: string, value: () => unknown, expected: () => unknown[]]> = [
      ['a list of ids', () => [organizers[0]!.id, organizers[1]!.id], () => ids(organizers)],
      ['a single object with an id', () => ({ id: organizers[1]!.id }), () => [organizers[1]!.id]],
      ['a CSV string', () => `${organizers[0]!.id},${organizers[1]!.id}`, () => ids(organizers)],
      ['a single id', () => organizers[0]!.id, () => [organizers[0]!.id]],
    ];
    for (const [label, value, expected] of organizerCases) {
      test(`organizer as ${label}`, async () => {
        assert.deepEqual(ids((await create({ organizer: value() })).organizer), expected());
      });
    }

    test('organizer as a mixed list of inline object and id; a single inline object', async () => {
      const mixed = await create({ organizer: [{ organizer: 'Inline Org' }, organizers[0]!.id] });
      assert.deepEqual(
        mixed.organizer.map((record) => record.organizer),
        ['Inline Org', 'Org Four'],
      );
      const single = await create({ organizer: { organizer: 'Inline Org' } });
      assert.deepEqual(ids(single.organizer), [mixed.organizer[0]!.id]);
    });

    const invalid: ReadonlyArray<readonly [field: 'venue' | 'organizer', value: unknown]> = [
      ['venue', 999999],
      ['venue', { id: 999999 }],
      ['venue', { city: 'No Name' }],
      ['venue', 'abc'],
      ['organizer', [999999]],
      ['organizer', [{ email: 'x@example.com' }]],
      ['organizer', '4,abc'],
    ];
    for (const [field, value] of invalid) {
      test(`${field} ${JSON.stringify(value)} is a 400 naming ${field}`, async () => {
        assertInvalidParams(await post({ title: 'x', ...SLOT, [field]: value }), field);
      });
    }

    test('a venue id given as organizer is a 400 naming organizer', async () => {
      assertInvalidParams(await post({ title: 'x', ...SLOT, organizer: venue.id }), 'organizer');
    });

    test('empty values link nothing', async () => {
      const event = await create({ venue: null, organizer: [] });
      assert.deepEqual([event.venue, event.organizer], [[], []]);
    });
  });

  describe('form-encoded bodies', () => {
    test('fields, booleans and organizer[] arrays', async () => {
      const ids: number[] = [];
      for (const name of ['Form Org A', 'Form Org B'])
        ids.push((await t.request('administrator', 'POST', 'organizers', { organizer: name })).json().id);
      const form = new URLSearchParams([
        ['title', 'Form Event'],
        ['start_date', '2027-09-01 10:00:00'],
        ['end_date', '2027-09-01 11:00:00'],
        ['featured', 'true'],
        ['organizer[]', String(ids[0])],
        ['organizer[]', String(ids[1])],
        ['categories', 'Form Cat'],
      ]);
      const response = await t.request('administrator', 'POST', 'events', form.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      assert.equal(response.statusCode, 201, response.body);
      const event = response.json<EventJson>();
      assert.deepEqual(
        [
          event.title,
          event.start_date,
          event.utc_start_date,
          event.featured,
          event.organizer.map((record) => record.id),
          names(event.categories),
        ],
        ['Form Event', '2027-09-01 10:00:00', '2027-09-01 14:00:00', true, ids, ['Form Cat']],
      );
    });
  });

  describe('permissions', () => {
    const refusals: ReadonlyArray<readonly [as: Caller, status: number]> = [
      ['anonymous', 401],
      ['subscriber', 403],
    ];
    for (const [as, status] of refusals) {
      test(`${as} may not create: ${status} rest_forbidden`, async () => {
        assertError(await post({ title: 'x', ...SLOT }, as), status, 'rest_forbidden');
      });
    }

    test("a refused caller's body is not read (decision 0089): anonymous with a bad date gets 401, not 400", async () => {
      assertError(await post({ title: 'x', ...SLOT, start_date: 'garbage' }, 'anonymous'), 401, 'rest_forbidden');
    });
  });
});

describe(`events: update (${DIALECT})`, () => {
  let t: TestApp;
  let venue: Json;
  let organizer: Json;
  let category: Json;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: SITE_ZONE } });
    venue = (await t.request('administrator', 'POST', 'venues', { venue: 'Update Hall' })).json();
    organizer = (await t.request('administrator', 'POST', 'organizers', { organizer: 'Update Org' })).json();
    category = (await t.request('administrator', 'POST', 'categories', { name: 'Update Cat' })).json();
  });
  after(() => t.close());

  const full = () => ({
    title: 'Full Event',
    status: 'draft',
    start_date: '2027-07-10 19:00:00',
    end_date: '2027-07-10 22:30:00',
    timezone: 'America/Chicago',
    image: 'https://img.example/full.jpg',
    cost: '$10 - $25',
    website: 'https://full.example',
    description: 'Body',
    excerpt: 'Short',
    show_map: true,
    show_map_link: true,
    sticky: true,
    featured: true,
    venue: venue.id,
    organizer: [organizer.id],
    categories: [category.id],
    tags: ['keep-me'],
  });
  const create = (fields: Json = full(), as: Role = 'administrator') => createEvent<EventJson>(t, fields, as);
  const update = async (
    path: string,
    fields: Json,
    as: Role = 'administrator',
    method = 'PATCH' as const,
  ): Promise<EventJson> => {
    const response = await t.request(as, method, `events/${path}`, fields);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<EventJson>();
  };
  const withoutVolatile = ({ title: _title, modified: _m, modified_utc: _mu, ...rest }: EventJson) => rest;

  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    for (const by of ['id', 'slug'] as const) {
      test(`${method} by ${by} with a title only keeps every other field (partial update, decisions.md #15)`, async () => {
        const before = await create({ ...full(), status: 'publish', title: `Partial ${method} ${by}` });
        const response = await t.request(
          'administrator',
          method,
          `events/${by === 'id' ? before.id : `by-slug/${before.slug}`}`,
          { title: 'Renamed' },
        );
        assert.equal(response.statusCode, 200, response.body);
        const after = response.json<EventJson>();
        assert.equal(after.title, 'Renamed');
        assert.deepEqual(withoutVolatile(after), withoutVolatile(before));
      });
    }
  }

  test('a draft stays a draft after a title-only update', async () => {
    const draft = await create();
    assert.deepEqual(
      [(await update(String(draft.id), { title: 'Still Draft' })).status, draft.status],
      ['draft', 'draft'],
    );
  });

  test('changing the timezone keeps the wall clock and moves utc_*', async () => {
    const event = await create();
    const moved = await update(String(event.id), { timezone: 'Europe/Rome' });
    assert.deepEqual(
      [moved.start_date, moved.end_date, moved.utc_start_date, moved.utc_end_date, moved.timezone_abbr],
      ['2027-07-10 19:00:00', '2027-07-10 22:30:00', '2027-07-10 17:00:00', '2027-07-10 20:30:00', 'CEST'],
    );
  });

  test('a new start alone must still be before the stored end', async () => {
    const event = await create();
    assertInvalidParams(
      await t.request('administrator', 'PATCH', `events/${event.id}`, { start_date: '2027-07-11 00:00:00' }),
      'end_date',
    );
    assert.equal((await update(String(event.id), { end_date: '2027-07-12 00:00:00' })).end_date, '2027-07-12 00:00:00');
  });

  const clearing: ReadonlyArray<
    readonly [label: string, fields: Json, check: (event: EventJson) => unknown, expected: unknown]
  > = [
    ['venue [] unlinks the venue', { venue: [] }, (event) => event.venue, []],
    ['venue null unlinks the venue', { venue: null }, (event) => event.venue, []],
    ['organizer [] unlinks the organizers', { organizer: [] }, (event) => event.organizer, []],
    ['categories [] removes the categories', { categories: [] }, (event) => event.categories, []],
    ['categories null leaves them', { categories: null }, (event) => names(event.categories), ['Update Cat']],
    ['tags "" removes the tags', { tags: '' }, (event) => event.tags, []],
    [
      'cost null clears the cost',
      { cost: null },
      (event) => [event.cost, event.cost_details],
      ['', { currency_symbol: '', currency_code: '', currency_position: '', values: [] }],
    ],
    ['website "" empties it', { website: '' }, (event) => event.website, ''],
    ['image null removes the image', { image: null }, (event) => event.image, false],
    [
      'featured false clears the flag, sticky false too',
      { featured: false, sticky: 'false' },
      (event) => [event.featured, event.sticky],
      [false, false],
    ],
  ];
  for (const [label, fields, check, expected] of clearing) {
    test(label, async () => {
      const event = await create();
      assert.deepEqual(check(await update(String(event.id), fields)), expected);
    });
  }

  test('changing the venue and the categories replaces them', async () => {
    const event = await create();
    const other = await update(String(event.id), {
      venue: { venue: 'Replacement Hall' },
      categories: ['Replacement Cat'],
    });
    assert.deepEqual([(other.venue as Json).venue, names(other.categories)], ['Replacement Hall', ['Replacement Cat']]);
  });

  describe('permissions by id and by slug', () => {
    // [caller, owner of the event, status of the event, allowed]
    const cases: ReadonlyArray<readonly [as: Caller, owner: Role, status: string, expected: 200 | 401 | 403]> = [
      ['anonymous', 'editor', 'publish', 401],
      ['subscriber', 'editor', 'publish', 403],
      ['contributor', 'contributor', 'draft', 200],
      ['contributor', 'editor', 'draft', 403],
      ['author', 'author', 'publish', 200],
      ['author', 'editor', 'publish', 403],
      ['editor', 'author', 'publish', 200],
    ];
    for (const by of ['id', 'slug'] as const) {
      for (const [as, owner, status, expected] of cases) {
        test(`update and trash by ${by} of a ${status} event of the ${owner} as ${as}: ${expected}`, async () => {
          const event = await create(
            {
              title: `Perm ${by} ${as} ${owner}`,
              start_date: '2027-01-01 10:00',
              end_date: '2027-01-01 11:00',
              status,
              slug: `perm-${by}-${as}-${owner}`,
            },
            'administrator',
          );
          if (owner !== 'administrator') await update(String(event.id), { author: t.ids[owner] });
          const path = `events/${by === 'id' ? event.id : `by-slug/${event.slug}`}`;
          const updated = await t.request(as, 'PATCH', path, { title: 'Taken over' });
          assert.equal(updated.statusCode, expected, updated.body);
          const trashed = await t.request(as, 'DELETE', path);
          assert.equal(trashed.statusCode, expected, trashed.body);
          if (expected !== 200) assert.equal(trashed.json().code, 'rest_forbidden');
        });
      }
    }

    test('a missing id is a 404 for contributors and up, a 401 for anonymous callers; an unknown slug is a 400 naming slug', async () => {
      for (const method of ['PATCH', 'DELETE'] as const) {
        assertError(
          await t.request('contributor', method, 'events/999999', { title: 'x' }),
          404,
          'rest-event-not-found',
        );
        assertError(await t.request('anonymous', method, 'events/999999', { title: 'x' }), 401, 'rest_forbidden');
        assertInvalidParams(
          await t.request('contributor', method, 'events/by-slug/no-such-event', { title: 'x' }),
          'slug',
        );
      }
    });

    test('an author may not hand their event to someone else, an editor may', async () => {
      const event = await create({ ...full(), status: 'publish' }, 'author');
      assertError(
        await t.request('author', 'PATCH', `events/${event.id}`, { author: t.ids.editor }),
        403,
        'rest_cannot_edit_others',
      );
      assert.equal((await update(String(event.id), { author: t.ids.editor }, 'editor')).author, String(t.ids.editor));
    });

    test('a contributor asking to publish their draft gets pending', async () => {
      const draft = await create(
        { title: 'Contributor Pending', start_date: '2027-01-01', end_date: '2027-01-01' },
        'contributor',
      );
      const pending = await update(String(draft.id), { status: 'publish' }, 'contributor');
      assert.deepEqual([pending.status, pending.slug], ['pending', '']);
    });
  });
});

describe(`events: delete (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: SITE_ZONE } });
  });
  after(() => t.close());

  const create = (fields: Json) =>
    createEvent<EventJson>(t, { start_date: '2027-01-10 10:00', end_date: '2027-01-10 12:00', ...fields });
  const categoryCount = async (id: number) =>
    (await t.request('administrator', 'GET', `categories/${id}`)).json().count;

  test('trash answers the record as trashed; again is a 410; a GET is a 403 for everyone; the category count drops', async () => {
    const category = (await t.request('administrator', 'POST', 'categories', { name: 'Trash Cat' })).json();
    const event = await create({ title: 'Trash Me', categories: [category.id] });
    assert.equal(await categoryCount(category.id), 1);
    const response = await t.request('administrator', 'DELETE', `events/${event.id}`);
    assert.equal(response.statusCode, 200, response.body);
    const trashed = response.json<EventJson>();
    assert.deepEqual(
      [trashed.status, trashed.slug, trashed.url],
      ['trash', 'trash-me__trashed', `${ORIGIN}/?post_type=tribe_events&p=${event.id}`],
    );
    assert.equal('json_ld' in trashed, false);
    assert.equal(await categoryCount(category.id), 0);
    assertError(await t.request('administrator', 'DELETE', `events/${event.id}`), 410, 'event-is-in-trash');
    for (const as of ['anonymous', 'administrator'] as const) {
      const read = await t.request(as, 'GET', `events/${event.id}`);
      assertError(read, 403, 'event-no-longer-available');
      assert.equal(read.json().message, 'This event is no longer available');
    }
  });

  test('by slug: the first delete trashes, the second is a 400 naming slug', async () => {
    await create({ title: 'Slug Trash' });
    assert.equal((await t.request('administrator', 'DELETE', 'events/by-slug/slug-trash')).statusCode, 200);
    assertInvalidParams(await t.request('administrator', 'DELETE', 'events/by-slug/slug-trash'), 'slug');
  });

  test('force=true removes the event (even from the trash): then GET is a 404 and the term count drops', async () => {
    const category = (await t.request('administrator', 'POST', 'categories', { name: 'Force Cat' })).json();
    const event = await create({ title: 'Force Me', categories: [category.id] });
    const response = await t.request('administrator', 'DELETE', `events/${event.id}?force=true`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().id, event.id);
    assertError(await t.request('administrator', 'GET', `events/${event.id}`), 404, 'rest-event-not-found');
    assert.equal(await categoryCount(category.id), 0);
    const trashedFirst = await create({ title: 'Force Trashed' });
    await t.request('administrator', 'DELETE', `events/${trashedFirst.id}`);
    assert.equal((await t.request('administrator', 'DELETE', `events/${trashedFirst.id}?force=true`)).statusCode, 200);
    assertError(await t.request('administrator', 'GET', `events/${trashedFirst.id}`), 404, 'rest-event-not-found');
  });

  test('trashing frees the slug for a new event of the same title', async () => {
    const first = await create({ title: 'Reused Title' });
    await t.request('administrator', 'DELETE', `events/${first.id}`);
    assert.equal((await create({ title: 'Reused Title' })).slug, 'reused-title');
  });

  test('a venue id is a 400 rest-invalid-event-id', async () => {
    const venue = (await t.request('administrator', 'POST', 'venues', { venue: 'Not An Event' })).json();
    assertError(await t.request('administrator', 'DELETE', `events/${venue.id}`), 400, 'rest-invalid-event-id');
  });
});
