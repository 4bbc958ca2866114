import pg from 'pg';
import { Kysely, sql, type SqlBool } from 'kysely';
import type { Clock } from '../clock.ts';
import { escapeLike, postsScan } from './conditions.ts';
import { contentVersionOf } from './content-version.ts';
import { postgresWhere } from './open-errors.ts';
import { CurrentSchemaPostgresDialect, READ_BEGIN } from './postgres-dialect.ts';
import type { Database } from './tables.ts';
import type { DialectCapabilities, Storage, StorageOptions } from './types.ts';
import { isWriteUnit, unitRunners } from './write-units.ts';

/*
 * The PostgreSQL engine: its pool, its capabilities and its units' settings (units side by side
 * under narrow locks: decisions 0081, 0082, 0087; read units pipelined: decision 0085).
 * `postgres-dialect.ts` is Kysely's dialect as this storage drives it.
 */

/** A driver error's SQLSTATE (pg's `code`). */
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Failures of a PostgreSQL write unit that running it again cures: serialization failure and
 * deadlock. Write units run side by side and take their keys and rows as they go (decisions 0081,
 * 0082, 0087), so two of them can each wait for a lock the other holds: PostgreSQL aborts one after
 * `deadlock_timeout`, and it runs again from the start.
 */
const RETRYABLE_STATES = new Set(['40001', '40P01']);

const postgresCapabilities: DialectCapabilities = {
  name: 'postgres',
  postsContaining: postsScan,
  // Served by the text_pattern_ops index of migration 20261122020000 (a range would be wrong: the
  // database's collation ignores hyphens when ordering).
  slugFamily: (column, base) =>
    sql<SqlBool>`(${sql.ref(column)} = ${base} or ${sql.ref(column)} like ${`${escapeLike(base)}-%`} escape '\\')`,
  isUniqueViolation: (error) => errorCode(error) === '23505',
  allocatePostIds: async (tx, count) => {
    if (count <= 0) return [];
    const { rows } = await sql<{
      id: number;
    }>`select nextval(pg_get_serial_sequence('posts', 'id'))::integer as id from generate_series(1, ${count})`.execute(
      tx,
    );
    return rows.map((row) => Number(row.id));
  },
  raiseIdSequences: async (tx) => {
    // Never lowered: `greatest` keeps ids the sequence handed out to occurrences (decision 0025).
    for (const table of ['posts', 'terms', 'users', 'images'] as const) {
      await sql`select setval(seq, greatest((select coalesce(max(id), 0) from ${sql.table(table)}), coalesce(pg_sequence_last_value(seq), 0), 1)) from (select pg_get_serial_sequence(${table}, 'id')::regclass as seq) as s`.execute(
        tx,
      );
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
  lockLinked: (tx, query, table) => (isWriteUnit(tx) ? query.forKeyShare(table) : query),
  arrayRows: async (db, query) =>
    (await db.executeQuery<Record<string, unknown>>(query)).rows.map((row) => Object.values(row)),
};

/** PostgreSQL's `int8` type id. */
const INT8 = 20;
/** The SQLSTATE of a statement cancelled, by `statement_timeout` among others. */
const QUERY_CANCELED = '57014';

export function openPostgres(url: string, options: StorageOptions, clock: Clock): Storage {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Statements written without waiting for the answers before them on the connection: a read
    // unit's begin goes with its first statement, its commit is not waited for (decision 0085).
    pipeline: true,
    ...(options.statementTimeoutMs === undefined
      ? {}
      : {
          statement_timeout: options.statementTimeoutMs,
          idle_in_transaction_session_timeout: options.statementTimeoutMs,
        }),
    // COUNT(*) and other int8 results come back as JS numbers, as on SQLite.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8 ? Number : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
    },
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
        options.statementTimeoutMs !== undefined && remainingMs >= options.statementTimeoutMs
          ? undefined
          : `set local statement_timeout = ${Math.max(1, Math.ceil(remainingMs))}`,
      clock,
      stampJournal: (connection, at) => sql`select number_record_changes(${at})`.execute(connection),
    }),
    bulkWrites: (work) => work(),
    ping: async () => {
      await sql`select 1`.execute(root);
    },
    close: () => root.destroy(),
  };
}
