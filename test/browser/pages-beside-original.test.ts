import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { launchChromium, openWatchedPage, pageErrors, seriousAxeViolations } from '../fixtures/browser.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * Issue 44, item 11 (decision 0105): the public pages beside the original's, in Chromium at 390 and
 * 1280 px, found by role and visible label, checked with axe. A venue's events under month
 * headings, its address once; a day by half hours without a badge on each event; one heading of the
 * dates on the month and the week; the event's zone on its date line; and at 1280 px the single
 * event's details beside its description, in the right half of the page.
 */

const WIDTHS = [390, 1280] as const;

describe(`public pages beside the original's, in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let base: string;
  const slugs: Record<string, string> = {};

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const hall = (
      await t.request('administrator', 'POST', 'venues', {
        venue: 'Blue Hall',
        address: '1 Main St',
        city: 'Springfield',
        country: 'USA',
        phone: '+1 555 0101',
      })
    ).json<{ id: number; slug: string }>();
    const organizer = (
      await t.request('administrator', 'POST', 'organizers', { organizer: 'Jazz Club', email: 'club@example.com' })
    ).json<{ id: number }>();
    slugs.hall = hall.slug;
    const description = `<p>${'Bring a mat and water; the session suits every level and ends with a short talk. '.repeat(6)}</p>`;
    const create = async (key: string, fields: Record<string, unknown>) => {
      slugs[key] = (
        await createEvent(t, { status: 'publish', timezone: 'America/New_York', venue: hall.id, ...fields })
      ).slug;
    };
    await create('yoga', {
      title: 'Morning Yoga',
      description,
      cost: '15',
      start_date: '2026-11-28 09:00',
      end_date: '2026-11-28 10:15',
      organizer: [organizer.id],
      categories: ['Wellness'],
    });
    await create('talk', { title: 'Half Past Talk', start_date: '2026-11-28 09:30', end_date: '2026-11-28 11:00' });
    await create('quarter', { title: 'Quarter To Ten', start_date: '2026-11-28 09:45', end_date: '2026-11-28 11:00' });
    await create('dance', { title: 'December Dance', start_date: '2026-12-03 20:00', end_date: '2026-12-03 22:00' });
    await create('berlin', {
      title: 'Berlin Evening',
      timezone: 'Europe/Berlin',
      start_date: '2026-12-05 19:00',
      end_date: '2026-12-05 21:00',
    });
    browser = await launchChromium();
    context = await browser.newContext();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = (url: string): Promise<Page> => openWatchedPage(context, `${base}${url}`);
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    assert.ok(found, 'shown');
    return found;
  };
  /** At each width: `check` runs, then axe finds no serious violation; no script error on the way. */
  const atEachWidth = async (page: Page, name: string, check: (width: number) => Promise<void>) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await check(width);
      assert.deepEqual(await seriousAxeViolations(page), [], `${name} at ${width}`);
    }
    assert.deepEqual(pageErrors(page), [], name);
    await page.close();
  };
  /** How many elements show `text` as all their own text at a readable size (a visually hidden one is a pixel wide). */
  const shownTimes = (page: Page, text: string) =>
    page
      .getByRole('main')
      .getByText(text, { exact: true })
      .evaluateAll((elements) => elements.filter((element) => element.getBoundingClientRect().width > 2).length);

  test("a venue's page: its events under month headings, its name and address shown once", async () => {
    const page = await open(`/venue/${slugs.hall}/`);
    await atEachWidth(page, 'venue', async (width) => {
      const main = page.getByRole('main');
      assert.deepEqual(
        await main.getByRole('heading', { level: 3 }).allTextContents(),
        ['November 2026', 'December 2026'],
        `month headings at ${width}`,
      );
      const november = main.getByRole('region', { name: 'November 2026' });
      assert.deepEqual(await november.getByRole('article').getByRole('heading').allTextContents(), [
        'Morning Yoga',
        'Half Past Talk',
        'Quarter To Ten',
      ]);
      assert.deepEqual(
        await main
          .getByRole('region', { name: 'December 2026' })
          .getByRole('article')
          .getByRole('heading')
          .allTextContents(),
        ['December Dance', 'Berlin Evening'],
      );
      assert.equal(await main.getByText(/1 Main St/).count(), 1, `the address once at ${width}`);
      assert.equal(
        await main.getByText('Blue Hall', { exact: true }).count(),
        1,
        `the name once, as the page's heading, at ${width}`,
      );
    });
  });

  test('a day: its events under half-hour headings, no date badge on each', async () => {
    const page = await open('/events/2026-11-28/');
    await atEachWidth(page, 'day', async (width) => {
      const main = page.getByRole('main');
      assert.deepEqual(
        (await main.getByRole('heading', { level: 2 }).allTextContents())
          .filter((text) => /\d:\d\d/.test(text))
          .map((text) => text.replace(/\s/g, ' ')),
        ['9:00 AM', '9:30 AM'],
        `half hours at ${width}`,
      );
      assert.deepEqual(
        await main
          .getByRole('region', { name: /9:30\sAM/ })
          .getByRole('article')
          .getByRole('heading')
          .allTextContents(),
        ['Half Past Talk', 'Quarter To Ten'],
      );
      assert.deepEqual(
        await main
          .getByRole('region', { name: /9:00\sAM/ })
          .getByRole('article')
          .getByRole('heading')
          .allTextContents(),
        ['Morning Yoga'],
      );
      // The day is named once, by the bar's heading: no "SAT 28" beside every event.
      assert.equal(await main.getByText(/^\s*Sat\s+28\s*$/i).count(), 0, `no badge at ${width}`);
      assert.equal(await shownTimes(page, 'Saturday, November 28, 2026'), 1);
    });
  });

  test('the month and the week: one h1 and the dates shown as one heading, the grid still named by them', async () => {
    for (const [url, title] of [
      ['/events/month/2026-11/', /^November 2026$/],
      ['/events/week/2026-11-23/', /^November 23\s?–\s?29, 2026$/],
    ] as const) {
      const page = await open(url);
      await atEachWidth(page, url, async (width) => {
        assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1, `${url} at ${width}: one h1`);
        const dates = page.getByRole('main').getByRole('heading', { name: title });
        assert.equal(await dates.count(), 1, `${url} at ${width}: one heading of the dates`);
        assert.equal(await shownTimes(page, await dates.innerText()), 1, `${url} at ${width}: the dates shown once`);
        assert.equal(
          await page.getByRole('table', { name: await dates.innerText() }).count(),
          1,
          `${url}: the grid named by them`,
        );
      });
    }
  });

  test('the single event: its date line names its zone; at 1280 px its details, venue and organizer stand beside the description, in the right half', async () => {
    const page = await open(`/event/${slugs.yoga}/`);
    const event = page.getByRole('article', { name: 'Morning Yoga' });
    const dateLine = event.getByRole('paragraph').filter({ hasText: 'Saturday, November 28, 2026' }).first();
    assert.match((await dateLine.innerText()).replace(/\s/g, ' '), /^Saturday, November 28, 2026, 9:00 – 10:15 AM EST/);
    const description = event.getByText(/Bring a mat and water/);
    await atEachWidth(page, 'event', async (width) => {
      const text = await box(description);
      for (const name of ['Details', 'Venue', 'Organizer']) {
        const group = await box(event.getByRole('region', { name }));
        if (width === 1280) {
          assert.ok(group.x >= width / 2, `${name} in the right half at 1280 (x ${group.x})`);
          assert.ok(group.x >= text.x + text.width, `${name} beside the description`);
        } else {
          assert.ok(group.y >= text.y + text.height, `${name} under the description at ${width}`);
          assert.ok(group.x + group.width <= width, `${name} within the screen at ${width}`);
        }
      }
      const details = await box(event.getByRole('region', { name: 'Details' }));
      if (width === 1280)
        assert.ok(details.y < text.y + text.height, 'the details start level with the description, not under it');
    });
    const berlin = await open(`/event/${slugs.berlin}/`);
    const line = berlin
      .getByRole('article', { name: 'Berlin Evening' })
      .getByRole('paragraph')
      .filter({ hasText: 'Saturday, December 5, 2026' })
      .first();
    assert.match((await line.innerText()).replace(/\s/g, ' '), /7:00 – 9:00 PM GMT\+1$/);
    await berlin.close();
  });
});
