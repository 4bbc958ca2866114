import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/*
 * Issue 43 item 4 (decision 0091): how long creates are refused or held after a big iCalendar
 * import is answered 503, with the real `serve` process. Generates a document of EVENTS events
 * (default 10,000: about 2 MB), sends it, then, from its 503 on, sends a create filed under the
 * import's category every 250 ms until one is answered 201, and prints how long that took.
 *
 *   node --import tsx bench/import-deadline.ts [checkout]      (DATABASE_URL=postgres://... for PostgreSQL)
 *
 * `checkout` is the source tree whose `serve` runs (default: this one), to measure another branch.
 */

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const { startServer, cliProcess } = (await import(
  path.join(root, 'test/fixtures/server-process.ts')
)) as typeof import('../test/fixtures/server-process.ts');
const { bigCalendar } = await import('../test/fixtures/big-calendar.ts');
const EVENTS = Number(process.env.EVENTS ?? 10_000);
const GIVE_UP_MS = 15 * 60_000;

async function database(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server?.startsWith('postgres')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-deadline-'));
    return {
      url: path.join(dir, 'calendar.sqlite'),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await run(`create schema ${schema}`);
  const url = new URL(server);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`drop schema if exists ${schema} cascade`) };
}

process.env.CALENDAR_SECRETS_KEY ??= Buffer.alloc(32, 1).toString('base64');
const db = await database();
try {
  // The document imported within its request (decision 0091 sends one this big to the background): the 503 path is what is measured.
  const env = {
    DATABASE_URL: db.url,
    LOG_LEVEL: 'warn',
    CALENDAR_SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
    CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS: '100000',
  };
  for (const args of [
    ['migrate'],
    ['user', 'create', 'editor', '--role', 'editor', '--password', 'editor-password-long'],
  ]) {
    const run = await cliProcess(db.url, args);
    if (run.code !== 0) throw new Error(`${args.join(' ')}: ${run.err}`);
  }
  const server = await startServer(env, { port: 20_000 + Math.floor(Math.random() * 20_000) });
  try {
    const api = `${server.base}/calendar/events/v1`;
    const authorization = `Basic ${Buffer.from('editor:editor-password-long').toString('base64')}`;
    const body = bigCalendar(EVENTS, 'Shared');
    console.log(
      `${root}: ${process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite'}, ${EVENTS} events, ${(body.length / 1e6).toFixed(1)} MB`,
    );
    const sent = performance.now();
    const imported = await fetch(`${api}/events/import`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'text/calendar' },
      body,
    });
    const answeredAt = performance.now();
    console.log(`import answered ${imported.status} after ${((answeredAt - sent) / 1000).toFixed(1)} s`);
    let refused = 0;
    for (;;) {
      const created = await fetch(`${api}/events`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'After the import',
          start_date: '2026-12-01 10:00:00',
          end_date: '2026-12-01 11:00:00',
          categories: ['Shared'],
        }),
      });
      if (created.status === 201) break;
      refused++;
      if (performance.now() - answeredAt > GIVE_UP_MS) throw new Error('creates still refused after 15 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(
      `first create answered 201 ${((performance.now() - answeredAt) / 1000).toFixed(1)} s after the import's answer (${refused} refused before it)`,
    );
  } finally {
    await server.kill();
  }
} finally {
  await db.drop();
}
