import { parseArgs } from 'node:util';
import { setTimeout as pause } from 'node:timers/promises';
import { API, basicAuth, freshDatabase } from '../test/fixtures/app.ts';
import { hostileSite, type Attack } from '../test/fixtures/hostile-site.ts';
import { startServer } from '../test/fixtures/server-process.ts';
import { memory } from './memory.ts';

/*
 * A hostile site imported by a real `serve` process (issue 43 item 5, decision 0092): for each
 * attack, the worst `/healthz` latency and the server's peak resident memory while the run goes,
 * and its memory once the run ended (or was cancelled after `--seconds`):
 *   node --import tsx bench/hostile-import.ts [--seconds 60]
 */

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' } } });
const limitMs = Number(values.seconds) * 1000;
const PASSWORD = 'hostile-import-admin';
const headers = { authorization: basicAuth('admin', PASSWORD), 'content-type': 'application/json' };
/** A request to a server that froze is given up after this long (the worst latency then reads as at least this). */
const GIVE_UP_MS = 120_000;
const ask = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers, signal: AbortSignal.timeout(GIVE_UP_MS) });

async function measure(attack: Attack): Promise<string> {
  const database = await freshDatabase();
  const site = await hostileSite(attack);
  const server = await startServer({
    DATABASE_URL: database.url,
    CALENDAR_ADMIN_PASSWORD: PASSWORD,
    CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1',
  });
  try {
    const idleMb = memory.currentMb(server.pid);
    memory.reset(server.pid);
    let worstMs = 0;
    let probing = true;
    const probes = (async () => {
      while (probing) {
        const started = performance.now();
        await ask(`${server.base}/healthz`).catch(() => undefined);
        worstMs = Math.max(worstMs, performance.now() - started);
        await pause(50);
      }
    })();
    const began = performance.now();
    const run = (await (
      await ask(`${server.base}${API}/imports/sites`, { method: 'POST', body: JSON.stringify({ url: site.url }) })
    ).json()) as { id: number };
    const state = async () =>
      (await (await ask(`${server.base}${API}/imports/sites/${run.id}`)).json()) as {
        state: string;
        reason: string | null;
      };
    // A frozen server's answer given up on: asked again.
    let now = { state: 'running', reason: null as string | null };
    while (['running', 'cancelling'].includes(now.state) && performance.now() - began < limitMs)
      now = await state().catch(() => now);
    const cancelled = now.state === 'running';
    if (cancelled)
      await ask(`${server.base}${API}/imports/sites/${run.id}/cancel`, { method: 'POST' }).catch(() => undefined);
    while (['running', 'cancelling'].includes(now.state) && performance.now() - began < limitMs + GIVE_UP_MS * 2)
      now = await state().catch(() => now);
    const endedS = (performance.now() - began) / 1000;
    probing = false;
    await probes;
    const peakMb = memory.peakMb(server.pid);
    await pause(5000);
    const afterMb = memory.currentMb(server.pid);
    return `${attack}: ${now.state}${cancelled ? ` (cancelled after ${values.seconds} s)` : ''} in ${endedS.toFixed(1)} s; worst /healthz ${worstMs.toFixed(0)} ms; RSS idle ${idleMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB, 5 s after the end ${afterMb.toFixed(0)} MB; reason: ${(now.reason ?? '').slice(-120)}`;
  } finally {
    await server.kill();
    site.close();
    await database.drop();
  }
}

for (const attack of ['pages', 'deep'] as const) console.log(await measure(attack));
