import path from 'node:path';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';

/** Where the data lives: the embedded SQLite file or a PostgreSQL server. */
export type DatabaseConfig =
  | { readonly dialect: 'sqlite'; readonly file: string }
  | { readonly dialect: 'postgres'; readonly url: string };

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  readonly adminPassword: string | undefined;
  /** Public origin (and optional path) the service is reached at behind a proxy; overrides the request's own. */
  readonly publicUrl: string | undefined;
  /** Origin of the public HTML site used for records' `url`; defaults to the request's origin. */
  readonly siteUrl: string | undefined;
  /** Path prefix of the REST root, '' or '/something' (no trailing slash). */
  readonly restPrefix: string;
  readonly timezone: string;
  readonly defaultLanguage: LanguageCode;
  readonly logLevel: string;
  /** Which proxies may set X-Forwarded-For/-Proto: off, all (true), a hop count or an address list. */
  readonly trustProxy: boolean | number | string;
  /**
   * Origins whose pages may use the API with credentials (CALENDAR_CORS_ORIGINS); undefined:
   * every origin, as WordPress (docs/decisions/0013-cors-origins.md).
   */
  readonly corsOrigins: ReadonlySet<string> | undefined;
  /** Memory for cached answers to anonymous reads (CALENDAR_READ_CACHE_MB); 0 turns caching off. */
  readonly readCacheBytes: number;
  /** Also serve every route under TEC's own namespace `tribe/events/v1` (CALENDAR_TEC_ALIAS, default on; decision 0018). */
  readonly tecAlias: boolean;
}

export class ConfigError extends Error {}

export const DEFAULT_SQLITE_FILE = 'data/calendar.sqlite';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

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

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  // Digits only: Number() would also take '0x50', '1e3' or ' 80'.
  const port = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be an integer from 0 to 65535, got: ${value}`);
  return port;
}

function parseUrlSetting(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http(s) URL, got: ${value}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function parsePrefix(value: string | undefined): string {
  const raw = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (raw === '') return '';
  if (!/^[A-Za-z0-9._~\-/]+$/.test(raw) || raw.includes('//')) throw new ConfigError(`CALENDAR_REST_PREFIX must be a URL path such as /api, got: ${value}`);
  return `/${raw}`;
}

function parseTimezone(value: string | undefined): string {
  const zone = value?.trim() || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new ConfigError(`CALENDAR_TIMEZONE must be an IANA time zone such as Europe/Rome, got: ${value}`);
  }
  return zone;
}

function parseLanguage(value: string | undefined): LanguageCode {
  const code = value?.trim() || 'en';
  if (!(LANGUAGE_CODES as readonly string[]).includes(code)) {
    throw new ConfigError(`CALENDAR_DEFAULT_LANGUAGE must be one of ${LANGUAGE_CODES.join(', ')}, got: ${value}`);
  }
  return code as LanguageCode;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (!/^[0-9A-Fa-f:.,/ ]+$/.test(raw)) throw new ConfigError(`CALENDAR_TRUST_PROXY must be true, a hop count or a list of proxy addresses, got: ${value}`);
  return raw;
}

function parseCorsOrigins(value: string | undefined): ReadonlySet<string> | undefined {
  const listed = (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
  if (listed.length === 0) return undefined;
  return new Set(
    listed.map((item) => {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      // An origin is a scheme, a host and a port: anything more would never equal a browser's Origin header.
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item.replace(/\/$/, '')) {
        throw new ConfigError(`CALENDAR_CORS_ORIGINS must list origins such as https://app.example.com, separated by commas, got: ${item}`);
      }
      return url.origin;
    }),
  );
}

function parseReadCacheBytes(value: string | undefined): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return 16 * 1024 * 1024;
  if (!/^\d{1,5}$/.test(raw)) throw new ConfigError(`CALENDAR_READ_CACHE_MB must be a whole number of megabytes (0 turns the cache off), got: ${value}`);
  return Number(raw) * 1024 * 1024;
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  const raw = value?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got: ${value}`);
}

/** Reads and validates the environment; throws ConfigError with one clear line on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got: ${logLevel}`);
  const adminPassword = env.CALENDAR_ADMIN_PASSWORD === '' ? undefined : env.CALENDAR_ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword.length < 8) throw new ConfigError('CALENDAR_ADMIN_PASSWORD must be at least 8 characters long');
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    database: parseDatabaseUrl(env.DATABASE_URL),
    adminPassword,
    publicUrl: parseUrlSetting('CALENDAR_PUBLIC_URL', env.CALENDAR_PUBLIC_URL),
    siteUrl: parseUrlSetting('CALENDAR_SITE_URL', env.CALENDAR_SITE_URL),
    restPrefix: parsePrefix(env.CALENDAR_REST_PREFIX),
    timezone: parseTimezone(env.CALENDAR_TIMEZONE),
    defaultLanguage: parseLanguage(env.CALENDAR_DEFAULT_LANGUAGE),
    logLevel,
    trustProxy: parseTrustProxy(env.CALENDAR_TRUST_PROXY),
    corsOrigins: parseCorsOrigins(env.CALENDAR_CORS_ORIGINS),
    readCacheBytes: parseReadCacheBytes(env.CALENDAR_READ_CACHE_MB),
    tecAlias: parseSwitch('CALENDAR_TEC_ALIAS', env.CALENDAR_TEC_ALIAS, true),
  };
}
