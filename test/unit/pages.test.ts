import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isSupportedDay, isSupportedMonth, shiftDay, shiftMonth } from '../../src/dates/supported-range.ts';
import { eventQuery, queryString, readFilters } from '../../src/modules/pages/filters.ts';
import { googleCalendarLink, monthGrid, scriptJson, whenText } from '../../src/modules/pages/format.ts';
import type { EventWire } from '../../src/modules/events/events.schemas.ts';
import { loadConfig } from '../../src/config.ts';

/* The rules of the public pages (decision 0031) that need no app: filters, dates, links, JSON in a script. */

const event = (fields: Partial<EventWire>): EventWire =>
  ({
    title: 'T',
    all_day: false,
    timezone: 'America/New_York',
    start_date: '2027-03-14 10:00:00',
    end_date: '2027-03-14 12:00:00',
    utc_start_date: '2027-03-14 14:00:00',
    utc_end_date: '2027-03-14 16:00:00',
    ...fields,
  }) as EventWire;

describe('public pages: rules', () => {
  test("filters: the visitor's values are read, bad ones named, and carried as the API query", () => {
    assert.deepEqual(
      readFilters({ search: ' jazz ', category: 'music', venue: '12', date: '2027-05-01', other: 'x' }),
      { filters: { search: 'jazz', category: 'music', venue: 12, date: '2027-05-01' } },
    );
    for (const [name, value] of [
      ['venue', 'abc'],
      ['venue', '0'],
      ['date', '2027-02-30'],
      ['search', 'x'.repeat(201)],
      ['tag', ['a', 'b']],
    ] as const) {
      assert.deepEqual(readFilters({ [name]: value }), { invalid: name });
    }
    assert.equal(queryString({ search: 'a b', tag: 'late' }, [['page', '2']]), '?search=a+b&tag=late&page=2');
    const query = eventQuery({ category: 'music', from: '2027-05-01' }, { page: 1, perPage: 10, offset: 0 });
    assert.deepEqual([query.categories, query.start_date, query.strict_dates], [['music'], '2027-05-01', 'false']);
    // A grid's days: the events on any of them, begun at most OVERLAP_REACH_DAYS before.
    const grid = eventQuery(
      { overlaps: { first: '2027-04-26', last: '2027-06-06' } },
      { page: 1, perPage: 10, offset: 0 },
    );
    assert.deepEqual(
      [grid.ends_after, grid.starts_before, grid.starts_after, grid.start_date, grid.strict_dates],
      ['2027-04-25', '2027-06-06', '2026-04-24', undefined, 'false'],
    );
    assert.equal(
      eventQuery({ startsAfter: '2027-05-01 10:00:00' }, { page: 1, perPage: 1, offset: 0 }).strict_dates,
      'true',
    );
    assert.ok(isSupportedDay('2028-02-29') && !isSupportedDay('2027-02-29') && !isSupportedDay('2027-1-01'));
  });

  test('a month grid is whole weeks from Monday covering the month', () => {
    const weeks = monthGrid('2027-03');
    assert.equal(weeks[0]![0], '2027-03-01', 'March 2027 starts on a Monday');
    assert.equal(weeks.at(-1)![6], '2027-04-04');
    assert.ok(weeks.every((week) => week.length === 7));
    assert.equal(monthGrid('2027-02')[0]![0], '2027-02-01');
    assert.equal(monthGrid('2026-11')[0]![0], '2026-10-26');
    assert.deepEqual([shiftMonth('2026-12', 1), shiftMonth('2027-01', -1)], ['2027-01', '2026-12']);
  });

  test('the supported days are years 1 to 9999: the grids and links at both ends stay in them (decision 0048)', () => {
    // Years 0-99 are not 1900-1999 (as Date.UTC reads them), and no day or month past the range is made.
    assert.deepEqual(monthGrid('0001-01').flat().slice(0, 2), ['0001-01-01', '0001-01-02']);
    assert.equal(monthGrid('0099-12').length, 5);
    assert.deepEqual(monthGrid('9999-12').at(-1), [
      '9999-12-27',
      '9999-12-28',
      '9999-12-29',
      '9999-12-30',
      '9999-12-31',
      null,
      null,
    ]);
    assert.deepEqual(
      [shiftMonth('0001-01', -1), shiftMonth('0050-12', 1), shiftMonth('9999-12', 1)],
      [undefined, '0051-01', undefined],
    );
    assert.deepEqual(
      [shiftDay('0001-01-01', -1), shiftDay('0099-12-31', 1), shiftDay('9999-12-31', 1)],
      [undefined, '0100-01-01', undefined],
    );
    assert.ok(
      isSupportedDay('0001-01-01') &&
        isSupportedDay('9999-12-31') &&
        !isSupportedDay('0000-12-31') &&
        !isSupportedDay('0100-02-29'),
    );
    assert.ok(isSupportedMonth('0001-01') && !isSupportedMonth('0000-12') && !isSupportedMonth('2027-13'));
  });

  test('times are shown in the event zone on a daylight-saving day; an all-day span as its days', () => {
    const normalized = (text: string) => text.replace(/[\u202f\u2009]/g, ' ');
    assert.equal(normalized(whenText(event({}), 'en')), 'Sunday, March 14, 2027, 10:00 AM – 12:00 PM');
    assert.equal(
      normalized(
        whenText(event({ all_day: true, start_date: '2027-06-01 00:00:00', end_date: '2027-06-02 23:59:59' }), 'fr'),
      ),
      'mardi 1 – mercredi 2 juin 2027',
    );
  });

  test('Google Calendar links: instants in UTC, an all-day end the day after', () => {
    const link = (fields: Partial<EventWire>) =>
      new URL(googleCalendarLink(event(fields), { text: '', location: '' })).searchParams.get('dates');
    assert.equal(link({}), '20270314T140000Z/20270314T160000Z');
    assert.equal(
      link({ all_day: true, start_date: '2027-06-01 00:00:00', end_date: '2027-06-02 23:59:59' }),
      '20270601/20270603',
    );
  });

  test('JSON for a script element cannot close it, and parses back the same', () => {
    const value = { name: '</script><script>alert(1)</script>', note: 'a & b > c \u2028' };
    const text = scriptJson(value);
    assert.ok(!/[<>&\u2028]/.test(text));
    assert.deepEqual(JSON.parse(text), value);
  });

  test('CALENDAR_EMBED_ANCESTORS: origins, self or none; self by default; anything else stops start-up', () => {
    const ancestors = (value?: string) =>
      loadConfig(value === undefined ? {} : { CALENDAR_EMBED_ANCESTORS: value }).embedAncestors;
    assert.equal(ancestors(), "'self'");
    assert.equal(ancestors('https://news.example.com, self'), "https://news.example.com 'self'");
    assert.equal(ancestors('none'), "'none'");
    for (const bad of ['news.example.com', 'https://news.example.com/path', "'unsafe-inline'", 'none self'])
      assert.throws(() => ancestors(bad), /CALENDAR_EMBED_ANCESTORS/, bad);
  });
});
