import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { CONSISTENCY_QUERIES, sampleRows as sample } from '../../src/storage/integrity.ts';

/**
 * Checks of the database itself after a kill, with the server down: the engine's own integrity
 * checks, foreign keys, and the invariants the service keeps inside its transactions
 * (`CONSISTENCY_QUERIES`, which the restore command checks too).
 */

export interface IntegrityReport {
  /** What was checked, for the summary. */
  readonly method: string;
  readonly problems: readonly string[];
}

/** Opens the file as the restarted server would (recovering the WAL) and checks it. */
export function checkSqlite(file: string): IntegrityReport {
  const problems: string[] = [];
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok')
      problems.push(`PRAGMA integrity_check: ${integrity.map((row) => row.integrity_check).join('; ')}`);
    const orphans = db.pragma('foreign_key_check') as unknown[];
    if (orphans.length > 0) problems.push(`PRAGMA foreign_key_check: ${sample(orphans)}`);
    try {
      // rank = 1 also compares the full-text index with the posts it indexes (kept in step by triggers).
      db.prepare(`insert into post_search(post_search, rank) values ('integrity-check', 1)`).run();
    } catch (error) {
      problems.push(`FTS5 integrity-check of post_search: ${(error as Error).message}`);
    }
    for (const [label, sql] of CONSISTENCY_QUERIES) {
      const rows = db.prepare(sql).all();
      if (rows.length > 0) problems.push(`${label}: ${sample(rows)}`);
    }
  } finally {
    db.close();
  }
  return {
    method: `PRAGMA integrity_check = ok, PRAGMA foreign_key_check empty, FTS5 integrity-check of post_search against posts, ${CONSISTENCY_QUERIES.length} consistency queries`,
    problems,
  };
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface ForeignKey {
  readonly name: string;
  readonly child: string;
  readonly parent: string;
  readonly child_columns: string[];
  readonly parent_columns: string[];
}

/** The schema's foreign keys, each checked by a query for child rows without their parent. */
async function orphanProblems(client: pg.Client): Promise<{ checked: number; problems: string[] }> {
  const columns = (keys: string, table: string) =>
    `array(select a.attname::text from unnest(con.${keys}) with ordinality as k(attnum, position)
             join pg_attribute a on a.attrelid = con.${table} and a.attnum = k.attnum order by k.position)`;
  const { rows } = await client.query<ForeignKey>(
    `select con.conname as name, con.conrelid::regclass::text as child, con.confrelid::regclass::text as parent,
            ${columns('conkey', 'conrelid')} as child_columns, ${columns('confkey', 'confrelid')} as parent_columns
       from pg_constraint con where con.contype = 'f' and con.connamespace = current_schema()::regnamespace`,
  );
  const problems: string[] = [];
  for (const key of rows) {
    const present = key.child_columns.map((column) => `c.${quoteIdentifier(column)} is not null`).join(' and ');
    const joined = key.child_columns
      .map((column, index) => `p.${quoteIdentifier(key.parent_columns[index]!)} = c.${quoteIdentifier(column)}`)
      .join(' and ');
    const orphans = await client.query(
      `select c.* from ${key.child} c where ${present} and not exists (select 1 from ${key.parent} p where ${joined}) limit 5`,
    );
    if (orphans.rows.length > 0)
      problems.push(`foreign key ${key.name}: ${key.child} rows without their ${key.parent}: ${sample(orphans.rows)}`);
  }
  return { checked: rows.length, problems };
}

/** amcheck on every btree index and table of the schema; undefined when the extension cannot be installed. */
async function amcheckProblems(
  client: pg.Client,
): Promise<{ indexes: number; tables: number; problems: string[] } | undefined> {
  try {
    // In `public`, as the migrations install pg_trgm, so that every schema of the database shares it.
    await client.query('create extension if not exists amcheck with schema public');
  } catch {
    return undefined;
  }
  const { rows: installed } = await client.query<{ schema: string }>(
    `select quote_ident(n.nspname) as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'amcheck'`,
  );
  const schema = installed[0]!.schema;
  const problems: string[] = [];
  const { rows: indexes } = await client.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_class c join pg_am a on a.oid = c.relam
      where c.relkind = 'i' and a.amname = 'btree' and c.relnamespace = current_schema()::regnamespace`,
  );
  for (const { name } of indexes) {
    try {
      // heapallindexed: every heap tuple must also be found in the index, not only the index be well-formed.
      await client.query(`select ${schema}.bt_index_check(index => $1::regclass, heapallindexed => true)`, [name]);
    } catch (error) {
      problems.push(`bt_index_check(${name}): ${(error as Error).message}`);
    }
  }
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_class c where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace`,
  );
  for (const { name } of tables) {
    const corruption = await client.query(`select * from ${schema}.verify_heapam($1::regclass)`, [name]);
    if (corruption.rows.length > 0) problems.push(`verify_heapam(${name}): ${sample(corruption.rows)}`);
  }
  return { indexes: indexes.length, tables: tables.length, problems };
}

/** `url` selects the test's schema through its search_path. */
export async function checkPostgres(url: string): Promise<IntegrityReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const amcheck = await amcheckProblems(client);
    const orphans = await orphanProblems(client);
    const problems = [...(amcheck?.problems ?? []), ...orphans.problems];
    for (const [label, sql] of CONSISTENCY_QUERIES) {
      const { rows } = await client.query(sql);
      if (rows.length > 0) problems.push(`${label}: ${sample(rows)}`);
    }
    const physical = amcheck
      ? `amcheck: bt_index_check(heapallindexed) on ${amcheck.indexes} btree indexes and verify_heapam on ${amcheck.tables} tables`
      : 'amcheck is not available on this server (no physical check)';
    return {
      method: `${physical}, orphan queries for ${orphans.checked} foreign keys, ${CONSISTENCY_QUERIES.length} consistency queries`,
      problems,
    };
  } finally {
    await client.end();
  }
}
