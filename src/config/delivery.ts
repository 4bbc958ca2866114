import { isMailbox } from '../mail-address.ts';
import { ConfigError, parseAddressList, parseSeconds, parseSwitch, parseWholeNumber } from './values.ts';

/* What the service sends out: webhooks (decision 0032) and e-mail (decisions 0112, 0113). */

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

/** Standard Webhooks' schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h): 8 attempts over about 28 hours. */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

/** E-mail's schedule (1, 5, 15 and 30 min, 1, 2, 4 and 8 h): 9 attempts over about 16 hours (decision 0112). */
export const MAIL_RETRY_SECONDS = [60, 300, 900, 1800, 3600, 7200, 14_400, 28_800];

export function parseRetryDelays(
  name: string,
  value: string | undefined,
  fallbackSeconds: readonly number[],
): number[] {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallbackSeconds.map((seconds) => seconds * 1000);
  const delays = raw
    .split(',')
    .map((item) => (/^\d{1,6}(\.\d{1,3})?$/.test(item.trim()) ? Math.round(Number(item.trim()) * 1000) : NaN));
  if (delays.length > 20 || delays.some((delay) => !(delay >= 0)))
    throw new ConfigError(`${name} must be up to 20 numbers of seconds separated by commas, got: ${value}`);
  return delays;
}

export function parseWebhooks(env: NodeJS.ProcessEnv): WebhookSettings {
  const hour = 60 * 60 * 1000;
  return {
    allowHttp: parseSwitch('CALENDAR_WEBHOOK_ALLOW_HTTP', env.CALENDAR_WEBHOOK_ALLOW_HTTP, false),
    allowPrivate: parseAddressList('CALENDAR_WEBHOOK_ALLOW_PRIVATE', env.CALENDAR_WEBHOOK_ALLOW_PRIVATE),
    secretsKey: env.CALENDAR_SECRETS_KEY?.trim() || undefined,
    pollMs: parseSeconds('CALENDAR_WEBHOOK_POLL_INTERVAL', env.CALENDAR_WEBHOOK_POLL_INTERVAL, 1),
    timeoutMs: parseSeconds('CALENDAR_WEBHOOK_TIMEOUT', env.CALENDAR_WEBHOOK_TIMEOUT, 10),
    retryDelaysMs: parseRetryDelays(
      'CALENDAR_WEBHOOK_RETRY_DELAYS',
      env.CALENDAR_WEBHOOK_RETRY_DELAYS,
      WEBHOOK_RETRY_SECONDS,
    ),
    disableAfterMs:
      parseWholeNumber(
        'CALENDAR_WEBHOOK_DISABLE_AFTER_HOURS',
        env.CALENDAR_WEBHOOK_DISABLE_AFTER_HOURS,
        120,
        1,
        100_000,
      ) * hour,
    retentionMs:
      parseWholeNumber('CALENDAR_WEBHOOK_RETENTION_DAYS', env.CALENDAR_WEBHOOK_RETENTION_DAYS, 14, 1, 3650) * 24 * hour,
  };
}

/** An SMTP URL without its password, for messages: the setting's value may be shown, its secret never. */
export function withoutPassword(url: URL): string {
  const shown = new URL(url.href);
  if (shown.password !== '') shown.password = '***';
  return shown.href;
}

export function parseSmtpUrl(value: string | undefined): URL | undefined {
  const raw = value?.trim() ?? '';
  if (raw === '') return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  const shown = url ? withoutPassword(url) : '(not a URL)';
  if (
    !url ||
    (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') ||
    url.hostname === '' ||
    (url.pathname !== '' && url.pathname !== '/')
  ) {
    throw new ConfigError(
      `CALENDAR_SMTP_URL must be smtp://user:password@host:port or smtps://user:password@host:port, got: ${shown}`,
    );
  }
  if ((url.username === '') !== (url.password === ''))
    throw new ConfigError(`CALENDAR_SMTP_URL must give both a user and a password, or neither, got: ${shown}`);
  return url;
}

export function parseMail(env: NodeJS.ProcessEnv): MailSettings {
  const smtpUrl = parseSmtpUrl(env.CALENDAR_SMTP_URL);
  const from = env.CALENDAR_MAIL_FROM?.trim() || undefined;
  if (from !== undefined && !isMailbox(from)) {
    throw new ConfigError(
      `CALENDAR_MAIL_FROM must be an address such as calendar@example.org or "Springfield Arts <calendar@example.org>", got: ${from}`,
    );
  }
  if (smtpUrl && from === undefined)
    throw new ConfigError(
      'CALENDAR_MAIL_FROM must be set when CALENDAR_SMTP_URL is: the address messages are sent from, such as calendar@example.org',
    );
  return {
    smtpUrl,
    from,
    pollMs: parseSeconds('CALENDAR_MAIL_POLL_INTERVAL', env.CALENDAR_MAIL_POLL_INTERVAL, 5),
    timeoutMs: parseSeconds('CALENDAR_MAIL_TIMEOUT', env.CALENDAR_MAIL_TIMEOUT, 30),
    retryDelaysMs: parseRetryDelays('CALENDAR_MAIL_RETRY_DELAYS', env.CALENDAR_MAIL_RETRY_DELAYS, MAIL_RETRY_SECONDS),
  };
}
