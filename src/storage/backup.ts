import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import { BackupError, ENGINE_NAMES, type BackupSummary, type Engine, type RestoreSummary } from './backup-files.ts';
import { mediaFolderOf, restoreMediaFiles, uploadedFiles } from './backup-media.ts';
import { backupPostgres, restorePostgres } from './backup-postgres.ts';
import { backupSqlite, restoreSqlite } from './backup-sqlite.ts';
import { migrate, openStorage } from './database.ts';
import { CONSISTENCY_QUERIES, RECORD_COUNTS_SQL, recordCounts, sampleRows } from './integrity.ts';
import { MEDIA_FILES_SQL } from './repositories/media.repository.ts';

/**
 * `calendar-events backup` and `restore` (decision 0024). SQLite: the online backup API, safe
 * while servers write. PostgreSQL: pg_dump's custom format of the service's schema, restored by
 * pg_restore in one transaction. Backup files appear whole under their name or not at all.
 */

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

function checkTarget(file: string, force: boolean): void {
  const directory = path.dirname(file);
  if (!fs.existsSync(directory)) throw new BackupError(`The directory ${directory} does not exist.`);
  for (const target of [file, mediaFolderOf(file)])
    if (!force && fs.existsSync(target)) throw new BackupError(`${target} already exists; give --force to replace it.`);
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
