import { isSupportedDay, isSupportedMonth } from '../../dates/supported-range.ts';
import type { ViewName } from './views/bar.tsx';

/*
 * The original's view parameters, so that links and bookmarks made to a WordPress site keep
 * working here: `tribe-bar-search` (the search), `tribe-bar-date` (the day or month a view shows)
 * and `eventDisplay=list|month|day` (the view). A page given any of them answers 301 with the
 * address of the same view here, its other parameters kept. The feed URLs (`?ical=1`) are
 * rewritten before routing (site-feeds.ts) and never come here.
 */

const LEGACY = ['tribe-bar-search', 'tribe-bar-date', 'eventDisplay'] as const;
const VIEW_NAMES: readonly string[] = ['list', 'month', 'day'] satisfies ViewName[];

export interface CurrentView {
  readonly view: ViewName;
  /** The request's own URL path: the address when the view and its day stay the same. */
  readonly path: string;
  /** A category's or tag's page: the other views show its events through the filter. */
  readonly scope?: readonly [name: 'category' | 'tag', slug: string];
}

/** `YYYY-MM` or `YYYY-MM-DD` within the supported range, as the first day it names; undefined otherwise (the original ignores a date it cannot read). */
function dayOf(value: string): string | undefined {
  if (/^\d{4}-\d{2}$/.test(value)) return isSupportedMonth(value) ? `${value}-01` : undefined;
  return isSupportedDay(value) ? value : undefined;
}

/**
 * Where a request with the original's parameters goes (`page` builds a view's address from its
 * path), or undefined when it has none of them.
 */
export function legacyLocation(query: Readonly<Record<string, unknown>>, current: CurrentView, page: (path: string) => string): string | undefined {
  if (!LEGACY.some((name) => query[name] !== undefined)) return undefined;
  // A parameter given twice is read by its first value.
  const text = (name: string) => {
    const value: unknown = Array.isArray(query[name]) ? (query[name] as unknown[])[0] : query[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const args = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if ((LEGACY as readonly string[]).includes(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') args.append(name, item);
  }
  const search = text('tribe-bar-search');
  if (search !== '' && !args.has('search')) args.set('search', search);
  const asked = text('eventDisplay');
  const view = (VIEW_NAMES.includes(asked) ? asked : current.view) as ViewName;
  const day = dayOf(text('tribe-bar-date'));
  const moved = view !== current.view;
  if (moved && current.scope !== undefined && !args.has(current.scope[0])) args.set(current.scope[0], current.scope[1]);
  // The request's path as it came, with any character a Location header cannot hold percent-encoded.
  const here = current.path.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character));
  let address: string;
  if (view === 'list') {
    address = moved ? page('events') : here;
    if (day !== undefined) args.set('date', day);
    args.delete('page');
  } else if (view === 'month') address = day !== undefined ? page(`events/month/${day.slice(0, 7)}`) : moved ? page('events/month') : here;
  else address = day !== undefined ? page(`events/${day}`) : moved ? page('events/today') : here;
  const rest = args.toString();
  return rest === '' ? address : `${address}?${rest}`;
}
