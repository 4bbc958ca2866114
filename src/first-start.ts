import type { Config } from './config.ts';
import { sitePathOf } from './modules/ical/site-feeds.ts';
import { SETUP_LINK_MS } from './auth/first-admin.service.ts';
import { NAMESPACE } from './urls.ts';

/**
 * What `serve` prints in plain words on a first start with no user (issue 44, decision 0097),
 * beside the log's JSON lines: where the calendar, the admin and the API's documentation are, and
 * the one-time link that creates the administrator. `origin` is where the server listens (or
 * CALENDAR_SITE_URL's origin).
 */
export function firstStartMessage(config: Config, origin: string, setupToken: string): string {
  const site = `${origin}${sitePathOf(config)}`;
  return [
    '',
    'calendar-events is running. The calendar has no users yet.',
    `  Calendar:      ${site}/events/`,
    `  Admin:         ${site}/admin/`,
    `  API reference: ${origin}${config.restPrefix}/${NAMESPACE}/doc/ui`,
    '',
    `Create the administrator within ${SETUP_LINK_MS / 60_000} minutes, once, from this machine:`,
    `  ${site}/admin/setup?token=${setupToken}`,
    '(or start with CALENDAR_ADMIN_PASSWORD set, or run: npm run cli -- user create <login> --role administrator)',
    '',
  ].join('\n');
}
