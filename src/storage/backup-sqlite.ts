import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { BackupError, errorCode, refuseUnlessEmpty, writeInPlace, type BackupSummary } from './backup-files.ts';
import { mediaCopy } from './backup-media.ts';
import { RECORD_COUNTS_SQL, recordCounts, type RecordCounts } from './integrity.ts';
import { MEDIA_FILES_SQL } from './repositories/media.repository.ts';

/** SQLite's backup and restore: the online backup API, safe while servers write; a restore only into a database no process has open. */

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

export async function backupSqlite(
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

export async function restoreSqlite(databaseFile: string, file: string): Promise<void> {
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
