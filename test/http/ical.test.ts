import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ICAL from 'ical.js';
import type { LightMyRequestResponse } from 'fastify';
import { calendarChunks, type FeedBatch } from '../../src/modules/ical/calendar-writer.ts';
import { siteFeedRewriter } from '../../src/modules/ical/site-feeds.ts';
import { createTestApp, DIALECT, TEST_NOW, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * The iCalendar feeds (decision 0026), read back with ical.js: a parser independent of the
 * ical-generator that writes them.
 */

type Json = Record<string, unknown>;

const parse = (body: string) => new ICAL.Component(ICAL.parse(body));
const vevents = (body: string) => parse(body).getAllSubcomponents('vevent');
const byUid = (body: string, id: number) =>
  vevents(body).find((event) => event.getFirstPropertyValue('uid') === `event-${id}@calendar-events.invalid`);
const text = (event: ICAL.Component | undefined, name: string) =>
  event?.getFirstPropertyValue(name) as string | null | undefined;

/** Text full of what iCalendar must escape and fold: separators, backslashes, newlines, multi-byte characters. */
const SPECIAL = 'Café, crème; brûlée \\ 日本語の文章 ☕🎉 — "quoted"';

describe(`iCalendar feeds (${DIALECT})`, () => {
  let t: TestApp;
  let now = Date.parse(TEST_NOW);
  const ids: Record<string, number> = {};
  const slugs: Record<string, string> = {};

  const create = async (key: string, fields: Json) => {
    ({ id: ids[key], slug: slugs[key] } = await createEvent(t, {
      start_date: '2027-06-01 10:00',
      end_date: '2027-06-01 11:00',
      ...fields,
    }));
  };
  const feed = async (
    url = 'events.ics',
    as: Parameters<TestApp['request']>[0] = 'anonymous',
    headers: Record<string, string> = {},
  ) => {
    const response = await t.request(as, 'GET', url, undefined, headers);
    return response;
  };
  const ok = (response: LightMyRequestResponse) => {
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'text/calendar; charset=utf-8');
    return response.body;
  };

  before(async () => {
    t = await createTestApp({
      env: { CALENDAR_TIMEZONE: 'America/New_York', CALENDAR_ICS_MAX_EVENTS: '50' },
      clock: { now: () => new Date(now) },
    });
    const venue = await t.request('administrator', 'POST', 'venues', {
      venue: 'Hall, Big; One',
      address: '1 Main St',
      city: 'Rome',
      country: 'Italy',
      geo_lat: 41.9,
      geo_lng: 12.5,
    });
    const organizer = await t.request('administrator', 'POST', 'organizers', {
      organizer: 'Org "X"',
      email: 'org@example.com',
    });
    await create('beforeDst', {
      title: 'Before DST',
      start_date: '2027-03-13 10:00',
      end_date: '2027-03-13 11:30',
      timezone: 'America/New_York',
      categories: ['Music'],
    });
    await create('afterDst', {
      title: 'After DST',
      start_date: '2027-03-15 10:00',
      end_date: '2027-03-15 11:30',
      timezone: 'America/New_York',
    });
    await create('rome', {
      title: 'In Rome',
      start_date: '2027-04-01 20:00',
      end_date: '2027-04-01 22:00',
      timezone: 'Europe/Rome',
      venue: venue.json<{ id: number }>().id,
      organizer: [organizer.json<{ id: number }>().id],
      categories: ['Music', 'Art, Modern'],
      image: 'https://img.example/poster.png',
    });
    await create('allDay', {
      title: 'Two whole days',
      start_date: '2027-06-01',
      end_date: '2027-06-02',
      all_day: true,
    });
    await create('special', {
      title: SPECIAL,
      description: `<p>${SPECIAL.repeat(8)}</p><p>Second &amp; <strong>last</strong> paragraph</p>`,
      start_date: '2027-05-01 09:00',
      end_date: '2027-05-01 10:00',
    });
    await create('protected', {
      title: 'Members only',
      description: '<p>Secret plans</p>',
      post_password: 'sesame',
      venue: venue.json<{ id: number }>().id,
      start_date: '2027-05-02 09:00',
      end_date: '2027-05-02 10:00',
    });
    await create('draft', {
      title: 'Draft plans',
      status: 'draft',
      start_date: '2027-05-03 09:00',
      end_date: '2027-05-03 10:00',
    });
  });
  after(() => t.close());

  test('every event is parsed back with its fields: UID, SEQUENCE, DTSTAMP, LAST-MODIFIED, LOCATION, GEO, ORGANIZER, CATEGORIES, URL, ATTACH, STATUS', async () => {
    const response = await feed();
    const body = ok(response);
    assert.match(String(response.headers['content-disposition']), /^attachment; filename="events\.ics"$/);
    const calendar = parse(body);
    assert.equal(calendar.getFirstPropertyValue('x-wr-timezone'), 'America/New_York');
    assert.match(String(calendar.getFirstPropertyValue('x-wr-calname')), /localhost/);
    assert.equal(calendar.getFirstProperty('refresh-interval')?.getFirstValue()?.toString(), 'PT1H');
    const rome = byUid(body, ids.rome!)!;
    assert.ok(rome, body);
    assert.equal(text(rome, 'summary'), 'In Rome');
    assert.equal(rome.getFirstPropertyValue('sequence'), 0);
    assert.equal((rome.getFirstPropertyValue('dtstamp') as ICAL.Time).toUnixTime(), Date.parse(TEST_NOW) / 1000);
    assert.equal((rome.getFirstPropertyValue('last-modified') as ICAL.Time).toUnixTime(), Date.parse(TEST_NOW) / 1000);
    assert.equal(text(rome, 'location'), 'Hall, Big; One\n1 Main St, Rome, Italy');
    assert.deepEqual(rome.getFirstPropertyValue('geo'), [41.9, 12.5]);
    const organizer = rome.getFirstProperty('organizer')!;
    assert.equal(organizer.getFirstValue(), 'mailto:org@example.com');
    assert.equal(organizer.getParameter('cn'), 'Org "X"');
    assert.deepEqual(rome.getFirstProperty('categories')!.getValues().sort(), ['Art, Modern', 'Music']);
    assert.equal(text(rome, 'url'), `http://localhost:80/event/${slugs.rome}/`);
    assert.equal(text(rome, 'attach'), 'https://img.example/poster.png');
    assert.equal(text(rome, 'status'), 'CONFIRMED');
    const start = rome.getFirstProperty('dtstart')!;
    assert.equal(start.getParameter('tzid'), 'Europe/Rome');
    // Every UID is different; the feed holds the published events only.
    const uids = vevents(body).map((event) => text(event, 'uid'));
    assert.equal(new Set(uids).size, uids.length);
    assert.equal(uids.length, 6, body);
  });

  test('time zones: TZID and one VTIMEZONE per zone used; local times across a DST change map to the right instants', async () => {
    const body = ok(await feed());
    const calendar = parse(body);
    const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'));
    assert.deepEqual(zones.sort(), ['America/New_York', 'Europe/Rome']);
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const instant = (key: string, name: 'dtstart' | 'dtend') =>
      (byUid(body, ids[key]!)!.getFirstPropertyValue(name) as ICAL.Time).toUnixTime() * 1000;
    // 10:00 EST is 15:00 UTC; two days later, 10:00 EDT is 14:00 UTC.
    assert.equal(new Date(instant('beforeDst', 'dtstart')).toISOString(), '2027-03-13T15:00:00.000Z');
    assert.equal(new Date(instant('beforeDst', 'dtend')).toISOString(), '2027-03-13T16:30:00.000Z');
    assert.equal(new Date(instant('afterDst', 'dtstart')).toISOString(), '2027-03-15T14:00:00.000Z');
    assert.equal(new Date(instant('rome', 'dtstart')).toISOString(), '2027-04-01T18:00:00.000Z');
  });

  test('all-day events are dates, with the exclusive end date', async () => {
    const event = byUid(ok(await feed()), ids.allDay!)!;
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = event.getFirstPropertyValue('dtend') as ICAL.Time;
    assert.equal(start.isDate, true);
    assert.equal(start.toString(), '2027-06-01');
    assert.equal(end.toString(), '2027-06-03');
  });

  test('long texts with separators, backslashes, newlines and multi-byte characters are escaped and folded at 75 octets, never inside a character', async () => {
    const body = ok(await feed());
    for (const line of body.split('\r\n')) {
      assert.ok(Buffer.byteLength(line) <= 75, `over 75 octets: ${line}`);
      // A fold inside a UTF-8 sequence would leave an undecodable byte at a line's edge.
      assert.ok(!line.includes('\uFFFD'), line);
    }
    assert.ok(
      body.split('\r\n').some((line) => line.startsWith(' ')),
      'the long description is folded',
    );
    const event = byUid(body, ids.special!)!;
    assert.equal(text(event, 'summary'), SPECIAL);
    assert.equal(text(event, 'description'), `${SPECIAL.repeat(8)}\n\nSecond & LAST paragraph`.replace('LAST', 'last'));
    const html = event.getFirstProperty('x-alt-desc')!;
    assert.equal(html.getParameter('fmttype'), 'text/html');
    // ical.js leaves the value of an X- property as written: RFC 5545's TEXT escaping, undone here.
    const unescaped = String(html.getFirstValue()).replace(/\\([\\;,nN])/g, (_match, char: string) =>
      char.toLowerCase() === 'n' ? '\n' : char,
    );
    assert.equal(unescaped, `<p>${SPECIAL.repeat(8)}</p><p>Second &amp; <strong>last</strong> paragraph</p>`);
  });

  test('a password-protected event exports without its protected text, unless the password is given', async () => {
    const stripped = byUid(ok(await feed()), ids.protected!)!;
    assert.equal(text(stripped, 'summary'), 'Members only');
    for (const name of ['description', 'x-alt-desc', 'location', 'geo'])
      assert.equal(stripped.getFirstPropertyValue(name), null, name);
    const unlocked = byUid(ok(await feed('events.ics?password=sesame')), ids.protected!)!;
    assert.equal(text(unlocked, 'description'), 'Secret plans');
    // One protected event is refused as its JSON is.
    assert.equal(
      (await feed(`events/${ids.protected}.ics`)).statusCode,
      (await feed(`events/${ids.protected}`)).statusCode,
    );
    assert.equal(vevents(ok(await feed(`events/${ids.protected}.ics?password=sesame`))).length, 1);
  });

  test('statuses by role: drafts only for those who may see them, as TENTATIVE; status=draft refused to anonymous', async () => {
    assert.equal(byUid(ok(await feed()), ids.draft!), undefined);
    const draft = byUid(ok(await feed('events.ics?status=draft,publish', 'administrator')), ids.draft!)!;
    assert.equal(text(draft, 'status'), 'TENTATIVE');
    assert.equal((await feed('events.ics?status=draft')).statusCode, 400);
  });

  test('translated text for a language request (parameter or path segment)', async () => {
    const update = await t.request('administrator', 'POST', `events/${ids.rome}?translation_language=fr`, {
      title: 'À Rome, le soir',
    });
    assert.equal(update.statusCode, 200, update.body);
    assert.equal(
      text(byUid(ok(await feed('events.ics?translation_language=fr')), ids.rome!), 'summary'),
      'À Rome, le soir',
    );
    const segment = await t.app.inject({ url: '/fr/calendar/events/v1/events.ics' });
    assert.equal(text(byUid(ok(segment), ids.rome!), 'summary'), 'À Rome, le soir');
    assert.equal(text(byUid(ok(await feed()), ids.rome!), 'summary'), 'In Rome');
    // The translation is an update: SEQUENCE rose.
    assert.ok(Number(byUid(ok(await feed()), ids.rome!)!.getFirstPropertyValue('sequence')) > 0);
  });

  test('conditional requests: 304 on If-None-Match and If-Modified-Since; a write changes both validators', async () => {
    const first = await feed();
    ok(first);
    const tag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    assert.match(tag, /^"ics-\d+-[\w-]+"$/);
    assert.equal((await feed('events.ics', 'anonymous', { 'if-none-match': tag })).statusCode, 304);
    assert.equal((await feed('events.ics', 'anonymous', { 'if-modified-since': lastModified })).statusCode, 304);
    assert.equal(
      (await feed('events.ics', 'anonymous', { 'if-none-match': '"other"', 'if-modified-since': lastModified }))
        .statusCode,
      200,
    );
    // Another query is another representation.
    assert.notEqual((await feed('events.ics?featured=false')).headers.etag, tag);
    now += 5_000;
    try {
      const update = await t.request('administrator', 'POST', `events/${ids.beforeDst}`, {
        title: 'Before DST, moved',
      });
      assert.equal(update.statusCode, 200, update.body);
      const again = await feed('events.ics', 'anonymous', { 'if-none-match': tag });
      assert.equal(again.statusCode, 200);
      assert.notEqual(again.headers.etag, tag);
      assert.equal((await feed('events.ics', 'anonymous', { 'if-modified-since': lastModified })).statusCode, 200);
      assert.ok(Number(byUid(again.body, ids.beforeDst!)!.getFirstPropertyValue('sequence')) > 0);
    } finally {
      now -= 5_000;
    }
  });

  test('the cap: limit exports the earliest events, up to the configured maximum; beyond it a 400 in the envelope', async () => {
    const two = vevents(ok(await feed('events.ics?limit=2')));
    assert.deepEqual(
      two.map((event) => text(event, 'uid')),
      [`event-${ids.beforeDst}@calendar-events.invalid`, `event-${ids.afterDst}@calendar-events.invalid`],
    );
    const refused = await feed('events.ics?limit=51');
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(refused.json().data.params), ['limit']);
  });

  test('filters of the archive apply: dates, search, categories', async () => {
    const june = vevents(ok(await feed('events.ics?start_date=2027-06-01&end_date=2027-06-30')));
    assert.deepEqual(
      june.map((event) => text(event, 'uid')),
      [`event-${ids.allDay}@calendar-events.invalid`],
    );
    const music = vevents(ok(await feed('events.ics?categories=music')));
    assert.deepEqual(
      music.map((event) => text(event, 'summary')).sort(),
      ['Before DST, moved', 'In Rome']
        .filter((title) => music.some((event) => text(event, 'summary') === title))
        .sort(),
    );
    assert.equal(music.length, 2);
    assert.equal((await feed('events.ics?categories=nothing-such')).statusCode, 400);
  });

  test('one event: /events/{id}.ics and by slug, under both namespaces', async () => {
    const single = await feed(`events/${ids.rome}.ics`);
    const events = vevents(ok(single));
    assert.equal(events.length, 1);
    assert.match(String(single.headers['content-disposition']), new RegExp(`filename="${slugs.rome}\\.ics"`));
    assert.equal(parse(single.body).getAllSubcomponents('vtimezone').length, 1);
    assert.equal(vevents(ok(await feed(`events/by-slug/${slugs.rome}.ics`))).length, 1);
    const alias = await t.app.inject({ url: `/tribe/events/v1/events/${ids.rome}.ics` });
    assert.equal(text(vevents(ok(alias))[0], 'uid'), `event-${ids.rome}@calendar-events.invalid`);
    assert.equal(vevents(ok(await t.app.inject({ url: '/tribe/events/v1/events.ics' }))).length, 6);
    assert.equal((await feed(`events/${ids.draft}.ics`)).statusCode, (await feed(`events/${ids.draft}`)).statusCode);
    assert.equal(vevents(ok(await feed(`events/${ids.draft}.ics`, 'administrator'))).length, 1);
    const tag = String(single.headers.etag);
    assert.equal((await feed(`events/${ids.rome}.ics`, 'anonymous', { 'if-none-match': tag })).statusCode, 304);
  });

  test("the original's site URLs: /events/?ical=1 with tribe-bar-date and tribe_eventcategory, /event/{slug}/ical/", async () => {
    const march = await t.app.inject({ url: '/events/?ical=1&tribe-bar-date=2027-03' });
    assert.deepEqual(
      vevents(ok(march)).map((event) => text(event, 'uid')),
      [ids.beforeDst, ids.afterDst].map((id) => `event-${id}@calendar-events.invalid`),
    );
    const music = await t.app.inject({ url: '/events/list/?ical=1&tribe_eventcategory=music' });
    assert.equal(vevents(ok(music)).length, 2);
    const categoryPath = await t.app.inject({ url: '/events/category/music/month/?ical=1&tribe-bar-date=2027-04' });
    assert.deepEqual(
      vevents(ok(categoryPath)).map((event) => text(event, 'uid')),
      [`event-${ids.rome}@calendar-events.invalid`],
    );
    const single = await t.app.inject({ url: `/event/${slugs.allDay}/ical/` });
    assert.equal(text(vevents(ok(single))[0], 'summary'), 'Two whole days');
    assert.equal(vevents(ok(await t.app.inject({ url: `/event/${slugs.allDay}/?ical=1` }))).length, 1);
    // Without ical=1 the same URLs are the public HTML pages (decision 0031).
    assert.match(String((await t.app.inject({ url: '/events/' })).headers['content-type']), /^text\/html/);
    assert.match(
      String((await t.app.inject({ url: `/event/${slugs.allDay}/` })).headers['content-type']),
      /^text\/html/,
    );
  });

  test('site URLs map to the feed routes under the site path, with the language segment kept in front', () => {
    const rewrite = siteFeedRewriter('/site', '/wp-json/calendar/events/v1');
    assert.equal(
      rewrite('/site/events/?ical=1&tribe-bar-date=2027-02&tribe_eventcategory=a,b'),
      '/wp-json/calendar/events/v1/events.ics?start_date=2027-02-01&end_date=2027-02-28&categories=a%2Cb',
    );
    assert.equal(
      rewrite('/site/fr/events/day/2027-02-03/?ical=1'),
      '/fr/wp-json/calendar/events/v1/events.ics?start_date=2027-02-03&end_date=2027-02-03',
    );
    assert.equal(rewrite('/site/event/f%C3%AAte/ical/'), '/wp-json/calendar/events/v1/events/by-slug/f%C3%AAte.ics');
    assert.equal(rewrite('/events/?ical=1'), undefined);
    assert.equal(rewrite('/site/events/'), undefined);
    assert.equal(rewrite('/site/events/unknown/?ical=1'), undefined);
  });

  test('a feed is read in batches of a bounded number of rows, each asked for only when the previous is taken', async () => {
    const asked: number[] = [];
    const total = 23;
    const readBatch = async (after: number | undefined, limit: number): Promise<FeedBatch<number>> => {
      asked.push(limit);
      const from = after ?? 0;
      const count = Math.max(0, Math.min(limit, total - from));
      return { events: [], read: count, next: from + count };
    };
    const chunks = calendarChunks(
      { header: 'HEADER', context: { urls: undefined as never, uidHost: 'x' }, readBatch },
      100,
      5,
    );
    assert.equal((await chunks.next()).value, 'HEADER');
    assert.deepEqual(asked, []);
    for await (const chunk of chunks) void chunk;
    assert.deepEqual(asked, [5, 5, 5, 5, 5]);
  });
});

describe(`iCalendar feeds: recurring series (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
  });
  after(() => t.close());

  test('a series is one VEVENT with its RRULE, RDATE and EXDATE in its zone; a detached exception carries its UID and RECURRENCE-ID', async () => {
    const created = await t.request('administrator', 'POST', 'events', {
      title: 'Weekly class',
      start_date: '2027-03-02 19:00:00',
      end_date: '2027-03-02 20:00:00',
      timezone: 'America/New_York',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4', rdates: ['2027-03-31 19:00:00'], exdates: ['2027-03-16 19:00:00'] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const series = created.json<{ id: number }>().id;
    const listed = await t.request('anonymous', 'GET', 'events?start_date=2027-03-01&end_date=2027-04-30&per_page=50');
    const occurrences = listed
      .json<{ events: { id: number; title: string }[] }>()
      .events.filter((event) => event.title === 'Weekly class');
    assert.equal(occurrences.length, 4, listed.body);
    const moved = await t.request('administrator', 'POST', `events/${occurrences[1]!.id}`, {
      title: 'Weekly class, moved',
      start_date: '2027-03-10 18:00:00',
      end_date: '2027-03-10 19:00:00',
    });
    assert.equal(moved.statusCode, 200, moved.body);

    const response = await t.request('anonymous', 'GET', 'events.ics?start_date=2027-03-01&end_date=2027-04-30');
    assert.equal(response.statusCode, 200, response.body);
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const components = calendar.getAllSubcomponents('vevent');
    assert.equal(components.length, 2, response.body);
    assert.ok(
      components.every(
        (component) => component.getFirstPropertyValue('uid') === `event-${series}@calendar-events.invalid`,
      ),
    );
    const master = components.find((component) => component.getFirstProperty('rrule'))!;
    const exception = components.find((component) => component.getFirstProperty('recurrence-id'))!;
    assert.equal(master.getFirstProperty('dtstart')!.getParameter('tzid'), 'America/New_York');
    assert.equal(String(master.getFirstPropertyValue('rrule')), 'FREQ=WEEKLY;COUNT=4');
    assert.equal(master.getFirstProperty('exdate')!.getParameter('tzid'), 'America/New_York');
    assert.equal(master.getFirstProperty('rdate')!.getParameter('tzid'), 'America/New_York');
    assert.equal(exception.getFirstPropertyValue('summary'), 'Weekly class, moved');
    assert.equal(
      (exception.getFirstPropertyValue('recurrence-id') as ICAL.Time).toUnixTime() * 1000,
      Date.parse('2027-03-10T00:00:00Z'),
    );

    // Expanded by ical.js: the 9th moved to the 10th at 18:00 EST, the 16th excluded, 19:00 EDT after the DST change, and the extra date.
    const event = new ICAL.Event(master);
    event.relateException(exception);
    const iterator = event.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next && starts.length < 10; next = iterator.next()) {
      starts.push(new Date(event.getOccurrenceDetails(next).startDate.toUnixTime() * 1000).toISOString());
    }
    assert.deepEqual(starts, [
      '2027-03-03T00:00:00.000Z',
      '2027-03-10T23:00:00.000Z',
      '2027-03-23T23:00:00.000Z',
      '2027-03-31T23:00:00.000Z',
    ]);
  });
});

describe(`iCalendar: one date of a series (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
  });
  after(() => t.close());

  test("an occurrence's .ics is that date alone (the series' UID, its RECURRENCE-ID, its own DTSTART and DTEND, no RRULE); its page offers it and the whole series apart", async () => {
    const created = await t.request('administrator', 'POST', 'events', {
      title: 'Evening yoga',
      status: 'publish',
      start_date: '2027-11-02 19:00',
      end_date: '2027-11-02 20:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const series = created.json<{ id: number }>().id;
    const listed = await t.request('anonymous', 'GET', 'events?start_date=2027-11-01&end_date=2027-11-30');
    const second = listed.json<{ events: { id: number; url: string; start_date: string }[] }>().events[1]!;
    assert.equal(second.start_date, '2027-11-09 19:00:00');

    const alone = await t.request('anonymous', 'GET', `events/${second.id}.ics`);
    assert.equal(alone.statusCode, 200, alone.body);
    const calendar = new ICAL.Component(ICAL.parse(alone.body));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const [instance, ...others] = calendar.getAllSubcomponents('vevent');
    assert.deepEqual(others, [], alone.body);
    assert.equal(instance!.getFirstPropertyValue('uid'), `event-${series}@calendar-events.invalid`);
    assert.equal(instance!.getFirstProperty('rrule'), null, alone.body);
    const instant = (name: string) =>
      new Date((instance!.getFirstPropertyValue(name) as ICAL.Time).toUnixTime() * 1000).toISOString();
    assert.deepEqual(
      [instant('dtstart'), instant('dtend'), instant('recurrence-id')],
      ['2027-11-10T00:00:00.000Z', '2027-11-10T01:00:00.000Z', '2027-11-10T00:00:00.000Z'],
    );
    assert.equal(instance!.getFirstPropertyValue('url'), second.url);

    // The series' own id is the whole series, from its first date.
    const whole = vevents((await t.request('anonymous', 'GET', `events/${series}.ics`)).body);
    assert.equal(whole.length, 1);
    assert.equal(String(whole[0]!.getFirstPropertyValue('rrule')), 'FREQ=WEEKLY;COUNT=4');

    // The occurrence's page links to both.
    const page = await t.request('anonymous', 'GET', new URL(second.url).pathname);
    const links = [...page.body.matchAll(/<a href="([^"]+)" type="text\/calendar" download>([^<]+)<\/a>/g)].map(
      (match) => [new URL(match[1]!).pathname, match[2]],
    );
    assert.deepEqual(links, [
      [`/calendar/events/v1/events/${second.id}.ics`, 'Download .ics'],
      [`/calendar/events/v1/events/${series}.ics`, 'Download the whole series (.ics)'],
    ]);
  });
});

describe(`iCalendar UIDs (${DIALECT})`, () => {
  /** The UID of a new event's .ics, asked for with the given request headers. */
  const uidOf = async (env: Record<string, string>, headers: Record<string, string>[]) => {
    const t = await createTestApp({ env });
    try {
      const created = await t.request('administrator', 'POST', 'events', {
        title: 'Stable',
        status: 'publish',
        start_date: '2027-06-01 10:00',
        end_date: '2027-06-01 11:00',
      });
      const id = created.json<{ id: number }>().id;
      const uids = await Promise.all(
        headers.map(async (each) =>
          vevents(
            (await t.request('anonymous', 'GET', `events/${id}.ics`, undefined, each)).body,
          )[0]?.getFirstPropertyValue('uid'),
        ),
      );
      return { id, uids };
    } finally {
      await t.close();
    }
  };
  const HOSTS: Record<string, string>[] = [
    {},
    { host: 'calendar.example.net' },
    { host: '10.0.0.7:8080', 'x-forwarded-host': 'proxy.example.com', 'x-forwarded-proto': 'https' },
  ];

  test("UIDs name the site's host, else the public URL's, else calendar-events.invalid: never the request's host, which proxies change (decision 0049)", async () => {
    for (const [env, host] of [
      [
        { CALENDAR_SITE_URL: 'https://events.example.org/calendar', CALENDAR_PUBLIC_URL: 'https://api.example.org' },
        'events.example.org',
      ],
      [{ CALENDAR_PUBLIC_URL: 'https://api.example.org:8443' }, 'api.example.org:8443'],
      [{}, 'calendar-events.invalid'],
    ] as const) {
      const { id, uids } = await uidOf(env, HOSTS);
      assert.deepEqual(
        uids,
        HOSTS.map(() => `event-${id}@${host}`),
        JSON.stringify(env),
      );
    }
  });
});
