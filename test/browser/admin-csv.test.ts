import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { adminDriver, type AdminDriver } from '../fixtures/admin-browser.ts';
import { launchChromium } from '../fixtures/browser.ts';

/* The lists' "Download CSV" (issue 47, decision 0114): the file is every record of the list's current filters, not the page shown. */

const namesIn = (file: string, column: string) =>
  parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { bom: true, columns: true }).map((row) => row[column]);

describe(`CSV downloads in the admin (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let driver: AdminDriver;

  before(async () => {
    t = await createTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    driver = adminDriver(browser, base, 'admin-csv');
    for (let n = 1; n <= 25; n++) {
      const response = await t.request('editor', 'POST', 'events', {
        title: `Concert ${n}`,
        status: 'publish',
        start_date: `2027-03-${String(n).padStart(2, '0')} 19:00`,
        end_date: `2027-03-${String(n).padStart(2, '0')} 21:00`,
        categories: [n % 5 === 0 ? 'Jazz' : 'Folk'],
        venue: { venue: `Hall ${n % 3}` },
      });
      assert.equal(response.statusCode, 201, response.body);
    }
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('an editor downloads the filtered events list and the venues list as CSV files', async () => {
    const { page, errors } = await driver.signedIn('editor', 'events?search=Concert');
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await driver.accessible(page, 'events list with download');
    // Every matching event (25, over two pages of 20), not the page shown.
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.equal(all.suggestedFilename(), 'events.csv');
    assert.equal(namesIn(await all.path(), 'Event Name').length, 25);
    const jazz = (await t.request('editor', 'GET', 'categories?search=Jazz')).json<{ categories: { id: number }[] }>()
      .categories[0]!.id;
    await page.goto(page.url().replace('events?search=Concert', `events?categories=${jazz}`));
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.deepEqual(namesIn(await filtered.path(), 'Event Name'), [
      'Concert 5',
      'Concert 10',
      'Concert 15',
      'Concert 20',
      'Concert 25',
    ]);

    await page.goto(page.url().replace(/events\?.*$/, 'venues'));
    const [venues] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.deepEqual(namesIn(await venues.path(), 'Venue Name'), ['Hall 1', 'Hall 2', 'Hall 0']);
    assert.deepEqual(errors, []);
  });
});
