import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eventCost, eventSchedule, needsSlug } from '../../src/modules/events/event-fields.ts';
import { modifiedAt, newPostRow, writtenStatus } from '../../src/modules/posts/post-rows.ts';

/* The row builders the API and the seed share: rules that need no database. */

const NOW = new Date('2026-11-24T12:00:00Z');

describe('event row builders', () => {
  test('a schedule keeps wall-clock times in the event zone and derives UTC and the abbreviation across DST', () => {
    const winter = eventSchedule(
      { start_date: '2027-01-12 19:00:00', end_date: '2027-01-12 21:00:00', timezone: 'America/New_York' },
      undefined,
      'UTC',
      NOW,
    );
    const summer = eventSchedule(
      { start_date: '2027-07-13 19:00:00', end_date: '2027-07-13 21:00:00', timezone: 'America/New_York' },
      undefined,
      'UTC',
      NOW,
    );
    assert.deepEqual(
      [winter.start_local, winter.start_utc, winter.timezone_abbr],
      ['2027-01-12 19:00:00', '2027-01-13 00:00:00', 'EST'],
    );
    assert.deepEqual(
      [summer.start_local, summer.start_utc, summer.timezone_abbr],
      ['2027-07-13 19:00:00', '2027-07-13 23:00:00', 'EDT'],
    );
  });

  test('all-day events cover whole local days; an update keeps what it does not name', () => {
    const allDay = eventSchedule(
      { start_date: '2027-03-01 10:00:00', end_date: '2027-03-02 09:00:00', all_day: true, timezone: 'Europe/Paris' },
      undefined,
      'UTC',
      NOW,
    );
    assert.deepEqual(
      [allDay.start_local, allDay.end_local, allDay.all_day],
      ['2027-03-01 00:00:00', '2027-03-02 23:59:59', 1],
    );
    const moved = eventSchedule({ end_date: '2027-03-03 12:00:00' }, allDay, 'UTC', NOW);
    assert.deepEqual(
      [moved.start_local, moved.end_local, moved.timezone],
      ['2027-03-01 00:00:00', '2027-03-03 23:59:59', 'Europe/Paris'],
    );
  });

  test('an end before the start is refused', () => {
    assert.throws(
      () =>
        eventSchedule({ start_date: '2027-03-02 10:00:00', end_date: '2027-03-01 10:00:00' }, undefined, 'UTC', NOW),
      { code: 'rest_invalid_param' },
    );
  });

  test('a missing zone is the site zone; relative dates read from the clock given', () => {
    const schedule = eventSchedule({ start_date: 'tomorrow', end_date: '+2 days' }, undefined, 'Asia/Tokyo', NOW);
    assert.deepEqual([schedule.timezone, schedule.start_local], ['Asia/Tokyo', '2026-11-25 00:00:00']);
  });

  test('a date with an offset or Z is an instant converted into the event zone; offset-free dates and timestamps keep their wall clock', () => {
    const zulu = eventSchedule(
      { start_date: '2027-03-01T10:00:00Z', end_date: '2027-03-01T12:00:00+01:00', timezone: 'America/New_York' },
      undefined,
      'UTC',
      NOW,
    );
    assert.deepEqual(
      [zulu.start_local, zulu.start_utc, zulu.end_local, zulu.end_utc],
      ['2027-03-01 05:00:00', '2027-03-01 10:00:00', '2027-03-01 06:00:00', '2027-03-01 11:00:00'],
    );
    const naive = eventSchedule(
      { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01T10:00:00', timezone: 'America/New_York' },
      undefined,
      'UTC',
      NOW,
    );
    assert.deepEqual([naive.start_local, naive.end_local], ['2027-03-01 10:00:00', '2027-03-01 10:00:00']);
    const stamp = eventSchedule(
      { start_date: 1797000000, end_date: '2030-01-01', timezone: 'America/New_York' },
      undefined,
      'UTC',
      NOW,
    );
    assert.equal(stamp.start_local, '2026-12-11 14:40:00');
    // Converted first, then widened to whole local days: 02:00 UTC on March 2 is March 1 in New York.
    const allDay = eventSchedule(
      {
        start_date: '2027-03-02T02:00:00Z',
        end_date: '2027-03-02T02:00:00Z',
        all_day: true,
        timezone: 'America/New_York',
      },
      undefined,
      'UTC',
      NOW,
    );
    assert.deepEqual([allDay.start_local, allDay.end_local], ['2027-03-01 00:00:00', '2027-03-01 23:59:59']);
  });

  test('a cost given as a list of amounts is stored as their range', () => {
    assert.equal(eventCost([10, 25]).cost, '10 - 25');
    assert.equal(eventCost(['15', '5', '10']).cost, '5 - 15');
    assert.equal(eventCost(['€5', '€15']).cost_values, '["5","15"]');
    assert.equal(eventCost([7, '7']).cost, '7');
    assert.equal(eventCost([]).cost, '');
  });

  test('the cost is stored as given with its currency and values parsed out', () => {
    assert.deepEqual(eventCost(' €15 '), {
      cost: '€15',
      currency_symbol: '€',
      currency_position: 'prefix',
      currency_code: '',
      cost_values: '["15"]',
    });
    assert.deepEqual(eventCost(''), {
      cost: '',
      currency_symbol: '',
      currency_position: '',
      currency_code: '',
      cost_values: '[]',
    });
  });

  test('drafts and pending events keep an empty slug; published, scheduled and private ones get one', () => {
    assert.deepEqual(['publish', 'future', 'private', 'draft', 'pending'].map(needsSlug), [
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('post row builders', () => {
  test('the written status is scaled back for those who may not publish and scheduled in the future', () => {
    const now = '2026-11-24 12:00:00';
    assert.equal(writtenStatus(undefined, true, now, now), 'publish');
    assert.equal(writtenStatus('publish', true, '2027-01-01 00:00:00', now), 'future');
    assert.equal(writtenStatus('publish', false, now, now), 'pending');
    assert.equal(writtenStatus(undefined, false, now, now), 'draft');
    assert.equal(writtenStatus('private', false, now, now), 'pending');
  });

  test('a new post row carries its publication and modification dates in UTC and in the site zone', () => {
    const row = newPostRow(
      {
        type: 'event',
        author_id: 1,
        status: 'publish',
        title: 'T',
        content: '',
        excerpt: '',
        password: '',
        parent_id: 0,
        menu_order: 0,
        image_id: null,
        language: 'en',
      },
      '2027-07-01 16:00:00',
      '2026-11-24 12:00:00',
      'America/New_York',
    );
    assert.deepEqual(
      [row.slug, row.date_local, row.date_utc, row.modified_local, row.modified_utc, row.global_id_lineage],
      ['', '2027-07-01 12:00:00', '2027-07-01 16:00:00', '2026-11-24 07:00:00', '2026-11-24 12:00:00', null],
    );
    assert.deepEqual(modifiedAt('2026-11-24 12:00:00', 'Europe/Paris'), {
      modified_local: '2026-11-24 13:00:00',
      modified_utc: '2026-11-24 12:00:00',
    });
  });
});
