import type { IncomingMessage } from 'node:http';
import { DateTime } from 'luxon';
import type { Config } from '../../config.ts';
import { isLanguageCode } from '../../languages.ts';

/*
 * The original's public iCalendar URLs, so that subscriptions made to a WordPress site keep working
 * when it moves here (decision 0026): `{site}/events/?ical=1` (with its list, month and day views,
 * category and tag archives, `tribe-bar-date`, `tribe_eventcategory` and the like) and
 * `{site}/event/{slug}/ical/` (or `{site}/event/{slug}/?ical=1`). Each is rewritten, before routing,
 * to the namespace route that serves it, so it passes the same validation, permissions and caching.
 * They answer under the path of CALENDAR_SITE_URL on this server, whatever that URL's origin.
 */

const VIEWS = new Set(['list', 'month', 'day', 'week', 'photo', 'map', 'summary', 'upcoming']);
const DATE = /^\d{4}-\d{2}(-\d{2})?$/;

/** `tribe-bar-date` (or a date segment) in a view, as start_date/end_date. */
function dateWindow(value: string, view: string | undefined): [string, string][] {
  if (!DATE.test(value)) return [];
  const day = DateTime.fromISO(value.length === 7 ? `${value}-01` : value, { zone: 'utc' });
  if (!day.isValid) return [];
  if (value.length === 7 || view === 'month')
    return [
      ['start_date', day.startOf('month').toISODate()],
      ['end_date', day.endOf('month').toISODate()],
    ];
  if (view === 'day')
    return [
      ['start_date', day.toISODate()],
      ['end_date', day.toISODate()],
    ];
  if (view === 'week')
    return [
      ['start_date', day.toISODate()],
      ['end_date', day.plus({ days: 6 }).toISODate()],
    ];
  return [['start_date', day.toISODate()]];
}

/** The original's filter parameters that have a counterpart here, with it; the others are ignored, as the original ignores unknown ones. */
function archiveArgs(params: URLSearchParams, view: string | undefined): [string, string][] {
  const args: [string, string][] = [];
  for (const [name, value] of params) {
    if (value === '') continue;
    if (name === 'tribe-bar-date' || name === 'eventDate') args.push(...dateWindow(value, view));
    else if (name === 'tribe_eventcategory' || name === 'tribe_events_cat') args.push(['categories', value]);
    else if (name === 'tag' || name === 'tribe_tag') args.push(['tags', value]);
    else if (name === 'tribe-bar-search' || name === 's') args.push(['search', value]);
    else if (name === 'tribe_venue' || name === 'tribe_organizer') args.push([name.slice('tribe_'.length), value]);
    else if (name === 'featured') args.push(['featured', value]);
    else if (name === 'lang' || name === 'translation_language') args.push(['translation_language', value]);
    else if (name === 'limit' || name === 'password') args.push([name, value]);
  }
  return args;
}

const withQuery = (path: string, args: readonly [string, string][]) =>
  args.length === 0 ? path : `${path}?${new URLSearchParams([...args]).toString()}`;

/**
 * A rewriter of the original's feed URLs (under `sitePath`, '' or '/path') to the routes under
 * `apiBase` (`{prefix}/calendar/events/v1`); undefined for any other URL, which goes on unchanged.
 * A language segment before the site's paths (`/fr/events/?ical=1`) stays before the REST path,
 * where the language rewriter takes it.
 */
export function siteFeedRewriter(sitePath: string, apiBase: string): (url: string) => string | undefined {
  return (url) => {
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (!path.startsWith(`${sitePath}/`)) return undefined;
    let segments = path
      .slice(sitePath.length)
      .split('/')
      .filter((segment) => segment !== '');
    let language = '';
    if (segments[0] !== undefined && isLanguageCode(segments[0]) && segments.length > 1) {
      language = `/${segments[0]}`;
      segments = segments.slice(1);
    }
    let decoded: string[];
    try {
      decoded = segments.map((segment) => decodeURIComponent(segment));
    } catch {
      return undefined;
    }
    // Every request passes here: the API's own paths leave before their query is read.
    if (decoded[0] !== 'event' && decoded[0] !== 'events') return undefined;
    const params = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
    const icalParam = params.get('ical') === '1';
    if (decoded[0] === 'event' && decoded[1] !== undefined) {
      // `/event/{slug}/ical/`, `/event/{slug}/{date}/ical/` (an occurrence's page) or `/event/{slug}/?ical=1`.
      const rest = decoded.slice(2);
      const marked = rest.at(-1) === 'ical' ? rest.slice(0, -1) : icalParam ? rest : undefined;
      if (marked === undefined || marked.length > 1 || (marked.length === 1 && !DATE.test(marked[0]!)))
        return undefined;
      const args = archiveArgs(params, undefined).filter(
        ([name]) => name === 'translation_language' || name === 'password',
      );
      return withQuery(`${language}${apiBase}/events/by-slug/${encodeURIComponent(decoded[1])}.ics`, args);
    }
    if (decoded[0] !== 'events' || !icalParam) return undefined;
    // `/events/[list|month|day|…]/`, `/events/category/{slug}/[view/]`, `/events/tag/{slug}/[view/]`, `/events/{YYYY-MM[-DD]}/`.
    const args: [string, string][] = [];
    let rest = decoded.slice(1);
    if ((rest[0] === 'category' || rest[0] === 'tag') && rest[1] !== undefined) {
      args.push([rest[0] === 'category' ? 'categories' : 'tags', rest[1]]);
      rest = rest.slice(2);
    }
    const view = rest[0] !== undefined && VIEWS.has(rest[0]) ? rest[0] : undefined;
    if (view) rest = rest.slice(1);
    if (rest[0] !== undefined && DATE.test(rest[0])) {
      args.push(...dateWindow(rest[0], view ?? (rest[0].length === 10 ? 'day' : 'month')));
      rest = rest.slice(1);
    }
    if (rest.length > 0) return undefined;
    return withQuery(`${language}${apiBase}/events.ics`, [...args, ...archiveArgs(params, view)]);
  };
}

/** The path part of CALENDAR_SITE_URL ('' without one): where the original's feed URLs answer on this server. */
export function sitePathOf(config: Pick<Config, 'siteUrl'>): string {
  return config.siteUrl === undefined ? '' : new URL(config.siteUrl).pathname.replace(/\/+$/, '');
}

/** The host in every UID: the site's, else the public URL's, else a fixed name, so every node writes the same UIDs. */
export function uidHostOf(config: Pick<Config, 'siteUrl' | 'publicUrl'>): string {
  const configured = config.siteUrl ?? config.publicUrl;
  return configured === undefined ? FALLBACK_UID_HOST : new URL(configured).host;
}

/** `.invalid` (RFC 2606) can never be someone else's domain. */
export const FALLBACK_UID_HOST = 'calendar-events.invalid';

/** A `rewriteUrl` that applies `siteFeeds` to GET and HEAD requests, then hands the request to `next`. */
export const withSiteFeeds =
  (siteFeeds: (url: string) => string | undefined, next: (raw: IncomingMessage) => string) =>
  (raw: IncomingMessage): string => {
    const rewritten = raw.method === 'GET' || raw.method === 'HEAD' ? siteFeeds(raw.url ?? '/') : undefined;
    if (rewritten !== undefined) raw.url = rewritten;
    return next(raw);
  };
