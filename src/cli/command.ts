import type { Config } from '../config.ts';
import { LOGIN_THROTTLE } from '../auth/login-throttle.ts';
import type { UsersService } from '../auth/users.service.ts';
import { systemClock } from '../clock.ts';
import { composeApplication, type Services } from '../container.ts';
import { migrate, openStorage } from '../storage/database.ts';
import type { Storage } from '../storage/types.ts';

/*
 * What every command is made of: its declaration (words, arguments, options, run), where it
 * writes, how it refuses a command line, the database and services it runs on, and its tables.
 * src/cli.ts finds the command of a command line and runs it.
 */

/** Where the CLI writes; tests pass their own to capture output without spawning a process. */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

export const defaultIo: CliIo = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};

/** The command line itself is wrong (missing argument, unknown flag...): exit code 2. */
export class UsageError extends Error {}

export interface CommandInput {
  readonly config: Config;
  readonly io: CliIo;
  readonly args: readonly string[];
  readonly options: Readonly<Record<string, string | undefined>>;
}

export interface Command {
  readonly words: readonly string[];
  /** Arguments after the command words, as shown in the usage text. */
  readonly synopsis: string;
  readonly summary: string;
  readonly positionals: readonly string[];
  readonly options: readonly string[];
  readonly requiredOptions?: readonly string[];
  /** Options that take no value (`--force`); given, they read as 'true' in `options`. */
  readonly flags?: readonly string[];
  run(input: CommandInput): Promise<void>;
}

/** Every command but `serve` and `migrate` works on a fresh database, so the schema is brought up first. */
export async function withStorage<T>(config: Config, work: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = openStorage(config.database);
  try {
    await migrate(storage);
    return await work(storage);
  } finally {
    await storage.close();
  }
}

/** The services over a migrated database, from the one composition root. */
export function withServices<T>(config: Config, work: (services: Services) => Promise<T>): Promise<T> {
  return withStorage(config, async (storage) =>
    work((await composeApplication(storage, config, systemClock, LOGIN_THROTTLE)).services),
  );
}

/** The users service over a migrated database. */
export function withUsers<T>(config: Config, work: (users: UsersService) => Promise<T>): Promise<T> {
  return withServices(config, (services) => work(services.users));
}

/** Columns padded to their widest cell, two spaces apart: the tables the commands print. */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(headers), ...rows.map(format)];
}

/** A whole number option within bounds, or the default when absent. */
export function countOption(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(count >= min && count <= max))
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  return count;
}

/** Narrows an argument or option that parseCommandLine (src/cli.ts) has already checked is present. */
export function validated(value: string | undefined): string {
  if (value === undefined) throw new Error('A required argument was not checked by parseCommandLine.');
  return value;
}
