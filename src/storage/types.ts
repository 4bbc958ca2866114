import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { CompiledQuery, Kysely, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Deadline } from '../deadline.ts';
import type { Database } from './tables.ts';

/*
 * The storage's types, which the rest of the app imports (types only): the handles of the units of work
 * (`ReadTx`, `WriteTx`), the storage handle (`Storage`) and what differs between the engines
 * (`DialectCapabilities`). `database.ts` opens a storage (`sqlite.ts`, `postgres.ts`) and migrates it;
 * `write-units.ts` runs the units.
 */

/** The few real differences between the two engines, as named capabilities (house style). */
export interface DialectCapabilities {
  readonly name: 'sqlite' | 'postgres';
  /** True when the error is a unique-constraint violation. */
  isUniqueViolation(error: unknown): boolean;
  /**
   * Posts whose title, excerpt or content contain `word` (case-insensitive), through the search
   * index of migration 20261122010000: FTS5 trigrams on SQLite, pg_trgm on PostgreSQL. Words
   * shorter than a trigram fall back to a scan.
   */
  postsContaining(postsAlias: string, word: string): RawBuilder<SqlBool>;
  /** Slugs of `column` equal to `base` or of the form `base-…`, through the slug index. */
  slugFamily(column: string, base: string): RawBuilder<SqlBool>;
  /**
   * `count` ids from the posts' id sequence, for occurrences of a series (decision 0025): never a
   * post's, never handed out twice, the same on every node. SQLite: the `posts` row of
   * `sqlite_sequence`, raised inside the write unit (writers are serialized); PostgreSQL: the
   * serial sequence.
   */
  allocatePostIds(tx: WriteTx, count: number): Promise<number[]>;
  /**
   * Moves the id sequences of posts, terms, users and images past the largest id stored, after rows were written
   * with ids of their own (import-tec keeps a source's ids; decision 0030). SQLite: nothing to do,
   * AUTOINCREMENT's `sqlite_sequence` follows an explicit id larger than it by itself; PostgreSQL:
   * `setval` on the serial sequences, which explicit ids do not move.
   */
  raiseIdSequences(tx: WriteTx): Promise<void>;
  /**
   * Holds `key` (a choice's name: a slug family, a term name) until the unit ends, so that another
   * unit holding it waits until then and sees this unit's writes when it reads after it (decision
   * 0081). SQLite: nothing to do, one unit writes at a time; PostgreSQL: a transaction-level
   * advisory lock on (the schema, a hash of the key). Two keys with one hash wait for each other,
   * which costs time, never correctness.
   */
  lockKey(tx: WriteTx, key: string): Promise<void>;
  /**
   * Locks a record's row until the unit ends, and answers whether it did: true on PostgreSQL
   * (`for update`: another unit locking or writing it waits, and what this unit read of it before
   * may be stale, decision 0081), false on SQLite, where no other unit writes meanwhile.
   */
  lockRow(tx: WriteTx, row: LockedRow): Promise<boolean>;
  /**
   * `query`, made to hold the rows of `table` (as the query names it) that it finds until the unit
   * ends, when `tx` is a write unit: rows the write will link to (an event's venues, organizers,
   * terms and parent, a term's parent), which a unit deleting them must not remove meanwhile
   * (decision 0082). PostgreSQL: `for key share of table`, the lock a foreign key's check takes: a unit deleting the
   * row waits for this one, or this lookup waits for the deleting unit and, the row gone, no longer
   * finds it (READ COMMITTED checks the row again after the wait); writes of other columns (a
   * term's count) do not wait. In a read unit (the validators of a caller the permission refuses),
   * nothing: PostgreSQL refuses row locks there and nothing is linked. SQLite: nothing, one unit
   * writes at a time.
   */
  lockLinked<DB, TB extends keyof DB, O>(
    tx: ReadTx,
    query: SelectQueryBuilder<DB, TB, O>,
    table: TB & string,
  ): SelectQueryBuilder<DB, TB, O>;
  /**
   * The rows of a compiled select as arrays of their values, in its select list's order, for a
   * reader of many rows that takes its columns by position (the CSV export, decision 0136).
   * SQLite: its statement in better-sqlite3's raw mode, which builds no object a row (one of some
   * thirty named columns cost about what reading the row did); PostgreSQL: `pg`'s row objects'
   * values, which keep the select list's order. Every column must have a name of its own.
   */
  arrayRows(db: ReadTx, query: CompiledQuery): Promise<unknown[][]>;
}

/** A record's row: a post's (events, venues, organizers), a term's, a webhook subscription's or a ticket's. */
export interface LockedRow {
  readonly table: 'posts' | 'terms' | 'webhook_subscriptions' | 'tickets';
  readonly id: number;
}

declare const readUnit: unique symbol;
declare const writeUnit: unique symbol;

/**
 * The handle of a read unit of work: every query through it sees one snapshot of the database, so
 * an archive's `total` and its rows always agree. Only `Storage.read` and `Storage.write` make one.
 */
export type ReadTx = Kysely<Database> & { readonly [readUnit]: true };

/** The handle of a write unit of work: it reads too, and what it writes commits together or not at all. */
export type WriteTx = ReadTx & { readonly [writeUnit]: true };

/** The storage handle the rest of the app receives: units of work plus what differs between engines. */
export interface Storage {
  readonly dialect: DialectCapabilities;
  /**
   * A driver handle of its own, outside every unit of work, for code that talks to the driver
   * directly (the seed's bulk loader).
   */
  readonly driver: { kind: 'sqlite'; client: SqliteDatabase.Database } | { kind: 'postgres'; client: pg.Pool };
  /**
   * Runs `work` in one read transaction and hands it the transaction's handle: one snapshot for
   * all its statements (SQLite: a deferred transaction in WAL mode, on a connection apart from the
   * writer's; PostgreSQL: REPEATABLE READ, READ ONLY). Writes through the handle fail.
   */
  read<T>(work: (tx: ReadTx) => Promise<T>): Promise<T>;
  /**
   * Runs `work` as one write transaction and hands it the transaction's handle: everything it
   * writes commits together or not at all. SQLite: write units run one at a time, each seeing
   * every unit committed before it (the write lock). PostgreSQL: units run side by side (READ
   * COMMITTED), and what they must not do at once waits on the narrow locks of decisions 0081,
   * 0082 and 0087 (keys, rows). A unit that failed on a lock conflict (a deadlock) is run again from the start.
   * It resolves once its writes are committed. On SQLite the units queued together share one
   * transaction and one commit, each in a savepoint of its own, so a unit that fails takes only
   * its own writes with it (group commit, decision 0084). With a `deadline`, the unit does nothing
   * once it has expired and commits only if it claims the request before the deadline does
   * (decision 0023): otherwise it rolls back. The unit carries its deadline: its long loops stop
   * once it has expired (`throwIfUnitExpired`), and on PostgreSQL no statement of it runs longer
   * than the time the deadline had left when it began (decision 0091).
   */
  write<T>(work: (tx: WriteTx) => Promise<T>, deadline?: Deadline): Promise<T>;
  /**
   * How many write units (each attempt) waited to begin since the start, and how long in all (the
   * metrics, decisions 0044, 0120): on SQLite for the one writer (its write lock, a place in a group
   * commit); on PostgreSQL for a pooled connection and the begin, no lock (decision 0087).
   */
  writeUnitBeginWaits(): { count: number; seconds: number };
  /** The count of content writes (migration 20261122040000), which the read cache follows; outside any unit. */
  contentVersion(): Promise<number>;
  /**
   * The tags of what the content versions after `after`, up to `through`, changed (migration
   * 20261125060000), by version; a version with none is missing from the map. Outside any unit.
   */
  contentChanges(after: number, through: number): Promise<Map<number, string[]>>;
  /**
   * Raises the count of content writes and records when (`at`), on the content version and on the
   * journal rows the unit wrote (decision 0027), stamps the unit's content-change tags with the new
   * version (PostgreSQL: writes the tags and journal rows the unit held, decision 0106) and drops
   * the tags the read cache no longer asks for: it commits with the unit it is written in, which
   * runs it last.
   */
  touchContent(tx: WriteTx, at: Date): Promise<void>;
  /**
   * Runs `work`, a long run of write units (the CSV import, decision 0131), with the writer's page
   * cache raised for its time and put back after (SQLite: 64 MiB instead of 2 MiB); PostgreSQL's
   * server keeps its own cache: nothing changes. Runs at once share the raised cache until the last ends.
   */
  bulkWrites<T>(work: () => Promise<T>): Promise<T>;
  /** A cheap round trip, for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Bounds on a server connection's statements (none when left out: migrations, the seed, the CLI), and its clock. */
export interface StorageOptions {
  /**
   * PostgreSQL's `statement_timeout` and `idle_in_transaction_session_timeout`: a statement that
   * runs longer is cancelled (TimedOut), a connection that sits in a transaction longer is closed
   * by the server, so neither holds locks or a pooled connection indefinitely. SQLite has none.
   */
  readonly statementTimeoutMs?: number;
  /** The clock units stamp the record-change journal with (decision 0027); the system's when left out. */
  readonly clock?: Clock;
}
