import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dateBounds, type DateQuery } from '../../src/modules/events/date-window.ts';
import { DateParseError } from '../../src/dates/parse.ts';

/** The recorded site's "now": 2026-11-21 23:19:52 UTC (wire-format 4.1.1). */
const NOW = new Date('2026-11-21T23:19:52Z');

describe('event archive date bounds', () => {
  const defaults: ReadonlyArray<readonly [zone: string, start: string]> = [
    // Yesterday 23:59 UTC is 18:59 in New York: the window starts that local day.
    ['America/New_York', '2026-11-20 00:00:00'],
    ['UTC', '2026-11-20 00:00:00'],
    // East of UTC the same instant is already today.
    ['Asia/Tokyo', '2026-11-21 00:00:00'],
  ];
  for (const [zone, start] of defaults) {
    test(`default window in ${zone}: from ${start} to the end of now + 24 months (UTC date)`, () => {
      assert.deepEqual(dateBounds({}, zone, NOW), { startFrom: start, endUntil: '2028-11-21 23:59:59' });
    });
  }

  test('the default window moves at UTC midnight, and back for an earlier clock', () => {
    assert.deepEqual(dateBounds({}, 'UTC', NOW), { startFrom: '2026-11-20 00:00:00', endUntil: '2028-11-21 23:59:59' });
    assert.deepEqual(dateBounds({}, 'UTC', new Date('2026-11-21T23:59:59Z')), {
      startFrom: '2026-11-20 00:00:00',
      endUntil: '2028-11-21 23:59:59',
    });
    assert.deepEqual(dateBounds({}, 'UTC', new Date('2026-11-22T00:00:00Z')), {
      startFrom: '2026-11-21 00:00:00',
      endUntil: '2028-11-22 23:59:59',
    });
    assert.deepEqual(dateBounds({}, 'UTC', NOW), { startFrom: '2026-11-20 00:00:00', endUntil: '2028-11-21 23:59:59' });
  });

  const cases: ReadonlyArray<readonly [query: DateQuery, zone: string, expected: Record<string, string>]> = [
    [
      { start_date: '2026-12-12', end_date: '2026-12-13' },
      'America/New_York',
      { startFrom: '2026-12-12 00:00:00', endUntil: '2026-12-13 23:59:59' },
    ],
    [
      { start_date: '2026-12-12 18:30' },
      'America/New_York',
      { startFrom: '2026-12-12 00:00:00', endUntil: '2028-11-21 23:59:59' },
    ],
    // Relative bounds drop both defaults and cover whole days.
    [{ starts_after: '2026-12-12' }, 'America/New_York', { startsAfter: '2026-12-12 23:59:59' }],
    [
      { starts_before: '2026-12-12', ends_after: '2026-12-01', ends_before: '2026-12-20 08:00' },
      'UTC',
      { startsBefore: '2026-12-12 23:59:59', endsBefore: '2026-12-20 23:59:59', endsAfter: '2026-12-01 23:59:59' },
    ],
    // Values with an offset or timestamps are UTC instants first, then their UTC date counts.
    [{ starts_after: '2026-12-12T23:00:00-05:00' }, 'America/New_York', { startsAfter: '2026-12-13 23:59:59' }],
    [
      { start_date: 1797000000 },
      'America/New_York',
      { startFrom: '2026-12-11 00:00:00', endUntil: '2028-11-21 23:59:59' },
    ],
    // Strict: naive strings are UTC instants, shown in the site zone.
    [
      { start_date: '2026-12-12 11:00', strict_dates: true },
      'America/New_York',
      { startFrom: '2026-12-12 06:00:00', endUntil: '2028-11-21 23:59:59' },
    ],
    [{ starts_after: '2026-12-12', strict_dates: true }, 'America/New_York', { startsAfter: '2026-12-11 19:00:00' }],
    [
      { starts_after: '2027-07-01 12:00:00+02:00', strict_dates: true },
      'America/New_York',
      { startsAfter: '2027-07-01 06:00:00' },
    ],
    [{ ends_before: '2026-12-12 11:00', strict_dates: true }, 'UTC', { endsBefore: '2026-12-12 11:00:00' }],
  ];
  for (const [query, zone, expected] of cases) {
    test(`${JSON.stringify(query)} in ${zone}: ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(dateBounds(query, zone, NOW), expected);
    });
  }

  test('relative phrases are read from now', () => {
    assert.deepEqual(dateBounds({ starts_after: 'tomorrow' }, 'UTC', NOW), { startsAfter: '2026-11-22 23:59:59' });
  });

  test('an unparseable value throws DateParseError', () => {
    assert.throws(() => dateBounds({ ends_after: 'garbage' }, 'UTC', NOW), DateParseError);
  });
});
