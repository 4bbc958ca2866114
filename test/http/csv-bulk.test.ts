import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventInput, readRows } from '../../src/modules/csv/csv-records.ts';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * The CSV import's bulk write (issue 47, decision 0131): events imported in one unit are, on the
 * wire, the events `POST /events` makes of the same input, one request each: the records, the
 * archive and its total, search, the terms' counts and what a sync token sends. A row the bulk
 * write fails on is reported by its line and leaves nothing; the others are imported.
 */

const COLUMNS = [
  'Event Name',
  'Event Description',
  'Event Start Date',
  'Event Start Time',
  'Event End Date',
  'Event End Time',
  'Event Time Zone',
  'All Day Event',
  'Event Venue Name',
  'Event Organizer Name(s) or ID(s)',
  'Event Cost',
  'Event Category',
  'Event Tags',
];

const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
const csvOf = (rows: readonly (readonly string[])[]) =>
  `${[COLUMNS, ...rows].map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;

/** The rows, given the ids of the venue and the two organizers both calendars have. */
const rowsFor = (venue: number, first: number, second: number): string[][] => [
  [
    'Open air concert',
    '<p>Jazz &amp; "blues"</p>\n<p>second line</p>',
    '2027-03-01',
    '19:00',
    '2027-03-01',
    '21:30',
    'Europe/Paris',
    'FALSE',
    String(venue),
    String(first),
    '$15',
    'Music, Outdoor',
    'summer',
  ],
  // The same title: the next slug (`-2`), chosen within the batch.
  [
    'Open air concert',
    '',
    '2027-03-02',
    '',
    '2027-03-03',
    '',
    '',
    'TRUE',
    String(venue),
    '',
    '',
    'Music',
    'summer, free',
  ],
  [
    'Lecture: <b>Stars</b>',
    'About stars',
    '2027-04-10',
    '18:00',
    '',
    '',
    'America/Chicago',
    '',
    '',
    `${first}, ${second}`,
    '',
    'Science',
    '',
  ],
];

/** What both calendars list of their events and terms. */
const READS = [
  'events?start_date=2027-01-01&end_date=2027-12-31&per_page=50&context=edit',
  'events?search=concert&start_date=2027-01-01&end_date=2027-12-31',
  'categories?per_page=100&hide_empty=0&context=edit',
  'tags?per_page=100&hide_empty=0&context=edit',
];

describe(`CSV bulk import (${DIALECT})`, () => {
  let posted: TestApp;
  let imported: TestApp;

  /** A venue and two organizers, made alike in both calendars (the same ids), and the sync token after them. */
  const prepare = async (t: TestApp) => {
    const venue = (await createRecord(t, 'venues', { venue: 'Bulk hall', city: 'Lyon' })).id;
    const first = (await createRecord(t, 'organizers', { organizer: 'Bulk band' })).id;
    const second = (await createRecord(t, 'organizers', { organizer: 'Bulk choir' })).id;
    let token = 'start';
    for (;;) {
      const page = (await t.request('anonymous', 'GET', `events?sync_token=${token}&per_page=50`)).json<{
        next_sync_token?: string;
        next_page_token?: string;
      }>();
      if (page.next_sync_token !== undefined)
        return { rows: rowsFor(venue, first, second), token: page.next_sync_token };
      token = page.next_page_token!;
    }
  };

  const importCsv = async (t: TestApp, body: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/calendar/events/v1/imports/csv?type=events',
      headers: {
        'content-type': 'text/csv',
        authorization: `Basic ${Buffer.from('administrator:administrator-password').toString('base64')}`,
      },
      payload: body,
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ imported: number; failed: number; problems: { line: number; problems: string[] }[] }>();
  };

  before(async () => {
    const env = { CALENDAR_TIMEZONE: 'America/New_York' };
    posted = await createTestApp({ env });
    imported = await createTestApp({ env });
  });
  after(async () => {
    await posted.close();
    await imported.close();
  });

  test('events imported in bulk are on the wire the events POST /events makes of the same input', async () => {
    const [one, other] = [await prepare(posted), await prepare(imported)];
    assert.deepEqual(one.rows, other.rows, 'both calendars hold the same venue and organizers');
    const text = csvOf(one.rows);
    const ids: number[] = [];
    for await (const row of readRows(text, 'events')) {
      const read = eventInput(row, 'publish');
      assert.ok(read.input, JSON.stringify(read.problems));
      ids.push((await createRecord(posted, 'events', read.input)).id);
    }
    const report = await importCsv(imported, text);
    assert.deepEqual({ imported: report.imported, failed: report.failed }, { imported: 3, failed: 0 });

    const wire = async (t: TestApp, url: string) => {
      const response = await t.request('administrator', 'GET', url);
      assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 500)}`);
      return { body: response.json<unknown>(), total: response.headers['x-wp-total'] };
    };
    for (const id of ids)
      assert.deepEqual(
        await wire(imported, `events/${id}?context=edit`),
        await wire(posted, `events/${id}?context=edit`),
      );
    for (const url of READS) assert.deepEqual(await wire(imported, url), await wire(posted, url), url);
    const { categories } = (await wire(imported, READS[2]!)).body as { categories: { name: string; count: number }[] };
    assert.deepEqual(
      categories.map(({ name, count }) => [name, count]).sort(),
      [
        ['Music', 2],
        ['Outdoor', 1],
        ['Science', 1],
      ],
      'the counts are the events filed under each term',
    );
    // What a client keeping a mirror is sent: the same entries (its next token is each calendar's own journal position).
    const synced = async (t: TestApp, token: string) => {
      const { next_sync_token: _next, ...page } = (await wire(t, `events?sync_token=${token}&per_page=50`)).body as {
        next_sync_token?: string;
      };
      return page;
    };
    assert.deepEqual(await synced(imported, other.token), await synced(posted, one.token));
  });

  test('a row the bulk write fails on is reported by its line and leaves nothing; the rows around it are imported', async () => {
    // No venue or organizer; the middle row's end (midnight of the day before its start) is refused when its rows are built.
    const [first, , last] = rowsFor(0, 0, 0).map((row, at) =>
      row.map((cell, column) => (column === 0 ? `Failing unit ${at}` : column === 8 || column === 9 ? '' : cell)),
    );
    const ending = [...last!];
    ending[0] = 'Ends before it starts';
    ending[4] = '2027-04-09';
    ending[11] = 'Unique category of the failing row';
    const text = csvOf([first!, ending, last!]);
    const report = await importCsv(imported, text);
    assert.equal(report.imported, 2);
    assert.equal(report.failed, 1);
    // Line 4: the first row's description holds a line break.
    assert.equal(report.problems[0]!.line, 4);
    assert.match(report.problems[0]!.problems.join(' '), /end date/i);
    const titles = async (search: string) =>
      (await imported.request('administrator', 'GET', `events?search=${encodeURIComponent(search)}`))
        .json<{ events: { title: string }[] }>()
        .events.map((event) => event.title);
    assert.deepEqual(await titles('Ends before'), []);
    assert.deepEqual((await titles('Failing unit')).sort(), ['Failing unit 0', 'Failing unit 2']);
    const terms = (
      await imported.request('administrator', 'GET', 'categories?search=Unique&hide_empty=0&context=edit')
    ).json<{ categories: unknown[] }>().categories;
    assert.deepEqual(terms, [], 'the failing row made no term');
  });
});
