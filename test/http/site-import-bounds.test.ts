import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { hostileSite, type Attack, type HostileSite } from '../fixtures/hostile-site.ts';
import { until } from '../fixtures/wait.ts';

/*
 * A hostile site being imported (issue 43 item 5, decision 0092): it announces 200,000 pages, or
 * answers a 6 MB `[[[…` body. The run ends promptly in a failure that says why, `/healthz` keeps
 * answering throughout, and the node's memory stays bounded. The source is a server of the test's
 * own on 127.0.0.1 (allowed with CALENDAR_IMPORT_ALLOW_PRIVATE).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const RUNS = 'imports/sites';
/** How long `/healthz` may take under attack on a busy 2-core machine: generous, and far below the seconds the unbounded reader froze. */
const HEALTHZ_MS = 1500;
/** Memory the node may gain during an attack: generous, and far below the gigabytes the unbounded reader took. */
const GROWTH_BYTES = 300 * 1024 * 1024;

describe(`site imports from a hostile source (${DIALECT})`, () => {
  let app: TestApp;
  const sites: HostileSite[] = [];

  before(async () => {
    app = await createTestApp({ env: { CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1' } });
  });
  after(async () => {
    await app?.close();
    for (const site of sites) site.close();
  });

  /** Runs an import of `attack`'s site, probing `/healthz` and memory until the run ends. */
  async function underAttack(attack: Attack): Promise<{ run: Json; worstHealthzMs: number; probes: number; growth: number }> {
    const site = await hostileSite(attack);
    sites.push(site);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let worstHealthzMs = 0;
    let probes = 0;
    let ended = false;
    const probing = (async () => {
      while (!ended) {
        const started = performance.now();
        const answer = await app.request('anonymous', 'GET', '/healthz');
        assert.equal(answer.statusCode, 200);
        worstHealthzMs = Math.max(worstHealthzMs, performance.now() - started);
        probes++;
        peak = Math.max(peak, process.memoryUsage().rss);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      const start = await app.request('administrator', 'POST', RUNS, { url: site.url });
      assert.equal(start.statusCode, 202, start.body);
      const id = start.json<Json>().id as number;
      const run = await until(`import ${id} ended`, async () => {
        const body = (await app.request('administrator', 'GET', `${RUNS}/${id}`)).json<Json>();
        return ['running', 'cancelling'].includes(body.state as string) ? undefined : body;
      }, 20_000);
      return { run, worstHealthzMs, probes, growth: peak - baseline };
    } finally {
      ended = true;
      await probing;
    }
  }

  test('a source announcing 200,000 pages: the run fails at once saying so, /healthz answers throughout, memory stays bounded', async () => {
    const { run, worstHealthzMs, probes, growth } = await underAttack('pages');
    assert.equal(run.state, 'failed', JSON.stringify(run));
    assert.match(run.reason, /announces 200000 pages of categories, more than the 20000 \(1000000 records\)/);
    assert.ok(probes > 0);
    assert.ok(worstHealthzMs < HEALTHZ_MS, `worst /healthz ${worstHealthzMs.toFixed(0)} ms`);
    assert.ok(growth < GROWTH_BYTES, `grew ${(growth / 1e6).toFixed(0)} MB`);
  });

  test('a source answering 6 MB of [[[…: the run fails at once saying so, /healthz answers throughout, memory stays bounded', async () => {
    const { run, worstHealthzMs, probes, growth } = await underAttack('deep');
    assert.equal(run.state, 'failed', JSON.stringify(run));
    assert.match(run.reason, /nests deeper than 64 levels/);
    assert.ok(probes > 0);
    assert.ok(worstHealthzMs < HEALTHZ_MS, `worst /healthz ${worstHealthzMs.toFixed(0)} ms`);
    assert.ok(growth < GROWTH_BYTES, `grew ${(growth / 1e6).toFixed(0)} MB`);
  });
});
