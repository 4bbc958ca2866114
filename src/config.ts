import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { isMailbox } from './mail-address.ts';

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
  /** The CSP `frame-ancestors` sources of the embeddable calendar `/events/embed/` (CALENDAR_EMBED_ANCESTORS; decision 0031). */
  readonly embedAncestors: string;
  /** A site stylesheet the public pages link after their own (CALENDAR_SITE_STYLESHEET; decision 0031). */
  readonly siteStylesheet: string | undefined;
  /** The site's name in the public pages' header and titles (CALENDAR_SITE_NAME); the calendar's own word without one. */
  readonly siteName: string | undefined;
  /** The site's home page, which the name in the pages' header links to (CALENDAR_SITE_HOME; needs CALENDAR_SITE_NAME). */
  readonly siteHome: string | undefined;
  /** The public form where visitors propose events, stored as pending (CALENDAR_COMMUNITY_SUBMISSIONS; decision 0062); off by default. */
  readonly communitySubmissions: boolean;
  /** The community form's guards against floods (decision 0095). */
  readonly communityGuards: CommunityGuards;
  readonly timezone: string;
  readonly defaultLanguage: LanguageCode;
  readonly logLevel: string;
  /**
   * Which proxies may set X-Forwarded-For/-Proto: off, a hop count, an address list, or `true`,
   * which trusts the one nearest hop and is warned about at start-up (decision 0093).
   */
  readonly trustProxy: boolean | number | string;
  /**
   * Origins whose pages may use the API with credentials (CALENDAR_CORS_ORIGINS); undefined:
   * every origin, as WordPress (docs/decisions/0013-cors-origins.md).
   */
  readonly corsOrigins: ReadonlySet<string> | undefined;
  /** Memory for cached answers to anonymous reads (CALENDAR_READ_CACHE_MB); 0 turns caching off. */
  readonly readCacheBytes: number;
  /** Memory for records rendered for anonymous readers (CALENDAR_RECORD_CACHE_MB; decision 0080); 0 turns it off. */
  readonly recordCacheBytes: number;
  /** The bearer token GET /metrics asks for (CALENDAR_METRICS_TOKEN); unset, there are no metrics (decision 0044). */
  readonly metricsToken: string | undefined;
  /** Also serve every route under TEC's own namespace `tribe/events/v1` (CALENDAR_TEC_ALIAS, default on; decision 0018). */
  readonly tecAlias: boolean;
  /** The first administrator's setup link works from any address, not only loopback (CALENDAR_SETUP_FROM_ANYWHERE; decision 0097). */
  readonly setupFromAnywhere: boolean;
  /** The most events one iCalendar feed may export when a query raises its cap (CALENDAR_ICS_MAX_EVENTS; decision 0026). */
  readonly icsMaxEvents: number;
  /** The largest iCalendar document `POST /events/import` reads, in bytes (CALENDAR_ICS_IMPORT_MAX_BYTES, default 5 MiB; decision 0028). */
  readonly icsImportMaxBytes: number;
  /** The largest CSV file `POST /imports/csv` reads, in bytes (CALENDAR_CSV_IMPORT_MAX_BYTES, default 5 MiB; decision 0115). */
  readonly csvImportMaxBytes: number;
  /**
   * The most VEVENTs `POST /events/import` imports within its request (CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS,
   * default 1000); a bigger document is imported in the background, answered 202 (decision 0091).
   */
  readonly icsImportSyncMaxEvents: number;
  /**
   * WordPress' DISALLOW_UNFILTERED_HTML (CALENDAR_DISALLOW_UNFILTERED_HTML, default off): administrators
   * and editors are filtered too (docs/decisions/0022-text-filtering.md).
   */
  readonly disallowUnfilteredHtml: boolean;
  /** Requests per minute and client; 0 turns a limit off (decision 0023). */
  readonly rateLimits: RateLimits;
  /** Where rate-limit counts are shared between nodes (REDIS_URL); undefined: each node counts its own. */
  readonly redis: RedisConfig | undefined;
  /** How long a client and a request may take (decision 0023). */
  readonly timeouts: Timeouts;
  /** How far recurring events are materialised, and how many dates one series may have (decision 0025). */
  readonly recurrence: RecurrenceSettings;
  /** Days the record-change journal keeps its changes, and so how old a sync token may be (CALENDAR_SYNC_RETENTION_DAYS; decision 0029). */
  readonly syncRetentionDays: number;
  /**
   * How far V8 may grow the heap past what its last full collection kept, in percent
   * (CALENDAR_HEAP_GROWTH_PERCENT; 0: V8's own factor; decision 0034).
   */
  readonly heapGrowthPercent: number;
  /** Webhook delivery and its safety rules (decision 0032). */
  readonly webhooks: WebhookSettings;
  /** E-mail: where it is sent, from whom, and its retries (decisions 0112, 0113). */
  readonly mail: MailSettings;
  /** How long an admin sign-in lasts (decision 0040). */
  readonly sessions: SessionSettings;
  /** Uploaded images: where their files live and what an upload may be (decision 0052). */
  readonly media: MediaSettings;
  /**
   * Addresses and CIDR ranges a site import started over the API may read from although private,
   * loopback or link-local (CALENDAR_IMPORT_ALLOW_PRIVATE; decision 0071).
   */
  readonly importAllowPrivate: readonly string[];
}

export interface SessionSettings {
  /** A session unused for this long ends (CALENDAR_SESSION_IDLE_MINUTES, default 480: a working day). */
  readonly idleMs: number;
  /** A session ends this long after its sign-in, however much it is used (CALENDAR_SESSION_MAX_HOURS, default 168: a week). */
  readonly absoluteMs: number;
}

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

export interface WebhookSettings {
  /** Receivers may be http:// too, not only https:// (CALENDAR_WEBHOOK_ALLOW_HTTP, default off). */
  readonly allowHttp: boolean;
  /** Addresses and CIDR ranges receivers may resolve to although private, loopback or link-local (CALENDAR_WEBHOOK_ALLOW_PRIVATE). */
  readonly allowPrivate: readonly string[];
  /** The AES-256-GCM key of stored secrets, base64 or hex of 32 bytes (CALENDAR_SECRETS_KEY); see decision 0032 when unset. */
  readonly secretsKey: string | undefined;
  /** How often a dispatcher looks for due deliveries without being woken (CALENDAR_WEBHOOK_POLL_INTERVAL, seconds). */
  readonly pollMs: number;
  /** One delivery attempt's time limit (CALENDAR_WEBHOOK_TIMEOUT, seconds). */
  readonly timeoutMs: number;
  /** The waits before each retry; their count + 1 is the number of attempts (CALENDAR_WEBHOOK_RETRY_DELAYS, seconds, comma-separated). */
  readonly retryDelaysMs: readonly number[];
  /** A subscription failing without a success for this long is disabled (CALENDAR_WEBHOOK_DISABLE_AFTER_HOURS). */
  readonly disableAfterMs: number;
  /** Finished deliveries and their messages are kept this long (CALENDAR_WEBHOOK_RETENTION_DAYS). */
  readonly retentionMs: number;
}

export interface MailSettings {
  /** The SMTP server, `smtp://` or `smtps://`, with its credentials (CALENDAR_SMTP_URL); unset: e-mail is off (decision 0113). */
  readonly smtpUrl: URL | undefined;
  /** The From of every message, `calendar@example.org` or `Springfield Arts <calendar@example.org>` (CALENDAR_MAIL_FROM). */
  readonly from: string | undefined;
  /** How often a node looks for due messages without being woken (CALENDAR_MAIL_POLL_INTERVAL, seconds). */
  readonly pollMs: number;
  /** One SMTP attempt's time limit, connection to answer (CALENDAR_MAIL_TIMEOUT, seconds). */
  readonly timeoutMs: number;
  /** The waits before each retry; their count + 1 is the number of attempts (CALENDAR_MAIL_RETRY_DELAYS, seconds, comma-separated). */
  readonly retryDelaysMs: readonly number[];
}

export interface RecurrenceSettings {
  /** Occurrences of an unbounded rule exist up to this many days ahead (CALENDAR_RECURRENCE_HORIZON_DAYS). */
  readonly horizonDays: number;
  /** A series yielding more occurrences than this within the horizon is refused (CALENDAR_RECURRENCE_MAX_OCCURRENCES). */
  readonly maxOccurrences: number;
  /** A read whose window passes the horizon has series extended up to this many years ahead, no further (CALENDAR_RECURRENCE_ON_DEMAND_YEARS; 0: never). */
  readonly onDemandYears: number;
}

export interface RateLimits {
  /** Reads per minute, per address for anonymous callers (their writes too) and per user otherwise (CALENDAR_RATE_LIMIT_READS). */
  readonly readsPerMinute: number;
  /** Writes (POST, PUT, PATCH, DELETE) per minute and user (CALENDAR_RATE_LIMIT_WRITES). */
  readonly writesPerMinute: number;
}

export interface RedisConfig {
  readonly url: string;
  /** Prefix of every key the service writes (CALENDAR_REDIS_PREFIX), so deployments can share one Redis. */
  readonly keyPrefix: string;
}

/** Every limit in milliseconds. */
export interface Timeouts {
  /** The request line and headers must arrive within this (CALENDAR_HEADERS_TIMEOUT). */
  readonly headersMs: number;
  /** The whole request, headers and body, must arrive within this (CALENDAR_RECEIVE_TIMEOUT). */
  readonly receiveMs: number;
  /** A received request must be answered within this, or gets 503 `request_timeout` (CALENDAR_REQUEST_TIMEOUT). */
  readonly requestMs: number;
  /** PostgreSQL's statement_timeout and idle_in_transaction_session_timeout (CALENDAR_STATEMENT_TIMEOUT). */
  readonly statementMs: number;
  /** An idle keep-alive connection is closed after this (CALENDAR_KEEP_ALIVE_TIMEOUT). */
  readonly keepAliveMs: number;
}

export class ConfigError extends Error {}

export const DEFAULT_SQLITE_FILE = 'data/calendar.sqlite';

/**
 * The uploads' folder: CALENDAR_MEDIA_DIR, else `media` in the SQLite file's folder (the data
 * directory), else (PostgreSQL, an in-memory SQLite) `data/media` under the working directory, where
 * the SQLite file would be by default (decision 0052).
 */
export function mediaDirOf(value: string | undefined, database: DatabaseConfig, cwd = process.cwd()): string {
  const raw = value?.trim() ?? '';
  if (raw !== '') return path.resolve(cwd, raw);
  if (database.dialect === 'sqlite' && database.file !== ':memory:') return path.join(path.dirname(database.file), 'media');
  return path.resolve(cwd, path.dirname(DEFAULT_SQLITE_FILE), 'media');
}

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

/** The site's name and home: a home without a name would be a link with no words of its own. */
function siteIdentity(name: string | undefined, home: string | undefined): { siteName: string | undefined; siteHome: string | undefined } {
  const siteName = parseSiteName(name);
  const siteHome = parseUrlSetting('CALENDAR_SITE_HOME', home);
  if (siteHome !== undefined && siteName === undefined) throw new ConfigError('CALENDAR_SITE_HOME needs CALENDAR_SITE_NAME: the header links the site\'s name to its home');
  return { siteName, siteHome };
}

/** CALENDAR_SITE_NAME: one line of text, at most 100 characters. */
function parseSiteName(value: string | undefined): string | undefined {
  const name = value?.trim() ?? '';
  if (name === '') return undefined;
  if (name.length > 100 || /\p{Cc}/u.test(name)) throw new ConfigError(`CALENDAR_SITE_NAME must be one line of at most 100 characters, got: ${JSON.stringify(value)}`);
  return name;
}

/**
 * CALENDAR_EMBED_ANCESTORS: origins (https://news.example.com), `self` or `none`, separated by
 * commas or spaces; `self` by default, so only the calendar's own pages may frame it.
 */
function parseEmbedAncestors(value: string | undefined): string {
  const listed = (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
  if (listed.length === 0) return "'self'";
  if (listed.includes('none')) {
    if (listed.length > 1) throw new ConfigError('CALENDAR_EMBED_ANCESTORS: none cannot be combined with other sources');
    return "'none'";
  }
  return listed
    .map((item) => (item === 'self' ? "'self'" : originOf(item, `CALENDAR_EMBED_ANCESTORS must list origins such as https://news.example.com, self or none, got: ${item}`)))
    .join(' ');
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

/**
 * What a configuration that loads may still get wrong, one line each, for `serve` to log as
 * warnings at start-up.
 */
export function configWarnings(config: Pick<Config, 'trustProxy'>): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true) {
    warnings.push(
      'CALENDAR_TRUST_PROXY=true trusts only the nearest proxy: the client address is the right-most X-Forwarded-For entry. Set the number of proxies in front of the service (such as 2 for a CDN and a load balancer) or their addresses, so that client addresses are right and cannot be chosen by clients.',
    );
  }
  return warnings;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (!/^[0-9A-Fa-f:.,/ ]+$/.test(raw)) throw new ConfigError(`CALENDAR_TRUST_PROXY must be true, a hop count or a list of proxy addresses, got: ${value}`);
  return raw;
}

/**
 * `item` as a web origin, or a ConfigError with `refusal`. An origin is a scheme, a host and a
 * port: anything more would never equal a browser's Origin header.
 */
function originOf(item: string, refusal: string): string {
  let url: URL | undefined;
  try {
    url = new URL(item);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item.replace(/\/$/, '')) throw new ConfigError(refusal);
  return url.origin;
}

function parseCorsOrigins(value: string | undefined): ReadonlySet<string> | undefined {
  const listed = (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
  if (listed.length === 0) return undefined;
  return new Set(
    listed.map((item) => originOf(item, `CALENDAR_CORS_ORIGINS must list origins such as https://app.example.com, separated by commas, got: ${item}`)),
  );
}

/** A cache's memory in whole megabytes; unset, `fallbackMb`. */
function parseCacheBytes(name: string, value: string | undefined, fallbackMb: number): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallbackMb * 1024 * 1024;
  if (!/^\d{1,5}$/.test(raw)) throw new ConfigError(`${name} must be a whole number of megabytes (0 turns the cache off), got: ${value}`);
  return Number(raw) * 1024 * 1024;
}

function parsePerMinute(name: string, value: string | undefined, fallback: number): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallback;
  if (!/^\d{1,7}$/.test(raw)) throw new ConfigError(`${name} must be a whole number of requests per minute (0 turns the limit off), got: ${value}`);
  return Number(raw);
}

function parseRedis(url: string | undefined, prefix: string | undefined): RedisConfig | undefined {
  const raw = url?.trim() ?? '';
  if (raw === '') return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')) throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got: ${url}`);
  const keyPrefix = prefix?.trim() || 'calendar-events:';
  if (!/^[\x21-\x7e]{1,100}$/.test(keyPrefix)) throw new ConfigError(`CALENDAR_REDIS_PREFIX must be 1 to 100 printable characters without spaces, got: ${prefix}`);
  return { url: raw, keyPrefix };
}

/** A duration in seconds (fractions allowed, e.g. 0.5), as milliseconds. */
function parseSeconds(name: string, value: string | undefined, fallbackSeconds: number): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallbackSeconds * 1000;
  const seconds = /^\d{1,4}(\.\d{1,3})?$/.test(raw) ? Number(raw) : NaN;
  if (!(seconds > 0 && seconds <= 3600)) throw new ConfigError(`${name} must be a number of seconds above 0 and at most 3600, got: ${value}`);
  return Math.round(seconds * 1000);
}

function parseTimeouts(env: NodeJS.ProcessEnv): Timeouts {
  const timeouts = {
    headersMs: parseSeconds('CALENDAR_HEADERS_TIMEOUT', env.CALENDAR_HEADERS_TIMEOUT, 10),
    receiveMs: parseSeconds('CALENDAR_RECEIVE_TIMEOUT', env.CALENDAR_RECEIVE_TIMEOUT, 30),
    requestMs: parseSeconds('CALENDAR_REQUEST_TIMEOUT', env.CALENDAR_REQUEST_TIMEOUT, 30),
    statementMs: parseSeconds('CALENDAR_STATEMENT_TIMEOUT', env.CALENDAR_STATEMENT_TIMEOUT, 30),
    // Longer than the 60 s idle timeout of common load balancers and proxies: a backend closing an
    // idle connection first races the proxy's next request on it (a 502 for the client).
    keepAliveMs: parseSeconds('CALENDAR_KEEP_ALIVE_TIMEOUT', env.CALENDAR_KEEP_ALIVE_TIMEOUT, 65),
  };
  // Node refuses a headers timeout longer than the whole request's.
  if (timeouts.headersMs > timeouts.receiveMs) throw new ConfigError('CALENDAR_HEADERS_TIMEOUT must not be longer than CALENDAR_RECEIVE_TIMEOUT');
  return timeouts;
}

function parseWholeNumber(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallback;
  const number = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(number >= min && number <= max)) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got: ${value}`);
  return number;
}

/** libuv's threadpool, which file reads, password hashing and sharp's work share: UV_THREADPOOL_SIZE threads (4 unless set; libuv takes 1 to 1024). */
function threadpoolSize(env: NodeJS.ProcessEnv): number {
  const size = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size >= 1 ? Math.min(size, 1024) : 4;
}

function parseMedia(env: NodeJS.ProcessEnv, database: DatabaseConfig): MediaSettings {
  const maxPixels = parseWholeNumber('CALENDAR_MEDIA_MAX_PIXELS', env.CALENDAR_MEDIA_MAX_PIXELS, 50_000_000, 1, 268_402_689);
  // Each image being decoded holds one of libuv's threads and one CPU core (decision 0090): by default
  // at most half of the threads and one core fewer than the machine has, so that file reads, password
  // checks and the event loop keep theirs; never all of the threads.
  const threads = threadpoolSize(env);
  const fallback = Math.max(1, Math.min(os.availableParallelism() - 1, Math.floor(threads / 2)));
  const decodeConcurrency = parseWholeNumber('CALENDAR_MEDIA_DECODE_CONCURRENCY', env.CALENDAR_MEDIA_DECODE_CONCURRENCY, fallback, 1, 1024);
  if (decodeConcurrency >= threads) throw new ConfigError(`CALENDAR_MEDIA_DECODE_CONCURRENCY must be less than libuv's ${threads} threads (UV_THREADPOOL_SIZE), so that file reads and password checks always find one, got: ${env.CALENDAR_MEDIA_DECODE_CONCURRENCY}`);
  return {
    dir: mediaDirOf(env.CALENDAR_MEDIA_DIR, database),
    maxBytes: parseWholeNumber('CALENDAR_MEDIA_MAX_BYTES', env.CALENDAR_MEDIA_MAX_BYTES, 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxPixels,
    maxPixelsAnonymous: Math.min(maxPixels, parseWholeNumber('CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS', env.CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS, 4096 * 4096, 1, 268_402_689)),
    decodeConcurrency,
    decodeQueue: parseWholeNumber('CALENDAR_MEDIA_DECODE_QUEUE', env.CALENDAR_MEDIA_DECODE_QUEUE, 8, 0, 1000),
  };
}

function parseIcsMaxEvents(value: string | undefined): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return 100_000;
  const count = /^\d{1,7}$/.test(raw) ? Number(raw) : 0;
  if (count < 1) throw new ConfigError(`CALENDAR_ICS_MAX_EVENTS must be a whole number of events from 1 to 9999999, got: ${value}`);
  return count;
}

/** The community form's guards (decision 0095). */
export interface CommunityGuards {
  /** The most proposals one address may send in 24 hours (CALENDAR_COMMUNITY_DAILY_LIMIT, default 20); 0: no cap. */
  readonly dailyLimit: number;
  /** A self-hosted proof-of-work challenge each proposal must solve (CALENDAR_COMMUNITY_PROOF_OF_WORK); off by default. */
  readonly proofOfWork: boolean;
}

function parseCommunityGuards(env: NodeJS.ProcessEnv, database: DatabaseConfig): CommunityGuards {
  const proofOfWork = parseSwitch('CALENDAR_COMMUNITY_PROOF_OF_WORK', env.CALENDAR_COMMUNITY_PROOF_OF_WORK, false);
  // The challenges' HMAC key is derived from the stored secrets' key, which PostgreSQL's nodes share only when given (decision 0032).
  if (proofOfWork && database.dialect === 'postgres' && !env.CALENDAR_SECRETS_KEY?.trim()) {
    throw new ConfigError('CALENDAR_COMMUNITY_PROOF_OF_WORK=true with PostgreSQL needs CALENDAR_SECRETS_KEY, from which every node derives the challenges\' signing key');
  }
  return { dailyLimit: parseWholeNumber('CALENDAR_COMMUNITY_DAILY_LIMIT', env.CALENDAR_COMMUNITY_DAILY_LIMIT, 20, 0, 1_000_000), proofOfWork };
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  const raw = value?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got: ${value}`);
}

/** Standard Webhooks' schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h): 8 attempts over about 28 hours. */
const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

/** E-mail's schedule (1, 5, 15 and 30 min, 1, 2, 4 and 8 h): 9 attempts over about 16 hours (decision 0112). */
const MAIL_RETRY_SECONDS = [60, 300, 900, 1800, 3600, 7200, 14_400, 28_800];

function parseRetryDelays(name: string, value: string | undefined, fallbackSeconds: readonly number[]): number[] {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallbackSeconds.map((seconds) => seconds * 1000);
  const delays = raw.split(',').map((item) => (/^\d{1,6}(\.\d{1,3})?$/.test(item.trim()) ? Math.round(Number(item.trim()) * 1000) : NaN));
  if (delays.length > 20 || delays.some((delay) => !(delay >= 0))) throw new ConfigError(`${name} must be up to 20 numbers of seconds separated by commas, got: ${value}`);
  return delays;
}

function parseAddressList(name: string, value: string | undefined): string[] {
  const listed = (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
  for (const item of listed) {
    const [address, bits, extra] = item.split('/');
    if (extra !== undefined || isIP(address!) === 0 || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address!) === 4 ? 32 : 128)))) {
      throw new ConfigError(`${name} must list IP addresses or CIDR ranges such as 127.0.0.1 or 10.0.0.0/8, got: ${item}`);
    }
  }
  return listed;
}

function parseWebhooks(env: NodeJS.ProcessEnv): WebhookSettings {
  const hour = 60 * 60 * 1000;
  return {
    allowHttp: parseSwitch('CALENDAR_WEBHOOK_ALLOW_HTTP', env.CALENDAR_WEBHOOK_ALLOW_HTTP, false),
    allowPrivate: parseAddressList('CALENDAR_WEBHOOK_ALLOW_PRIVATE', env.CALENDAR_WEBHOOK_ALLOW_PRIVATE),
    secretsKey: env.CALENDAR_SECRETS_KEY?.trim() || undefined,
    pollMs: parseSeconds('CALENDAR_WEBHOOK_POLL_INTERVAL', env.CALENDAR_WEBHOOK_POLL_INTERVAL, 1),
    timeoutMs: parseSeconds('CALENDAR_WEBHOOK_TIMEOUT', env.CALENDAR_WEBHOOK_TIMEOUT, 10),
    retryDelaysMs: parseRetryDelays('CALENDAR_WEBHOOK_RETRY_DELAYS', env.CALENDAR_WEBHOOK_RETRY_DELAYS, WEBHOOK_RETRY_SECONDS),
    disableAfterMs: parseWholeNumber('CALENDAR_WEBHOOK_DISABLE_AFTER_HOURS', env.CALENDAR_WEBHOOK_DISABLE_AFTER_HOURS, 120, 1, 100_000) * hour,
    retentionMs: parseWholeNumber('CALENDAR_WEBHOOK_RETENTION_DAYS', env.CALENDAR_WEBHOOK_RETENTION_DAYS, 14, 1, 3650) * 24 * hour,
  };
}

/** An SMTP URL without its password, for messages: the setting's value may be shown, its secret never. */
export function withoutPassword(url: URL): string {
  const shown = new URL(url.href);
  if (shown.password !== '') shown.password = '***';
  return shown.href;
}

function parseSmtpUrl(value: string | undefined): URL | undefined {
  const raw = value?.trim() ?? '';
  if (raw === '') return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  const shown = url ? withoutPassword(url) : '(not a URL)';
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '' || (url.pathname !== '' && url.pathname !== '/')) {
    throw new ConfigError(`CALENDAR_SMTP_URL must be smtp://user:password@host:port or smtps://user:password@host:port, got: ${shown}`);
  }
  if ((url.username === '') !== (url.password === '')) throw new ConfigError(`CALENDAR_SMTP_URL must give both a user and a password, or neither, got: ${shown}`);
  return url;
}

function parseMail(env: NodeJS.ProcessEnv): MailSettings {
  const smtpUrl = parseSmtpUrl(env.CALENDAR_SMTP_URL);
  const from = env.CALENDAR_MAIL_FROM?.trim() || undefined;
  if (from !== undefined && !isMailbox(from)) {
    throw new ConfigError(`CALENDAR_MAIL_FROM must be an address such as calendar@example.org or "Springfield Arts <calendar@example.org>", got: ${from}`);
  }
  if (smtpUrl && from === undefined) throw new ConfigError('CALENDAR_MAIL_FROM must be set when CALENDAR_SMTP_URL is: the address messages are sent from, such as calendar@example.org');
  return {
    smtpUrl,
    from,
    pollMs: parseSeconds('CALENDAR_MAIL_POLL_INTERVAL', env.CALENDAR_MAIL_POLL_INTERVAL, 5),
    timeoutMs: parseSeconds('CALENDAR_MAIL_TIMEOUT', env.CALENDAR_MAIL_TIMEOUT, 30),
    retryDelaysMs: parseRetryDelays('CALENDAR_MAIL_RETRY_DELAYS', env.CALENDAR_MAIL_RETRY_DELAYS, MAIL_RETRY_SECONDS),
  };
}

/** A bearer token (RFC 6750's token68) long enough not to be guessed; unset or empty: no metrics. */
function parseMetricsToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (!/^[A-Za-z0-9\-._~+/]{32,}=*$/.test(token)) throw new ConfigError('CALENDAR_METRICS_TOKEN must be at least 32 characters of letters, digits and -._~+/ (e.g. openssl rand -hex 32)');
  return token;
}

/** Reads and validates the environment; throws ConfigError with one clear line on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got: ${logLevel}`);
  const adminPassword = env.CALENDAR_ADMIN_PASSWORD === '' ? undefined : env.CALENDAR_ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword.length < 8) throw new ConfigError('CALENDAR_ADMIN_PASSWORD must be at least 8 characters long');
  const database = parseDatabaseUrl(env.DATABASE_URL);
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    database,
    adminPassword,
    publicUrl: parseUrlSetting('CALENDAR_PUBLIC_URL', env.CALENDAR_PUBLIC_URL),
    siteUrl: parseUrlSetting('CALENDAR_SITE_URL', env.CALENDAR_SITE_URL),
    restPrefix: parsePrefix(env.CALENDAR_REST_PREFIX),
    embedAncestors: parseEmbedAncestors(env.CALENDAR_EMBED_ANCESTORS),
    siteStylesheet: parseUrlSetting('CALENDAR_SITE_STYLESHEET', env.CALENDAR_SITE_STYLESHEET),
    ...siteIdentity(env.CALENDAR_SITE_NAME, env.CALENDAR_SITE_HOME),
    timezone: parseTimezone(env.CALENDAR_TIMEZONE),
    defaultLanguage: parseLanguage(env.CALENDAR_DEFAULT_LANGUAGE),
    logLevel,
    trustProxy: parseTrustProxy(env.CALENDAR_TRUST_PROXY),
    corsOrigins: parseCorsOrigins(env.CALENDAR_CORS_ORIGINS),
    // A calendar's hot set (100 archive pages, 1,000 events, 150 category pages at 100k events) takes
    // about 17 MB of answers: 16, the first default, evicted them in turn (decision 0033).
    readCacheBytes: parseCacheBytes('CALENDAR_READ_CACHE_MB', env.CALENDAR_READ_CACHE_MB, 64),
    // An event rendered is 2-4 KB: 32 MB holds ~10,000 of them, in a language and a form (alone or listed).
    recordCacheBytes: parseCacheBytes('CALENDAR_RECORD_CACHE_MB', env.CALENDAR_RECORD_CACHE_MB, 32),
    metricsToken: parseMetricsToken(env.CALENDAR_METRICS_TOKEN),
    tecAlias: parseSwitch('CALENDAR_TEC_ALIAS', env.CALENDAR_TEC_ALIAS, true),
    setupFromAnywhere: parseSwitch('CALENDAR_SETUP_FROM_ANYWHERE', env.CALENDAR_SETUP_FROM_ANYWHERE, false),
    communitySubmissions: parseSwitch('CALENDAR_COMMUNITY_SUBMISSIONS', env.CALENDAR_COMMUNITY_SUBMISSIONS, false),
    communityGuards: parseCommunityGuards(env, database),
    icsMaxEvents: parseIcsMaxEvents(env.CALENDAR_ICS_MAX_EVENTS),
    icsImportMaxBytes: parseWholeNumber('CALENDAR_ICS_IMPORT_MAX_BYTES', env.CALENDAR_ICS_IMPORT_MAX_BYTES, 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    csvImportMaxBytes: parseWholeNumber('CALENDAR_CSV_IMPORT_MAX_BYTES', env.CALENDAR_CSV_IMPORT_MAX_BYTES, 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    icsImportSyncMaxEvents: parseWholeNumber('CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS', env.CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS, 1000, 0, 100_000),
    disallowUnfilteredHtml: parseSwitch('CALENDAR_DISALLOW_UNFILTERED_HTML', env.CALENDAR_DISALLOW_UNFILTERED_HTML, false),
    rateLimits: {
      readsPerMinute: parsePerMinute('CALENDAR_RATE_LIMIT_READS', env.CALENDAR_RATE_LIMIT_READS, 1200),
      writesPerMinute: parsePerMinute('CALENDAR_RATE_LIMIT_WRITES', env.CALENDAR_RATE_LIMIT_WRITES, 300),
    },
    redis: parseRedis(env.REDIS_URL, env.CALENDAR_REDIS_PREFIX),
    timeouts: parseTimeouts(env),
    recurrence: {
      horizonDays: parseWholeNumber('CALENDAR_RECURRENCE_HORIZON_DAYS', env.CALENDAR_RECURRENCE_HORIZON_DAYS, 730, 1, 36_600),
      maxOccurrences: parseWholeNumber('CALENDAR_RECURRENCE_MAX_OCCURRENCES', env.CALENDAR_RECURRENCE_MAX_OCCURRENCES, 1000, 1, 100_000),
      onDemandYears: parseWholeNumber('CALENDAR_RECURRENCE_ON_DEMAND_YEARS', env.CALENDAR_RECURRENCE_ON_DEMAND_YEARS, 10, 0, 100),
    },
    webhooks: parseWebhooks(env),
    mail: parseMail(env),
    importAllowPrivate: parseAddressList('CALENDAR_IMPORT_ALLOW_PRIVATE', env.CALENDAR_IMPORT_ALLOW_PRIVATE),
    syncRetentionDays: parseWholeNumber('CALENDAR_SYNC_RETENTION_DAYS', env.CALENDAR_SYNC_RETENTION_DAYS, 30, 1, 3650),
    heapGrowthPercent: parseWholeNumber('CALENDAR_HEAP_GROWTH_PERCENT', env.CALENDAR_HEAP_GROWTH_PERCENT, 20, 0, 300),
    sessions: {
      idleMs: parseWholeNumber('CALENDAR_SESSION_IDLE_MINUTES', env.CALENDAR_SESSION_IDLE_MINUTES, 480, 1, 525_600) * 60_000,
      absoluteMs: parseWholeNumber('CALENDAR_SESSION_MAX_HOURS', env.CALENDAR_SESSION_MAX_HOURS, 168, 1, 8760) * 3_600_000,
    },
    media: parseMedia(env, database),
  };
}
