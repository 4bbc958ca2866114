import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BackgroundTask } from '../../src/background-task.ts';
import { Metrics } from '../../src/metrics.ts';
import type { Storage } from '../../src/storage/types.ts';
import { until } from '../fixtures/wait.ts';

/*
 * Background task runs in the metrics (decision 0044): every run is reported with its outcome, and
 * the metrics show them by task. (Requests, the read cache and the write lock: test/http/metrics.test.ts.)
 */

const metricsOver = () =>
  new Metrics({
    storage: { driver: { kind: 'sqlite' } as Storage['driver'], writeUnitBeginWaits: () => ({ count: 0, seconds: 0 }) },
    webhookDeliveries: async () => ({ pending: 0, failed: 0 }),
    mailOutbox: async () => ({ pending: 0, sent: 0, failed: 0, off: 0 }),
  });

test('a background task reports each run, succeeded or failed, and the metrics count them by task and outcome', async () => {
  const metrics = metricsOver();
  const outcomes: string[] = [];
  const errors: unknown[] = [];
  const observe = metrics.taskRuns('prune_journal');
  const report = (outcome: 'ok' | 'failed', seconds: number) => {
    outcomes.push(outcome);
    observe(outcome, seconds);
  };
  let fail = false;
  const task = new BackgroundTask(async () => {
    if (fail) throw new Error('the database went away');
  });
  task.start(60_000, (error) => errors.push(error), report);
  await until('the first run', () => outcomes.length === 1);
  await task.stop();
  fail = true;
  task.start(60_000, (error) => errors.push(error), report);
  await until('the failed run', () => outcomes.length === 2);
  await task.stop();
  assert.deepEqual(outcomes, ['ok', 'failed']);
  assert.equal(errors.length, 1, 'the failure still reaches onError');
  const text = await metrics.registry.metrics();
  assert.match(text, /^calendar_background_task_run_seconds_count\{task="prune_journal",outcome="ok"\} 1$/m);
  assert.match(text, /^calendar_background_task_run_seconds_count\{task="prune_journal",outcome="failed"\} 1$/m);
});
