import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { migrate, openStorage } from './database.ts';
import {
  CONSISTENCY_QUERIES,
  describeCounts,
  isEmpty,
  RECORD_COUNTS_SQL,
  recordCounts,
  sampleRows,
  type RecordCounts,
} from './integrity.ts';
import { MEDIA_FILES_SQL, mediaFilesOf } from './repositories/media.repository.ts';

/**
 * `calendar-events backup` and `restore` (decision 0024). SQLite: the online backup API, safe
 * while servers write. PostgreSQL: pg_dump's custom format of the service's schema, restored by
 * pg_restore in one transaction. Backup files appear whole under their name or not at all.
 */

/**
 * Uploaded images' files (decision 0041): a backup `<file>` has them in the folder `<file>.media`
 * beside it, in the media folder's layout, copied after the database's snapshot and listed by it,
 * and put in place whole once the database's copy is. A restore copies them back into the media
 * folder, and its integrity check finds every upload's files there.
 */
export const mediaFolderOf = (backupFile: string) => `${backupFile}.media`;

/** The files every upload of a database's snapshot has, from the rows of MEDIA_FILES_SQL. */
const uploadedFiles = (rows: readonly { url: string; sizes_json: string | null }[]) =>
  rows.flatMap((row) => mediaFilesOf(row.url, row.sizes_json));

/** Copies `files` (paths under `from`) into the new folder `to`; a file gone since the snapshot means an upload was deleted meanwhile. */
function copyMediaFiles(from: string, files: readonly string[], to: string): void {
  fs.mkdirSync(to);
  for (const file of files) {
    const target = path.join(to, ...file.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.copyFileSync(path.join(from, ...file.split('/')), target, fs.constants.COPYFILE_EXCL);
    } catch (error) {
      if (errorCode(error) === 'ENOENT')
        throw new BackupError(
          `The uploaded file ${file} is missing from ${from} (deleted during the backup, or the media folder is not this database's); run the backup again.`,
        );
      throw error;
    }
  }
}

/**
 * Copies the files of the uploads `rows` lists (MEDIA_FILES_SQL) from the media folder `from` into
 * the media folder `to`, keeping a file already there (names are unique to their bytes); answers
 * how many files the uploads have. `copy` moves a calendar's uploads with it.
 */
export function copyUploadedFiles(
  rows: readonly { url: string; sizes_json: string | null }[],
  from: string,
  to: string,
): number {
  const files = uploadedFiles(rows);
  for (const file of files) {
    const [source, target] = [from, to].map((folder) => path.join(folder, ...file.split('/'))) as [string, string];
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.copyFileSync(source, target);
    } catch (error) {
      if (errorCode(error) === 'ENOENT')
        throw new BackupError(
          `The uploaded file ${file} is missing from ${from} (the media folder is not this database's, or the upload was deleted meanwhile).`,
        );
      throw error;
    }
  }
  return files.length;
}

/**
 * Writes the media folder of a backup through a temporary folder: `copy` fills it (returning the
 * file count) while the database is copied, and `place` puts it under its name once the database
 * is in place; `discard` cleans up after a failure.
 */
function mediaCopy(backupFile: string, mediaDir: string) {
  const target = mediaFolderOf(backupFile);
  const temporary = temporaryBeside(target);
  let count = 0;
  return {
    copy: (rows: readonly { url: string; sizes_json: string | null }[]) => {
      const files = uploadedFiles(rows);
      copyMediaFiles(mediaDir, files, temporary);
      count = files.length;
    },
    place: (force: boolean): number => {
      if (fs.existsSync(target)) {
        if (!force) throw new BackupError(`${target} already exists; give --force to replace it.`);
        fs.rmSync(target, { recursive: true, force: true });
      }
      fs.renameSync(temporary, target);
      return count;
    },
    discard: () => fs.rmSync(temporary, { recursive: true, force: true }),
  };
}

/** The operator's mistake or an unusable file: the CLI shows the message alone. */
export class BackupError extends Error {}

export interface BackupSummary {
  readonly bytes: number;
  readonly counts: RecordCounts;
  /** Uploaded images' files copied beside the backup (`<file>.media`). */
  readonly mediaFiles: number;
}

export interface RestoreSummary {
  readonly counts: RecordCounts;
  /** Uploaded images' files copied into the media folder. */
  readonly mediaFiles: number;
  /** Migrations that brought a backup of an older schema up to date. */
  readonly migrations: readonly string[];
}

export type Engine = DatabaseConfig['dialect'];

export const ENGINE_NAMES: Readonly<Record<Engine, string>> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** The engine whose backup `file` is, read from its first bytes. */
function backupEngine(file: string): Engine {
  let header: Buffer;
  try {
    header = Buffer.alloc(16);
    const fd = fs.openSync(file, 'r');
    try {
      header = header.subarray(0, fs.readSync(fd, header, 0, header.length, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new BackupError(`Cannot read the backup ${file}: ${(error as Error).message}`);
  }
  if (header.equals(Buffer.from('SQLite format 3\0'))) return 'sqlite';
  if (header.subarray(0, 5).equals(Buffer.from('PGDMP'))) return 'postgres';
  throw new BackupError(
    `${file} is not a backup of this service: neither an SQLite database nor a pg_dump custom-format archive.`,
  );
}

function temporaryBeside(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.partial`);
}

function removeWithCompanions(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Lets `write` fill a temporary file beside `target`, flushes it to disk, then puts it under its
 * name: a failed or interrupted run leaves nothing under `target`. Without `overwrite`, a hard link
 * puts it in place, which fails rather than replace a file that appeared meanwhile.
 */
async function writeInPlace<T>(
  target: string,
  overwrite: boolean,
  write: (temporary: string) => Promise<T>,
): Promise<T> {
  const temporary = temporaryBeside(target);
  try {
    const result = await write(temporary);
    const fd = fs.openSync(temporary, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (overwrite) fs.renameSync(temporary, target);
    else {
      try {
        fs.linkSync(temporary, target);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'EEXIST')
          throw new BackupError(`${target} already exists; give --force to replace it.`);
        throw error;
      }
    }
    return result;
  } finally {
    removeWithCompanions(temporary);
  }
}

function checkTarget(file: string, force: boolean): void {
  const directory = path.dirname(file);
  if (!fs.existsSync(directory)) throw new BackupError(`The directory ${directory} does not exist.`);
  for (const target of [file, mediaFolderOf(file)])
    if (!force && fs.existsSync(target)) throw new BackupError(`${target} already exists; give --force to replace it.`);
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** `sqlite3_backup_step` pages per step: all of them, so the copy reads one snapshot. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database open in `source` to `file` with the online backup API. In one step,
 * the copy is one read transaction: WAL lets the servers' writers go on meanwhile, whereas steps
 * of a few pages would start over each time another process commits.
 */
async function copySqlite(source: SqliteDatabase.Database, file: string): Promise<void> {
  await source.backup(file, { progress: () => ALL_PAGES });
}

const hasCalendarTables = (db: SqliteDatabase.Database) =>
  db.prepare(`select 1 from sqlite_master where type = 'table' and name = 'posts'`).get() !== undefined;

/** Opens `file` read-only, or says why it is no usable backup. */
function openSqliteBackup(file: string): SqliteDatabase.Database {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check') as { quick_check: string }[];
    if (check.length !== 1 || check[0]!.quick_check !== 'ok')
      throw new BackupError(
        `${file} is damaged: ${check
          .map((row) => row.quick_check)
          .slice(0, 3)
          .join('; ')}`,
      );
    if (!hasCalendarTables(db))
      throw new BackupError(`${file} is an SQLite database but holds no calendar-events data.`);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged or not a complete SQLite database: ${(error as Error).message}`);
  }
}

async function backupSqlite(
  databaseFile: string,
  file: string,
  force: boolean,
  mediaDir: string,
): Promise<BackupSummary> {
  if (databaseFile === ':memory:')
    throw new BackupError('An in-memory database (DATABASE_URL=:memory:) has nothing to back up.');
  if (!fs.existsSync(databaseFile)) throw new BackupError(`There is no database at ${databaseFile}.`);
  const source = new SqliteDatabase(databaseFile, { fileMustExist: true });
  const media = mediaCopy(file, mediaDir);
  try {
    source.pragma('busy_timeout = 5000');
    if (!hasCalendarTables(source))
      throw new BackupError(`${databaseFile} holds no calendar-events data; nothing to back up.`);
    const counts = await writeInPlace(file, force, async (temporary) => {
      await copySqlite(source, temporary);
      const copy = new SqliteDatabase(temporary, { fileMustExist: true });
      try {
        // The copy keeps the source's WAL mode; a rollback journal makes it one self-contained file.
        copy.pragma('journal_mode = delete');
        // The uploads the copy lists, whatever was uploaded since its snapshot.
        media.copy(copy.prepare(MEDIA_FILES_SQL).all() as { url: string; sizes_json: string | null }[]);
        return recordCounts(copy.prepare(RECORD_COUNTS_SQL).get() as Record<string, unknown>);
      } finally {
        copy.close();
      }
    });
    return { bytes: fs.statSync(file).size, counts, mediaFiles: media.place(force) };
  } finally {
    media.discard();
    source.close();
  }
}

/** Counts what a database that is not in use holds; refuses one a server (or anything else) has open. */
function idleSqliteCounts(databaseFile: string): RecordCounts | undefined {
  let db: SqliteDatabase.Database;
  try {
    db = new SqliteDatabase(databaseFile, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`Cannot open ${databaseFile}: ${(error as Error).message}`);
  }
  try {
    try {
      // Exclusive locking mode in WAL: the lock is refused while any other connection has the file
      // open, even an idle one, which is what a running server is between requests.
      db.pragma('locking_mode = exclusive');
      db.exec('begin exclusive');
    } catch (error) {
      if (String(errorCode(error)).startsWith('SQLITE_BUSY'))
        throw new BackupError(
          `${databaseFile} is in use (a running server or another command has it open); stop it before restoring.`,
        );
      throw new BackupError(`${databaseFile} is not a usable SQLite database: ${(error as Error).message}`);
    }
    const counts = hasCalendarTables(db)
      ? recordCounts(db.prepare(RECORD_COUNTS_SQL).get() as Record<string, unknown>)
      : undefined;
    db.exec('commit');
    return counts;
  } finally {
    db.close();
  }
}

function refuseUnlessEmpty(counts: RecordCounts | undefined): void {
  if (counts !== undefined && !isEmpty(counts))
    throw new BackupError(
      `The database is not empty (${describeCounts(counts)}); restore only into an empty database.`,
    );
}

async function restoreSqlite(databaseFile: string, file: string): Promise<void> {
  if (databaseFile === ':memory:')
    throw new BackupError('Cannot restore into an in-memory database (DATABASE_URL=:memory:).');
  const backup = openSqliteBackup(file);
  try {
    if (fs.existsSync(databaseFile)) {
      refuseUnlessEmpty(idleSqliteCounts(databaseFile));
      // Closed by its last connection, an idle database has no WAL; one now means a process opened it since.
      if (fs.existsSync(`${databaseFile}-wal`))
        throw new BackupError(
          `${databaseFile} is in use (a running server or another command has it open); stop it before restoring.`,
        );
    } else fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
    await writeInPlace(databaseFile, true, (temporary) => copySqlite(backup, temporary));
  } finally {
    backup.close();
  }
}

/** The PostgreSQL client tools run with the connection of DATABASE_URL; its password goes in the environment, never on their command line. */
interface ToolConnection {
  readonly dbname: string;
  readonly env: NodeJS.ProcessEnv;
}

function toolConnection(url: string): ToolConnection {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // The service's driver reads the query string as a form ('+' is a space, as URLSearchParams
  // writes `options=-c+search_path=…`); libpq only decodes %XX, so the parameters are re-encoded.
  parsed.search = [...parsed.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return { dbname: parsed.toString(), env: { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) } };
}

/** Runs a PostgreSQL client tool; resolves with its standard output, or fails with its message. */
function runTool(name: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(name, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      reject(
        errorCode(error) === 'ENOENT'
          ? new BackupError(
              `${name} was not found on PATH; install the PostgreSQL client tools of the server's major version (Debian, Ubuntu: apt-get install postgresql-client).`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else reject(new BackupError(`${name} failed (exit code ${code}): ${Buffer.concat(err).toString().trim()}`));
    });
  });
}

/** Refuses a client tool of another major version than the server's: archives are not readable across all pairs. */
async function checkToolVersion(name: string, client: pg.Client): Promise<void> {
  const version = await runTool(name, ['--version']);
  const tool = /\(PostgreSQL\) (\d+)/.exec(version)?.[1];
  const { rows } = await client.query<{ major: string }>(
    `select (current_setting('server_version_num')::int / 10000)::text as major`,
  );
  const server = rows[0]!.major;
  if (tool !== server)
    throw new BackupError(
      `${name} is version ${tool ?? version.trim()} but the server is PostgreSQL ${server}; put the client tools of version ${server} first on PATH (Debian, Ubuntu: apt-get install postgresql-client-${server}).`,
    );
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const hasCalendarTablesIn = async (client: pg.Client, schema: string) =>
  (await client.query(`select 1 from pg_tables where schemaname = $1 and tablename = 'posts'`, [schema])).rows.length >
  0;

/** A pg_dump pattern that matches exactly `name`. */
const exactPattern = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Extensions that objects of `schema` depend on (pg_trgm for the search index), so that the archive installs them too. */
async function extensionsUsedBy(client: pg.Client, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select distinct e.extname as name from pg_depend d
       join pg_depend member on member.classid = d.refclassid and member.objid = d.refobjid and member.deptype = 'e' and member.refclassid = 'pg_extension'::regclass
       join pg_extension e on e.oid = member.refobjid
       join pg_class c on d.classid = 'pg_class'::regclass and c.oid = d.objid
      where c.relnamespace = $1::regnamespace`,
    [schema],
  );
  return rows.map((row) => row.name);
}

async function backupPostgres(url: string, file: string, force: boolean, mediaDir: string): Promise<BackupSummary> {
  const client = await connect(url);
  const media = mediaCopy(file, mediaDir);
  try {
    await checkToolVersion('pg_dump', client);
    // The counts and pg_dump read one snapshot, exported from this transaction.
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ snapshot: string; schema: string | null }>(
      'select pg_export_snapshot() as snapshot, current_schema() as schema',
    );
    const { snapshot, schema } = rows[0]!;
    if (schema === null || !(await hasCalendarTablesIn(client, schema)))
      throw new BackupError(
        `The database of DATABASE_URL holds no calendar-events data (schema ${schema ?? 'none'}); nothing to back up.`,
      );
    const counts = recordCounts((await client.query(RECORD_COUNTS_SQL)).rows[0] as Record<string, unknown>);
    const extensions = await extensionsUsedBy(client, schema);
    // The uploads of the dump's snapshot.
    media.copy((await client.query<{ url: string; sizes_json: string | null }>(MEDIA_FILES_SQL)).rows);
    const connection = toolConnection(url);
    await writeInPlace(file, force, (temporary) =>
      runTool(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          `--schema=${exactPattern(schema)}`,
          ...extensions.map((name) => `--extension=${exactPattern(name)}`),
          `--snapshot=${snapshot}`,
          `--file=${temporary}`,
          `--dbname=${connection.dbname}`,
        ],
        connection.env,
      ),
    );
    await client.query('commit');
    return { bytes: fs.statSync(file).size, counts, mediaFiles: media.place(force) };
  } finally {
    media.discard();
    await client.end();
  }
}

/** The entries of a search_path setting, unquoted (`"$user", public` → `$user`, `public`). */
function searchPathEntries(setting: string): string[] {
  return [...setting.matchAll(/\s*("(?:[^"]|"")*"|[^,]+?)\s*(?:,|$)/g)]
    .map((match) => match[1]!)
    .filter((entry) => entry !== '')
    .map((entry) => (entry.startsWith('"') ? entry.slice(1, -1).replace(/""/g, '"') : entry.toLowerCase()));
}

/** The schema unqualified names will resolve to once `schema` exists: the first entry of the search path that exists or is `schema`. */
async function schemaOnceRestored(client: pg.Client, schema: string): Promise<string | undefined> {
  const { rows } = await client.query<{ path: string; user: string; schemas: string[] }>(
    `select current_setting('search_path') as path, current_user as user, array(select nspname::text from pg_namespace) as schemas`,
  );
  const { path: setting, user, schemas } = rows[0]!;
  for (const entry of searchPathEntries(setting)) {
    const name = entry === '$user' ? user : entry;
    if (name === schema || schemas.includes(name)) return name;
  }
  return undefined;
}

/** One line of `pg_restore --list`: `<id>; <oid> <oid> <type> <schema> <name> <owner>`. */
const TOC_SCHEMA = /^\d+; \d+ \d+ SCHEMA - (\S+)/;
const TOC_EXTENSION = /^\d+; \d+ \d+ EXTENSION - (\S+)/;
/** Comments on a schema or an extension are the system's own, and only their owner may set them. */
const TOC_SYSTEM_COMMENT = /^\d+; \d+ \d+ COMMENT - (SCHEMA|EXTENSION) /;

async function restorePostgres(url: string, file: string): Promise<void> {
  const client = await connect(url);
  const listDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-restore-'));
  try {
    await checkToolVersion('pg_restore', client);
    const toc = (
      await runTool('pg_restore', ['--list', file]).catch((error: unknown) => {
        throw new BackupError(`${file} is not a usable pg_dump archive: ${(error as Error).message}`);
      })
    ).split('\n');
    const schemas = toc.flatMap((line) => TOC_SCHEMA.exec(line)?.[1] ?? []);
    const schema = schemas[0];
    if (schema === undefined || schemas.length > 1)
      throw new BackupError(
        `${file} is not a backup made by calendar-events backup: it holds ${schemas.length} schemas instead of one.`,
      );
    const target = await schemaOnceRestored(client, schema);
    if (target !== schema) {
      throw new BackupError(
        `${file} holds the schema "${schema}", but the connection of DATABASE_URL uses ${target === undefined ? 'no schema' : `"${target}"`}; ` +
          `pg_restore cannot rename a schema, so restore into a database whose search_path starts with it (e.g. ?options=-c%20search_path%3D${encodeURIComponent(schema)}).`,
      );
    }
    const existing = (await client.query(`select 1 from pg_namespace where nspname = $1`, [schema])).rows.length > 0;
    if (existing && (await hasCalendarTablesIn(client, schema)))
      refuseUnlessEmpty(recordCounts((await client.query(RECORD_COUNTS_SQL)).rows[0] as Record<string, unknown>));
    const installed = new Set(
      (await client.query<{ name: string }>('select extname as name from pg_extension')).rows.map((row) => row.name),
    );
    // What exists already is left as it is: the schema (public in a new database) and installed
    // extensions, which other schemas may use; --clean would drop them.
    const list = toc.filter(
      (line) =>
        !(existing && TOC_SCHEMA.test(line)) &&
        !installed.has(TOC_EXTENSION.exec(line)?.[1] ?? '') &&
        !TOC_SYSTEM_COMMENT.test(line),
    );
    const listFile = path.join(listDirectory, 'restore.list');
    fs.writeFileSync(listFile, list.join('\n'));
    const connection = toolConnection(url);
    // One transaction: a damaged or truncated archive fails the restore before anything shows.
    // --clean removes the empty tables a `migrate` may have created, which the check above found empty.
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        '--clean',
        '--if-exists',
        `--use-list=${listFile}`,
        `--dbname=${connection.dbname}`,
        file,
      ],
      connection.env,
    );
  } finally {
    fs.rmSync(listDirectory, { recursive: true, force: true });
    await client.end();
  }
}

/** Runs one statement of a check on the database checked, and answers its rows. */
export type RowQuery = (text: string) => Promise<readonly Record<string, unknown>[]>;

/**
 * Problems of a database that the service's invariants or the engine's quick check find, and
 * uploads whose files are not in `mediaDir`: what `restore` and `copy` check before they call a
 * database good. Through `query`, so that `copy` checks its target inside the transaction that
 * fills it, and rolls it back rather than leave a calendar that fails.
 */
export async function integrityProblems(engine: Engine, query: RowQuery, mediaDir: string): Promise<string[]> {
  const problems: string[] = [];
  if (engine === 'sqlite') {
    const check = (await query('pragma quick_check')) as { quick_check: string }[];
    if (check.length !== 1 || check[0]!.quick_check !== 'ok')
      problems.push(`PRAGMA quick_check: ${check.map((row) => row.quick_check).join('; ')}`);
    const orphans = await query('pragma foreign_key_check');
    if (orphans.length > 0) problems.push(`PRAGMA foreign_key_check: ${sampleRows(orphans)}`);
  }
  // PostgreSQL checks foreign keys itself: pg_restore's when it creates them after the data, copy's row by row.
  for (const [label, text] of CONSISTENCY_QUERIES) {
    const rows = await query(text);
    if (rows.length > 0) problems.push(`${label}: ${sampleRows(rows)}`);
  }
  const files = uploadedFiles((await query(MEDIA_FILES_SQL)) as { url: string; sizes_json: string | null }[]);
  const missing = files.filter((file) => !fs.existsSync(path.join(mediaDir, ...file.split('/'))));
  if (missing.length > 0) problems.push(`uploaded files missing from ${mediaDir}: ${sampleRows(missing)}`);
  return problems;
}

export async function backupDatabase(
  config: DatabaseConfig,
  file: string,
  options: { readonly force: boolean; readonly mediaDir: string },
): Promise<BackupSummary> {
  const target = path.resolve(file);
  checkTarget(target, options.force);
  return config.dialect === 'sqlite'
    ? backupSqlite(config.file, target, options.force, options.mediaDir)
    : backupPostgres(config.url, target, options.force, options.mediaDir);
}

/** Copies a backup's uploaded files into the media folder; a name already there is kept (names are unique to their bytes). */
function restoreMediaFiles(backupFile: string, mediaDir: string): number {
  const from = mediaFolderOf(backupFile);
  if (!fs.existsSync(from)) return 0;
  let count = 0;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    const target = path.join(mediaDir, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (!fs.existsSync(target)) fs.copyFileSync(path.join(from, relative), target);
    count++;
  }
  return count;
}

/**
 * Restores a backup into the empty database of `config`, then brings its schema up to date and
 * checks it. "Empty": no posts, no terms and no users (tables a `migrate` created may exist).
 */
export async function restoreDatabase(
  config: DatabaseConfig,
  backupFile: string,
  options: { readonly mediaDir: string },
): Promise<RestoreSummary> {
  // Absolute, so that no name is taken for an option of pg_restore.
  const file = path.resolve(backupFile);
  const engine = backupEngine(file);
  if (engine !== config.dialect) {
    throw new BackupError(
      `${file} is a ${ENGINE_NAMES[engine]} backup, but DATABASE_URL selects ${ENGINE_NAMES[config.dialect]}; restore it into a ${ENGINE_NAMES[engine]} database.`,
    );
  }
  if (config.dialect === 'sqlite') await restoreSqlite(config.file, file);
  else await restorePostgres(config.url, file);
  const mediaFiles = restoreMediaFiles(file, options.mediaDir);
  const storage = openStorage(config);
  try {
    const migrations = await migrate(storage);
    const problems = await storage.read((tx) =>
      integrityProblems(
        config.dialect,
        async (text) => (await sql.raw<Record<string, unknown>>(text).execute(tx)).rows,
        options.mediaDir,
      ),
    );
    if (problems.length > 0)
      throw new BackupError(`The restored database fails its integrity check: ${problems.join('; ')}`);
    const counts = await storage.read(async (tx) =>
      recordCounts((await sql.raw(RECORD_COUNTS_SQL).execute(tx)).rows[0] as Record<string, unknown>),
    );
    return { counts, migrations, mediaFiles };
  } finally {
    await storage.close();
  }
}
