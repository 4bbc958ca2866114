import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { leastStallMs, longestStallMs } from '../fixtures/event-loop.ts';

/*
 * The stall measure the rule-cost, big-work and fuzz tests rely on: it must see work that keeps the
 * loop busy, and not count time the process spent without computing (descheduled on a busy
 * machine, or waiting), which a wall-clock measure counts.
 */

/** Keeps the loop busy until the process has spent `ms` of CPU time (not wall time: the machine may be busy). */
function computeFor(ms: number): void {
  const from = process.cpuUsage();
  for (;;) {
    const spent = process.cpuUsage(from);
    if ((spent.user + spent.system) / 1000 >= ms) return;
  }
}

describe('longestStallMs', () => {
  test('sees a synchronous computation, wherever in the work it runs', async () => {
    const { stallMs } = await longestStallMs(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      computeFor(300);
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    assert.ok(stallMs >= 250 && stallMs <= 400, `read ${stallMs} ms`);
  });

  test('counts the longest stall, not their sum', async () => {
    const { stallMs } = await longestStallMs(async () => {
      for (let index = 0; index < 4; index++) {
        computeFor(60);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    });
    assert.ok(stallMs >= 40 && stallMs <= 150, `read ${stallMs} ms`);
  });

  test('does not count a blocked loop that spends no CPU, as a descheduled process does', async () => {
    const { stallMs } = await longestStallMs(async () => {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    });
    assert.ok(stallMs < 100, `read ${stallMs} ms`);
  });

  test('a blocked stretch without CPU is not counted even when the work computes elsewhere', async () => {
    // A cap by the whole work's CPU time would read about 240 ms here (the 300 ms blocked stretch,
    // capped by four 60 ms computations); each stretch is worth only its own CPU time.
    const { stallMs } = await longestStallMs(async () => {
      for (let index = 0; index < 4; index++) {
        computeFor(60);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    });
    assert.ok(stallMs >= 40 && stallMs <= 150, `read ${stallMs} ms`);
  });

  test("counts the main thread's CPU only: another thread computing while the loop waits is no stall", async () => {
    // The process's CPU time, which counts every thread, would read about 290 ms here.
    const started = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
       Atomics.store(workerData, 0, 1); Atomics.notify(workerData, 0);
       const until = Date.now() + 400; while (Date.now() < until);`,
      { eval: true, workerData: started },
    );
    try {
      Atomics.wait(started, 0, 0, 5_000);
      const { stallMs } = await longestStallMs(async () => {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      });
      assert.ok(stallMs < 100, `read ${stallMs} ms`);
    } finally {
      await worker.terminate();
    }
  });
});

describe('leastStallMs', () => {
  test('a stall of one run only, as the machine causes, is not counted', async () => {
    let run = 0;
    const { result, stallMs } = await leastStallMs(async () => {
      if (run === 0) computeFor(300);
      return run++;
    });
    assert.equal(result, 0, "the first run's result");
    assert.ok(stallMs < 100, `read ${stallMs} ms`);
  });

  test('a stall of every run, as the work causes, is', async () => {
    const { stallMs } = await leastStallMs(async () => computeFor(300));
    assert.ok(stallMs >= 250 && stallMs <= 400, `read ${stallMs} ms`);
  });
});
