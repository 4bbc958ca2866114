import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from '../config.ts';
import { describeCounts, isEmpty, type RecordCounts } from './integrity.ts';

/** What the backup and restore of either engine share: their errors and answers, and files put in place whole. */

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

export function temporaryBeside(target: string): string {
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
export async function writeInPlace<T>(
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

export const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

export function refuseUnlessEmpty(counts: RecordCounts | undefined): void {
  if (counts !== undefined && !isEmpty(counts))
    throw new BackupError(
      `The database is not empty (${describeCounts(counts)}); restore only into an empty database.`,
    );
}
