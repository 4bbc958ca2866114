import net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SetupRefused, type FirstAdminSetup } from '../../auth/first-admin.service.ts';
import type { SessionsService } from '../../auth/sessions.service.ts';
import { UserInputError } from '../../auth/users.service.ts';
import type { Config } from '../../config.ts';
import { fromOwnPage } from '../../http/sessions.ts';
import { sitePathOf } from '../ical/site-feeds.ts';
import { pageCsp } from '../../http/csp.ts';
import { pageContextOf, pageLanguageOf } from '../pages/page-answers.routes.ts';
import { signInMessagesFor, type SignInMessages } from './sign-in.messages.ts';
import { formField, sessionCookieOf } from './sign-in.routes.ts';
import { setupPage, type SetupView } from './setup.view.tsx';

export interface SetupDependencies {
  readonly config: Config;
  readonly setup: Pick<FirstAdminSetup, 'check' | 'complete'>;
  readonly sessions: Pick<SessionsService, 'open'>;
}

/** Whether the address is the machine's own (127.0.0.0/8, ::1, and IPv4 loopback written as IPv6). */
export function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return net.isIPv4(v4) ? v4.startsWith('127.') : address === '::1';
}

/**
 * The first administrator's setup page (issue 44, decision 0097), `{site}/admin/setup?token=…`:
 * the link start-up prints while the calendar has no user. Its form creates an administrator with
 * the users' rules and signs them in. From a loopback address only, unless
 * CALENDAR_SETUP_FROM_ANYWHERE; a dead link (used, expired, or users exist) answers 410.
 */
export function registerSetup(app: FastifyInstance, deps: SetupDependencies): void {
  const { config, setup, sessions } = deps;
  const sitePath = sitePathOf(config);
  const action = `${sitePath}/admin/setup`;
  const csp = pageCsp(config);
  const cookie = sessionCookieOf(config);

  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    view: (words: SignInMessages) => SetupView,
  ) => {
    const language = pageLanguageOf(request, config) ?? { code: config.defaultLanguage, segment: false };
    const words = signInMessagesFor(language.code);
    const body = setupPage(pageContextOf(request, config, language), words, action, view(words));
    return reply
      .code(status)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': csp,
        'cache-control': 'private, no-store',
        'referrer-policy': 'no-referrer',
      })
      .send(body);
  };
  const refused = (request: FastifyRequest, reply: FastifyReply, error: SetupRefused) =>
    error.reason === 'users-exist'
      ? page(request, reply, 410, (words) => ({ refusal: words.setupUsersExist, signIn: `${sitePath}/admin/sign-in` }))
      : page(request, reply, 410, (words) => ({ refusal: words.setupLinkDead }));
  /** The refusal when the request may not use a setup link at all; undefined when it may. */
  const notAllowed = (request: FastifyRequest, reply: FastifyReply) => {
    if (!config.setupFromAnywhere && !isLoopback(request.ip))
      return page(request, reply, 403, (words) => ({ refusal: words.setupNotLoopback }));
    if (!fromOwnPage(request, config)) return page(request, reply, 403, (words) => ({ refusal: words.foreignOrigin }));
    return undefined;
  };

  const show = async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = notAllowed(request, reply);
    if (refusal !== undefined) return refusal;
    const token = formField(request.query, 'token');
    try {
      await setup.check(token);
    } catch (error) {
      if (error instanceof SetupRefused) return refused(request, reply, error);
      throw error;
    }
    return page(request, reply, 200, () => ({ form: { token, login: 'admin', email: '' } }));
  };

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = notAllowed(request, reply);
    if (refusal !== undefined) return refusal;
    const [token, login, email, password] = ['token', 'login', 'email', 'password'].map((name) =>
      formField(request.body, name),
    ) as [string, string, string, string];
    let user;
    try {
      user = await setup.complete(token, { login, email, password });
    } catch (error) {
      if (error instanceof SetupRefused) return refused(request, reply, error);
      if (error instanceof UserInputError)
        return page(request, reply, 400, () => ({ form: { token, login, email, error: error.message } }));
      throw error;
    }
    const session = await sessions.open(
      { id: user.id, login: user.login, role: 'administrator' },
      formField(request.headers, 'user-agent'),
    );
    reply.header('set-cookie', cookie(request, session, Math.floor(config.sessions.absoluteMs / 1000)));
    return reply.header('cache-control', 'private, no-store').redirect(`${sitePath}/admin/`, 303);
  };

  // Part of the admin, not of the API: kept out of its OpenAPI document.
  app.route({ method: 'GET', url: action, schema: { hide: true }, handler: show });
  app.route({ method: 'POST', url: action, schema: { hide: true }, handler: create });
}
