import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { LiveSession, SessionsService } from '../auth/sessions.service.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { cookieValue } from './cookies.ts';

/** The admin's session cookie (decision 0040). */
export const SESSION_COOKIE = 'calendar_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session the request's cookie names, when its route reads it or the request carries a nonce. */
    session: LiveSession | null;
  }
  interface FastifyContextConfig {
    /** The route looks at the session of the cookie even without a nonce (`/sessions/current`). */
    readsSession?: boolean;
    /** A WordPress core route of the API beside the namespace (`wp/v2/users`, decision 0067): the session authenticates it too. */
    coreRoute?: boolean;
  }
}

export function nonceMatches(session: LiveSession, given: string): boolean {
  const expected = Buffer.from(session.nonce);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** `X-WP-Nonce`, else the `_wpnonce` parameter (of the query, or of a form's fields), as WordPress reads it. */
function nonceOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-wp-nonce'];
  if (typeof header === 'string') return header;
  const query = (request.query as Record<string, unknown> | undefined)?._wpnonce;
  return typeof query === 'string' ? query : undefined;
}

/**
 * The origins of the service's own pages: the request's, and those of CALENDAR_PUBLIC_URL and
 * CALENDAR_SITE_URL. A request that a page of another origin sent (its `Origin` says so) is not
 * the admin's, even from a sibling host the `SameSite=Lax` cookie still goes to.
 */
export function fromOwnPage(request: FastifyRequest, config: Pick<Config, 'publicUrl' | 'siteUrl'>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = [
    `${request.protocol}://${request.host}`,
    ...[config.publicUrl, config.siteUrl].flatMap((url) => (url === undefined ? [] : [new URL(url).origin])),
  ];
  return own.includes(origin);
}

/** The session token of the request's cookie, when a page of the service's own origin sent it. */
export function sessionToken(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl' | 'siteUrl'>,
): string | undefined {
  const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
  return token === undefined || token === '' || !fromOwnPage(request, config) ? undefined : token;
}

/**
 * WordPress' REST cookie authentication (decision 0040): the cookie of a live session together with
 * its nonce authenticates the request as the session's user; the cookie without a nonce is an
 * anonymous request; a nonce that is not the session's (or a cookie whose session ended) is 403
 * `rest_cookie_invalid_nonce`. The session is looked up only when a nonce asks for it or the route
 * reads it: other requests that happen to carry the cookie cost nothing.
 */
export function sessionAuthentication(
  sessions: Pick<SessionsService, 'resolve'>,
  config: Pick<Config, 'publicUrl' | 'siteUrl'>,
) {
  return async (request: FastifyRequest): Promise<void> => {
    // The API's routes only: a public page is read as a visitor reads it, whatever it carries.
    if (request.routeOptions.config.apiPath === undefined && request.routeOptions.config.coreRoute !== true) return;
    const token = sessionToken(request, config);
    if (token === undefined) return;
    const nonce = nonceOf(request);
    if (nonce === undefined && !request.routeOptions.config.readsSession) return;
    const session = await sessions.resolve(token);
    request.session = session;
    if (nonce === undefined) return;
    if (session === null || !nonceMatches(session, nonce)) throw new ApiError('rest_cookie_invalid_nonce');
    request.caller = session.caller;
  };
}
