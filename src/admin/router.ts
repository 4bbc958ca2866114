import { useEffect, useState } from 'preact/hooks';
import { SETTINGS } from './api.ts';

/*
 * Client-side routing with real URLs under `{site}/admin/` (the server answers the same shell for
 * each). A screen with unsaved changes registers a guard: in-app navigation and the browser's Back
 * and Forward buttons ask first, and the browser's own beforeunload asks before leaving the page.
 */

interface Guard {
  /** Whether leaving now would lose changes. */
  readonly dirty: () => boolean;
  /** The question asked before an in-app navigation away. */
  readonly question: string;
}
let guard: Guard | undefined;
const listeners = new Set<() => void>();
/** The URL the screen shown belongs to: where a refused Back or Forward returns. */
let shown = location.href;

/** The path below `{site}/admin/`, without slashes at either end ('' is the start screen). */
export const currentPath = (): string => location.pathname.slice(SETTINGS.base.length).replace(/^\/+|\/+$/g, '');
export const href = (path: string): string => `${SETTINGS.base}/${path}`;

/** Set by a screen that may hold unsaved changes; `undefined` removes it. */
export function setGuard(value: Guard | undefined): void {
  guard = value;
}

window.addEventListener('beforeunload', (event) => {
  // Browsers ask their own question: the text of ours is not shown there.
  if (guard?.dirty()) event.preventDefault();
});

export function navigate(path: string, options: { replace?: boolean } = {}): boolean {
  if (guard?.dirty() && !confirm(guard.question)) return false;
  guard = undefined;
  const url = path.startsWith('/') ? path : href(path);
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  shown = location.href;
  for (const listener of listeners) listener();
  return true;
}

// Back and Forward have moved the URL already when popstate comes (it cannot be cancelled): a
// user who chooses to stay gets the screen's URL back as a new entry, the screen untouched. A move
// between fragments of the same screen (a skip link) leaves nothing and asks nothing.
window.addEventListener('popstate', () => {
  const sameScreen = new URL(shown).pathname === location.pathname && new URL(shown).search === location.search;
  if (!sameScreen && guard?.dirty() && !confirm(guard.question)) {
    history.pushState(null, '', shown);
    return;
  }
  if (!sameScreen) guard = undefined;
  shown = location.href;
  for (const listener of listeners) listener();
});

// Links inside the admin navigate in place; other links (the public pages) leave as links do.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (
    !link ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    link.target
  )
    return;
  const url = new URL(link.href, location.href);
  if (
    url.origin !== location.origin ||
    !(url.pathname === SETTINGS.base || url.pathname.startsWith(`${SETTINGS.base}/`))
  )
    return;
  if (url.pathname.startsWith(`${SETTINGS.base}/sign-`) || url.pathname.startsWith(`${SETTINGS.base}/assets/`)) return;
  // A fragment of this screen (an error summary's link to its field) is the browser's to follow: no screen is left.
  if (url.hash !== '' && url.pathname === location.pathname && url.search === location.search) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}`);
});

/** The current location, re-rendering on every navigation. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((tick) => tick + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return { path: currentPath(), search: new URLSearchParams(location.search) };
}

/** Matches `events/:id` against `events/42`: the parameters, or undefined. */
export function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = have[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return undefined;
  }
  return params;
}
