import type { LanguageCode } from './languages.ts';
import { parseDatabaseUrl, type DatabaseConfig } from './config/database.ts';
import { parseMail, parseWebhooks, type MailSettings, type WebhookSettings } from './config/delivery.ts';
import { parseMedia, type MediaSettings } from './config/media.ts';
import {
  parseCorsOrigins,
  parseMetricsToken,
  parsePort,
  parseRedis,
  parseTimeouts,
  parseTrustProxy,
  type RateLimits,
  type RedisConfig,
  type Timeouts,
} from './config/network.ts';
import { parseEmbedAncestors, parseLanguage, parsePrefix, parseTimezone, siteIdentity } from './config/site.ts';
import {
  ConfigError,
  parseAddressList,
  parseCacheBytes,
  parsePerMinute,
  parseSeconds,
  parseSwitch,
  parseUrlSetting,
  parseWholeNumber,
} from './config/values.ts';

/*
 * The environment → the typed `Config`, validated at start-up. The settings are read by group in
 * `config/` (the database, the site, the network and its limits, media, what is sent out; the kinds
 * of value in `values.ts`); `loadConfig` puts them together. What the rest of the app uses of them is
 * exported from here.
 */

export { DEFAULT_SQLITE_FILE, parseDatabaseUrl, type DatabaseConfig } from './config/database.ts';
export { withoutPassword, type MailSettings, type WebhookSettings } from './config/delivery.ts';
export { mediaDirOf, type MediaSettings } from './config/media.ts';
export { configWarnings, type RateLimits, type RedisConfig, type Timeouts } from './config/network.ts';
export { ConfigError } from './config/values.ts';

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
  /**
   * How often each node looks for due import sources (CALENDAR_IMPORT_SOURCES_POLL_INTERVAL, seconds,
   * default 30; decision 0117): a due source waits at most this long for a node to claim it.
   */
  readonly importSourcesPollMs: number;
}

export interface SessionSettings {
  /** A session unused for this long ends (CALENDAR_SESSION_IDLE_MINUTES, default 480: a working day). */
  readonly idleMs: number;
  /** A session ends this long after its sign-in, however much it is used (CALENDAR_SESSION_MAX_HOURS, default 168: a week). */
  readonly absoluteMs: number;
}

export interface RecurrenceSettings {
  /** Occurrences of an unbounded rule exist up to this many days ahead (CALENDAR_RECURRENCE_HORIZON_DAYS). */
  readonly horizonDays: number;
  /** A series yielding more occurrences than this within the horizon is refused (CALENDAR_RECURRENCE_MAX_OCCURRENCES). */
  readonly maxOccurrences: number;
  /** A read whose window passes the horizon has series extended up to this many years ahead, no further (CALENDAR_RECURRENCE_ON_DEMAND_YEARS; 0: never). */
  readonly onDemandYears: number;
}

/** The community form's guards (decision 0095). */
export interface CommunityGuards {
  /** The most proposals one address may send in 24 hours (CALENDAR_COMMUNITY_DAILY_LIMIT, default 20); 0: no cap. */
  readonly dailyLimit: number;
  /** A self-hosted proof-of-work challenge each proposal must solve (CALENDAR_COMMUNITY_PROOF_OF_WORK); off by default. */
  readonly proofOfWork: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseIcsMaxEvents(value: string | undefined): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return 100_000;
  const count = /^\d{1,7}$/.test(raw) ? Number(raw) : 0;
  if (count < 1)
    throw new ConfigError(`CALENDAR_ICS_MAX_EVENTS must be a whole number of events from 1 to 9999999, got: ${value}`);
  return count;
}

function parseCommunityGuards(env: NodeJS.ProcessEnv, database: DatabaseConfig): CommunityGuards {
  const proofOfWork = parseSwitch('CALENDAR_COMMUNITY_PROOF_OF_WORK', env.CALENDAR_COMMUNITY_PROOF_OF_WORK, false);
  // The challenges' HMAC key is derived from the stored secrets' key, which PostgreSQL's nodes share only when given (decision 0032).
  if (proofOfWork && database.dialect === 'postgres' && !env.CALENDAR_SECRETS_KEY?.trim()) {
    throw new ConfigError(
      "CALENDAR_COMMUNITY_PROOF_OF_WORK=true with PostgreSQL needs CALENDAR_SECRETS_KEY, from which every node derives the challenges' signing key",
    );
  }
  return {
    dailyLimit: parseWholeNumber(
      'CALENDAR_COMMUNITY_DAILY_LIMIT',
      env.CALENDAR_COMMUNITY_DAILY_LIMIT,
      20,
      0,
      1_000_000,
    ),
    proofOfWork,
  };
}

/** Reads and validates the environment; throws ConfigError with one clear line on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got: ${logLevel}`);
  const adminPassword = env.CALENDAR_ADMIN_PASSWORD === '' ? undefined : env.CALENDAR_ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword.length < 8)
    throw new ConfigError('CALENDAR_ADMIN_PASSWORD must be at least 8 characters long');
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
    icsImportMaxBytes: parseWholeNumber(
      'CALENDAR_ICS_IMPORT_MAX_BYTES',
      env.CALENDAR_ICS_IMPORT_MAX_BYTES,
      5 * 1024 * 1024,
      1024,
      100 * 1024 * 1024,
    ),
    csvImportMaxBytes: parseWholeNumber(
      'CALENDAR_CSV_IMPORT_MAX_BYTES',
      env.CALENDAR_CSV_IMPORT_MAX_BYTES,
      5 * 1024 * 1024,
      1024,
      100 * 1024 * 1024,
    ),
    icsImportSyncMaxEvents: parseWholeNumber(
      'CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS',
      env.CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS,
      1000,
      0,
      100_000,
    ),
    disallowUnfilteredHtml: parseSwitch(
      'CALENDAR_DISALLOW_UNFILTERED_HTML',
      env.CALENDAR_DISALLOW_UNFILTERED_HTML,
      false,
    ),
    rateLimits: {
      readsPerMinute: parsePerMinute('CALENDAR_RATE_LIMIT_READS', env.CALENDAR_RATE_LIMIT_READS, 1200),
      writesPerMinute: parsePerMinute('CALENDAR_RATE_LIMIT_WRITES', env.CALENDAR_RATE_LIMIT_WRITES, 300),
    },
    redis: parseRedis(env.REDIS_URL, env.CALENDAR_REDIS_PREFIX),
    timeouts: parseTimeouts(env),
    recurrence: {
      horizonDays: parseWholeNumber(
        'CALENDAR_RECURRENCE_HORIZON_DAYS',
        env.CALENDAR_RECURRENCE_HORIZON_DAYS,
        730,
        1,
        36_600,
      ),
      maxOccurrences: parseWholeNumber(
        'CALENDAR_RECURRENCE_MAX_OCCURRENCES',
        env.CALENDAR_RECURRENCE_MAX_OCCURRENCES,
        1000,
        1,
        100_000,
      ),
      onDemandYears: parseWholeNumber(
        'CALENDAR_RECURRENCE_ON_DEMAND_YEARS',
        env.CALENDAR_RECURRENCE_ON_DEMAND_YEARS,
        10,
        0,
        100,
      ),
    },
    webhooks: parseWebhooks(env),
    mail: parseMail(env),
    importAllowPrivate: parseAddressList('CALENDAR_IMPORT_ALLOW_PRIVATE', env.CALENDAR_IMPORT_ALLOW_PRIVATE),
    importSourcesPollMs: parseSeconds(
      'CALENDAR_IMPORT_SOURCES_POLL_INTERVAL',
      env.CALENDAR_IMPORT_SOURCES_POLL_INTERVAL,
      30,
    ),
    syncRetentionDays: parseWholeNumber('CALENDAR_SYNC_RETENTION_DAYS', env.CALENDAR_SYNC_RETENTION_DAYS, 30, 1, 3650),
    heapGrowthPercent: parseWholeNumber('CALENDAR_HEAP_GROWTH_PERCENT', env.CALENDAR_HEAP_GROWTH_PERCENT, 20, 0, 300),
    sessions: {
      idleMs:
        parseWholeNumber('CALENDAR_SESSION_IDLE_MINUTES', env.CALENDAR_SESSION_IDLE_MINUTES, 480, 1, 525_600) * 60_000,
      absoluteMs:
        parseWholeNumber('CALENDAR_SESSION_MAX_HOURS', env.CALENDAR_SESSION_MAX_HOURS, 168, 1, 8760) * 3_600_000,
    },
    media: parseMedia(env, database),
  };
}
