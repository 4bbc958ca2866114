import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seed } from '../../src/seed/seed.ts';
import { createTestApp, DIALECT, TEST_NOW } from '../fixtures/app.ts';
import { leastStallMs, longestStallMs, MAX_EVENT_LOOP_STALL_MS } from '../fixtures/event-loop.ts';

// test:quick skips this file: it builds calendars of thousands of events (test/quick.ts).

/*
 * Big work gives the event loop back (issue 36 "also seen", decision 0047): an editor's import of
 * thousands of events, and an anonymous `events.ics` and `sitemap.xml` over them, each keep the
 * event loop busy MAX_EVENT_LOOP_STALL_MS at most, so that `/healthz` and every other request
 * are answered meanwhile. Before, each ran to its end in one turn of the loop (38,000 events: 30 s,
 * 3.4 s and 2.3 s).
 */

/** Events imported in one request: enough to stall for seconds before, and well within the request timeout on a loaded machine. */
const IMPORTED = 500;
/** Events in the database the feed and the sitemap read (the sitemap lists those from yesterday on, some 40%). */
const SEEDED = 5_000;

/** An iCalendar document of `count` one-hour events in 2027, as a calendar application exports them. */
function calendarOf(count: number, uidPrefix: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Big work//EN', 'X-WR-TIMEZONE:Europe/Berlin'];
  for (let index = 0; index < count; index++) {
    const day = new Date(Date.UTC(2027, 0, 1 + (index % 360), 8 + (index % 10)));
    const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').slice(0, 15);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uidPrefix}-${index}@example.test`,
      'DTSTAMP:20261124T000000Z',
      `DTSTART;TZID=Europe/Berlin:${stamp(day)}`,
      `DTEND;TZID=Europe/Berlin:${stamp(new Date(day.getTime() + 3_600_000))}`,
      `SUMMARY:Event ${index} of a big calendar`,
      `DESCRIPTION:A description long enough to be some work to read\\, map and write again (${index}).`,
      `LOCATION:Hall ${index % 7}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

const CALENDAR = { 'content-type': 'text/calendar; charset=utf-8' };

describe(`big work yields to other requests (${DIALECT})`, () => {
  test(`an import of ${IMPORTED} events`, async () => {
    const t = await createTestApp();
    try {
      // Code paths compiled once, so that what is measured is the work, not the first run's compiling.
      assert.equal(
        (await t.request('editor', 'POST', 'events/import', calendarOf(30, 'warm'), CALENDAR)).statusCode,
        200,
      );
      const { result: response, stallMs } = await longestStallMs(() =>
        t.request('editor', 'POST', 'events/import', calendarOf(IMPORTED, 'big'), CALENDAR),
      );
      assert.equal(response.statusCode, 200, response.body.slice(0, 500));
      assert.equal(response.json<{ created: unknown[] }>().created.length, IMPORTED);
      assert.ok(stallMs <= MAX_EVENT_LOOP_STALL_MS, `the import stalled the event loop ${stallMs} ms`);
    } finally {
      await t.close();
    }
  });

  test(`events.ics and sitemap.xml over ${SEEDED} events, anonymous`, async () => {
    // Without the read cache, so that each run of the feed and the sitemap does the whole work again.
    const t = await createTestApp({ env: { CALENDAR_READ_CACHE_MB: '0' } });
    try {
      await seed(t.storage, { events: SEEDED, force: true, now: new Date(TEST_NOW) });
      const everything = 'events.ics?start_date=2000-01-01&end_date=2040-12-31';
      assert.equal((await t.request('anonymous', 'GET', `${everything}&per_page=20`)).statusCode, 200);
      const feed = await leastStallMs(() => t.request('anonymous', 'GET', everything));
      assert.equal(feed.result.statusCode, 200);
      assert.ok(feed.result.body.split('BEGIN:VEVENT').length - 1 >= SEEDED / 2, 'the events are in the feed');
      assert.ok(feed.stallMs <= MAX_EVENT_LOOP_STALL_MS, `events.ics stalled the event loop ${feed.stallMs} ms`);
      const sitemap = await leastStallMs(() => t.app.inject({ method: 'GET', url: '/sitemap.xml' }));
      assert.equal(sitemap.result.statusCode, 200);
      assert.ok(sitemap.result.body.split('<url>').length - 1 >= SEEDED / 4, 'the upcoming events are in the sitemap');
      assert.ok(sitemap.stallMs <= MAX_EVENT_LOOP_STALL_MS, `sitemap.xml stalled the event loop ${sitemap.stallMs} ms`);
    } finally {
      await t.close();
    }
  });
});
