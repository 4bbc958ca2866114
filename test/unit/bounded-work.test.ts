import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BoundedWork } from '../../src/bounded-work.ts';
import { Deadline, TimedOut } from '../../src/deadline.ts';
import { until } from '../fixtures/wait.ts';

/*
 * The turns that image decoding runs in (decision 0090): at most `concurrency` at once, the rest
 * waiting in order, a bounded number of them; a waiting caller leaves at its deadline.
 */

class Full extends Error {
  constructor(readonly retryAfter: number) {
    super('full');
  }
}

/** Work that runs until the test ends it, recording that it started. */
function held(started: string[], name: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return { work: async () => (started.push(name), await ended, name), end };
}

test('at most `concurrency` run at once; the others run in the order they came', async () => {
  const turns = new BoundedWork(2, 10, (seconds) => new Full(seconds));
  const started: string[] = [];
  const works = ['a', 'b', 'c', 'd'].map((name) => held(started, name));
  const results = works.map(({ work }) => turns.run(work));
  await until('two running', () => started.length === 2);
  assert.deepEqual(turns.load, { running: 2, waiting: 2 });
  works[1]!.end();
  await until('the third started', () => started.length === 3);
  assert.deepEqual(started, ['a', 'b', 'c']);
  for (const { end } of works) end();
  assert.deepEqual(await Promise.all(results), ['a', 'b', 'c', 'd']);
  assert.deepEqual(turns.load, { running: 0, waiting: 0 });
});

test('past the waiting places, `full` at once with a Retry-After from the runs measured; a caller may be given fewer places', async () => {
  const turns = new BoundedWork(1, 2, (seconds) => new Full(seconds));
  const started: string[] = [];
  const first = held(started, 'first');
  const running = turns.run(first.work);
  const second = held(started, 'second');
  const waiting = turns.run(second.work);
  await assert.rejects(
    turns.run(async () => 'visitor', { maxWaiting: 1 }),
    (error: unknown) => error instanceof Full && error.retryAfter >= 1,
  );
  const last = turns.run(async () => 'last');
  await assert.rejects(
    turns.run(async () => 'refused'),
    (error: unknown) => error instanceof Full && error.retryAfter >= 1 && error.retryAfter <= 60,
  );
  assert.deepEqual(turns.load, { running: 1, waiting: 2 });
  first.end();
  await until('the second started', () => started.length === 2);
  second.end();
  assert.deepEqual([await running, await waiting, await last], ['first', 'second', 'last']);
});

test('a caller still waiting at its deadline gets TimedOut, never runs, and frees its place', async () => {
  const turns = new BoundedWork(1, 1, (seconds) => new Full(seconds));
  const started: string[] = [];
  const blocker = held(started, 'blocker');
  const running = turns.run(blocker.work);
  let ran = false;
  const late = turns.run(async () => (ran = true), { deadline: new Deadline(30) });
  await assert.rejects(late, TimedOut);
  assert.deepEqual(turns.load, { running: 1, waiting: 0 });
  // Its place is free again, and the next caller runs once the blocker ends.
  const next = turns.run(async () => 'next');
  blocker.end();
  assert.deepEqual([await running, await next], ['blocker', 'next']);
  assert.equal(ran, false);
  // A deadline already past refuses at once.
  const past = new Deadline(0);
  await until('the deadline passed', () => past.expired);
  await assert.rejects(
    turns.run(async () => 'never', { deadline: past }),
    TimedOut,
  );
  assert.deepEqual(turns.load, { running: 0, waiting: 0 });
});

test('places held for work yet to come: `concurrency + maxWaiting` of them (fewer for a lower `maxWaiting`), each given back once', () => {
  const turns = new BoundedWork(1, 2, (seconds) => new Full(seconds));
  const places = [turns.reserve(), turns.reserve(), turns.reserve()];
  assert.throws(() => turns.reserve(), Full);
  places[0]!();
  places[0]!();
  const again = turns.reserve();
  assert.throws(() => turns.reserve(), Full, 'a place given back twice counts once');
  places[1]!();
  assert.throws(() => turns.reserve(1), Full, 'a caller with one waiting place finds both of its places taken');
  again();
  turns.reserve(1);
});
