import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, SqliteDialect, sql, type SelectQueryBuilder, type Migration, type MigrationProvider, type RawBuilder, type SqliteDialectConfig, type SqlBool } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import type { DatabaseConfig } from '../config.ts';
import type { Deadline } from '../deadline.ts';
import { escapeLike, likePattern, NEXT_VERSION } from './conditions.ts';
import type { Database } from './tables.ts';
import { CurrentSchemaPostgresDialect, READ_BEGIN } from './postgres-dialect.ts';
import { openSqliteFile, postgresWhere } from './open-errors.ts';
import { touched, unitRunners, writeUnits } from './write-units.ts';
import * as initial from './migrations/20261122000000_initial.ts';
import * as postSearch from './migrations/20261122010000_post_search.ts';
import * as eventListing from './migrations/20261122020000_event_listing.ts';
import * as recordVersions from './migrations/20261122030000_record_versions.ts';
import * as contentVersion from './migrations/20261122040000_content_version.ts';
import * as eventOccurrences from './migrations/20261124000000_event_occurrences.ts';
import * as loginThrottle from './migrations/20261124050000_login_throttle.ts';
import * as contentChanged from './migrations/20261124060000_content_changed.ts';
import * as recordChanges from './migrations/20261125000000_record_changes.ts';
import * as webhooks from './migrations/20261125010000_webhooks.ts';
import * as tecImport from './migrations/20261125020000_tec_import.ts';
import * as icalImport from './migrations/20261125030000_ical_import.ts';
import * as seriesExtent from './migrations/20261125040000_series_extent.ts';
import * as contentChanges from './migrations/20261125060000_content_changes.ts';
import * as occurrenceDayCounts from './migrations/20261125070000_occurrence_day_counts.ts';
import * as eventCustomFields from './migrations/20261125080000_event_custom_fields.ts';
import * as occurrencesListingEvent from './migrations/20261125090000_occurrences_listing_event.ts';
import * as tecImportRevision from './migrations/20261125100000_tec_import_revision.ts';
import * as recordChangesBefore from './migrations/20261126000000_record_changes_before.ts';
import * as occurrencesByInstant from './migrations/20261126140000_occurrences_by_instant.ts';
import * as sessions from './migrations/20261126180000_sessions.ts';
import * as media from './migrations/20261126181000_media.ts';
import * as occurrencesBySeries from './migrations/20261126182000_occurrences_by_series.ts';
import * as siteImports from './migrations/20261127020000_site_imports.ts';
import * as importSources from './migrations/20261128232000_import_sources.ts';
import * as ticketsJournal from './migrations/20261129013000_tickets_journal.ts';
import * as contentVersionStamps from './migrations/20261127050000_content_version_stamps.ts';
import * as journalNumberedAtCommit from './migrations/20261127060000_journal_numbered_at_commit.ts';
import * as contentChangesPerUnit from './migrations/20261127061000_content_changes_per_unit.ts';
import * as communitySubmissions from './migrations/20261128180000_community_submissions.ts';
import * as importRunKinds from './migrations/20261128190000_import_run_kinds.ts';
import * as credentialLookups from './migrations/20261128191000_credential_lookups.ts';
import * as setupTokens from './migrations/20261128192000_setup_tokens.ts';
import * as occurrenceDayCountsInOrder from './migrations/20261128200000_occurrence_day_counts_in_order.ts';
import * as journalWrittenOnce from './migrations/20261128210000_journal_written_once.ts';
import * as embeddingEventsAnnounced from './migrations/20261128211000_embedding_events_announced.ts';
import * as tickets from './migrations/20261128220000_tickets.ts';
import * as mailOutbox from './migrations/20261128230000_mail_outbox.ts';

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
  lockLinked<DB, TB extends keyof DB, O>(tx: ReadTx, query: SelectQueryBuilder<DB, TB, O>, table: TB & string): SelectQueryBuilder<DB, TB, O>;
}

/** A record's row: a post's (events, venues, organizers), a term's, a webhook subscription's or a ticket's. */
export interface LockedRow {
  readonly table: 'posts' | 'terms' | 'webhook_subscriptions' | 'tickets';
  readonly id: number;
}

/** The expression the PostgreSQL trigram index is built on, for the posts table under `alias`. */
const searchText = (alias: string) => sql`lower(${sql.ref(`${alias}.title`)} || ' ' || ${sql.ref(`${alias}.excerpt`)} || ' ' || ${sql.ref(`${alias}.content`)})`;
const scan = (alias: string, word: string) => sql<SqlBool>`${searchText(alias)} like lower(${likePattern(word)}) escape '\\'`;

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
  /** How many write units (each attempt) waited to begin since the start (SQLite: for the write lock; PostgreSQL: for a pooled connection and the begin, decision 0087), and how long in all (the metrics, decision 0044). */
  writeLockWaits(): { count: number; seconds: number };
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
  /** A cheap round trip, for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS: Record<string, Migration> = {
  '20261122000000_initial': initial,
  '20261122010000_post_search': postSearch,
  '20261122020000_event_listing': eventListing,
  '20261122030000_record_versions': recordVersions,
  '20261122040000_content_version': contentVersion,
  '20261124000000_event_occurrences': eventOccurrences,
  '20261124050000_login_throttle': loginThrottle,
  '20261124060000_content_changed': contentChanged,
  '20261125000000_record_changes': recordChanges,
  '20261125010000_webhooks': webhooks,
  '20261125020000_tec_import': tecImport,
  '20261125030000_ical_import': icalImport,
  '20261125040000_series_extent': seriesExtent,
  '20261125060000_content_changes': contentChanges,
  '20261125070000_occurrence_day_counts': occurrenceDayCounts,
  '20261125080000_event_custom_fields': eventCustomFields,
  '20261125090000_occurrences_listing_event': occurrencesListingEvent,
  '20261125100000_tec_import_revision': tecImportRevision,
  '20261126000000_record_changes_before': recordChangesBefore,
  '20261126140000_occurrences_by_instant': occurrencesByInstant,
  '20261126180000_sessions': sessions,
  '20261126181000_media': media,
  '20261126182000_occurrences_by_series': occurrencesBySeries,
  '20261127020000_site_imports': siteImports,
  '20261127050000_content_version_stamps': contentVersionStamps,
  '20261127060000_journal_numbered_at_commit': journalNumberedAtCommit,
  '20261127061000_content_changes_per_unit': contentChangesPerUnit,
  '20261128180000_community_submissions': communitySubmissions,
  '20261128190000_import_run_kinds': importRunKinds,
  '20261128191000_credential_lookups': credentialLookups,
  '20261128192000_setup_tokens': setupTokens,
  '20261128200000_occurrence_day_counts_in_order': occurrenceDayCountsInOrder,
  '20261128210000_journal_written_once': journalWrittenOnce,
  '20261128211000_embedding_events_announced': embeddingEventsAnnounced,
  '20261128220000_tickets': tickets,
  '20261128230000_mail_outbox': mailOutbox,
  '20261128232000_import_sources': importSources,
  '20261129013000_tickets_journal': ticketsJournal,
};

const staticMigrations: MigrationProvider = { getMigrations: async () => MIGRATIONS };

const sqliteCapabilities: DialectCapabilities = {
  name: 'sqlite',
  postsContaining: (alias, word) =>
    [...word].length >= 3
      ? sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from post_search where post_search match ${`"${word.replace(/"/g, '""')}"`})`
      : scan(alias, word),
  // SQLite's LIKE is case-insensitive and cannot use the binary slug index; a binary range can:
  // `base` and every `base-…` lie in [`base`, `base.`) since '.' follows '-' (other slugs in the
  // range only add to the taken set). `<> ''` lets SQLite use the partial unique slug index.
  slugFamily: (column, base) => sql<SqlBool>`(${sql.ref(column)} <> '' and ${sql.ref(column)} >= ${base} and ${sql.ref(column)} < ${`${base}.`})`,
  isUniqueViolation: (error) => {
    const code = (error as { code?: unknown } | null)?.code;
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  },
  allocatePostIds: async (tx, count) => {
    if (count <= 0) return [];
    // AUTOINCREMENT keeps the row at the largest id ever used; it exists once a post was written.
    await sql`insert into sqlite_sequence (name, seq) select 'posts', coalesce((select max(id) from posts), 0) where not exists (select 1 from sqlite_sequence where name = 'posts')`.execute(tx);
    const { rows } = await sql<{ seq: number }>`update sqlite_sequence set seq = seq + ${count} where name = 'posts' returning seq`.execute(tx);
    const last = Number(rows[0]!.seq);
    return Array.from({ length: count }, (_, index) => last - count + 1 + index);
  },
  raiseIdSequences: async () => undefined,
  lockKey: async () => undefined,
  lockRow: async () => false,
  lockLinked: (_tx, query) => query,
};

const postgresCapabilities: DialectCapabilities = {
  name: 'postgres',
  postsContaining: scan,
  // Served by the text_pattern_ops index of migration 20261122020000 (a range would be wrong: the
  // database's collation ignores hyphens when ordering).
  slugFamily: (column, base) => sql<SqlBool>`(${sql.ref(column)} = ${base} or ${sql.ref(column)} like ${`${escapeLike(base)}-%`} escape '\\')`,
  isUniqueViolation: (error) => (error as { code?: unknown } | null)?.code === '23505',
  allocatePostIds: async (tx, count) => {
    if (count <= 0) return [];
    const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('posts', 'id'))::integer as id from generate_series(1, ${count})`.execute(tx);
    return rows.map((row) => Number(row.id));
  },
  raiseIdSequences: async (tx) => {
    // Never lowered: `greatest` keeps ids the sequence handed out to occurrences (decision 0025).
    for (const table of ['posts', 'terms', 'users', 'images'] as const) {
      await sql`select setval(seq, greatest((select coalesce(max(id), 0) from ${sql.table(table)}), coalesce(pg_sequence_last_value(seq), 0), 1)) from (select pg_get_serial_sequence(${table}, 'id')::regclass as seq) as s`.execute(tx);
    }
  },
  lockKey: async (tx, key) => {
    // Two int4 keys, (schema, key): each schema (tests, tenants) has keys of its own.
    await sql`select pg_advisory_xact_lock(hashtext(current_schema()), hashtext(${key}))`.execute(tx);
  },
  lockRow: async (tx, row) => {
    await tx.selectFrom(row.table).select('id').where('id', '=', row.id).forUpdate().execute();
    return true;
  },
  lockLinked: (tx, query, table) => (writeUnits.has(tx) ? query.forKeyShare(table) : query),
};

const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection Kysely's SQLite dialect drives, with prepared statements kept by their SQL text
 * (least recently used evicted): Kysely prepares every statement anew, which took 14% of the
 * server's CPU in profiles, and the service's queries have a few hundred shapes. Kysely runs one
 * statement at a time per connection and never keeps an iterator open here, so reusing one is safe.
 */
function withStatementCache(client: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => client.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = client.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

function connectSqlite(file: string): SqliteDatabase.Database {
  const client = new SqliteDatabase(file);
  client.pragma('journal_mode = WAL');
  // FULL: a commit the API acknowledged survives a power cut, not only a process crash.
  client.pragma('synchronous = FULL');
  client.pragma('foreign_keys = ON');
  client.pragma('busy_timeout = 5000');
  // SQLite's built-in lower() folds ASCII only; PostgreSQL's folds every script. Case-insensitive
  // comparisons (term names, search) must agree on both, so lower() gets JavaScript's Unicode rules.
  client.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  return client;
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Failures of a PostgreSQL write unit that running it again cures: serialization failure and
 * deadlock, which units serialized by their lock meet only against writers outside units.
 */
const RETRYABLE_STATES = new Set(['40001', '40P01']);

/**
 * How many content versions' change tags are kept: a node further behind than that drops its whole
 * read cache instead of reading what changed (decision 0033). The pruning is the trigger's of
 * migrations 20261127050000 and 20261128210000, which hold the same number.
 */
export const CONTENT_CHANGES_KEPT = 1000;

/** The content version's read and write, the same SQL on both engines. */
function contentVersionOf(root: Kysely<Database>): Pick<Storage, 'contentVersion' | 'contentChanges' | 'touchContent'> {
  // Read on every anonymous request: compiled once rather than built anew each time.
  const read = root.selectFrom('content_version').select('version').where('id', '=', 1).compile();
  return {
    contentVersion: async () => (await root.executeQuery(read)).rows[0]!.version,
    contentChanges: async (after, through) => groupByVersion(await root.selectFrom('content_changes').select(['version', 'tag']).where('version', '>', after).where('version', '<=', through).execute()),
    touchContent: async (tx, at) => {
      // The trigger of migration 20261127050000 stamps the unit's change tags with the new version,
      // prunes those older than CONTENT_CHANGES_KEPT versions and gives the unit's journal rows
      // (decision 0027) this time, in this one statement (decision 0077); on PostgreSQL it inserts
      // the tags and journal rows the unit held, each once (decision 0106).
      await tx.updateTable('content_version').set({ version: NEXT_VERSION, changed_at: at.toISOString() }).where('id', '=', 1).execute();
      touched.add(tx);
    },
  };
}

/** `contentVersion` and `contentChanges` as synchronous reads on a connection of their own (SQLite). */
function sideContentVersion(client: SqliteDatabase.Database): Pick<Storage, 'contentVersion' | 'contentChanges'> {
  // Prepared on first use: the storage opens before the migrations make the tables.
  let version: SqliteDatabase.Statement<[], { version: number }> | undefined;
  let changes: SqliteDatabase.Statement<[number, number], { version: number; tag: string }> | undefined;
  return {
    contentVersion: async () => (version ??= client.prepare('select version from content_version where id = 1')).get()!.version,
    contentChanges: async (after, through) =>
      groupByVersion((changes ??= client.prepare('select version, tag from content_changes where version > ? and version <= ?')).all(after, through)),
  };
}

/** Change tags by content version. */
function groupByVersion(rows: readonly { version: number; tag: string }[]): Map<number, string[]> {
  const changes = new Map<number, string[]>();
  for (const row of rows) changes.set(row.version, [...(changes.get(row.version) ?? []), row.tag]);
  return changes;
}

function openSqlite(file: string, clock: Clock): Storage {
  const client = file === ':memory:' ? connectSqlite(file) : openSqliteFile(file, path.dirname(file), () => connectSqlite(file));
  // A second connection to the same file (an in-memory database has no second connection).
  const sideClient = file === ':memory:' ? client : connectSqlite(file);
  // Read units on a connection of their own (decision 0084): a snapshot in WAL mode needs no lock,
  // so they run while the writer's batch does, and the write units of the requests they serve
  // queue meanwhile and share its next commit. A read unit begun after a write was acknowledged
  // sees it: acknowledged means committed. Not the second connection: its reads, outside any
  // transaction, would otherwise land in a read unit's older snapshot.
  const readClient = file === ':memory:' ? client : connectSqlite(file);
  const root = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(client) }) });
  const reader = readClient === client ? root : new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(readClient) }) });
  return {
    dialect: sqliteCapabilities,
    driver: { kind: 'sqlite', client: sideClient },
    ...contentVersionOf(root),
    // Read on every anonymous request, cached answer or not: on the second connection, at once, not
    // queued for the first behind every unit of work running on it (Kysely's lock on that connection
    // is not even first come, first served): a hit needs nothing else. Outside any transaction,
    // it sees every committed write. An in-memory database has no second connection: its units' own.
    ...(sideClient === client ? {} : sideContentVersion(sideClient)),
    ...unitRunners(root, reader, {
      // Deferred: the snapshot starts at the first read and takes no lock other writers wait for.
      beginRead: ['begin'],
      // IMMEDIATE takes the write lock up front: a unit that read first and wrote later could
      // otherwise fail on another process' write (SQLITE_BUSY_SNAPSHOT) instead of waiting its turn.
      beginWrite: ['begin immediate'],
      retryable: (error) => String(errorCode(error)).startsWith('SQLITE_BUSY'),
      // better-sqlite3 runs a statement to its end: no statement timeout to report.
      timedOut: () => false,
      clock,
      stampJournal: (connection, at) => connection.updateTable('record_changes').set({ changed_at: at }).where('changed_at', 'is', null).execute(),
      groupCommit: { inTransaction: () => client.inTransaction },
    }),
    ping: async () => {
      await sql`select 1`.execute(root);
    },
    close: async () => {
      await root.destroy();
      if (reader !== root) await reader.destroy();
      // Kysely closes its connection only if it ever used it: a storage that ran only reads (or only
      // writes) would leave the other open, and with it the WAL file that tells `restore` the
      // database is in use. Each connection is closed here, once.
      for (const connection of new Set([client, readClient, sideClient])) if (connection.open) connection.close();
    },
  };
}

/** PostgreSQL's `int8` type id. */
const INT8 = 20;
/** The SQLSTATE of a statement cancelled, by `statement_timeout` among others. */
const QUERY_CANCELED = '57014';

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

function openPostgres(url: string, options: StorageOptions, clock: Clock): Storage {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Statements written without waiting for the answers before them on the connection: a read
    // unit's begin goes with its first statement, its commit is not waited for (decision 0085).
    pipeline: true,
    ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs, idle_in_transaction_session_timeout: options.statementTimeoutMs }),
    // COUNT(*) and other int8 results come back as JS numbers, as on SQLite.
    types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const root = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }, postgresWhere(url)) });
  return {
    dialect: postgresCapabilities,
    driver: { kind: 'postgres', client: pool },
    ...contentVersionOf(root),
    ...unitRunners(root, root, {
      // Held back until the unit's first statement, and written with it (decision 0085).
      beginRead: [READ_BEGIN],
      // Units side by side, on every node (decision 0087): each rule the lock per schema once kept
      // (decisions 0014, 0038) has a narrow guarantee of its own (decisions 0081, 0082, 0087): the
      // journal numbered under the content version's row, keys for slug families, names, sources
      // and runs, rows locked before they are read or linked. READ COMMITTED: a statement after a
      // wait for one of those locks sees what the unit it waited for committed. Migrations take a
      // key of their own (migrate()).
      beginWrite: ['begin isolation level read committed'],
      retryable: (error) => RETRYABLE_STATES.has(String(errorCode(error))),
      timedOut: (error) => errorCode(error) === QUERY_CANCELED,
      // A unit with a deadline: no statement of it outlives the time its request had left when it
      // began (decision 0091), a lock wait included; 0 would mean no bound at all.
      statementBound: (remainingMs) =>
        options.statementTimeoutMs !== undefined && remainingMs >= options.statementTimeoutMs ? undefined : `set local statement_timeout = ${Math.max(1, Math.ceil(remainingMs))}`,
      clock,
      stampJournal: (connection, at) => sql`select number_record_changes(${at})`.execute(connection),
    }),
    ping: async () => {
      await sql`select 1`.execute(root);
    },
    close: () => root.destroy(),
  };
}

export function openStorage(config: DatabaseConfig, options: StorageOptions = {}): Storage {
  const clock = options.clock ?? systemClock;
  return config.dialect === 'sqlite' ? openSqlite(config.file, clock) : openPostgres(config.url, options, clock);
}

/** Brings the schema up to date; safe to run on every start and from several nodes at once. */
export async function migrate(storage: Storage): Promise<string[]> {
  // One write unit under a lock of its own, taken first: nodes starting together take turns, the
  // next one finding the schema up to date (Kysely's own migration lock does nothing on SQLite, so
  // two processes both saw the migrations pending and one failed on "table already exists").
  // SQLite's write lock does that already; on PostgreSQL, where write units run side by side, the
  // key is migrate()'s own (decision 0082). A failed migration rolls back whole.
  return storage.write(async (tx) => {
    await storage.dialect.lockKey(tx, 'migrations');
    // On PostgreSQL the bookkeeping tables live in the connection's own schema, named explicitly
    // (several schemas share a database: tests, tenants); the introspector looks at that schema only.
    const schema =
      storage.dialect.name === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(tx)).rows[0]?.schema : undefined;
    // A migration may rebuild an index over every row: no statement timeout of the serving pool applies.
    if (storage.dialect.name === 'postgres') await sql`set local statement_timeout = 0`.execute(tx);
    const migrator = new Migrator({ db: tx, provider: staticMigrations, disableTransactions: true, ...(schema ? { migrationTableSchema: schema } : {}) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error('A migration failed.', { cause: error });
    return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
  });
}
