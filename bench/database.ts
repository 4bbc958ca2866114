import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { LOGIN_THROTTLE } from '../src/auth/login-throttle.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig, type DatabaseConfig } from '../src/config.ts';
import { composeApplication } from '../src/container.ts';
import type { Storage } from '../src/storage/types.ts';
import { RUN_ID, type Fixtures } from './scenarios.ts';

/*
 * Each size's database: a fresh one (a temporary SQLite file, or a PostgreSQL database created and
 * dropped), and what the scenarios need to know about its seeded data.
 */

/** Where fresh `bench_<random>` PostgreSQL databases are created and dropped. */
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createDatabase(
  dialect: 'sqlite' | 'postgres',
): Promise<{ config: DatabaseConfig; url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-bench-'));
    const file = path.join(dir, 'calendar.sqlite');
    return {
      config: { dialect: 'sqlite', file },
      url: file,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
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

export async function prepareFixtures(storage: Storage): Promise<Fixtures> {
  const events = await storage.write((tx) =>
    tx
      .selectFrom('posts')
      .select(['id', 'slug'])
      .where('type', '=', 'event')
      .where('status', '=', 'publish')
      .where('password', '=', '')
      .orderBy(sql`random()`)
      .limit(1000)
      .execute(),
  );
  const leaves = await storage.write((tx) =>
    tx
      .selectFrom('terms as t')
      .select('t.id')
      .where('t.taxonomy', '=', 'category')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('terms as c').select('c.id').whereRef('c.parent_id', '=', 't.id'))))
      .orderBy('t.count', 'desc')
      .orderBy('t.id')
      .execute(),
  );
  const busy = await storage.write((tx) =>
    tx
      .selectFrom('terms')
      .select('id')
      .where('taxonomy', '=', 'category')
      .where('count', '>=', 200)
      .orderBy('id')
      .execute(),
  );
  const venue = await storage.write((tx) => tx.selectFrom('venues').select('post_id').executeTakeFirstOrThrow());
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 6, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 7, 0));
  const { users } = (
    await composeApplication(
      storage,
      { timezone: 'UTC', recurrence: loadConfig().recurrence },
      systemClock,
      LOGIN_THROTTLE,
    )
  ).services;
  const login = `bench-${RUN_ID}`;
  await users.create({ login, role: 'administrator' });
  const { password } = await users.createAppPassword(login, 'bench');
  return {
    events,
    categoryId: leaves[0]!.id,
    leafCategoryIds: leaves.map((leaf) => leaf.id),
    busyCategoryIds: busy.map((term) => term.id),
    venueId: venue.post_id,
    month: { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) },
    authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
  };
}
