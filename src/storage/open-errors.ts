import fs from 'node:fs';

/*
 * What start-up says when the database cannot be used at all: the variable that chose it and the
 * file or server, beside the driver's own words ("unable to open database file", "connect
 * ECONNREFUSED" named neither). Never the password of a PostgreSQL URL.
 */

/** The database named by DATABASE_URL cannot be opened or reached; `code` stays the driver's. */
export class DatabaseUnavailableError extends Error {
  readonly code: unknown;

  constructor(where: string, cause: unknown) {
    super(`DATABASE_URL: cannot use ${where}: ${reasonOf(cause)}`, { cause });
    this.code = (cause as { code?: unknown } | null)?.code;
  }
}

function reasonOf(error: unknown): string {
  // A refused connection to a host with several addresses (localhost: ::1 and 127.0.0.1) is an
  // AggregateError whose own message is empty.
  if (error instanceof AggregateError && error.message === '')
    return [...new Set(error.errors.map(reasonOf))].join('; ');
  return error instanceof Error ? error.message : String(error);
}

/** `the PostgreSQL database <name> at <host>:<port>`, from the URL without its credentials. */
export function postgresWhere(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.slice(1)) || "(the user's default)";
    return `the PostgreSQL database ${database} at ${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  } catch {
    return 'the PostgreSQL database';
  }
}

/**
 * Opens the SQLite file with `open`, its folder made first; a folder that cannot be made or
 * written (SQLite writes its journal beside the file) is reported with the file's path.
 */
export function openSqliteFile<T>(file: string, folder: string, open: () => T): T {
  const where = `the SQLite file ${file}`;
  try {
    fs.mkdirSync(folder, { recursive: true });
    fs.accessSync(folder, fs.constants.W_OK);
  } catch (error) {
    throw new DatabaseUnavailableError(`${where} (its folder ${folder} cannot be created or written)`, error);
  }
  try {
    return open();
  } catch (error) {
    throw new DatabaseUnavailableError(where, error);
  }
}
