import type { IncomingMessage } from 'node:http';
import { isLanguageCode } from '../languages.ts';

/** WordPress' REST prefix: what every client of the original calls (`{home}/wp-json/tribe/events/v1/...`). */
export const WORDPRESS_PREFIX = '/wp-json';

/** WordPress' core namespace, of which the service serves the users. */
export const WP_V2_NAMESPACE = 'wp/v2';

/** WordPress' users: `me`, how a client checks its credentials (decision 0050), and their management (decision 0067). */
export const USERS_PATH = `/${WP_V2_NAMESPACE}/users`;

/**
 * The REST prefix of each request that reached the API through one of WordPress' forms, which its
 * answers' URLs keep: `/wp-json`, or the plain-permalink `/?rest_route=` (`/index.php?rest_route=`)
 * the client used (decision 0099).
 */
const wordPressPrefixes = new WeakMap<object, string>();

/** The WordPress prefix the request used (`/wp-json` while the service's own prefix is another, or a `?rest_route=` form); undefined for the service's own. */
export function wordPressPrefixOf(raw: object): string | undefined {
  return wordPressPrefixes.get(raw);
}

/** True when the request used one of WordPress' forms rather than the service's own prefix (`/wp-json` beside another prefix, or `?rest_route=`). */
export function cameThroughWordPress(raw: object): boolean {
  return wordPressPrefixes.has(raw);
}

/**
 * For Fastify's `rewriteUrl` (decision 0050): a client of the original finds the API with the
 * default configuration. Whatever `CALENDAR_REST_PREFIX` is, `/wp-json` serves the REST root, every
 * namespace and `wp/v2/users` (with `me`), with or without a `/{lang}/` segment before it, as
 * `{prefix}/...`; WordPress' plain-permalink form `/?rest_route=/tribe/events/v1/events&page=2`
 * (also `/index.php?rest_route=`) is read as `/wp-json/tribe/events/v1/events?page=2`. Other paths
 * under `/wp-json` are left alone, so they answer `rest_no_route` or a page's 404, never another
 * route's answer. Nothing is rewritten when the prefix is `/wp-json` itself, but `?rest_route=`.
 */
export function wordPressPathRewriter(prefix: string, namespaces: readonly string[]) {
  const served = [...namespaces.map((namespace) => `/${namespace}`), USERS_PATH];
  const servedPath = (rest: string) =>
    rest === '' || rest === '/' || served.some((root) => rest === root || rest.startsWith(`${root}/`));
  return (url: string, raw: object): string => {
    const restRoute = restRouteTarget(url);
    const routed = restRoute?.url ?? url;
    const usedPrefix = restRoute === undefined ? WORDPRESS_PREFIX : `${restRoute.entry}?rest_route=`;
    if (prefix === WORDPRESS_PREFIX) {
      if (restRoute !== undefined) wordPressPrefixes.set(raw, usedPrefix);
      return routed;
    }
    const match = /^(\/[a-z]{2}(?:-[a-z]{2})?)?\/wp-json(\/[^?]*)?(\?.*)?$/.exec(routed);
    if (!match) return routed;
    const [, language, rest = '', query = ''] = match;
    if ((language !== undefined && !isLanguageCode(language.slice(1))) || !servedPath(rest)) return routed;
    wordPressPrefixes.set(raw, usedPrefix);
    return `${language ?? ''}${prefix}${rest === '' ? '/' : rest}${query}`;
  };
}

/** `/?rest_route=/ns/route&x=1` → `/wp-json/ns/route?x=1`, with the path it came by (`/`, `/index.php`); undefined for any other URL. */
function restRouteTarget(url: string): { url: string; entry: string } | undefined {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return undefined;
  const path = url.slice(0, queryStart);
  if (path !== '/' && path !== '/index.php') return undefined;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  const route = query.get('rest_route');
  // A route is a path: anything else (a second `?`, a fragment, control characters) is no route.
  if (route === null || !/^\/[^?#\s]*$/.test(route)) return undefined;
  query.delete('rest_route');
  const rest = query.toString();
  return { url: `${WORDPRESS_PREFIX}${encodeURI(route)}${rest === '' ? '' : `?${rest}`}`, entry: path };
}

/** Wraps the next rewriter: WordPress' paths become the service's own first. */
export const withWordPressPaths =
  (rewrite: (url: string, raw: object) => string, next: (raw: IncomingMessage) => string) =>
  (raw: IncomingMessage): string => {
    raw.url = rewrite(raw.url ?? '/', raw);
    return next(raw);
  };
