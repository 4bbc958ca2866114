import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, configWarnings, loadConfig, parseDatabaseUrl } from '../../src/config.ts';

/** Asserts a ConfigError whose message is one line naming the setting. */
function assertConfigError(run: () => unknown, setting: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ConfigError, String(error));
    assert.ok(error.message.startsWith(setting), error.message);
    assert.ok(!error.message.includes('\n'), error.message);
    return true;
  });
}

describe('loadConfig', () => {
  test('defaults with an empty environment', () => {
    assert.deepEqual(loadConfig({}), {
      port: 8080,
      host: '127.0.0.1',
      database: { dialect: 'sqlite', file: path.resolve(process.cwd(), 'data/calendar.sqlite') },
      adminPassword: undefined,
      publicUrl: undefined,
      siteUrl: undefined,
      restPrefix: '',
      embedAncestors: "'self'",
      siteStylesheet: undefined,
      siteName: undefined,
      siteHome: undefined,
      communitySubmissions: false,
      communityGuards: { dailyLimit: 20, proofOfWork: false },
      timezone: 'UTC',
      defaultLanguage: 'en',
      logLevel: 'info',
      trustProxy: false,
      corsOrigins: undefined,
      readCacheBytes: 64 * 1024 * 1024,
      recordCacheBytes: 32 * 1024 * 1024,
      metricsToken: undefined,
      tecAlias: true,
      setupFromAnywhere: false,
      icsMaxEvents: 100_000,
      importAllowPrivate: [],
      importSourcesPollMs: 30_000,
      icsImportMaxBytes: 5 * 1024 * 1024,
      csvImportMaxBytes: 5 * 1024 * 1024,
      icsImportSyncMaxEvents: 1000,
      disallowUnfilteredHtml: false,
      rateLimits: { readsPerMinute: 1200, writesPerMinute: 300 },
      redis: undefined,
      timeouts: { headersMs: 10_000, receiveMs: 30_000, requestMs: 30_000, statementMs: 30_000, keepAliveMs: 65_000 },
      recurrence: { horizonDays: 730, maxOccurrences: 1000, onDemandYears: 10 },
      syncRetentionDays: 30,
      heapGrowthPercent: 20,
      sessions: { idleMs: 480 * 60_000, absoluteMs: 168 * 3_600_000 },
      webhooks: {
        allowHttp: false,
        allowPrivate: [],
        secretsKey: undefined,
        pollMs: 1000,
        timeoutMs: 10_000,
        retryDelaysMs: [5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
        disableAfterMs: 120 * 3_600_000,
        retentionMs: 14 * 86_400_000,
      },
      // E-mail is off until CALENDAR_SMTP_URL is set (decision 0113); retries over about 16 hours (decision 0112).
      mail: {
        smtpUrl: undefined,
        from: undefined,
        pollMs: 5000,
        timeoutMs: 30_000,
        retryDelaysMs: [60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000],
      },
      // The uploads' folder defaults to `media` beside the SQLite file (decision 0052).
      // Decodes by default: one core fewer than the machine has, at most half of libuv's four threads (decision 0090).
      media: {
        dir: path.resolve('data/media'),
        maxBytes: 10 * 1024 * 1024,
        maxPixels: 50_000_000,
        maxPixelsAnonymous: 4096 * 4096,
        decodeConcurrency: Math.max(1, Math.min(os.availableParallelism() - 1, 2)),
        decodeQueue: 8,
      },
    });
  });

  test('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://calendar:secret@db.internal:5432/calendar',
      CALENDAR_ADMIN_PASSWORD: 'long-enough',
      CALENDAR_PUBLIC_URL: 'https://events.example.org/site/',
      CALENDAR_SITE_URL: 'https://www.example.org',
      CALENDAR_REST_PREFIX: 'wp-json',
      CALENDAR_TIMEZONE: 'Europe/Rome',
      CALENDAR_DEFAULT_LANGUAGE: 'pt-pt',
      LOG_LEVEL: 'debug',
      CALENDAR_TRUST_PROXY: 'true',
      CALENDAR_CORS_ORIGINS: 'https://app.example.org, http://localhost:3000',
      CALENDAR_READ_CACHE_MB: '16',
      CALENDAR_RECORD_CACHE_MB: '8',
      CALENDAR_METRICS_TOKEN: 'f'.repeat(64),
      CALENDAR_TEC_ALIAS: 'false',
      CALENDAR_COMMUNITY_SUBMISSIONS: 'true',
      CALENDAR_ICS_MAX_EVENTS: '5000',
      CALENDAR_IMPORT_ALLOW_PRIVATE: '192.168.1.20, 10.0.0.0/8',
      CALENDAR_IMPORT_SOURCES_POLL_INTERVAL: '0.5',
      CALENDAR_ICS_IMPORT_MAX_BYTES: '65536',
      CALENDAR_CSV_IMPORT_MAX_BYTES: '32768',
      CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS: '50',
      CALENDAR_DISALLOW_UNFILTERED_HTML: 'true',
      CALENDAR_RATE_LIMIT_READS: '0',
      CALENDAR_RATE_LIMIT_WRITES: '60',
      REDIS_URL: 'rediss://:secret@cache.internal:6380/2',
      CALENDAR_REDIS_PREFIX: 'calendar-prod:',
      CALENDAR_HEADERS_TIMEOUT: '5',
      CALENDAR_RECEIVE_TIMEOUT: '20.5',
      CALENDAR_REQUEST_TIMEOUT: '15',
      CALENDAR_STATEMENT_TIMEOUT: '0.25',
      CALENDAR_KEEP_ALIVE_TIMEOUT: '75',
      CALENDAR_RECURRENCE_HORIZON_DAYS: '365',
      CALENDAR_SYNC_RETENTION_DAYS: '7',
      CALENDAR_HEAP_GROWTH_PERCENT: '0',
      CALENDAR_SESSION_IDLE_MINUTES: '30',
      CALENDAR_SESSION_MAX_HOURS: '12',
      CALENDAR_RECURRENCE_MAX_OCCURRENCES: '500',
      CALENDAR_RECURRENCE_ON_DEMAND_YEARS: '3',
      CALENDAR_WEBHOOK_ALLOW_HTTP: 'true',
      CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1, 10.8.0.0/16 fd00::/8',
      CALENDAR_SECRETS_KEY: 'a-key',
      CALENDAR_WEBHOOK_POLL_INTERVAL: '0.25',
      CALENDAR_WEBHOOK_TIMEOUT: '3',
      CALENDAR_WEBHOOK_RETRY_DELAYS: '1,2.5,60',
      CALENDAR_WEBHOOK_DISABLE_AFTER_HOURS: '24',
      CALENDAR_WEBHOOK_RETENTION_DAYS: '2',
      CALENDAR_SMTP_URL: 'smtps://mailer:p%40ss@smtp.example.org:465',
      CALENDAR_MAIL_FROM: 'Springfield Arts <calendar@springfield.example>',
      CALENDAR_MAIL_POLL_INTERVAL: '2',
      CALENDAR_MAIL_TIMEOUT: '10',
      CALENDAR_MAIL_RETRY_DELAYS: '30,600',
      CALENDAR_EMBED_ANCESTORS: 'self https://news.example.com',
      CALENDAR_SITE_STYLESHEET: 'https://www.example.org/calendar.css',
      CALENDAR_SITE_NAME: '  Springfield Arts  ',
      CALENDAR_SITE_HOME: 'https://www.example.org/',
      CALENDAR_MEDIA_DIR: '/srv/calendar-media',
      CALENDAR_MEDIA_MAX_BYTES: '2000000',
      CALENDAR_MEDIA_MAX_PIXELS: '1000000',
      CALENDAR_COMMUNITY_DAILY_LIMIT: '5',
      CALENDAR_COMMUNITY_PROOF_OF_WORK: 'true',
      CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS: '500000',
      CALENDAR_MEDIA_DECODE_CONCURRENCY: '3',
      CALENDAR_MEDIA_DECODE_QUEUE: '20',
    });
    assert.deepEqual(config, {
      port: 3000,
      host: '0.0.0.0',
      database: { dialect: 'postgres', url: 'postgres://calendar:secret@db.internal:5432/calendar' },
      adminPassword: 'long-enough',
      publicUrl: 'https://events.example.org/site',
      siteUrl: 'https://www.example.org',
      restPrefix: '/wp-json',
      embedAncestors: "'self' https://news.example.com",
      siteStylesheet: 'https://www.example.org/calendar.css',
      siteName: 'Springfield Arts',
      siteHome: 'https://www.example.org',
      communitySubmissions: true,
      communityGuards: { dailyLimit: 5, proofOfWork: true },
      timezone: 'Europe/Rome',
      defaultLanguage: 'pt-pt',
      logLevel: 'debug',
      trustProxy: true,
      corsOrigins: new Set(['https://app.example.org', 'http://localhost:3000']),
      readCacheBytes: 16 * 1024 * 1024,
      recordCacheBytes: 8 * 1024 * 1024,
      metricsToken: 'f'.repeat(64),
      tecAlias: false,
      setupFromAnywhere: false,
      icsMaxEvents: 5000,
      importAllowPrivate: ['192.168.1.20', '10.0.0.0/8'],
      importSourcesPollMs: 500,
      icsImportMaxBytes: 65_536,
      csvImportMaxBytes: 32_768,
      icsImportSyncMaxEvents: 50,
      disallowUnfilteredHtml: true,
      rateLimits: { readsPerMinute: 0, writesPerMinute: 60 },
      redis: { url: 'rediss://:secret@cache.internal:6380/2', keyPrefix: 'calendar-prod:' },
      timeouts: { headersMs: 5000, receiveMs: 20_500, requestMs: 15_000, statementMs: 250, keepAliveMs: 75_000 },
      recurrence: { horizonDays: 365, maxOccurrences: 500, onDemandYears: 3 },
      syncRetentionDays: 7,
      heapGrowthPercent: 0,
      sessions: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
      webhooks: {
        allowHttp: true,
        allowPrivate: ['127.0.0.1', '10.8.0.0/16', 'fd00::/8'],
        secretsKey: 'a-key',
        pollMs: 250,
        timeoutMs: 3000,
        retryDelaysMs: [1000, 2500, 60_000],
        disableAfterMs: 24 * 3_600_000,
        retentionMs: 2 * 86_400_000,
      },
      mail: {
        smtpUrl: new URL('smtps://mailer:p%40ss@smtp.example.org:465'),
        from: 'Springfield Arts <calendar@springfield.example>',
        pollMs: 2000,
        timeoutMs: 10_000,
        retryDelaysMs: [30_000, 600_000],
      },
      media: {
        dir: path.resolve('/srv/calendar-media'),
        maxBytes: 2_000_000,
        maxPixels: 1_000_000,
        maxPixelsAnonymous: 500_000,
        decodeConcurrency: 3,
        decodeQueue: 20,
      },
    });
  });

  test('empty values count as unset', () => {
    const config = loadConfig({
      PORT: '',
      CALENDAR_ADMIN_PASSWORD: '',
      CALENDAR_PUBLIC_URL: ' ',
      CALENDAR_TIMEZONE: '',
      LOG_LEVEL: '',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.adminPassword, undefined);
    assert.equal(config.publicUrl, undefined);
    assert.equal(config.timezone, 'UTC');
    assert.equal(config.logLevel, 'info');
  });

  const prefixes: [string, string][] = [
    ['/api', '/api'],
    ['api', '/api'],
    ['/api/', '/api'],
    ['//api/v2//', '/api/v2'],
    ['/', ''],
    ['', ''],
  ];
  for (const [raw, normalized] of prefixes) {
    test(`CALENDAR_REST_PREFIX "${raw}" becomes "${normalized}"`, () => {
      assert.equal(loadConfig({ CALENDAR_REST_PREFIX: raw }).restPrefix, normalized);
    });
  }

  const publicUrls: [string, string][] = [
    ['https://events.example.org/', 'https://events.example.org'],
    ['https://events.example.org', 'https://events.example.org'],
    ['http://events.example.org:8080/calendar//', 'http://events.example.org:8080/calendar'],
  ];
  for (const [raw, normalized] of publicUrls) {
    test(`CALENDAR_PUBLIC_URL "${raw}" becomes "${normalized}"`, () => {
      assert.equal(loadConfig({ CALENDAR_PUBLIC_URL: raw }).publicUrl, normalized);
    });
  }

  const invalid: [string, Record<string, string>][] = [
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['PORT', { PORT: '0x50' }],
    ['CALENDAR_TIMEZONE', { CALENDAR_TIMEZONE: 'Mars/Olympus_Mons' }],
    ['CALENDAR_DEFAULT_LANGUAGE', { CALENDAR_DEFAULT_LANGUAGE: 'xx' }],
    ['CALENDAR_DEFAULT_LANGUAGE', { CALENDAR_DEFAULT_LANGUAGE: 'EN' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['CALENDAR_ADMIN_PASSWORD', { CALENDAR_ADMIN_PASSWORD: 'short' }],
    ['CALENDAR_REST_PREFIX', { CALENDAR_REST_PREFIX: '/a b' }],
    ['CALENDAR_REST_PREFIX', { CALENDAR_REST_PREFIX: '/api//v1' }],
    ['CALENDAR_PUBLIC_URL', { CALENDAR_PUBLIC_URL: 'events.example.org' }],
    ['CALENDAR_PUBLIC_URL', { CALENDAR_PUBLIC_URL: 'ftp://events.example.org' }],
    ['CALENDAR_SITE_URL', { CALENDAR_SITE_URL: 'not a url' }],
    ['CALENDAR_SITE_NAME', { CALENDAR_SITE_NAME: 'x'.repeat(101) }],
    ['CALENDAR_SITE_NAME', { CALENDAR_SITE_NAME: 'Two\nlines' }],
    ['CALENDAR_SITE_HOME', { CALENDAR_SITE_HOME: 'javascript:alert(1)' }],
    ['CALENDAR_SITE_HOME', { CALENDAR_SITE_HOME: 'https://www.example.org' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/calendar' }],
    ['CALENDAR_RATE_LIMIT_READS', { CALENDAR_RATE_LIMIT_READS: '-1' }],
    ['CALENDAR_RATE_LIMIT_WRITES', { CALENDAR_RATE_LIMIT_WRITES: 'many' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache.internal:6379' }],
    ['CALENDAR_REDIS_PREFIX', { REDIS_URL: 'redis://127.0.0.1:6379', CALENDAR_REDIS_PREFIX: 'has space' }],
    ['CALENDAR_REQUEST_TIMEOUT', { CALENDAR_REQUEST_TIMEOUT: '0' }],
    ['CALENDAR_STATEMENT_TIMEOUT', { CALENDAR_STATEMENT_TIMEOUT: '30s' }],
    ['CALENDAR_KEEP_ALIVE_TIMEOUT', { CALENDAR_KEEP_ALIVE_TIMEOUT: '3601' }],
    ['CALENDAR_IMPORT_SOURCES_POLL_INTERVAL', { CALENDAR_IMPORT_SOURCES_POLL_INTERVAL: '0' }],
    ['CALENDAR_HEADERS_TIMEOUT', { CALENDAR_HEADERS_TIMEOUT: '40' }],
    ['CALENDAR_RECURRENCE_HORIZON_DAYS', { CALENDAR_RECURRENCE_HORIZON_DAYS: '0' }],
    ['CALENDAR_SYNC_RETENTION_DAYS', { CALENDAR_SYNC_RETENTION_DAYS: '0' }],
    ['CALENDAR_HEAP_GROWTH_PERCENT', { CALENDAR_HEAP_GROWTH_PERCENT: '301' }],
    ['CALENDAR_HEAP_GROWTH_PERCENT', { CALENDAR_HEAP_GROWTH_PERCENT: '-5' }],
    ['CALENDAR_SESSION_IDLE_MINUTES', { CALENDAR_SESSION_IDLE_MINUTES: '0' }],
    ['CALENDAR_SESSION_MAX_HOURS', { CALENDAR_SESSION_MAX_HOURS: '8761' }],
    ['CALENDAR_RECURRENCE_HORIZON_DAYS', { CALENDAR_RECURRENCE_HORIZON_DAYS: '2 years' }],
    ['CALENDAR_RECURRENCE_MAX_OCCURRENCES', { CALENDAR_RECURRENCE_MAX_OCCURRENCES: '-5' }],
    ['CALENDAR_RECURRENCE_ON_DEMAND_YEARS', { CALENDAR_RECURRENCE_ON_DEMAND_YEARS: '101' }],
  ];
  for (const [setting, env] of invalid) {
    test(`${setting}=${Object.values(env)[0]} is a ConfigError naming ${setting}`, () => {
      assertConfigError(() => loadConfig(env), setting);
    });
  }
});

describe('parseDatabaseUrl', () => {
  const cwd = '/srv/calendar';
  const forms: [string | undefined, unknown][] = [
    [undefined, { dialect: 'sqlite', file: '/srv/calendar/data/calendar.sqlite' }],
    ['', { dialect: 'sqlite', file: '/srv/calendar/data/calendar.sqlite' }],
    ['sqlite:./other.sqlite', { dialect: 'sqlite', file: '/srv/calendar/other.sqlite' }],
    ['sqlite:/var/lib/calendar.sqlite', { dialect: 'sqlite', file: '/var/lib/calendar.sqlite' }],
    ['sqlite:///var/lib/calendar.sqlite', { dialect: 'sqlite', file: '/var/lib/calendar.sqlite' }],
    ['sqlite::memory:', { dialect: 'sqlite', file: ':memory:' }],
    ['db/calendar.sqlite', { dialect: 'sqlite', file: '/srv/calendar/db/calendar.sqlite' }],
    ['/abs/calendar.sqlite', { dialect: 'sqlite', file: '/abs/calendar.sqlite' }],
    [
      'postgres://user@127.0.0.1:5432/calendar',
      { dialect: 'postgres', url: 'postgres://user@127.0.0.1:5432/calendar' },
    ],
    [
      'postgresql://user@db/calendar?sslmode=require',
      { dialect: 'postgres', url: 'postgresql://user@db/calendar?sslmode=require' },
    ],
  ];
  for (const [value, expected] of forms) {
    test(`${JSON.stringify(value)} is ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(parseDatabaseUrl(value, cwd), expected);
    });
  }

  for (const value of ['mysql://localhost/calendar', 'http://example.org/db', 'sqlite:']) {
    test(`${value} is a one-line ConfigError`, () => {
      assertConfigError(() => parseDatabaseUrl(value, cwd), 'DATABASE_URL');
    });
  }
});

test('CALENDAR_TRUST_PROXY: off by default, true, a hop count or an address list; anything else stops start-up', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ CALENDAR_TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({ CALENDAR_TRUST_PROXY: '2' }).trustProxy, 2);
  assert.equal(loadConfig({ CALENDAR_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy, '10.0.0.0/8, 127.0.0.1');
  assert.throws(() => loadConfig({ CALENDAR_TRUST_PROXY: 'everyone' }), /CALENDAR_TRUST_PROXY must be/);
});

test('CALENDAR_TRUST_PROXY=true is warned about at start-up (it trusts one hop); a hop count, an address list or none is not', () => {
  const [warning, ...others] = configWarnings(loadConfig({ CALENDAR_TRUST_PROXY: 'true' }));
  assert.match(warning ?? '', /^CALENDAR_TRUST_PROXY=true trusts only the nearest proxy.*Set the number of proxies/);
  assert.deepEqual(others, []);
  for (const value of ['', '2', '10.0.0.0/8'])
    assert.deepEqual(configWarnings(loadConfig({ CALENDAR_TRUST_PROXY: value })), [], value);
});

test('CALENDAR_CORS_ORIGINS: every origin by default; a list of origins (commas or spaces); a path, a wildcard or a non-http URL stops start-up', () => {
  assert.equal(loadConfig({}).corsOrigins, undefined);
  assert.equal(loadConfig({ CALENDAR_CORS_ORIGINS: ' ' }).corsOrigins, undefined);
  assert.deepEqual(
    loadConfig({ CALENDAR_CORS_ORIGINS: 'https://a.example https://b.example:8443/' }).corsOrigins,
    new Set(['https://a.example', 'https://b.example:8443']),
  );
  for (const bad of ['*', 'https://a.example/app', 'a.example', 'ftp://a.example', 'https://a.example?x=1']) {
    assert.throws(() => loadConfig({ CALENDAR_CORS_ORIGINS: bad }), /CALENDAR_CORS_ORIGINS must list origins/, bad);
  }
});

test('CALENDAR_ICS_MAX_EVENTS: 100000 by default, a whole number from 1, anything else stops start-up', () => {
  assert.equal(loadConfig({}).icsMaxEvents, 100_000);
  assert.equal(loadConfig({ CALENDAR_ICS_MAX_EVENTS: '250' }).icsMaxEvents, 250);
  for (const bad of ['0', '-1', '1.5', 'lots', '99999999'])
    assert.throws(() => loadConfig({ CALENDAR_ICS_MAX_EVENTS: bad }), /CALENDAR_ICS_MAX_EVENTS must be/, bad);
});

test('CALENDAR_READ_CACHE_MB: 64 by default, 0 turns the cache off, anything but a whole number stops start-up', () => {
  assert.equal(loadConfig({}).readCacheBytes, 64 * 1024 * 1024);
  assert.equal(loadConfig({ CALENDAR_READ_CACHE_MB: '0' }).readCacheBytes, 0);
  for (const bad of ['-1', '1.5', 'lots', '999999'])
    assert.throws(() => loadConfig({ CALENDAR_READ_CACHE_MB: bad }), /CALENDAR_READ_CACHE_MB must be/, bad);
});

test('CALENDAR_RECORD_CACHE_MB: 32 by default, 0 turns the cache off, anything but a whole number stops start-up', () => {
  assert.equal(loadConfig({}).recordCacheBytes, 32 * 1024 * 1024);
  assert.equal(loadConfig({ CALENDAR_RECORD_CACHE_MB: '0' }).recordCacheBytes, 0);
  assert.equal(loadConfig({ CALENDAR_RECORD_CACHE_MB: '4' }).recordCacheBytes, 4 * 1024 * 1024);
  for (const bad of ['-1', '1.5', 'lots', '999999'])
    assert.throws(() => loadConfig({ CALENDAR_RECORD_CACHE_MB: bad }), /CALENDAR_RECORD_CACHE_MB must be/, bad);
});

test('CALENDAR_TEC_ALIAS: on by default, true/false or 1/0, anything else stops start-up', () => {
  assert.equal(loadConfig({}).tecAlias, true);
  assert.equal(loadConfig({ CALENDAR_TEC_ALIAS: 'false' }).tecAlias, false);
  assert.equal(loadConfig({ CALENDAR_TEC_ALIAS: '1' }).tecAlias, true);
  for (const bad of ['no', 'off', 'yes please'])
    assert.throws(() => loadConfig({ CALENDAR_TEC_ALIAS: bad }), /CALENDAR_TEC_ALIAS must be true or false/, bad);
});

test('CALENDAR_COMMUNITY_SUBMISSIONS: off by default, true/false or 1/0, anything else stops start-up', () => {
  assert.equal(loadConfig({}).communitySubmissions, false);
  assert.equal(loadConfig({ CALENDAR_COMMUNITY_SUBMISSIONS: '1' }).communitySubmissions, true);
  for (const bad of ['yes', 'on'])
    assert.throws(
      () => loadConfig({ CALENDAR_COMMUNITY_SUBMISSIONS: bad }),
      /CALENDAR_COMMUNITY_SUBMISSIONS must be true or false/,
      bad,
    );
});

test("the community form's guards: a daily cap per address (20, 0 = none) and an optional proof of work, which needs CALENDAR_SECRETS_KEY on PostgreSQL", () => {
  assert.equal(loadConfig({ CALENDAR_COMMUNITY_DAILY_LIMIT: '0' }).communityGuards.dailyLimit, 0);
  for (const bad of ['-1', 'many', '2.5'])
    assertConfigError(() => loadConfig({ CALENDAR_COMMUNITY_DAILY_LIMIT: bad }), 'CALENDAR_COMMUNITY_DAILY_LIMIT');
  assertConfigError(
    () => loadConfig({ CALENDAR_COMMUNITY_PROOF_OF_WORK: 'yes', CALENDAR_SECRETS_KEY: 'k' }),
    'CALENDAR_COMMUNITY_PROOF_OF_WORK',
  );
  assertConfigError(
    () => loadConfig({ CALENDAR_COMMUNITY_PROOF_OF_WORK: 'true', DATABASE_URL: 'postgres://db.internal/calendar' }),
    'CALENDAR_COMMUNITY_PROOF_OF_WORK',
  );
  assert.equal(
    loadConfig({ CALENDAR_COMMUNITY_PROOF_OF_WORK: 'true' }).communityGuards.proofOfWork,
    true,
    'SQLite: the key file beside the database',
  );
});

test('CALENDAR_DISALLOW_UNFILTERED_HTML: off by default, true/false or 1/0, anything else stops start-up', () => {
  assert.equal(loadConfig({}).disallowUnfilteredHtml, false);
  assert.equal(loadConfig({ CALENDAR_DISALLOW_UNFILTERED_HTML: '1' }).disallowUnfilteredHtml, true);
  assert.equal(loadConfig({ CALENDAR_DISALLOW_UNFILTERED_HTML: 'false' }).disallowUnfilteredHtml, false);
  for (const bad of ['yes', 'on'])
    assertConfigError(
      () => loadConfig({ CALENDAR_DISALLOW_UNFILTERED_HTML: bad }),
      'CALENDAR_DISALLOW_UNFILTERED_HTML',
    );
});

test('webhook settings: bad addresses, retry lists and durations stop start-up (decision 0032)', () => {
  for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '1.2.3.4/8/9'])
    assert.throws(
      () => loadConfig({ CALENDAR_WEBHOOK_ALLOW_PRIVATE: bad }),
      /CALENDAR_WEBHOOK_ALLOW_PRIVATE must list/,
      bad,
    );
  for (const bad of ['soon', '1,,2', '-5', Array.from({ length: 21 }, () => '1').join(',')])
    assert.throws(
      () => loadConfig({ CALENDAR_WEBHOOK_RETRY_DELAYS: bad }),
      /CALENDAR_WEBHOOK_RETRY_DELAYS must be/,
      bad,
    );
  assert.throws(
    () => loadConfig({ CALENDAR_WEBHOOK_DISABLE_AFTER_HOURS: '0' }),
    /CALENDAR_WEBHOOK_DISABLE_AFTER_HOURS must be/,
  );
  assert.throws(
    () => loadConfig({ CALENDAR_WEBHOOK_ALLOW_HTTP: 'maybe' }),
    /CALENDAR_WEBHOOK_ALLOW_HTTP must be true or false/,
  );
});

test('e-mail settings: an smtp:// or smtps:// URL with both credentials or none, and a From it needs; bad values stop start-up without showing the password (decision 0113)', () => {
  assert.equal(
    loadConfig({ CALENDAR_SMTP_URL: 'smtp://127.0.0.1:2525', CALENDAR_MAIL_FROM: 'calendar@example.org' }).mail.smtpUrl
      ?.port,
    '2525',
  );
  assert.equal(
    loadConfig({ CALENDAR_MAIL_FROM: 'calendar@example.org' }).mail.smtpUrl,
    undefined,
    'a From alone: e-mail stays off',
  );
  for (const bad of [
    'http://mail.example.org',
    'mail.example.org:25',
    'smtp://',
    'smtp://mail.example.org/inbox',
    'smtp://user:secret-word@',
    'smtp://user@mail.example.org',
    'smtp://:secret-word@mail.example.org',
  ]) {
    assert.throws(
      () => loadConfig({ CALENDAR_SMTP_URL: bad, CALENDAR_MAIL_FROM: 'calendar@example.org' }),
      (error: Error) => /^CALENDAR_SMTP_URL must/.test(error.message) && !error.message.includes('secret-word'),
      bad,
    );
  }
  assert.throws(
    () => loadConfig({ CALENDAR_SMTP_URL: 'smtp://mail.example.org' }),
    /CALENDAR_MAIL_FROM must be set when CALENDAR_SMTP_URL is/,
  );
  for (const bad of [
    'calendar',
    'calendar@localhost',
    'a@b.example, c@d.example',
    'Arts <calendar@example.org',
    'calendar@example.org\r\nBcc: x@y.example',
    '"Arts" <calendar@example.org>',
  ]) {
    assert.throws(() => loadConfig({ CALENDAR_MAIL_FROM: bad }), /CALENDAR_MAIL_FROM must be an address/, bad);
  }
  assert.throws(() => loadConfig({ CALENDAR_MAIL_RETRY_DELAYS: 'soon' }), /CALENDAR_MAIL_RETRY_DELAYS must be/);
  assert.throws(() => loadConfig({ CALENDAR_MAIL_TIMEOUT: '0' }), /CALENDAR_MAIL_TIMEOUT must be/);
});

test('CALENDAR_METRICS_TOKEN: unset turns the metrics off; a token shorter than 32 characters or not a bearer token stops start-up', () => {
  assert.equal(loadConfig({}).metricsToken, undefined);
  assert.equal(loadConfig({ CALENDAR_METRICS_TOKEN: '' }).metricsToken, undefined);
  const token = 'a'.repeat(31) + '+/=';
  assert.equal(loadConfig({ CALENDAR_METRICS_TOKEN: ` ${token} ` }).metricsToken, token);
  for (const bad of ['a'.repeat(31), `${'a'.repeat(32)} b`, `${'a'.repeat(32)}"`])
    assert.throws(() => loadConfig({ CALENDAR_METRICS_TOKEN: bad }), /CALENDAR_METRICS_TOKEN must be/, bad);
});

test('media settings: the folder beside the SQLite file, else data/media; limits are whole numbers in range (decision 0052)', () => {
  assert.equal(loadConfig({ DATABASE_URL: '/var/lib/calendar/site.sqlite' }).media.dir, '/var/lib/calendar/media');
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://db/calendar' }).media.dir, path.resolve('data/media'));
  assert.equal(loadConfig({ DATABASE_URL: ':memory:' }).media.dir, path.resolve('data/media'));
  assert.equal(
    loadConfig({ DATABASE_URL: 'postgres://db/calendar', CALENDAR_MEDIA_DIR: 'uploads' }).media.dir,
    path.resolve('uploads'),
  );
  assertConfigError(() => loadConfig({ CALENDAR_MEDIA_MAX_BYTES: '10MB' }), 'CALENDAR_MEDIA_MAX_BYTES');
  assertConfigError(() => loadConfig({ CALENDAR_MEDIA_MAX_BYTES: '10' }), 'CALENDAR_MEDIA_MAX_BYTES');
  assertConfigError(() => loadConfig({ CALENDAR_MEDIA_MAX_PIXELS: '0' }), 'CALENDAR_MEDIA_MAX_PIXELS');
});

test("image decoding settings: the anonymous pixel limit never above the other; decodes always fewer than libuv's threads (decision 0090)", () => {
  assert.equal(loadConfig({ CALENDAR_MEDIA_MAX_PIXELS: '1000000' }).media.maxPixelsAnonymous, 1_000_000);
  assert.equal(loadConfig({ CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS: '2000000' }).media.maxPixelsAnonymous, 2_000_000);
  assertConfigError(
    () => loadConfig({ CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS: '16MP' }),
    'CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS',
  );
  assert.equal(loadConfig({ CALENDAR_MEDIA_DECODE_CONCURRENCY: '3' }).media.decodeConcurrency, 3);
  assert.throws(
    () => loadConfig({ CALENDAR_MEDIA_DECODE_CONCURRENCY: '4' }),
    /^Error: CALENDAR_MEDIA_DECODE_CONCURRENCY must be less than libuv's 4 threads \(UV_THREADPOOL_SIZE\)/,
  );
  assert.equal(
    loadConfig({ CALENDAR_MEDIA_DECODE_CONCURRENCY: '12', UV_THREADPOOL_SIZE: '16' }).media.decodeConcurrency,
    12,
  );
  // More threads let more decodes run at once by default, one core fewer than the machine has.
  assert.equal(
    loadConfig({ UV_THREADPOOL_SIZE: '64' }).media.decodeConcurrency,
    Math.max(1, os.availableParallelism() - 1),
  );
  assertConfigError(() => loadConfig({ CALENDAR_MEDIA_DECODE_CONCURRENCY: '0' }), 'CALENDAR_MEDIA_DECODE_CONCURRENCY');
  assert.equal(loadConfig({ CALENDAR_MEDIA_DECODE_QUEUE: '0' }).media.decodeQueue, 0);
  assertConfigError(() => loadConfig({ CALENDAR_MEDIA_DECODE_QUEUE: '-1' }), 'CALENDAR_MEDIA_DECODE_QUEUE');
});
