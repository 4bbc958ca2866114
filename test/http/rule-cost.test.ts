import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { longestStallMs, MAX_EVENT_LOOP_STALL_MS } from '../fixtures/event-loop.ts';

/*
 * What a recurrence rule may cost (issue 36, decision 0046): rules that yield nothing, or whose
 * dates are rare, dense or many, sent by a contributor on create and update and by an editor in an
 * iCalendar import, are answered quickly, a 400 for those refused, and none keeps the event loop
 * busy longer than MAX_EVENT_LOOP_STALL_MS. Before the bound, the first three took 7 to 16 s each,
 * with every other request of the server waiting.
 */

const HOURS = Array.from({ length: 24 }, (_, hour) => hour).join(',');
const MINUTES = Array.from({ length: 60 }, (_, minute) => minute).join(',');
const DAYS_EXCLUDED = Array.from({ length: 700 }, (_, day) =>
  new Date(Date.UTC(2027, 0, 4 + day)).toISOString().slice(0, 10),
);

/** Hostile rules: `refused` when they must be answered 400 `rest_invalid_param`. */
const RULES: ReadonlyArray<{ readonly recurrence: Record<string, unknown>; readonly refused: boolean }> = [
  { recurrence: { rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31' }, refused: true },
  { recurrence: { rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' }, refused: true },
  { recurrence: { rrule: 'FREQ=DAILY;INTERVAL=2;BYMONTH=2;BYMONTHDAY=30' }, refused: true },
  { recurrence: { rrule: 'FREQ=DAILY;INTERVAL=7;BYMONTH=2;BYMONTHDAY=29;BYDAY=TU' }, refused: true },
  { recurrence: { rrule: 'FREQ=SECONDLY' }, refused: true },
  { recurrence: { rrule: 'FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30' }, refused: true },
  { recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2,3,4,5' }, refused: true },
  { recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;BYMONTH=2;BYSETPOS=-2' }, refused: false },
  { recurrence: { rrule: 'FREQ=YEARLY;BYWEEKNO=1;BYMONTH=6' }, refused: true },
  { recurrence: { rrule: 'FREQ=YEARLY;BYWEEKNO=-1;BYMONTH=1,2,3' }, refused: false },
  { recurrence: { rrule: 'FREQ=YEARLY;BYYEARDAY=60;BYMONTHDAY=31' }, refused: true },
  { recurrence: { rrule: 'FREQ=YEARLY;BYYEARDAY=-1;BYMONTH=6' }, refused: true },
  { recurrence: { rrule: `FREQ=DAILY;BYHOUR=${HOURS};BYMINUTE=${MINUTES}`, exdates: DAYS_EXCLUDED }, refused: true },
  {
    recurrence: { rrule: `FREQ=YEARLY;BYHOUR=${HOURS};BYMINUTE=${MINUTES};BYSETPOS=-1,-2,-3,-4,-5,-6,-7,-8,-9,-10` },
    refused: false,
  },
  {
    recurrence: {
      rrule: [
        'FREQ=YEARLY;BYWEEKNO=2;BYMONTH=7',
        'FREQ=YEARLY;BYWEEKNO=3;BYMONTH=8',
        'FREQ=YEARLY;BYWEEKNO=4;BYMONTH=9',
        'FREQ=YEARLY;BYWEEKNO=5;BYMONTH=10',
      ],
    },
    refused: true,
  },
  // A huge COUNT and a far UNTIL cost the dates within the horizon only. (Weekly: what is measured
  // here is the rule's walk; a daily series' 730 rows are work of their own.)
  { recurrence: { rrule: 'FREQ=WEEKLY;COUNT=100000' }, refused: false },
  { recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=99991231T235959Z' }, refused: false },
  { recurrence: { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;UNTIL=99991231' }, refused: false },
];

const START = { start_date: '2027-01-04 10:00', end_date: '2027-01-04 11:00' };

/** A request, the longest event-loop stall while it ran checked against the bound. */
async function bounded(what: string, send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const { result, stallMs } = await longestStallMs(send);
  assert.ok(stallMs <= MAX_EVENT_LOOP_STALL_MS, `${what}: the event loop stalled ${stallMs} ms`);
  return result;
}

function assertAnswered(response: LightMyRequestResponse, refused: boolean): void {
  if (!refused) return assert.ok(response.statusCode === 200 || response.statusCode === 201, response.body);
  assert.equal(response.statusCode, 400, response.body);
  assert.equal(response.json().code, 'rest_invalid_param', response.body);
  assert.match(String(response.json().data.params.recurrence), /recurrence/, response.body);
}

describe(`what a recurrence rule may cost (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('the rules of issue 36 are answered 400 with the reason, quickly', async () => {
    const response = await bounded('BYMONTHDAY=31 in February', () =>
      t.request('contributor', 'POST', 'events', {
        title: 'R',
        ...START,
        recurrence: { rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31' },
      }),
    );
    assertAnswered(response, true);
    assert.match(response.json().data.params.recurrence, /BYMONTHDAY=31 never falls in BYMONTH=2/);
    const rare = await bounded('rare dates', () =>
      t.request('contributor', 'POST', 'events', { title: 'R', ...START, recurrence: RULES[3]!.recurrence }),
    );
    assertAnswered(rare, true);
    assert.match(rare.json().data.params.recurrence, /yields no date within reach of the event's start/);
  });

  test('a contributor creating a series with each hostile rule', async () => {
    for (const { recurrence, refused } of RULES) {
      const response = await bounded(`create ${JSON.stringify(recurrence.rrule)}`, () =>
        t.request('contributor', 'POST', 'events', { title: 'R', ...START, recurrence }),
      );
      assertAnswered(response, refused);
    }
  });

  test('a contributor updating an event with each hostile rule', async () => {
    const created = await t.request('contributor', 'POST', 'events', { title: 'Single', ...START });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json<{ id: number }>().id;
    for (const { recurrence, refused } of RULES) {
      const response = await bounded(`update ${JSON.stringify(recurrence.rrule)}`, () =>
        t.request('contributor', 'POST', `events/${id}`, { recurrence }),
      );
      assertAnswered(response, refused);
      // Back to a single event, so that each rule is tried on one.
      if (!refused)
        assert.equal((await t.request('contributor', 'POST', `events/${id}`, { recurrence: null })).statusCode, 200);
    }
  });

  test('an editor importing a calendar with each hostile rule: a refused one refuses the document, naming it', async () => {
    for (const [index, { recurrence, refused }] of RULES.entries()) {
      const rrules = Array.isArray(recurrence.rrule) ? recurrence.rrule : [recurrence.rrule];
      const document = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//Rule cost//EN',
        'BEGIN:VEVENT',
        `UID:rule-${index}@example.test`,
        'DTSTAMP:20261124T000000Z',
        'DTSTART:20270104T100000Z',
        'DTEND:20270104T110000Z',
        `SUMMARY:Rule ${index}`,
        ...rrules.map((rule) => `RRULE:${String(rule)}`),
        ...(Array.isArray(recurrence.exdates)
          ? [`EXDATE;VALUE=DATE:${recurrence.exdates.map((date) => String(date).replaceAll('-', '')).join(',')}`]
          : []),
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n');
      const response = await bounded(`import ${JSON.stringify(recurrence.rrule)}`, () =>
        t.request('editor', 'POST', 'events/import', document, { 'content-type': 'text/calendar; charset=utf-8' }),
      );
      assert.equal(response.statusCode, refused ? 400 : 200, response.body);
      if (refused)
        assert.match(
          response.json().message,
          new RegExp(`UID "rule-${index}@example.test" cannot be imported: recurrence`),
          response.body,
        );
    }
  });
});
