import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Caller } from '../../src/auth/roles.ts';
import { PostRecords } from '../../src/modules/posts/post-records.ts';

/*
 * The archives' `status` validators (events, venues, organizers) ask PostRecords whether the
 * filter is refused: only the refusal is an invalid parameter; any other failure propagates
 * rather than being reported as a bad `status`.
 */

// The status scope reads only the record type's facts.
const records = new PostRecords({ type: 'event', capability: 'tribe_event' }, {} as never, {} as never, {} as never);
const administrator: Caller = { id: 1, login: 'admin', role: 'administrator' };

describe('PostRecords.refusesStatuses', () => {
  test('refuses what the caller may not list, accepts what it may', () => {
    assert.equal(records.refusesStatuses(['draft'], null), true);
    assert.equal(records.refusesStatuses([], administrator), true);
    assert.equal(records.refusesStatuses(['publish'], null), false);
    assert.equal(records.refusesStatuses(['draft', 'private'], administrator), false);
    assert.equal(records.refusesStatuses(undefined, null), false);
  });

  test('an unexpected failure is not swallowed as an invalid status', () => {
    // A caller whose role is in no table: the capability lookup itself fails.
    const broken = { id: 2, login: 'ghost', role: 'no-such-role' } as unknown as Caller;
    assert.throws(() => records.refusesStatuses(['draft'], broken), TypeError);
  });
});
