/**
 * What hostile bodies cost a real `serve` process (issue 43, items 1, 2 and 6; decision 0088): for
 * each attack, its answer and how long it took, the worst `/healthz` latency seen while it ran (a
 * probe every 25 ms, one at a time) and the server's resident-memory peak.
 *
 *     node --import tsx bench/abuse-measure.ts [--only name,name]
 *
 * Each attack on a fresh server and SQLite database with one author; rate limits off (the attacks
 * come from one address).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sendUntilAnswered, type EarlyAnswer } from '../test/fixtures/early-answer.ts';
import { cliProcess, startServer } from '../test/fixtures/server-process.ts';
import { memory } from './memory.ts';

const API = '/calendar/events/v1';
const MiB = 1024 * 1024;
const AUTHOR = `Basic ${Buffer.from('author:a-long-password').toString('base64')}`;
const BOUNDARY = 'abuse-measure-boundary';
const HEALTH_EVERY_MS = 25;

/** Sends a body and resolves at the answer, the rest of the body then unsent; a connection cut before any answer is status 0. */
const send = (
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  chunks: () => Iterable<Buffer>,
) => {
  const started = performance.now();
  return sendUntilAnswered(`${base}${url}`, method, headers, chunks()).catch((): EarlyAnswer => ({
    status: 0,
    text: '',
    headers: {},
    sent: 0,
    sentAll: false,
    ms: Math.round(performance.now() - started),
  }));
};

function* multipart(
  parts: readonly { name: string; filename?: string; type?: string; size: number; fill: number }[],
): Iterable<Buffer> {
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    );
    for (let left = part.size; left > 0; left -= MiB) yield Buffer.alloc(Math.min(MiB, left), part.fill);
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const upload = (size: number) => () =>
  multipart([
    { name: 'title', size: 5, fill: 0x61 },
    { name: 'file', filename: 'poster.png', type: 'image/png', size, fill: 0x41 },
  ]);
const deepArray = (levels: number) => Buffer.from(`${'['.repeat(levels)}${']'.repeat(levels)}`);

interface Attack {
  readonly name: string;
  readonly what: string;
  /** Requests sent side by side. */
  readonly parallel: number;
  readonly run: (base: string) => Promise<EarlyAnswer>;
}

const ATTACKS: readonly Attack[] = [
  {
    name: 'upload-anonymous',
    what: 'POST /media, anonymous, multipart with a 10 MB file',
    parallel: 1,
    run: (base) => send(base, 'POST', `${API}/media`, MULTIPART, upload(10_000_000)),
  },
  {
    name: 'upload-anonymous-raw',
    what: 'POST /media, anonymous, a 10 MB image/png body',
    parallel: 1,
    run: (base) =>
      send(
        base,
        'POST',
        `${API}/media`,
        {
          'content-type': 'image/png',
          'content-disposition': 'attachment; filename="a.png"',
          'content-length': String(10_000_000),
        },
        function* () {
          for (let left = 10_000_000; left > 0; left -= MiB) yield Buffer.alloc(Math.min(MiB, left), 0x41);
        },
      ),
  },
  {
    name: 'upload-anonymous-x8',
    what: '8 of those multipart uploads side by side',
    parallel: 8,
    run: (base) => send(base, 'POST', `${API}/media`, MULTIPART, upload(10_000_000)),
  },
  {
    name: 'upload-author',
    what: 'POST /media as an author, multipart with a 10 MB file (not an image: 415 once read)',
    parallel: 1,
    run: (base) => send(base, 'POST', `${API}/media`, { ...MULTIPART, authorization: AUTHOR }, upload(10_000_000)),
  },
  {
    name: 'fields-600',
    what: 'POST /events as an author, multipart with 600 fields of 1 MiB',
    parallel: 1,
    run: (base) =>
      send(base, 'POST', `${API}/events`, { ...MULTIPART, authorization: AUTHOR }, () =>
        multipart(Array.from({ length: 600 }, (_, index) => ({ name: `f${index}`, size: MiB, fill: 0x61 }))),
      ),
  },
  {
    name: 'json-deep-1mb',
    what: 'POST /events as an author, a 1 MB [[[...]]] body, 10 one after another',
    parallel: 1,
    run: async (base) => {
      let last: EarlyAnswer | undefined;
      let total = 0;
      const body = deepArray(500_000);
      for (let i = 0; i < 10; i++) {
        last = await send(
          base,
          'POST',
          `${API}/events`,
          { 'content-type': 'application/json', authorization: AUTHOR },
          () => [body],
        );
        total += last.ms;
      }
      return { ...last!, ms: Math.round(total / 10) };
    },
  },
  {
    name: 'json-deep-title',
    what: 'POST /events as an author, {"title": 200000 levels of [ ]}',
    parallel: 1,
    run: (base) =>
      send(base, 'POST', `${API}/events`, { 'content-type': 'application/json', authorization: AUTHOR }, () => [
        Buffer.from(`{"title":${deepArray(200_000).toString()}}`),
      ]),
  },
];

/** Probes `/healthz` one request at a time until stopped; the worst latency seen. */
function probeHealth(base: string): { stop: () => Promise<number> } {
  let running = true;
  let worst = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/healthz`).then(
        (response) => response.arrayBuffer(),
        () => undefined,
      );
      worst = Math.max(worst, performance.now() - started);
      await new Promise((wait) => setTimeout(wait, HEALTH_EVERY_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return Math.round(worst);
    },
  };
}

/** One attack on a server of its own, so that each peak is its own and starts from an idle process. */
async function measure(dir: string, attack: Attack): Promise<string> {
  const url = path.join(dir, `${attack.name}.sqlite`);
  const created = await cliProcess(url, [
    'user',
    'create',
    'author',
    '--role',
    'author',
    '--password',
    'a-long-password',
  ]);
  if (created.code !== 0) throw new Error(`creating the author failed:\n${created.err}`);
  const server = await startServer(
    { DATABASE_URL: url, LOG_LEVEL: 'warn', CALENDAR_MEDIA_DIR: path.join(dir, 'media') },
    { port: 20_000 + Math.floor(Math.random() * 20_000) },
  );
  try {
    const idle = Math.round(memory.currentMb(server.pid));
    memory.reset(server.pid);
    const health = probeHealth(server.base);
    const answers = await Promise.all(Array.from({ length: attack.parallel }, () => attack.run(server.base)));
    const worstHealth = await health.stop();
    const peak = Math.round(memory.peakMb(server.pid));
    const statuses = [...new Set(answers.map((answer) => answer.status))].join(',');
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    const sentAll = answers.every((answer) => answer.sentAll)
      ? 'yes'
      : answers.some((answer) => answer.sentAll)
        ? 'some'
        : 'no';
    return `| ${attack.name} | ${statuses} | ${slowest} | ${sentAll} | ${worstHealth} | ${idle} → ${peak} |`;
  } finally {
    await server.kill();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  const only = values.only?.split(',');
  const attacks = ATTACKS.filter((attack) => only === undefined || only.includes(attack.name));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abuse-measure-'));
  try {
    console.log(
      '| attack | status | answered after (ms) | whole body sent | worst /healthz (ms) | RSS idle → peak (MB) |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const attack of attacks) console.log(await measure(dir, attack));
    console.log();
    for (const attack of attacks) console.log(`${attack.name}: ${attack.what}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
