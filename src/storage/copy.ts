import fs from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { BackupError, ENGINE_NAMES, type Engine } from './backup-files.ts';
import { copyUploadedFiles } from './backup-media.ts';
import { integrityProblems, type RowQuery } from './backup.ts';
import { migrate, openStorage } from './database.ts';
import type { Storage } from './types.ts';
import { describeCounts, isEmpty, RECORD_COUNTS_SQL, recordCounts } from './integrity.ts';
import { MEDIA_FILES_SQL } from './repositories/media.repository.ts';
import type { Database } from './tables.ts';

/**
 * `calendar-events copy` (decision 0102): a whole calendar from one database into another, across
 * engines (the embedded SQLite into PostgreSQL, and back). Both are brought to the latest schema
 * first; the source is read in one snapshot, and the target is filled in batches inside one
 * transaction that also checks it as `restore` does, so a copy that fails anywhere leaves the
 * target as it was. Every value goes across as it is: the schema stores date-times, flags and JSON
 * in integer and text columns alike on both engines (decision 0003), so the copy converts nothing.
 */

type Row = Record<string, unknown>;

/**
 * Every table of a calendar, in the order the copy fills them: a table after those its foreign
 * keys name. Typed by the `Database` of tables.ts, so a table added there fails to compile until
 * it is named here too.
 */
const TABLES_IN_COPY_ORDER: Readonly<Record<keyof Database, true>> = {
  users: true,
  app_passwords: true,
  sessions: true,
  setup_tokens: true,
  site_secrets: true,
  login_throttle: true,
  images: true,
  media: true,
  posts: true,
  events: true,
  event_occurrences: true,
  occurrence_day_counts: true,
  venues: true,
  organizers: true,
  event_links: true,
  terms: true,
  event_terms: true,
  post_translations: true,
  term_translations: true,
  content_version: true,
  content_changes: true,
  record_changes: true,
  webhook_subscriptions: true,
  webhook_messages: true,
  webhook_deliveries: true,
  webhook_fanout: true,
  tec_import_sources: true,
  tec_import_map: true,
  ical_import_map: true,
  import_sources: true,
  site_imports: true,
  import_source_items: true,
  community_submissions: true,
  community_spent_challenges: true,
  event_ticket_pools: true,
  tickets: true,
  attendees: true,
  mail_outbox: true,
};

export const COPIED_TABLES = Object.keys(TABLES_IN_COPY_ORDER) as readonly (keyof Database)[];

/** Rows read, and written, at a time. */
const BATCH_ROWS = 1000;

/** What the copy shows while it runs. */
export interface CopyProgress {
  /** A table's copy begins, with the rows the source's snapshot holds. */
  table(name: string, rows: number): void;
  /** `rows` more of the current table are written. */
  copied(rows: number): void;
  /** Something to say between tables (the check, the media files). */
  note(line: string): void;
  stop(): void;
}

export interface CopySummary {
  /** Rows copied, by table, in copy order. */
  readonly rows: ReadonlyArray<readonly [table: string, rows: number]>;
  readonly counts: ReturnType<typeof recordCounts>;
  /** Files of the uploads, present in the target's media folder. */
  readonly mediaFiles: number;
  /** The id counters set on the target, by table. */
  readonly counters: ReadonlyMap<string, number>;
}

export interface CopyRequest {
  readonly source: DatabaseConfig;
  readonly sourceMediaDir: string;
  readonly target: DatabaseConfig;
  readonly targetMediaDir: string;
  /** Replace whatever the target holds; without it, a target with any post, term or user is refused. */
  readonly replace: boolean;
  readonly progress: CopyProgress;
}

/**
 * The value of `table`.`column` as the target engine takes it. Numbers, text and null go across
 * unchanged (they are every type the schema stores); what no column of the schema holds, and what
 * the target could not keep exactly, is refused by name rather than changed.
 */
export function portableValue(value: unknown, target: Engine, table: string, column: string): unknown {
  const where = `${table}.${column}`;
  if (value === null || typeof value === 'string') {
    // PostgreSQL text holds no NUL character; SQLite's may.
    if (target === 'postgres' && typeof value === 'string' && value.includes('\0'))
      throw new BackupError(
        `${where} holds a NUL character, which PostgreSQL text cannot hold; remove it from the source first.`,
      );
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new BackupError(
        `${where} holds ${value}, which the target would not keep; the schema stores finite numbers only.`,
      );
    return value;
  }
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
      throw new BackupError(`${where} holds ${value}, beyond the integers the schema stores.`);
    return Number(value);
  }
  const kind = Buffer.isBuffer(value) ? 'binary data (a blob)' : `a value of type ${typeof value}`;
  throw new BackupError(
    `${where} holds ${kind}, which no column of the schema stores; the source was written by something else than this service.`,
  );
}

/** One end of the copy on its engine: its rows, columns and id counters, and how it takes rows. */
interface End {
  readonly engine: Engine;
  readonly query: RowQuery;
  columns(table: string): Promise<string[]>;
  /** The rows of `table`, `BATCH_ROWS` at a time. */
  batches(table: string, columns: readonly string[]): AsyncIterable<Row[]>;
  /** The last id each table's counter handed out (the id sequences: AUTOINCREMENT, serial), by table. */
  counters(): Promise<Map<string, number>>;
  /** Begins the read of the source's one snapshot. */
  beginRead(): Promise<void>;
  /** Begins the target's one transaction, sets its triggers (and on PostgreSQL its secondary indexes) aside and empties its tables. */
  beginFill(tables: readonly string[]): Promise<void>;
  insert(table: string, columns: readonly string[], rows: readonly Row[]): Promise<void>;
  /** Puts the triggers and indexes back, rebuilds what they keep, and sets the counters at `counters`, or past the ids stored if higher. */
  endFill(counters: ReadonlyMap<string, number>): Promise<Map<string, number>>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const columnList = (columns: readonly string[]) => columns.map(quote).join(', ');

function sqliteEnd(client: SqliteDatabase.Database): End {
  let triggers: { name: string; sql: string }[] = [];
  const query: RowQuery = async (text) => {
    const statement = client.prepare(text);
    return statement.reader ? (statement.all() as Row[]) : (statement.run(), []);
  };
  const inserts = new Map<string, SqliteDatabase.Statement>();
  return {
    engine: 'sqlite',
    query,
    columns: async (table) =>
      (client.prepare('select name from pragma_table_info(?) order by cid').all(table) as { name: string }[]).map(
        (row) => row.name,
      ),
    batches: async function* (table, columns) {
      let batch: Row[] = [];
      for (const row of client
        .prepare(`select ${columnList(columns)} from ${quote(table)} order by rowid`)
        .iterate() as Iterable<Row>) {
        batch.push(row);
        if (batch.length === BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
    counters: async () =>
      new Map(
        (client.prepare('select name, seq from sqlite_sequence').all() as { name: string; seq: number }[]).map(
          (row) => [row.name, Number(row.seq)],
        ),
      ),
    beginRead: async () => {
      // Deferred, and the snapshot taken at once: in WAL mode, servers go on writing meanwhile.
      client.exec('begin');
      client.prepare('select count(*) from sqlite_master').get();
    },
    beginFill: async (tables) => {
      client.exec('begin immediate');
      // SQLite cannot turn triggers off: they go (the journal's, the day counts', the search index's) and come back from their own SQL.
      triggers = client.prepare(`select name, sql from sqlite_master where type = 'trigger'`).all() as {
        name: string;
        sql: string;
      }[];
      for (const trigger of triggers) client.exec(`drop trigger ${quote(trigger.name)}`);
      for (const table of [...tables].reverse()) client.exec(`delete from ${quote(table)}`);
    },
    insert: async (table, columns, rows) => {
      const text = `insert into ${quote(table)} (${columnList(columns)}) values (${columns.map(() => '?').join(', ')})`;
      let statement = inserts.get(text);
      if (!statement) inserts.set(text, (statement = client.prepare(text)));
      for (const row of rows) statement.run(columns.map((column) => row[column]));
    },
    endFill: async (counters) => {
      for (const trigger of triggers) client.exec(trigger.sql);
      // The full-text index of migration 20261122010000 follows the posts now there.
      client.exec(`insert into post_search(post_search) values ('rebuild')`);
      const set = new Map<string, number>();
      const autoincrement = client
        .prepare(`select name from sqlite_master where type = 'table' and sql like '%autoincrement%'`)
        .all() as { name: string }[];
      for (const { name } of autoincrement) {
        const stored = (
          client.prepare(`select coalesce(max(rowid), 0) as id from ${quote(name)}`).get() as { id: number }
        ).id;
        const last = Math.max(counters.get(name) ?? 0, stored);
        client.prepare('delete from sqlite_sequence where name = ?').run(name);
        if (last > 0)
          client.prepare('insert into sqlite_sequence (name, seq) values (?, cast(? as integer))').run(name, last);
        set.set(name, last);
      }
      return set;
    },
    commit: async () => void client.exec('commit'),
    rollback: async () => {
      if (client.inTransaction) client.exec('rollback');
    },
  };
}

/** The serial columns of the connection's schema and their sequences. */
async function serialColumns(client: pg.PoolClient): Promise<{ table: string; column: string; sequence: string }[]> {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(
    `select table_name as table, column_name as column, pg_get_serial_sequence(format('%I', table_name), column_name) as sequence
       from information_schema.columns where table_schema = current_schema() and column_default like 'nextval(%'`,
  );
  return rows;
}

function postgresEnd(client: pg.PoolClient): End {
  let tables: readonly string[] = [];
  let indexes: { name: string; sql: string }[] = [];
  const query: RowQuery = async (text) => (await client.query<Row>(text)).rows;
  return {
    engine: 'postgres',
    query,
    columns: async (table) =>
      (
        await client.query<{ name: string }>(
          `select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
          [table],
        )
      ).rows.map((row) => row.name),
    batches: async function* (table, columns) {
      // A cursor of the snapshot's transaction: the rows come a batch at a time, never all in memory.
      await client.query(`declare copied_rows no scroll cursor for select ${columnList(columns)} from ${quote(table)}`);
      try {
        for (;;) {
          const { rows } = await client.query<Row>(`fetch forward ${BATCH_ROWS} from copied_rows`);
          if (rows.length > 0) yield rows;
          if (rows.length < BATCH_ROWS) break;
        }
      } finally {
        await client.query('close copied_rows');
      }
    },
    counters: async () => {
      const counters = new Map<string, number>();
      for (const { table, sequence } of await serialColumns(client)) {
        const { rows } = await client.query<{ last: string }>(
          `select case when is_called then last_value else last_value - 1 end as last from ${sequence}`,
        );
        counters.set(table, Number(rows[0]!.last));
      }
      return counters;
    },
    beginRead: async () => void (await client.query('begin isolation level repeatable read read only')),
    beginFill: async (copied) => {
      tables = copied;
      await client.query('begin');
      // The user's triggers (the journal's, the content changes', the day counts') are off for the
      // transaction: the rows copied are already what they wrote. The foreign keys' stay and check every row.
      for (const table of tables) await client.query(`alter table ${quote(table)} disable trigger user`);
      await client.query(`truncate ${tables.map(quote).join(', ')}`);
      // Indexes that back no constraint (the search's trigram index above all) are built once at
      // the end, from the definitions the database recorded, rather than grown row by row.
      indexes = (
        await client.query<{ name: string; sql: string }>(
          `select i.indexname as name, i.indexdef as sql from pg_indexes i
            where i.schemaname = current_schema() and i.tablename = any($1)
              and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))`,
          [tables],
        )
      ).rows;
      for (const index of indexes) await client.query(`drop index ${quote(index.name)}`);
    },
    insert: async (table, columns, rows) => {
      // The table's own row type gives each JSON field its column's type.
      await client.query(
        `insert into ${quote(table)} (${columnList(columns)}) select ${columnList(columns)} from json_populate_recordset(null::${quote(table)}, $1::json)`,
        [JSON.stringify(rows)],
      );
    },
    endFill: async (counters) => {
      for (const index of indexes) await client.query(index.sql);
      for (const table of tables) await client.query(`alter table ${quote(table)} enable trigger user`);
      const set = new Map<string, number>();
      for (const { table, column, sequence } of await serialColumns(client)) {
        const { rows } = await client.query<{ id: number }>(
          `select coalesce(max(${quote(column)}), 0) as id from ${quote(table)}`,
        );
        const last = Math.max(counters.get(table) ?? 0, Number(rows[0]!.id));
        // Explicit ids do not move a sequence: it is set to hand out the id after the last one, as the source's would.
        await client.query('select setval($1::regclass, $2, $3)', [sequence, Math.max(last, 1), last > 0]);
        set.set(table, last);
      }
      return set;
    },
    commit: async () => {
      await client.query('commit');
      // What autovacuum would do soon after: statistics for the planner, and the visibility map the archive's index-only counts need.
      await client.query(`vacuum analyze ${tables.map(quote).join(', ')}`);
    },
    // Outside a transaction PostgreSQL only warns; on a broken connection the server has rolled back already.
    rollback: async () => void (await client.query('rollback').catch(() => undefined)),
  };
}

/** An end of the copy on a migrated storage, and how to let it go. */
async function openEnd(storage: Storage): Promise<{ end: End; release: () => void }> {
  if (storage.driver.kind === 'sqlite') return { end: sqliteEnd(storage.driver.client), release: () => undefined };
  const client = await storage.driver.client.connect();
  return { end: postgresEnd(client), release: () => client.release() };
}

function sameDatabase(a: DatabaseConfig, b: DatabaseConfig): boolean {
  if (a.dialect === 'sqlite' && b.dialect === 'sqlite')
    return a.file !== ':memory:' && path.resolve(a.file) === path.resolve(b.file);
  return a.dialect === 'postgres' && b.dialect === 'postgres' && a.url === b.url;
}

const nameOf = (config: DatabaseConfig) =>
  config.dialect === 'sqlite' ? `the SQLite file ${config.file}` : 'the PostgreSQL database';

async function copyTables(source: End, target: End, progress: CopyProgress): Promise<[string, number][]> {
  const copied: [string, number][] = [];
  for (const table of COPIED_TABLES) {
    const columns = await target.columns(table);
    const sourceColumns = await source.columns(table);
    if (
      columns.length === 0 ||
      columns.length !== sourceColumns.length ||
      columns.some((column) => !sourceColumns.includes(column))
    ) {
      throw new BackupError(
        `The table ${table} has other columns in the source (${sourceColumns.join(', ')}) than in the target (${columns.join(', ')}).`,
      );
    }
    const total = Number((await source.query(`select count(*) as count from ${quote(table)}`))[0]!.count);
    progress.table(table, total);
    let rows = 0;
    for await (const batch of source.batches(table, columns)) {
      const portable = batch.map((row) =>
        Object.fromEntries(columns.map((column) => [column, portableValue(row[column], target.engine, table, column)])),
      );
      try {
        await target.insert(table, columns, portable);
      } catch (error) {
        throw new BackupError(`Writing the rows of ${table} failed: ${(error as Error).message}`);
      }
      rows += batch.length;
      progress.copied(batch.length);
    }
    const written = Number((await target.query(`select count(*) as count from ${quote(table)}`))[0]!.count);
    if (rows !== total || written !== total)
      throw new BackupError(
        `The table ${table} has ${total} rows in the source's snapshot, but ${rows} were read and ${written} written.`,
      );
    copied.push([table, rows]);
  }
  return copied;
}

/**
 * Copies the calendar of `request.source` into `request.target`, with the files of its uploads.
 * The target is migrated and must hold no post, term or user unless `replace`; it ends up holding
 * the source's calendar whole, checked, or (on any failure) what it held before.
 */
export async function copyCalendar(request: CopyRequest): Promise<CopySummary> {
  const { progress } = request;
  if (sameDatabase(request.source, request.target))
    throw new BackupError(`The source and the target are the same database (${nameOf(request.source)}).`);
  if (
    request.source.dialect === 'sqlite' &&
    (request.source.file === ':memory:' || !fs.existsSync(request.source.file))
  )
    throw new BackupError(`There is no database at ${request.source.file} to copy.`);
  if (request.target.dialect === 'sqlite' && request.target.file === ':memory:')
    throw new BackupError('Cannot copy into an in-memory database.');
  const sourceStorage = openStorage(request.source);
  const targetStorage = openStorage(request.target);
  try {
    progress.note(
      `Bringing the schemas of the source (${ENGINE_NAMES[request.source.dialect]}) and the target (${ENGINE_NAMES[request.target.dialect]}) up to date`,
    );
    await migrate(sourceStorage);
    await migrate(targetStorage);
    const source = await openEnd(sourceStorage);
    const target = await openEnd(targetStorage);
    try {
      const existing = recordCounts((await target.end.query(RECORD_COUNTS_SQL))[0]!);
      if (!isEmpty(existing) && !request.replace) {
        throw new BackupError(
          `The target database is not empty (${describeCounts(existing)}); copy only into an empty database, or give --force to replace everything it holds.`,
        );
      }
      try {
        await source.end.beginRead();
        await target.end.beginFill(COPIED_TABLES);
        progress.note(`Copying the uploads' files from ${request.sourceMediaDir} to ${request.targetMediaDir}`);
        const mediaFiles = copyUploadedFiles(
          (await source.end.query(MEDIA_FILES_SQL)) as { url: string; sizes_json: string | null }[],
          request.sourceMediaDir,
          request.targetMediaDir,
        );
        const rows = await copyTables(source.end, target.end, progress);
        const counters = await target.end.endFill(await source.end.counters());
        progress.note('Checking the copy as restore checks a restored database');
        const problems = await integrityProblems(target.end.engine, target.end.query, request.targetMediaDir);
        if (problems.length > 0)
          throw new BackupError(
            `The copy fails its integrity check, so the target is left as it was: ${problems.join('; ')}`,
          );
        const counts = recordCounts((await target.end.query(RECORD_COUNTS_SQL))[0]!);
        await target.end.commit();
        return { rows, counts, mediaFiles, counters };
      } catch (error) {
        await target.end.rollback();
        throw error;
      } finally {
        await source.end.rollback();
      }
    } finally {
      source.release();
      target.release();
    }
  } finally {
    progress.stop();
    await sourceStorage.close();
    await targetStorage.close();
  }
}
