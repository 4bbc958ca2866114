import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Deadline, TimedOut } from '../../src/deadline.ts';

/** Blocks the event loop, as a synchronous SQLite statement does. */
function busyWait(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until);
}

describe('Deadline', () => {
  test('work that finishes in time settles the race with its value', async () => {
    assert.equal(await new Deadline(200).race(sleep(20).then(() => 'done')), 'done');
  });

  test('work that overruns: the race rejects with TimedOut at the deadline, and the unit may no longer commit', async () => {
    const deadline = new Deadline(50);
    const started = performance.now();
    await assert.rejects(deadline.race(sleep(400)), TimedOut);
    assert.ok(performance.now() - started < 300);
    assert.throws(() => deadline.claimCommit(), TimedOut);
  });

  test('a commit claimed before the deadline wins: the race waits for the work, however long', async () => {
    const deadline = new Deadline(50);
    const work = (async () => {
      deadline.claimCommit();
      await sleep(150);
      return 'committed';
    })();
    assert.equal(await deadline.race(work), 'committed');
    assert.equal(deadline.expired, false);
  });

  test('the event loop held past the deadline: expiry is read from the clock, before any timer has run', () => {
    const deadline = new Deadline(30);
    busyWait(60);
    assert.equal(deadline.expired, true);
    assert.throws(() => deadline.claimCommit(), TimedOut);
  });

  test('work failing after the deadline is observed: no unhandled rejection', async () => {
    const deadline = new Deadline(20);
    await assert.rejects(deadline.race(sleep(60).then(() => Promise.reject(new Error('late failure')))), TimedOut);
    await sleep(80);
  });
});
