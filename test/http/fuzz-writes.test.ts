import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { Role } from '../../src/auth/roles.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { longestStallMs, MAX_EVENT_LOOP_STALL_MS } from '../fixtures/event-loop.ts';

/*
 * Write bodies with hostile recurrence (issue 36): fast-check builds RRULE strings from RFC 5545's
 * parts with values in and out of range (frequencies down to SECONDLY, contradicting BY parts,
 * BYSETPOS lists, huge COUNTs, far UNTILs, many times a day) and recurrence objects with odd
 * rdates and exdates, and sends them on create and update as an editor and as a contributor.
 * Every answer is a success or a 4xx in the error envelope, never a 5xx, and no request keeps the
 * event loop busy longer than MAX_EVENT_LOOP_STALL_MS. Seeds are fixed so a failure replays.
 */

/** Property runs per write and role; each run is one request (kept so that PostgreSQL stays well under 40 s). */
const RUNS = 40;
const ROLES: readonly Role[] = ['editor', 'contributor'];

const list = (values: fc.Arbitrary<number | string>, maxLength = 6) =>
  fc.array(values, { minLength: 1, maxLength }).map((items) => items.join(','));
const signed = (max: number) =>
  fc.oneof(fc.integer({ min: -max - 2, max: max + 2 }), fc.constantFrom(0, 1, -1, max, -max));
const weekday = fc
  .tuple(
    fc.option(fc.integer({ min: -6, max: 6 }), { nil: undefined }),
    fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU', 'XX'),
  )
  .map(([ordinal, day]) => `${ordinal ?? ''}${day}`);
const untilValue = fc.oneof(
  fc.constantFrom('99991231', '99991231T235959Z', '20270104', '20260101T000000Z', '20270230', '2027', ''),
  fc
    .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z'),
);

/** One rule part, its value in or out of RFC 5545's range. */
const part: fc.Arbitrary<string> = fc.oneof(
  fc
    .constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'HOURLY', 'MINUTELY', 'SECONDLY', 'daily', 'NEVER')
    .map((freq) => `FREQ=${freq}`),
  fc
    .oneof(fc.integer({ min: 0, max: 1001 }), fc.constantFrom(1, 2, 7, 14, 1000))
    .map((interval) => `INTERVAL=${interval}`),
  fc
    .oneof(fc.integer({ min: 0, max: 100_001 }), fc.constantFrom(1, 100_000, 99_999_999))
    .map((count) => `COUNT=${count}`),
  untilValue.map((until) => `UNTIL=${until}`),
  list(signed(31)).map((days) => `BYMONTHDAY=${days}`),
  list(fc.integer({ min: 0, max: 13 })).map((months) => `BYMONTH=${months}`),
  list(signed(366)).map((days) => `BYYEARDAY=${days}`),
  list(signed(53)).map((weeks) => `BYWEEKNO=${weeks}`),
  list(signed(366), 12).map((positions) => `BYSETPOS=${positions}`),
  list(weekday, 8).map((days) => `BYDAY=${days}`),
  fc
    .oneof(
      list(fc.integer({ min: 0, max: 24 }), 24),
      fc.constant(Array.from({ length: 24 }, (_, hour) => hour).join(',')),
    )
    .map((hours) => `BYHOUR=${hours}`),
  fc
    .oneof(
      list(fc.integer({ min: 0, max: 60 }), 60),
      fc.constant(Array.from({ length: 60 }, (_, minute) => minute).join(',')),
    )
    .map((minutes) => `BYMINUTE=${minutes}`),
  list(fc.integer({ min: 0, max: 61 }), 61).map((seconds) => `BYSECOND=${seconds}`),
  fc.constantFrom('MO', 'SU', 'XX').map((day) => `WKST=${day}`),
  fc.constantFrom('DTSTART=20270104T100000', 'X-NAME=1', '', 'FREQ'),
);

/** BY parts that never meet, or meet rarely: before decision 0046, rrule walked each to year 9999 (7 to 18 s). */
const neverMeet: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    fc.constantFrom(
      'BYMONTH=2;BYMONTHDAY=30',
      'BYMONTH=2;BYMONTHDAY=31',
      'BYMONTH=4,6;BYMONTHDAY=-31',
      'BYMONTH=2;BYMONTHDAY=29;BYDAY=TU',
      'BYWEEKNO=1;BYMONTH=6',
      'BYYEARDAY=60;BYMONTHDAY=31',
      'BYDAY=MO;BYSETPOS=2,3',
    ),
    fc.constantFrom('', ';INTERVAL=2', ';INTERVAL=7', ';UNTIL=99991231', ';COUNT=100000'),
  )
  .map(([freq, parts, end]) => `FREQ=${freq};${parts}${end}`);

/** A rule: mostly a FREQ and a few parts, sometimes BY parts that never meet, sometimes anything. */
const rule: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: neverMeet },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'), fc.array(part, { maxLength: 5 }))
      .map(([freq, parts]) => [`FREQ=${freq}`, ...parts].join(';')),
  },
  { weight: 1, arbitrary: fc.array(part, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(';')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
);

/** A local date as the wire takes it. */
const localDate: fc.Arbitrary<string> = fc.oneof(
  fc
    .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 19).replace('T', ' ')),
  fc
    .date({ min: new Date('2027-01-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
);
/** Lists of dates: mostly valid ones (so that the rules beside them are expanded), sometimes near misses or other types. */
const dates = fc.oneof(
  { weight: 6, arbitrary: fc.array(localDate, { maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.oneof(localDate, fc.constantFrom<unknown>('2027-02-30', '2027-01-04T10:00:00Z', '', 20270104, null, {})),
      { maxLength: 10 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constant(
      Array.from({ length: 1000 }, (_, day) => new Date(Date.UTC(2027, 0, 4 + day)).toISOString().slice(0, 10)),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('2027-01-05', null, 5) },
);

/** The wire's `recurrence`: an object of rules and dates, mostly, or a value of another type. */
const recurrence: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      { rrule: fc.oneof(rule, fc.array(rule, { maxLength: 11 })), rdates: dates, exdates: dates },
      { requiredKeys: ['rrule'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ rdates: dates, exdates: dates }) },
  { weight: 1, arbitrary: fc.constantFrom(null, {}, [], 'FREQ=DAILY', 7, { rrule: null }, { rrules: 'FREQ=DAILY' }) },
);

const body = fc.record({
  recurrence,
  start_date: fc.constantFrom('2027-01-04 10:00', '2027-02-28 23:30', '2030-06-30 19:00', '2026-11-24 12:00'),
  all_day: fc.boolean(),
});

describe(`hostile recurrence in write bodies (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  /**
   * Sends a write and checks its answer and the event loop meanwhile. A stall may be the machine (a
   * garbage collection, another process, code compiled on its first use): a real one stalls again,
   * so a slow write is measured once more, after `reset` puts back what it changed.
   */
  async function sendAndCheck(
    what: string,
    send: () => ReturnType<TestApp['request']>,
    reset?: () => Promise<unknown>,
  ): Promise<void> {
    let { result: response, stallMs } = await longestStallMs(send);
    if (stallMs > MAX_EVENT_LOOP_STALL_MS && response.statusCode < 500) {
      await reset?.();
      ({ result: response, stallMs } = await longestStallMs(send));
    }
    assert.ok(response.statusCode < 500, `${what}: ${response.statusCode} ${response.body}`);
    if (response.statusCode >= 400) {
      const error = response.json<{ code?: unknown; message?: unknown; data?: { status?: unknown } }>();
      assert.ok(
        typeof error.code === 'string' &&
          typeof error.message === 'string' &&
          error.data?.status === response.statusCode,
        `${what}: not the error envelope: ${response.body}`,
      );
    }
    assert.ok(stallMs <= MAX_EVENT_LOOP_STALL_MS, `${what}: the event loop stalled ${stallMs} ms`);
  }

  for (const [index, role] of ROLES.entries()) {
    test(`create as ${role}`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (fields) => {
          const sent = { title: 'Fuzzed', end_date: fields.start_date.replace(/ \d\d:/, ' 23:'), ...fields };
          await sendAndCheck(`create ${JSON.stringify(sent).slice(0, 400)}`, () =>
            t.request(role, 'POST', 'events', sent),
          );
        }),
        { seed: 3601 + index, numRuns: RUNS, includeErrorInReport: true },
      );
    });

    test(`update as ${role}`, async () => {
      const created = await t.request(role, 'POST', 'events', {
        title: 'To update',
        start_date: '2027-01-04 10:00',
        end_date: '2027-01-04 11:00',
      });
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json<{ id: number }>().id;
      await fc.assert(
        fc.asyncProperty(fc.record({ recurrence }), async (fields) => {
          await sendAndCheck(
            `update ${JSON.stringify(fields).slice(0, 400)}`,
            () => t.request(role, 'POST', `events/${id}`, fields),
            () => t.request(role, 'POST', `events/${id}`, { recurrence: null }),
          );
        }),
        { seed: 3611 + index, numRuns: RUNS, includeErrorInReport: true },
      );
    });
  }
});
