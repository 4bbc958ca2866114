import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { seed } from '../src/seed/seed.ts';
import { migrate, openStorage } from '../src/storage/database.ts';
import { startServer, type ServerProcess } from '../test/fixtures/server-process.ts';
import { createDatabase, prepareFixtures } from './database.ts';
import { settle } from './load.ts';
import { format, log } from './output.ts';

/*
 * Issue 48's closing count (decision 0101): WRITES writes from two `serve` nodes on one PostgreSQL
 * database, the kind that deadlocked: creates whose titles end in numbers on a handful of days, and
 * status changes (publish, draft) of events on those same days, CONNECTIONS per node. Reports the
 * database's deadlocks (pg_stat_database), the share of its active backends seen waiting on a lock
 * (pg_stat_activity, sampled every 100 ms) and the answers that were not 2xx.
 *
 *   node --import tsx bench/write-deadlocks.ts [writes=50000]   (BENCH_POSTGRES_URL as bench/run.ts)
 */

const WRITES = Number(process.argv[2] ?? 50_000);
const CONNECTIONS = 8;
const DAYS = ['2027-05-03', '2027-05-04', '2027-05-05', '2027-05-06', '2027-05-07'];
const POOL = 200;

const database = await createDatabase('postgres');
try {
  const storage = openStorage(database.config);
  let authorization: string;
  try {
    await migrate(storage);
    // The bench's users and a small calendar around the writes.
    await seed(storage, { events: 200, force: false, log: () => undefined });
    authorization = (await prepareFixtures(storage)).authorization;
  } finally {
    await storage.close();
  }
  const env = {
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    CALENDAR_TIMEZONE: 'UTC',
    CALENDAR_SECRETS_KEY: randomBytes(32).toString('base64'),
  };
  const nodes: ServerProcess[] = [];
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    for (let node = 0; node < 2; node++)
      nodes.push(await startServer(env, { port: 20_000 + Math.floor(Math.random() * 20_000) }));
    for (const node of nodes) await settle(node.port);
    const headers = { 'content-type': 'application/json', authorization };
    let serial = 0;
    const create = (port: number) => {
      const day = DAYS[serial % DAYS.length]!;
      return fetch(`http://127.0.0.1:${port}/calendar/events/v1/events`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `Meetup ${++serial}`,
          status: 'publish',
          start_date: `${day} 18:00:00`,
          end_date: `${day} 20:00:00`,
        }),
      });
    };
    const pool: number[] = [];
    while (pool.length < POOL) pool.push(((await (await create(nodes[0]!.port)).json()) as { id: number }).id);
    const flip = (port: number) =>
      fetch(`http://127.0.0.1:${port}/calendar/events/v1/events/${pool[Math.floor(Math.random() * POOL)]}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ status: Math.random() < 0.5 ? 'draft' : 'publish' }),
      });
    const deadlocks = async () =>
      Number(
        (
          await admin.query<{ deadlocks: string }>(
            'select deadlocks from pg_stat_database where datname = current_database()',
          )
        ).rows[0]!.deadlocks,
      );
    const deadlocksBefore = await deadlocks();
    const samples = { active: 0, waiting: 0 };
    let sampling = true;
    const sampler = (async () => {
      const watcher = new pg.Client({ connectionString: database.url });
      await watcher.connect();
      while (sampling) {
        const { rows } = await watcher.query<{ active: string; waiting: string }>(
          `select count(*) as active, count(*) filter (where wait_event_type = 'Lock') as waiting from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
        );
        samples.active += Number(rows[0]!.active);
        samples.waiting += Number(rows[0]!.waiting);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await watcher.end();
    })();
    let sent = 0;
    let refused = 0;
    const started = performance.now();
    const worker = async (port: number) => {
      while (sent < WRITES) {
        sent++;
        const answer = await (sent % 2 === 0 ? create(port) : flip(port));
        await answer.arrayBuffer();
        if (answer.status >= 300) refused++;
        if (sent % 5000 === 0)
          log(
            `  ${sent} writes, ${format(sent / ((performance.now() - started) / 1000))} writes/s, load ${os.loadavg()[0]!.toFixed(1)}, ${(await deadlocks()) - deadlocksBefore} deadlocks`,
          );
      }
    };
    await Promise.all(nodes.flatMap((node) => Array.from({ length: CONNECTIONS }, () => worker(node.port))));
    sampling = false;
    await sampler;
    const seconds = (performance.now() - started) / 1000;
    log(
      `write-deadlocks: ${sent} writes (half creates on ${DAYS.length} days, half status changes of ${POOL} events on them) from 2 nodes × ${CONNECTIONS} connections in ${format(seconds)} s (${format(sent / seconds)} writes/s)`,
    );
    log(
      `  deadlocks: ${(await deadlocks()) - deadlocksBefore}; answers not 2xx: ${refused}; active backends waiting on a lock: ${format((100 * samples.waiting) / Math.max(1, samples.active), 1)}% of ${samples.active} samples`,
    );
  } finally {
    await admin.end();
    for (const node of nodes) await node.kill();
  }
} finally {
  await database.drop();
}
