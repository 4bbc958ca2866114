/*
 * The archive views' addresses, as the original writes them (decision 0058): each view has a path
 * under `/events/` (`month/2026-12/`, `today/`, `2026-12-05/`), and a category's or tag's page puts
 * the same paths under its own (`/events/category/jazz/month/2026-12/`, `…/jazz/day/2026-12-05/`).
 * One table of views (archive-views.routes.ts) serves both: its paths are the routes of the whole calendar,
 * and the same paths are matched at the end of a term's URL, so a view added to the table (the week)
 * is a term's view too. Views are named by string here so that this file needs no list of them.
 */

/** A category's or tag's page: the term every view of it is filtered by. */
export interface TermScope {
  readonly taxonomy: 'category' | 'tag';
  readonly slug: string;
  /** Its name in the page's language (breadcrumbs, headings). */
  readonly name: string;
  /** A category's ancestors, the root first (breadcrumbs: "Events › Music › Jazz"). */
  readonly ancestors?: readonly { readonly slug: string; readonly name: string }[];
}

/** A day (`YYYY-MM-DD`) or a month (`YYYY-MM`): what `:at` in a view's path stands for. */
const AT = /^\d{4}-\d{2}(-\d{2})?$/;

/** The base of a term's views: the original's `/events/category/{slug}/` and `/events/tag/{slug}/`. */
export const scopePath = (scope: Pick<TermScope, 'taxonomy' | 'slug'>): string =>
  `events/${scope.taxonomy}/${encodeURIComponent(scope.slug)}`;

/**
 * A view's path after `events/` or a term's base, without slashes at either end: '' for the list
 * (its date is the `date` filter), `today` or a day for the day view (`day/{day}` under a term, as
 * the original writes it, where a bare date could be a child category's slug), and
 * `{view}[/{at}]` for any other (`month/2026-12`, `week`).
 */
export function viewTail(view: string, at: string | undefined, scoped: boolean): string {
  if (view === 'list') return '';
  if (view === 'day') return at === undefined ? 'today' : scoped ? `day/${at}` : at;
  return at === undefined ? view : `${view}/${at}`;
}

/** A view's path under the site (no slashes at the ends): `events/month/2026-12`, `events/category/jazz/today`. */
export function viewPath(view: string, at: string | undefined, scope?: Pick<TermScope, 'taxonomy' | 'slug'>): string {
  const tail = viewTail(view, at, scope !== undefined);
  const base = scope === undefined ? 'events' : scopePath(scope);
  return tail === '' ? base : `${base}/${tail}`;
}

/** Which view of the table a term's URL ends with, what its `:at` holds, and the term's slugs before it. */
export interface TailMatch<Entry> {
  readonly entry: Entry;
  readonly at: string | undefined;
  /** The slugs naming the term (a category's ancestors first); never empty. */
  readonly terms: readonly string[];
  /** The view's part of the URL as it came (`month/2026-12`), to compare with its canonical tail. */
  readonly tail: string;
}

/**
 * The view a term's URL ends with (`music/jazz/month/2026-12` → the month, `2026-12`, [music, jazz]).
 * The longest path that matches wins and at least one slug must stay before it, so `jazz/list` is
 * the list of jazz while a category named `list` is still a list; `:at` matches only a date, so a
 * child category's slug is never taken for one.
 */
export function matchTail<Entry extends { readonly path: string }>(
  segments: readonly string[],
  entries: readonly Entry[],
): TailMatch<Entry> | undefined {
  const byLength = [...entries].sort((a, b) => partsOf(b.path).length - partsOf(a.path).length);
  for (const entry of byLength) {
    const parts = partsOf(entry.path);
    if (parts.length >= segments.length) continue;
    const tail = segments.slice(segments.length - parts.length);
    let at: string | undefined;
    const fits = parts.every((part, index) => {
      if (part !== ':at') return part === tail[index];
      at = tail[index]!;
      return AT.test(at);
    });
    if (fits) return { entry, at, terms: segments.slice(0, segments.length - parts.length), tail: tail.join('/') };
  }
  return undefined;
}

const partsOf = (path: string): string[] => path.split('/').filter(Boolean);
