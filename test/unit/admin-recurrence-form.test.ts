import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  previewDates,
  ruleOf,
  rulePartsOf,
  weekdayOf,
  type RuleParts,
} from '../../src/admin/editor/recurrence-rule.ts';

/*
 * The admin's recurrence form (decision 0055): parts ⇄ RRULE text, and the preview, which is the
 * server's own expansion. Pure: no DOM.
 */

const form = (parts: Partial<RuleParts>, startDay = '2026-12-08') => ({
  ...rulePartsOf(undefined, startDay),
  ...parts,
  startDay,
  startTime: '19:00',
  endDay: startDay,
  endTime: '20:00',
  allDay: false,
  timezone: 'America/New_York',
  exdates: '',
  rdates: '',
});

describe('admin recurrence form', () => {
  test('the weekday of a day and which of its month it is (a fifth one is "last")', () => {
    assert.deepEqual(weekdayOf('2026-12-08'), { code: 'TU', nth: 2 });
    assert.deepEqual(weekdayOf('2026-12-29'), { code: 'TU', nth: -1 });
  });

  test('parts become the rule text', () => {
    assert.equal(ruleOf(form({ repeat: 'none' })), null);
    assert.equal(
      ruleOf(form({ repeat: 'WEEKLY', byDay: ['TH', 'TU'], ends: 'count', count: 6 })),
      'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6',
    );
    assert.equal(ruleOf(form({ repeat: 'MONTHLY', monthlyBy: 'weekday' })), 'FREQ=MONTHLY;BYDAY=2TU');
    assert.equal(ruleOf(form({ repeat: 'MONTHLY', monthlyBy: 'date', interval: 2 })), 'FREQ=MONTHLY;INTERVAL=2');
    assert.equal(
      ruleOf(form({ repeat: 'YEARLY', ends: 'until', until: '2030-12-08' })),
      'FREQ=YEARLY;UNTIL=20301208T235959Z',
    );
  });

  test('rule text the form can show comes back as the same parts; other rules are kept as text', () => {
    for (const rule of [
      'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6',
      'FREQ=MONTHLY;BYDAY=2TU',
      'FREQ=DAILY;INTERVAL=3;UNTIL=20270101T235959Z',
      'FREQ=YEARLY',
    ]) {
      assert.equal(ruleOf({ ...rulePartsOf(rule, '2026-12-08'), startDay: '2026-12-08' }), rule);
    }
    const custom = rulePartsOf('FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', '2026-12-08');
    assert.equal(custom.repeat, 'custom');
    assert.equal(ruleOf({ ...custom, startDay: '2026-12-08' }), 'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
  });

  test("the preview is the API's expansion: the start first, excluded dates out, extra dates in, refusals as the API words them", () => {
    const weekly = form({ repeat: 'WEEKLY', byDay: ['TH'], ends: 'count', count: 4 }, '2026-12-01');
    // A Tuesday start off a Thursdays-only rule is a date of its own, besides the rule's four (as the API stores it).
    assert.deepEqual(previewDates(weekly), {
      starts: [
        '2026-12-01 19:00:00',
        '2026-12-03 19:00:00',
        '2026-12-10 19:00:00',
        '2026-12-17 19:00:00',
        '2026-12-24 19:00:00',
      ],
    });
    assert.deepEqual(previewDates({ ...weekly, exdates: '2026-12-10', rdates: '2026-12-05' }), {
      starts: [
        '2026-12-01 19:00:00',
        '2026-12-03 19:00:00',
        '2026-12-05 19:00:00',
        '2026-12-17 19:00:00',
        '2026-12-24 19:00:00',
      ],
    });
    const never = previewDates(form({ repeat: 'custom', customRule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }));
    assert.ok('problem' in never && /never falls in BYMONTH=2/.test(never.problem), JSON.stringify(never));
  });
});
