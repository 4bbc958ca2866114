import type { Config } from '../config.ts';

/**
 * The one Content-Security-Policy of the service's screens for people: the public pages, the sign-in
 * and set-up forms, the admin's shell (issue 45). Scripts and styles only from the service itself
 * (and, for the public pages, the site's own stylesheet), no inline code; images from anywhere over
 * HTTPS, as an event may name its image by URL; frames only where `frameAncestors` allows (the
 * embeddable view).
 */
export function contentSecurityPolicy(
  options: { readonly styleOrigin?: string | undefined; readonly frameAncestors?: string } = {},
): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${options.styleOrigin ? ` ${options.styleOrigin}` : ''}`,
    "img-src 'self' https: data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    `frame-ancestors ${options.frameAncestors ?? "'none'"}`,
  ].join('; ');
}

/** The policy of a public page (and the sign-in and set-up forms, which wear the pages' layout): the site's stylesheet allowed. */
export function pageCsp(config: Pick<Config, 'siteStylesheet'>, frameAncestors = "'none'"): string {
  return contentSecurityPolicy({
    styleOrigin: config.siteStylesheet ? new URL(config.siteStylesheet).origin : undefined,
    frameAncestors,
  });
}
