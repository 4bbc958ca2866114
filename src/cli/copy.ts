import cliProgress from 'cli-progress';
import fs from 'node:fs';
import { ConfigError, mediaDirOf, parseDatabaseUrl, type DatabaseConfig } from '../config.ts';
import { keySourceFor } from '../modules/webhooks/secrets.ts';
import { copyCalendar, type CopyProgress } from '../storage/copy.ts';
import { describeCounts } from '../storage/integrity.ts';
import { defaultIo, formatTable, UsageError, type CliIo, type Command } from './command.ts';

/*
 * Moving a calendar to another database, across engines (decision 0102): from the embedded SQLite
 * to PostgreSQL when it outgrows one node, and back.
 */

/** A bar per table on a terminal's stream. */
function barProgress(stream: NodeJS.WriteStream): CopyProgress {
  const bars = new cliProgress.MultiBar(
    { stream, format: '{table} [{bar}] {value}/{total} rows', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  let bar: cliProgress.SingleBar | undefined;
  return {
    table: (name, rows) => void (bar = bars.create(rows, 0, { table: name.padEnd(26) })),
    copied: (rows) => bar?.increment(rows),
    note: (line) => bars.log(`${line}\n`),
    stop: () => bars.stop(),
  };
}

/** Plain lines otherwise (a log file, a CI job): a table as it begins, and about every tenth of a big one. */
function lineProgress(err: (line: string) => void): CopyProgress {
  let current = { name: '', total: 0, done: 0, nextReport: 0 };
  return {
    table: (name, total) => {
      current = { name, total, done: 0, nextReport: Math.max(10_000, Math.ceil(total / 10)) };
      err(`${name}: ${total} rows`);
    },
    copied: (rows) => {
      current.done += rows;
      if (current.done >= current.nextReport && current.done < current.total) {
        err(`${current.name}: ${current.done}/${current.total} rows`);
        current.nextReport += Math.max(10_000, Math.ceil(current.total / 10));
      }
    },
    note: err,
    stop: () => undefined,
  };
}

/**
 * What the operator must do so that the copy's webhook secrets open on the target: they are sealed
 * with the source's key (decision 0032), which, on SQLite without CALENDAR_SECRETS_KEY, is a file
 * beside the database that the copy does not move.
 */
export function secretsKeyAdvice(
  source: DatabaseConfig,
  target: DatabaseConfig,
  secretsKey: string | undefined,
): string | undefined {
  const from = keySourceFor(source, secretsKey);
  if (from.kind !== 'file' || !fs.existsSync(from.path)) return undefined;
  const to = keySourceFor(target, secretsKey);
  const where =
    to.kind === 'file' ? `copy it to ${to.path}` : "give the target's servers CALENDAR_SECRETS_KEY set to its content";
  return `The webhook secrets are sealed with the key in ${from.path}: ${where}, or they cannot be read there.`;
}

const progressOn = (io: CliIo): CopyProgress =>
  io === defaultIo && process.stderr.isTTY ? barProgress(process.stderr) : lineProgress(io.err);

export const COPY_COMMANDS: readonly Command[] = [
  {
    words: ['copy'],
    synopsis: '(--to <database-url> | --from <database-url>) [--media <dir>] [--force]',
    summary:
      'Copy the whole calendar of DATABASE_URL (its CALENDAR_MEDIA_DIR) into the database --to names, or that of --from into DATABASE_URL, across engines (SQLite to PostgreSQL and back); ' +
      "--media is the other database's media folder (default: its default). The target must be empty unless --force; stop the servers of both first.",
    positionals: [],
    options: ['to', 'from', 'media'],
    flags: ['force'],
    run: async ({ config, io, options }) => {
      if ((options.to === undefined) === (options.from === undefined))
        throw new UsageError('Give exactly one of --to and --from: the other end is the database of DATABASE_URL.');
      const option = options.to === undefined ? 'from' : 'to';
      let other: DatabaseConfig;
      try {
        other = parseDatabaseUrl(options[option]);
      } catch (error) {
        if (error instanceof ConfigError) throw new UsageError(error.message.replace(/^DATABASE_URL/, `--${option}`));
        throw error;
      }
      const otherEnd = { database: other, mediaDir: mediaDirOf(options.media, other) };
      const ownEnd = { database: config.database, mediaDir: config.media.dir };
      const [source, target] = options.to === undefined ? [otherEnd, ownEnd] : [ownEnd, otherEnd];
      const summary = await copyCalendar({
        source: source.database,
        sourceMediaDir: source.mediaDir,
        target: target.database,
        targetMediaDir: target.mediaDir,
        replace: options.force === 'true',
        progress: progressOn(io),
      });
      for (const line of formatTable(
        ['table', 'rows'],
        summary.rows.map(([table, rows]) => [table, String(rows)]),
      ))
        io.out(line);
      io.out(
        `Copied ${describeCounts(summary.counts)}, and the ${summary.mediaFiles} files of the uploads into ${target.mediaDir}.`,
      );
      io.out(
        `Id counters set past the source's: ${[...summary.counters].map(([table, last]) => `${table} ${last}`).join(', ')}.`,
      );
      io.out('The copy passed the integrity check of restore.');
      const advice = secretsKeyAdvice(source.database, target.database, config.webhooks.secretsKey);
      if (advice !== undefined) io.out(advice);
    },
  },
];
