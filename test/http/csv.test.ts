import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createRecord, assertError, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * CSV out and in (issue 47, decisions 0114, 0115): the archives as CSV with their filters and
 * permissions, formulas neutralised, an export imported into another calendar exported again
 * byte for byte, bad rows reported by line, dry runs writing nothing.
 */

type Json = Record<string, unknown>;
const CSV = { accept: 'text/csv' };

/** Text a CSV must quote: separators, quotes, line breaks, multi-byte characters. */
const TRICKY = 'Café "Le Brûlée", 日本語 ☕🎉\nsecond line; third, part';

const rowsOf = (body: string) => parse<Record<string, string>>(body, { bom: true, columns: true });

describe(`CSV export and import (${DIALECT})`, () => {
  let t: TestApp;

  const create = async (collection: string, fields: Json) => (await createRecord(t, collection, fields)).id;
  const exportOf = async (url: string, as: Parameters<TestApp['request']>[0] = 'administrator', app = t) => {
    const response = await app.request(as, 'GET', url, undefined, CSV);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    return response.body;
  };
  const importCsv = (
    app: TestApp,
    type: string,
    body: string,
    query = '',
    as: Parameters<TestApp['request']>[0] = 'administrator',
  ) =>
    app.app.inject({
      method: 'POST',
      url: `/calendar/events/v1/imports/csv?type=${type}${query}`,
      headers: {
        'content-type': 'text/csv',
        ...(as === 'anonymous'
          ? {}
          : { authorization: `Basic ${Buffer.from(`${as}:${as}-password`).toString('base64')}` }),
      },
      payload: body,
    });

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    const venue = await create('venues', {
      venue: 'Blue Hall',
      address: '1 Main St',
      city: 'Springfield',
      stateprovince: 'IL',
      zip: '62701',
      country: 'United States',
      phone: '+1 555 0100',
      website: 'https://blue.example',
      geo_lat: 39.7817,
      geo_lng: -89.6501,
    });
    const organizer = await create('organizers', {
      organizer: 'Jazz Society',
      email: 'jazz@example.com',
      phone: '555-0101',
      website: 'https://jazz.example',
    });
    await create('organizers', { organizer: 'Second Org' });
    await create('events', {
      title: 'Jazz Night',
      description: `<p>${TRICKY}</p>\n\n<p>Two paragraphs &amp; <strong>bold</strong></p>`,
      excerpt: 'Short "quoted" text',
      start_date: '2027-07-10 19:00',
      end_date: '2027-07-10 22:30',
      timezone: 'America/Chicago',
      venue,
      organizer: [organizer],
      categories: ['Music', 'Jazz'],
      tags: ['Evening'],
      cost: '$10 - $25',
      website: 'https://jazz.example/night',
      featured: true,
      show_map: true,
      show_map_link: false,
      image: 'https://img.example/poster.png',
    });
    await create('events', {
      title: 'Whole weekend fair',
      start_date: '2027-08-06',
      end_date: '2027-08-08',
      all_day: true,
      categories: ['Fairs'],
      cost: '5 €',
      organizer: [{ organizer: 'Second Org' }],
    });
    await create('events', {
      title: 'Over three days',
      start_date: '2027-09-01 18:00',
      end_date: '2027-09-03 02:00',
      sticky: true,
      cost: 'Free',
    });
    await create('events', {
      title: '=HYPERLINK("http://evil.example")',
      description: '+SUM(A1:A9)',
      excerpt: "'=already quoted",
      start_date: '2027-10-01 10:00',
      end_date: '2027-10-01 11:00',
      tags: ['@mention', '-minus'],
    });
    await create('events', {
      title: 'Members only',
      description: '<p>Secret plans</p>',
      post_password: 'sesame',
      venue,
      cost: '99',
      start_date: '2027-10-02 10:00',
      end_date: '2027-10-02 11:00',
    });
    await create('events', {
      title: 'Draft plans',
      status: 'draft',
      start_date: '2027-10-03 10:00',
      end_date: '2027-10-03 11:00',
    });
  });
  after(() => t.close());

  test("the archive as CSV: the importer's columns, every event of the filters (not a page), in the archive's order", async () => {
    const body = await exportOf('events?per_page=2&page=1');
    assert.ok(
      body.startsWith('\uFEFFEvent Name,Event Description,Event Excerpt,Event Start Date,Event Start Time,'),
      body.slice(0, 200),
    );
    const rows = rowsOf(body);
    assert.deepEqual(
      rows.map((row) => row['Event Name']),
      [
        'Jazz Night',
        'Whole weekend fair',
        'Over three days',
        `'=HYPERLINK("http://evil.example")`,
        'Members only',
        'Draft plans',
      ],
    );
    const jazz = rows[0]!;
    assert.equal(jazz['Event Description'], `<p>${TRICKY}</p>\n\n<p>Two paragraphs &amp; <strong>bold</strong></p>`);
    assert.deepEqual(
      [
        jazz['Event Start Date'],
        jazz['Event Start Time'],
        jazz['Event End Date'],
        jazz['Event End Time'],
        jazz['Event Time Zone'],
        jazz['All Day Event'],
      ],
      ['2027-07-10', '19:00', '2027-07-10', '22:30', 'America/Chicago', 'FALSE'],
    );
    assert.deepEqual(
      [jazz['Event Venue Name'], jazz['Event Organizer Name(s) or ID(s)'], jazz['Event Category'], jazz['Event Tags']],
      ['Blue Hall', 'Jazz Society', 'Jazz, Music', 'Evening'],
    );
    assert.deepEqual(
      [
        jazz['Event Cost'],
        jazz['Event Currency Symbol'],
        jazz['Event Currency Position'],
        jazz['Feature Event'],
        jazz['Event Show Map'],
        jazz['Event Show Map Link'],
      ],
      ['$10 - $25', '', '', 'TRUE', 'TRUE', 'FALSE'],
    );
    assert.equal(jazz['Event Featured Image'], 'https://img.example/poster.png');
    const fair = rows[1]!;
    assert.deepEqual(
      [
        fair['Event Start Date'],
        fair['Event Start Time'],
        fair['Event End Date'],
        fair['Event End Time'],
        fair['All Day Event'],
      ],
      ['2027-08-06', '', '2027-08-08', '', 'TRUE'],
    );
    assert.deepEqual(
      [fair['Event Cost'], fair['Event Currency Symbol'], fair['Event Currency Position']],
      ['5 €', '€', 'suffix'],
    );

    // The archive's filters apply as to the JSON.
    assert.deepEqual(
      rowsOf(await exportOf('events?categories=music')).map((row) => row['Event Name']),
      ['Jazz Night'],
    );
    assert.deepEqual(
      rowsOf(await exportOf('events?search=weekend')).map((row) => row['Event Name']),
      ['Whole weekend fair'],
    );
    assert.deepEqual(
      rowsOf(await exportOf('events?start_date=2027-09-01&end_date=2027-09-30')).map((row) => row['Event Name']),
      ['Over three days'],
    );
    // And under the original's namespace.
    const tribe = await t.app.inject({
      method: 'GET',
      url: '/wp-json/tribe/events/v1/events?categories=music',
      headers: CSV,
    });
    assert.equal(tribe.statusCode, 200);
    assert.deepEqual(
      rowsOf(tribe.body).map((row) => row['Event Name']),
      ['Jazz Night'],
    );
    // Without Accept: text/csv, the JSON page as ever.
    assert.equal(
      (await t.request('anonymous', 'GET', 'events?per_page=2')).json<{ events: unknown[] }>().events.length,
      2,
    );
  });

  test('anonymous readers get only what the JSON archive shows them: no drafts, a protected event without its details', async () => {
    const json = (await t.request('anonymous', 'GET', 'events?per_page=50')).json<{ events: { title: string }[] }>();
    const rows = rowsOf(await exportOf('events', 'anonymous'));
    assert.deepEqual(
      rows.map((row) => row['Event Name']!.replace(/^'/, '')),
      json.events.map((event) => event.title),
    );
    assert.ok(!rows.some((row) => row['Event Name'] === 'Draft plans'));
    const members = rows.find((row) => row['Event Name'] === 'Members only')!;
    assert.deepEqual([members['Event Description'], members['Event Cost'], members['Event Venue Name']], ['', '', '']);
    assert.equal(
      rowsOf(await exportOf('events?password=sesame', 'anonymous')).find(
        (row) => row['Event Name'] === 'Members only',
      )!['Event Cost'],
      '99',
    );
    // Statuses the caller may not list are refused as in the JSON.
    assert.equal((await t.request('anonymous', 'GET', 'events?status=draft', undefined, CSV)).statusCode, 400);
  });

  test('cells a spreadsheet would run as a formula start with a single quote', async () => {
    const row = rowsOf(await exportOf('events?search=HYPERLINK'))[0]!;
    assert.equal(row['Event Name'], `'=HYPERLINK("http://evil.example")`);
    assert.equal(row['Event Description'], "'+SUM(A1:A9)");
    assert.equal(row['Event Excerpt'], "''=already quoted");
    assert.equal(row['Event Tags'], "'-minus, @mention");
  });

  test('venues and organizers as CSV, with their filters', async () => {
    const venues = rowsOf(await exportOf('venues'));
    assert.deepEqual(venues[0], {
      'Venue Name': 'Blue Hall',
      'Venue Description': '',
      'Venue Country': 'United States',
      'Venue Address': '1 Main St',
      'Venue Address 2': '',
      'Venue City': 'Springfield',
      'Venue State/Province': 'IL',
      'Venue Zip': '62701',
      'Venue Latitude': '39.7817',
      'Venue Longitude': "'-89.6501",
      'Venue Phone': "'+1 555 0100",
      'Venue Website': 'https://blue.example',
      'Venue Featured Image': '',
    });
    const organizers = rowsOf(await exportOf('organizers?search=jazz'));
    assert.deepEqual(
      organizers.map((row) => [row['Organizer Name'], row['Organizer Email']]),
      [['Jazz Society', 'jazz@example.com']],
    );
    assert.equal(rowsOf(await exportOf('organizers')).length, 2);
  });

  test('an export imported into another calendar exports again byte for byte', async () => {
    const other = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    try {
      for (const type of ['venues', 'organizers', 'events'] as const) {
        const exported = await exportOf(`${type}${type === 'events' ? '?status=publish&context=edit' : ''}`);
        const response = await importCsv(other, type, exported);
        assert.equal(response.statusCode, 200, response.body);
        const report = response.json<{ imported: number; failed: number; rows: number }>();
        assert.equal(report.failed, 0, response.body);
        assert.equal(report.imported, report.rows);
      }
      // Venues and organizers named by events are the ones imported before, not copies.
      assert.equal(await exportOf('venues', 'administrator', other), await exportOf('venues'));
      assert.equal(await exportOf('organizers', 'administrator', other), await exportOf('organizers'));
      // A protected event's details are exported to those who may edit it with context=edit (its password is no column).
      assert.equal(
        await exportOf('events?context=edit', 'administrator', other),
        await exportOf('events?status=publish&context=edit'),
      );
    } finally {
      await other.close();
    }
  });

  test('bad rows are reported by their line and never stop the good ones; a refused row leaves nothing behind', async () => {
    const file = [
      'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,Event Venue Name,All Day Event,Event Description',
      'Good one,2028-01-05,10:00,2028-01-05,11:00,,,"first',
      'line spans two"',
      ',2028-01-06,10:00,2028-01-06,11:00,,,',
      'No start,,,,,,,',
      'Bad flag,2028-01-07,,,,,perhaps,',
      'Bad date,2028-13-45,10:00,,,Ghost Hall,,',
      '',
      'Good two,2028-01-08,09:00,2028-01-08,17:00,Brand New Hall,no,',
    ].join('\r\n');
    const response = await importCsv(t, 'events', file);
    assert.equal(response.statusCode, 200, response.body);
    const report = response.json<{
      rows: number;
      imported: number;
      failed: number;
      problems: { line: number; problems: string[] }[];
      preview: { line: number; problems: string[] }[];
    }>();
    assert.deepEqual([report.rows, report.imported, report.failed], [6, 2, 4]);
    assert.deepEqual(
      report.problems.map((entry) => entry.line),
      [4, 5, 6, 7],
    );
    assert.match(report.problems[0]!.problems[0]!, /Event Name/);
    assert.match(report.problems[1]!.problems[0]!, /Event Start Date/);
    assert.match(report.problems[2]!.problems[0]!, /All Day Event/);
    assert.match(report.problems[3]!.problems[0]!, /start_date/);
    assert.deepEqual(
      report.preview.map((row) => [row.line, row.problems.length > 0]),
      [
        [2, false],
        [4, true],
        [5, true],
        [6, true],
        [7, true],
        [9, false],
      ],
    );
    const titles = (await t.request('administrator', 'GET', 'events?search=Good&start_date=2028-01-01')).json<{
      events: { title: string; description: string }[];
    }>().events;
    assert.deepEqual(
      titles.map((event) => event.title),
      ['Good one', 'Good two'],
    );
    assert.match(titles[0]!.description, /first<br \/>\nline spans two/);
    // The venue of the refused row was not made; the good row's was.
    assert.equal((await t.request('administrator', 'GET', 'venues?search=Ghost')).json<{ total: number }>().total, 0);
    assert.equal((await t.request('administrator', 'GET', 'venues?search=Brand')).json<{ total: number }>().total, 1);
  });

  test('a dry run checks every row and writes nothing', async () => {
    const before = (await t.request('administrator', 'GET', 'events?start_date=2029-01-01')).json<{ total: number }>()
      .total;
    const venuesBefore = (await t.request('administrator', 'GET', 'venues')).json<{ total: number }>().total;
    const response = await importCsv(
      t,
      'events',
      'Title,Day,Venue\r\nDry one,2029-02-01,Dry Hall\r\nDry two,not a date,\r\n',
      `&dry_run=true&map=${encodeURIComponent(JSON.stringify({ Title: 'Event Name', Day: 'event_start_date', Venue: 'Event Venue Name' }))}`,
    );
    assert.equal(response.statusCode, 200, response.body);
    const report = response.json<{
      dry_run: boolean;
      imported: number;
      failed: number;
      columns: Json;
      problems: { line: number }[];
    }>();
    assert.deepEqual(
      [report.dry_run, report.imported, report.failed, report.problems.map((entry) => entry.line)],
      [true, 1, 1, [3]],
    );
    assert.deepEqual(report.columns, { Title: 'event_name', Day: 'event_start_date', Venue: 'event_venue_name' });
    assert.deepEqual(
      response
        .json<{ fields: { key: string }[] }>()
        .fields.map((field) => field.key)
        .slice(-2),
      ['event_website', 'featured_image'],
    );
    assert.equal(
      (await t.request('administrator', 'GET', 'events?start_date=2029-01-01')).json<{ total: number }>().total,
      before,
    );
    assert.equal((await t.request('administrator', 'GET', 'venues')).json<{ total: number }>().total, venuesBefore);
  });

  test('a file that cannot be read as the type is a 400; only editors and up import; the body has its limit', async () => {
    const unmapped = await importCsv(t, 'events', 'Nothing,Event Start Date\r\na,b\r\n');
    assertError(unmapped, 400, 'csv_invalid');
    // What a mapping step needs to ask for the name's column: how each header was read, and the type's columns.
    const refused = unmapped.json<{ data: { columns: Json; fields: { key: string; label: string }[] } }>().data;
    assert.deepEqual(refused.columns, { Nothing: null, 'Event Start Date': 'event_start_date' });
    assert.deepEqual(refused.fields.slice(0, 2), [
      { key: 'event_name', label: 'Event Name' },
      { key: 'event_description', label: 'Event Description' },
    ]);
    assertError(
      await importCsv(t, 'events', 'Event Name\r\na\r\n', `&map=${encodeURIComponent('{"Missing":"Event Name"}')}`),
      400,
      'csv_invalid',
    );
    assertError(await importCsv(t, 'events', 'Event Name\r\na\r\n', '&map=notjson'), 400, 'rest_invalid_param');
    assertError(await importCsv(t, 'gadgets', 'Event Name\r\na\r\n'), 400, 'rest_invalid_param');
    assert.equal(
      (await importCsv(t, 'events', 'Event Name,Event Start Date\r\nX,2028-01-01\r\n', '', 'author')).statusCode,
      403,
    );
    assert.equal(
      (await importCsv(t, 'events', 'Event Name,Event Start Date\r\nX,2028-01-01\r\n', '', 'anonymous')).statusCode,
      401,
    );
    const small = await createTestApp({ env: { CALENDAR_CSV_IMPORT_MAX_BYTES: '1024' } });
    try {
      assertError(
        await importCsv(small, 'venues', `Venue Name\r\n${'x'.repeat(2000)}\r\n`),
        413,
        'rest_payload_too_large',
      );
    } finally {
      await small.close();
    }
  });
});
