import { useRef, useState } from 'preact/hooks';
import { t } from './i18n.ts';
import { href, navigate } from './router.ts';

/*
 * What the admin's lists share: their search, filters and page live in the URL's query (a list can
 * be bookmarked, reloaded, and gone back to), and the pager links from one page to the next.
 */

/**
 * A list's answer, kept with the query it answers (`query`: the list's query string, and whatever
 * else makes the list read again). A render between a change of the query and the effect that
 * reads it again shows no answer (loading), never the old page's rows under the new page's pager;
 * an answer that arrives after a newer query was sent is dropped, never shown as the newer one's.
 * `answered` keeps an answer for the query of the render it comes from: call the one of the effect
 * that sent the request.
 */
export function useListAnswer<T>(query: string): [answer: T | undefined, answered: (value: T) => void] {
  const [kept, setKept] = useState<{ readonly query: string; readonly value: T } | undefined>();
  const latest = useRef(query);
  latest.current = query;
  const answered = (value: T) => {
    if (latest.current === query) setKept({ query, value });
  };
  return [kept?.query === query ? kept.value : undefined, answered];
}

/** `path` with the list's query changed: an empty value drops its key, and any change but the page's goes back to page 1. */
export function listPath(path: string, search: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  const query = next.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

/** Shows the list at `path` with its query changed. */
export const goToList = (path: string, search: URLSearchParams, changes: Record<string, string | undefined>) =>
  navigate(listPath(path, search, changes));

/** The page asked for in the query: 1 when missing or not a positive number. */
export const pageOf = (search: URLSearchParams): number => Math.max(1, Number(search.get('page') ?? 1) || 1);

/** "Previous page", "Page 2 of 5", "Next page": nothing when everything fits on one page. */
export function Pager({
  path,
  search,
  page,
  pages,
}: {
  path: string;
  search: URLSearchParams;
  page: number;
  pages: number;
}) {
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label={t('pagination')}>
      {page > 1 ? (
        <a href={href(listPath(path, search, { page: String(page - 1) }))} rel="prev">
          {t('previousPage')}
        </a>
      ) : null}
      <span>{t('pageOf', { page, pages })}</span>
      {page < pages ? (
        <a href={href(listPath(path, search, { page: String(page + 1) }))} rel="next">
          {t('nextPage')}
        </a>
      ) : null}
    </nav>
  );
}
