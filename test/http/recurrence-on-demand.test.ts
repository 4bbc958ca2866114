import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ICAL from 'ical.js';
import { createTestApp, DIALECT, type TestApp, TEST_NOW } from '../fixtures/app.ts';

/*
 * Series with unbounded rules extended on demand for a window past the horizon (issue 14,
 * decision 0025): before the read, in write units of their own, up to
 * CALENDAR_RECURRENCE_ON_DEMAND_YEARS (10) after now, on both databases. One app; the clock starts
 * at TEST_NOW (2026-11-24), so the horizon is 2028-11-27 and the on-demand limit 2036-11-01.
 */

const SITE_ZONE = 'America/New_York';
const CUT_HEADER = 'x-calendar-occurrences-until';
type EventJson = { id: number; title: string; start_date: string; series_id?: number };
type Archive = { events: EventJson[]; total: number; total_pages: number };

/** The local starts of a weekly series at `time` on weekday `weekday` (0 = Sunday) from `from` to `to`, inclusive. */
function weekly(weekday: number, time: string, from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) {
    if (new Date(day).getUTCDay() === weekday) dates.push(`${new Date(day).toISOString().slice(0, 10)} ${time}`);
  }
  return dates;
}

describe(`recurring events on demand past the horizon (${DIALECT})`, () => {
  let t: TestApp;
  let now = Date.parse(TEST_NOW);
  let weeklyId: number;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: SITE_ZONE }, clock: { now: () => new Date(now) } });
    const response = await t.request('administrator', 'POST', 'events', {
      title: 'Tuesday class',
      start_date: '2027-01-05 19:00:00',
      end_date: '2027-01-05 20:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY' },
    });
    assert.equal(response.statusCode, 201, response.body);
    weeklyId = response.json<EventJson>().id;
  });
  after(() => t.close());

  const archive = async (window: string) => {
    const response = await t.request('anonymous', 'GET', `events?${window}&per_page=50`);
    assert.equal(response.statusCode, 200, response.body);
    return { body: response.json<Archive>(), headers: response.headers };
  };
  /** Occurrence rows of a series sharing a date key: there must never be any. */
  const duplicateKeys = (seriesId: number) =>
    t.storage.read((tx) =>
      tx
        .selectFrom('event_occurrences')
        .select('occurrence_key')
        .where('series_id', '=', seriesId)
        .groupBy('occurrence_key')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute(),
    );
  const rowCount = async (seriesId: number) =>
    Number(
      (
        await t.storage.read((tx) =>
          tx
            .selectFrom('event_occurrences')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('series_id', '=', seriesId)
            .executeTakeFirstOrThrow(),
        )
      ).n,
    );

  const FIVE_YEARS = 'start_date=2031-06-01&end_date=2031-08-31';
  const expected = weekly(2, '19:00:00', '2031-06-01', '2031-08-31');

  test('a window five years ahead lists the occurrences of an unbounded series, with totals, and the same ids on a second read', async () => {
    const first = await archive(FIVE_YEARS);
    assert.deepEqual(
      first.body.events.map((event) => event.start_date),
      expected,
    );
    assert.ok(first.body.events.every((event) => event.series_id === weeklyId));
    assert.equal(first.body.total, expected.length);
    assert.equal(first.headers['x-tec-total'], String(expected.length));
    assert.equal(first.headers[CUT_HEADER], undefined);
    const second = await archive(FIVE_YEARS);
    assert.deepEqual(
      second.body.events.map((event) => event.id),
      first.body.events.map((event) => event.id),
    );
    // Extended to the first of the month after the window's end: a neighbouring window finds it done.
    const rows = await rowCount(weeklyId);
    await archive('start_date=2031-08-01&end_date=2031-08-20');
    assert.equal(await rowCount(weeklyId), rows);
    assert.deepEqual(await duplicateKeys(weeklyId), []);
  });

  test('the iCalendar feed of a window past the horizon has the series', async () => {
    const response = await t.request('anonymous', 'GET', `events.ics?${FIVE_YEARS}`);
    assert.equal(response.statusCode, 200, response.body);
    const events = new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents('vevent');
    assert.deepEqual(
      events.map((event) => event.getFirstPropertyValue('summary')),
      ['Tuesday class'],
    );
    assert.equal(response.headers[CUT_HEADER], undefined);
  });

  test('an edit of the series and the hourly extension keep the ids of the dates materialised on demand', async () => {
    const ids = (await archive(FIVE_YEARS)).body.events.map((event) => event.id);
    const edited = await t.request('administrator', 'PATCH', `events/${weeklyId}`, {
      title: 'Tuesday class (new room)',
      recurrence: { rrule: 'FREQ=WEEKLY' },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const afterEdit = (await archive(FIVE_YEARS)).body.events;
    assert.deepEqual(
      afterEdit.map((event) => event.id),
      ids,
    );
    assert.equal(afterEdit[0]!.title, 'Tuesday class (new room)');
    now += 4 * 365 * 86_400_000;
    try {
      assert.ok((await t.services.seriesExtender.extendAll()) >= 1);
      assert.deepEqual(
        (await archive(FIVE_YEARS)).body.events.map((event) => event.id),
        ids,
      );
      assert.deepEqual(await duplicateKeys(weeklyId), []);
    } finally {
      now = Date.parse(TEST_NOW);
    }
  });

  test('a window past the on-demand limit is answered 200 with the occurrences up to the limit, and says where it is cut', async () => {
    const { body, headers } = await archive('start_date=2036-10-01&end_date=2037-03-31');
    assert.deepEqual(
      body.events.map((event) => event.start_date),
      weekly(2, '19:00:00', '2036-10-01', '2036-10-31'),
    );
    assert.equal(body.total, body.events.length);
    assert.equal(headers[CUT_HEADER], '2036-11-01 00:00:00');
    assert.ok(String(headers['access-control-expose-headers']).split(', ').includes('X-Calendar-Occurrences-Until'));
    // A window the validator refuses is its 400, never an extension nor a 500.
    const refused = await t.request('anonymous', 'GET', 'events?start_date=2036-10-01&end_date=not-a-date');
    assert.equal(refused.statusCode, 400, refused.body);
    // Nothing was materialised past the limit.
    const latest = await t.storage.read((tx) =>
      tx
        .selectFrom('event_occurrences')
        .select((eb) => eb.fn.max('start_local').as('last'))
        .where('series_id', '=', weeklyId)
        .executeTakeFirstOrThrow(),
    );
    assert.ok(String(latest.last) < '2036-11-01', String(latest.last));
  });

  test('two concurrent reads extend a series once: no duplicate occurrence rows, the same answer', async () => {
    const created = await t.request('administrator', 'POST', 'events', {
      title: 'Friday market',
      start_date: '2027-01-08 09:00:00',
      end_date: '2027-01-08 13:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const marketId = created.json<EventJson>().id;
    const window = 'start_date=2033-03-01&end_date=2033-04-30';
    const [one, two] = await Promise.all([archive(window), archive(window)]);
    const fridays = weekly(5, '09:00:00', '2033-03-01', '2033-04-30');
    for (const answer of [one, two]) {
      assert.deepEqual(
        answer.body.events.filter((event) => event.series_id === marketId).map((event) => event.start_date),
        fridays,
      );
    }
    assert.deepEqual(
      one.body.events.map((event) => event.id),
      two.body.events.map((event) => event.id),
    );
    assert.deepEqual(await duplicateKeys(marketId), []);
    assert.deepEqual(await duplicateKeys(weeklyId), []);
  });

  test("one unit's share of rows is bounded: a series is extended as far as it allows, and the answer says where it stops", async () => {
    const created = await t.request('administrator', 'POST', 'events', {
      title: 'Daily walk',
      start_date: '2027-02-01 07:00:00',
      end_date: '2027-02-01 08:00:00',
      recurrence: { rrule: 'FREQ=DAILY' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const walkId = created.json<EventJson>().id;
    const before = await rowCount(walkId);
    const done = await t.storage.write((tx) =>
      t.services.eventSeries.extendSeriesTo(tx, '2030-01-01 00:00:00', 20, 10),
    );
    assert.equal(done.rows, 10);
    assert.equal(done.more, true);
    assert.equal(await rowCount(walkId), before + 10);
    const cut = await t.storage.read((tx) =>
      t.services.eventArchive.occurrencesCut(tx, { endUntil: '2029-12-31 23:59:59' }),
    );
    // The first date left out: ten days after the last one of the horizon (2028-11-26).
    assert.equal(cut, '2028-12-07 07:00:00');
    // The next read past it goes on from there.
    const { headers } = await archive('start_date=2029-12-01&end_date=2029-12-31');
    assert.equal(headers[CUT_HEADER], undefined);
    assert.deepEqual(await duplicateKeys(walkId), []);
  });
});
