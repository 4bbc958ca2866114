import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { LOGIN_THROTTLE } from '../src/auth/login-throttle.ts';
import { systemClock } from '../src/clock.ts';
import { composeApplication } from '../src/container.ts';
import { loadConfig, type DatabaseConfig } from '../src/config.ts';
import { migrate, openStorage, type Storage } from '../src/storage/database.ts';
import { parseEventCount, seed } from '../src/seed/seed.ts';
import { ONE_PERCENT_TITLE_WORD } from '../src/seed/vocabulary.ts';

/*
 * `npm run bench -- --events 10k,100k [--db sqlite|postgres] [--duration 10] [--connections 10]
 * [--warmup 2] [--scenarios list-10,event-by-id]`: for each size, a fresh seeded database, the
 * service and a bare-Fastify baseline as separate processes pinned to CPU 0, autocannon in this
 * process pinned to CPU 1, one table of results printed and written to bench/results/.
 * See bench/README.md.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const API = '/calendar/events/v1';
/** The `create-webhooks` scenario's receiver runs in this process, on loopback over http (decision 0032). */
const WEBHOOK_RECEIVER_ENV = { CALENDAR_WEBHOOK_ALLOW_HTTP: 'true', CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1', CALENDAR_SECRETS_KEY: randomBytes(32).toString('base64') };
/** Where fresh `bench_<random>` PostgreSQL databases are created and dropped. */
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { values: flags } = parseArgs({
  options: {
    events: { type: 'string', default: '100k' },
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    scenarios: { type: 'string' },
    recurring: { type: 'string' },
    computed: { type: 'boolean', default: false },
  },
  strict: true,
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const sizes = flags.events.split(',').map((text) => parseEventCount(text) ?? fail(`--events: not a count: "${text}" (use 10k, 100k, 1m...)`));
const dialect = flags.db === 'sqlite' || flags.db === 'postgres' ? flags.db : fail(`--db must be sqlite or postgres, got "${flags.db}"`);
const positive = (name: string, text: string) => (/^\d+$/.test(text) && Number(text) > 0 ? Number(text) : fail(`--${name} must be a positive integer, got "${text}"`));
const duration = positive('duration', flags.duration);
const connections = positive('connections', flags.connections);
const warmup = flags.warmup === '0' ? 0 : positive('warmup', flags.warmup);
/** How many of each size's events are weekly series (decision 0025); 0 without --recurring. */
const seriesCount = flags.recurring === undefined ? 0 : (parseEventCount(flags.recurring) ?? fail(`--recurring: not a count: "${flags.recurring}" (use 1k, 10k...)`));
if (sizes.some((events) => events < seriesCount)) fail(`--recurring ${flags.recurring} is more than the events of a size`);
/** `--computed` (or CALENDAR_READ_CACHE_MB=0 in the environment): the service runs without its read cache, every answer computed. */
const computed = flags.computed || process.env.CALENDAR_READ_CACHE_MB === '0';
/** A series created in one POST: its occurrences and the writes timed. */
const SERIES_OCCURRENCES = 500;
const SERIES_WRITES = 5;

/** What the scenarios need to know about the seeded data. */
interface Fixtures {
  readonly events: readonly { id: number; slug: string }[];
  readonly categoryId: number;
  /** Categories with events enough for the `mixed` scenario's five archive pages each. */
  readonly busyCategoryIds: readonly number[];
  readonly venueId: number;
  /** A calendar month about six months ahead, `YYYY-MM-DD` bounds. */
  readonly month: { readonly start: string; readonly end: string };
  readonly authorization: string;
}

type Body = Record<string, unknown>;

interface Scenario {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PATCH';
  /** Archive scenarios, whose cost must not grow with the calendar. */
  readonly list: boolean;
  readonly status: number;
  /** The n-th request; ids and bodies vary so that no cache answers them all. */
  request(n: number): { path: string; body?: Body };
  /** Throws a message when the response to the n-th request is not the right answer. */
  check(body: Body, n: number): void;
  /** Drives the scenario itself instead of autocannon (a feed: one long streamed answer per request; the mixed load). */
  drive?(port: number, seconds: number): Promise<Measurement & { writes?: Measurement }>;
  /** Whole exports: the check run is one too, so its memory is counted from before it, the server idle. */
  readonly exports?: boolean;
  /** Sets the service up before the scenario's first request (webhook subscriptions). */
  prepare?(port: number): Promise<void>;
}

/** Subscriptions of the `create-webhooks` scenario (issue 17: `POST /events` with 3 active subscriptions). */
const WEBHOOK_SUBSCRIPTIONS = 3;

/**
 * A receiver in the bench process answering every delivery 204, and that many subscriptions of
 * every type to it: the service then signs and sends every change while the scenario writes.
 */
async function subscribeReceivers(port: number, authorization: string, count: number): Promise<void> {
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiver.unref();
  const url = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/bench`;
  for (let n = 0; n < count; n++) {
    const response = await fetch(`http://127.0.0.1:${port}${API}/webhooks`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify({ url: `${url}/${n}`, events: ['*'] }),
    });
    must(response.status === 201, `subscribing a webhook answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
}

function must(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const itemsOf = (body: Body, key: string, atLeast: number) => {
  const items = body[key];
  must(Array.isArray(items), `no "${key}" array in the response`);
  must(items.length >= atLeast, `"${key}" has ${items.length} items, expected at least ${atLeast}`);
  return items as Body[];
};

function scenarios(fixtures: Fixtures): Scenario[] {
  const at = <T>(items: readonly T[], n: number) => items[n % items.length]!;
  const word = ONE_PERCENT_TITLE_WORD.toLowerCase();
  const list = (name: string, query: string, check: (events: Body[]) => void = () => undefined, perPage = 10): Scenario => ({
    name,
    method: 'GET',
    list: true,
    status: 200,
    request: () => ({ path: `${API}/events?${query}` }),
    check: (body) => check(itemsOf(body, 'events', perPage)),
  });
  const collection = (name: string): Scenario => ({
    name, method: 'GET', list: false, status: 200, request: () => ({ path: `${API}/${name}` }), check: (body) => void itemsOf(body, name, 1),
  });
  return [
    list('list-10', 'per_page=10'),
    list('list-50', 'per_page=50', () => undefined, 50),
    list('search', `search=${word}`, (events) => {
      for (const event of events) must(`${event.title} ${event.description} ${event.excerpt}`.toLowerCase().includes(word), `event ${event.id} does not contain "${word}"`);
    }),
    list('category', `categories=${fixtures.categoryId}`, (events) => {
      for (const event of events) must((event.categories as Body[]).some((term) => term.id === fixtures.categoryId), `event ${event.id} is not in category ${fixtures.categoryId}`);
    }),
    list('date-range', `start_date=${fixtures.month.start}&end_date=${fixtures.month.end}`, (events) => {
      for (const event of events) {
        must(String(event.start_date) >= `${fixtures.month.start} 00:00:00` && String(event.end_date) <= `${fixtures.month.end} 23:59:59`, `event ${event.id} is outside ${fixtures.month.start}..${fixtures.month.end}`);
      }
    }),
    {
      name: 'event-by-id', method: 'GET', list: false, status: 200,
      request: (n) => ({ path: `${API}/events/${at(fixtures.events, n).id}` }),
      check: (body, n) => must(body.id === at(fixtures.events, n).id, `asked for event ${at(fixtures.events, n).id}, got ${String(body.id)}`),
    },
    {
      name: 'event-by-slug', method: 'GET', list: false, status: 200,
      request: (n) => ({ path: `${API}/events/by-slug/${at(fixtures.events, n).slug}` }),
      check: (body, n) => must(body.slug === at(fixtures.events, n).slug, `asked for slug ${at(fixtures.events, n).slug}, got ${String(body.slug)}`),
    },
    collection('venues'),
    {
      // The whole seeded calendar as one iCalendar feed per request, streamed in batches (decision 0026).
      name: 'ics-export', method: 'GET', list: false, status: 200, exports: true,
      request: () => ({ path: ICS_EXPORT }),
      drive: (port, seconds) => driveFeeds(port, ICS_EXPORT, seconds),
      check: (body) => {
        const text = String(body.text);
        must(text.startsWith('BEGIN:VCALENDAR') && text.endsWith('END:VCALENDAR\r\n'), 'not a whole calendar');
        must(text.includes('BEGIN:VEVENT'), 'no events in the feed');
      },
    },
    collection('categories'),
    list('list-fr', 'translation_language=fr'),
    {
      // The public list page (decision 0031): the same archive read as list-10, rendered as HTML.
      name: 'list-page', method: 'GET', list: true, status: 200,
      request: () => ({ path: '/events/' }),
      check: (body) => {
        const text = String(body.text);
        must(text.startsWith('<!DOCTYPE html>') && text.endsWith('</html>'), 'not a whole page');
        const shown = text.split('<article class="event-summary').length - 1;
        must(shown === 10, `the page lists ${shown} events, expected 10`);
      },
    },
    {
      // Issue 16: anonymous readers over 1,250 URLs while one client edits an event title 10 times a second.
      name: 'mixed', method: 'GET', list: false, status: 200,
      request: (n) => ({ path: at(mixedUrls(fixtures), n) }),
      // A calendar in service has been read before: every URL once, so the run measures edits
      // retiring answers, not a cold start (1,250 misses take longer than the warm-up).
      prepare: (port) => readAll(port, mixedUrls(fixtures)),
      drive: (port, seconds) => driveMixed(port, fixtures, seconds),
      check: (body) => void itemsOf(body, 'events', 10),
    },
    {
      name: 'create', method: 'POST', list: false, status: 201,
      request: (n) => ({
        path: `${API}/events`,
        body: {
          title: `Bench concert ${n} ${RUN_ID}`, description: 'A concert created by the benchmark.', status: 'publish',
          start_date: `${fixtures.month.start} 19:00:00`, end_date: `${fixtures.month.start} 21:00:00`, venue: fixtures.venueId, categories: [fixtures.categoryId],
        },
      }),
      check: (body, n) => must(body.title === `Bench concert ${n} ${RUN_ID}` && typeof body.id === 'number', 'the created event is not the one sent'),
    },
    {
      name: 'update', method: 'PATCH', list: false, status: 200,
      request: (n) => ({ path: `${API}/events/${at(fixtures.events, n).id}`, body: { title: `Bench update ${n} ${RUN_ID}` } }),
      check: (body, n) => must(body.title === `Bench update ${n} ${RUN_ID}`, 'the update was not applied'),
    },
    {
      // `create` again, with every change signed and sent to three subscriptions meanwhile (decision 0032).
      name: 'create-webhooks', method: 'POST', list: false, status: 201,
      prepare: (port) => subscribeReceivers(port, fixtures.authorization, WEBHOOK_SUBSCRIPTIONS),
      request: (n) => ({
        path: `${API}/events`,
        body: {
          title: `Bench hooked concert ${n} ${RUN_ID}`, description: 'A concert created by the benchmark.', status: 'publish',
          start_date: `${fixtures.month.start} 19:00:00`, end_date: `${fixtures.month.start} 21:00:00`, venue: fixtures.venueId, categories: [fixtures.categoryId],
        },
      }),
      check: (body, n) => must(body.title === `Bench hooked concert ${n} ${RUN_ID}` && typeof body.id === 'number', 'the created event is not the one sent'),
    },
  ];
}

const RUN_ID = randomBytes(3).toString('hex');
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return os.availableParallelism() >= 2;
  } catch {
    return false;
  }
})();

/** A server process pinned to CPU 0; its output is kept to explain a failure. */
interface Server {
  readonly process: ChildProcess;
  readonly port: number;
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function startServer(args: string[], env: NodeJS.ProcessEnv, port: number): Promise<Server> {
  const [command, argv] = hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, argv, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const server: Server = {
    process: child,
    port,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with code ${child.exitCode}:\n${output}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.status < 500, () => false);
    if (up) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`${args.join(' ')} did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Peak resident memory since the last reset, in MB; resetting needs Linux' clear_refs. */
const memory = {
  reset(pid: number): void {
    try {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      // Without the reset, the peak covers the process' whole life: still an upper bound.
    }
  },
  peakMb(pid: number): number {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  },
  /** Resident memory now: before a scenario, the idle figure its peak is compared with. */
  currentMb(pid: number): number {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  },
};

interface Measurement {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

/**
 * Requests per connection before autocannon opens a new one. The service asks a client to reconnect
 * after 1,000 (`Connection: close`, `maxRequestsPerSocket` in src/app.ts) and answers 503 to what one sends on the old
 * connection after that; autocannon does not read that header, so it reconnects on its own first,
 * as HTTP clients that honour the header do.
 */
const REQUESTS_PER_CONNECTION = 500;

async function drive(port: number, scenario: Pick<Scenario, 'method' | 'request'>, headers: Record<string, string>, seconds: number, counter: { n: number }): Promise<Measurement> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    reconnectRate: REQUESTS_PER_CONNECTION,
    requests: [
      {
        setupRequest: (request) => {
          const { path: requestPath, body } = scenario.request(counter.n++);
          return { ...request, method: scenario.method, path: requestPath, headers, ...(body ? { body: JSON.stringify(body) } : {}) };
        },
      },
    ],
  });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Pages per category archive in the `mixed` scenario. */
const MIXED_CATEGORY_PAGES = 5;
/** Title edits per second during the `mixed` scenario. */
const MIXED_WRITES_PER_SECOND = 10;

/**
 * The `mixed` scenario's reads: 100 pages of the default archive, the 1,000 fixture events and five
 * pages of each busy category's archive, in a fixed shuffled order (the first one a full archive page).
 */
function mixedUrls(fixtures: Fixtures): string[] {
  const archive = Array.from({ length: 100 }, (_, page) => `${API}/events?page=${page + 1}`);
  const singles = fixtures.events.map((event) => `${API}/events/${event.id}`);
  const categories = fixtures.busyCategoryIds.flatMap((id) => Array.from({ length: MIXED_CATEGORY_PAGES }, (_, page) => `${API}/events?categories=${id}&page=${page + 1}`));
  const rest = [...archive.slice(1), ...singles, ...categories];
  // A deterministic shuffle (a linear congruential sequence): every run reads in the same order.
  let state = 12345;
  for (let index = rest.length - 1; index > 0; index--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const other = state % (index + 1);
    [rest[index], rest[other]] = [rest[other]!, rest[index]!];
  }
  return [archive[0]!, ...rest];
}

/** Reads every URL once, `connections` at a time, and fails on an answer that is not 200. */
async function readAll(port: number, urls: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      await response.arrayBuffer();
      must(response.status === 200, `GET ${url} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

/**
 * Readers (autocannon, `--connections`) over the mixed URLs and, meanwhile, one writer sending a
 * title edit of a fixture event every 1/10 s (the next one as soon as the last answered when it
 * took longer): the reads' rate and latencies, and the writes' separately.
 */
async function driveMixed(port: number, fixtures: Fixtures, seconds: number): Promise<Measurement & { writes: Measurement }> {
  const urls = mixedUrls(fixtures);
  let reading = true;
  const writeTimes: number[] = [];
  let writeFailures = 0;
  const writer = (async () => {
    for (let n = 0; reading; n++) {
      const started = performance.now();
      const event = fixtures.events[(n * 7) % fixtures.events.length]!;
      const response = await fetch(`http://127.0.0.1:${port}${API}/events/${event.id}`, {
        method: 'PATCH', headers: { 'content-type': 'application/json', authorization: fixtures.authorization }, body: JSON.stringify({ title: `Mixed edit ${n} ${RUN_ID}` }),
      }).catch(() => undefined);
      await response?.arrayBuffer();
      if (response?.status !== 200) writeFailures++;
      const took = performance.now() - started;
      writeTimes.push(took);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / MIXED_WRITES_PER_SECOND - took)));
    }
  })();
  const counter = { n: 0 };
  const reads = await drive(port, { method: 'GET', request: (n) => ({ path: urls[n % urls.length]! }) }, {}, seconds, counter);
  reading = false;
  await writer;
  const sorted = [...writeTimes].sort((a, b) => a - b);
  const percentile = (share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN);
  return { ...reads, writes: { requestsPerSecond: writeTimes.length / seconds, p50: percentile(0.5), p99: percentile(0.99), non2xx: writeFailures, errors: 0 } };
}

/** The whole seeded calendar (every date, up to the default maximum of 100,000 events) as one feed. */
const ICS_EXPORT = `${API}/events.ics?start_date=1970-01-01&end_date=2199-12-31&limit=100000`;

/**
 * Whole feeds, one after another, read as they stream, until `seconds` have passed (at least one):
 * autocannon's time-outs and short runs do not fit answers that take seconds each. Reports feeds
 * per second, each one's duration as p50/p99, and logs the events and bytes per second.
 */
async function driveFeeds(port: number, requestPath: string, seconds: number): Promise<Measurement> {
  const durations: number[] = [];
  let events = 0;
  let bytes = 0;
  let failures = 0;
  const started = performance.now();
  do {
    const begun = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${requestPath}`);
    let tail = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      // Counted on the text with the previous chunk's end, so a marker split between chunks counts once.
      const text = tail + Buffer.from(chunk).toString('latin1');
      events += text.split('BEGIN:VEVENT').length - 1 - (tail.split('BEGIN:VEVENT').length - 1);
      tail = text.slice(-12);
    }
    if (response.status !== 200) failures++;
    durations.push(performance.now() - begun);
  } while (performance.now() - started < seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!);
  log(`  ics-export: ${durations.length} feed(s) in ${elapsed.toFixed(1)} s, ${format(events / elapsed)} events/s, ${format(bytes / elapsed / 2 ** 20, 1)} MB/s`);
  return { requestsPerSecond: durations.length / elapsed, p50: at(0.5), p99: at(0.99), non2xx: failures, errors: 0 };
}

interface Row {
  readonly scenario: string;
  readonly events: number;
  readonly measurement?: Measurement;
  readonly peakRssMb?: number;
  readonly ratio?: number;
  readonly note: string;
  readonly list: boolean;
}

async function createDatabase(): Promise<{ config: DatabaseConfig; url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-bench-'));
    const file = path.join(dir, 'calendar.sqlite');
    return { config: { dialect: 'sqlite', file }, url: file, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    config: { dialect: 'postgres', url: url.toString() },
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function prepareFixtures(storage: Storage): Promise<Fixtures> {
  const events = await storage.write((tx) => tx
    .selectFrom('posts')
    .select(['id', 'slug'])
    .where('type', '=', 'event')
    .where('status', '=', 'publish')
    .where('password', '=', '')
    .orderBy(sql`random()`)
    .limit(1000)
    .execute());
  const leaf = await storage.write((tx) => tx
    .selectFrom('terms as t')
    .select('t.id')
    .where('t.taxonomy', '=', 'category')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('terms as c').select('c.id').whereRef('c.parent_id', '=', 't.id'))))
    .orderBy('t.count', 'desc')
    .executeTakeFirstOrThrow());
  const busy = await storage.write((tx) => tx.selectFrom('terms').select('id').where('taxonomy', '=', 'category').where('count', '>=', 200).orderBy('id').execute());
  const venue = await storage.write((tx) => tx.selectFrom('venues').select('post_id').executeTakeFirstOrThrow());
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 6, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 7, 0));
  const { users } = (await composeApplication(storage, { timezone: 'UTC', recurrence: loadConfig().recurrence }, systemClock, LOGIN_THROTTLE)).services;
  const login = `bench-${RUN_ID}`;
  await users.create({ login, role: 'administrator' });
  const { password } = await users.createAppPassword(login, 'bench');
  return {
    events,
    categoryId: leaf.id,
    busyCategoryIds: busy.map((term) => term.id),
    venueId: venue.post_id,
    month: { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) },
    authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
  };
}

/**
 * Waits until the server answers a health check quickly: requests of a scenario that timed out
 * are still being worked through after autocannon gives up, and must not slow the next scenario.
 */
async function settle(port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.arrayBuffer());
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One request, checked; the message says what is wrong, or undefined when the answer is right. */
async function verify(port: number, scenario: Scenario, headers: Record<string, string>, n: number): Promise<string | undefined> {
  const { path: requestPath, body } = scenario.request(n);
  const response = await fetch(`http://127.0.0.1:${port}${requestPath}`, { method: scenario.method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const text = await response.text();
  if (response.status !== scenario.status) return `${scenario.method} ${requestPath} answered ${response.status}, expected ${scenario.status}: ${text.slice(0, 300)}`;
  try {
    // A calendar or a page is checked as its text.
    scenario.check(/^text\/(calendar|html)/.test(response.headers.get('content-type') ?? '') ? { text } : (JSON.parse(text) as Body), n);
    return undefined;
  } catch (error) {
    return `${scenario.method} ${requestPath}: ${(error as Error).message}`;
  }
}

/**
 * Issue 14: "creating a series with 500 occurrences takes one write and well under a second". A few
 * such POSTs one after the other on the otherwise idle service, each timed from request to answer;
 * then the archive must hold all their occurrences.
 */
async function timeSeriesCreation(port: number, fixtures: Fixtures): Promise<number[]> {
  const token = `series${RUN_ID}`;
  const times: number[] = [];
  for (let n = 0; n < SERIES_WRITES; n++) {
    const body = {
      title: `Bench ${token} ${n}`, status: 'publish', start_date: `${fixtures.month.start} 19:00:00`, end_date: `${fixtures.month.start} 21:00:00`,
      venue: fixtures.venueId, categories: [fixtures.categoryId], recurrence: { rrule: `FREQ=DAILY;COUNT=${SERIES_OCCURRENCES}` },
    };
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${API}/events`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: fixtures.authorization }, body: JSON.stringify(body),
    });
    const text = await response.text();
    times.push(performance.now() - started);
    must(response.status === 201, `creating a series answered ${response.status}: ${text.slice(0, 300)}`);
  }
  const listed = await fetch(`http://127.0.0.1:${port}${API}/events?per_page=1&search=${token}&start_date=${fixtures.month.start}&end_date=2199-12-31`);
  const { total } = (await listed.json()) as { total: number };
  must(total === SERIES_WRITES * SERIES_OCCURRENCES, `the archive holds ${total} occurrences of the created series, expected ${SERIES_WRITES * SERIES_OCCURRENCES}`);
  return times;
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const format = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));

async function benchmarkSize(events: number, baseline: Server): Promise<{ rows: Row[]; seedSeconds: number; seriesWrites: number[] }> {
  log(`\n== ${events.toLocaleString('en-US')} events on ${dialect} ==`);
  const database = await createDatabase();
  let service: Server | undefined;
  try {
    const storage = openStorage(database.config);
    let fixtures: Fixtures;
    let seedSeconds: number;
    try {
      await migrate(storage);
      // The service's own recurrence settings, so the seed materialises series as far as it would.
      const recurring = seriesCount > 0 ? { series: seriesCount, settings: loadConfig({ ...process.env, DATABASE_URL: database.url }).recurrence } : undefined;
      ({ seconds: seedSeconds } = await seed(storage, { events, force: false, recurring, log: (line) => log(`  seed: ${line}`) }));
      fixtures = await prepareFixtures(storage);
    } finally {
      await storage.close();
    }
    // The sources, as the tests run them: bin/calendar-events.js runs dist/, which may predate them.
    service = await startServer(
      ['--import', 'tsx', 'src/cli.ts', 'serve'],
      { DATABASE_URL: database.url, LOG_LEVEL: 'warn', CALENDAR_TIMEZONE: 'UTC', HOST: '127.0.0.1', ...UNLIMITED, ...WEBHOOK_RECEIVER_ENV, ...(computed ? { CALENDAR_READ_CACHE_MB: '0' } : {}) },
      await freePort(),
    );

    const rows: Row[] = [];
    /** `idleMb`: taken by the caller, who then reset the peak itself (before a feed's check run); else here. */
    const measure = async (name: string, server: Server, scenario: Pick<Scenario, 'method' | 'request' | 'drive'>, headers: Record<string, string>, counter: { n: number }, idleBefore?: number) => {
      if (idleBefore === undefined) memory.reset(server.process.pid!);
      else log(`  ${name}: RSS ${format(idleBefore)} MB idle, ${format(memory.currentMb(server.process.pid!))} MB after the check run's export`);
      const idleMb = idleBefore ?? memory.currentMb(server.process.pid!);
      const run = (seconds: number) => (scenario.drive ? scenario.drive(server.port, seconds) : drive(server.port, scenario, headers, seconds, counter));
      if (warmup > 0) await run(warmup);
      const measurement = await run(duration);
      if (server.process.exitCode !== null || server.process.signalCode !== null) {
        throw new Error(`the server died during ${name} (${server.process.exitCode ?? server.process.signalCode}); its last output:\n${server.output()}`);
      }
      const peakRssMb = memory.peakMb(server.process.pid!);
      const flagsOf = (taken: Measurement) => [taken.non2xx > 0 ? `${taken.non2xx} non-2xx!` : '', taken.errors > 0 ? `${taken.errors} errors!` : ''].filter(Boolean).join(' ');
      const flagged = flagsOf(measurement);
      log(`  ${name.padEnd(14)} ${format(measurement.requestsPerSecond).padStart(7)} req/s  p50 ${measurement.p50} ms  p99 ${measurement.p99} ms  ${format(peakRssMb)} MB (idle ${format(idleMb)} MB) ${flagged}`);
      const writes = (measurement as { writes?: Measurement }).writes;
      if (writes) log(`  ${`${name} writes`.padEnd(14)} ${format(writes.requestsPerSecond).padStart(7)} req/s  p50 ${writes.p50} ms  p99 ${writes.p99} ms ${flagsOf(writes)}`);
      return { measurement, peakRssMb, flagged, ...(writes ? { writes: { measurement: writes, flagged: flagsOf(writes) } } : {}) };
    };

    const base = await measure('baseline', baseline, { method: 'GET', request: () => ({ path: '/' }) }, {}, { n: 0 });
    rows.push({ scenario: 'baseline', events, measurement: base.measurement, peakRssMb: base.peakRssMb, ratio: 1, note: base.flagged, list: false });

    const selected = flags.scenarios?.split(',') ?? null;
    for (const scenario of scenarios(fixtures)) {
      if (selected && !selected.includes(scenario.name)) continue;
      const headers: Record<string, string> = scenario.method === 'GET' ? {} : { 'content-type': 'application/json', authorization: fixtures.authorization };
      // Writes continue the numbering of the checked request, so titles stay unique.
      const counter = { n: 1 };
      await settle(service.port);
      await scenario.prepare?.(service.port);
      let idleBefore: number | undefined;
      if (scenario.exports) {
        memory.reset(service.process.pid!);
        idleBefore = memory.currentMb(service.process.pid!);
      }
      const wrong = await verify(service.port, scenario, headers, 0);
      if (wrong !== undefined) {
        log(`  ${scenario.name.padEnd(14)} ABORTED, wrong answer: ${wrong}`);
        log(`  service output (tail): ${service.output().slice(-1500)}`);
        rows.push({ scenario: scenario.name, events, note: `aborted: ${wrong.slice(0, 120)}`, list: scenario.list });
        continue;
      }
      const { measurement, peakRssMb, flagged, writes } = await measure(scenario.name, service, scenario, headers, counter, idleBefore);
      rows.push({ scenario: scenario.name, events, measurement, peakRssMb, ratio: measurement.requestsPerSecond / base.measurement.requestsPerSecond, note: flagged, list: scenario.list });
      // A scenario that also writes (mixed) reports its writes on a row of their own.
      if (writes) rows.push({ scenario: `${scenario.name} (writes)`, events, measurement: writes.measurement, note: writes.flagged, list: false });
    }
    let seriesWrites: number[] = [];
    if (!selected || selected.includes('create-series')) {
      await settle(service.port);
      seriesWrites = await timeSeriesCreation(service.port, fixtures);
      log(`  create-series  ${SERIES_OCCURRENCES} occurrences in one POST: ${seriesWrites.map((ms) => format(ms)).join(', ')} ms`);
    }
    return { rows, seedSeconds, seriesWrites };
  } finally {
    await service?.stop();
    await database.drop();
  }
}

const sizeLabel = (events: number) => (events % 1_000_000 === 0 ? `${events / 1_000_000}m` : events % 1000 === 0 ? `${events / 1000}k` : String(events));

function table(rows: readonly Row[]): string[] {
  const header = ['scenario', 'events', 'database', 'req/s', 'p50 ms', 'p99 ms', 'peak RSS MB', 'ratio', 'note'];
  const cells = rows.map((row) => [
    row.scenario, sizeLabel(row.events), dialect, format(row.measurement?.requestsPerSecond), format(row.measurement?.p50), format(row.measurement?.p99),
    format(row.peakRssMb), format(row.ratio, 4), row.note,
  ]);
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...cells.map((line) => `| ${line.join(' | ')} |`)];
}

/** The issue's targets, checked against what this run measured (those it could measure). */
function targets(rows: readonly Row[]): string[] {
  const find = (scenario: string, events: number) => rows.find((row) => row.scenario === scenario && row.events === events && row.measurement);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const lines: string[] = [];
  const list10 = find('list-10', 100_000);
  if (dialect === 'sqlite' && list10) {
    lines.push(`- list-10 at 100k, SQLite: ratio ${format(list10.ratio, 4)} (target >= 0.12), p99 ${list10.measurement!.p99} ms (target <= 15): ${verdict(list10.ratio! >= 0.12 && list10.measurement!.p99 <= 15)}`);
  }
  for (const row of rows.filter((candidate) => candidate.scenario === 'event-by-id' && candidate.measurement)) {
    lines.push(`- event-by-id at ${sizeLabel(row.events)}: ratio ${format(row.ratio, 4)} (target >= 0.30): ${verdict(row.ratio! >= 0.3)}`);
  }
  const largest = Math.max(...rows.map((row) => row.events));
  const smallest = Math.min(...rows.map((row) => row.events));
  if (largest > smallest) {
    for (const row of rows.filter((candidate) => candidate.list && candidate.events === largest && candidate.measurement)) {
      const small = find(row.scenario, smallest);
      if (!small) continue;
      const kept = row.measurement!.requestsPerSecond / small.measurement!.requestsPerSecond;
      lines.push(`- ${row.scenario} at ${sizeLabel(largest)} keeps ${format(kept, 2)} of its ${sizeLabel(smallest)} req/s (target >= 0.8 from 10k to 1m): ${verdict(kept >= 0.8)}`);
    }
  }
  if (dialect === 'sqlite') {
    for (const row of rows.filter((candidate) => candidate.scenario === 'create' && candidate.measurement)) {
      lines.push(`- create at ${sizeLabel(row.events)}, SQLite: ${format(row.measurement!.requestsPerSecond)}/s (target >= 1000): ${verdict(row.measurement!.requestsPerSecond >= 1000)}`);
    }
  }
  for (const row of rows.filter((candidate) => candidate.scenario === 'create-webhooks' && candidate.measurement)) {
    const plain = find('create', row.events);
    if (!plain) continue;
    const kept = row.measurement!.requestsPerSecond / plain.measurement!.requestsPerSecond;
    lines.push(`- create with ${WEBHOOK_SUBSCRIPTIONS} webhook subscriptions at ${sizeLabel(row.events)}: ${format(kept, 2)} of create's req/s (target >= 0.9): ${verdict(kept >= 0.9)}`);
  }
  for (const row of rows.filter((candidate) => candidate.scenario === 'mixed' && candidate.measurement)) {
    const target = dialect === 'sqlite' ? 0.05 : 0.03;
    const clean = row.measurement!.non2xx === 0 && row.measurement!.errors === 0;
    lines.push(`- mixed reads at ${sizeLabel(row.events)}: ratio ${format(row.ratio, 4)} (target >= ${target}), p99 ${row.measurement!.p99} ms (target <= 20), ${clean ? 'no errors' : 'ERRORS'}: ${verdict(row.ratio! >= target && row.measurement!.p99 <= 20 && clean)}`);
  }
  if (computed) {
    for (const [scenario, target] of [['list-10', 0.015], ['event-by-id', 0.05]] as const) {
      const row = find(scenario, 100_000);
      if (row) lines.push(`- computed ${scenario} at 100k: ratio ${format(row.ratio, 4)} (target >= ${target}): ${verdict(row.ratio! >= target)}`);
    }
  }
  const million = rows.filter((row) => row.events >= 1_000_000 && row.scenario !== 'baseline' && row.peakRssMb !== undefined);
  if (million.length > 0) {
    const peak = Math.max(...million.map((row) => row.peakRssMb!));
    lines.push(`- peak RSS during the 1m runs: ${format(peak)} MB (target <= 250): ${verdict(peak <= 250)}`);
  }
  if (dialect === 'postgres') {
    for (const row of rows.filter((candidate) => candidate.list && candidate.measurement)) {
      lines.push(`- ${row.scenario} at ${sizeLabel(row.events)}, PostgreSQL: ratio ${format(row.ratio, 4)} (target >= 0.06): ${verdict(row.ratio! >= 0.06)}`);
    }
  }
  return lines;
}

/**
 * Rate limits off (decision 0023): the load generator is one client sending thousands of requests
 * a second, which the limits exist to refuse; the bench measures serving, not refusing.
 */
const UNLIMITED = { CALENDAR_RATE_LIMIT_READS: '0', CALENDAR_RATE_LIMIT_WRITES: '0' };

async function main(): Promise<void> {
  const cpuCount = os.cpus().length;
  const cpuModel = /model name\s*:\s*(.*)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const started = new Date();
  const loadAverage = os.loadavg().map((value) => value.toFixed(2)).join(', ');
  log(`calendar-events bench: ${sizes.map(sizeLabel).join(', ')} events on ${dialect}; ${duration} s per scenario after ${warmup} s of warm-up, ${connections} connections`);
  // The load generator on CPU 1, the servers on CPU 0: neither steals the other's core.
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  log(`${cpuCount} CPUs (${cpuModel}), Node ${process.version}, load average ${loadAverage}; pinning ${hasTaskset ? 'servers to CPU 0, load generator to CPU 1' : 'unavailable (no taskset or one CPU)'}`);
  log('rate limits off (CALENDAR_RATE_LIMIT_READS=0, CALENDAR_RATE_LIMIT_WRITES=0): one load generator is one client');

  const baseline = await startServer(['--import', 'tsx', 'bench/baseline.ts'], {}, await freePort());
  const rows: Row[] = [];
  const seedTimes: string[] = [];
  const seriesLines: string[] = [];
  try {
    for (const events of sizes) {
      const result = await benchmarkSize(events, baseline);
      rows.push(...result.rows);
      seedTimes.push(`${sizeLabel(events)}: ${result.seedSeconds.toFixed(1)} s`);
      if (result.seriesWrites.length > 0) {
        const sorted = [...result.seriesWrites].sort((a, b) => a - b);
        seriesLines.push(`- Creating a series of ${SERIES_OCCURRENCES} occurrences (one POST) at ${sizeLabel(events)}: median ${format(sorted[sorted.length >> 1])} ms, slowest ${format(sorted.at(-1))} ms of ${sorted.length}`);
      }
    }
  } finally {
    await baseline.stop();
  }

  const verdicts = targets(rows);
  const report = [
    `# Benchmark ${started.toISOString().slice(0, 10)}, ${dialect}, ${sizes.map(sizeLabel).join(' + ')} events`,
    '',
    `- Date: ${started.toISOString()}`,
    `- Machine: ${cpuCount} CPUs, ${cpuModel}; load average at start ${loadAverage}`,
    `- Node ${process.version}; autocannon, ${connections} connections, ${warmup} s warm-up then ${duration} s per scenario`,
    `- Pinning: ${hasTaskset ? 'servers on CPU 0, load generator on CPU 1 (taskset)' : 'none'}`,
    '- Rate limits: off (CALENDAR_RATE_LIMIT_READS=0, CALENDAR_RATE_LIMIT_WRITES=0)',
    `- Read cache: ${computed ? 'off (--computed: every answer computed)' : 'on'}`,
    `- Seed time: ${seedTimes.join(', ')}`,
    ...(seriesCount > 0 ? [`- Recurring: ${sizeLabel(seriesCount)} of each size's events are weekly series (decision 0025)`] : []),
    ...seriesLines,
    '',
    ...table(rows),
    '',
    'Targets (issues 6 and 16):',
    '',
    ...(verdicts.length > 0 ? verdicts : ['- none measurable with these sizes and scenarios']),
    '',
  ].join('\n');
  log('');
  log(report);
  const file = path.join(ROOT, 'bench', 'results', `${started.toISOString().slice(0, 10)}-${dialect}-${sizes.map(sizeLabel).join('-')}${seriesCount > 0 ? `-recurring-${sizeLabel(seriesCount)}` : ''}${computed ? '-computed' : ''}.md`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, report);
  log(`Written to ${path.relative(ROOT, file)}`);
}

await main();
