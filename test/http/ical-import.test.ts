import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import ICAL from 'ical.js';
import { TEXT_LENGTHS } from '../../src/content/text-lengths.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * The iCalendar import (issue 15 part 2, issue 14 item 5; decision 0028): hand-written exports in
 * the shape Google Calendar, Outlook and Apple Calendar write them, this service's own export
 * imported into an empty service and exported again, re-imports, refused documents and who may
 * import.
 */

type Json = Record<string, unknown>;
interface Item {
  uid: string;
  recurrence_id: string | null;
  id: number;
  title: string;
}
interface Report {
  created: Item[];
  updated: Item[];
  unchanged: Item[];
  skipped: (Omit<Item, 'id' | 'title'> & { line: number; reason: string })[];
}

const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/ics/${name}.ics`, import.meta.url), 'utf8');
const CALENDAR = { 'content-type': 'text/calendar; charset=utf-8' };
const IMPORT_LIMIT = 64 * 1024;

async function importAs(app: TestApp, body: string, as: Parameters<TestApp['request']>[0] = 'editor') {
  return app.request(as, 'POST', 'events/import', body, CALENDAR);
}

async function imported(app: TestApp, body: string): Promise<Report> {
  const response = await importAs(app, body);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<Report>();
}

const counts = (report: Report) => ({
  created: report.created.length,
  updated: report.updated.length,
  unchanged: report.unchanged.length,
  skipped: report.skipped.length,
});

async function event(app: TestApp, id: number): Promise<Json> {
  const response = await app.request('administrator', 'GET', `events/${id}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<Json>();
}

/** What is stored: posts and import entries, to show a refused import wrote nothing. */
async function stored(app: TestApp) {
  return app.storage.read(async (tx) => ({
    posts: Number(
      (
        await tx
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    entries: Number(
      (
        await tx
          .selectFrom('ical_import_map')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  }));
}

/** Every event of a feed as the fields a round trip keeps (UID, URL, DTSTAMP and SEQUENCE name the service, not the event). */
function feedEvents(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const time = (component: ICAL.Component, name: string) => {
    const property = component.getFirstProperty(name);
    return property
      ? `${String(property.getParameter('tzid') ?? '')}|${property.getValues().map(String).join(',')}`
      : null;
  };
  return calendar
    .getAllSubcomponents('vevent')
    .map((component) => ({
      summary: component.getFirstPropertyValue('summary'),
      description: component.getFirstPropertyValue('description') ?? null,
      start: time(component, 'dtstart'),
      end: time(component, 'dtend'),
      rrule: component.getAllProperties('rrule').map((property) => String(property.getFirstValue())),
      rdate: time(component, 'rdate'),
      exdate: time(component, 'exdate'),
      recurrenceId: time(component, 'recurrence-id'),
      location: component.getFirstPropertyValue('location') ?? null,
      geo: component.getFirstPropertyValue('geo') ?? null,
      organizer: component.getFirstProperty('organizer')
        ? `${String(component.getFirstProperty('organizer')!.getParameter('cn'))} <${String(component.getFirstPropertyValue('organizer'))}>`
        : null,
      categories: component
        .getAllProperties('categories')
        .flatMap((property) => property.getValues().map(String))
        .sort(),
      status: component.getFirstPropertyValue('status'),
    }))
    .sort((a, b) => `${String(a.summary)}${a.recurrenceId}`.localeCompare(`${String(b.summary)}${b.recurrenceId}`));
}

describe(`iCalendar import (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      env: { CALENDAR_TIMEZONE: 'America/New_York', CALENDAR_ICS_IMPORT_MAX_BYTES: String(IMPORT_LIMIT) },
    });
  });
  after(() => t.close());

  describe('a Google Calendar export', () => {
    let report: Report;
    before(async () => {
      report = await imported(t, fixture('google'));
    });

    test('creates its events, the series with its moved occurrence as an exception and its cancelled one excluded', async () => {
      assert.deepEqual(counts(report), { created: 4, updated: 0, unchanged: 0, skipped: 0 });
      const [series, moved, breakfast, holiday] = report.created;
      assert.equal(moved!.recurrence_id, '2027-03-23 19:00:00');
      const first = await event(t, series!.id);
      assert.equal(first.title, 'JS Meetup');
      assert.equal(first.timezone, 'Europe/Berlin');
      assert.equal(first.start_date, '2027-03-02 19:00:00');
      assert.deepEqual(first.recurrence, {
        rrule: 'FREQ=WEEKLY;WKST=MO;UNTIL=20270427T170000Z;BYDAY=TU',
        rdates: [],
        exdates: ['2027-03-16 19:00:00', '2027-04-06 19:00:00'],
      });
      assert.match(String(first.description), /Bring a laptop, and questions!/);
      assert.equal((first.venue as Json).venue, 'Betahaus, Rudi-Dutschke-Straße 23, 10969 Berlin, Germany');
      assert.deepEqual(
        (first.organizer as Json[]).map((organizer) => [organizer.organizer, organizer.email]),
        [['Anna Schmidt', 'anna.schmidt@example.org']],
      );
      const exception = await event(t, moved!.id);
      assert.equal(exception.title, 'JS Meetup (Wednesday)');
      assert.equal(exception.start_date, '2027-03-24 19:30:00');
      assert.equal(exception.series_id, series!.id);
      // Occurrences stay at 19:00 in Berlin across the change to summer time (28 March).
      const listed = await t.request(
        'administrator',
        'GET',
        'events?start_date=2027-03-01&end_date=2027-05-01&per_page=50&search=Meetup',
      );
      const starts = listed.json<{ events: Json[] }>().events.map((item) => [item.start_date, item.utc_start_date]);
      assert.deepEqual(starts, [
        ['2027-03-02 19:00:00', '2027-03-02 18:00:00'],
        ['2027-03-09 19:00:00', '2027-03-09 18:00:00'],
        ['2027-03-24 19:30:00', '2027-03-24 18:30:00'],
        ['2027-03-30 19:00:00', '2027-03-30 17:00:00'],
        ['2027-04-13 19:00:00', '2027-04-13 17:00:00'],
        ['2027-04-20 19:00:00', '2027-04-20 17:00:00'],
        ['2027-04-27 19:00:00', '2027-04-27 17:00:00'],
      ]);
      // A UTC time is kept in the calendar's zone (X-WR-TIMEZONE); a VALUE=DATE end is exclusive.
      const morning = await event(t, breakfast!.id);
      assert.deepEqual(
        [morning.start_date, morning.end_date, morning.timezone],
        ['2027-03-15 09:00:00', '2027-03-15 10:30:00', 'Europe/Berlin'],
      );
      const day = await event(t, holiday!.id);
      assert.deepEqual(
        [day.all_day, day.start_date, day.end_date],
        [true, '2027-05-01 00:00:00', '2027-05-01 23:59:59'],
      );
    });

    test('imported again, it changes nothing: every event unchanged, versions and dates as they were', async () => {
      const before = await Promise.all(
        report.created.map((item) => t.request('administrator', 'GET', `events/${item.id}`)),
      );
      const again = await imported(t, fixture('google'));
      assert.deepEqual(counts(again), { created: 0, updated: 0, unchanged: 4, skipped: 0 });
      const afterwards = await Promise.all(
        report.created.map((item) => t.request('administrator', 'GET', `events/${item.id}`)),
      );
      assert.deepEqual(
        afterwards.map((response) => response.headers.etag),
        before.map((response) => response.headers.etag),
      );
    });

    test('a higher SEQUENCE updates the event; a change that is not newer is skipped with the reason', async () => {
      const series = report.created[0]!;
      const newer = fixture('google').replace(
        'SEQUENCE:2\r\nSTATUS:CONFIRMED\r\nSUMMARY:JS Meetup\r\n',
        'SEQUENCE:4\r\nSTATUS:CONFIRMED\r\nSUMMARY:JS Meetup (new room)\r\n',
      );
      const updated = await imported(t, newer);
      assert.deepEqual(counts(updated), { created: 0, updated: 1, unchanged: 3, skipped: 0 });
      assert.equal(updated.updated[0]!.id, series.id);
      assert.equal((await event(t, series.id)).title, 'JS Meetup (new room)');
      const stale = await imported(
        t,
        newer
          .replace('SUMMARY:JS Meetup (new room)', 'SUMMARY:JS Meetup (stale copy)')
          .replace('SEQUENCE:4', 'SEQUENCE:1'),
      );
      assert.deepEqual(counts(stale), { created: 0, updated: 0, unchanged: 3, skipped: 1 });
      assert.match(
        stale.skipped[0]!.reason,
        /neither its SEQUENCE \(3\) nor its LAST-MODIFIED .* is newer than those imported before \(4,/,
      );
      assert.equal((await event(t, series.id)).title, 'JS Meetup (new room)');

      // Cancelling one more occurrence adds a VEVENT; the master's own SEQUENCE stays.
      const cancelled = newer.replace(
        'END:VCALENDAR',
        [
          'BEGIN:VEVENT',
          'UID:4k2r9s0m1q3v5x7z9b1d3f5h7j@google.com',
          'RECURRENCE-ID;TZID=Europe/Berlin:20270413T190000',
          'DTSTART;TZID=Europe/Berlin:20270413T190000',
          'SEQUENCE:5',
          'STATUS:CANCELLED',
          'SUMMARY:JS Meetup',
          'END:VEVENT',
          'END:VCALENDAR',
        ].join('\r\n'),
      );
      assert.deepEqual(counts(await imported(t, cancelled)), { created: 0, updated: 1, unchanged: 3, skipped: 0 });
      assert.deepEqual((await event(t, series.id)).recurrence, {
        rrule: 'FREQ=WEEKLY;WKST=MO;UNTIL=20270427T170000Z;BYDAY=TU',
        rdates: [],
        exdates: ['2027-03-16 19:00:00', '2027-04-06 19:00:00', '2027-04-13 19:00:00'],
      });
    });
  });

  test('an Outlook export: Windows zone names, a zone of its own, all-day, categories, private class; its HTML is filtered', async () => {
    const report = await imported(t, fixture('outlook'));
    assert.deepEqual(counts(report), { created: 4, updated: 0, unchanged: 0, skipped: 0 });
    const [planning, standUp, offsite, call] = await Promise.all(report.created.map((item) => event(t, item.id)));
    assert.deepEqual(
      [planning!.timezone, planning!.start_date, planning!.end_date],
      ['Europe/Berlin', '2027-04-05 10:00:00', '2027-04-05 12:00:00'],
    );
    assert.deepEqual((planning!.categories as Json[]).map((category) => category.name).sort(), [
      'Internal',
      'Planning',
    ]);
    assert.equal((planning!.venue as Json).venue, 'Amsterdam Office');
    assert.match(String(planning!.description), /<b>Amsterdam<\/b>/);
    assert.doesNotMatch(String(planning!.description), /script|alert/);
    assert.deepEqual([standUp!.timezone, standUp!.start_date], ['America/New_York', '2027-03-08 09:00:00']);
    assert.deepEqual(standUp!.recurrence, { rrule: 'FREQ=WEEKLY;COUNT=3;BYDAY=MO', rdates: [], exdates: [] });
    const occurrences = await t.request(
      'administrator',
      'GET',
      'events?start_date=2027-03-01&end_date=2027-03-31&search=Stand-up',
    );
    // 09:00 in New York on both sides of the change to daylight time (14 March).
    assert.deepEqual(
      occurrences.json<{ events: Json[] }>().events.map((item) => item.utc_start_date),
      ['2027-03-08 14:00:00', '2027-03-15 13:00:00', '2027-03-22 13:00:00'],
    );
    assert.deepEqual(
      [offsite!.all_day, offsite!.start_date, offsite!.end_date],
      [true, '2027-04-12 00:00:00', '2027-04-13 23:59:59'],
    );
    // "Customized Time Zone" (+05:30, its own VTIMEZONE): the instant kept, in the site's zone (no X-WR-TIMEZONE).
    assert.deepEqual(
      [call!.timezone, call!.start_date, call!.status],
      ['America/New_York', '2027-04-10 05:30:00', 'private'],
    );
  });

  test('an Apple Calendar export: an all-day yearly series, LOCATION lines and GEO as a venue, a floating time in X-WR-TIMEZONE', async () => {
    const report = await imported(t, fixture('apple'));
    assert.deepEqual(counts(report), { created: 3, updated: 0, unchanged: 0, skipped: 0 });
    const [birthday, picnic, yoga] = await Promise.all(report.created.map((item) => event(t, item.id)));
    assert.equal(birthday!.title, "Grandma's birthday");
    assert.deepEqual(
      [birthday!.all_day, birthday!.start_date, birthday!.end_date],
      [true, '2027-07-03 00:00:00', '2027-07-03 23:59:59'],
    );
    assert.deepEqual(birthday!.recurrence, { rrule: 'FREQ=YEARLY;INTERVAL=1', rdates: [], exdates: [] });
    const venue = picnic!.venue as Json;
    assert.deepEqual([venue.venue, venue.address], ['Golden Gate Park', 'San Francisco CA 94122, United States']);
    assert.equal(
      String(picnic!.description).includes('blankets &amp; sandwiches &lt;3'),
      true,
      String(picnic!.description),
    );
    assert.deepEqual([picnic!.timezone, picnic!.start_date], ['America/Los_Angeles', '2027-06-12 10:00:00']);
    assert.deepEqual(
      [yoga!.timezone, yoga!.start_date, yoga!.end_date],
      ['America/Los_Angeles', '2027-06-20 08:30:00', '2027-06-20 09:30:00'],
    );
    // An existing venue of the same name and address is reused.
    const again = await imported(
      t,
      fixture('apple').replace(/UID:8D7C6B5A-4F3E-2D1C-0B9A-8F7E6D5C4B3A/, 'UID:another-picnic@example.com'),
    );
    assert.deepEqual(counts(again), { created: 1, updated: 0, unchanged: 2, skipped: 0 });
    assert.equal(((await event(t, again.created[0]!.id)).venue as Json).id, venue.id);
  });

  describe('refused documents write nothing', () => {
    test('an unclosed component: 400 ical_invalid naming its line', async () => {
      const before = await stored(t);
      const response = await importAs(t, fixture('malformed'));
      assert.equal(response.statusCode, 400, response.body);
      const body = response.json<{ code: string; message: string; data: Json }>();
      assert.equal(body.code, 'ical_invalid');
      assert.match(body.message, /line 14.*END:VCALENDAR does not close BEGIN:VEVENT of line 10/);
      assert.deepEqual(body.data, { status: 400, line: 14, component: 'VEVENT' });
      assert.deepEqual(await stored(t), before);
    });

    test('a rule ical.js cannot read, and one the series rules refuse: the line, and not even the good event before it', async () => {
      const before = await stored(t);
      const unreadable = await importAs(t, fixture('bad-rule'));
      assert.equal(unreadable.statusCode, 400, unreadable.body);
      assert.match(unreadable.json<{ message: string }>().message, /line 14: invalid frequency "FORTNIGHTLY"/);
      const refused = await importAs(
        t,
        fixture('bad-rule').replace('FREQ=FORTNIGHTLY;COUNT=3', 'FREQ=WEEKLY;COUNT=3;UNTIL=20270601T000000Z'),
      );
      assert.equal(refused.statusCode, 400, refused.body);
      const body = refused.json<{ code: string; message: string; data: Json }>();
      assert.equal(body.code, 'ical_invalid');
      assert.match(
        body.message,
        /^The iCalendar document cannot be imported: VEVENT at line 10: UID "bad-rule-2@example.com" cannot be imported: recurrence: .*COUNT/,
      );
      assert.deepEqual(await stored(t), before);
    });

    test('text that is no iCalendar, a VEVENT without DTSTART, a TZID nobody defines', async () => {
      const before = await stored(t);
      const cases: [string, RegExp][] = [
        ['hello world', /line 1: the document must begin with BEGIN:VCALENDAR/],
        [
          'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:No start\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
          /VEVENT at line 2: DTSTART is missing/,
        ],
        [
          'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART;TZID=Mars/Olympus:20270101T100000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
          /VEVENT at line 2: DTSTART names the time zone "Mars\/Olympus"/,
        ],
        [
          'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20271345T100000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
          /DTSTART holds no valid date/,
        ],
      ];
      for (const [text, message] of cases) {
        const response = await importAs(t, text);
        assert.equal(response.statusCode, 400, response.body);
        assert.match(response.json<{ message: string }>().message, message);
      }
      assert.deepEqual(await stored(t), before);
    });

    test('a VEVENT without UID, an exception without its series and a cancelled event are skipped with reasons', async () => {
      const report = await imported(
        t,
        [
          'BEGIN:VCALENDAR',
          'BEGIN:VEVENT',
          'DTSTART:20270101T100000Z',
          'SUMMARY:No UID',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:orphan@example.com',
          'RECURRENCE-ID:20270105T100000Z',
          'DTSTART:20270106T100000Z',
          'SUMMARY:Orphan',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:cancelled@example.com',
          'STATUS:CANCELLED',
          'DTSTART:20270107T100000Z',
          'SUMMARY:Called off',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      );
      assert.deepEqual(counts(report), { created: 0, updated: 0, unchanged: 0, skipped: 3 });
      assert.deepEqual(
        report.skipped.map((item) => item.line),
        [2, 6, 12],
      );
      assert.match(report.skipped[0]!.reason, /no UID/);
      assert.match(report.skipped[1]!.reason, /neither in the file nor imported before/);
      assert.match(report.skipped[2]!.reason, /cancelled/);
    });
  });

  test('text longer than the API accepts is cut to its bound (decision 0100), not failing the import', async () => {
    // Five times the bound each (the test app reads at most 64 KiB: a description's bound is larger).
    const long = (letter: string) => letter.repeat(5 * TEXT_LENGTHS.name);
    const report = await imported(
      t,
      [
        'BEGIN:VCALENDAR',
        'BEGIN:VEVENT',
        'UID:long-text@example.com',
        'DTSTART:20270301T100000Z',
        `SUMMARY:${long('t')}`,
        `LOCATION:${long('v')}`,
        `CATEGORIES:${long('c')}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    assert.deepEqual(counts(report), { created: 1, updated: 0, unchanged: 0, skipped: 0 });
    const event = (await t.request('administrator', 'GET', `events/${report.created[0]!.id}`)).json<{
      title: string;
      venue: { venue: string };
      categories: { name: string }[];
    }>();
    assert.equal(event.title, 't'.repeat(TEXT_LENGTHS.name));
    assert.equal(event.venue.venue, 'v'.repeat(TEXT_LENGTHS.name));
    assert.deepEqual(
      event.categories.map((category) => category.name),
      ['c'.repeat(TEXT_LENGTHS.name)],
    );
  });

  describe('who may import, and how much', () => {
    test('editors and administrators may; authors and contributors get 403, anonymous callers 401', async () => {
      const text =
        'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:permissions@example.com\r\nDTSTART:20270201T100000Z\r\nSUMMARY:Permitted\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
      for (const [as, status] of [
        ['anonymous', 401],
        ['subscriber', 403],
        ['contributor', 403],
        ['author', 403],
      ] as const) {
        const response = await importAs(t, text, as);
        assert.equal(response.statusCode, status, `${as}: ${response.body}`);
        assert.equal(response.json<{ code: string }>().code, 'rest_forbidden');
      }
      assert.equal((await importAs(t, text, 'administrator')).statusCode, 200);
      assert.deepEqual(counts(await imported(t, text)), { created: 0, updated: 0, unchanged: 1, skipped: 0 });
    });

    test('a document over CALENDAR_ICS_IMPORT_MAX_BYTES is a 413 naming the limit; a JSON body a 415', async () => {
      const large = `${fixture('google')}${'X-FILLER:'.padEnd(70, 'x')}\r\n`.repeat(Math.ceil(IMPORT_LIMIT / 3000));
      const response = await importAs(t, large);
      assert.equal(response.statusCode, 413, response.body);
      assert.deepEqual(response.json<Json>(), {
        code: 'rest_payload_too_large',
        message: `The request body is larger than the allowed ${IMPORT_LIMIT} bytes.`,
        data: { status: 413 },
      });
      const json = await t.request('editor', 'POST', 'events/import', { calendar: fixture('google') });
      assert.equal(json.statusCode, 415, json.body);
    });
  });
});

describe(`iCalendar round trip (${DIALECT})`, () => {
  let source: TestApp;
  let target: TestApp;
  let exported: string;

  before(async () => {
    [source, target] = await Promise.all([
      createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York', CALENDAR_SITE_URL: 'https://source.example' } }),
      createTestApp({ env: { CALENDAR_TIMEZONE: 'Europe/London', CALENDAR_SITE_URL: 'https://target.example' } }),
    ]);
    const create = async (fields: Json) => (await createEvent(source, fields)).id;
    const venue = await source.request('administrator', 'POST', 'venues', {
      venue: 'Teatro Argentina',
      address: 'Largo di Torre Argentina 52',
      city: 'Rome',
      country: 'Italy',
      geo_lat: 41.8955,
      geo_lng: 12.4766,
    });
    const organizer = await source.request('administrator', 'POST', 'organizers', {
      organizer: 'Roma Musica',
      email: 'info@romamusica.example',
    });
    await create({
      title: 'Concert: Verdi & friends',
      description: '<p>An evening of arias.</p><p>Doors open at <strong>19:30</strong>.</p>',
      start_date: '2027-04-01 20:00',
      end_date: '2027-04-01 22:30',
      timezone: 'Europe/Rome',
      venue: venue.json<{ id: number }>().id,
      organizer: [organizer.json<{ id: number }>().id],
      categories: ['Music', 'Opera, classic'],
    });
    await create({ title: 'Spring festival', start_date: '2027-05-08', end_date: '2027-05-09', all_day: true });
    const series = await create({
      title: 'Evening class',
      start_date: '2027-03-02 19:00',
      end_date: '2027-03-02 20:30',
      timezone: 'America/New_York',
      recurrence: {
        rrule: 'FREQ=WEEKLY;COUNT=6;BYDAY=TU',
        exdates: ['2027-03-16 19:00:00'],
        rdates: ['2027-04-10 10:00:00'],
      },
    });
    const listed = await source.request('administrator', 'GET', 'events?start_date=2027-03-23&end_date=2027-03-23');
    const occurrence = listed
      .json<{ events: { id: number; title: string }[] }>()
      .events.find((item) => item.title === 'Evening class')!;
    const moved = await source.request('administrator', 'PATCH', `events/${occurrence.id}`, {
      title: 'Evening class (moved)',
      start_date: '2027-03-24 18:00',
      end_date: '2027-03-24 19:30',
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.ok(series);
    const feed = await source.request('anonymous', 'GET', 'events.ics');
    assert.equal(feed.statusCode, 200, feed.body);
    exported = feed.body;
  });
  after(() => Promise.all([source.close(), target.close()]));

  test('exported, imported into an empty service and exported again: the same events, series, exception and all-day event', async () => {
    const report = await imported(target, exported);
    assert.deepEqual(counts(report), { created: 4, updated: 0, unchanged: 0, skipped: 0 });
    const again = await target.request('anonymous', 'GET', 'events.ics');
    assert.equal(again.statusCode, 200, again.body);
    const original = feedEvents(exported);
    assert.equal(original.length, 4);
    assert.deepEqual(feedEvents(again.body), original);
  });

  test('importing the export again is a no-op: every event unchanged, nothing rewritten', async () => {
    const listing = () => target.request('administrator', 'GET', 'events?per_page=50&start_date=2027-01-01');
    const before = (await listing()).json<Json>();
    const report = await imported(target, exported);
    assert.deepEqual(counts(report), { created: 0, updated: 0, unchanged: 4, skipped: 0 });
    assert.deepEqual((await listing()).json<Json>(), before);
  });

  test('the export imported into its own service matches its events by their UIDs: unchanged', async () => {
    const report = await imported(source, exported);
    assert.deepEqual(counts(report), { created: 0, updated: 0, unchanged: 4, skipped: 0 });
  });

  test('a newer version of one event (SEQUENCE raised) updates that event only, in the target and in the source', async () => {
    const concert =
      /BEGIN:VEVENT\r\n(?:(?!END:VEVENT).*\r\n)*?SUMMARY:Concert: Verdi & friends\r\n(?:(?!END:VEVENT).*\r\n)*?END:VEVENT\r\n/.exec(
        exported,
      )![0];
    const changed = concert
      .replace(/SEQUENCE:\d+/, 'SEQUENCE:7')
      .replace('SUMMARY:Concert: Verdi & friends', 'SUMMARY:Concert: Verdi & Puccini');
    const newer = exported.replace(concert, changed);
    for (const app of [target, source]) {
      const report = await imported(app, newer);
      assert.deepEqual(counts(report), { created: 0, updated: 1, unchanged: 3, skipped: 0 });
      assert.equal((await event(app, report.updated[0]!.id)).title, 'Concert: Verdi &amp; Puccini');
    }
  });
});
