import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import {
  launchChromium,
  screenshotFolder,
  openWatchedPage,
  pageErrors,
  seriousAxeViolations,
} from '../fixtures/browser.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * The public pages in a real browser (decisions 0031, 0043): Chromium driven by playwright-core
 * against the app listening on a port, one browser for the whole file. Elements are found as people
 * find them, by role and visible label (house style 15), never by CSS selector. Screenshots of each
 * page type at 390 px and 1280 px go to a folder in the OS temp directory (printed), never the repository.
 */

const WIDTHS = [390, 1280] as const;

describe(`public pages in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let base: string;
  /** Every request the pages made to another origin (issue 34: none). */
  const foreign: string[] = [];
  const shots = screenshotFolder('pages-screenshots');
  const slugs: Record<string, string> = {};

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const venue = (
      await t.request('administrator', 'POST', 'venues', {
        venue: 'Blue Hall',
        address: '1 Main St',
        city: 'Springfield',
        country: 'USA',
        geo_lat: 40.5,
        geo_lng: -74.25,
      })
    ).json<{ id: number }>();
    const organizer = (
      await t.request('administrator', 'POST', 'organizers', {
        organizer: 'Jazz Club',
        email: 'club@example.com',
        phone: '+1 555 0100',
      })
    ).json<{ id: number }>();
    const create = async (key: string, fields: Record<string, unknown>) => {
      slugs[key] = (await createEvent(t, { status: 'publish', timezone: 'America/New_York', ...fields })).slug;
    };
    // Created out of order: the list sorts them by start.
    await create('beta', {
      title: 'Beta Lecture',
      start_date: '2026-12-02 18:00',
      end_date: '2026-12-02 19:30',
      categories: ['Talks'],
    });
    await create('alpha', {
      title: 'Alpha Concert',
      description: '<p>An evening of <strong>jazz</strong>.</p>',
      start_date: '2026-11-28 20:00',
      end_date: '2026-11-28 22:00',
      cost: '15',
      venue: venue.id,
      organizer: [organizer.id],
      categories: ['Music'],
      tags: ['late'],
    });
    await create('gamma', {
      title: 'Gamma Fair',
      start_date: '2026-12-10',
      end_date: '2026-12-11',
      all_day: true,
      categories: ['Music'],
    });
    await create('dst', {
      title: 'Spring Forward Brunch',
      start_date: '2027-03-14 10:00',
      end_date: '2027-03-14 12:00',
    });
    await create('april', { title: 'April Picnic', start_date: '2027-04-03 12:00', end_date: '2027-04-03 15:00' });
    await create('locked', {
      title: 'Members Meeting',
      post_password: 'open-sesame',
      start_date: '2026-12-05 10:00',
      end_date: '2026-12-05 11:00',
    });
    // Sunday to Tuesday: a bar across two week rows of December.
    await create('market', {
      title: 'Winter Market',
      excerpt: 'Crafts and mulled cider.',
      start_date: '2026-12-13 10:00',
      end_date: '2026-12-15 18:00',
    });
    // A child category (no events of its own), for its breadcrumbs.
    const talks = (await t.request('anonymous', 'GET', 'events?search=beta')).json<{
      events: { categories: { id: number }[] }[];
    }>().events[0]!.categories[0]!;
    const panels = await t.request('administrator', 'POST', 'categories', { name: 'Panels', parent: talks.id });
    assert.equal(panels.statusCode, 201, panels.body);
    browser = await launchChromium();
    context = await browser.newContext();
    context.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = (url: string): Promise<Page> => openWatchedPage(context, `${base}${url}`);
  /** The titles of the listed events: each event is an article headed by its linked title. */
  const titles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
  const searchField = (page: Page) => page.getByRole('search', { name: 'Event filters' }).getByLabel('Search events');
  /** No serious or critical accessibility violation (axe-core, WCAG 2.x A and AA; `rules` narrows the run). */
  const accessible = async (page: Page, name: string, rules?: string[]) => {
    assert.deepEqual(await seriousAxeViolations(page, rules), [], name);
  };
  const screenshots = async (page: Page, name: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
    }
  };
  /** Accessibility at 390 px and 1280 px (in the dark scheme, contrast again), then screenshots, no script error, nothing from another origin: one pass per page type. */
  const check = async (page: Page, name: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await accessible(page, `${name} at ${width}`);
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    await accessible(page, `${name} (dark)`, ['color-contrast']);
    await page.emulateMedia({ colorScheme: 'light' });
    await screenshots(page, name);
    assert.deepEqual(pageErrors(page), [], `${name}: no script errors or CSP refusals`);
    assert.deepEqual(foreign, [], `${name}: no request to another origin`);
    await page.close();
  };

  test('the list view shows the upcoming events in order; filters narrow it and the form keeps them', async () => {
    const page = await open('/events/');
    assert.deepEqual((await titles(page)).slice(0, 4), [
      'Alpha Concert',
      'Beta Lecture',
      'Members Meeting',
      'Gamma Fair',
    ]);
    await searchField(page).fill('lecture');
    await Promise.all([page.waitForURL(/search=lecture/), page.getByRole('button', { name: 'Find events' }).click()]);
    assert.deepEqual(await titles(page), ['Beta Lecture']);
    assert.equal(await searchField(page).inputValue(), 'lecture');
    await page.goto(`${base}/events/?category=music`);
    assert.deepEqual(await titles(page), ['Alpha Concert', 'Gamma Fair']);
    await check(page, 'list');
  });

  test('the list at 390 and 1280: a weekday and day badge beside each event, a heading per month over its events, and the subscribe links of its filters', async () => {
    const page = await open('/events/?category=music');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const main = page.getByRole('main');
      const november = main.getByRole('region', { name: 'November 2026' });
      const december = main.getByRole('region', { name: 'December 2026' });
      assert.deepEqual(await november.getByRole('article').getByRole('heading').allTextContents(), ['Alpha Concert']);
      assert.deepEqual(await december.getByRole('article').getByRole('heading').allTextContents(), ['Gamma Fair']);
      // The badge sits to the left of the title, at both widths.
      const badge = november.getByRole('article').locator('time.date-badge');
      assert.equal((await badge.innerText()).replace(/\s+/g, ' '), 'SAT 28');
      const [badgeBox, titleBox] = [
        await badge.boundingBox(),
        await november.getByRole('article').getByRole('heading').boundingBox(),
      ];
      assert.ok(
        badgeBox && titleBox && badgeBox.x + badgeBox.width <= titleBox.x,
        `badge beside the title at ${width}`,
      );
      await main.getByText('Subscribe to calendar').click();
      const google = await main.getByRole('link', { name: 'Google Calendar' }).getAttribute('href');
      assert.match(decodeURIComponent(google ?? ''), /categories=music/);
      assert.match(
        (await main.getByRole('link', { name: 'iCalendar' }).getAttribute('href')) ?? '',
        /^webcal:\/\/.*categories=music/,
      );
      await main.getByText('Subscribe to calendar').click();
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('keyboard: Tab reaches every link of the list page, the skip link first', async () => {
    const page = await open('/events/');
    const focused = (link: Locator) => link.evaluate((element) => element === document.activeElement);
    await page.keyboard.press('Tab');
    assert.ok(await focused(page.getByRole('link', { name: 'Skip to content' })), 'the skip link comes first');
    // Every link but the unavailable arrow (no page before the first), which takes no focus.
    const links = await page.getByRole('link').all();
    for (const link of [...links])
      if ((await link.getAttribute('aria-disabled')) === 'true') links.splice(links.indexOf(link), 1);
    const reached = new Set<Locator>();
    // Every link, each field of the search form (a date field takes a stop per part) and its button, and then some.
    for (let step = 0; step < links.length + 10 && reached.size < links.length; step++) {
      for (const link of links) if (await focused(link)) reached.add(link);
      await page.keyboard.press('Tab');
    }
    for (const link of links) assert.ok(reached.has(link), `Tab never reaches ${await link.getAttribute('href')}`);
    await page.close();
  });

  test('the month view shows an event on its day across the daylight-saving change, and switches to the next month', async () => {
    const page = await open('/events/month/2027-03/');
    const day = (on: Page, month: string, name: string) =>
      on
        .getByRole('table', { name: month })
        .getByRole('cell')
        .filter({ has: on.getByRole('link', { name, exact: true }) });
    assert.match(
      (await day(page, 'March 2027', 'Sunday, March 14, 2027').textContent()) ?? '',
      /10:00\sAM\s?–\s?12:00\sPM\s?Spring Forward Brunch/,
    );
    await check(page, 'month');
    const switching = await open('/events/month/2027-03/');
    // calendar.js swaps the grid in place and pushes the URL; without it the link loads the page.
    const next = switching.getByRole('navigation', { name: 'Dates shown' }).getByRole('link', { name: 'Next month' });
    await Promise.all([switching.waitForURL(/\/events\/month\/2027-04\/$/), next.click()]);
    await switching.getByRole('table', { name: 'April 2027' }).waitFor();
    assert.match((await day(switching, 'April 2027', 'Saturday, April 3, 2027').textContent()) ?? '', /April Picnic/);
    await switching.close();
  });

  test('the single page shows dates with the zone, venue, organizer, and an add-to-calendar link that answers text/calendar', async () => {
    const page = await open(`/event/${slugs.alpha}/`);
    const event = page.getByRole('article', { name: 'Alpha Concert' });
    assert.equal(await event.getByRole('heading', { level: 1 }).textContent(), 'Alpha Concert');
    const facts = (await event.getByRole('region', { name: 'Details' }).getByRole('definition').allTextContents()).join(
      '\n',
    );
    assert.match(facts, /Saturday, November 28, 2026, 8:00\s?–\s?10:00\sPM/);
    assert.ok(facts.includes('Eastern Standard Time (America/New_York)'));
    const venue = (await event.getByRole('region', { name: 'Venue' }).textContent()) ?? '';
    assert.ok(venue.includes('Blue Hall') && venue.includes('1 Main St, Springfield, USA'));
    const organizer = (await event.getByRole('region', { name: 'Organizer' }).textContent()) ?? '';
    assert.ok(organizer.includes('Jazz Club') && organizer.includes('club@example.com'));
    const ics = await event
      .getByRole('region', { name: 'Add to calendar' })
      .getByRole('link', { name: 'Download .ics' })
      .getAttribute('href');
    const answer = await fetch(ics!);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/calendar/);
    assert.ok((await answer.text()).includes('SUMMARY:Alpha Concert'));
    const google = new URL((await event.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
    assert.equal(google.origin, 'https://calendar.google.com');
    assert.equal(google.searchParams.get('dates'), '20261129T010000Z/20261129T030000Z');
    assert.match(
      (await event.getByRole('link', { name: 'Map (OpenStreetMap)' }).getAttribute('href')) ?? '',
      /^https:\/\/www\.openstreetmap\.org\//,
    );
    await check(page, 'event');
  });

  test('a French page shows French text and dates', async () => {
    const page = await open('/fr/events/');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Événements à venir');
    // The list groups events under French month headings, each with a French weekday badge.
    assert.ok(
      (await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).some((heading) =>
        /novembre 2026/.test(heading),
      ),
    );
    assert.match((await page.getByRole('main').getByRole('article').first().textContent()) ?? '', /sam\.\s*28/);
    await check(page, 'list-fr');
  });

  test('every other page type: day, venue, organizer, category, password form, embed, not found', async () => {
    for (const [name, url] of [
      ['day', '/events/2026-11-28/'],
      ['venue', '/venue/blue-hall/'],
      ['organizer', '/organizer/jazz-club/'],
      ['category', '/events/category/music/'],
      ['password', `/event/${slugs.locked}/`],
      ['embed', '/events/embed/?view=month&month=2026-12'],
      ['not-found', '/event/no-such-event/'],
    ] as const) {
      const page = await open(url);
      assert.ok((await page.getByRole('main').textContent())?.trim(), `${name} has content`);
      await check(page, name);
    }
  });

  /** The box of an element on the page as laid out now. */
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    assert.ok(found, 'laid out and visible');
    return found;
  };

  test('the month at 1280: multi-day events as bars across their days, continued in the next row; a preview on focus and hover', async () => {
    const page = await open('/events/month/2026-12/');
    await page.setViewportSize({ width: 1280, height: 900 });
    const grid = page.getByRole('table', { name: 'December 2026' });
    const cell = (name: string) =>
      grid.getByRole('cell').filter({ has: page.getByRole('link', { name, exact: true }) });
    const width = (await box(cell('Thursday, December 10, 2026'))).width;
    // Gamma Fair: Thursday and Friday, one bar two cells wide.
    const gamma = grid.getByRole('link', { name: /^Gamma Fair\s?, / });
    assert.equal(await gamma.count(), 1);
    const fair = await box(gamma);
    assert.ok(fair.width > 1.8 * width && fair.width < 2.2 * width, `${fair.width} against cells of ${width}`);
    assert.ok(Math.abs(fair.x - (await box(cell('Thursday, December 10, 2026'))).x) < 8, 'it starts on its first day');
    // Winter Market: Sunday in one row, Monday and Tuesday in the next, one link in each row naming its dates.
    const market = grid.getByRole('link', {
      name: /^Winter Market\s?, Sunday, December 13, 2026 at 10:00\sAM\s–\sTuesday, December 15, 2026 at 6:00\sPM$/,
    });
    assert.equal(await market.count(), 2);
    const [first, second] = [await box(market.nth(0)), await box(market.nth(1))];
    assert.ok(second.y > first.y && second.width > 1.8 * width, 'continued across the next row');
    // The preview: none until wanted; calendar.js reads it from the event's page on focus or hover, then shown while the link has focus or the pointer is over it.
    const preview = cell('Monday, December 14, 2026').getByText('Crafts and mulled cider.');
    assert.equal(await preview.count(), 0, 'not in the page as served (decision 0075)');
    await market.nth(1).focus();
    await preview.waitFor({ state: 'visible' });
    assert.ok(await preview.isVisible(), 'the preview shows on focus');
    const [text, card] = [await box(preview), await box(preview.locator('xpath=..'))];
    assert.ok(text.y + text.height <= card.y + card.height + 1, 'the card holds its whole text');
    assert.ok(
      await cell('Monday, December 14, 2026')
        .getByText(/^Sunday, December 13, 2026 at 10:00\sAM/)
        .last()
        .isVisible(),
      'with its times',
    );
    await market.nth(1).blur();
    assert.equal(await preview.isVisible(), false);
    await market.nth(1).hover();
    assert.ok(await preview.isVisible(), 'the preview shows on hover');
    // The neighbouring month's days, dimmed, hold their events: Alpha Concert is not in December's grid (its week is November's), the 30th is.
    assert.ok(await cell('Monday, November 30, 2026').isVisible());
    // The pointer leaves the grid: axe looks at the page as it is at rest.
    await page.mouse.move(0, 0);
    await check(page, 'month-grid');
  });

  test("the month at 390: a grid of days with dots, the chosen day's events under it, another day picked by its link (no script)", async () => {
    const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(`${base}/events/month/2026-12/`);
    const grid = page.getByRole('table', { name: 'December 2026' });
    // A day in the grid: the chosen day's link to its day view also heads its events under the grid, and comes first in the page.
    const day = (name: string) => grid.getByRole('link', { name, exact: true }).last();
    // Seven days a row, as a grid.
    const [two, three] = [await box(day('Wednesday, December 2, 2026')), await box(day('Thursday, December 3, 2026'))];
    assert.ok(Math.abs(two.y - three.y) < 4 && three.x > two.x, 'days side by side');
    // The first day from today with events is chosen: its events show under its whole date, which links to its day view; the others' do not.
    assert.ok(await page.getByRole('link', { name: /Beta Lecture/ }).isVisible());
    const heading = grid.getByRole('link', { name: 'Wednesday, December 2, 2026', exact: true }).first();
    assert.equal(await heading.getAttribute('href'), '/events/2026-12-02/');
    assert.ok(
      (await box(heading)).y > (await box(day('Thursday, December 31, 2026'))).y &&
        (await box(heading)).y < (await box(page.getByRole('link', { name: /Beta Lecture/ }))).y,
      'the day heads its events under the grid',
    );
    assert.equal(await page.getByRole('link', { name: /^Gamma Fair/ }).isVisible(), false);
    await Promise.all([page.waitForURL(/#d12-10$/), day('Thursday, December 10, 2026').click()]);
    assert.ok(await page.getByRole('link', { name: /^Gamma Fair/ }).isVisible(), "the picked day's events");
    assert.equal(await page.getByRole('link', { name: /Beta Lecture/ }).isVisible(), false);
    assert.ok(
      (await box(page.getByRole('link', { name: /^Gamma Fair/ }))).y >
        (await box(day('Thursday, December 31, 2026'))).y,
      'under the grid',
    );
    await page.screenshot({ path: path.join(shots, 'month-phone-picked-390.png'), fullPage: true });
    await phone.close();
  });

  test('the week: seven day columns at 1280 with the all-day bar across its days; a list of days at 390', async () => {
    const page = await open('/events/week/2026-12-09/');
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.equal(
      await page
        .getByRole('navigation', { name: 'Calendar views' })
        .getByRole('link', { name: 'Week' })
        .getAttribute('aria-current'),
      'page',
    );
    const days = page.getByRole('table').getByRole('link', { name: /^\w+, December \d+, 2026$/ });
    assert.equal(await days.count(), 7);
    const columns = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(async (index) => box(days.nth(index))));
    assert.ok(
      columns.every(
        (column, index) => index === 0 || (Math.abs(column.y - columns[0]!.y) < 4 && column.x > columns[index - 1]!.x),
      ),
      'side by side',
    );
    const fair = await box(page.getByRole('link', { name: /^Gamma Fair\s?, / }));
    assert.ok(fair.width > 1.8 * (columns[1]!.x - columns[0]!.x), 'the fair spans Thursday and Friday');
    await page.setViewportSize({ width: 390, height: 900 });
    const stacked = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(async (index) => box(days.nth(index))));
    assert.ok(
      stacked.every(
        (day, index) => index === 0 || (day.y > stacked[index - 1]!.y && Math.abs(day.x - stacked[0]!.x) < 4),
      ),
      'one under the other',
    );
    assert.ok(await page.getByRole('link', { name: /^Gamma Fair\s?, / }).isVisible());
    await check(page, 'week');
  });

  test('the day: events under hour headings; an empty day jumps to the next day with events', async () => {
    const page = await open('/events/2026-11-28/');
    assert.deepEqual(
      await page
        .getByRole('main')
        .getByRole('heading', { level: 2 })
        .allTextContents()
        .then((all) => all.filter((text) => /\d:00/.test(text)).map((text) => text.replace(/\s/g, ' '))),
      ['8:00 PM'],
    );
    assert.ok(
      await page
        .getByRole('region', { name: /8:00\sPM/ })
        .getByRole('heading', { name: 'Alpha Concert' })
        .isVisible(),
    );
    await check(page, 'day-hours');
    const empty = await open('/events/2026-11-29/');
    assert.ok(await empty.getByText('There are no events on this day.').isVisible());
    await Promise.all([
      empty.waitForURL(`${base}/events/2026-12-02/`),
      empty.getByRole('link', { name: 'Jump to the next upcoming events' }).click(),
    ]);
    assert.ok(await empty.getByRole('heading', { name: 'Beta Lecture' }).isVisible());
    await check(empty, 'day-next');
  });

  test('the password form opens a protected event in the browser (cookie)', async () => {
    const page = await open(`/event/${slugs.locked}/`);
    await page.getByLabel('Password').fill('open-sesame');
    await Promise.all([
      page.waitForURL(`${base}/event/${slugs.locked}/`),
      page.getByRole('button', { name: 'Enter' }).click(),
    ]);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Members Meeting');
    await page.close();
  });

  test("a category's views: breadcrumbs by role and name, the current view marked, every view of the term, accessible", async () => {
    for (const width of WIDTHS) {
      const page = await open('/events/category/music/');
      await page.setViewportSize({ width, height: 900 });
      const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
      assert.deepEqual(await trail.getByRole('link').allTextContents(), ['Events', 'Music']);
      assert.equal(await trail.getByRole('link', { name: 'Music' }).getAttribute('aria-current'), 'page');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Music');
      assert.deepEqual(await titles(page), ['Alpha Concert', 'Gamma Fair']);
      // The tabs sit in the bar's fold, which a phone opens first.
      if (width === 390) await page.getByText('Search and views').click();
      const views = page.getByRole('navigation', { name: 'Calendar views' });
      assert.equal(await views.getByRole('link', { name: 'List' }).getAttribute('aria-current'), 'page');
      await Promise.all([
        page.waitForURL(`${base}/events/category/music/month/`),
        views.getByRole('link', { name: 'Month' }).click(),
      ]);
      if (width === 390) await page.getByText('Search and views').click();
      assert.equal(
        await page
          .getByRole('navigation', { name: 'Calendar views' })
          .getByRole('link', { name: 'Month' })
          .getAttribute('aria-current'),
        'page',
      );
      assert.deepEqual(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').allTextContents(), [
        'Events',
        'Music',
      ]);
      await page.close();
    }
    // A child category: its ancestors between, each a link.
    const child = await open('/events/category/talks/panels/');
    const trail = child.getByRole('navigation', { name: 'Breadcrumb' });
    assert.deepEqual(await trail.getByRole('link').allTextContents(), ['Events', 'Talks', 'Panels']);
    assert.equal(
      await trail.getByRole('link', { name: 'Talks' }).getAttribute('href'),
      `${base}/events/category/talks/`,
    );
    await check(child, 'category-child');
    for (const [name, url] of [
      ['category-week', '/events/category/music/week/2026-12-09/'],
      ['category-day', '/events/category/music/day/2026-11-28/'],
      ['category-today', '/events/category/music/today/'],
      ['tag-list', '/events/tag/late/'],
      ['tag-month', '/events/tag/late/month/2026-11/'],
      ['series-dates', `/event/${slugs.alpha}/all/`],
    ] as const) {
      const page = await open(url);
      assert.ok((await page.getByRole('main').textContent())?.trim(), `${name} has content`);
      await check(page, name);
    }
    const list = await open('/events/category/music/');
    await check(list, 'category-list');
    const month = await open('/events/category/music/month/2026-12/');
    assert.match((await month.getByRole('table', { name: 'December 2026' }).textContent()) ?? '', /Gamma Fair/);
    assert.ok(
      !((await month.getByRole('table', { name: 'December 2026' }).textContent()) ?? '').includes('Beta Lecture'),
      "only the term's events",
    );
    await check(month, 'category-month');
  });

  test("without script every view reads: the list, month, week, day, a category's month and an event, with their bars, subscribe links and arrows", async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false });
    plain.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    for (const width of WIDTHS) {
      const page = await plain.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/events/`);
      assert.deepEqual((await titles(page)).slice(0, 2), ['Alpha Concert', 'Beta Lecture']);
      // The list's first page has no page before it: its arrow is there, named and unavailable, out of the Tab order.
      const previous = page
        .getByRole('navigation', { name: 'Dates shown' })
        .getByRole('link', { name: 'Previous events' });
      assert.equal(await previous.getAttribute('aria-disabled'), 'true');
      assert.equal(
        await previous.evaluate((element) => ((element as HTMLElement).focus(), document.activeElement === element)),
        false,
        'not focusable',
      );
      // The month's arrows are plain links: the next month loads without calendar.js.
      await page.goto(`${base}/events/month/2026-11/`);
      await Promise.all([
        page.waitForURL(`${base}/events/month/2026-12/`),
        page.getByRole('navigation', { name: 'Dates shown' }).getByRole('link', { name: 'Next month' }).click(),
      ]);
      assert.ok(await page.getByRole('table', { name: 'December 2026' }).isVisible());
      for (const [url, text] of [
        ['/events/month/2026-12/', 'Gamma Fair'],
        ['/events/week/2026-12-09/', 'Gamma Fair'],
        ['/events/2026-11-28/', 'Alpha Concert'],
        ['/events/category/music/month/2026-12/', 'Gamma Fair'],
      ] as const) {
        await page.goto(`${base}${url}`);
        assert.match((await page.getByRole('main').textContent()) ?? '', new RegExp(text), url);
        // "Subscribe to calendar" opens without script, with its five links.
        await page.getByText('Subscribe to calendar').click();
        assert.equal(
          await page.getByRole('group').filter({ hasText: 'Subscribe to calendar' }).getByRole('link').count(),
          5,
          url,
        );
      }
      await page.goto(`${base}/event/${slugs.alpha}/`);
      assert.ok(
        await page
          .getByRole('region', { name: 'Add to calendar' })
          .getByRole('link', { name: 'Google Calendar' })
          .isVisible(),
      );
      await page.close();
    }
    await plain.close();
    assert.deepEqual(foreign, [], 'no request to another origin');
  });

  test('the bar on a phone folds the search and the views away and opens them; at 1280 they show', async () => {
    const page = await open('/events/');
    await page.setViewportSize({ width: 390, height: 900 });
    const fold = page.getByText('Search and views');
    assert.ok(await fold.isVisible());
    assert.ok(!(await searchField(page).isVisible()), 'the search is folded away');
    assert.ok(
      !(await page.getByRole('navigation', { name: 'Calendar views' }).isVisible()),
      'the views are folded away',
    );
    assert.ok(
      await page.getByRole('navigation', { name: 'Dates shown' }).getByRole('link', { name: 'Today' }).isVisible(),
      'the dates stay',
    );
    await fold.click();
    assert.ok(await searchField(page).isVisible());
    await searchField(page).fill('lecture');
    await Promise.all([page.waitForURL(/search=lecture/), page.getByRole('button', { name: 'Find events' }).click()]);
    assert.deepEqual(await titles(page), ['Beta Lecture']);
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.ok(!(await page.getByText('Search and views').isVisible()), 'no fold where there is room');
    assert.ok(await searchField(page).isVisible());
    assert.ok(
      await page.getByRole('navigation', { name: 'Calendar views' }).getByRole('link', { name: 'List' }).isVisible(),
    );
    await page.close();
  });

  test('the date picker opens the view at the chosen date, the term and the filters kept', async () => {
    for (const width of WIDTHS) {
      const day = await open('/events/category/music/today/');
      await day.setViewportSize({ width, height: 900 });
      await day.getByText('Choose a date').first().click();
      await day.getByLabel('Choose a date').fill('2026-11-28');
      await Promise.all([
        day.waitForURL(`${base}/events/category/music/day/2026-11-28/`),
        day.getByRole('button', { name: 'Go' }).click(),
      ]);
      assert.deepEqual(await titles(day), ['Alpha Concert']);
      assert.equal(
        await day.getByRole('heading', { level: 2, name: 'Saturday, November 28, 2026' }).count(),
        1,
        'the dates shown are a heading',
      );
      await day.close();
      const month = await open('/events/month/?search=fair');
      await month.setViewportSize({ width, height: 900 });
      await month.getByText('Choose a date').first().click();
      await month.getByLabel('Choose a date').fill('2026-12');
      await Promise.all([
        month.waitForURL(`${base}/events/month/2026-12/?search=fair`),
        month.getByRole('button', { name: 'Go' }).click(),
      ]);
      assert.match((await month.getByRole('table', { name: 'December 2026' }).textContent()) ?? '', /Gamma Fair/);
      await month.close();
      const list = await open('/events/');
      await list.setViewportSize({ width, height: 900 });
      await list.getByText('Choose a date').first().click();
      await list.getByLabel('Choose a date').fill('2026-12-01');
      await Promise.all([
        list.waitForURL(`${base}/events/?date=2026-12-01`),
        list.getByRole('button', { name: 'Go' }).click(),
      ]);
      assert.equal((await titles(list))[0], 'Beta Lecture');
      await list.close();
    }
  });
});
