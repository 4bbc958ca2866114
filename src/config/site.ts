import { LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import { ConfigError, originOf, parseUrlSetting } from './values.ts';

/* The site the calendar belongs to: its name and home, where it may be framed, its REST prefix, zone and language. */

/** The site's name and home: a home without a name would be a link with no words of its own. */
export function siteIdentity(
  name: string | undefined,
  home: string | undefined,
): { siteName: string | undefined; siteHome: string | undefined } {
  const siteName = parseSiteName(name);
  const siteHome = parseUrlSetting('CALENDAR_SITE_HOME', home);
  if (siteHome !== undefined && siteName === undefined)
    throw new ConfigError("CALENDAR_SITE_HOME needs CALENDAR_SITE_NAME: the header links the site's name to its home");
  return { siteName, siteHome };
}

/** CALENDAR_SITE_NAME: one line of text, at most 100 characters. */
export function parseSiteName(value: string | undefined): string | undefined {
  const name = value?.trim() ?? '';
  if (name === '') return undefined;
  if (name.length > 100 || /\p{Cc}/u.test(name))
    throw new ConfigError(
      `CALENDAR_SITE_NAME must be one line of at most 100 characters, got: ${JSON.stringify(value)}`,
    );
  return name;
}

/**
 * CALENDAR_EMBED_ANCESTORS: origins (https://news.example.com), `self` or `none`, separated by
 * commas or spaces; `self` by default, so only the calendar's own pages may frame it.
 */
export function parseEmbedAncestors(value: string | undefined): string {
  const listed = (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
  if (listed.length === 0) return "'self'";
  if (listed.includes('none')) {
    if (listed.length > 1)
      throw new ConfigError('CALENDAR_EMBED_ANCESTORS: none cannot be combined with other sources');
    return "'none'";
  }
  return listed
    .map((item) =>
      item === 'self'
        ? "'self'"
        : originOf(
            item,
            `CALENDAR_EMBED_ANCESTORS must list origins such as https://news.example.com, self or none, got: ${item}`,
          ),
    )
    .join(' ');
}

export function parsePrefix(value: string | undefined): string {
  const raw = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (raw === '') return '';
  if (!/^[A-Za-z0-9._~\-/]+$/.test(raw) || raw.includes('//'))
    throw new ConfigError(`CALENDAR_REST_PREFIX must be a URL path such as /api, got: ${value}`);
  return `/${raw}`;
}

export function parseTimezone(value: string | undefined): string {
  const zone = value?.trim() || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new ConfigError(`CALENDAR_TIMEZONE must be an IANA time zone such as Europe/Rome, got: ${value}`);
  }
  return zone;
}

export function parseLanguage(value: string | undefined): LanguageCode {
  const code = value?.trim() || 'en';
  if (!(LANGUAGE_CODES as readonly string[]).includes(code)) {
    throw new ConfigError(`CALENDAR_DEFAULT_LANGUAGE must be one of ${LANGUAGE_CODES.join(', ')}, got: ${value}`);
  }
  return code as LanguageCode;
}
