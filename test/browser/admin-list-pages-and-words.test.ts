import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { adminDriver, type AdminDriver } from '../fixtures/admin-browser.ts';
import { launchChromium } from '../fixtures/browser.ts';

/*
 * Issue 44 in the admin, in Chromium by role and visible label, axe-core at 390 and 1280 px
 * (helpers: fixtures/admin-browser.ts): the events list pages through more than one page (the
 * events API counts its pages in X-TEC-TotalPages, not X-WP-TotalPages), and the editor's words:
 * a record's status in the singular, the unit of "Every how many", a human message for an empty title.
 */

const EVENTS = 25;

describe(`admin list pages and editor words in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let signedIn: AdminDriver['signedIn'];
  let accessible: AdminDriver['accessible'];

  before(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    ({ signedIn, accessible } = adminDriver(browser, base, 'admin-list-pages'));
    for (let index = 1; index <= EVENTS; index++) {
      const day = `2027-01-${String(index).padStart(2, '0')}`;
      const response = await t.request('administrator', 'POST', 'events', {
        title: `Paged event ${String(index).padStart(2, '0')}`,
        start_date: `${day} 10:00`,
        end_date: `${day} 11:00`,
        status: 'publish',
      });
      assert.equal(response.statusCode, 201, response.body);
    }
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const listedTitles = (page: Page) =>
    page.getByRole('table', { name: 'Events' }).getByRole('row').locator('td:nth-child(2)').allTextContents();

  test('the events list has a pager past 20 events, and its second page lists the rest', async () => {
    const { page, errors } = await signedIn('editor', 'events');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByText('Page 1 of 2').waitFor();
    const first = await listedTitles(page);
    assert.equal(first.length, 20);
    await accessible(page, 'events list with pages');

    await pager.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/[?&]page=2/);
    await pager.getByText('Page 2 of 2').waitFor();
    const second = await listedTitles(page);
    assert.equal(second.length, EVENTS - 20);
    assert.equal(new Set([...first, ...second]).size, EVENTS, 'the two pages list every event once');
    assert.equal(await pager.getByRole('link', { name: 'Next page' }).count(), 0);
    await accessible(page, 'events list page 2');
    await pager.getByRole('link', { name: 'Previous page' }).click();
    await pager.getByText('Page 1 of 2').waitFor();
    assert.deepEqual(errors, []);
  });

  test("a page's answer that comes after the list moved on is never shown: page 2 held, back to page 1, page 2 let go", async () => {
    const { page, errors } = await signedIn('editor', 'events');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByText('Page 1 of 2').waitFor();
    const first = await listedTitles(page);
    const isSecondPage = (url: URL) =>
      !url.pathname.includes('/admin/') && url.pathname.endsWith('/events') && url.searchParams.get('page') === '2';
    let asked!: () => void;
    const secondAsked = new Promise<void>((resolve) => (asked = resolve));
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    await page.route(isSecondPage, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await pager.getByRole('link', { name: 'Next page' }).click();
    await secondAsked;
    await page.goBack();
    await pager.getByText('Page 1 of 2').waitFor();
    const secondAnswered = page.waitForResponse((response) => isSecondPage(new URL(response.url())));
    letGo();
    await (await secondAnswered).finished();
    // The page has read the late answer once its response is whole and two frames have been drawn.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
    );
    assert.deepEqual(await listedTitles(page), first);
    await pager.getByText('Page 1 of 2').waitFor();
    assert.deepEqual(errors, []);
  });

  test('the editor: a status in the singular, the unit of "Every how many", a human message for an empty title', async () => {
    const { page, errors } = await signedIn('editor', 'events/new');
    await page.getByRole('heading', { name: 'New event' }).waitFor();
    const statuses = await page.getByLabel('Status').locator('option').allTextContents();
    assert.ok(statuses.includes('Draft'), statuses.join(', '));
    assert.ok(!statuses.includes('Drafts'), statuses.join(', '));

    for (const [repeat, unit] of [
      ['Daily', 'days'],
      ['Weekly', 'weeks'],
      ['Monthly', 'months'],
      ['Yearly', 'years'],
    ] as const) {
      await page.getByLabel('Repeats').selectOption({ label: repeat });
      await page.getByRole('spinbutton', { name: `Every how many ${unit}`, exact: true }).waitFor();
    }
    await page.getByRole('spinbutton', { name: 'Every how many years', exact: true }).fill('2');

    await page.getByLabel('Title', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    const titleError = page.locator('#title-error');
    await titleError.waitFor();
    assert.equal(await titleError.textContent(), 'Enter a title.');
    assert.equal(await page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.doesNotMatch((await page.locator('main').textContent()) ?? '', /character\(s\)/);
    await accessible(page, 'event editor without a title');
    assert.deepEqual(errors, []);
  });

  test('the same words in French', async () => {
    const { page, errors } = await signedIn('editor', 'events/new', 'fr-FR');
    await page.getByRole('heading', { name: 'Nouvel évènement' }).waitFor();
    const statuses = await page.getByLabel('État').locator('option').allTextContents();
    assert.ok(statuses.includes('Brouillon'), statuses.join(', '));
    await page.getByLabel('Répéter').selectOption({ label: 'Chaque semaine' });
    await page.getByRole('spinbutton', { name: 'Tous les combien semaines', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator('#title-error').waitFor();
    assert.equal(await page.locator('#title-error').textContent(), 'Saisissez un titre.');
    assert.deepEqual(errors, []);
  });
});
