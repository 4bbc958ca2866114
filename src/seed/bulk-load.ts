import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Selectable } from 'kysely';
import type pg from 'pg';
import type SqliteDatabase from 'better-sqlite3';
import type { Storage } from '../storage/database.ts';
import type { NewPost } from '../storage/repositories/post-records.repository.ts';
import type { EventLinksTable, EventsTable, EventTermsTable, OrganizersTable, PostTranslationsTable, VenuesTable } from '../storage/tables.ts';
import type { InsertReply, InsertRequest, InsertWorkerData, TableRows } from './sqlite-insert.worker.ts';

/*
 * Bulk inserts through the raw driver, for the seed: rows in large transactions with explicit post
 * ids, and what makes each insert expensive set aside during the load and rebuilt once at the end:
 * the full-text triggers on `posts` on SQLite (the FTS5 index is then rebuilt in one pass) and the
 * secondary indexes of the tables being filled, unique ones too when the database held no posts.
 * They are recreated from the exact SQL the database itself recorded (sqlite_master, pg_indexes),
 * so the migrations stay the only place that defines them; the seed test compares them with a
 * freshly migrated database. A load killed midway leaves them missing: seed a fresh database.
 *
 * The column lists come from the rows themselves: each row is a complete row of its table's type,
 * built by the code that builds the API's rows, so this file knows no column.
 */

/** Rows to insert, per table; a table's rows all have the same keys, its columns. */
export interface RowBatch {
  posts: (NewPost & { id: number })[];
  events: Selectable<EventsTable>[];
  venues: Selectable<VenuesTable>[];
  organizers: Selectable<OrganizersTable>[];
  event_links: Selectable<EventLinksTable>[];
  event_terms: Selectable<EventTermsTable>[];
  post_translations: Selectable<PostTranslationsTable>[];
}

type BulkTable = keyof RowBatch;
type AnyRow = Readonly<Record<string, unknown>>;

export const emptyBatch = (): RowBatch => ({ posts: [], events: [], venues: [], organizers: [], event_links: [], event_terms: [], post_translations: [] });

/** The tables, in the order a batch is written: posts before the rows that refer to them. */
const BULK_TABLES = Object.keys(emptyBatch()) as BulkTable[];

export const rowCount = (batch: RowBatch): number => BULK_TABLES.reduce((sum, table) => sum + batch[table].length, 0);

const columnsOf = (rows: readonly AnyRow[]): string[] => Object.keys(rows[0]!);

/** What differs between the engines: reserving ids, writing a batch, and the load's set-up and clean-up. */
export interface BulkWriter {
  /** The first post id free for the seed; posts are inserted with explicit ids from there. */
  firstFreePostId(): Promise<number>;
  /**
   * Sets aside what slows bulk inserts; `restore` puts it back. Unique indexes only when
   * `withUnique`, which the caller passes when the database held no posts: recreating them after a
   * load into existing data could fail, and the caller builds unique slugs either way.
   */
  prepare(withUnique: boolean): Promise<void>;
  write(batch: RowBatch): Promise<void>;
  /** Recreates what `prepare` removed and brings the post id sequence past `lastPostId`. */
  restore(lastPostId: number, log: (line: string) => void): Promise<void>;
}

/**
 * One batch in flight while the next is generated: `push` waits for the batch before, then starts
 * the next. A failure surfaces at the following `push`, or from `settle` at the end.
 */
class OneBatchAhead {
  private current: Promise<void> = Promise.resolve();

  async push(start: () => Promise<void>): Promise<void> {
    await this.current;
    this.current = start();
    // Handled here so that a failure while the seed generates is no unhandled rejection.
    this.current.catch(() => undefined);
  }

  /** Once the last batch is done: how it failed, or undefined. */
  settle(): Promise<unknown> {
    return this.current.then(() => undefined, (error: unknown) => error);
  }
}

interface CatalogEntry {
  readonly name: string;
  readonly sql: string;
}

const FTS_REBUILD_HASH_SIZE = 256 * 1024 * 1024;
const FTS_DEFAULT_HASH_SIZE = 1024 * 1024;

/**
 * The insert worker, from where this module runs: the build in dist/ as plain JavaScript, or src/
 * through tsx, whose loader a worker thread does not inherit on Node 20: a bootstrap registers it.
 */
function insertWorker(workerData: InsertWorkerData): Worker {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const script = new URL(`./sqlite-insert.worker${extension}`, import.meta.url);
  if (extension !== '.ts') return new Worker(script, { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`, { eval: true, workerData });
}

/**
 * Inserts through a worker thread (sqlite-insert.worker.ts) with a connection of its own, one batch
 * ahead (better-sqlite3 blocks its thread while it writes). What `prepare` and `restore` do goes
 * through the storage's side connection, before and after the worker's load.
 */
class SqliteBulkWriter implements BulkWriter {
  private readonly pragmas: Record<string, unknown>;
  private setAside: (CatalogEntry & { type: string })[] = [];
  private worker: Worker | undefined;
  private workerRunning = false;
  private workerError: unknown;
  private workerStopped: Promise<void> = Promise.resolve();
  private readonly batches = new OneBatchAhead();

  constructor(private readonly client: SqliteDatabase.Database) {
    if (client.memory) throw new RangeError('The seed writes SQLite from a connection of its own, which an in-memory database cannot have.');
    this.pragmas = Object.fromEntries(['synchronous', 'cache_size'].map((name) => [name, client.pragma(name, { simple: true })]));
  }

  async firstFreePostId(): Promise<number> {
    // AUTOINCREMENT never reuses an id, even a deleted one: start past sqlite_sequence too.
    const row = this.client
      .prepare(`select max(coalesce((select max(id) from posts), 0), coalesce((select seq from sqlite_sequence where name = 'posts'), 0)) as last`)
      .get() as { last: number };
    return row.last + 1;
  }

  async prepare(withUnique: boolean): Promise<void> {
    // For the index builds and the search index rebuild at the end; a seed interrupted by a power
    // cut is simply run again on a fresh database.
    this.client.pragma('synchronous = OFF');
    this.client.pragma('cache_size = -262144');
    this.setAside = this.client
      .prepare(
        `select type, name, sql from sqlite_master
          where sql is not null and tbl_name in (${BULK_TABLES.map((table) => `'${table}'`).join(', ')})
            and (type = 'trigger' or (type = 'index' and (${withUnique ? 1 : 0} or sql not like 'create unique%')))`,
      )
      .all() as (CatalogEntry & { type: string })[];
    for (const entry of this.setAside) this.client.exec(`drop ${entry.type} ${entry.name}`);
    this.startWorker();
  }

  private startWorker(): void {
    const worker = insertWorker({ file: this.client.name });
    this.workerRunning = true;
    // An error ends the thread too ('exit' follows); the batch being inserted, if any, reports it.
    worker.on('error', (error) => {
      this.workerError = error;
    });
    this.workerStopped = new Promise((resolve) =>
      worker.once('exit', () => {
        this.workerRunning = false;
        resolve();
      }),
    );
    this.worker = worker;
  }

  private stoppedError(): unknown {
    return this.workerError ?? new Error('The SQLite insert worker stopped.');
  }

  async write(batch: RowBatch): Promise<void> {
    const request: TableRows[] = BULK_TABLES.filter((table) => batch[table].length > 0).map((table) => {
      const rows: readonly AnyRow[] = batch[table];
      const columns = columnsOf(rows);
      return { table, columns, rows: rows.length, values: values(rows, columns) };
    });
    await this.batches.push(() => this.insert(request));
  }

  private insert(request: InsertRequest): Promise<void> {
    const worker = this.worker!;
    if (!this.workerRunning) return Promise.reject(this.stoppedError());
    return new Promise((resolve, reject) => {
      const replied = (reply: InsertReply) => {
        worker.off('exit', stopped);
        if (reply.ok) resolve();
        else reject(Object.assign(new Error(reply.message), { code: reply.code }));
      };
      const stopped = () => {
        worker.off('message', replied);
        reject(this.stoppedError());
      };
      worker.once('message', replied);
      worker.once('exit', stopped);
      worker.postMessage(request);
    });
  }

  async restore(_lastPostId: number, log: (line: string) => void): Promise<void> {
    const failure = await this.batches.settle();
    this.worker?.postMessage('close' satisfies InsertRequest);
    await this.workerStopped;
    this.worker = undefined;
    log(`recreating ${this.setAside.map((entry) => entry.name).join(', ')}`);
    for (const entry of this.setAside) this.client.exec(entry.sql);
    this.setAside = [];
    log('rebuilding the search index');
    // FTS5 writes a segment each time its pending terms fill `hashsize` (1 MB by default) and then
    // merges the segments; 256 MB halves the rebuild at a million events. The setting is stored
    // with the index, so the default goes back afterwards.
    this.client.exec(`insert into post_search(post_search, rank) values ('hashsize', ${FTS_REBUILD_HASH_SIZE})`);
    this.client.exec(`insert into post_search(post_search) values ('rebuild')`);
    this.client.exec(`insert into post_search(post_search, rank) values ('hashsize', ${FTS_DEFAULT_HASH_SIZE})`);
    for (const [name, value] of Object.entries(this.pragmas)) this.client.pragma(`${name} = ${String(value)}`);
    if (failure !== undefined) throw failure;
  }
}

/** The values of `rows`, row after row, each in `columns` order. */
function values(rows: readonly AnyRow[], columns: readonly string[]): unknown[] {
  const flat: unknown[] = [];
  for (const row of rows) for (const column of columns) flat.push(row[column]);
  return flat;
}

/** Inserts through the pool, one batch ahead: PostgreSQL writes one while the seed generates the next. */
class PostgresBulkWriter implements BulkWriter {
  private setAside: CatalogEntry[] = [];
  private readonly batches = new OneBatchAhead();

  constructor(private readonly pool: pg.Pool) {}

  private async sequence(): Promise<string> {
    const result = await this.pool.query<{ name: string }>(`select pg_get_serial_sequence('posts', 'id') as name`);
    return result.rows[0]!.name;
  }

  async firstFreePostId(): Promise<number> {
    const sequence = await this.sequence();
    const result = await this.pool.query<{ last: string }>(
      `select greatest(coalesce((select max(id) from posts), 0), (select case when is_called then last_value else last_value - 1 end from ${sequence})) as last`,
    );
    return Number(result.rows[0]!.last) + 1;
  }

  async prepare(withUnique: boolean): Promise<void> {
    // Indexes that back a constraint (primary keys, unique) stay: they cannot be dropped alone.
    const result = await this.pool.query<CatalogEntry>(
      `select i.indexname as name, i.indexdef as sql from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))
          and ($2 or i.indexdef not like 'CREATE UNIQUE%')`,
      [BULK_TABLES, withUnique],
    );
    this.setAside = result.rows;
    for (const index of this.setAside) await this.pool.query(`drop index ${index.name}`);
  }

  async write(batch: RowBatch): Promise<void> {
    const request = BULK_TABLES.filter((table) => batch[table].length > 0).map((table) => ({ table, columns: columnsOf(batch[table]).join(', '), rows: JSON.stringify(batch[table]) }));
    await this.batches.push(() => this.insert(request));
  }

  private async insert(request: readonly { table: BulkTable; columns: string; rows: string }[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // Durability of each batch does not matter: an interrupted seed is run again.
      await client.query('set local synchronous_commit = off');
      for (const { table, columns, rows } of request) {
        // The table's own row type gives each JSON field its column type: no second list of types.
        await client.query(`insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, $1::json)`, [rows]);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }

  async restore(lastPostId: number, log: (line: string) => void): Promise<void> {
    const failure = await this.batches.settle();
    log(`recreating ${this.setAside.map((index) => index.name).join(', ')}`);
    for (const index of this.setAside) await this.pool.query(index.sql);
    this.setAside = [];
    // Never backwards: ids the sequence already handed out stay spent.
    const sequence = await this.sequence();
    await this.pool.query(`select setval($1::regclass, greatest($2::bigint, (select last_value from ${sequence})))`, [sequence, lastPostId]);
    // What autovacuum would do soon after on a live server; without it the planner guesses blind.
    await this.pool.query(`analyze ${BULK_TABLES.join(', ')}, terms`);
    if (failure !== undefined) throw failure;
  }
}

export function bulkWriter(storage: Storage): BulkWriter {
  return storage.driver.kind === 'sqlite' ? new SqliteBulkWriter(storage.driver.client) : new PostgresBulkWriter(storage.driver.client);
}
