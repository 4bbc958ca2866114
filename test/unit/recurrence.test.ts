import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { utcToZoned } from '../../src/dates/zones.ts';
import { longestStallMs, MAX_EVENT_LOOP_STALL_MS } from '../fixtures/event-loop.ts';
import { backgroundCoverage, horizonEnd, onDemandUntil } from '../../src/modules/events/series-horizon.ts';
import { expandSeries, type OccurrenceDates, type SeriesSchedule } from '../../src/modules/events/series-expansion.ts';
import {
  MAX_DATES,
  MAX_RULES,
  readRecurrence,
  recurrenceOnWire,
  type Recurrence,
} from '../../src/modules/events/recurrence.ts';

// The suite runs with TZ=America/New_York; the zones below are the events', never the process's.

function recurrence(value: unknown): Recurrence {
  const read = readRecurrence(value);
  if ('problem' in read) assert.fail(`unexpected problem: ${read.problem}`);
  assert.ok(read.recurrence, 'a recurrence');
  return read.recurrence;
}

function timed(startLocal: string, endLocal: string, timezone = 'America/New_York'): SeriesSchedule {
  return { startLocal, endLocal, timezone, allDay: false };
}

function expand(value: unknown, schedule: SeriesSchedule, untilLocal = '2030-01-01 00:00:00', max = 1000) {
  const expanded = expandSeries(recurrence(value), schedule, untilLocal, max);
  if ('problem' in expanded) assert.fail(`unexpected problem: ${expanded.problem}`);
  return expanded;
}

const starts = (occurrences: readonly OccurrenceDates[]) => occurrences.map((occurrence) => occurrence.startLocal);

function problemOf(value: unknown): string {
  const read = readRecurrence(value);
  assert.ok('problem' in read, `expected a problem for ${JSON.stringify(value)}`);
  return read.problem;
}

function expansionProblem(
  value: unknown,
  schedule: SeriesSchedule,
  untilLocal = '2030-01-01 00:00:00',
  max = 1000,
): string {
  const expanded = expandSeries(recurrence(value), schedule, untilLocal, max);
  assert.ok('problem' in expanded, 'expected a problem');
  return expanded.problem;
}

describe('expandSeries', () => {
  test('weekly on Tuesday and Thursday until a UTC instant, compared in the event zone', () => {
    const schedule = timed('2027-03-02 19:00:00', '2027-03-02 21:00:00');
    // 23:59:59Z on 16 March is 19:59:59 EDT: the 19:00 class that day is in.
    const through = expand({ rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270316T235959Z' }, schedule);
    assert.deepEqual(starts(through.occurrences), [
      '2027-03-02 19:00:00',
      '2027-03-04 19:00:00',
      '2027-03-09 19:00:00',
      '2027-03-11 19:00:00',
      '2027-03-16 19:00:00',
    ]);
    assert.equal(through.continues, false);
    // 22:59:59Z is 18:59:59 EDT: the class on 16 March is out.
    const before = expand({ rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270316T225959Z' }, schedule);
    assert.equal(before.occurrences.at(-1)!.startLocal, '2027-03-11 19:00:00');
    assert.deepEqual(through.occurrences[0], {
      key: '2027-03-02',
      startLocal: '2027-03-02 19:00:00',
      endLocal: '2027-03-02 21:00:00',
      startUtc: '2027-03-03 00:00:00',
      endUtc: '2027-03-03 02:00:00',
    });
  });

  test('a local UNTIL date includes its whole day', () => {
    const expanded = expand(
      { rrule: 'FREQ=DAILY;UNTIL=20270305' },
      timed('2027-03-02 19:00:00', '2027-03-02 20:00:00'),
    );
    assert.deepEqual(starts(expanded.occurrences), [
      '2027-03-02 19:00:00',
      '2027-03-03 19:00:00',
      '2027-03-04 19:00:00',
      '2027-03-05 19:00:00',
    ]);
  });

  test('monthly on the second Tuesday, with COUNT', () => {
    const expanded = expand(
      { rrule: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=4' },
      timed('2027-01-12 18:30:00', '2027-01-12 20:00:00'),
    );
    assert.deepEqual(starts(expanded.occurrences), [
      '2027-01-12 18:30:00',
      '2027-02-09 18:30:00',
      '2027-03-09 18:30:00',
      '2027-04-13 18:30:00',
    ]);
    assert.equal(expanded.continues, false);
  });

  test('yearly, skipping years without the date', () => {
    const yearly = expand({ rrule: 'FREQ=YEARLY;UNTIL=20300101' }, timed('2027-07-04 12:00:00', '2027-07-04 22:00:00'));
    assert.deepEqual(starts(yearly.occurrences), ['2027-07-04 12:00:00', '2028-07-04 12:00:00', '2029-07-04 12:00:00']);
    const leapDay = expand(
      { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=3' },
      timed('2028-02-29 10:00:00', '2028-02-29 11:00:00'),
      '2040-01-01 00:00:00',
    );
    assert.deepEqual(starts(leapDay.occurrences), [
      '2028-02-29 10:00:00',
      '2032-02-29 10:00:00',
      '2036-02-29 10:00:00',
    ]);
  });

  test('COUNT counts the start; a start off the rule is still the first occurrence', () => {
    assert.equal(
      expand({ rrule: 'FREQ=DAILY;COUNT=3' }, timed('2027-03-02 19:00:00', '2027-03-02 20:00:00')).occurrences.length,
      3,
    );
    // 2027-01-05 is the first Tuesday of January, not the second.
    const offRule = expand(
      { rrule: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=2' },
      timed('2027-01-05 18:30:00', '2027-01-05 20:00:00'),
    );
    assert.deepEqual(starts(offRule.occurrences), [
      '2027-01-05 18:30:00',
      '2027-01-12 18:30:00',
      '2027-02-09 18:30:00',
    ]);
  });

  test('RDATE adds dates, deduplicated against the rule; a date alone takes the series time', () => {
    const expanded = expand(
      { rrule: 'FREQ=WEEKLY;COUNT=2', rdates: ['2027-03-09 19:00:00', '2027-03-20 10:00:00', '2027-03-25'] },
      timed('2027-03-02 19:00:00', '2027-03-02 21:00:00'),
    );
    assert.deepEqual(starts(expanded.occurrences), [
      '2027-03-02 19:00:00',
      '2027-03-09 19:00:00',
      '2027-03-20 10:00:00',
      '2027-03-25 19:00:00',
    ]);
    assert.equal(expanded.occurrences[2]!.endLocal, '2027-03-20 12:00:00');
  });

  test('a series of rdates alone', () => {
    const expanded = expand({ rdates: ['2027-04-01 19:00:00'] }, timed('2027-03-02 19:00:00', '2027-03-02 21:00:00'));
    assert.deepEqual(starts(expanded.occurrences), ['2027-03-02 19:00:00', '2027-04-01 19:00:00']);
  });

  test('EXDATE removes an occurrence by its local start, or a whole date', () => {
    const expanded = expand(
      { rrule: 'FREQ=DAILY;COUNT=5', exdates: ['2027-03-03 19:00:00', '2027-03-05', '2027-03-04 08:00:00'] },
      timed('2027-03-02 19:00:00', '2027-03-02 21:00:00'),
    );
    assert.deepEqual(starts(expanded.occurrences), [
      '2027-03-02 19:00:00',
      '2027-03-04 19:00:00',
      '2027-03-06 19:00:00',
    ]);
  });

  test('an excluded start leaves the next occurrence first', () => {
    const expanded = expand(
      { rrule: 'FREQ=WEEKLY;COUNT=3', exdates: ['2027-03-02 19:00:00'] },
      timed('2027-03-02 19:00:00', '2027-03-02 21:00:00'),
    );
    assert.deepEqual(starts(expanded.occurrences), ['2027-03-09 19:00:00', '2027-03-16 19:00:00']);
  });

  test('several rules are unioned and deduplicated', () => {
    const expanded = expand(
      { rrule: ['FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4', 'RRULE:FREQ=WEEKLY;BYDAY=WE,FR;COUNT=4'] },
      timed('2027-03-01 19:00:00', '2027-03-01 20:00:00'),
    );
    assert.deepEqual(starts(expanded.occurrences), [
      '2027-03-01 19:00:00',
      '2027-03-03 19:00:00',
      '2027-03-05 19:00:00',
      '2027-03-08 19:00:00',
      '2027-03-10 19:00:00',
      '2027-03-12 19:00:00',
    ]);
  });

  describe('DST: a 19:00 class stays at 19:00 local time, its UTC time moves', () => {
    const cases: ReadonlyArray<
      readonly [
        zone: string,
        start: string,
        rule: string,
        expected: ReadonlyArray<readonly [local: string, utc: string]>,
      ]
    > = [
      [
        'America/New_York',
        '2027-03-11 19:00:00',
        'FREQ=WEEKLY;COUNT=2',
        [
          ['2027-03-11 19:00:00', '2027-03-12 00:00:00'],
          ['2027-03-18 19:00:00', '2027-03-18 23:00:00'],
        ],
      ],
      [
        'America/New_York',
        '2027-11-04 19:00:00',
        'FREQ=WEEKLY;COUNT=2',
        [
          ['2027-11-04 19:00:00', '2027-11-04 23:00:00'],
          ['2027-11-11 19:00:00', '2027-11-12 00:00:00'],
        ],
      ],
      [
        'Europe/Berlin',
        '2027-03-25 19:00:00',
        'FREQ=WEEKLY;COUNT=2',
        [
          ['2027-03-25 19:00:00', '2027-03-25 18:00:00'],
          ['2027-04-01 19:00:00', '2027-04-01 17:00:00'],
        ],
      ],
      [
        'Europe/Berlin',
        '2027-10-28 19:00:00',
        'FREQ=WEEKLY;COUNT=2',
        [
          ['2027-10-28 19:00:00', '2027-10-28 17:00:00'],
          ['2027-11-04 19:00:00', '2027-11-04 18:00:00'],
        ],
      ],
    ];
    for (const [zone, start, rule, expected] of cases) {
      test(`${zone} from ${start}`, () => {
        const expanded = expand({ rrule: rule }, timed(start, `${start.slice(0, 10)} 21:00:00`, zone));
        assert.deepEqual(
          expanded.occurrences.map((occurrence) => [occurrence.startLocal, occurrence.startUtc]),
          expected,
        );
        assert.deepEqual(
          expanded.occurrences.map((occurrence) => occurrence.endLocal.slice(11)),
          ['21:00:00', '21:00:00'],
        );
      });
    }
  });

  test('a local time in the spring-forward gap keeps its wall clock and takes the instant after the jump', () => {
    const expanded = expand({ rrule: 'FREQ=DAILY;COUNT=3' }, timed('2027-03-13 02:30:00', '2027-03-13 03:30:00'));
    assert.deepEqual(
      expanded.occurrences.map((occurrence) => [occurrence.startLocal, occurrence.startUtc]),
      [
        ['2027-03-13 02:30:00', '2027-03-13 07:30:00'],
        ['2027-03-14 02:30:00', '2027-03-14 07:30:00'],
        ['2027-03-15 02:30:00', '2027-03-15 06:30:00'],
      ],
    );
  });

  test('an all-day series yields whole local days', () => {
    const schedule: SeriesSchedule = {
      startLocal: '2027-03-06 00:00:00',
      endLocal: '2027-03-06 23:59:59',
      timezone: 'Europe/Berlin',
      allDay: true,
    };
    const expanded = expand({ rrule: 'FREQ=WEEKLY;UNTIL=20270320T120000Z', rdates: ['2027-03-10 15:00:00'] }, schedule);
    assert.deepEqual(expanded.occurrences, [
      {
        key: '2027-03-06',
        startLocal: '2027-03-06 00:00:00',
        endLocal: '2027-03-06 23:59:59',
        startUtc: '2027-03-05 23:00:00',
        endUtc: '2027-03-06 22:59:59',
      },
      {
        key: '2027-03-10',
        startLocal: '2027-03-10 00:00:00',
        endLocal: '2027-03-10 23:59:59',
        startUtc: '2027-03-09 23:00:00',
        endUtc: '2027-03-10 22:59:59',
      },
      {
        key: '2027-03-13',
        startLocal: '2027-03-13 00:00:00',
        endLocal: '2027-03-13 23:59:59',
        startUtc: '2027-03-12 23:00:00',
        endUtc: '2027-03-13 22:59:59',
      },
      {
        key: '2027-03-20',
        startLocal: '2027-03-20 00:00:00',
        endLocal: '2027-03-20 23:59:59',
        startUtc: '2027-03-19 23:00:00',
        endUtc: '2027-03-20 22:59:59',
      },
    ]);
  });

  test('a multi-day all-day series keeps its day count, across the end of a month and DST', () => {
    const schedule: SeriesSchedule = {
      startLocal: '2027-03-27 00:00:00',
      endLocal: '2027-03-29 23:59:59',
      timezone: 'Europe/Berlin',
      allDay: true,
    };
    const expanded = expand({ rrule: 'FREQ=WEEKLY;COUNT=2' }, schedule);
    assert.deepEqual(
      expanded.occurrences.map((occurrence) => [occurrence.startLocal, occurrence.endLocal, occurrence.endUtc]),
      [
        ['2027-03-27 00:00:00', '2027-03-29 23:59:59', '2027-03-29 21:59:59'],
        ['2027-04-03 00:00:00', '2027-04-05 23:59:59', '2027-04-05 21:59:59'],
      ],
    );
  });

  test('an unbounded rule is cut at the bound (exclusive) and continues', () => {
    const expanded = expand(
      { rrule: 'FREQ=WEEKLY' },
      timed('2027-03-02 19:00:00', '2027-03-02 21:00:00'),
      '2027-03-23 19:00:00',
    );
    assert.deepEqual(starts(expanded.occurrences), [
      '2027-03-02 19:00:00',
      '2027-03-09 19:00:00',
      '2027-03-16 19:00:00',
    ]);
    assert.equal(expanded.continues, true);
  });

  test('a bounded rule ending before the bound does not continue, nor one whose later dates are all excluded', () => {
    const schedule = timed('2027-03-02 19:00:00', '2027-03-02 21:00:00');
    assert.equal(expand({ rrule: 'FREQ=WEEKLY;COUNT=3' }, schedule, '2027-03-17 00:00:00').continues, false);
    assert.equal(
      expand({ rrule: 'FREQ=WEEKLY;COUNT=4', exdates: ['2027-03-23 19:00:00'] }, schedule, '2027-03-17 00:00:00')
        .continues,
      false,
    );
    assert.equal(
      expand({ rrule: 'FREQ=WEEKLY;COUNT=3', rdates: ['2027-05-01 19:00:00'] }, schedule, '2027-03-17 00:00:00')
        .continues,
      true,
    );
  });

  test('two occurrences on one date get the keys DATE and DATE#2', () => {
    const expanded = expand(
      { rrule: 'FREQ=DAILY;BYHOUR=10,14;COUNT=4' },
      timed('2027-03-02 10:00:00', '2027-03-02 12:00:00'),
    );
    assert.deepEqual(
      expanded.occurrences.map((occurrence) => [occurrence.key, occurrence.startLocal, occurrence.endLocal]),
      [
        ['2027-03-02', '2027-03-02 10:00:00', '2027-03-02 12:00:00'],
        ['2027-03-02#2', '2027-03-02 14:00:00', '2027-03-02 16:00:00'],
        ['2027-03-03', '2027-03-03 10:00:00', '2027-03-03 12:00:00'],
        ['2027-03-03#2', '2027-03-03 14:00:00', '2027-03-03 16:00:00'],
      ],
    );
  });

  describe('problems', () => {
    const schedule = timed('2027-03-02 19:00:00', '2027-03-02 21:00:00');
    const impossible = [
      'FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2',
      'FREQ=DAILY;INTERVAL=7;BYDAY=MO',
      'FREQ=YEARLY;BYWEEKNO=1;BYMONTH=6',
      'FREQ=YEARLY;BYYEARDAY=60;BYMONTHDAY=31',
    ];
    for (const rule of impossible) {
      test(`a rule yielding no date: ${rule}`, () => {
        assert.match(
          expansionProblem({ rrule: rule }, schedule),
          /yields no date (at all|within reach of the event's start: its BY parts never meet)/,
        );
      });
    }
    test('what a series costs to expand is bounded (decision 0046), for every rule shape', async () => {
      const hours = Array.from({ length: 24 }, (_, hour) => hour).join(',');
      const minutes = Array.from({ length: 60 }, (_, minute) => minute).join(',');
      const costly: ReadonlyArray<readonly [rule: unknown, expected: RegExp | null]> = [
        // Before the bound these walked every period to year 9999 (7 to 18 s for the daily ones).
        [{ rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;INTERVAL=7' }, /yields no date within reach/],
        [{ rrule: 'FREQ=YEARLY;BYMONTH=3;BYYEARDAY=1' }, /yields no date within reach/],
        [{ rrule: 'FREQ=YEARLY;BYWEEKNO=1;BYMONTH=6' }, /yields no date within reach/],
        [{ rrule: 'FREQ=YEARLY;BYYEARDAY=60;BYMONTHDAY=31' }, /yields no date within reach/],
        [{ rrule: 'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;BYMONTH=2;BYSETPOS=2' }, /yields no date/],
        [{ rrule: 'FREQ=DAILY;BYSETPOS=-1;BYMONTH=2;BYMONTHDAY=29;BYDAY=SU;INTERVAL=14' }, /yields no date/],
        // Many dates a day, most of them excluded: the dates themselves are work.
        [
          {
            rrule: `FREQ=DAILY;BYHOUR=${hours};BYMINUTE=${minutes}`,
            exdates: Array.from({ length: 400 }, (_, day) =>
              new Date(Date.UTC(2027, 2, 2 + day)).toISOString().slice(0, 10),
            ),
          },
          /costs too much to expand|more than 1000 occurrences/,
        ],
        [{ rrule: 'FREQ=WEEKLY;COUNT=100000' }, null],
        [
          {
            rrule: [
              'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=TU;INTERVAL=7',
              'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=WE;INTERVAL=7',
              'FREQ=YEARLY;BYMONTH=3;BYYEARDAY=2',
            ],
          },
          /yields no date/,
        ],
      ];
      for (const [value, expected] of costly) {
        const { result, stallMs } = await longestStallMs(async () =>
          expandSeries(recurrence(value), schedule, '2029-03-02 00:00:00', 1000),
        );
        assert.ok(stallMs <= MAX_EVENT_LOOP_STALL_MS, `${JSON.stringify(value).slice(0, 120)} took ${stallMs} ms`);
        if (expected) assert.match('problem' in result ? result.problem : 'no problem', expected);
      }
      // A far UNTIL and rare dates that do come stay accepted: the yearly form of 29 February on a Monday.
      assert.equal(
        expand(
          { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;UNTIL=99991231' },
          schedule,
          '2030-01-01 00:00:00',
        ).occurrences.length,
        1,
      );
    });
    test('more occurrences than the maximum within the bound', () => {
      assert.match(
        expansionProblem({ rrule: 'FREQ=DAILY' }, schedule, '2027-04-01 00:00:00', 10),
        /more than 10 occurrences before 2027-04-01/,
      );
      assert.match(
        expansionProblem(
          { rrule: 'FREQ=DAILY;COUNT=5', rdates: ['2027-03-20 19:00:00'] },
          schedule,
          '2027-04-01 00:00:00',
          5,
        ),
        /more than 5 occurrences/,
      );
      assert.equal(
        expand({ rrule: 'FREQ=DAILY;COUNT=10' }, schedule, '2027-04-01 00:00:00', 10).occurrences.length,
        10,
      );
    });
    test('an rdate before the start', () => {
      assert.match(
        expansionProblem({ rrule: 'FREQ=WEEKLY', rdates: ['2027-03-01 19:00:00'] }, schedule),
        /rdates holds "2027-03-01 19:00:00", which is before the event's start/,
      );
    });
    test('exdates excluding every occurrence', () => {
      assert.match(
        expansionProblem({ rrule: 'FREQ=DAILY;COUNT=2', exdates: ['2027-03-02', '2027-03-03'] }, schedule),
        /excludes every occurrence/,
      );
    });
  });
});

describe('readRecurrence', () => {
  test('null and {} remove the recurrence, as do empty lists', () => {
    assert.deepEqual(readRecurrence(null), { recurrence: null });
    assert.deepEqual(readRecurrence({}), { recurrence: null });
    assert.deepEqual(readRecurrence({ rrule: [], rdates: [], exdates: [] }), { recurrence: null });
  });

  test('normalises: no RRULE: prefix, upper case, dates sorted and deduplicated', () => {
    assert.deepEqual(
      readRecurrence({
        rrule: ' rrule:freq=weekly; byday = tu,th ',
        rdates: ['2027-07-04 19:00:00', '2027-07-01', '2027-07-04 19:00:00'],
        exdates: ['2027-03-16 19:00:00'],
      }),
      {
        recurrence: {
          rrules: ['FREQ=WEEKLY;BYDAY=TU,TH'],
          rdates: ['2027-07-01', '2027-07-04 19:00:00'],
          exdates: ['2027-03-16 19:00:00'],
        },
      },
    );
  });

  test('forgives a trailing or doubled semicolon', () => {
    assert.deepEqual(recurrence({ rrule: 'FREQ=DAILY;;COUNT=3;' }).rrules, ['FREQ=DAILY;COUNT=3']);
  });

  test('recurrenceOnWire gives one rule as a string, several as a list', () => {
    assert.deepEqual(recurrenceOnWire(recurrence({ rrule: 'FREQ=DAILY' })), {
      rrule: 'FREQ=DAILY',
      rdates: [],
      exdates: [],
    });
    assert.deepEqual(recurrenceOnWire(recurrence({ rrule: ['FREQ=DAILY', 'FREQ=WEEKLY'] })).rrule, [
      'FREQ=DAILY',
      'FREQ=WEEKLY',
    ]);
  });

  const problems: ReadonlyArray<readonly [description: string, value: unknown, pattern: RegExp]> = [
    ['not an object', 'FREQ=DAILY', /must be an object/],
    ['a list', [], /must be an object/],
    ['unknown keys', { rrule: 'FREQ=DAILY', rrules: 'FREQ=DAILY' }, /unknown key\(s\) "rrules"/],
    ['a rule that is no string', { rrule: 5 }, /rrule must be an RFC 5545 rule/],
    [
      'too many rules',
      { rrule: Array.from({ length: MAX_RULES + 1 }, (_, index) => `FREQ=DAILY;COUNT=${index + 1}`) },
      new RegExp(`at most ${MAX_RULES}`),
    ],
    ['an unknown rule part, named', { rrule: 'FREQ=WEEKLY;FOO=1' }, /unknown rule part "FOO"/],
    ['no FREQ', { rrule: 'BYDAY=MO' }, /FREQ is missing/],
    ['a bad FREQ', { rrule: 'FREQ=FORTNIGHTLY' }, /FREQ: "FORTNIGHTLY" is not one of/],
    ['a sub-daily FREQ', { rrule: 'FREQ=HOURLY' }, /FREQ: HOURLY is not supported/],
    ['a bad weekday', { rrule: 'FREQ=WEEKLY;BYDAY=XX' }, /BYDAY: "XX" is not a weekday/],
    ['a bad COUNT', { rrule: 'FREQ=WEEKLY;COUNT=abc' }, /COUNT: "ABC" is not a whole number/],
    ['INTERVAL=0', { rrule: 'FREQ=WEEKLY;INTERVAL=0' }, /INTERVAL: "0" is not a whole number/],
    ['a bad UNTIL', { rrule: 'FREQ=WEEKLY;UNTIL=20270230' }, /UNTIL: "20270230" is not a date/],
    ['an out-of-range BYMONTHDAY', { rrule: 'FREQ=MONTHLY;BYMONTHDAY=32' }, /BYMONTHDAY: 32 is out of range/],
    ['a part given twice', { rrule: 'FREQ=WEEKLY;FREQ=DAILY' }, /FREQ is given twice/],
    ['a part without value', { rrule: 'FREQ=WEEKLY;BYDAY=' }, /BYDAY has no value/],
    [
      'COUNT with UNTIL',
      { rrule: 'FREQ=WEEKLY;COUNT=3;UNTIL=20271231T000000Z' },
      /COUNT and UNTIL must not both be given/,
    ],
    [
      'an ordinal BYDAY in a weekly rule',
      { rrule: 'FREQ=WEEKLY;BYDAY=2TU' },
      /BYDAY ordinal .* needs FREQ=MONTHLY or FREQ=YEARLY/,
    ],
    ['BYSETPOS alone', { rrule: 'FREQ=MONTHLY;BYSETPOS=1' }, /BYSETPOS needs another BY part/],
    ['a DTSTART line', { rrule: 'DTSTART:20270302T190000\nRRULE:FREQ=WEEKLY' }, /DTSTART is not taken/],
    ['another iCalendar line', { rrule: 'RRULE:FREQ=WEEKLY\nEXDATE:20270309T190000' }, /one rule per string/],
    ['an overlong rule', { rrule: `FREQ=WEEKLY;BYDAY=${'MO,'.repeat(200)}MO` }, /longer than 500 characters/],
    ['an empty rule', { rrule: '  ' }, /it is empty/],
    ['rdates not a list', { rrule: 'FREQ=DAILY', rdates: '2027-07-04 19:00:00' }, /rdates must be a list/],
    [
      'an impossible rdate',
      { rrule: 'FREQ=DAILY', rdates: ['2027-02-30 19:00:00'] },
      /rdates holds "2027-02-30 19:00:00", which is not a local date/,
    ],
    [
      'an rdate in another format',
      { rrule: 'FREQ=DAILY', rdates: ['2027-07-04T19:00:00Z'] },
      /rdates holds "2027-07-04T19:00:00Z"/,
    ],
    ['a bad exdate', { rrule: 'FREQ=DAILY', exdates: [20270704] }, /exdates holds 20270704/],
    [
      'too many dates',
      { rrule: 'FREQ=DAILY', exdates: Array.from({ length: MAX_DATES + 1 }, () => '2027-07-04') },
      new RegExp(`at most ${MAX_DATES}`),
    ],
    ['exdates alone', { exdates: ['2027-07-04'] }, /exdates needs an rrule or rdates/],
    [
      'BYMONTHDAY=31 in February',
      { rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31' },
      /BYMONTHDAY=31 never falls in BYMONTH=2 \(at most 29 days\)/,
    ],
    [
      'BYMONTHDAY=30 in February',
      { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' },
      /BYMONTHDAY=30 never falls in BYMONTH=2/,
    ],
    [
      'BYMONTHDAY=-31 in April or June',
      { rrule: 'FREQ=MONTHLY;BYMONTH=4,6;BYMONTHDAY=-31' },
      /BYMONTHDAY=-31 never falls in BYMONTH=4,6 \(at most 30 days\)/,
    ],
  ];
  for (const [description, value, pattern] of problems) {
    test(`refuses ${description}`, () => assert.match(problemOf(value), pattern));
  }
});

describe('expandSeries properties', () => {
  const zones = [
    'America/New_York',
    'Europe/Berlin',
    'Australia/Sydney',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'America/St_Johns',
    'UTC',
  ];
  test('daily and weekly occurrences keep the start wall clock in any zone, and their UTC times read back as it (or a gap moved them on)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 95 }),
        fc.constantFrom(
          'FREQ=DAILY;COUNT=60',
          'FREQ=WEEKLY;COUNT=60',
          'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=60',
          'FREQ=DAILY;INTERVAL=3;COUNT=60',
        ),
        (timezone, day, quarterHours, rule) => {
          const time = `${String(Math.floor(quarterHours / 4)).padStart(2, '0')}:${String((quarterHours % 4) * 15).padStart(2, '0')}:00`;
          const startLocal = `${day.toISOString().slice(0, 10)} ${time}`;
          const expanded = expand({ rrule: rule }, timed(startLocal, startLocal, timezone), '2040-01-01 00:00:00');
          // 61 when the start is off the rule's weekdays: it is an occurrence of its own.
          assert.ok(expanded.occurrences.length === 60 || expanded.occurrences.length === 61);
          for (const occurrence of expanded.occurrences) {
            assert.equal(occurrence.startLocal.slice(11), time);
            assert.equal(occurrence.endLocal, occurrence.startLocal);
            const readBack = utcToZoned(occurrence.startUtc, timezone);
            // Only a wall clock skipped by a spring-forward gap reads back later than itself.
            assert.ok(
              readBack === occurrence.startLocal || readBack > occurrence.startLocal,
              `${occurrence.startLocal} ${timezone} → ${occurrence.startUtc} → ${readBack}`,
            );
            if (readBack !== occurrence.startLocal)
              assert.ok(readBack.slice(0, 10) === occurrence.startLocal.slice(0, 10));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('extension past the horizon (decision 0025)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const settings = { horizonDays: 730, onDemandYears: 10 };

  test('the horizon covers the default window (24 months) with three days to spare, or the configured days when more', () => {
    assert.equal(horizonEnd(now, 730).toISO(), '2028-11-27T12:00:00.000Z');
    assert.equal(horizonEnd(now, 30).toISO(), '2028-11-27T12:00:00.000Z');
    assert.equal(horizonEnd(now, 1000).toISO(), '2029-08-20T12:00:00.000Z');
  });

  test('the background coverage is two days short of the horizon, to the second, for every instant of a second and each horizon', () => {
    assert.equal(backgroundCoverage(new Date('2026-11-24T12:00:00.000Z'), 730), '2028-11-25 12:00:00');
    assert.equal(backgroundCoverage(new Date('2026-11-24T12:00:00.999Z'), 730), '2028-11-25 12:00:00');
    assert.equal(
      backgroundCoverage(new Date('2026-11-24T12:00:00.999Z'), 1000),
      '2029-08-18 12:00:00',
      'another horizon in the same second',
    );
    assert.equal(backgroundCoverage(new Date('2026-11-24T12:00:01.000Z'), 1000), '2029-08-18 12:00:01');
    assert.equal(backgroundCoverage(new Date('2026-11-24T12:00:01.000Z'), 730), '2028-11-25 12:00:01');
    assert.equal(
      backgroundCoverage(new Date('2027-01-31T23:59:59.500Z'), 730),
      '2029-02-01 23:59:59',
      '24 months and three days from the 31st of January, less two',
    );
  });

  test('a window within what the background keeps needs nothing: the default window included', () => {
    assert.equal(onDemandUntil('2027-06-30 23:59:59', now, settings), undefined);
    assert.equal(onDemandUntil('2028-11-24 23:59:59', now, settings), undefined);
  });

  test('a window past it is extended to the first of the month after its end', () => {
    assert.equal(onDemandUntil('2028-11-30 23:59:59', now, settings), '2028-12-01 00:00:00');
    assert.equal(onDemandUntil('2031-08-31 23:59:59', now, settings), '2031-09-01 00:00:00');
    assert.equal(onDemandUntil('2031-12-15 10:00:00', now, settings), '2032-01-01 00:00:00');
  });

  test('never past the first of the month the configured years ahead; 0 years: never past the horizon', () => {
    assert.equal(onDemandUntil('2036-10-31 23:59:59', now, settings), '2036-11-01 00:00:00');
    assert.equal(onDemandUntil('2037-03-31 23:59:59', now, settings), '2036-11-01 00:00:00');
    assert.equal(onDemandUntil('9999-12-31 23:59:59', now, settings), '2036-11-01 00:00:00');
    assert.equal(onDemandUntil('2031-08-31 23:59:59', now, { horizonDays: 730, onDemandYears: 0 }), undefined);
    assert.equal(
      onDemandUntil('2031-08-31 23:59:59', now, { horizonDays: 730, onDemandYears: 3 }),
      '2029-11-01 00:00:00',
    );
  });

  test('a truncating expansion gives the first dates of the union of its rules and the first one left out', () => {
    const rules = { rrule: ['FREQ=WEEKLY;BYDAY=MO', 'FREQ=WEEKLY;BYDAY=TH'] };
    const expanded = expandSeries(
      recurrence(rules),
      timed('2027-01-04 10:00:00', '2027-01-04 11:00:00'),
      '2040-01-01 00:00:00',
      5,
      'truncate',
    );
    assert.ok(!('problem' in expanded));
    assert.deepEqual(starts(expanded.occurrences), [
      '2027-01-04 10:00:00',
      '2027-01-07 10:00:00',
      '2027-01-11 10:00:00',
      '2027-01-14 10:00:00',
      '2027-01-18 10:00:00',
    ]);
    assert.equal(expanded.reachedLocal, '2027-01-21 10:00:00');
    assert.equal(expanded.continues, true);
    // Refusing, the same is a problem; within the maximum, nothing is cut.
    assert.match(
      expansionProblem(rules, timed('2027-01-04 10:00:00', '2027-01-04 11:00:00'), '2040-01-01 00:00:00', 5),
      /more than 5/,
    );
    const whole = expandSeries(
      recurrence(rules),
      timed('2027-01-04 10:00:00', '2027-01-04 11:00:00'),
      '2027-02-01 00:00:00',
      100,
      'truncate',
    );
    assert.ok(!('problem' in whole) && whole.reachedLocal === undefined && whole.occurrences.length === 8);
  });
});
