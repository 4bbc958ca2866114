import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  DateParseError,
  dateDetails,
  endOfDay,
  eventWallClock,
  instantOf,
  parseDateInput,
  startOfDay,
  wallClockOf,
  type ParsedDate,
} from '../../src/dates/parse.ts';
import fc from 'fast-check';
import { IANAZone } from 'luxon';
import {
  isValidZone,
  offsetString,
  resolveZone,
  toIsoWithOffset,
  utcToZoned,
  zoneAbbreviation,
  zonedToUtc,
} from '../../src/dates/zones.ts';

// The suite runs with TZ=America/New_York; zones far from it (Tokyo, UTC) prove no dependence on it.
const OTHER_ZONES = ['Asia/Tokyo', 'UTC'];

describe('isValidZone', () => {
  const valid = [
    'America/Chicago',
    'America/New_York',
    'Europe/Rome',
    'Asia/Tokyo',
    'UTC',
    'Etc/GMT+5',
    'America/Argentina/Buenos_Aires',
    'UTC+2',
    'UTC-5',
    'UTC+5:30',
    'UTC+5.5',
    'UTC+5.75',
    'UTC+0',
    'UTC-12',
    'UTC+14',
  ];
  const invalid = [
    'Mars/Base',
    '',
    ' ',
    'garbage',
    'America/Nowhere',
    'UTC+15',
    'UTC+5:60',
    'UTC+5.33',
    'UTC+',
    'UTC 2',
    '+02:00',
    'GMT+2',
    'local',
    'system',
    ' UTC',
  ];
  for (const zone of valid) test(`accepts ${JSON.stringify(zone)}`, () => assert.equal(isValidZone(zone), true));
  for (const zone of invalid) test(`rejects ${JSON.stringify(zone)}`, () => assert.equal(isValidZone(zone), false));
});

describe('zonedToUtc and utcToZoned', () => {
  const cases: ReadonlyArray<readonly [description: string, wallClock: string, zone: string, utc: string]> = [
    ['Chicago evening crosses into the next UTC day', '2026-12-05 22:00:00', 'America/Chicago', '2026-12-06 04:00:00'],
    ['New York all-day start (spec §10.1)', '2026-12-20 00:00:00', 'America/New_York', '2026-12-20 05:00:00'],
    ['New York all-day end (spec §10.1)', '2026-12-20 23:59:59', 'America/New_York', '2026-12-21 04:59:59'],
    ['New York summer (EDT)', '2026-07-04 12:00:00', 'America/New_York', '2026-07-04 16:00:00'],
    ['Tokyo morning is the previous UTC day and year', '2026-01-01 08:00:00', 'Asia/Tokyo', '2025-12-31 23:00:00'],
    ['UTC is the identity', '2026-12-05 19:00:00', 'UTC', '2026-12-05 19:00:00'],
    ['Rome winter (CET)', '2026-01-15 12:00:00', 'Europe/Rome', '2026-01-15 11:00:00'],
    ['Rome summer (CEST)', '2026-07-15 12:00:00', 'Europe/Rome', '2026-07-15 10:00:00'],
    ['Sydney January is summer time (AEDT)', '2026-01-15 12:00:00', 'Australia/Sydney', '2026-01-15 01:00:00'],
    ['Sydney July is standard time (AEST)', '2026-07-15 12:00:00', 'Australia/Sydney', '2026-07-15 02:00:00'],
    ['WordPress UTC+5:30', '2026-12-05 10:00:00', 'UTC+5:30', '2026-12-05 04:30:00'],
    ['WordPress UTC+5.5 is the same offset', '2026-12-05 10:00:00', 'UTC+5.5', '2026-12-05 04:30:00'],
    ['WordPress UTC+5.75', '2026-12-05 10:00:00', 'UTC+5.75', '2026-12-05 04:15:00'],
    ['WordPress UTC-5 has no DST', '2026-07-04 12:00:00', 'UTC-5', '2026-07-04 17:00:00'],
    ['WordPress UTC+2 crosses back a day', '2026-12-05 01:00:00', 'UTC+2', '2026-12-04 23:00:00'],
    ['WordPress UTC+0', '2026-12-05 19:00:00', 'UTC+0', '2026-12-05 19:00:00'],
  ];
  for (const [description, wallClock, zone, utc] of cases) {
    test(`${description}: ${wallClock} ${zone} ↔ ${utc}`, () => {
      assert.equal(zonedToUtc(wallClock, zone), utc);
      assert.equal(utcToZoned(utc, zone), wallClock);
    });
  }

  test('rejects an invalid zone and a malformed wall clock', () => {
    assert.throws(() => zonedToUtc('2026-12-05 19:00:00', 'Mars/Base'), RangeError);
    assert.throws(() => utcToZoned('2026-12-05 19:00:00', ''), RangeError);
    assert.throws(() => zonedToUtc('2026-12-05T19:00:00', 'UTC'), RangeError);
    assert.throws(() => zonedToUtc('2026-02-30 10:00:00', 'UTC'), RangeError);
  });
});

describe('DST transitions', () => {
  const gapsAndOverlaps: ReadonlyArray<readonly [description: string, wallClock: string, zone: string, utc: string]> = [
    [
      'New York spring-forward gap moves forward by the gap (03:30 EDT)',
      '2026-03-08 02:30:00',
      'America/New_York',
      '2026-03-08 07:30:00',
    ],
    [
      'New York fall-back overlap takes the first (EDT) 01:30',
      '2026-11-01 01:30:00',
      'America/New_York',
      '2026-11-01 05:30:00',
    ],
    ['New York just before the gap', '2026-03-08 01:59:59', 'America/New_York', '2026-03-08 06:59:59'],
    ['New York just after the gap', '2026-03-08 03:00:00', 'America/New_York', '2026-03-08 07:00:00'],
    ['New York just after the overlap', '2026-11-01 02:00:00', 'America/New_York', '2026-11-01 07:00:00'],
    ['Rome spring-forward gap (03:30 CEST)', '2026-03-29 02:30:00', 'Europe/Rome', '2026-03-29 01:30:00'],
    [
      'Rome fall-back overlap takes the first (CEST) 02:30',
      '2026-10-25 02:30:00',
      'Europe/Rome',
      '2026-10-25 00:30:00',
    ],
    [
      'Sydney April fall-back overlap takes the first (AEDT) 02:30',
      '2026-04-05 02:30:00',
      'Australia/Sydney',
      '2026-04-04 15:30:00',
    ],
    [
      'Sydney October spring-forward gap (03:30 AEDT)',
      '2026-10-04 02:30:00',
      'Australia/Sydney',
      '2026-10-03 16:30:00',
    ],
  ];
  for (const [description, wallClock, zone, utc] of gapsAndOverlaps) {
    test(description, () => assert.equal(zonedToUtc(wallClock, zone), utc));
  }

  test('both UTC instants of an overlapping wall clock show that wall clock', () => {
    assert.equal(utcToZoned('2026-11-01 05:30:00', 'America/New_York'), '2026-11-01 01:30:00');
    assert.equal(utcToZoned('2026-11-01 06:30:00', 'America/New_York'), '2026-11-01 01:30:00');
  });

  test('the UTC instant inside a gap round-trips to the shifted wall clock', () => {
    assert.equal(
      utcToZoned(zonedToUtc('2026-03-08 02:30:00', 'America/New_York'), 'America/New_York'),
      '2026-03-08 03:30:00',
    );
  });
});

describe('round trips', () => {
  const zones = [
    'America/New_York',
    'America/Chicago',
    'Europe/Rome',
    'Australia/Sydney',
    'Asia/Tokyo',
    'Asia/Kolkata',
    'UTC',
    'UTC+5:30',
    'UTC-3.5',
  ];
  const wallClocks = [
    '2026-01-01 00:00:00',
    '2026-03-08 12:00:00',
    '2026-06-30 23:59:59',
    '2026-10-04 04:00:00',
    '2026-12-31 23:30:00',
    '2028-02-29 12:00:00',
  ];
  for (const zone of zones) {
    test(`wall clock → UTC → wall clock in ${zone}`, () => {
      for (const wallClock of wallClocks) assert.equal(utcToZoned(zonedToUtc(wallClock, zone), zone), wallClock);
    });
    test(`UTC → wall clock → UTC in ${zone} (outside overlaps)`, () => {
      for (const utc of wallClocks) assert.equal(zonedToUtc(utcToZoned(utc, zone), zone), utc);
    });
  }
});

describe('zoneAbbreviation', () => {
  const cases: ReadonlyArray<readonly [zone: string, utc: string, abbreviation: string]> = [
    ['America/New_York', '2026-12-05 19:00:00', 'EST'],
    ['America/New_York', '2026-03-08 06:59:59', 'EST'],
    ['America/New_York', '2026-03-08 07:00:00', 'EDT'],
    ['America/New_York', '2026-11-01 05:59:59', 'EDT'],
    ['America/New_York', '2026-11-01 06:00:00', 'EST'],
    ['America/Chicago', '2026-12-05 19:00:00', 'CST'],
    ['America/Chicago', '2026-07-04 19:00:00', 'CDT'],
    ['Asia/Tokyo', '2026-12-05 19:00:00', 'JST'],
    ['UTC', '2026-12-05 19:00:00', 'UTC'],
    ['Europe/Rome', '2026-03-29 00:59:59', 'CET'],
    ['Europe/Rome', '2026-03-29 01:00:00', 'CEST'],
    ['Europe/London', '2026-01-15 12:00:00', 'GMT'],
    ['Europe/London', '2026-07-15 12:00:00', 'BST'],
    ['Australia/Sydney', '2026-01-15 12:00:00', 'AEDT'],
    ['Australia/Sydney', '2026-07-15 12:00:00', 'AEST'],
    ['Asia/Kolkata', '2026-07-15 12:00:00', 'IST'],
    ['Africa/Johannesburg', '2026-07-15 12:00:00', 'SAST'],
    ['Asia/Shanghai', '2026-07-15 12:00:00', 'GMT+8'],
    ['America/Sao_Paulo', '2026-07-15 12:00:00', 'GMT-3'],
    ['UTC+2', '2026-07-15 12:00:00', 'UTC+2'],
    ['UTC+5:30', '2026-07-15 12:00:00', 'UTC+5:30'],
    ['UTC-5', '2026-07-15 12:00:00', 'UTC-5'],
  ];
  for (const [zone, utc, abbreviation] of cases) {
    test(`${zone} at ${utc} UTC is ${abbreviation}`, () => assert.equal(zoneAbbreviation(zone, utc), abbreviation));
  }
});

describe('offsetString and toIsoWithOffset', () => {
  const offsets: ReadonlyArray<readonly [zone: string, utc: string, offset: string]> = [
    ['America/Chicago', '2026-12-05 19:00:00', '-06:00'],
    ['America/New_York', '2026-07-04 12:00:00', '-04:00'],
    ['Asia/Kolkata', '2026-07-04 12:00:00', '+05:30'],
    ['UTC', '2026-07-04 12:00:00', '+00:00'],
    ['UTC+5.5', '2026-07-04 12:00:00', '+05:30'],
    ['UTC-5', '2026-07-04 12:00:00', '-05:00'],
    ['Australia/Sydney', '2026-01-04 12:00:00', '+11:00'],
  ];
  for (const [zone, utc, offset] of offsets) {
    test(`${zone} at ${utc} UTC is ${offset}`, () => assert.equal(offsetString(zone, utc), offset));
  }

  const isoCases: ReadonlyArray<readonly [wallClock: string, zone: string, iso: string]> = [
    ['2026-12-05 19:00:00', 'America/Chicago', '2026-12-05T19:00:00-06:00'],
    ['2026-12-05 19:00:00', 'UTC', '2026-12-05T19:00:00+00:00'],
    ['2026-12-05 19:00:00', 'UTC+5:30', '2026-12-05T19:00:00+05:30'],
    ['2026-11-01 01:30:00', 'America/New_York', '2026-11-01T01:30:00-04:00'],
    ['2026-03-08 02:30:00', 'America/New_York', '2026-03-08T03:30:00-04:00'],
  ];
  for (const [wallClock, zone, iso] of isoCases) {
    test(`${wallClock} in ${zone} is ${iso}`, () => assert.equal(toIsoWithOffset(wallClock, zone), iso));
  }
});

/** Saturday 2026-11-21 23:19:52 UTC: 18:19:52 Saturday in New York, 08:19:52 Sunday 22nd in Tokyo. */
const SATURDAY_EVENING = new Date('2026-11-21T23:19:52Z');
/** Monday 2026-11-23 10:00:00 in New York. */
const MONDAY_MORNING = new Date('2026-11-23T15:00:00Z');
/** Saturday 2026-01-31 07:00:00 in New York: the last day of a 31-day month. */
const MONTH_END = new Date('2026-01-31T12:00:00Z');
/** Thursday 2026-12-31 17:30:00 in New York, already 2027-01-01 07:30:00 in Tokyo. */
const YEAR_END = new Date('2026-12-31T22:30:00Z');

const parse = (input: string | number, now = SATURDAY_EVENING, zone = 'America/New_York'): ParsedDate =>
  parseDateInput(input, now, zone);

describe('parseDateInput: absolute forms', () => {
  const cases: ReadonlyArray<readonly [input: string, wallClock: string, offsetMinutes: number | null]> = [
    ['2026-12-05 19:00:00', '2026-12-05 19:00:00', null],
    ['2026-12-05 19:00', '2026-12-05 19:00:00', null],
    ['2026-12-05', '2026-12-05 00:00:00', null],
    ['2026-1-5', '2026-01-05 00:00:00', null],
    ['2026-12-05T19:00', '2026-12-05 19:00:00', null],
    ['2026-12-05T19:00:30', '2026-12-05 19:00:30', null],
    ['2026-12-05T19:00:30.123', '2026-12-05 19:00:30', null],
    ['2026-12-05T19:00:00.000Z', '2026-12-05 19:00:00', 0],
    ['2026-12-05T19:00:00Z', '2026-12-05 19:00:00', 0],
    ['2026-12-24T10:00:00+02:00', '2026-12-24 10:00:00', 120],
    ['2026-12-24T10:00:00-0530', '2026-12-24 10:00:00', -330],
    ['2026-12-24T10:00+05', '2026-12-24 10:00:00', 300],
    ['2026-12-24 10:00:00 +0000', '2026-12-24 10:00:00', 0],
    ['2026-12-24 10:00:00 UTC', '2026-12-24 10:00:00', 0],
    ['2026/12/05', '2026-12-05 00:00:00', null],
    ['2026/12/05 19:00', '2026-12-05 19:00:00', null],
    ['12/24/2026', '2026-12-24 00:00:00', null],
    ['12/24/2026 10:00', '2026-12-24 10:00:00', null],
    ['12/24/2026 10:00:15', '2026-12-24 10:00:15', null],
    ['1/5/2026 3pm', '2026-01-05 15:00:00', null],
    ['24-12-2026', '2026-12-24 00:00:00', null],
    ['05-12-2026 19:00', '2026-12-05 19:00:00', null],
    ['24.12.2026', '2026-12-24 00:00:00', null],
    ['2026-12-05 3pm', '2026-12-05 15:00:00', null],
    ['2026-12-05 10:30 am', '2026-12-05 10:30:00', null],
    ['2026-12-05 10:30pm', '2026-12-05 22:30:00', null],
    ['2026-12-05 12am', '2026-12-05 00:00:00', null],
    ['2026-12-05 12pm', '2026-12-05 12:00:00', null],
    ['2026-12-05 7 p.m.', '2026-12-05 19:00:00', null],
    ['December 5, 2026', '2026-12-05 00:00:00', null],
    ['December 5th, 2026', '2026-12-05 00:00:00', null],
    ['5 December 2026', '2026-12-05 00:00:00', null],
    ['05-Dec-2026', '2026-12-05 00:00:00', null],
    ['Dec 5 2026 7pm', '2026-12-05 19:00:00', null],
    ['Dec. 5, 2026, 19:30', '2026-12-05 19:30:00', null],
    ['sept 30 2026', '2026-09-30 00:00:00', null],
    ['December 2026', '2026-12-01 00:00:00', null],
    ['  2026-12-05 19:00:00  ', '2026-12-05 19:00:00', null],
    ['2028-02-29', '2028-02-29 00:00:00', null],
  ];
  for (const [input, wallClock, offsetMinutes] of cases) {
    test(`${JSON.stringify(input)} → ${wallClock}`, () => {
      assert.deepEqual(parse(input), { wallClock, offsetMinutes, kind: 'absolute' });
      for (const zone of OTHER_ZONES) assert.equal(parse(input, SATURDAY_EVENING, zone).wallClock, wallClock, zone);
    });
  }

  test('an RFC 1123 date keeps its date (the weekday matches) and reads GMT as offset 0', () => {
    assert.deepEqual(parse('Sat, 05 Dec 2026 19:00:00 GMT'), {
      wallClock: '2026-12-05 19:00:00',
      offsetMinutes: 0,
      kind: 'relative',
    });
  });

  test('a month and day without a year take the current year', () => {
    assert.deepEqual(parse('Dec 5'), { wallClock: '2026-12-05 00:00:00', offsetMinutes: null, kind: 'relative' });
    assert.equal(parse('5 dec 10:00', YEAR_END, 'Asia/Tokyo').wallClock, '2027-12-05 10:00:00');
  });
});

describe('parseDateInput: timestamps', () => {
  const cases: ReadonlyArray<readonly [input: string | number, wallClock: string]> = [
    [1797000000, '2026-12-11 14:40:00'],
    ['1797000000', '2026-12-11 14:40:00'],
    ['+1797000000', '2026-12-11 14:40:00'],
    ['@1797000000', '2026-12-11 14:40:00'],
    [' 1797000000 ', '2026-12-11 14:40:00'],
    [0, '1970-01-01 00:00:00'],
    ['-86400', '1969-12-31 00:00:00'],
    ['2026', '1970-01-01 00:33:46'],
  ];
  for (const [input, wallClock] of cases) {
    test(`${JSON.stringify(input)} → ${wallClock} UTC`, () => {
      for (const zone of ['America/New_York', ...OTHER_ZONES]) {
        assert.deepEqual(parse(input, SATURDAY_EVENING, zone), { wallClock, offsetMinutes: 0, kind: 'timestamp' });
      }
    });
  }

  test('a timestamp with a relative part is relative and stays in UTC', () => {
    assert.deepEqual(parse('@1797000000 +1 day'), {
      wallClock: '2026-12-12 14:40:00',
      offsetMinutes: 0,
      kind: 'relative',
    });
  });
});

describe('parseDateInput: relative phrases', () => {
  type Case = readonly [input: string, now: Date, zone: string, wallClock: string];
  const NY = 'America/New_York';
  const cases: ReadonlyArray<Case> = [
    // Saturday 2026-11-21 18:19:52 in New York
    ['now', SATURDAY_EVENING, NY, '2026-11-21 18:19:52'],
    ['today', SATURDAY_EVENING, NY, '2026-11-21 00:00:00'],
    ['midnight', SATURDAY_EVENING, NY, '2026-11-21 00:00:00'],
    ['noon', SATURDAY_EVENING, NY, '2026-11-21 12:00:00'],
    ['tomorrow', SATURDAY_EVENING, NY, '2026-11-22 00:00:00'],
    ['yesterday', SATURDAY_EVENING, NY, '2026-11-20 00:00:00'],
    ['+1 week', SATURDAY_EVENING, NY, '2026-11-28 18:19:52'],
    ['+1week', SATURDAY_EVENING, NY, '2026-11-28 18:19:52'],
    ['-2 days', SATURDAY_EVENING, NY, '2026-11-19 18:19:52'],
    ['3 days', SATURDAY_EVENING, NY, '2026-11-24 18:19:52'],
    ['+3 hours', SATURDAY_EVENING, NY, '2026-11-21 21:19:52'],
    ['+90 min', SATURDAY_EVENING, NY, '2026-11-21 19:49:52'],
    ['+30 secs', SATURDAY_EVENING, NY, '2026-11-21 18:20:22'],
    ['+1 fortnight', SATURDAY_EVENING, NY, '2026-12-05 18:19:52'],
    ['1 month ago', SATURDAY_EVENING, NY, '2026-10-21 18:19:52'],
    ['2 hours ago', SATURDAY_EVENING, NY, '2026-11-21 16:19:52'],
    ['1 year ago', SATURDAY_EVENING, NY, '2025-11-21 18:19:52'],
    ['+1 week 2 days', SATURDAY_EVENING, NY, '2026-11-30 18:19:52'],
    ['next monday', SATURDAY_EVENING, NY, '2026-11-23 00:00:00'],
    ['last friday', SATURDAY_EVENING, NY, '2026-11-20 00:00:00'],
    ['previous friday', SATURDAY_EVENING, NY, '2026-11-20 00:00:00'],
    ['monday', SATURDAY_EVENING, NY, '2026-11-23 00:00:00'],
    ['Mon', SATURDAY_EVENING, NY, '2026-11-23 00:00:00'],
    ['saturday', SATURDAY_EVENING, NY, '2026-11-21 00:00:00'],
    ['this saturday', SATURDAY_EVENING, NY, '2026-11-21 00:00:00'],
    ['next saturday', SATURDAY_EVENING, NY, '2026-11-28 00:00:00'],
    ['last saturday', SATURDAY_EVENING, NY, '2026-11-14 00:00:00'],
    ['next week', SATURDAY_EVENING, NY, '2026-11-23 18:19:52'],
    ['this week', SATURDAY_EVENING, NY, '2026-11-16 18:19:52'],
    ['last week', SATURDAY_EVENING, NY, '2026-11-09 18:19:52'],
    ['sunday next week', SATURDAY_EVENING, NY, '2026-11-29 00:00:00'],
    ['next month', SATURDAY_EVENING, NY, '2026-12-21 18:19:52'],
    ['next year', SATURDAY_EVENING, NY, '2027-11-21 18:19:52'],
    ['first day of next month', SATURDAY_EVENING, NY, '2026-12-01 18:19:52'],
    ['last day of next month', SATURDAY_EVENING, NY, '2026-12-31 18:19:52'],
    ['midnight first day of next month', SATURDAY_EVENING, NY, '2026-12-01 00:00:00'],
    ['tomorrow 3pm', SATURDAY_EVENING, NY, '2026-11-22 15:00:00'],
    ['tomorrow noon', SATURDAY_EVENING, NY, '2026-11-22 12:00:00'],
    ['next monday 10:00', SATURDAY_EVENING, NY, '2026-11-23 10:00:00'],
    ['today 18:30', SATURDAY_EVENING, NY, '2026-11-21 18:30:00'],
    ['+1 day 09:00', SATURDAY_EVENING, NY, '2026-11-22 09:00:00'],
    ['3pm', SATURDAY_EVENING, NY, '2026-11-21 15:00:00'],
    ['10:30 am', SATURDAY_EVENING, NY, '2026-11-21 10:30:00'],
    // PHP: `tomorrow` after a time resets it ("11:00 tomorrow" is tomorrow at midnight).
    ['11:00 tomorrow', SATURDAY_EVENING, NY, '2026-11-22 00:00:00'],
    ['  TOMORROW  ', SATURDAY_EVENING, NY, '2026-11-22 00:00:00'],
    ['Next Mon', SATURDAY_EVENING, NY, '2026-11-23 00:00:00'],
    ['2026-12-05 +1 week', SATURDAY_EVENING, NY, '2026-12-12 00:00:00'],
    ['2026-12-05 19:00 -2 hours', SATURDAY_EVENING, NY, '2026-12-05 17:00:00'],

    // The same instant is Sunday 2026-11-22 08:19:52 in Tokyo and Saturday 23:19:52 in UTC.
    ['now', SATURDAY_EVENING, 'Asia/Tokyo', '2026-11-22 08:19:52'],
    ['today', SATURDAY_EVENING, 'Asia/Tokyo', '2026-11-22 00:00:00'],
    ['tomorrow', SATURDAY_EVENING, 'Asia/Tokyo', '2026-11-23 00:00:00'],
    ['next monday', SATURDAY_EVENING, 'Asia/Tokyo', '2026-11-23 00:00:00'],
    ['sunday', SATURDAY_EVENING, 'Asia/Tokyo', '2026-11-22 00:00:00'],
    ['this week', SATURDAY_EVENING, 'Asia/Tokyo', '2026-11-16 08:19:52'],
    ['next week', SATURDAY_EVENING, 'Asia/Tokyo', '2026-11-23 08:19:52'],
    ['now', SATURDAY_EVENING, 'UTC', '2026-11-21 23:19:52'],
    ['today', SATURDAY_EVENING, 'UTC', '2026-11-21 00:00:00'],
    ['+1 hour', SATURDAY_EVENING, 'UTC', '2026-11-22 00:19:52'],
    ['now', SATURDAY_EVENING, 'UTC+5:30', '2026-11-22 04:49:52'],

    // Monday 2026-11-23 10:00:00 in New York
    ['monday', MONDAY_MORNING, NY, '2026-11-23 00:00:00'],
    ['this monday', MONDAY_MORNING, NY, '2026-11-23 00:00:00'],
    ['next monday', MONDAY_MORNING, NY, '2026-11-30 00:00:00'],
    ['last monday', MONDAY_MORNING, NY, '2026-11-16 00:00:00'],
    ['tuesday', MONDAY_MORNING, NY, '2026-11-24 00:00:00'],
    ['sunday', MONDAY_MORNING, NY, '2026-11-29 00:00:00'],
    ['last sunday', MONDAY_MORNING, NY, '2026-11-22 00:00:00'],
    ['this week', MONDAY_MORNING, NY, '2026-11-23 10:00:00'],
    ['next week', MONDAY_MORNING, NY, '2026-11-30 10:00:00'],
    ['+1 monday', MONDAY_MORNING, NY, '2026-11-23 10:00:00'],

    // Month end: Saturday 2026-01-31 07:00:00 in New York
    ['+1 month', MONTH_END, NY, '2026-03-03 07:00:00'],
    ['2026-01-31 +1 month', MONTH_END, NY, '2026-03-03 00:00:00'],
    ['first day of next month', MONTH_END, NY, '2026-02-01 07:00:00'],
    ['last day of next month', MONTH_END, NY, '2026-02-28 07:00:00'],
    ['tomorrow', MONTH_END, NY, '2026-02-01 00:00:00'],
    ['-1 month', MONTH_END, NY, '2025-12-31 07:00:00'],
    ['2028-02-29 +1 year', MONTH_END, NY, '2029-03-01 00:00:00'],

    // Year end: Thursday 2026-12-31 17:30:00 in New York, Friday 2027-01-01 07:30:00 in Tokyo
    ['tomorrow', YEAR_END, NY, '2027-01-01 00:00:00'],
    ['+1 day', YEAR_END, NY, '2027-01-01 17:30:00'],
    ['next month', YEAR_END, NY, '2027-01-31 17:30:00'],
    ['next friday', YEAR_END, NY, '2027-01-01 00:00:00'],
    ['first day of next month', YEAR_END, NY, '2027-01-01 17:30:00'],
    ['+7 hours', YEAR_END, NY, '2027-01-01 00:30:00'],
    ['today', YEAR_END, 'Asia/Tokyo', '2027-01-01 00:00:00'],
    ['yesterday', YEAR_END, 'Asia/Tokyo', '2026-12-31 00:00:00'],
    ['last day of next month', YEAR_END, 'Asia/Tokyo', '2027-02-28 07:30:00'],
  ];
  for (const [input, now, zone, wallClock] of cases) {
    test(`${JSON.stringify(input)} at ${now.toISOString()} in ${zone} → ${wallClock}`, () => {
      assert.deepEqual(parseDateInput(input, now, zone), { wallClock, offsetMinutes: null, kind: 'relative' });
    });
  }

  test('+N hours counts real elapsed time across a DST change', () => {
    // 00:30 EST + 3 h = 04:30 EDT, since 02:00-03:00 does not exist that night.
    assert.equal(parse('+3 hours', new Date('2026-03-08T05:30:00Z')).wallClock, '2026-03-08 04:30:00');
    // Day arithmetic keeps the wall clock instead.
    assert.equal(parse('+1 day', new Date('2026-03-08T05:30:00Z')).wallClock, '2026-03-09 00:30:00');
  });

  test('+N hours after a written offset counts in that offset', () => {
    assert.deepEqual(parse('2026-12-05T23:00:00+02:00 +2 hours'), {
      wallClock: '2026-12-06 01:00:00',
      offsetMinutes: 120,
      kind: 'relative',
    });
  });
});

describe('parseDateInput: rejections', () => {
  const rejected: ReadonlyArray<string | number> = [
    '',
    '   ',
    'garbage',
    '2026-02-30',
    '2027-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-12-00',
    '2026-12-05 25:00',
    '25:00',
    '24:00',
    '10:60',
    '10:30:60',
    '13pm',
    '0am',
    '31/12/2026',
    '12-31-2026',
    '2026-12-05 19:00 20:00',
    '2026-12-05 2026-12-06',
    '2026-12-05T10:00:00+25:00',
    '2026-12-05T10:00:00+02:60',
    'next',
    'next foo',
    '+1 fortnights ago later',
    'tomorrow at 3pm',
    'December 32, 2026',
    'Mars 5 2026',
    '1.5',
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '99999999999999999999',
    '@',
    '10000-01-01',
    '9999-12-31 +1 day',
    'noon 3pm',
  ];
  for (const input of rejected) {
    test(`rejects ${typeof input === 'number' ? String(input) : JSON.stringify(input)}`, () => {
      assert.throws(
        () => parse(input),
        (error: unknown) =>
          error instanceof DateParseError && Object.is(error.input, input) && error.message.startsWith('Invalid date'),
      );
    });
  }
});

describe('wallClockOf and instantOf', () => {
  test('an offset is discarded by wallClockOf and honoured by instantOf (spec §5.1)', () => {
    const withOffset = parse('2026-12-24T10:00:00+02:00');
    const zulu = parse('2026-12-24T10:00:00Z');
    assert.equal(wallClockOf(withOffset), '2026-12-24 10:00:00');
    assert.equal(wallClockOf(zulu), '2026-12-24 10:00:00');
    assert.equal(instantOf(withOffset, 'America/New_York'), '2026-12-24 08:00:00');
    assert.equal(instantOf(zulu, 'Asia/Tokyo'), '2026-12-24 10:00:00');
  });

  test('a timestamp is its UTC wall clock locally, and its epoch as an instant (spec §5.1 QUIRK)', () => {
    const parsed = parse(1797000000);
    assert.equal(wallClockOf(parsed), '2026-12-11 14:40:00');
    assert.equal(zonedToUtc(wallClockOf(parsed), 'America/New_York'), '2026-12-11 19:40:00');
    assert.equal(instantOf(parsed, 'America/New_York'), '2026-12-11 14:40:00');
  });

  test('a naive value is read in the given zone (spec §4.1.2 strict mode)', () => {
    assert.equal(instantOf(parse('2026-12-12 11:00'), 'America/New_York'), '2026-12-12 16:00:00');
    assert.equal(instantOf(parse('2026-12-12 11:00'), 'UTC'), '2026-12-12 11:00:00');
    assert.equal(utcToZoned(instantOf(parse('2026-12-12 11:00'), 'UTC'), 'America/New_York'), '2026-12-12 06:00:00');
    assert.equal(instantOf(parse('2026-11-01 01:30:00'), 'America/New_York'), '2026-11-01 05:30:00');
  });
});

describe('dateDetails, startOfDay and endOfDay', () => {
  test('cut zero-padded strings from the wall clock', () => {
    assert.deepEqual(dateDetails('2026-01-05 14:23:36'), {
      year: '2026',
      month: '01',
      day: '05',
      hour: '14',
      minutes: '23',
      seconds: '36',
    });
  });

  test('bound the calendar day', () => {
    assert.equal(startOfDay('2026-12-05 19:30:15'), '2026-12-05 00:00:00');
    assert.equal(endOfDay('2026-12-05 19:30:15'), '2026-12-05 23:59:59');
    assert.equal(endOfDay('2026-12-31 00:00:00'), '2026-12-31 23:59:59');
  });

  test('reject what is not a wire date-time', () => {
    for (const text of ['2026-12-05', '2026-12-05T19:00:00', '2026-1-05 19:00:00', ' 2026-12-05 19:00:00']) {
      assert.throws(() => dateDetails(text), RangeError);
      assert.throws(() => startOfDay(text), RangeError);
      assert.throws(() => endOfDay(text), RangeError);
    }
  });
});

describe('eventWallClock (decision 0010)', () => {
  const NOW = new Date('2026-11-24T12:00:00Z');
  const cases: ReadonlyArray<readonly [input: string | number, zone: string, wallClock: string]> = [
    ['2027-03-01T10:00:00Z', 'America/New_York', '2027-03-01 05:00:00'],
    ['2027-03-01T10:00:00+01:00', 'America/New_York', '2027-03-01 04:00:00'],
    ['2027-07-01 10:00:00 -0700', 'America/New_York', '2027-07-01 13:00:00'],
    ['2027-03-01T10:00:00Z', 'Asia/Tokyo', '2027-03-01 19:00:00'],
    ['2027-03-01T23:30:00-05:00', 'UTC', '2027-03-02 04:30:00'],
    ['2027-03-01T10:00:00', 'America/New_York', '2027-03-01 10:00:00'],
    ['2027-03-01 10:00:00', 'Asia/Tokyo', '2027-03-01 10:00:00'],
    ['2027-03-01', 'America/New_York', '2027-03-01 00:00:00'],
    // A timestamp keeps its UTC wall clock, as the original reads it.
    [1797000000, 'America/New_York', '2026-12-11 14:40:00'],
    ['tomorrow', 'Asia/Tokyo', '2026-11-25 00:00:00'],
  ];
  for (const [input, zone, wallClock] of cases) {
    test(`${JSON.stringify(input)} in ${zone} is ${wallClock}`, () => {
      assert.equal(eventWallClock(parseDateInput(input, NOW, zone), zone), wallClock);
    });
  }
});

describe('remembered zone offsets', () => {
  // Zones with half-hour DST (Lord Howe), odd offsets (Kathmandu, Chatham), southern DST and old
  // local mean times: the remembered offsets must be Intl's own at every instant.
  const zones = [
    'America/New_York',
    'Europe/Berlin',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'America/St_Johns',
    'Europe/Amsterdam',
    'Pacific/Apia',
    'America/Santiago',
  ];
  test('agree with luxon asking Intl, from 1900 to 2100', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        (zone, ms) => {
          assert.equal(
            resolveZone(zone).offset(ms),
            IANAZone.create(zone).offset(ms),
            `${zone} at ${new Date(ms).toISOString()}`,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
  test('agree around every 2027 transition of New York, Berlin and Lord Howe, minute by minute', () => {
    for (const [zone, transitions] of [
      ['America/New_York', ['2027-03-14T07:00:00Z', '2027-11-07T06:00:00Z']],
      ['Europe/Berlin', ['2027-03-28T01:00:00Z', '2027-10-31T01:00:00Z']],
      ['Australia/Lord_Howe', ['2027-04-03T15:00:00Z', '2027-10-02T15:30:00Z']],
    ] as const) {
      for (const transition of transitions) {
        for (let minute = -120; minute <= 120; minute++) {
          const ms = Date.parse(transition) + minute * 60_000;
          assert.equal(
            resolveZone(zone).offset(ms),
            IANAZone.create(zone).offset(ms),
            `${zone} at ${new Date(ms).toISOString()}`,
          );
        }
      }
    }
  });
});
