import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { adminDriver, type AdminDriver } from '../fixtures/admin-browser.ts';
import { launchChromium } from '../fixtures/browser.ts';

/*
 * The admin's imports screen in Chromium (issue 33): an iCalendar file chosen in the file field and
 * sent with "Import" lands in the API, and the screen shows the API's report; a broken file shows the
 * API's error beside the field and writes nothing. Axe-clean at 390 px and 1280 px, keyboard-reachable.
 */

/** Two events and a cancelled one. */
const TWO_EVENTS = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Example//Imports//EN',
  'BEGIN:VEVENT', 'UID:harbour-talk@example.com', 'DTSTAMP:20270101T000000Z', 'DTSTART:20270310T180000Z', 'DTEND:20270310T193000Z', 'SUMMARY:Harbour talk', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:quay-market@example.com', 'DTSTAMP:20270101T000000Z', 'DTSTART:20270312T090000Z', 'DTEND:20270312T130000Z', 'SUMMARY:Quay market', 'END:VEVENT',
  // Line 18: left out by the API, and the report says why.
  'BEGIN:VEVENT', 'UID:called-off@example.com', 'DTSTAMP:20270101T000000Z', 'DTSTART:20270314T090000Z', 'STATUS:CANCELLED', 'SUMMARY:Called off', 'END:VEVENT',
  'END:VCALENDAR', '',
].join('\r\n');

describe(`admin imports screen in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let driver: AdminDriver;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-admin-imports-'));
  const file = (name: string, text: string) => {
    const at = path.join(files, name);
    fs.writeFileSync(at, text);
    return at;
  };

  before(async () => {
    t = await createTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    driver = adminDriver(browser, base, 'admin-imports');
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const titles = async () => (await t.request('editor', 'GET', 'events?start_date=2027-03-01&end_date=2027-03-31')).json<{ events: { title: string }[] }>().events.map((event) => event.title);

  test('an editor imports an .ics of two events: the API has them and the screen reports them; importing it again changes nothing', async () => {
    const { page, context, errors } = await driver.signedIn('editor', 'events');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('heading', { name: 'Import an iCalendar file' }).waitFor();
    await driver.accessible(page, 'imports');
    await driver.reachable(page, 'imports');

    // No file chosen: said beside the field, and nothing is sent.
    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('#import-file-error').filter({ hasText: 'Choose an iCalendar file (.ics) to import.' }).waitFor();
    assert.equal(await page.getByLabel('iCalendar file (.ics)').getAttribute('aria-invalid'), 'true');

    await page.getByLabel('iCalendar file (.ics)').setInputFiles(file('two-events.ics', TWO_EVENTS));
    // Sent by keyboard: the button focused, then Enter.
    await page.getByRole('button', { name: 'Import' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Imported two-events.ics.' }).waitFor();
    const report = page.getByRole('region', { name: 'What the import did' });
    assert.deepEqual(await report.getByRole('listitem').filter({ hasText: /^\w+: \d+$/ }).allTextContents(), ['Created: 2', 'Updated: 0', 'Unchanged: 0', 'Skipped: 1']);
    assert.deepEqual((await titles()).sort(), ['Harbour talk', 'Quay market']);
    await report.getByText('Line 18 (called-off@example.com): The event is cancelled (STATUS:CANCELLED).').waitFor();
    // Each created event links to its editor.
    const talk = report.getByRole('link', { name: 'Harbour talk' });
    const id = Number(/(\d+)$/.exec((await talk.getAttribute('href')) ?? '')![1]);
    assert.equal((await t.request('editor', 'GET', `events/${id}`)).json<{ title: string }>().title, 'Harbour talk');
    assert.equal(await page.getByLabel('iCalendar file (.ics)').getAttribute('aria-invalid'), null);
    await driver.accessible(page, 'imports with a report');

    await page.getByRole('button', { name: 'Import' }).click();
    await report.getByRole('listitem').filter({ hasText: /^Unchanged: 2$/ }).waitFor();
    assert.equal((await titles()).length, 2);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a broken file shows the API\'s error beside the field and imports nothing; the screen speaks French to a French browser', async () => {
    const { page, context, errors } = await driver.signedIn('administrator', 'imports', 'fr-FR');
    const count = (await titles()).length;
    const broken = TWO_EVENTS.replace('END:VEVENT\r\nBEGIN:VEVENT\r\nUID:quay', 'BEGIN:VEVENT\r\nUID:quay');
    await page.getByLabel('Fichier iCalendar (.ics)').setInputFiles(file('broken.ics', broken));
    await page.getByRole('button', { name: 'Importer' }).click();
    const error = page.locator('#import-file-error');
    await error.waitFor();
    const answer = (await t.request('editor', 'POST', 'events/import', broken, { 'content-type': 'text/calendar' })).json<{ code: string; message: string }>();
    assert.equal(answer.code, 'ical_invalid');
    assert.equal(await error.textContent(), answer.message);
    assert.equal(await page.getByLabel('Fichier iCalendar (.ics)').getAttribute('aria-invalid'), 'true');
    // The error summary takes the focus and names the same error.
    assert.ok(await page.getByRole('alert').filter({ hasText: 'Rien n’a été importé' }).filter({ hasText: answer.message }).isVisible());
    assert.equal(await page.getByRole('region', { name: 'Ce que l’importation a fait' }).count(), 0);
    assert.equal((await titles()).length, count);
    await driver.accessible(page, 'imports with an error');

    // Not an iCalendar document at all: the API's refusal, the same way.
    await page.getByLabel('Fichier iCalendar (.ics)').setInputFiles(file('notes.ics', 'just some notes\n'));
    await page.getByRole('button', { name: 'Importer' }).click();
    await error.filter({ hasNotText: answer.message }).waitFor();
    assert.match((await error.textContent()) ?? '', /iCalendar/);
    assert.equal((await titles()).length, count);
    assert.deepEqual(errors, []);
    await context.close();

    // An author may not import (the API's IMPORT_CAPABILITIES): no such screen in the navigation.
    const author = await driver.signedIn('author', 'events');
    await author.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Events' }).waitFor();
    assert.equal(await author.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Imports' }).count(), 0);
    await author.context.close();
  });
});
