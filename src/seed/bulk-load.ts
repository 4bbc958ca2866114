import type { Selectable } from 'kysely';
import type pg from 'pg';
import type SqliteDatabase from 'better-sqlite3';
import type { Storage } from '../storage/types.ts';
import type { NewPost } from '../storage/repositories/post-records.repository.ts';
import type {
  EventLinksTable,
  EventOccurrencesTable,
  EventsTable,
  EventTermsTable,
  OrganizersTable,
  PostTranslationsTable,
  VenuesTable,
} from '../storage/tables.ts';

/*
 * Bulk inserts through the raw driver, for the seed: rows in large transactions with explicit post
 * ids, and what makes each insert expensive set aside during the load and rebuilt once at the end:
 * the triggers (SQLite's full-text ones, whose FTS5 index is then rebuilt in one pass, and the
 * record-change journal's on both engines: seeded records are not journaled changes) and the
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
  event_occurrences: Selectable<EventOccurrencesTable>[];
  venues: Selectable<VenuesTable>[];
  organizers: Selectable<OrganizersTable>[];
  event_links: Selectable<EventLinksTable>[];
  event_terms: Selectable<EventTermsTable>[];
  post_translations: Selectable<PostTranslationsTable>[];
}

type BulkTable = keyof RowBatch;
type AnyRow = Readonly<Record<string, unknown>>;

export const emptyBatch = (): RowBatch => ({
  posts: [],
  events: [],
  event_occurrences: [],
  venues: [],
  organizers: [],
  event_links: [],
  event_terms: [],
  post_translations: [],
});

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
   * `withUnique`, which the caller passes when the database held no posts: only the load's own rows,
   * unique by construction, then meet them when they are rebuilt. Into existing data (`--force`,
   * perhaps with a server writing) they stay and check every row.
   */
  prepare(withUnique: boolean): Promise<void>;
  write(batch: RowBatch): Promise<void>;
  /** Recreates what `prepare` removed and brings the post id sequence past `lastPostId` (the last id the load used, a post's or an occurrence's). */
  restore(lastPostId: number, log: (line: string) => void): Promise<void>;
}

interface CatalogEntry {
  readonly name: string;
  readonly sql: string;
}

/** Rows per multi-row INSERT on SQLite: fewer calls into the driver, within SQLite's 32,766 parameters. */
const SQLITE_ROWS_PER_STATEMENT = 100;

class SqliteBulkWriter implements BulkWriter {
  private readonly statements = new Map<string, SqliteDatabase.Statement>();
  private readonly insertBatch: (batch: RowBatch) => void;
  private readonly pragmas: Record<string, unknown>;
  private setAside: (CatalogEntry & { type: string })[] = [];

  constructor(private readonly client: SqliteDatabase.Database) {
    this.insertBatch = client.transaction((batch: RowBatch) => {
      for (const table of BULK_TABLES) {
        const rows: readonly AnyRow[] = batch[table];
        if (rows.length === 0) continue;
        const columns = columnsOf(rows);
        const many = this.statement(table, columns, SQLITE_ROWS_PER_STATEMENT);
        let next = 0;
        for (; next + SQLITE_ROWS_PER_STATEMENT <= rows.length; next += SQLITE_ROWS_PER_STATEMENT)
          many.run(values(rows, next, next + SQLITE_ROWS_PER_STATEMENT, columns));
        if (next < rows.length)
          this.statement(table, columns, rows.length - next).run(values(rows, next, rows.length, columns));
      }
    });
    this.pragmas = Object.fromEntries(
      ['foreign_keys', 'synchronous', 'cache_size'].map((name) => [name, client.pragma(name, { simple: true })]),
    );
  }

  private statement(table: BulkTable, columns: readonly string[], rows: number): SqliteDatabase.Statement {
    const text = `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows }, () => `(${columns.map(() => '?').join(', ')})`).join(', ')}`;
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.client.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  async firstFreePostId(): Promise<number> {
    // AUTOINCREMENT never reuses an id, even a deleted one: start past sqlite_sequence too.
    const row = this.client
      .prepare(
        `select max(coalesce((select max(id) from posts), 0), coalesce((select seq from sqlite_sequence where name = 'posts'), 0)) as last`,
      )
      .get() as { last: number };
    return row.last + 1;
  }

  async prepare(withUnique: boolean): Promise<void> {
    // The generated rows are consistent by construction; checking each foreign key would double the load time.
    this.client.pragma('foreign_keys = OFF');
    // A seed interrupted by a power cut is simply run again on a fresh database.
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
  }

  async write(batch: RowBatch): Promise<void> {
    this.insertBatch(batch);
  }

  async restore(lastPostId: number, log: (line: string) => void): Promise<void> {
    log(`recreating ${this.setAside.map((entry) => entry.name).join(', ')}`);
    for (const entry of this.setAside) this.client.exec(entry.sql);
    this.setAside = [];
    // Inserted posts moved the sequence past their own ids; ids taken for series' occurrences,
    // which are no posts' (decision 0025), move it the rest of the way. Never backwards.
    this.client
      .prepare(
        `insert into sqlite_sequence (name, seq) select 'posts', 0 where not exists (select 1 from sqlite_sequence where name = 'posts')`,
      )
      .run();
    this.client.prepare(`update sqlite_sequence set seq = max(seq, ?) where name = 'posts'`).run(lastPostId);
    log('rebuilding the search index');
    // With FTS5's own `hashsize` (1 MB): it writes a segment each time its pending terms fill it
    // and merges segments level by level, as it does for a calendar grown by writes. A rebuild in
    // one flush (a larger `hashsize`) was 15% faster at a million events but left the whole index
    // as one segment at level 0, which the sixteenth write after the seed merges whole: a stall
    // of 0.9 s at 100k events, 8.9 s at 1M, and every write slower after it (decision 0039).
    this.client.exec(`insert into post_search(post_search) values ('rebuild')`);
    for (const [name, value] of Object.entries(this.pragmas)) this.client.pragma(`${name} = ${String(value)}`);
  }
}

/** The values of rows `from` to `to`, row after row, each in `columns` order. */
function values(rows: readonly AnyRow[], from: number, to: number, columns: readonly string[]): unknown[] {
  const flat: unknown[] = [];
  for (let index = from; index < to; index++) {
    const row = rows[index]!;
    for (const column of columns) flat.push(row[column]);
  }
  return flat;
}

class PostgresBulkWriter implements BulkWriter {
  private setAside: CatalogEntry[] = [];

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
    // The journal's triggers (decision 0027) too, as on SQLite: seeded records are not changes
    // anyone subscribed to, and a row each would double the load.
    const triggers = await this.pool.query<CatalogEntry & { table: string }>(
      `select t.tgname as name, c.relname as table, pg_get_triggerdef(t.oid) as sql from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) and c.relname = any($1)`,
      [BULK_TABLES],
    );
    for (const trigger of triggers.rows) await this.pool.query(`drop trigger ${trigger.name} on ${trigger.table}`);
    this.setAside.push(...triggers.rows);
  }

  async write(batch: RowBatch): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // Durability of each batch does not matter: an interrupted seed is run again.
      await client.query('set local synchronous_commit = off');
      for (const table of BULK_TABLES) {
        const rows: readonly AnyRow[] = batch[table];
        if (rows.length === 0) continue;
        const columns = columnsOf(rows).join(', ');
        // The table's own row type gives each JSON field its column type: no second list of types.
        await client.query(
          `insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
          [JSON.stringify(rows)],
        );
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
    log(`recreating ${this.setAside.map((index) => index.name).join(', ')}`);
    for (const index of this.setAside) await this.pool.query(index.sql);
    this.setAside = [];
    // Never backwards: ids the sequence already handed out stay spent.
    const sequence = await this.sequence();
    await this.pool.query(`select setval($1::regclass, greatest($2::bigint, (select last_value from ${sequence})))`, [
      sequence,
      lastPostId,
    ]);
    // What autovacuum would do soon after on a live server: statistics, without which the planner
    // guesses blind, and the visibility map, without which the archive's count cannot be index-only.
    await this.pool.query(`vacuum analyze ${BULK_TABLES.join(', ')}, terms`);
  }
}

export function bulkWriter(storage: Storage): BulkWriter {
  return storage.driver.kind === 'sqlite'
    ? new SqliteBulkWriter(storage.driver.client)
    : new PostgresBulkWriter(storage.driver.client);
}
