import fs from 'node:fs';
import path from 'node:path';
import { BackupError, errorCode, temporaryBeside } from './backup-files.ts';
import { mediaFilesOf } from './repositories/media.repository.ts';

/**
 * Uploaded images' files (decision 0041): a backup `<file>` has them in the folder `<file>.media`
 * beside it, in the media folder's layout, copied after the database's snapshot and listed by it,
 * and put in place whole once the database's copy is. A restore copies them back into the media
 * folder, and its integrity check finds every upload's files there.
 */
export const mediaFolderOf = (backupFile: string) => `${backupFile}.media`;

/** The files every upload of a database's snapshot has, from the rows of MEDIA_FILES_SQL. */
export const uploadedFiles = (rows: readonly { url: string; sizes_json: string | null }[]) =>
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
export function mediaCopy(backupFile: string, mediaDir: string) {
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

/** Copies a backup's uploaded files into the media folder; a name already there is kept (names are unique to their bytes). */
export function restoreMediaFiles(backupFile: string, mediaDir: string): number {
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
