import { backupDatabase, restoreDatabase } from '../storage/backup.ts';
import { mediaFolderOf } from '../storage/backup-media.ts';
import { describeCounts } from '../storage/integrity.ts';
import { validated, type Command } from './command.ts';

/* Backing the database up while servers run, and restoring a backup into an empty one. */

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export const BACKUP_COMMANDS: readonly Command[] = [
  {
    words: ['backup'],
    synopsis: '<file> [--force]',
    summary:
      "Write a consistent backup of the database to <file> while servers run (SQLite: a database file; PostgreSQL: a pg_dump archive), and the uploaded images' files to the folder <file>.media; --force replaces existing ones.",
    positionals: ['file'],
    options: [],
    flags: ['force'],
    run: async ({ config, io, args, options }) => {
      const file = validated(args[0]);
      const { bytes, counts, mediaFiles } = await backupDatabase(config.database, file, {
        force: options.force === 'true',
        mediaDir: config.media.dir,
      });
      io.out(
        `Backed up ${describeCounts(counts)} to ${file} (${formatBytes(bytes)}), and ${mediaFiles} uploaded image files to ${mediaFolderOf(file)}.`,
      );
    },
  },
  {
    words: ['restore'],
    synopsis: '<file>',
    summary:
      'Restore a backup into the empty database of DATABASE_URL (no server running on it) and its <file>.media folder into CALENDAR_MEDIA_DIR, bring its schema up to date and check it.',
    positionals: ['file'],
    options: [],
    run: async ({ config, io, args }) => {
      const file = validated(args[0]);
      const { counts, migrations, mediaFiles } = await restoreDatabase(config.database, file, {
        mediaDir: config.media.dir,
      });
      io.out(
        `Restored ${describeCounts(counts)} from ${file}, and ${mediaFiles} uploaded image files into ${config.media.dir}.`,
      );
      for (const name of migrations) io.out(`Applied migration ${name}`);
      io.out('The restored database passed its integrity check.');
    },
  },
];
