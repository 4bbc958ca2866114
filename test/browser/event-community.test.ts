import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import {
  launchChromium,
  screenshotFolder,
  openWatchedPage,
  pageErrors,
  seriousAxeViolations,
} from '../fixtures/browser.ts';

/*
 * The single event page and the community form in Chromium (issue 34, decisions 0060 to 0062), at
 * 390 px and 1280 px, found by role and label: "Add to calendar", the series notice and its page of
 * all dates, the featured image laid out at its size; the form filled by its labels, its problems
 * announced and linked, a proposal with an image submitted and thanked. axe-core finds no serious or critical
 * violation. The event image is answered by the test itself (Playwright's routing), so the page
 * makes no request beyond the service. `SCREENSHOT_DIR` keeps event-1280.png (the README's).
 */

const WIDTHS = [390, 1280] as const;
const IMAGE = 'https://img.example/yoga.png';

describe(`single event page and community form in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let base: string;
  let image: Buffer;
  const shots = screenshotFolder('event-screenshots');
  /** Requests the pages made to any other origin than the service's (the routed image aside). */
  const foreign: string[] = [];

  before(async () => {
    t = await createTestApp({
      env: {
        CALENDAR_TIMEZONE: 'America/New_York',
        CALENDAR_COMMUNITY_SUBMISSIONS: 'true',
        CALENDAR_SITE_NAME: 'Springfield Arts',
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const venue = (
      await t.request('administrator', 'POST', 'venues', {
        venue: 'Riverside Studio',
        address: '12 River Rd',
        city: 'Springfield',
        zip: '62701',
        country: 'USA',
        phone: '+1 555 0142',
        website: 'https://studio.example/',
        geo_lat: 39.8,
        geo_lng: -89.65,
        status: 'publish',
      })
    ).json<{ id: number }>();
    const organizer = (
      await t.request('administrator', 'POST', 'organizers', {
        organizer: 'Calm Collective',
        email: 'hello@calm.example',
        phone: '+1 555 0177',
        website: 'https://calm.example/',
        status: 'publish',
      })
    ).json<{ id: number }>();
    const created = await t.request('administrator', 'POST', 'events', {
      status: 'publish',
      timezone: 'America/New_York',
      title: 'Evening Yoga by the River',
      description:
        "<p>An hour of gentle yoga for every level, on the studio's terrace above the river. Mats are provided; bring water and a warm layer.</p>",
      start_date: '2026-12-01 19:00',
      end_date: '2026-12-01 20:15',
      cost: '12',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=8' },
      image: IMAGE,
      venue: venue.id,
      organizer: [organizer.id],
      categories: ['Wellness', 'Outdoors'],
      tags: ['Weekly'],
      website: 'https://calm.example/yoga',
    });
    assert.equal(created.statusCode, 201, created.body);
    const sizes = {
      medium: { width: 400, height: 225, 'mime-type': 'image/png', url: 'https://img.example/yoga-400x225.png' },
    };
    await t.storage.write((tx) =>
      tx
        .updateTable('images')
        .set({ width: 1200, height: 675, sizes_json: JSON.stringify(sizes) })
        .where('url', '=', IMAGE)
        .execute(),
    );
    // A picture of its own: a dusk sky over a river, drawn here.
    image = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b3a67"/><stop offset="0.6" stop-color="#f4a259"/></linearGradient></defs><rect width="1200" height="675" fill="url(#s)"/><circle cx="860" cy="380" r="70" fill="#ffd87d"/><rect y="430" width="1200" height="245" fill="#3c6e71"/><path d="M0 470 Q300 440 600 470 T1200 470" stroke="#a8dadc" stroke-width="6" fill="none"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    browser = await launchChromium();
    context = await browser.newContext();
    await context.route('https://img.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: image }),
    );
    context.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(base) && !url.startsWith('https://img.example/')) foreign.push(url);
    });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = (url: string): Promise<Page> => openWatchedPage(context, `${base}${url}`);
  /** axe in the light and the dark scheme, no script error or CSP refusal, and nothing requested from another origin. */
  const check = async (page: Page, name: string) => {
    assert.deepEqual(await seriousAxeViolations(page), [], name);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await seriousAxeViolations(page, ['color-contrast']), [], `${name} (dark)`);
    await page.emulateMedia({ colorScheme: 'light' });
    assert.deepEqual(pageErrors(page), [], `${name}: no script errors or CSP refusals`);
    assert.deepEqual(foreign, [], `${name}: no request to another origin`);
  };

  test("an occurrence's page at 390 and 1280 px: add-to-calendar links, grouped details, the image at its size, the series notice and all its dates", async () => {
    const page = await open('/event/evening-yoga-by-the-river/2026-12-08/');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const event = page.getByRole('article', { name: 'Evening Yoga by the River' });
      const calendar = event.getByRole('region', { name: 'Add to calendar' });
      for (const [name, start] of [
        ['Google Calendar', 'https://calendar.google.com/'],
        ['iCalendar', 'webcal://'],
        ['Outlook 365', 'https://outlook.office.com/'],
        ['Outlook Live', 'https://outlook.live.com/'],
        ['Download .ics', `${base}/calendar/events/v1/events/`],
      ] as const) {
        const link = calendar.getByRole('link', { name, exact: true });
        assert.ok(await link.isVisible(), `${name} at ${width} px`);
        assert.ok((await link.getAttribute('href'))?.startsWith(start), `${name}: ${await link.getAttribute('href')}`);
      }
      for (const group of ['Details', 'Venue', 'Organizer'])
        assert.ok(await event.getByRole('region', { name: group }).isVisible(), `${group} at ${width} px`);
      const notice = event.getByRole('complementary', { name: /one date of a series/ });
      assert.deepEqual(
        (await notice.getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' ')).slice(0, 2),
        ['Tuesday, December 1, 2026, 7:00 – 8:15 PM', 'Tuesday, December 15, 2026, 7:00 – 8:15 PM'],
      );
      assert.ok(await event.getByRole('link', { name: '« All events' }).isVisible());
      // The image is laid out at its aspect before and after it loads: no shift.
      const picture = event.getByRole('img', { name: 'Evening Yoga by the River' });
      const box = await picture.boundingBox();
      assert.ok(box && Math.abs(box.width / box.height - 1200 / 675) < 0.02, `image box ${JSON.stringify(box)}`);
      assert.ok(
        await picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
        'the image loaded',
      );
    }
    await check(page, 'event');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: path.join(shots, 'event-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(shots, 'event-1280.png'), fullPage: true });
    await Promise.all([
      page.waitForURL(/\/all\/$/),
      page.getByRole('link', { name: 'See all dates of this event' }).click(),
    ]);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'All dates: Evening Yoga by the River');
    assert.equal(await page.getByRole('main').getByRole('article').count(), 8);
    await check(page, 'all dates');
    await page.close();
  });

  test('the community form at 390 and 1280 px: filled by its labels, its problems announced and linked, a proposal submitted and thanked', async () => {
    for (const width of WIDTHS) {
      const page = await open('/events/community/add');
      await page.setViewportSize({ width, height: 900 });
      await check(page, `community form ${width}`);
      // Sent without a title, on purpose: the browser's own check is lifted to see the server's answer.
      await page
        .getByRole('textbox', { name: 'Event title' })
        .evaluate((input: HTMLInputElement) => input.removeAttribute('required'));
      await page.getByLabel('Start date').fill('2026-12-19');
      await page.getByLabel('Start time').fill('10:00');
      await page.getByLabel('End time').fill('12:00');
      await Promise.all([
        page.waitForURL(`${base}/events/community/add/`),
        page.getByRole('button', { name: 'Submit event' }).click(),
      ]);
      const problems = page.getByRole('alert');
      assert.match((await problems.textContent()) ?? '', /This field is required/);
      await check(page, `community form with problems ${width}`);
      // The summary's link leads to the field: its target is the control labelled "Event title".
      const target = await problems.getByRole('link', { name: 'This field is required.' }).getAttribute('href');
      assert.equal(target, `#${await page.getByRole('textbox', { name: 'Event title' }).getAttribute('id')}`);
      assert.equal(await page.getByLabel('Start time').inputValue(), '10:00', 'the input is kept');
      await page.getByRole('textbox', { name: 'Event title' }).fill(`Winter Craft Market ${width}`);
      await page.getByLabel('Description').fill('Local makers, warm cider.\n\nFree entry.');
      await page.getByLabel('Category').selectOption({ label: 'Outdoors' });
      await page.getByLabel('Choose a venue').selectOption({ label: 'Riverside Studio' });
      await page.getByLabel('Organizer name').fill('Makers Guild');
      await page.getByLabel('Organizer e-mail').fill('guild@example.org');
      await page
        .getByLabel('Image (optional)')
        .setInputFiles({ name: 'market.png', mimeType: 'image/png', buffer: image });
      await page.getByLabel('What the image shows').fill('Stalls under string lights');
      await Promise.all([
        page.waitForURL(`${base}/events/community/thanks/`),
        page.getByRole('button', { name: 'Submit event' }).click(),
      ]);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Thank you');
      assert.match((await page.getByRole('status').textContent()) ?? '', /An editor will review it/);
      await check(page, `thanks ${width}`);
      await page.close();
    }
    const pending = (await t.request('editor', 'GET', 'events?status=pending')).json<{
      events: {
        title: string;
        venue: { venue: string };
        organizer: { organizer: string }[];
        image: { width: number };
      }[];
    }>().events;
    assert.deepEqual(pending.map((event) => event.title).sort(), [
      'Winter Craft Market 1280',
      'Winter Craft Market 390',
    ]);
    assert.equal(pending[0]!.venue.venue, 'Riverside Studio');
    assert.equal(pending[0]!.organizer[0]!.organizer, 'Makers Guild');
    assert.equal(pending[0]!.image.width, 1200, 'the uploaded image, through the media service');
  });
});
