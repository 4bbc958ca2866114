import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { migrate, openStorage } from '../src/storage/database.ts';
import { seed } from '../src/seed/seed.ts';
import { startServer, type ServerProcess } from '../test/fixtures/server-process.ts';
import { createTestApp } from '../test/fixtures/app.ts';
import { statementsPerCreate, type CountedCreate } from '../test/fixtures/statements.ts';
import { createDatabase, prepareFixtures } from './database.ts';
import { drive, settle, type Measurement, type Requests } from './load.ts';
import { memory } from './memory.ts';
import { parseBenchArgs, USAGE, type BenchOptions } from './options.ts';
import { format, log, sizeLabel } from './output.ts';
import { reportText, type Row } from './report.ts';
import {
  scenarios,
  SERIES_OCCURRENCES,
  TICKET_SCENARIOS,
  timeSeriesCreation,
  verify,
  type Fixtures,
  type Scenario,
} from './scenarios.ts';
import { seedTickets } from './tickets.ts';

/*
 * `npm run bench -- --events 10k,100k [--db sqlite|postgres] [--duration 10] [--connections 10]
 * [--warmup 2] [--scenarios list-10,event-by-id]`: for each size, a fresh seeded database, the
 * service and a bare-Fastify baseline as separate processes pinned to CPU 0, autocannon in this
 * process pinned to CPU 1, one table of results printed and written to bench/results/.
 * `--help` lists the options. See bench/README.md.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
/** The `create-webhooks` scenario's receiver runs in this process, on loopback over http (decision 0032). */
const WEBHOOK_RECEIVER_ENV = {
  CALENDAR_WEBHOOK_ALLOW_HTTP: 'true',
  CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
  CALENDAR_SECRETS_KEY: randomBytes(32).toString('base64'),
};

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return os.availableParallelism() >= 2;
  } catch {
    return false;
  }
})();
/** The servers on CPU 0 when the machine allows; this process, the load generator, moves to CPU 1. */
const SERVER_CPU = hasTaskset ? { cpu: 0 } : {};

/**
 * A free port for a server that does not log where it listens (the service at LOG_LEVEL=warn, the
 * baseline): the launcher then waits until that port answers.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** SIGTERM, and back once the server has shut down (at once when it already has). */
async function stop(server: ServerProcess | undefined): Promise<void> {
  server?.signal('SIGTERM');
  await server?.exited;
}

/**
 * The statements of one create of each kind (issue 45 item 6), counted at the drivers in this
 * process, through an app on the seeded database (no background task, as the pinning test counts
 * them: test/http/create-statements.test.ts), authenticated as the scenarios' writes are.
 */
async function countCreateStatements(
  databaseUrl: string,
  authorization: string,
): Promise<Record<CountedCreate, number>> {
  const node = await createTestApp({ nodeOf: { databaseUrl, ids: {} as never } });
  try {
    const counted = await statementsPerCreate((collection, body) =>
      node.app.inject({
        method: 'POST',
        url: `/calendar/events/v1/${collection}`,
        headers: { authorization },
        payload: body,
      }),
    );
    return Object.fromEntries(Object.entries(counted).map(([name, statements]) => [name, statements.length])) as Record<
      CountedCreate,
      number
    >;
  } finally {
    await node.close();
  }
}

async function benchmarkSize(
  events: number,
  baseline: ServerProcess,
  options: BenchOptions,
): Promise<{ rows: Row[]; seedSeconds: number; seriesWrites: number[]; statements: Record<CountedCreate, number> }> {
  const { dialect, seriesCount, warmup, duration, connections, computed } = options;
  log(`\n== ${events.toLocaleString('en-US')} events on ${dialect} ==`);
  const database = await createDatabase(dialect);
  let service: ServerProcess | undefined;
  /** Started when a scenario first needs them: a service without its read cache, the other nodes. */
  const extra: ServerProcess[] = [];
  try {
    const storage = openStorage(database.config);
    let fixtures: Fixtures;
    let seedSeconds: number;
    try {
      await migrate(storage);
      // The service's own recurrence settings, so the seed materialises series as far as it would.
      const recurring =
        seriesCount > 0
          ? { series: seriesCount, settings: loadConfig({ ...process.env, DATABASE_URL: database.url }).recurrence }
          : undefined;
      ({ seconds: seedSeconds } = await seed(storage, {
        events,
        force: false,
        recurring,
        log: (line) => log(`  seed: ${line}`),
      }));
      fixtures = await prepareFixtures(storage);
      if (!options.scenarios || options.scenarios.some((name) => TICKET_SCENARIOS.includes(name))) {
        fixtures = { ...fixtures, tickets: await seedTickets(storage, events, log) };
      }
    } finally {
      await storage.close();
    }
    // The sources, as the tests run them: bin/calendar-events.js runs dist/, which may predate them.
    const start = async (env: Record<string, string>) =>
      startServer(
        { DATABASE_URL: database.url, LOG_LEVEL: 'warn', CALENDAR_TIMEZONE: 'UTC', ...WEBHOOK_RECEIVER_ENV, ...env },
        { ...SERVER_CPU, port: await freePort() },
      );
    const withoutCache = { CALENDAR_READ_CACHE_MB: '0' };
    const cached = await start(computed ? withoutCache : {});
    service = cached;
    let computedService: ServerProcess | undefined;
    let bareService: ServerProcess | undefined;
    const otherNodes: ServerProcess[] = [];

    const rows: Row[] = [];
    /** `idleMb`: taken by the caller, who then reset the peak itself (before a feed's check run); else here. */
    const measure = async (
      name: string,
      server: ServerProcess,
      scenario: Requests & Pick<Scenario, 'drive'>,
      headers: Record<string, string>,
      counter: { n: number },
      idleBefore?: number,
      others: readonly number[] = [],
    ) => {
      if (idleBefore === undefined) memory.reset(server.pid);
      else
        log(
          `  ${name}: RSS ${format(idleBefore)} MB idle, ${format(memory.currentMb(server.pid))} MB after the check run's export`,
        );
      const idleMb = idleBefore ?? memory.currentMb(server.pid);
      const run = (seconds: number) =>
        scenario.drive
          ? scenario.drive(server.port, seconds, { headers, counter, others })
          : drive(server.port, scenario, headers, seconds, counter, connections);
      if (warmup > 0) await run(warmup);
      const measurement = await run(duration);
      const ended = server.ended();
      if (ended !== undefined) {
        throw new Error(`the server died during ${name} (${ended}); its last output:\n${server.output()}`);
      }
      const peakRssMb = memory.peakMb(server.pid);
      const flagsOf = (taken: Measurement) =>
        [taken.non2xx > 0 ? `${taken.non2xx} non-2xx!` : '', taken.errors > 0 ? `${taken.errors} errors!` : '']
          .filter(Boolean)
          .join(' ');
      const flagged = flagsOf(measurement);
      log(
        `  ${name.padEnd(14)} ${format(measurement.requestsPerSecond).padStart(7)} req/s  p50 ${measurement.p50} ms  p99 ${measurement.p99} ms  ${format(peakRssMb)} MB (idle ${format(idleMb)} MB) ${flagged}`,
      );
      const writes = (measurement as { writes?: Measurement }).writes;
      if (writes)
        log(
          `  ${`${name} writes`.padEnd(14)} ${format(writes.requestsPerSecond).padStart(7)} req/s  p50 ${writes.p50} ms  p99 ${writes.p99} ms ${flagsOf(writes)}`,
        );
      return {
        measurement,
        peakRssMb,
        flagged,
        ...(writes ? { writes: { measurement: writes, flagged: flagsOf(writes) } } : {}),
      };
    };

    const base = await measure('baseline', baseline, { method: 'GET', request: () => ({ path: '/' }) }, {}, { n: 0 });
    rows.push({
      scenario: 'baseline',
      events,
      measurement: base.measurement,
      peakRssMb: base.peakRssMb,
      ratio: 1,
      note: base.flagged,
      list: false,
    });

    const selected = options.scenarios;
    for (const scenario of scenarios(fixtures, connections)) {
      const twinOf = scenario.withoutRecordCacheOf;
      if (
        twinOf !== undefined
          ? !options.withoutRecordCache || (selected && !selected.includes(twinOf))
          : selected && !selected.includes(scenario.name)
      )
        continue;
      const headers: Record<string, string> = {
        ...(scenario.method === 'GET'
          ? {}
          : { 'content-type': 'application/json', authorization: fixtures.authorization }),
        ...scenario.headers,
      };
      const nodes = scenario.nodes ?? 1;
      if (nodes > 1 && dialect !== 'postgres') {
        rows.push({
          scenario: scenario.name,
          events,
          note: 'PostgreSQL only (SQLite has one writer per file)',
          list: scenario.list,
        });
        continue;
      }
      if (scenario.computed && twinOf === undefined && computedService === undefined) {
        computedService = await start(withoutCache);
        extra.push(computedService);
      }
      if (twinOf !== undefined && bareService === undefined) {
        bareService = await start({ ...withoutCache, CALENDAR_RECORD_CACHE_MB: '0' });
        extra.push(bareService);
      }
      const target = twinOf !== undefined ? bareService! : scenario.computed ? computedService! : cached;
      while (otherNodes.length < nodes - 1) {
        otherNodes.push(await start({}));
        extra.push(otherNodes.at(-1)!);
      }
      // Writes continue the numbering of the checked request, so titles stay unique.
      const counter = { n: 1 };
      await settle(target.port);
      await scenario.prepare?.(target.port);
      let idleBefore: number | undefined;
      if (scenario.exports) {
        memory.reset(target.pid);
        idleBefore = memory.currentMb(target.pid);
      }
      const wrong = await verify(target.port, scenario, headers, 0);
      if (wrong !== undefined) {
        log(`  ${scenario.name.padEnd(14)} ABORTED, wrong answer: ${wrong}`);
        log(`  service output (tail): ${target.output().slice(-1500)}`);
        rows.push({ scenario: scenario.name, events, note: `aborted: ${wrong.slice(0, 120)}`, list: scenario.list });
        continue;
      }
      const { measurement, peakRssMb, flagged, writes } = await measure(
        scenario.name,
        target,
        scenario,
        headers,
        counter,
        idleBefore,
        otherNodes.slice(0, nodes - 1).map((node) => node.port),
      );
      rows.push({
        scenario: scenario.name,
        events,
        measurement,
        peakRssMb,
        ratio: measurement.requestsPerSecond / base.measurement.requestsPerSecond,
        note: flagged,
        list: scenario.list,
      });
      // A scenario that also writes (mixed) reports its writes on a row of their own.
      if (writes)
        rows.push({
          scenario: `${scenario.name} (writes)`,
          events,
          measurement: writes.measurement,
          note: writes.flagged,
          list: false,
        });
    }
    let seriesWrites: number[] = [];
    if (!selected || selected.includes('create-series')) {
      await settle(service.port);
      seriesWrites = await timeSeriesCreation(service.port, fixtures);
      log(
        `  create-series  ${SERIES_OCCURRENCES} occurrences in one POST: ${seriesWrites.map((ms) => format(ms)).join(', ')} ms`,
      );
    }
    const statements = await countCreateStatements(database.url, fixtures.authorization);
    log(
      `  statements per create: ${Object.entries(statements)
        .map(([name, count]) => `${name} ${count}`)
        .join(', ')}`,
    );
    return { rows, seedSeconds, seriesWrites, statements };
  } finally {
    await Promise.all([service, ...extra].map(stop));
    await database.drop();
  }
}

async function main(options: BenchOptions): Promise<void> {
  const { sizes, dialect, duration, connections, warmup, seriesCount, computed } = options;
  const cpuCount = os.cpus().length;
  const cpuModel =
    /model name\s*:\s*(.*)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const started = new Date();
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  log(
    `calendar-events bench: ${sizes.map(sizeLabel).join(', ')} events on ${dialect}; ${duration} s per scenario after ${warmup} s of warm-up, ${connections} connections`,
  );
  // The load generator on CPU 1, the servers on CPU 0: neither steals the other's core.
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  log(
    `${cpuCount} CPUs (${cpuModel}), Node ${process.version}, load average ${loadAverage}; pinning ${hasTaskset ? 'servers to CPU 0, load generator to CPU 1' : 'unavailable (no taskset or one CPU)'}`,
  );
  log('rate limits off (CALENDAR_RATE_LIMIT_READS=0, CALENDAR_RATE_LIMIT_WRITES=0): one load generator is one client');

  const baseline = await startServer(
    {},
    { ...SERVER_CPU, args: ['--import', 'tsx', 'bench/baseline.ts'], port: await freePort() },
  );
  const rows: Row[] = [];
  const seedTimes: string[] = [];
  const seriesLines: string[] = [];
  const statementLines: string[] = [];
  try {
    for (const events of sizes) {
      const result = await benchmarkSize(events, baseline, options);
      rows.push(...result.rows);
      seedTimes.push(`${sizeLabel(events)}: ${result.seedSeconds.toFixed(1)} s`);
      statementLines.push(
        `- Statements per create at ${sizeLabel(events)} (the whole request, counted at the driver): ${Object.entries(
          result.statements,
        )
          .map(([name, count]) => `${name} ${count}`)
          .join(', ')}`,
      );
      if (result.seriesWrites.length > 0) {
        const sorted = [...result.seriesWrites].sort((a, b) => a - b);
        seriesLines.push(
          `- Creating a series of ${SERIES_OCCURRENCES} occurrences (one POST) at ${sizeLabel(events)}: median ${format(sorted[sorted.length >> 1])} ms, slowest ${format(sorted.at(-1))} ms of ${sorted.length}`,
        );
      }
    }
  } finally {
    await stop(baseline);
  }

  const report = reportText(rows, options, {
    started,
    cpuCount,
    cpuModel,
    loadAverage,
    pinned: hasTaskset,
    seedTimes,
    seriesLines,
    statementLines,
  });
  log('');
  log(report);
  const file = path.join(
    ROOT,
    'bench',
    'results',
    `${started.toISOString().slice(0, 10)}-${dialect}-${sizes.map(sizeLabel).join('-')}${seriesCount > 0 ? `-recurring-${sizeLabel(seriesCount)}` : ''}${computed ? '-computed' : ''}.md`,
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, report);
  log(`Written to ${path.relative(ROOT, file)}`);
}

// Only the entry point exits: a refused command line sets exit code 2 (the options are parsed as a value).
const parsed = parseBenchArgs(process.argv.slice(2), process.env);
if ('help' in parsed) {
  log(USAGE);
} else if ('error' in parsed) {
  process.stderr.write(`${parsed.error}\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  await main(parsed.options);
}
