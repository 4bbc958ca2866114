import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { escapeHtml } from '../../content/html.ts';
import { NAMESPACE } from '../../urls.ts';
import { sitePathOf } from '../ical/site-feeds.ts';
import { adminBundle } from '../../client-bundles.ts';
import { contentSecurityPolicy } from '../../http/csp.ts';

/*
 * The admin (issue 33, decision 0054): every `/admin/…` page under the site's path answers the same
 * shell, and the client application routes by the URL; the sign-in and sign-out forms are routes of
 * their own (the sessions module), which the router prefers to this wildcard. The shell needs no
 * session: the client asks the API who is signed in and goes to the sign-in form when nobody is.
 * The public pages' Content-Security-Policy (http/csp.ts): the bundle's own files, no inline code.
 */

/** The pages' policy (http/csp.ts) without the site's stylesheet, which the admin does not wear. */
const CSP = contentSecurityPolicy();

/** Hashed names: a file never changes under its name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function registerAdmin(app: FastifyInstance, config: Config): void {
  const base = `${sitePathOf(config)}/admin`;
  const hidden = { hide: true };
  const shell = async () => {
    const { script, stylesheet } = await adminBundle();
    // What the client needs to know of the server, as data attributes (no inline script under the CSP).
    const data = {
      base,
      api: `${config.restPrefix}/${NAMESPACE}`,
      rest: config.restPrefix,
      site: sitePathOf(config),
      zone: config.timezone,
      language: config.defaultLanguage,
    };
    const attributes = Object.entries(data)
      .map(([key, value]) => ` data-${key}="${escapeHtml(value)}"`)
      .join('');
    return `<!doctype html>
<html lang="${escapeHtml(config.defaultLanguage)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Calendar admin</title>
<link rel="stylesheet" href="${base}/assets/${stylesheet}">
<script type="module" src="${base}/assets/${script}"></script>
</head>
<body${attributes}>
<div id="admin"><noscript>The calendar's admin needs JavaScript.</noscript></div>
</body>
</html>
`;
  };
  const page = async (_request: unknown, reply: FastifyReply) => {
    reply.headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CSP,
      'cache-control': 'no-cache',
      'x-robots-tag': 'noindex',
    });
    return shell();
  };
  app.route({ method: 'GET', url: `${base}/`, schema: hidden, handler: page });
  app.route({ method: 'GET', url: `${base}/*`, schema: hidden, handler: page });
  app.route({
    method: 'GET',
    url: `${base}/assets/:file`,
    schema: hidden,
    handler: async (request, reply) => {
      const file = (await adminBundle()).files.get((request.params as { file: string }).file);
      if (file === undefined) return reply.callNotFound();
      reply.headers({ 'content-type': file.type, 'cache-control': IMMUTABLE });
      return file.body;
    },
  });
}
