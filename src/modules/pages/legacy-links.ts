import { isSupportedDay, isSupportedMonth } from '../../dates/supported-range.ts';
import { viewPath, type TermScope } from './view-paths.ts';

/*
 * The original's view parameters and paths, so that links and bookmarks made to a WordPress site
 * keep working here: `tribe-bar-search` (the search), `tribe-bar-date` (the day or month a view
 * shows; the bar's date picker sends it too) and `eventDisplay` (the view), and the paths the
 * original has besides ours (`/events/list/`, `/events/day/{day}/`, a term's `/{day}/`). A page
 * given any of them answers 301 with the address of the same view here, its other parameters kept.
 * The feed URLs (`?ical=1`) are rewritten before routing (site-feeds.ts) and never come here.
 */

const LEGACY = ['tribe-bar-search', 'tribe-bar-date', 'eventDisplay'] as const;
/**
 * The original's `eventDisplay` values and the view here that shows them. Its `past` list has no
 * view of its own here (the list runs forward from its date): the list stands for it.
 */
const DISPLAYS: Readonly<Record<string, string>> = { list: 'list', past: 'list', month: 'month', day: 'day', week: 'week' };

export interface CurrentView {
  readonly view: string;
  /** The request's own URL path: the address when the view and its day stay the same. */
  readonly path: string;
  /** The view's canonical path when the request came by another (`/events/list/`), else undefined. */
  readonly canonical?: string | undefined;
  /** A category's or tag's page: every view keeps its term. */
  readonly scope?: Pick<TermScope, 'taxonomy' | 'slug'> | undefined;
}

/** `YYYY-MM` or `YYYY-MM-DD` within the supported range, as the first day it names; undefined otherwise (the original ignores a date it cannot read). */
function dayOf(value: string): string | undefined {
  if (/^\d{4}-\d{2}$/.test(value)) return isSupportedMonth(value) ? `${value}-01` : undefined;
  return isSupportedDay(value) ? value : undefined;
}

/**
 * Where a request with the original's parameters or by one of its other paths goes (`page` builds
 * an address from a path under the site), or undefined when it needs to go nowhere.
 */
export function legacyLocation(query: Readonly<Record<string, unknown>>, current: CurrentView, page: (path: string) => string): string | undefined {
  if (!LEGACY.some((name) => query[name] !== undefined) && current.canonical === undefined) return undefined;
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
  const view = DISPLAYS[text('eventDisplay')] ?? current.view;
  const day = dayOf(text('tribe-bar-date'));
  const moved = view !== current.view;
  // The request's path as it came, with any character a Location header cannot hold percent-encoded.
  const here = current.canonical ?? current.path.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character));
  let address: string;
  if (view === 'list') {
    address = moved ? page(viewPath('list', undefined, current.scope)) : here;
    if (day !== undefined) args.set('date', day);
    // A page of the list is a page of the same list only: another view's or another day's list starts again.
    if (moved || day !== undefined) args.delete('page');
  } else address = day !== undefined ? page(viewPath(view, view === 'month' ? day.slice(0, 7) : day, current.scope)) : moved ? page(viewPath(view, undefined, current.scope)) : here;
  const rest = args.toString();
  return rest === '' ? address : `${address}?${rest}`;
}
