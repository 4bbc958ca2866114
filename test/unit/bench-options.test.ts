import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBenchArgs } from '../../bench/options.ts';

// The bench's command line is read as a value: a refusal is returned, and only bench/run.ts exits.

test('the defaults: 100k events on SQLite, every scenario, 10 s after 2 s of warm-up, 10 connections', () => {
  assert.deepEqual(parseBenchArgs([], {}), {
    options: {
      sizes: [100_000],
      dialect: 'sqlite',
      duration: 10,
      connections: 10,
      warmup: 2,
      scenarios: undefined,
      seriesCount: 0,
      computed: false,
      withoutRecordCache: false,
    },
  });
});

test('sizes, scenarios, series, the read cache off and the record cache twins, from the flags and the environment', () => {
  const parsed = parseBenchArgs(
    [
      '--events',
      '1k,1m',
      '--db',
      'postgres',
      '--scenarios',
      'list-10,mixed',
      '--recurring',
      '500',
      '--warmup',
      '0',
      '--without-record-cache',
    ],
    { CALENDAR_READ_CACHE_MB: '0' },
  );
  assert.deepEqual(parsed, {
    options: {
      sizes: [1000, 1_000_000],
      dialect: 'postgres',
      duration: 10,
      connections: 10,
      warmup: 0,
      scenarios: ['list-10', 'mixed'],
      seriesCount: 500,
      computed: true,
      withoutRecordCache: true,
    },
  });
});

test('--help asks for the usage', () => {
  assert.deepEqual(parseBenchArgs(['--help'], {}), { help: true });
});

test('a wrong command line is refused with the reason, not an exit', () => {
  assert.deepEqual(parseBenchArgs(['--events', '1x'], {}), {
    error: '--events: not a count: "1x" (use 10k, 100k, 1m...)',
  });
  assert.deepEqual(parseBenchArgs(['--db', 'mysql'], {}), { error: '--db must be sqlite or postgres, got "mysql"' });
  assert.deepEqual(parseBenchArgs(['--duration', '0'], {}), {
    error: '--duration must be a positive integer, got "0"',
  });
  assert.deepEqual(parseBenchArgs(['--events', '1k', '--recurring', '2k'], {}), {
    error: '--recurring 2k is more than the events of a size',
  });
  assert.match((parseBenchArgs(['--nope'], {}) as { error: string }).error, /Unknown option '--nope'/);
});
