import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

/*
 * The inserting half of the seed's SQLite load (bulk-load.ts), on a thread of its own so that
 * SQLite writes one batch while the seed generates the next: each takes about half the load's
 * time. Its own connection to the database file; the main thread's connections stay idle meanwhile.
 */

/** One table's rows of a batch: `rows` rows of `columns`, their values one row after the other. */
export interface TableRows {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: number;
  readonly values: readonly unknown[];
}

/** A batch (written in one transaction), or the end of the load. */
export type InsertRequest = readonly TableRows[] | 'close';
export type InsertReply = { readonly ok: true } | { readonly ok: false; readonly message: string; readonly code?: string };

export interface InsertWorkerData {
  readonly file: string;
}

/** Rows per multi-row INSERT: fewer calls into the driver, within SQLite's 32,766 parameters. */
const ROWS_PER_STATEMENT = 100;

const port = parentPort!;
const client = new SqliteDatabase((workerData as InsertWorkerData).file);
// The generated rows are consistent by construction; checking each foreign key would double the load time.
client.pragma('foreign_keys = OFF');
// A seed interrupted by a power cut is simply run again on a fresh database.
client.pragma('synchronous = OFF');
client.pragma('cache_size = -262144');

const statements = new Map<string, SqliteDatabase.Statement>();
function statement(table: string, columns: readonly string[], rows: number): SqliteDatabase.Statement {
  const text = `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows }, () => `(${columns.map(() => '?').join(', ')})`).join(', ')}`;
  let prepared = statements.get(text);
  if (!prepared) {
    prepared = client.prepare(text);
    statements.set(text, prepared);
  }
  return prepared;
}

const insertBatch = client.transaction((tables: readonly TableRows[]) => {
  for (const { table, columns, rows, values } of tables) {
    const width = columns.length;
    for (let next = 0; next < rows; next += ROWS_PER_STATEMENT) {
      const count = Math.min(ROWS_PER_STATEMENT, rows - next);
      statement(table, columns, count).run(values.slice(next * width, (next + count) * width));
    }
  }
});

port.on('message', (request: InsertRequest) => {
  if (request === 'close') {
    client.close();
    port.close();
    return;
  }
  let reply: InsertReply;
  try {
    insertBatch(request);
    reply = { ok: true };
  } catch (error) {
    reply = { ok: false, message: (error as Error).message, code: (error as { code?: string }).code };
  }
  port.postMessage(reply);
});
