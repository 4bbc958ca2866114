import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { TEXT_LENGTHS } from '../../src/content/text-lengths.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { adminDriver } from '../fixtures/admin-browser.ts';
import { launchChromium } from '../fixtures/browser.ts';

/*
 * Issue 44, item 10: a title that is one unbroken word of the longest length the API accepts hung
 * Chromium on the month and week views and pushed the other pages wider than the screen. Every
 * page showing such a title, name or term must load promptly and wrap it within the viewport.
 */

const WIDTHS = [390, 1280] as const;
/** Generous on a busy machine; a page that took longer was the hang this file guards against. */
const LOAD_TIMEOUT_MS = 30_000;

describe(`one unbroken word of the longest accepted length, in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let base: string;
  const word = (letter: string) => letter.repeat(TEXT_LENGTHS.name);
  const slugs = { event: '', venue: '', organizer: '' };

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const venue = await t.request('administrator', 'POST', 'venues', {
      venue: word('v'),
      address: word('a'),
      city: word('c'),
    });
    assert.equal(venue.statusCode, 201, venue.body);
    const organizer = await t.request('administrator', 'POST', 'organizers', {
      organizer: word('o'),
      phone: word('1'),
    });
    assert.equal(organizer.statusCode, 201, organizer.body);
    const category = await t.request('administrator', 'POST', 'categories', { name: word('k'), slug: 'long-category' });
    assert.equal(category.statusCode, 201, category.body);
    const tag = await t.request('administrator', 'POST', 'tags', { name: word('g'), slug: 'long-tag' });
    assert.equal(tag.statusCode, 201, tag.body);
    const event = await t.request('administrator', 'POST', 'events', {
      status: 'publish',
      timezone: 'America/New_York',
      title: word('w'),
      slug: 'long-word',
      description: `<p>${word('d')}</p>`,
      excerpt: word('e'),
      cost: word('9'),
      website: `https://example.com/${word('u')}`,
      start_date: '2026-12-09 18:00',
      end_date: '2026-12-10 19:30',
      venue: venue.json<{ id: number }>().id,
      organizer: [organizer.json<{ id: number }>().id],
      categories: [category.json<{ id: number }>().id],
      tags: [tag.json<{ id: number }>().id],
    });
    assert.equal(event.statusCode, 201, event.body);
    slugs.event = event.json<{ slug: string }>().slug;
    slugs.venue = venue.json<{ slug: string }>().slug;
    slugs.organizer = organizer.json<{ slug: string }>().slug;
    browser = await launchChromium();
    context = await browser.newContext();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('every view loads promptly and nothing is wider than the screen at 390 and 1280 px', async () => {
    const pages = [
      ['month', '/events/month/2026-12/'],
      ['week', '/events/week/2026-12-09/'],
      ['day', '/events/2026-12-09/'],
      ['list', '/events/'],
      ['event', `/event/${slugs.event}/`],
      ['venue', `/venue/${slugs.venue}/`],
      ['organizer', `/organizer/${slugs.organizer}/`],
      ['category', '/events/category/long-category/month/2026-12/'],
      ['tag', '/events/tag/long-tag/'],
      ['embed', '/events/embed/?view=month&month=2026-12'],
    ] as const;
    const overflowing: string[] = [];
    for (const width of WIDTHS) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url] of pages) {
        const started = Date.now();
        const response = await page.goto(`${base}${url}`, { waitUntil: 'domcontentloaded', timeout: LOAD_TIMEOUT_MS });
        assert.equal(response?.status(), 200, `${name} answers`);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth)
          overflowing.push(
            `${name} at ${width}: ${scrollWidth} px wide in ${clientWidth} (${Date.now() - started} ms)`,
          );
      }
      await page.close();
    }
    assert.deepEqual(overflowing, []);
  });

  test("the admin's lists of events, venues, organizers, categories and tags wrap the word at 390 and 1280 px", async () => {
    const { signedIn } = adminDriver(browser, base, 'long-words-admin');
    const lists = [
      ['events', 'w'],
      ['venues', 'v'],
      ['organizers', 'o'],
      ['categories', 'k'],
      ['tags', 'g'],
    ] as const;
    const { page, context: admin } = await signedIn('administrator', 'events');
    const overflowing: string[] = [];
    for (const [list, letter] of lists) {
      await page.goto(`${base}/admin/${list}`, { timeout: LOAD_TIMEOUT_MS });
      await page
        .getByRole('cell', { name: new RegExp(word(letter)) })
        .first()
        .waitFor({ timeout: LOAD_TIMEOUT_MS });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth)
          overflowing.push(`${list} at ${width}: ${scrollWidth} px wide in ${clientWidth}`);
      }
    }
    await admin.close();
    assert.deepEqual(overflowing, []);
  });
});
