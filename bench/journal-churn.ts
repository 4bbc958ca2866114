import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { migrate, openStorage } from '../src/storage/database.ts';
import { seed } from '../src/seed/seed.ts';
import { startServer } from '../test/fixtures/server-process.ts';
import { createDatabase, prepareFixtures } from './database.ts';
import { drive, settle } from './load.ts';
import { format, log } from './output.ts';
import { scenarios, type Fixtures } from './scenarios.ts';

/*
 * Issue 48 item 3 (decision 0106): creates for a long time on PostgreSQL with autovacuum off for
 * every table of the bench's database, as on a server whose autovacuum is off or cannot keep up.
 * The `create` scenario's requests (10 connections) in windows of WINDOW_SECONDS, each window's
 * creates/s printed with the machine's load average, the database's blocks read or hit per create
 * (pg_stat_database: the work each create costs, whatever else the machine runs) and the dead rows
 * of the content-change tags and the journal; at the end the first window against the last, and
 * the median of the first SPAN windows against that of the last (less at the mercy of other work
 * on a shared machine). Throughput must not fall by more than 10%.
 *
 *   node --import tsx bench/journal-churn.ts [minutes=30] [events=1000]   (BENCH_POSTGRES_URL as bench/run.ts)
 */

const MINUTES = Number(process.argv[2] ?? 30);
const EVENTS = Number(process.argv[3] ?? 1000);
const WINDOW_SECONDS = 60;
const CONNECTIONS = 10;
const SPAN = 5;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const database = await createDatabase('postgres');
try {
  const storage = openStorage(database.config);
  let fixtures: Fixtures;
  try {
    await migrate(storage);
    await seed(storage, { events: EVENTS, force: false, log: (line) => log(`  seed: ${line}`) });
    fixtures = await prepareFixtures(storage);
  } finally {
    await storage.close();
  }
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const { rows: tables } = await admin.query<{ name: string }>(
      `select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    for (const { name } of tables)
      await admin.query(`alter table "${name}" set (autovacuum_enabled = false, toast.autovacuum_enabled = false)`);
    // What the seed left dead is not the run's: the tables start clean, then nothing vacuums them.
    await admin.query('vacuum');
    log(
      `journal-churn: ${EVENTS} events seeded, autovacuum off for ${tables.length} tables, ${MINUTES} min of creates in ${WINDOW_SECONDS} s windows, ${CONNECTIONS} connections`,
    );
    const server = await startServer(
      {
        DATABASE_URL: database.url,
        LOG_LEVEL: 'warn',
        CALENDAR_TIMEZONE: 'UTC',
        CALENDAR_SECRETS_KEY: randomBytes(32).toString('base64'),
      },
      { port: 20_000 + Math.floor(Math.random() * 20_000) },
    );
    try {
      await settle(server.port);
      const create = scenarios(fixtures, CONNECTIONS).find((scenario) => scenario.name === 'create')!;
      const headers = { 'content-type': 'application/json', authorization: fixtures.authorization };
      const counter = { n: 1 };
      const rates: number[] = [];
      const blocksPerCreate: number[] = [];
      /** Blocks the bench's database read or found in its buffers so far (reported by each backend within a second or so). */
      const blocks = async () =>
        Number(
          (
            await admin.query<{ blocks: string }>(
              'select blks_hit + blks_read as blocks from pg_stat_database where datname = current_database()',
            )
          ).rows[0]!.blocks,
        );
      let blocksBefore = await blocks();
      const windows = Math.max(2, Math.round((MINUTES * 60) / WINDOW_SECONDS));
      for (let window = 1; window <= windows; window++) {
        const sentBefore = counter.n;
        const measured = await drive(server.port, create, headers, WINDOW_SECONDS, counter, CONNECTIONS);
        rates.push(measured.requestsPerSecond);
        const blocksAfter = await blocks();
        blocksPerCreate.push((blocksAfter - blocksBefore) / Math.max(1, counter.n - sentBefore));
        blocksBefore = blocksAfter;
        const { rows } = await admin.query<{
          relname: string;
          n_dead_tup: string;
          n_tup_ins: string;
          n_tup_upd: string;
          n_tup_del: string;
        }>(
          `select relname, n_dead_tup, n_tup_ins, n_tup_upd, n_tup_del from pg_stat_user_tables where relname in ('content_changes', 'record_changes') order by relname`,
        );
        const tables = rows
          .map(
            (row) =>
              `${row.relname} dead ${row.n_dead_tup} (ins ${row.n_tup_ins} upd ${row.n_tup_upd} del ${row.n_tup_del})`,
          )
          .join(', ');
        const flags = [
          measured.non2xx > 0 ? `${measured.non2xx} non-2xx!` : '',
          measured.errors > 0 ? `${measured.errors} errors!` : '',
        ]
          .filter(Boolean)
          .join(' ');
        log(
          `  window ${String(window).padStart(3)}: ${format(measured.requestsPerSecond).padStart(6)} creates/s  load ${os.loadavg()[0]!.toFixed(1)}  ${format(blocksPerCreate.at(-1))} blocks/create  p50 ${measured.p50} ms  p99 ${measured.p99} ms  ${counter.n - 1} sent; ${tables} ${flags}`,
        );
        if (server.ended() !== undefined) throw new Error(`the server died (${server.ended()}): ${server.output()}`);
      }
      const change = (first: number, last: number) =>
        `${format(first)} → ${format(last)} creates/s (${format((100 * (last - first)) / first, 1)}%)`;
      log(`first window → last window: ${change(rates[0]!, rates.at(-1)!)}`);
      const span = Math.min(SPAN, rates.length >> 1);
      log(
        `median of the first ${span} windows → of the last ${span}: ${change(median(rates.slice(0, span)), median(rates.slice(-span)))} (target: no fall of more than 10%)`,
      );
      log(
        `blocks per create, median of the first ${span} windows → of the last ${span}: ${format(median(blocksPerCreate.slice(0, span)))} → ${format(median(blocksPerCreate.slice(-span)))}`,
      );
    } finally {
      await server.kill();
    }
  } finally {
    await admin.end();
  }
} finally {
  await database.drop();
}
