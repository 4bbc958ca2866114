import type { IncomingMessage } from 'node:http';
import { isLanguageCode } from '../languages.ts';

/** WordPress' REST prefix: what every client of the original calls (`{home}/wp-json/tribe/events/v1/...`). */
export const WORDPRESS_PREFIX = '/wp-json';

/** WordPress' users: `me`, how a client checks its credentials (decision 0050), and their management (decision 0067). */
export const USERS_PATH = '/wp/v2/users';

/** Requests that reached the API through WordPress' prefix: their answers' URLs keep it. */
const throughWordPress = new WeakSet<object>();

/** True when the request used `/wp-json` (or `?rest_route=`) while the service's own prefix is another. */
export function cameThroughWordPress(raw: object): boolean {
  return throughWordPress.has(raw);
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
  const servedPath = (rest: string) => rest === '' || rest === '/' || served.some((root) => rest === root || rest.startsWith(`${root}/`));
  return (url: string, raw: object): string => {
    const routed = restRouteTarget(url) ?? url;
    if (prefix === WORDPRESS_PREFIX) return routed;
    const match = /^(\/[a-z]{2}(?:-[a-z]{2})?)?\/wp-json(\/[^?]*)?(\?.*)?$/.exec(routed);
    if (!match) return routed;
    const [, language, rest = '', query = ''] = match;
    if ((language !== undefined && !isLanguageCode(language.slice(1))) || !servedPath(rest)) return routed;
    throughWordPress.add(raw);
    return `${language ?? ''}${prefix}${rest === '' ? '/' : rest}${query}`;
  };
}

/** `/?rest_route=/ns/route&x=1` → `/wp-json/ns/route?x=1`; undefined for any other URL. */
function restRouteTarget(url: string): string | undefined {
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
  return `${WORDPRESS_PREFIX}${encodeURI(route)}${rest === '' ? '' : `?${rest}`}`;
}

/** Wraps the next rewriter: WordPress' paths become the service's own first. */
export const withWordPressPaths =
  (rewrite: (url: string, raw: object) => string, next: (raw: IncomingMessage) => string) =>
  (raw: IncomingMessage): string => {
    raw.url = rewrite(raw.url ?? '/', raw);
    return next(raw);
  };
