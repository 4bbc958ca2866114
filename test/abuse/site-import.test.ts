import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { API, DIALECT } from '../fixtures/app.ts';
import { AbuseServer, assertWithinBounds, headersOf, send, summary, type Answer } from '../fixtures/abuse.ts';
import { until } from '../fixtures/wait.ts';

/*
 * A hostile site-import source (issue 43, item 5; decision 0096): a server on 127.0.0.1 that
 * looks like The Events Calendar's API, then announces 200 000 pages of categories, or answers a
 * 6 MB `[[[...]]]`. An administrator's run must end as failed, promptly, with the server
 * responsive and its memory bounded; anonymous callers and authors are refused before anything is
 * fetched.
 */

type Hostility = 'pages' | 'nested';
const RUNS = `${API}/imports/sites`;
/** A run that has not ended by then is not failing cleanly (on a quiet machine either ends within a second or two). */
const RUN_END_MS = 20_000;
/** The 6 MB answer is parsed; anything it becomes must be let go of, not multiplied. */
const SOURCE_GROWTH_MB = 300;

const NESTED = `${'['.repeat(3 * 1024 * 1024)}${']'.repeat(3 * 1024 * 1024)}`;

/** The hostile source: TEC's index as it should be; every archive page hostile as `hostility` says. */
function hostileSource(): { server: http.Server; requests: () => number; hostility: { current: Hostility } } {
  let requests = 0;
  const hostility = { current: 'pages' as Hostility };
  const server = http.createServer((request, response) => {
    requests++;
    const url = new URL(request.url!, 'http://source.invalid');
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/wp-json/tribe/events/v1')
      return response.end(JSON.stringify({ namespace: 'tribe/events/v1' }));
    // WordPress' core routes (translation links): none.
    if (url.pathname.startsWith('/wp-json/wp/v2/')) return response.end('[]');
    const collection = url.pathname.split('/').pop()!;
    response.end(
      hostility.current === 'nested'
        ? NESTED
        : JSON.stringify({ [collection]: [], total: 10_000_000, total_pages: 200_000 }),
    );
  });
  return { server, requests: () => requests, hostility };
}

describe(`abuse: a hostile site-import source (${DIALECT})`, () => {
  let server: AbuseServer;
  let source: ReturnType<typeof hostileSource>;
  let sourceUrl: string;

  const start = (caller: 'anonymous' | 'author' | 'administrator') =>
    send(server.url(RUNS), {
      method: 'POST',
      headers: headersOf(caller, { 'content-type': 'application/json' }),
      body: JSON.stringify({ url: sourceUrl }),
    });
  /** The run as the API shows it; undefined while the server does not answer 200 (the next look may). */
  const run = async (id: number) => {
    const answer = await send(server.url(`${RUNS}/${id}`), { headers: headersOf('administrator') });
    return answer.status === 200 ? (JSON.parse(answer.body) as { state: string; reason: string | null }) : undefined;
  };
  /** Starts a run and waits for its end; one still running then is cancelled (so the next attack can start) and reported as such. */
  const importRun = async (): Promise<{ started: Answer; state: string; reason: string | null }> => {
    const started = await start('administrator');
    if (started.status !== 202) return { started, state: 'not started', reason: null };
    const id = (JSON.parse(started.body) as { id: number }).id;
    const ended = async () => {
      const shown = await run(id);
      return shown === undefined || ['running', 'cancelling'].includes(shown.state) ? undefined : shown;
    };
    try {
      return { started, ...(await until(`run ${id} ended`, ended, RUN_END_MS)) };
    } catch {
      await send(server.url(`${RUNS}/${id}/cancel`), { method: 'POST', headers: headersOf('administrator') });
      const cancelled = await until(`run ${id} cancelled`, ended, RUN_END_MS).then(
        () => 'cancelled then',
        () => `its cancel not done ${RUN_END_MS} ms later`,
      );
      return { started, state: `still running after ${RUN_END_MS} ms (${cancelled})`, reason: null };
    }
  };

  before(async () => {
    source = hostileSource();
    await new Promise<void>((resolve) => source.server.listen(0, '127.0.0.1', resolve));
    sourceUrl = `http://127.0.0.1:${(source.server.address() as AddressInfo).port}/wp-json/tribe/events/v1`;
    server = await AbuseServer.start({ CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1' });
  });
  after(async () => {
    await server?.close();
    source.server.closeAllConnections();
    source.server.close();
  });

  test('anonymous callers get 401 and authors 403, and the source is never asked', async () => {
    const before = source.requests();
    assert.equal((await start('anonymous')).status, 401);
    assert.equal((await start('author')).status, 403);
    assert.equal(source.requests(), before);
  });

  for (const hostility of ['pages', 'nested'] as const) {
    const what = hostility === 'pages' ? 'announcing 200000 pages' : 'answering a 6 MB [[[...]]]';
    test(`a source ${what}: the run fails cleanly and promptly; the server responsive, its memory bounded`, async (t) => {
      source.hostility.current = hostility;
      const asked = source.requests();
      const measured = await server.underAttack(importRun, ({ started, state, reason }) => {
        assert.equal(started.status, 202, started.body);
        assert.equal(state, 'failed', reason ?? '');
      });
      t.diagnostic(summary(`hostile source ${what}`, measured));
      t.diagnostic(
        `run: ${measured.result.state} (${measured.result.reason ?? 'no reason'}); the source was asked ${source.requests() - asked} times`,
      );
      assertWithinBounds(measured, SOURCE_GROWTH_MB);
    });
  }
});
