import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticator.ts';
import type { SessionsService } from '../../auth/sessions.service.ts';
import type { Config } from '../../config.ts';
import { ApiError } from '../../errors.ts';
import { cookieValue } from '../../http/cookies.ts';
import { fromOwnPage, nonceMatches, SESSION_COOKIE } from '../../http/sessions.ts';
import type { LanguageCode } from '../../languages.ts';
import { sitePathOf } from '../ical/site-feeds.ts';
import { pageCsp } from '../../http/csp.ts';
import { pageContextOf, pageLanguageOf } from '../pages/page-answers.routes.ts';
import { signInMessagesFor } from './sign-in.messages.ts';
import { signInPage } from './sign-in.view.tsx';

export interface SignInDependencies {
  readonly config: Config;
  readonly authenticator: Pick<Authenticator, 'checkAccountPassword'>;
  readonly sessions: Pick<SessionsService, 'open' | 'resolve' | 'close'>;
}

/** A form field as text: absent, repeated or non-text fields are empty. */
export const formField = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * Where a sign-in may send the browser: a path of the admin on this site (`next`, normalised), else
 * the admin's home. Anything else (another host, `//host`, a path out of the admin by `..`) is
 * refused, so the form cannot be made into an open redirect.
 */
export function adminDestination(next: string, admin: string): string {
  // Control characters and backslashes are read as slashes or dropped by browsers, and encoded dots
  // and slashes are decoded by some proxies: no such path is one of the admin's.
  if (!next.startsWith(admin) || /[\\\p{Cc}]|%2e|%2f|%5c/iu.test(next)) return admin;
  const base = 'http://calendar.invalid';
  const url = URL.canParse(next, base) ? new URL(next, base) : undefined;
  return url !== undefined && url.origin === base && url.pathname.startsWith(admin)
    ? `${url.pathname}${url.search}${url.hash}`
    : admin;
}

/** The `calendar_session` cookie's header, for a sign-in (the token, its lifetime) or a sign-out (empty, 0). */
export function sessionCookieOf(config: Config) {
  const cookiePath = `${sitePathOf(config)}/`;
  // Secure whenever the site is https (CALENDAR_SITE_URL); without one, when the request came over https.
  const secure = (request: FastifyRequest) =>
    config.siteUrl === undefined ? request.protocol === 'https' : new URL(config.siteUrl).protocol === 'https:';
  return (request: FastifyRequest, value: string, maxAgeSeconds: number) =>
    `${SESSION_COOKIE}=${value}; Path=${cookiePath}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure(request) ? '; Secure' : ''}`;
}

/**
 * The admin's sign-in and sign-out pages (issue 33, decision 0040), under the site's path and its
 * `/{lang}/` segments as the public pages are: a form of login (or e-mail) and account password,
 * checked and throttled as HTTP Basic is, which opens a session in the database and sets the
 * `calendar_session` cookie. Forms sent from another origin are refused (login CSRF).
 */
export function registerSignIn(app: FastifyInstance, deps: SignInDependencies): void {
  const { config, authenticator, sessions } = deps;
  const sitePath = sitePathOf(config);
  const admin = `${sitePath}/admin/`;
  const csp = pageCsp(config);
  const cookie = sessionCookieOf(config);
  const signInPath = (language: { code: LanguageCode; segment: boolean }) =>
    `${sitePath}${language.segment ? `/${language.code}` : ''}/admin/sign-in`;

  /** The form, with an error when there is one, as `status`. */
  const form = (
    request: FastifyRequest,
    reply: FastifyReply,
    view: {
      status: number;
      next: string;
      login?: string;
      error?: (words: ReturnType<typeof signInMessagesFor>) => string;
    },
  ) => {
    const language = pageLanguageOf(request, config);
    if (language === undefined) return reply.callNotFound();
    const words = signInMessagesFor(language.code);
    const body = signInPage(pageContextOf(request, config, language), words, {
      action: signInPath(language),
      next: view.next,
      login: view.login ?? '',
      ...(view.error === undefined ? {} : { error: view.error(words) }),
    });
    return reply
      .code(view.status)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': csp,
        'cache-control': 'private, no-store',
      })
      .send(body);
  };

  const show = async (request: FastifyRequest, reply: FastifyReply) =>
    form(request, reply, { status: 200, next: adminDestination(formField(request.query, 'next'), admin) });

  const signIn = async (request: FastifyRequest, reply: FastifyReply) => {
    // A segment that names no language is no page: nothing is checked or opened there.
    if (pageLanguageOf(request, config) === undefined) return reply.callNotFound();
    const next = adminDestination(formField(request.body, 'next'), admin);
    const login = formField(request.body, 'login');
    if (!fromOwnPage(request, config))
      return form(request, reply, { status: 403, next, login, error: (words) => words.foreignOrigin });
    let caller;
    try {
      caller = await authenticator.checkAccountPassword(login, formField(request.body, 'password'), request.ip);
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 429)) throw error;
      if (error.status === 401)
        return form(request, reply, { status: 401, next, login, error: (words) => words.wrong });
      const seconds = error.headers['retry-after'] ?? '60';
      reply.header('retry-after', seconds);
      return form(request, reply, {
        status: 429,
        next,
        login,
        error: (words) => words.throttled.replace('{seconds}', seconds),
      });
    }
    const token = await sessions.open(caller, formField(request.headers, 'user-agent'));
    reply.header('set-cookie', cookie(request, token, Math.floor(config.sessions.absoluteMs / 1000)));
    return reply.header('cache-control', 'private, no-store').redirect(next, 303);
  };

  /** Ends the cookie's session (its nonce in `_wpnonce`), clears the cookie and goes to the sign-in form. */
  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = pageLanguageOf(request, config);
    if (language === undefined) return reply.callNotFound();
    if (!fromOwnPage(request, config))
      return form(request, reply, { status: 403, next: admin, error: (words) => words.foreignOrigin });
    const token = cookieValue(request.headers.cookie, SESSION_COOKIE) ?? '';
    const session = token === '' ? null : await sessions.resolve(token);
    // A live session ends only with its nonce, so that no other site can sign its user out; an ended one is signed out already.
    if (session !== null && !nonceMatches(session, formField(request.body, '_wpnonce')))
      return form(request, reply, { status: 403, next: admin, error: (words) => words.signOutFailed });
    if (session !== null) await sessions.close(token);
    reply.header('set-cookie', cookie(request, '', 0));
    return reply.header('cache-control', 'private, no-store').redirect(signInPath(language), 303);
  };

  // Part of the admin, not of the API: kept out of its OpenAPI document.
  const schema = { hide: true };
  for (const prefix of ['', '/:lang']) {
    app.route({ method: 'GET', url: `${sitePath}${prefix}/admin/sign-in`, schema, handler: show });
    app.route({ method: 'POST', url: `${sitePath}${prefix}/admin/sign-in`, schema, handler: signIn });
    app.route({ method: 'POST', url: `${sitePath}${prefix}/admin/sign-out`, schema, handler: signOut });
  }
}
