import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
 * API's error beside the field and writes nothing. An administrator imports a site of the original
 * by its address (decision 0078): the source is another app of this service answering under
 * `/wp-json`, reached through a front that holds its event archive's requests until the test lets
 * them go, so that the run is seen running, then finishing or cancelled. Axe-clean at 390 px and
 * 1280 px, keyboard-reachable.
 */

/** Two events and a cancelled one. */
const TWO_EVENTS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//Imports//EN',
  'BEGIN:VEVENT',
  'UID:harbour-talk@example.com',
  'DTSTAMP:20270101T000000Z',
  'DTSTART:20270310T180000Z',
  'DTEND:20270310T193000Z',
  'SUMMARY:Harbour talk',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:quay-market@example.com',
  'DTSTAMP:20270101T000000Z',
  'DTSTART:20270312T090000Z',
  'DTEND:20270312T130000Z',
  'SUMMARY:Quay market',
  'END:VEVENT',
  // Line 18: left out by the API, and the report says why.
  'BEGIN:VEVENT',
  'UID:called-off@example.com',
  'DTSTAMP:20270101T000000Z',
  'DTSTART:20270314T090000Z',
  'STATUS:CANCELLED',
  'SUMMARY:Called off',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** The front's address, the source's requests for its event archive held while `holding`, and `release` to let them go. */
interface HoldingFront {
  server: http.Server;
  url: string;
  holding: boolean;
  release: () => void;
}

/** A front to `origin` that holds the requests for events (`…/tribe/events/v1/events…`) while `holding`: a site import then stays running, copying events. */
async function holdingFront(origin: string): Promise<HoldingFront> {
  const held: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const forward = () => {
      const forwarded = http.request(
        `${origin}${request.url}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => response.destroy());
      request.pipe(forwarded);
    };
    if (front.holding && (request.url ?? '').includes('/tribe/events/v1/events')) held.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const front: HoldingFront = {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    holding: true,
    release: () => {
      front.holding = false;
      for (const forward of held.splice(0)) forward();
    },
  };
  return front;
}

describe(`admin imports screen in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let driver: AdminDriver;
  let source: TestApp;
  let front: HoldingFront;
  let notTec: http.Server;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-admin-imports-'));
  const file = (name: string, text: string) => {
    const at = path.join(files, name);
    fs.writeFileSync(at, text);
    return at;
  };

  before(async () => {
    // The sources of site imports listen on this machine's loopback address.
    t = await createTestApp({ env: { CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1' } });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    driver = adminDriver(browser, base, 'admin-imports');

    source = await createTestApp({ env: { CALENDAR_REST_PREFIX: '/wp-json' } });
    const write = async (collection: string, body: Record<string, unknown>) => {
      const answer = await source.request('administrator', 'POST', `/wp-json/tribe/events/v1/${collection}`, body);
      assert.equal(answer.statusCode, 201, answer.body);
      return answer.json<{ id: number }>();
    };
    const venue = await write('venues', { venue: 'Lighthouse hall', city: 'Brest' });
    const category = await write('categories', { name: 'Sea shanties' });
    await write('events', {
      title: 'Lighthouse concert',
      status: 'publish',
      start_date: '2027-05-10 18:00:00',
      end_date: '2027-05-10 20:00:00',
      venue: venue.id,
      categories: [category.id],
    });
    await write('events', {
      title: 'Dune walk',
      status: 'publish',
      start_date: '2027-05-12 09:00:00',
      end_date: '2027-05-12 12:00:00',
    });
    await write('events', {
      title: 'Season plan',
      status: 'draft',
      start_date: '2027-05-14 09:00:00',
      end_date: '2027-05-14 10:00:00',
    });
    front = await holdingFront(await source.app.listen({ host: '127.0.0.1', port: 0 }));
    notTec = http.createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<p>Just a page</p>');
    });
    await new Promise<void>((resolve) => notTec.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    // Requests still held (a cancelled run's) and kept-alive connections would hold the servers' close.
    front?.server.closeAllConnections();
    front?.server.close();
    notTec?.close();
    source?.app.server.closeAllConnections();
    await source?.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const titles = async () =>
    (await t.request('editor', 'GET', 'events?start_date=2027-03-01&end_date=2027-03-31'))
      .json<{ events: { title: string }[] }>()
      .events.map((event) => event.title);

  test('an editor imports an .ics of two events: the API has them and the screen reports them; importing it again changes nothing', async () => {
    const { page, context, errors } = await driver.signedIn('editor', 'events');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('heading', { name: 'Import an iCalendar file' }).waitFor();
    await driver.accessible(page, 'imports');
    await driver.reachable(page, 'imports');

    // No file chosen: said beside the field, and nothing is sent.
    await page.getByRole('button', { name: 'Import' }).click();
    await page
      .locator('#import-file-error')
      .filter({ hasText: 'Choose an iCalendar file (.ics) to import.' })
      .waitFor();
    assert.equal(await page.getByLabel('iCalendar file (.ics)').getAttribute('aria-invalid'), 'true');

    await page.getByLabel('iCalendar file (.ics)').setInputFiles(file('two-events.ics', TWO_EVENTS));
    // Sent by keyboard: the button focused, then Enter.
    await page.getByRole('button', { name: 'Import' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Imported two-events.ics.' }).waitFor();
    const report = page.getByRole('region', { name: 'What the import did' });
    assert.deepEqual(
      await report
        .getByRole('listitem')
        .filter({ hasText: /^\w+: \d+$/ })
        .allTextContents(),
      ['Created: 2', 'Updated: 0', 'Unchanged: 0', 'Skipped: 1'],
    );
    assert.deepEqual((await titles()).sort(), ['Harbour talk', 'Quay market']);
    await report.getByText('Line 18 (called-off@example.com): The event is cancelled (STATUS:CANCELLED).').waitFor();
    // Each created event links to its editor.
    const talk = report.getByRole('link', { name: 'Harbour talk' });
    const id = Number(/(\d+)$/.exec((await talk.getAttribute('href')) ?? '')![1]);
    assert.equal((await t.request('editor', 'GET', `events/${id}`)).json<{ title: string }>().title, 'Harbour talk');
    assert.equal(await page.getByLabel('iCalendar file (.ics)').getAttribute('aria-invalid'), null);
    await driver.accessible(page, 'imports with a report');

    await page.getByRole('button', { name: 'Import' }).click();
    await report
      .getByRole('listitem')
      .filter({ hasText: /^Unchanged: 2$/ })
      .waitFor();
    assert.equal((await titles()).length, 2);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a broken file shows the API's error beside the field and imports nothing; the screen speaks French to a French browser", async () => {
    const { page, context, errors } = await driver.signedIn('administrator', 'imports', 'fr-FR');
    const count = (await titles()).length;
    const broken = TWO_EVENTS.replace('END:VEVENT\r\nBEGIN:VEVENT\r\nUID:quay', 'BEGIN:VEVENT\r\nUID:quay');
    await page.getByLabel('Fichier iCalendar (.ics)').setInputFiles(file('broken.ics', broken));
    await page.getByRole('button', { name: 'Importer' }).click();
    const error = page.locator('#import-file-error');
    await error.waitFor();
    const answer = (
      await t.request('editor', 'POST', 'events/import', broken, { 'content-type': 'text/calendar' })
    ).json<{ code: string; message: string }>();
    assert.equal(answer.code, 'ical_invalid');
    assert.equal(await error.textContent(), answer.message);
    assert.equal(await page.getByLabel('Fichier iCalendar (.ics)').getAttribute('aria-invalid'), 'true');
    // The error summary takes the focus and names the same error.
    assert.ok(
      await page
        .getByRole('alert')
        .filter({ hasText: 'Rien n’a été importé' })
        .filter({ hasText: answer.message })
        .isVisible(),
    );
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
    assert.equal(
      await author.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Imports' }).count(),
      0,
    );
    await author.context.close();
  });

  const runOf = async (id: number) =>
    (await t.request('administrator', 'GET', `imports/sites/${id}`)).json<{
      state: string;
      kinds: {
        kind: string;
        total: number | null;
        done: number;
        created: number;
        updated: number;
        unchanged: number;
        skipped: number;
        failed: number;
      }[];
    }>();
  /** The live region while a run copies a kind (the last one whose archive it has begun while the events' is held). */
  const RUNNING = /^Running: copying (categories|tags|venues|organizers|events)\.$/;
  /** The run the administrator watched finish, listed with the cancelled one. */
  let completed = 0;
  const runIdOf = (url: string) => Number(/imports\/sites\/(\d+)$/.exec(url)![1]);

  test('site imports: an address with no The Events Calendar there, or none, is refused beside the field and nothing starts; an editor has no way there', async () => {
    const { page, context, errors } = await driver.signedIn('administrator', 'imports');
    await page.getByRole('main').getByRole('link', { name: 'Site imports' }).click();
    await page.getByRole('heading', { name: 'Import a site of the original' }).waitFor();
    await page.getByText('No site imports yet.').waitFor();
    await driver.accessible(page, 'site imports');
    await driver.reachable(page, 'site imports');

    const field = page.getByLabel('Address of the site');
    const error = page.locator('#site-url-error');
    await page.getByRole('button', { name: 'Start the import' }).click();
    await error.waitFor();
    assert.equal(
      await error.textContent(),
      (await t.request('administrator', 'POST', 'imports/sites', { url: '' })).json<{
        data: { params: { url: string } };
      }>().data.params.url,
    );

    const page404 = `http://127.0.0.1:${(notTec.address() as AddressInfo).port}/`;
    await field.fill(page404);
    await page.getByRole('button', { name: 'Start the import' }).click();
    const answer = (await t.request('administrator', 'POST', 'imports/sites', { url: page404 })).json<{
      code: string;
      message: string;
    }>();
    assert.equal(answer.code, 'site_import_source_unusable');
    await error.filter({ hasText: answer.message }).waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.match((await field.getAttribute('aria-describedby')) ?? '', /\bsite-url-error\b/);
    await page
      .getByRole('alert')
      .filter({ hasText: 'The import was not started:' })
      .filter({ hasText: answer.message })
      .waitFor();
    await driver.accessible(page, 'site imports with an error');
    assert.deepEqual((await t.request('administrator', 'GET', 'imports/sites')).json(), []);
    assert.deepEqual(errors, []);
    await context.close();

    // An editor imports .ics files, never sites (the API's `import_sites`): no way there, and the screen says so.
    const editor = await driver.signedIn('editor', 'imports');
    await editor.page.getByRole('heading', { name: 'Import an iCalendar file' }).waitFor();
    assert.equal(await editor.page.getByRole('heading', { name: 'Import a site of the original' }).count(), 0);
    assert.equal(await editor.page.getByRole('link', { name: 'Site imports' }).count(), 0);
    await editor.page.goto(editor.page.url().replace(/imports$/, 'imports/sites'));
    await editor.page.getByRole('alert').filter({ hasText: 'Your role does not allow this screen.' }).waitFor();
    assert.equal(await editor.page.getByLabel('Address of the site').count(), 0);
    await editor.context.close();
  });

  test('an administrator imports a site of the original by its address and watches it run and finish; the API has its events', async () => {
    const { page, context, errors } = await driver.signedIn('administrator', 'imports/sites');
    await page.getByLabel('Address of the site').fill(front.url);
    await page.getByLabel('WordPress username').fill('administrator');
    await page.getByLabel('Application password').fill('administrator-password');
    // Sent by keyboard: Enter in the form.
    await page.getByLabel('Application password').press('Enter');
    await page.waitForURL(/\/admin\/imports\/sites\/\d+$/);
    const id = runIdOf(page.url());
    await page.getByRole('heading', { name: `Site import ${id}` }).waitFor();

    // The front holds the event archive: the run is seen running, and the live region says what it copies.
    const status = page.getByRole('status');
    await status.filter({ hasText: RUNNING }).waitFor();
    assert.equal(await status.getAttribute('aria-live'), 'polite');
    await page.getByRole('button', { name: 'Cancel the import' }).waitFor();
    await driver.accessible(page, 'site import running');
    await driver.reachable(page, 'site import running');

    front.release();
    await status.filter({ hasText: /^Completed$/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Cancel the import' }).count(), 0);
    const run = await runOf(id);
    assert.equal(run.state, 'completed');
    const byKind = Object.fromEntries(run.kinds.map((kind) => [kind.kind, kind]));
    assert.deepEqual([byKind.event!.total, byKind.event!.created], [3, 3], 'the draft too, read with the credentials');
    assert.equal(byKind.venue!.created, 1);
    assert.equal(byKind.category!.created, 1);
    // The screen shows the API's counts, a row per kind.
    const rows = await page
      .getByRole('table', { name: 'Records by kind' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    const names: Record<string, string> = {
      category: 'Categories',
      tag: 'Tags',
      venue: 'Venues',
      organizer: 'Organizers',
      event: 'Events',
    };
    assert.deepEqual(
      rows,
      run.kinds.map((kind) => [
        names[kind.kind],
        kind.total === null ? String(kind.done) : `${kind.done} of ${kind.total}`,
        ...[kind.created, kind.updated, kind.unchanged, kind.skipped, kind.failed].map(String),
      ]),
    );
    assert.deepEqual(rows.at(-1), ['Events', '3 of 3', '3', '0', '0', '0', '0']);
    await driver.accessible(page, 'site import completed');

    const imported = (
      await t.request('administrator', 'GET', 'events?start_date=2027-05-01&end_date=2027-05-31&status=publish,draft')
    ).json<{ events: { title: string; venue: { venue: string } | [] }[] }>().events;
    assert.deepEqual(imported.map((event) => event.title).sort(), ['Dune walk', 'Lighthouse concert', 'Season plan']);
    assert.equal(
      (imported.find((event) => event.title === 'Lighthouse concert')!.venue as { venue: string }).venue,
      'Lighthouse hall',
    );
    completed = id;
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("an administrator cancels a running site import; the recent imports link to each one's progress; a run that does not exist is refused", async () => {
    front.holding = true;
    const { page, context, errors } = await driver.signedIn('administrator', 'imports/sites');
    await page.getByLabel('Address of the site').fill(front.url);
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.waitForURL(/\/admin\/imports\/sites\/\d+$/);
    const id = runIdOf(page.url());
    const status = page.getByRole('status');
    await status.filter({ hasText: RUNNING }).waitFor();
    await page.getByRole('button', { name: 'Cancel the import' }).click();
    await status.filter({ hasText: /^Cancelled$/ }).waitFor();
    assert.equal((await runOf(id)).state, 'cancelled');
    assert.equal(await page.getByRole('button', { name: 'Cancel the import' }).count(), 0);

    // Started again from its page: the form comes back with its address.
    await page.getByRole('link', { name: 'Start it again' }).click();
    await page.getByRole('heading', { name: 'Recent site imports' }).waitFor();
    assert.equal(await page.getByLabel('Address of the site').inputValue(), front.url);
    const recent = page.getByRole('region', { name: 'Recent site imports' });
    await recent.getByRole('link', { name: `Site import ${id}` }).waitFor();
    assert.deepEqual(await recent.locator('tbody tr td:nth-child(3)').allTextContents(), ['Cancelled', 'Completed']);
    await driver.accessible(page, 'site imports listed');
    await recent.getByRole('link', { name: `Site import ${completed}` }).click();
    await page.getByRole('heading', { name: `Site import ${completed}` }).waitFor();
    await status.filter({ hasText: /^Completed$/ }).waitFor();

    // A run that does not exist: the API's refusal is said, the live line stays empty and "Loading…" does not stay.
    await page.goto(page.url().replace(/\d+$/, '999999'));
    await page.getByRole('alert').filter({ hasText: 'Site import 999999 does not exist.' }).waitFor();
    assert.equal(await status.textContent(), '');
    assert.equal(await page.getByText('Loading…').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
