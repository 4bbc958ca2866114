import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type SqlBool, type SqliteDialectConfig } from 'kysely';
import type { Clock } from '../clock.ts';
import { postsScan } from './conditions.ts';
import { contentVersionOf, groupByVersion } from './content-version.ts';
import { openSqliteFile } from './open-errors.ts';
import type { Database } from './tables.ts';
import type { DialectCapabilities, Storage } from './types.ts';
import { unitRunners } from './write-units.ts';

/*
 * The SQLite engine: its connections (the writer's, the readers', a side one), its capabilities and
 * its units' settings (one writer, group commit: decision 0084).
 */

/** A driver error's code (better-sqlite3's `SQLITE_…`). */
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * What begins the text of a statement `withStatementCache` prepares in raw mode (`arrayRows`): a
 * comment, so the text is still the statement's, and a statement of its own in the cache.
 */
const ARRAY_ROWS = '/* array rows */ ';

const sqliteCapabilities: DialectCapabilities = {
  name: 'sqlite',
  postsContaining: (alias, word) =>
    [...word].length >= 3
      ? sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from post_search where post_search match ${`"${word.replace(/"/g, '""')}"`})`
      : postsScan(alias, word),
  // SQLite's LIKE is case-insensitive and cannot use the binary slug index; a binary range can:
  // `base` and every `base-…` lie in [`base`, `base.`) since '.' follows '-' (other slugs in the
  // range only add to the taken set). `<> ''` lets SQLite use the partial unique slug index.
  slugFamily: (column, base) =>
    sql<SqlBool>`(${sql.ref(column)} <> '' and ${sql.ref(column)} >= ${base} and ${sql.ref(column)} < ${`${base}.`})`,
  isUniqueViolation: (error) => {
    const code = errorCode(error);
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  },
  allocatePostIds: async (tx, count) => {
    if (count <= 0) return [];
    // AUTOINCREMENT keeps the row at the largest id ever used; it exists once a post was written.
    await sql`insert into sqlite_sequence (name, seq) select 'posts', coalesce((select max(id) from posts), 0) where not exists (select 1 from sqlite_sequence where name = 'posts')`.execute(
      tx,
    );
    const { rows } = await sql<{
      seq: number;
    }>`update sqlite_sequence set seq = seq + ${count} where name = 'posts' returning seq`.execute(tx);
    const last = Number(rows[0]!.seq);
    return Array.from({ length: count }, (_, index) => last - count + 1 + index);
  },
  raiseIdSequences: async () => undefined,
  lockKey: async () => undefined,
  lockRow: async () => false,
  lockLinked: (_tx, query) => query,
  arrayRows: async (db, query) => (await db.executeQuery<unknown[]>({ ...query, sql: ARRAY_ROWS + query.sql })).rows,
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
      else {
        statement = client.prepare(text);
        if (text.startsWith(ARRAY_ROWS)) statement.raw(true);
      }
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
  client.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  return client;
}

/**
 * How much of the database file the read units' connection reads in place, mapped into memory
 * (decision 0136), rather than copied page by page into its 16 MiB page cache: a read of many rows
 * in an order other than the file's (the CSV export joins each occurrence to its event's rows)
 * found few of its pages in that cache and read most again from the OS, a system call and a copy
 * each. The mapped pages are the OS's page cache, shared and dropped under memory pressure; past
 * this size, pages are read as before.
 */
const READ_MMAP_BYTES = 1024 * 1024 * 1024;

/** The writer's page cache during bulk writes (decision 0131), in KiB (`cache_size` takes a negative size so); 2 MiB otherwise. */
const BULK_CACHE_KIB = 64 * 1024;

/**
 * `Storage.bulkWrites` on SQLite: the writer's cache raised while any bulk run lasts, then put back
 * (a smaller `cache_size` frees the pages above it), so a server's idle memory is what it was. An
 * import's inserts walk every index of a database that grows with every unit; with 2 MiB the pages
 * one statement read are gone by the next, read again from the OS (system time).
 */
function bulkWritesOn(client: SqliteDatabase.Database): Storage['bulkWrites'] {
  let running = 0;
  let idleCache = 0;
  return async (work) => {
    if (running++ === 0) {
      idleCache = Number(client.pragma('cache_size', { simple: true }));
      client.pragma(`cache_size = ${-BULK_CACHE_KIB}`);
    }
    try {
      return await work();
    } finally {
      if (--running === 0 && client.open) client.pragma(`cache_size = ${idleCache}`);
    }
  };
}

/** `contentVersion` and `contentChanges` as synchronous reads on a connection of their own (SQLite). */
function sideContentVersion(client: SqliteDatabase.Database): Pick<Storage, 'contentVersion' | 'contentChanges'> {
  // Prepared on first use: the storage opens before the migrations make the tables.
  let version: SqliteDatabase.Statement<[], { version: number }> | undefined;
  let changes: SqliteDatabase.Statement<[number, number], { version: number; tag: string }> | undefined;
  return {
    contentVersion: async () =>
      (version ??= client.prepare('select version from content_version where id = 1')).get()!.version,
    contentChanges: async (after, through) =>
      groupByVersion(
        (changes ??= client.prepare('select version, tag from content_changes where version > ? and version <= ?')).all(
          after,
          through,
        ),
      ),
  };
}

export function openSqlite(file: string, clock: Clock): Storage {
  const client =
    file === ':memory:' ? connectSqlite(file) : openSqliteFile(file, path.dirname(file), () => connectSqlite(file));
  // A second connection to the same file (an in-memory database has no second connection).
  const sideClient = file === ':memory:' ? client : connectSqlite(file);
  // Read units on a connection of their own (decision 0084): a snapshot in WAL mode needs no lock,
  // so they run while the writer's batch does, and the write units of the requests they serve
  // queue meanwhile and share its next commit. A read unit begun after a write was acknowledged
  // sees it: acknowledged means committed. Not the second connection: its reads, outside any
  // transaction, would otherwise land in a read unit's older snapshot.
  const readClient = file === ':memory:' ? client : connectSqlite(file);
  if (readClient !== client) readClient.pragma(`mmap_size = ${READ_MMAP_BYTES}`);
  const root = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(client) }) });
  const reader =
    readClient === client
      ? root
      : new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(readClient) }) });
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
      stampJournal: (connection, at) =>
        connection.updateTable('record_changes').set({ changed_at: at }).where('changed_at', 'is', null).execute(),
      groupCommit: { inTransaction: () => client.inTransaction },
    }),
    bulkWrites: bulkWritesOn(client),
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
