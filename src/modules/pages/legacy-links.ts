import { isSupportedDay, isSupportedMonth } from '../../dates/supported-range.ts';
import { viewPath, type TermScope } from './view-paths.ts';

/*
 * The original's view parameters and paths, so that links and bookmarks made to a WordPress site
 * keep working here: `tribe-bar-search` (the search), `tribe-bar-date` (the day or month a view
 * shows; the bar's date picker sends it too) and `eventDisplay` (the view), and the paths the
 * original has besides ours (`/events/list/`, `/events/day/{day}/`, a term's `/{day}/`). A page
 * given any of them answers 301 with the address of the same view here, its other parameters kept.
 * A view of the whole calendar given one category or one tag by slug (`?category=jazz`, the
 * original's `tribe_events_cat` and `tribe_eventcategory`, `?tag=late`) answers 301 with that
 * term's view (`/events/category/jazz/month/`), as the original's links lead there (decision 0076).
 * The feed URLs (`?ical=1`) are rewritten before routing (site-feeds.ts) and never come here.
 */

const LEGACY = ['tribe-bar-search', 'tribe-bar-date', 'eventDisplay'] as const;
/**
 * The original's `eventDisplay` values and the view here that shows them. Its `past` list has no
 * view of its own here (the list runs forward from its date): the list stands for it.
 */
const DISPLAYS: Readonly<Record<string, string>> = {
  list: 'list',
  past: 'list',
  month: 'month',
  day: 'day',
  week: 'week',
};
/** The parameters naming a category: ours, WordPress' query variable of the original's taxonomy, and its views' own. */
const CATEGORY_PARAMETERS = ['category', 'tribe_events_cat', 'tribe_eventcategory'] as const;

export interface CurrentView {
  readonly view: string;
  /** The request's own URL path: the address when the view and its day stay the same. */
  readonly path: string;
  /** The view's canonical path when the request came by another (`/events/list/`), else undefined. */
  readonly canonical?: string | undefined;
  /** The day or month the view's path names (undefined: today's). */
  readonly at?: string | undefined;
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
export function legacyLocation(
  query: Readonly<Record<string, unknown>>,
  current: CurrentView,
  page: (path: string) => string,
): string | undefined {
  const term = current.scope === undefined ? termOf(query) : undefined;
  const renamed = CATEGORY_PARAMETERS.some((name) => name !== 'category' && query[name] !== undefined);
  if (
    !LEGACY.some((name) => query[name] !== undefined) &&
    current.canonical === undefined &&
    term === undefined &&
    !renamed
  )
    return undefined;
  // A parameter given twice is read by its first value.
  const text = (name: string) => {
    const value: unknown = Array.isArray(query[name]) ? (query[name] as unknown[])[0] : query[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const args = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if ((LEGACY as readonly string[]).includes(name) || (term !== undefined && term.names.includes(name))) continue;
    // The original's names of a category filter, given by id: our `category`, which takes an id too.
    if (name !== 'category' && (CATEGORY_PARAMETERS as readonly string[]).includes(name)) {
      for (const item of Array.isArray(value) ? value : [value])
        if (typeof item === 'string') args.append('category', item);
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') args.append(name, item);
  }
  const search = text('tribe-bar-search');
  if (search !== '' && !args.has('search')) args.set('search', search);
  const view = DISPLAYS[text('eventDisplay')] ?? current.view;
  const day = dayOf(text('tribe-bar-date'));
  const scope = term?.scope ?? current.scope;
  const moved = view !== current.view || term !== undefined;
  // The request's path as it came, with any character a Location header cannot hold percent-encoded; to a term's view, that view at the same date.
  const here =
    term !== undefined
      ? page(viewPath(current.view, current.at, scope))
      : (current.canonical ?? current.path.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character)));
  let address: string;
  const otherView = view !== current.view;
  if (view === 'list') {
    address = otherView ? page(viewPath('list', undefined, scope)) : here;
    if (day !== undefined) args.set('date', day);
    // A page of the list is a page of the same list only (the term's list is the filtered one): another view's or another day's list starts again.
    if (otherView || day !== undefined) args.delete('page');
  } else
    address =
      day !== undefined
        ? page(viewPath(view, view === 'month' ? day.slice(0, 7) : day, scope))
        : moved
          ? page(viewPath(view, otherView ? undefined : current.at, scope))
          : here;
  const rest = args.toString();
  return rest === '' ? address : `${address}?${rest}`;
}

/**
 * The one term a whole calendar's view is filtered by, when its path can say it: a single category
 * or a single tag, by slug (an id stays a filter: its slug is not known here), not both, not a list. `names`
 * are the parameters that gave it, dropped from the address.
 */
function termOf(
  query: Readonly<Record<string, unknown>>,
): { scope: Pick<TermScope, 'taxonomy' | 'slug'>; names: string[] } | undefined {
  const given = (names: readonly string[]) => names.filter((name) => query[name] !== undefined && query[name] !== '');
  const [categories, tags] = [given(CATEGORY_PARAMETERS), given(['tag'])];
  if (categories.length + tags.length !== 1) return undefined;
  const [name] = [...categories, ...tags] as [string];
  const value = query[name];
  // A list (`jazz,blues`, the original's feeds take one) or an id is no one term's slug.
  if (typeof value !== 'string' || !/\D/.test(value.trim()) || value.includes(',') || value.trim().length > 200)
    return undefined;
  return { scope: { taxonomy: tags.length > 0 ? 'tag' : 'category', slug: value.trim() }, names: [name] };
}
