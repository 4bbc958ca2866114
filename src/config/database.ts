import path from 'node:path';
import { ConfigError } from './values.ts';

/** Where the data lives: the embedded SQLite file or a PostgreSQL server. */
export type DatabaseConfig =
  { readonly dialect: 'sqlite'; readonly file: string } | { readonly dialect: 'postgres'; readonly url: string };

export const DEFAULT_SQLITE_FILE = 'data/calendar.sqlite';

export function parseDatabaseUrl(value: string | undefined, cwd = process.cwd()): DatabaseConfig {
  const raw = value?.trim() ?? '';
  if (raw === '') return { dialect: 'sqlite', file: path.resolve(cwd, DEFAULT_SQLITE_FILE) };
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError(`DATABASE_URL is not a valid PostgreSQL URL: ${raw}`);
    }
    return { dialect: 'postgres', url: raw };
  }
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file === '') throw new ConfigError('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./data/other.sqlite');
    return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(cwd, file) };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    throw new ConfigError(`DATABASE_URL must be postgres://..., sqlite:<path> or a file path, got: ${raw}`);
  }
  return { dialect: 'sqlite', file: raw === ':memory:' ? raw : path.resolve(cwd, raw) };
}
