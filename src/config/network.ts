import type { Config } from '../config.ts';
import { ConfigError, originOf, parseSeconds } from './values.ts';

/* How clients reach the service and what bounds them: port, proxies, CORS, rate limits, Redis, timeouts, the metrics' token. */

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

export function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  // Digits only: Number() would also take '0x50', '1e3' or ' 80'.
  const port = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got: ${value}`);
  return port;
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

export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (!/^[0-9A-Fa-f:.,/ ]+$/.test(raw))
    throw new ConfigError(`CALENDAR_TRUST_PROXY must be true, a hop count or a list of proxy addresses, got: ${value}`);
  return raw;
}

export function parseCorsOrigins(value: string | undefined): ReadonlySet<string> | undefined {
  const listed = (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
  if (listed.length === 0) return undefined;
  return new Set(
    listed.map((item) =>
      originOf(
        item,
        `CALENDAR_CORS_ORIGINS must list origins such as https://app.example.com, separated by commas, got: ${item}`,
      ),
    ),
  );
}

export function parseRedis(url: string | undefined, prefix: string | undefined): RedisConfig | undefined {
  const raw = url?.trim() ?? '';
  if (raw === '') return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:'))
    throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got: ${url}`);
  const keyPrefix = prefix?.trim() || 'calendar-events:';
  if (!/^[\x21-\x7e]{1,100}$/.test(keyPrefix))
    throw new ConfigError(`CALENDAR_REDIS_PREFIX must be 1 to 100 printable characters without spaces, got: ${prefix}`);
  return { url: raw, keyPrefix };
}

export function parseTimeouts(env: NodeJS.ProcessEnv): Timeouts {
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
  if (timeouts.headersMs > timeouts.receiveMs)
    throw new ConfigError('CALENDAR_HEADERS_TIMEOUT must not be longer than CALENDAR_RECEIVE_TIMEOUT');
  return timeouts;
}

/** A bearer token (RFC 6750's token68) long enough not to be guessed; unset or empty: no metrics. */
export function parseMetricsToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (!/^[A-Za-z0-9\-._~+/]{32,}=*$/.test(token))
    throw new ConfigError(
      'CALENDAR_METRICS_TOKEN must be at least 32 characters of letters, digits and -._~+/ (e.g. openssl rand -hex 32)',
    );
  return token;
}
