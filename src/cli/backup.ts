import { backupDatabase, restoreDatabase } from '../storage/backup.ts';
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
    summary: 'Write a consistent backup of the database to <file> while servers run (SQLite: a database file; PostgreSQL: a pg_dump archive); --force replaces an existing file.',
    positionals: ['file'],
    options: [],
    flags: ['force'],
    run: async ({ config, io, args, options }) => {
      const file = validated(args[0]);
      const { bytes, counts } = await backupDatabase(config.database, file, { force: options.force === 'true' });
      io.out(`Backed up ${describeCounts(counts)} to ${file} (${formatBytes(bytes)}).`);
    },
  },
  {
    words: ['restore'],
    synopsis: '<file>',
    summary: 'Restore a backup into the empty database of DATABASE_URL (no server running on it), bring its schema up to date and check it.',
    positionals: ['file'],
    options: [],
    run: async ({ config, io, args }) => {
      const file = validated(args[0]);
      const { counts, migrations } = await restoreDatabase(config.database, file);
      io.out(`Restored ${describeCounts(counts)} from ${file}.`);
      for (const name of migrations) io.out(`Applied migration ${name}`);
      io.out('The restored database passed its integrity check.');
    },
  },
];
