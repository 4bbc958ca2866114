import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { adminDriver, type AdminDriver } from '../fixtures/admin-browser.ts';
import { launchChromium } from '../fixtures/browser.ts';
import { calendar, serveFeed, vevent, type FeedServer } from '../fixtures/feed-server.ts';

/*
 * The admin's journeys of issue 47 in Chromium, by role and visible label, axe-clean at 390 px and
 * 1280 px: an editor adds an import source pointing at a feed this test serves on loopback, runs it
 * and watches the run (held at the feed, then let go) finish with its counts, runs it again after
 * the feed changed, sees its history, pauses it, and sees a failing source's back-off; maps a CSV
 * whose name column was renamed, previews it with a bad row, and imports it; downloads a list
 * filtered by venue and dates and reads the file's rows.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const single = (uid: string, title: string, day: string) =>
  vevent({ UID: uid, DTSTAMP: '20261120T000000Z', DTSTART: `${day}T180000Z`, DTEND: `${day}T200000Z`, SUMMARY: title });

describe(`admin import sources and CSV in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let driver: AdminDriver;
  let feed: FeedServer;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-admin-sources-'));
  const file = (name: string, text: string) => {
    const at = path.join(files, name);
    fs.writeFileSync(at, text);
    return at;
  };

  before(async () => {
    feed = await serveFeed(
      calendar([single('a@feed', 'Harbour concert', '20270410'), single('b@feed', 'Pier market', '20270411')]),
    );
    // The feed listens on this machine's loopback address, which the address guard allows here only.
    t = await createTestApp({ env: { CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1' } });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    driver = adminDriver(browser, base, 'admin-import-sources');
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await feed?.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const sources = async () => (await t.request('editor', 'GET', 'import-sources')).json<Json[]>();
  /** The counts table of a run's page, by row label. */
  const counts = async (page: Page) => {
    const table = page.getByRole('table', { name: 'What the run did' });
    const found: Record<string, string> = {};
    for (const row of await table.getByRole('row').all())
      found[(await row.getByRole('rowheader').textContent()) ?? ''] = (await row.getByRole('cell').textContent()) ?? '';
    return found;
  };

  test('an editor adds a source, runs it and watches the run finish with its counts; runs it again, pauses it; a failing source shows why', async () => {
    const { page, errors } = await driver.signedIn('editor', 'imports');
    await page.getByRole('link', { name: 'Import sources' }).click();
    await page.getByRole('heading', { name: 'Import sources', level: 1 }).waitFor();
    await page.getByText('No import sources yet.').waitFor();
    await page.getByRole('link', { name: 'Add a source' }).click();
    await page.getByRole('heading', { name: 'New import source' }).waitFor();
    // An editor is offered no site of the original (administrators only).
    assert.deepEqual(await page.getByLabel('Kind').locator('option').allTextContents(), [
      'iCalendar or webcal feed',
      'Another instance of this calendar',
    ]);
    await driver.accessible(page, 'new source');
    await driver.reachable(page, 'new source');

    await page.getByLabel('Name', { exact: true }).fill('Harbour feed');
    await page.getByLabel('Address').fill(feed.url);
    await page.getByLabel('Schedule').selectOption({ label: 'Manual (only when run)' });
    await page.getByLabel('Status of imported events').selectOption({ label: 'Draft' });
    await page.getByLabel('Tags to add (separated by commas)').fill('harbour, imported');
    await page.getByLabel('Words in the title or description (separated by commas)').fill('concert, market');
    await page.getByLabel('An event that disappears from the source').selectOption({ label: 'Keep it' });
    await page.getByRole('button', { name: 'Add the source' }).click();
    await page.getByRole('heading', { name: 'Harbour feed' }).waitFor();
    const [made] = await sources();
    assert.deepEqual(
      [
        made!.kind,
        made!.url,
        made!.schedule,
        made!.settings.status,
        made!.settings.tags,
        made!.settings.filters.words,
        made!.settings.on_removed,
        made!.settings.overwrite_local_edits,
      ],
      ['ical', feed.url, 'manual', 'draft', ['harbour', 'imported'], ['concert', 'market'], 'keep', false],
    );
    await page.getByText('No runs yet.').waitFor();
    await driver.accessible(page, 'source');

    // Held at the feed: the run's page shows it running, then, read again, completed with its counts.
    let release!: () => void;
    feed.hold = new Promise((resolve) => (release = resolve));
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('heading', { name: /^Run \d+ of Harbour feed$/ }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Running' }).waitFor();
    release();
    feed.hold = undefined;
    await page.getByRole('status').filter({ hasText: 'Completed' }).waitFor();
    assert.deepEqual(await counts(page), { Created: '2', Updated: '0', Unchanged: '0', Trashed: '0', Failed: '0' });
    await driver.accessible(page, 'run');
    const drafts = (
      await t.request('editor', 'GET', 'events?status=draft&start_date=2027-04-01&end_date=2027-04-30')
    ).json<{ events: Json[] }>().events;
    assert.deepEqual(drafts.map((event) => event.title).sort(), ['Harbour concert', 'Pier market']);

    // The feed changes: one event added, one changed, one gone (kept, as asked), and one without a UID, skipped and listed.
    feed.document = calendar([
      single('a@feed', 'Harbour concert', '20270410'),
      single('b@feed', 'Pier market, moved', '20270412'),
      single('c@feed', 'Quay concert', '20270413'),
      vevent({ DTSTAMP: '20261120T000000Z', DTSTART: '20270414T180000Z', SUMMARY: 'Nameless' }),
    ]);
    await page.getByRole('link', { name: 'Harbour feed' }).click();
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('status').filter({ hasText: 'Completed' }).waitFor();
    assert.deepEqual(await counts(page), { Created: '1', Updated: '1', Unchanged: '1', Trashed: '0', Failed: '0' });
    const skipped = page.getByRole('region', { name: 'Errors: 1' });
    assert.deepEqual(await skipped.getByRole('listitem').allTextContents(), [
      'UID "" skipped: The VEVENT has no UID, so a later import could not find it again.',
    ]);

    // The source's history: both runs, newest first, with their counts.
    await page.getByRole('link', { name: 'Harbour feed' }).click();
    const history = page.getByRole('region', { name: 'Runs' });
    await history.getByRole('row').nth(2).waitFor();
    const rows = await history.getByRole('row').all();
    assert.deepEqual(
      await Promise.all(rows.slice(1).map(async (row) => (await row.getByRole('cell').allTextContents()).slice(0, 6))),
      [
        ['Completed (Errors: 1)', '1', '1', '1', '0', '0'],
        ['Completed', '2', '0', '0', '0', '0'],
      ],
    );

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('status').filter({ hasText: 'Paused.' }).waitFor();
    assert.equal((await sources())[0]!.paused, true);
    await page.getByRole('button', { name: 'Resume' }).waitFor();

    // A failing feed: the run fails with why, and the list says the source is failing and backs off.
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('status').filter({ hasText: 'Resumed' }).waitFor();
    await page.getByLabel('Schedule').selectOption({ label: 'Manual (only when run)' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    feed.status = 500;
    try {
      await page.getByRole('button', { name: 'Run now' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Failed: / })
        .waitFor();
    } finally {
      feed.status = undefined;
    }
    await page.getByRole('link', { name: 'Harbour feed' }).click();
    await page.getByRole('link', { name: 'All import sources' }).click();
    const row = page.getByRole('row', { name: /Harbour feed/ });
    await row.getByText(/^Failing: .*; failed runs in a row: 1, and each makes the next try wait longer\.$/).waitFor();
    await driver.accessible(page, 'sources list');
    assert.deepEqual(errors, []);
  });

  test("an administrator may add a site of the original; the screens speak the browser's language", async () => {
    const { page, errors } = await driver.signedIn('administrator', 'imports/sources/new');
    await page.getByRole('heading', { name: 'New import source' }).waitFor();
    assert.deepEqual(await page.getByLabel('Kind').locator('option').allTextContents(), [
      'iCalendar or webcal feed',
      'Another instance of this calendar',
      'A site of The Events Calendar',
    ]);
    const french = await driver.signedIn('editor', 'imports/sources', 'fr-FR');
    await french.page.getByRole('heading', { name: 'Sources d’importation', level: 1 }).waitFor();
    await french.page.getByRole('link', { name: 'Ajouter une source' }).click();
    await french.page.getByLabel('Un évènement qui disparaît de la source').waitFor();
    assert.deepEqual([...errors, ...french.errors], []);
  });

  test('an editor maps a CSV whose name column was renamed, previews it with a bad row, and imports the good ones', async () => {
    const { page, errors } = await driver.signedIn('editor', 'imports/csv');
    await page.getByRole('heading', { name: 'Import a CSV file' }).waitFor();
    await driver.accessible(page, 'csv import');
    await page
      .getByLabel('CSV file')
      .setInputFiles(
        file(
          'walks.csv',
          'Title,Event Start Date,Notes\r\nDune walk,2027-06-01,bring boots\r\nCliff walk,not a date,\r\nForest walk,2027-06-03,\r\n',
        ),
      );
    await page.getByRole('button', { name: 'Check the file' }).click();
    // No column is read as the name: the API's matching is shown, to map.
    await page.getByRole('status').filter({ hasText: 'Map a column to the name' }).waitFor();
    assert.equal(await page.getByLabel('Column “Event Start Date”').inputValue(), 'event_start_date');
    assert.equal(await page.getByLabel('Column “Title”').inputValue(), '');
    await page.getByLabel('Column “Title”').selectOption({ label: 'Event Name' });
    await page.getByRole('button', { name: 'Preview with these columns' }).click();
    const preview = page.getByRole('region', { name: 'The first rows' });
    await preview.getByText('3 rows read: 2 can be imported, 1 would be refused.').waitFor();
    const rows = await preview.getByRole('table').getByRole('row').all();
    assert.deepEqual(await rows[0]!.getByRole('columnheader').allTextContents(), [
      'Line',
      'Problems',
      'Event Name',
      'Event Start Date',
    ]);
    assert.deepEqual(await rows[1]!.getByRole('cell').allTextContents(), ['None', 'Dune walk', '2027-06-01']);
    assert.match((await rows[2]!.getByRole('cell').first().textContent()) ?? '', /date/i);
    await driver.accessible(page, 'csv preview');
    await driver.reachable(page, 'csv preview');
    // A changed menu asks for a preview before importing.
    await page.getByLabel('Column “Notes”').selectOption({ label: 'Event Description' });
    assert.equal(await page.getByRole('button', { name: 'Import', exact: true }).count(), 0);
    await page.getByLabel('Column “Notes”').selectOption({ label: 'Not imported' });
    await page.getByRole('button', { name: 'Preview with these columns' }).click();
    await preview.getByText('3 rows read: 2 can be imported, 1 would be refused.').waitFor();
    // Nothing was written by the checks.
    assert.equal(
      (await t.request('editor', 'GET', 'events?search=walk&start_date=2027-06-01')).json<{ total: number }>().total,
      0,
    );

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByRole('region', { name: 'What the import did' });
    await report.getByText('Imported: 2 of 3 rows; refused: 1.').waitFor();
    await report.getByText(/^Line 3: /).waitFor();
    const titles = (await t.request('editor', 'GET', 'events?search=walk&start_date=2027-06-01'))
      .json<{ events: Json[] }>()
      .events.map((event) => event.title);
    assert.deepEqual(titles, ['Dune walk', 'Forest walk']);
    await driver.accessible(page, 'csv report');
    assert.deepEqual(errors, []);
  });

  test('a list downloaded as CSV holds the rows of its filters and status tab (events: venue, dates; venues: search)', async () => {
    for (let n = 1; n <= 24; n++) {
      const day = `2028-0${n % 2 === 0 ? 5 : 6}-${String(n).padStart(2, '0')}`;
      const response = await t.request('editor', 'POST', 'events', {
        title: `Reading ${n}`,
        status: n === 24 ? 'draft' : 'publish',
        start_date: `${day} 19:00`,
        end_date: `${day} 20:00`,
        venue: { venue: n % 3 === 0 ? 'Library' : 'Bookshop' },
      });
      assert.equal(response.statusCode, 201, response.body);
    }
    const library = (await t.request('editor', 'GET', 'venues?search=Library')).json<{ venues: { id: number }[] }>()
      .venues[0]!.id;
    const { page, errors } = await driver.signedIn(
      'editor',
      `events?venue=${library}&from=2028-05-01&to=2028-05-31&orderby=title&order=desc`,
    );
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const rows = parse<Record<string, string>>(fs.readFileSync(await download.path(), 'utf8'), {
      bom: true,
      columns: true,
    });
    // The list on screen, sorted by title (Z to A).
    assert.deepEqual(
      await page
        .getByRole('table', { name: 'Events' })
        .getByRole('link', { name: /^Reading/ })
        .allTextContents(),
      ['Reading 6', 'Reading 24', 'Reading 18', 'Reading 12'],
    );
    // Even n in May, a multiple of 3 at the Library: 6, 12, 18, 24 (a draft: the "All" tab lists it too). The file
    // streams in the archive's date order whatever the list's sort (decision 0114's keyset): the same events, not the same order.
    assert.deepEqual(
      rows.map((row) => [row['Event Name'], row['Event Start Date'], row['Event Venue Name']]),
      [
        ['Reading 6', '2028-05-06', 'Library'],
        ['Reading 12', '2028-05-12', 'Library'],
        ['Reading 18', '2028-05-18', 'Library'],
        ['Reading 24', '2028-05-24', 'Library'],
      ],
    );
    // The same filters on the Drafts tab (whose link itself shows the whole list), ordered by title, Z to A.
    await page.goto(
      `${page.url().split('?')[0]}?status=draft&venue=${library}&from=2028-05-01&to=2028-05-31&orderby=title&order=desc`,
    );
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    const [drafts] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.deepEqual(
      parse<Record<string, string>>(fs.readFileSync(await drafts.path(), 'utf8'), { bom: true, columns: true }).map(
        (row) => row['Event Name'],
      ),
      ['Reading 24'],
    );

    // The venues list searched: only the venue found.
    await page.goto(`${page.url().split('/admin/')[0]}/admin/venues?search=Libr`);
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    const [venues] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.deepEqual(
      parse<Record<string, string>>(fs.readFileSync(await venues.path(), 'utf8'), { bom: true, columns: true }).map(
        (row) => row['Venue Name'],
      ),
      ['Library'],
    );
    assert.deepEqual(errors, []);
  });
});
