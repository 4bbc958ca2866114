import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { seed } from '../../src/seed/seed.ts';
import { createRecord, createTestApp, DIALECT, TEST_NOW, type TestApp } from '../fixtures/app.ts';

// test:quick skips this file: it exports and imports a calendar of 10,000 events (test/quick.ts).

/*
 * Issue 47's "a 10k-event export then import round trip is identical" (decisions 0114, 0115): a
 * calendar of EVENTS events (the benchmark seed's venues, organizers, nested categories, tags,
 * all-day, multi-day and timed events in several zones, costs; plus VARIED events made through the
 * API with what a CSV must quote or neutralise: unicode, quotes, commas, line breaks, formula-like
 * text, several organizers, currency ranges) is exported as CSV, its venues, organizers and events
 * imported into a fresh calendar through `POST /imports/csv`, and exported again byte for byte.
 */

const EVENTS = 10_000;
/** Of the events, those created through the API rather than seeded. */
const VARIED = 40;
const CSV = { accept: 'text/csv' };
/** Every published event, past and future. */
const EVENT_QUERY = 'events?status=publish&context=edit&start_date=1900-01-01&end_date=2999-12-31';
const ENV = { CALENDAR_TIMEZONE: 'America/New_York', CALENDAR_CSV_IMPORT_MAX_BYTES: String(64 * 1024 * 1024) };

const rowCount = (body: string) => parse(body, { bom: true, columns: true }).length;

async function exportOf(app: TestApp, url: string): Promise<string> {
  const response = await app.request('administrator', 'GET', url, undefined, CSV);
  assert.equal(response.statusCode, 200, response.body.slice(0, 500));
  return response.body;
}

/** The text of `body` from the start of line `line` on (1 is the first; a quoted cell's line breaks count, as the import's lines do). */
function fromLine(body: string, line: number): string {
  const breaks = body.matchAll(/\r\n|\r|\n/g);
  let offset = 0;
  for (let at = 1; at < line; at++) {
    const found = breaks.next().value!;
    offset = found.index + found[0].length;
  }
  return body.slice(offset);
}

/**
 * Imports a file as a client of the API does: when the request's time runs short, the rows left
 * are sent again, after the header, from the line the report says to resume at. The rows imported.
 */
async function importInto(app: TestApp, type: string, body: string): Promise<{ imported: number; requests: number }> {
  const header = body.slice(0, body.indexOf('\r\n') + 2);
  let file = body;
  let imported = 0;
  for (let requests = 1; ; requests++) {
    const response = await app.app.inject({
      method: 'POST',
      url: `/calendar/events/v1/imports/csv?type=${type}`,
      headers: {
        'content-type': 'text/csv',
        authorization: `Basic ${Buffer.from('administrator:administrator-password').toString('base64')}`,
      },
      payload: file,
    });
    assert.equal(response.statusCode, 200, response.body.slice(0, 2000));
    const report = response.json<{
      rows: number;
      imported: number;
      failed: number;
      not_done: number;
      resume_line: number | null;
      problems: unknown[];
    }>();
    assert.equal(report.failed, 0, JSON.stringify(report.problems.slice(0, 5)));
    assert.equal(report.imported + report.not_done, report.rows);
    imported += report.imported;
    if (report.resume_line === null) return { imported, requests };
    assert.ok(report.imported > 0, 'a request imports some rows before its time runs short');
    file = header + fromLine(file, report.resume_line);
  }
}

/** The API-made events: each field a CSV cell must carry unchanged, in turn. */
async function addVaried(t: TestApp): Promise<void> {
  const venue = (
    await createRecord(t, 'venues', {
      venue: 'Salle « Pleyel », 東京 🎵',
      address: '252 rue du Faubourg "Saint-Honoré"',
      city: 'Paris',
      country: 'France',
      phone: '+33 1 42 56 13 13',
      geo_lat: 48.8771,
      geo_lng: 2.3004,
    })
  ).id;
  const second = (
    await createRecord(t, 'venues', {
      venue: '=Formula Hall',
      city: 'Zürich',
      zip: '8001',
      description: '<p>first line\nsecond line</p>',
    })
  ).id;
  const organizers = [
    (
      await createRecord(t, 'organizers', {
        organizer: 'Ünïcødé Society 合唱団',
        email: 'choir@example.org',
        website: 'https://choir.example',
      })
    ).id,
    (await createRecord(t, 'organizers', { organizer: '@Handle "Quoted" Org', phone: '-555 0199' })).id,
  ];
  const descriptions = [
    '<p>Café "Le Brûlée", 日本語 ☕🎉</p>\n\n<p>second paragraph; with, commas</p>',
    'plain text\r\nwith a CRLF and a "quote"',
    '+SUM(A1:A9) looks like a formula',
    '',
  ];
  // Lists of amounts are stored with the currency they share, which the export's currency columns carry back (a range given as text keeps none).
  const costs: (string | string[])[] = [
    '15€ - 25€',
    ['15€', '25€'],
    '$10 - $25',
    ['$10', '$25'],
    '5 €',
    'Free',
    '0',
    '12,50 €',
    'Donation',
    '',
  ];
  for (let index = 0; index < VARIED; index++) {
    const day = String(1 + (index % 28)).padStart(2, '0');
    const allDay = index % 5 === 0;
    const multiDay = index % 7 === 0;
    const end = multiDay ? `2027-04-${String(Math.min(28, 2 + (index % 28))).padStart(2, '0')}` : `2027-04-${day}`;
    await createRecord(t, 'events', {
      title: [`Ünïcødé “event” ${index}, ☕`, `-${index} minus first`, `Quote "${index}" and, comma`, `Line ${index}`][
        index % 4
      ],
      description: descriptions[index % descriptions.length],
      ...(index % 3 === 0 ? { excerpt: `Excerpt ${index}: "short", ünïcødé` } : {}),
      start_date: allDay ? `2027-04-${day}` : `2027-04-${day} 18:30`,
      end_date: allDay ? end : `${end} 21:15`,
      ...(allDay ? { all_day: true } : {}),
      timezone: ['Europe/Paris', 'Asia/Tokyo', 'America/Los_Angeles', 'UTC'][index % 4],
      ...(index % 4 === 3 ? {} : { venue: index % 2 === 0 ? venue : second }),
      ...(index % 3 === 2 ? {} : { organizer: index % 2 === 0 ? organizers : [organizers[1]] }),
      ...(costs[index % costs.length] === '' ? {} : { cost: costs[index % costs.length] }),
      categories: index % 2 === 0 ? ['Musique & Chant', 'Конференция'] : ['=Sheet'],
      ...(index % 3 === 1 ? { tags: ['tag, with comma?', 'ünï'] } : {}),
      ...(index % 6 === 0 ? { website: `https://tickets.example.org/ü/${index}` } : {}),
      featured: index % 8 === 0,
      sticky: index % 9 === 0,
      hide_from_listings: index % 10 === 3,
    });
  }
}

describe(`a ${EVENTS}-event CSV export imports back identical (${DIALECT})`, () => {
  test('venues, organizers and events exported, imported into a fresh calendar, exported again byte for byte', async (context) => {
    const times: string[] = [];
    const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await work();
      times.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return result;
    };
    const source = await timed('seed', () =>
      createTestApp({
        env: ENV,
        prepare: async (storage) =>
          void (await seed(storage, { events: EVENTS - VARIED, force: false, now: new Date(TEST_NOW) })),
      }),
    );
    const target = await createTestApp({ env: ENV });
    try {
      await addVaried(source);
      const exported: Record<string, string> = {};
      for (const [type, url] of [
        ['venues', 'venues'],
        ['organizers', 'organizers'],
        ['events', EVENT_QUERY],
      ] as const) {
        const file = await timed(`export ${type}`, () => exportOf(source, url));
        exported[type] = file;
        const { imported, requests } = await timed(`import ${type}`, () => importInto(target, type, file));
        assert.equal(imported, rowCount(file));
        times.push(`(${imported} ${type} in ${requests} request${requests === 1 ? '' : 's'})`);
      }
      // Most seeded events are published; every varied one is.
      assert.ok(rowCount(exported.events!) > EVENTS * 0.8, `${rowCount(exported.events!)} events exported`);
      assert.equal(await exportOf(target, 'venues'), exported.venues);
      assert.equal(await exportOf(target, 'organizers'), exported.organizers);
      const again = await timed('export events again', () => exportOf(target, EVENT_QUERY));
      if (again !== exported.events) {
        const [before, after] = [exported.events!.split('\r\n'), again.split('\r\n')];
        const at = before.findIndex((line, index) => line !== after[index]);
        assert.fail(`the events' second export differs first at line ${at + 1}:\n${before[at]}\n${after[at]}`);
      }
      context.diagnostic(`${DIALECT}: ${times.join(', ')}`);
    } finally {
      await target.close();
      await source.close();
    }
  });
});
