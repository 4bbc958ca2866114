import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SQLITE_FILE, type DatabaseConfig } from './database.ts';
import { ConfigError, parseWholeNumber } from './values.ts';

export interface MediaSettings {
  /** The folder of uploaded images' files (CALENDAR_MEDIA_DIR; default `media` beside the SQLite file, else `data/media`). */
  readonly dir: string;
  /** The largest file an upload may send, in bytes (CALENDAR_MEDIA_MAX_BYTES, default 10 MiB). */
  readonly maxBytes: number;
  /** The most pixels (width × height) an uploaded image may have, checked before it is decoded (CALENDAR_MEDIA_MAX_PIXELS, default 50 million). */
  readonly maxPixels: number;
  /** The same for an image sent with a community submission (CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS, default 4096 × 4096; never more than maxPixels). */
  readonly maxPixelsAnonymous: number;
  /** How many images are decoded and encoded at once (CALENDAR_MEDIA_DECODE_CONCURRENCY; default the cores less one, at most half of libuv's threads): fewer than libuv's threads (decision 0090). */
  readonly decodeConcurrency: number;
  /** How many uploads may wait for their turn; past that, 429 media_busy (CALENDAR_MEDIA_DECODE_QUEUE, default 8). */
  readonly decodeQueue: number;
}

/**
 * The uploads' folder: CALENDAR_MEDIA_DIR, else `media` in the SQLite file's folder (the data
 * directory), else (PostgreSQL, an in-memory SQLite) `data/media` under the working directory, where
 * the SQLite file would be by default (decision 0052).
 */
export function mediaDirOf(value: string | undefined, database: DatabaseConfig, cwd = process.cwd()): string {
  const raw = value?.trim() ?? '';
  if (raw !== '') return path.resolve(cwd, raw);
  if (database.dialect === 'sqlite' && database.file !== ':memory:')
    return path.join(path.dirname(database.file), 'media');
  return path.resolve(cwd, path.dirname(DEFAULT_SQLITE_FILE), 'media');
}

/** libuv's threadpool, which file reads, password hashing and sharp's work share: UV_THREADPOOL_SIZE threads (4 unless set; libuv takes 1 to 1024). */
export function threadpoolSize(env: NodeJS.ProcessEnv): number {
  const size = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size >= 1 ? Math.min(size, 1024) : 4;
}

export function parseMedia(env: NodeJS.ProcessEnv, database: DatabaseConfig): MediaSettings {
  const maxPixels = parseWholeNumber(
    'CALENDAR_MEDIA_MAX_PIXELS',
    env.CALENDAR_MEDIA_MAX_PIXELS,
    50_000_000,
    1,
    268_402_689,
  );
  // Each image being decoded holds one of libuv's threads and one CPU core (decision 0090): by default
  // at most half of the threads and one core fewer than the machine has, so that file reads, password
  // checks and the event loop keep theirs; never all of the threads.
  const threads = threadpoolSize(env);
  const fallback = Math.max(1, Math.min(os.availableParallelism() - 1, Math.floor(threads / 2)));
  const decodeConcurrency = parseWholeNumber(
    'CALENDAR_MEDIA_DECODE_CONCURRENCY',
    env.CALENDAR_MEDIA_DECODE_CONCURRENCY,
    fallback,
    1,
    1024,
  );
  if (decodeConcurrency >= threads)
    throw new ConfigError(
      `CALENDAR_MEDIA_DECODE_CONCURRENCY must be less than libuv's ${threads} threads (UV_THREADPOOL_SIZE), so that file reads and password checks always find one, got: ${env.CALENDAR_MEDIA_DECODE_CONCURRENCY}`,
    );
  return {
    dir: mediaDirOf(env.CALENDAR_MEDIA_DIR, database),
    maxBytes: parseWholeNumber(
      'CALENDAR_MEDIA_MAX_BYTES',
      env.CALENDAR_MEDIA_MAX_BYTES,
      10 * 1024 * 1024,
      1024,
      1024 * 1024 * 1024,
    ),
    maxPixels,
    maxPixelsAnonymous: Math.min(
      maxPixels,
      parseWholeNumber(
        'CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS',
        env.CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS,
        4096 * 4096,
        1,
        268_402_689,
      ),
    ),
    decodeConcurrency,
    decodeQueue: parseWholeNumber('CALENDAR_MEDIA_DECODE_QUEUE', env.CALENDAR_MEDIA_DECODE_QUEUE, 8, 0, 1000),
  };
}
