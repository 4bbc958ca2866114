import {
  CompiledQuery,
  PostgresDialect,
  sql,
  type PostgresDialectConfig,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type SchemaMetadata,
  type TableMetadata,
  type TransactionSettings,
} from 'kysely';
import { DatabaseUnavailableError } from './open-errors.ts';

/*
 * Kysely's PostgreSQL dialect as the storage drives it: the migrator looks at the connection's own
 * schema only, and read units take fewer round trips (decision 0085).
 *
 * The pool's clients run in `pg`'s pipeline mode (`openPostgres`): a statement is written without
 * waiting for the answers of those written before it on the same connection, and PostgreSQL answers
 * them in order. A read unit's `begin` is held back until its first statement and written with it
 * (one wait for both; a unit that runs no statement, such as a kept record's answer, writes
 * neither), and its `commit` is written without waiting for its answer: the connection's next
 * unit, whoever's, is queued behind it on the wire. Write units pass through as they are.
 */

/**
 * What opens a PostgreSQL read unit: one snapshot, taken at its first statement. REPEATABLE READ
 * takes the snapshot there, not at `begin`, so writing `begin` just before that statement reads
 * what an earlier `begin` would have.
 */
export const READ_BEGIN = 'begin isolation level repeatable read, read only';

const BEGIN = CompiledQuery.raw(READ_BEGIN);
/** The result of a statement not written: a held `begin`, the end of a unit that read nothing, a commit not waited for. */
const NOTHING: QueryResult<never> = { rows: [] };

/**
 * One acquisition of a pooled connection. `held`: a read unit's `begin` waiting for the unit's first
 * statement; `reading`: the read unit's transaction is open.
 */
class PipelinedReads implements DatabaseConnection {
  private state: 'idle' | 'held' | 'reading' = 'idle';

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.state === 'idle') {
      if (query.sql !== READ_BEGIN) return this.inner.executeQuery(query);
      this.state = 'held';
      return NOTHING;
    }
    if (this.state === 'held') {
      this.state = query.sql === 'commit' || query.sql === 'rollback' ? 'idle' : 'reading';
      // A read unit that ran nothing ends without a round trip.
      if (this.state === 'idle') return NOTHING;
      // Both written now, in this order (pipeline mode): one wait.
      const [begun, result] = await Promise.allSettled([
        this.inner.executeQuery(BEGIN),
        this.inner.executeQuery<R>(query),
      ]);
      if (begun.status === 'rejected') throw begun.reason;
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    }
    if (query.sql === 'commit') {
      this.state = 'idle';
      // A read-only transaction has nothing to make durable, so the answer does not wait for its
      // commit. One that fails has lost its connection, which the pool then drops.
      this.inner.executeQuery(query).catch(() => undefined);
      return NOTHING;
    }
    if (query.sql === 'rollback') this.state = 'idle';
    return this.inner.executeQuery(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery(query, chunkSize);
  }
}

/** Kysely's PostgreSQL driver, its connections wrapped for pipelined read units. */
class PipelinedReadsDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    /** The database as messages name it (`postgresWhere`), for a connection that cannot be made. */
    private readonly where: string,
  ) {}

  init = () => this.inner.init();
  acquireConnection = async () => {
    let connection;
    try {
      connection = await this.inner.acquireConnection();
    } catch (error) {
      throw new DatabaseUnavailableError(this.where, error);
    }
    return new PipelinedReads(connection);
  };
  releaseConnection = (connection: DatabaseConnection) =>
    this.inner.releaseConnection((connection as PipelinedReads).inner);
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) =>
    this.inner.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(connection);
  savepoint = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) =>
    this.inner.savepoint!(connection, name, compile);
  rollbackToSavepoint = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) =>
    this.inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) =>
    this.inner.releaseSavepoint!(connection, name, compile);
  destroy = () => this.inner.destroy();
}

/**
 * What the migrator learns of the database: the connection's own schema and its tables only.
 * Kysely's own PostgreSQL introspector reads every table of every schema through
 * `pg_get_serial_sequence`, which fails ("schema … does not exist") when another client drops a
 * schema meanwhile, as test runs and tenant clean-ups do; the migrator only asks whether its
 * bookkeeping tables exist in its own schema.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      select table_name as name, table_schema as schema, table_type as type from information_schema.tables where table_schema = current_schema()
    `.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.type === 'VIEW', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** The dialect `openPostgres` builds its Kysely instance on. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly where: string,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new PipelinedReadsDriver(super.createDriver(), this.where);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
