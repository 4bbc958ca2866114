import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config.ts';
import { seed } from '../../src/seed/seed.ts';
import { TOPICS } from '../../src/seed/vocabulary.ts';
import { migrate, openStorage } from '../../src/storage/database.ts';
import { ApiClient } from '../crash/api-client.ts';
import { probeAbsentAnswers, verifyAfterRestart } from '../crash/verify.ts';
import { acknowledged, startWriteStream, WriteLog } from '../crash/workload.ts';
import { basicAuth, DIALECT, freshDatabase } from '../fixtures/app.ts';
import { startServer, type ServerProcess } from '../fixtures/server-process.ts';

/**
 * The soak test (`npm run test:soak -- --duration 10m`; not part of `npm test` or CI): a server on
 * a seeded database takes concurrent reads of many distinct URLs and a steady stream of writes for
 * the whole duration. It fails when an answer is a 5xx or a request fails, when a write the server
 * acknowledged is missing or wrong at the end, or when the server's memory keeps growing after the
 * warm-up (the rule at `memoryVerdict`). Runs on the dialect DATABASE_URL selects, in a scratch
 * database (a file, or a schema) it drops afterwards.
 */

const SEED_EVENTS = 6000;
const READERS = 4;
const WRITERS = 2;
/** Between one writer's writes: a steady stream beside the reads rather than a write flood. */
const WRITE_PAUSE_MS = 25;
/** Of the run, the first part in which caches fill and the heap finds its size; RSS counts only after it. */
const WARM_UP_SHARE = 0.2;
/** Samples of RSS over the run (the interval is the duration divided by this, within the bounds below). */
const TARGET_SAMPLES = 150;
const MIN_SAMPLE_MS = 1000;
const MAX_SAMPLE_MS = 5000;
/** The last third's RSS peak may exceed the middle third's by this much before growth counts (GC and allocator noise)... */
const GROWTH_TOLERANCE_MB = 16;
const GROWTH_TOLERANCE_SHARE = 0.1;
/** ...and growth also needs the fitted trend after the warm-up to climb faster than this. */
const MAX_SLOPE_MB_PER_MINUTE = 1;
const ADMIN_PASSWORD = 'soak-test-administrator';

/** `90s`, `10m`, `1h` or a number of seconds. */
function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 's' | 'm' | 'h'];
  return ms >= 10_000 ? ms : undefined;
}

/** The server's resident set in MB: /proc on Linux, ps elsewhere. */
function residentMb(pid: number): number {
  const status = `/proc/${pid}/status`;
  const kb = fs.existsSync(status)
    ? Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(status, 'utf8'))?.[1])
    : Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  return kb / 1024;
}

interface Sample {
  readonly seconds: number;
  readonly mb: number;
}

interface MemoryVerdict {
  readonly growing: boolean;
  readonly summary: string;
}

/** Least-squares slope of RSS over time, in MB per minute. */
function slopePerMinute(samples: readonly Sample[]): number {
  const n = samples.length;
  const meanT = samples.reduce((sum, sample) => sum + sample.seconds, 0) / n;
  const meanMb = samples.reduce((sum, sample) => sum + sample.mb, 0) / n;
  const covariance = samples.reduce((sum, sample) => sum + (sample.seconds - meanT) * (sample.mb - meanMb), 0);
  const variance = samples.reduce((sum, sample) => sum + (sample.seconds - meanT) ** 2, 0);
  return variance === 0 ? 0 : (covariance / variance) * 60;
}

/**
 * RSS "keeps growing" when, after the warm-up, both hold: the peak of the last third of the
 * samples exceeds the peak of the middle third by more than max(16 MB, 10 %), and the fitted
 * slope over all post-warm-up samples is above 1 MB per minute. Either alone is noise: a heap
 * that grows in GC-sized steps passes the first at any moment, and a slope can come from a high
 * first sample. A leak shows in both.
 */
function memoryVerdict(samples: readonly Sample[], warmUpSeconds: number): MemoryVerdict {
  const measured = samples.filter((sample) => sample.seconds >= warmUpSeconds);
  if (measured.length < 6)
    return { growing: false, summary: `too few samples after the warm-up (${measured.length}) to judge memory` };
  const third = Math.floor(measured.length / 3);
  const peak = (part: readonly Sample[]) => Math.max(...part.map((sample) => sample.mb));
  const middlePeak = peak(measured.slice(third, 2 * third));
  const lastPeak = peak(measured.slice(2 * third));
  const tolerance = Math.max(GROWTH_TOLERANCE_MB, GROWTH_TOLERANCE_SHARE * middlePeak);
  const slope = slopePerMinute(measured);
  const growing = lastPeak - middlePeak > tolerance && slope > MAX_SLOPE_MB_PER_MINUTE;
  return {
    growing,
    summary:
      `after the ${Math.round(warmUpSeconds)} s warm-up: middle-third peak ${middlePeak.toFixed(1)} MB, last-third peak ${lastPeak.toFixed(1)} MB ` +
      `(tolerance ${tolerance.toFixed(1)} MB), slope ${slope.toFixed(2)} MB/min (limit ${MAX_SLOPE_MB_PER_MINUTE})`,
  };
}

interface ReadTargets {
  readonly events: readonly { id: number; slug: string }[];
  readonly venues: readonly number[];
  readonly organizers: readonly number[];
  readonly categories: readonly number[];
  readonly tags: readonly number[];
}

/** Seeds the scratch database and lists what readers ask for. */
async function prepareDatabase(url: string): Promise<ReadTargets> {
  const config = loadConfig({ DATABASE_URL: url });
  const storage = openStorage(config.database);
  try {
    await migrate(storage);
    await seed(storage, {
      events: SEED_EVENTS,
      force: false,
      siteZone: config.timezone,
      log: (line) => console.log(`seed: ${line}`),
    });
    return await storage.read(async (tx) => {
      const posts = await tx
        .selectFrom('posts')
        .select(['id', 'type', 'slug'])
        .where('status', '=', 'publish')
        .execute();
      const terms = await tx.selectFrom('terms').select(['id', 'taxonomy']).execute();
      const ofType = (type: string) => posts.filter((post) => post.type === type);
      return {
        events: ofType('event').map(({ id, slug }) => ({ id, slug })),
        venues: ofType('venue').map((post) => post.id),
        organizers: ofType('organizer').map((post) => post.id),
        categories: terms.filter((term) => term.taxonomy === 'category').map((term) => term.id),
        tags: terms.filter((term) => term.taxonomy === 'tag').map((term) => term.id),
      };
    });
  } finally {
    await storage.close();
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const integer = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** The last page a list of `count` items surely has at `perPage` (a page past the end is a 400). */
const lastPage = (count: number, perPage: number) => Math.max(1, Math.floor(count / perPage));

/** A read of one of many distinct URLs: archives by page, date window, term and search; single records; terms. */
function readPath(targets: ReadTargets): string {
  const perPage = pick([10, 20, 50]);
  const event = pick(targets.events);
  const choices: (() => string)[] = [
    () => `events?per_page=${perPage}&page=${integer(1, 5)}`,
    () => {
      const from = integer(-1000, 700);
      return `events?start_date=${day(from)}&end_date=${day(from + integer(1, 60))}&per_page=${perPage}`;
    },
    () => `events?categories=${pick(targets.categories)}&start_date=${day(-1100)}`,
    () => `events?tags=${pick(targets.tags)}&start_date=${day(-1100)}&per_page=${perPage}`,
    () => `events?search=${pick(TOPICS).toLowerCase()}&start_date=${day(-1100)}`,
    () => `events/${event.id}`,
    () => `events/by-slug/${event.slug}`,
    () => `venues/${pick(targets.venues)}`,
    () => `organizers/${pick(targets.organizers)}`,
    () => `venues?per_page=${perPage}&page=${integer(1, lastPage(targets.venues.length, perPage))}`,
    () => `organizers?per_page=${perPage}&page=${integer(1, lastPage(targets.organizers.length, perPage))}`,
    () =>
      `categories?hide_empty=false&per_page=${perPage}&page=${integer(1, lastPage(targets.categories.length, perPage))}`,
    () => `tags?hide_empty=false&per_page=${perPage}&page=${integer(1, lastPage(targets.tags.length, perPage))}`,
    () => `categories/${pick(targets.categories)}`,
    () => `tags/${pick(targets.tags)}`,
  ];
  return pick(choices)();
}

class Figures {
  readonly readMs: number[] = [];
  readonly writeMs: number[] = [];
  readonly statuses = new Map<number, number>();
  /** Answers worth showing: 5xx, and unexpected 4xx to reads. */
  readonly examples: string[] = [];
  failedRequests = 0;

  record(answer: {
    readonly method: string;
    readonly path: string;
    readonly status: number;
    readonly ms: number;
  }): void {
    (answer.method === 'GET' ? this.readMs : this.writeMs).push(answer.ms);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if ((answer.status >= 500 || (answer.status >= 400 && answer.method === 'GET')) && this.examples.length < 20)
      this.examples.push(`${answer.status} ${answer.method} ${answer.path}`);
  }

  count(test: (status: number) => boolean): number {
    return [...this.statuses].filter(([status]) => test(status)).reduce((sum, [, count]) => sum + count, 0);
  }
}

function percentile(values: readonly number[], share: number): string {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(1)} ms`;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

async function soak(durationMs: number): Promise<boolean> {
  const started = performance.now();
  console.log(
    `soak on ${DIALECT}: ${clock(durationMs / 1000)} of ${READERS} readers and ${WRITERS} writers on ${SEED_EVENTS} seeded events`,
  );
  const database = await freshDatabase();
  let server: ServerProcess | undefined;
  const failures: string[] = [];
  try {
    const targets = await prepareDatabase(database.url);
    server = await startServer({ DATABASE_URL: database.url, CALENDAR_ADMIN_PASSWORD: ADMIN_PASSWORD });
    const figures = new Figures();
    // Only the answers of the load count: not the probes before it, nor the verification after it.
    let measuring = false;
    const observe = (answer: Parameters<Figures['record']>[0]) => {
      if (measuring) figures.record(answer);
    };
    const admin = new ApiClient(server.base, basicAuth('admin', ADMIN_PASSWORD), observe);
    const anonymous = new ApiClient(server.base, undefined, observe);
    const absent = await probeAbsentAnswers(admin);

    const serverPid = server.pid;
    const samples: Sample[] = [];
    const loadStarted = performance.now();
    const elapsed = () => (performance.now() - loadStarted) / 1000;
    const sampleMs = Math.min(MAX_SAMPLE_MS, Math.max(MIN_SAMPLE_MS, durationMs / TARGET_SAMPLES));
    samples.push({ seconds: 0, mb: residentMb(serverPid) });
    const sampler = setInterval(() => samples.push({ seconds: elapsed(), mb: residentMb(serverPid) }), sampleMs);

    const log = new WriteLog();
    measuring = true;
    const stream = startWriteStream(admin, log, { round: 1, writers: WRITERS, pauseMs: WRITE_PAUSE_MS });
    let reading = true;
    const reader = async () => {
      while (reading) {
        // Most reads anonymous (the read cache's path), some as the administrator (never cached).
        const path = readPath(targets);
        await (Math.random() < 0.7 ? anonymous : admin).request('GET', path).catch((error: unknown) => {
          figures.failedRequests++;
          if (figures.examples.length < 20) figures.examples.push(`GET ${path} failed: ${(error as Error).message}`);
        });
      }
    };
    const readers = Promise.all(Array.from({ length: READERS }, reader));
    await sleep(durationMs);
    reading = false;
    stream.stop();
    await Promise.all([readers, stream.finished]);
    measuring = false;
    clearInterval(sampler);
    samples.push({ seconds: elapsed(), mb: residentMb(serverPid) });
    const loadSeconds = elapsed();

    const verification = await verifyAfterRestart(admin, log, absent);
    admin.close();
    anonymous.close();

    const { counts } = stream;
    const requests = figures.readMs.length + figures.writeMs.length;
    const serverErrors = figures.count((status) => status >= 500);
    const memory = memoryVerdict(samples, (durationMs / 1000) * WARM_UP_SHARE);
    const peak = Math.max(...samples.map((sample) => sample.mb));
    console.log(
      `requests: ${requests} in ${loadSeconds.toFixed(0)} s (${(requests / loadSeconds).toFixed(1)}/s): ${figures.readMs.length} reads, ${figures.writeMs.length} writes`,
    );
    console.log(
      `latency: reads p50 ${percentile(figures.readMs, 0.5)}, p99 ${percentile(figures.readMs, 0.99)}; writes p50 ${percentile(figures.writeMs, 0.5)}, p99 ${percentile(figures.writeMs, 0.99)}`,
    );
    console.log(
      `answers: ${[...figures.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')}; failed requests: ${figures.failedRequests}`,
    );
    console.log(
      `writes: ${acknowledged(counts)} acknowledged (${counts.creates} creates, ${counts.updates} updates, ${counts.deletes} deletes); ${verification.intact} of ${log.records.length} records read back intact`,
    );
    console.log(
      `RSS: start ${samples[0]!.mb.toFixed(1)} MB, peak ${peak.toFixed(1)} MB, end ${samples.at(-1)!.mb.toFixed(1)} MB; ${memory.summary}`,
    );
    console.log(
      `RSS samples (m:ss MB): ${samples.map((sample) => `${clock(sample.seconds)} ${sample.mb.toFixed(0)}`).join(', ')}`,
    );
    if (figures.examples.length > 0)
      console.log(`unexpected answers (first ${figures.examples.length}):\n  ${figures.examples.join('\n  ')}`);

    if (serverErrors > 0) failures.push(`${serverErrors} answers were 5xx`);
    if (figures.failedRequests > 0) failures.push(`${figures.failedRequests} reads failed without an answer`);
    failures.push(...log.anomalies.slice(0, 20), ...verification.failures.slice(0, 20));
    if (log.anomalies.length + verification.failures.length > 40)
      failures.push(`... ${log.anomalies.length + verification.failures.length - 40} more write problems`);
    if (memory.growing) failures.push(`RSS keeps growing: ${memory.summary}`);
  } finally {
    await server?.kill();
    await database.drop();
  }
  console.log(`soak on ${DIALECT}: ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
  if (failures.length > 0) {
    console.error(`${failures.length} failure(s):`);
    for (const failure of failures) console.error(`  ${failure}`);
  }
  console.log(`soak: ${failures.length === 0 ? 'passed' : 'FAILED'}`);
  return failures.length === 0;
}

const { values } = parseArgs({ options: { duration: { type: 'string', default: '5m' } } });
const duration = parseDuration(values.duration);
if (duration === undefined) {
  console.error(`--duration must be a time such as 90s, 10m or 1h (at least 10 s), got "${values.duration}"`);
  process.exitCode = 2;
} else {
  try {
    process.exitCode = (await soak(duration)) ? 0 : 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
