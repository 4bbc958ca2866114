import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * Issue 44, item 11 (decision 0105): the public pages beside the original's on the same data. A
 * venue's page groups its events under month headings and does not repeat itself on each; a day
 * groups its events by half hours without a date badge on each; the month and week show their dates
 * as one heading; a single event's date line names its zone. The clock reads 2026-11-24 (New York,
 * the site's zone).
 */

describe(`public pages beside the original's (${DIALECT})`, () => {
  let t: TestApp;
  const slugs: Record<string, string> = {};

  const page = async (url: string): Promise<string> => {
    const response = await t.request('anonymous', 'GET', url);
    assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 300)}`);
    // ICU's narrow and thin spaces (in times and ranges) as plain ones.
    return response.body.replace(/[\u202f\u2009\u00a0]/g, ' ');
  };
  /** The page's text between `<main` and `</main>`. */
  const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  const count = (html: string, text: string) => html.split(text).length - 1;

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    const hall = (
      await t.request('administrator', 'POST', 'venues', {
        venue: 'Blue Hall',
        address: '1 Main St',
        city: 'Springfield',
        country: 'USA',
      })
    ).json<{ id: number; slug: string }>();
    const barn = (
      await t.request('administrator', 'POST', 'venues', {
        venue: 'Red Barn',
        address: '9 Farm Road',
        city: 'Shelbyville',
        country: 'USA',
      })
    ).json<{ id: number }>();
    slugs.hall = hall.slug;
    const create = async (key: string, fields: Record<string, unknown>) => {
      slugs[key] = (await createEvent(t, { status: 'publish', timezone: 'America/New_York', ...fields })).slug;
    };
    await create('yoga', {
      title: 'Morning Yoga',
      start_date: '2026-11-28 09:00',
      end_date: '2026-11-28 10:15',
      venue: hall.id,
    });
    await create('talk', {
      title: 'Half Past Talk',
      start_date: '2026-11-28 09:30',
      end_date: '2026-11-28 11:00',
      venue: hall.id,
    });
    await create('quarter', {
      title: 'Quarter To Ten',
      start_date: '2026-11-28 09:45',
      end_date: '2026-11-28 11:00',
      venue: barn.id,
    });
    await create('lunch', { title: 'Long Lunch', start_date: '2026-11-28 12:10', end_date: '2026-11-28 13:30' });
    await create('dance', {
      title: 'December Dance',
      start_date: '2026-12-03 20:00',
      end_date: '2026-12-03 22:00',
      venue: hall.id,
    });
    await create('berlin', {
      title: 'Berlin Evening',
      timezone: 'Europe/Berlin',
      start_date: '2026-12-05 19:00',
      end_date: '2026-12-05 21:00',
      venue: hall.id,
    });
    await create('fair', {
      title: 'Winter Fair',
      all_day: true,
      start_date: '2026-12-12',
      end_date: '2026-12-12',
      venue: hall.id,
    });
  });
  after(async () => {
    await t?.close();
  });

  test("a venue's page: its events under month headings, the venue's name and address once, another venue of an event still named", async () => {
    const body = mainOf(await page(`/venue/${slugs.hall}/`));
    const months = [...body.matchAll(/<h3 class="month-separator" id="[^"]+">([^<]+)<\/h3>/g)].map((match) => match[1]);
    assert.deepEqual(months, ['November 2026', 'December 2026']);
    const november = body.slice(body.indexOf('November 2026'), body.indexOf('December 2026'));
    assert.ok(
      november.includes('Morning Yoga') && november.includes('Half Past Talk') && !november.includes('December Dance'),
    );
    assert.match(body, /<h4 class="event-title"><a href="[^"]+">December Dance<\/a><\/h4>/);
    assert.equal(count(body, '1 Main St'), 1, 'the address once, under the name');
    assert.equal(count(body, 'Blue Hall'), 1, 'the name once, as the heading');
    assert.ok(!body.includes('class="where"'), 'no venue line on its own page');
  });

  test("a day's events under half-hour headings, the all-day ones first, without a date badge on each", async () => {
    const body = mainOf(await page('/events/2026-11-28/'));
    const headings = [
      ...body.matchAll(/<h2 class="hour-heading" id="hour-([^"]+)">(?:<time datetime="([^"]+)">)?([^<]+)/g),
    ].map((match) => [match[1], match[2], match[3]]);
    assert.deepEqual(headings, [
      ['0900', '09:00', '9:00 AM'],
      ['0930', '09:30', '9:30 AM'],
      ['1200', '12:00', '12:00 PM'],
    ]);
    const halfPast = body.slice(body.indexOf('id="hour-0930"'), body.indexOf('id="hour-1200"'));
    assert.ok(
      halfPast.includes('Half Past Talk') && halfPast.includes('Quarter To Ten') && !halfPast.includes('Morning Yoga'),
    );
    assert.ok(!body.includes('date-badge'), 'the bar names the day: no badge on each event');
    assert.ok(body.includes('<span class="venue-name">Red Barn</span>'), "a day names each event's venue");
    assert.match(await page('/fr/events/2026-11-28/'), /<time datetime="09:30">9:30<\/time>/);
    const allDay = mainOf(await page('/events/2026-12-12/'));
    assert.match(allDay, /<h2 class="hour-heading" id="hour-all-day">All day<\/h2>/);
  });

  test("the month and the week show their dates as one heading: the grid's caption is for assistive technology only", async () => {
    for (const [url, title] of [
      ['/events/month/2026-11/', 'November 2026'],
      ['/events/week/2026-11-23/', 'November 23 – 29, 2026'],
    ] as const) {
      const body = mainOf(await page(url));
      assert.equal(count(body, '<h1'), 1, `${url}: one h1`);
      assert.equal(
        [...body.matchAll(/<h2\b[^>]*>([^<]*)<\/h2>/g)].filter((match) => match[1] === title).length,
        1,
        `${url}: one heading of the dates`,
      );
      assert.ok(
        body.includes(`<caption id="month-title" class="visually-hidden">${title}</caption>`),
        `${url}: the table still named`,
      );
    }
  });

  test("a single event's date line names the event's zone; an all-day event's has no time and no zone", async () => {
    const line = async (slug: string) =>
      /<p class="event-when">([\s\S]*?)<\/p>/.exec(await page(`/event/${slug}/`))?.[1]?.replace(/<[^>]+>/g, '') ?? '';
    assert.equal(await line(slugs.yoga!), 'Saturday, November 28, 2026, 9:00 – 10:15 AM EST');
    assert.equal(await line(slugs.berlin!), 'Saturday, December 5, 2026, 7:00 – 9:00 PM GMT+1');
    assert.equal(await line(slugs.fair!), 'Saturday, December 12, 2026');
  });
});
