/** Query arguments in the order the original writes them. */
export type QueryArgs = readonly (readonly [string, string])[];

/** `{base}?{args}&page=N`, URL-encoded, `page` left out on the first page (the original's `next`/`previous` links). */
export function pageLink(base: string, args: QueryArgs, page: number): string {
  const query = new URLSearchParams([...args, ...(page > 1 ? [['page', String(page)] as const] : [])].map(([key, value]) => [key, value])).toString();
  return query === '' ? base : `${base}?${query}`;
}

/**
 * `rest_url`, `next_rest_url` and `previous_rest_url` of an archive page (wire-format 3.6): the
 * effective arguments in the original's order with raw values. Arguments `echoed` once more at the
 * end (the events' `venue`, `organizer`, `featured`) make WordPress re-encode the whole URL
 * (recorded example 14). The links re-encode the arguments and move `page` last.
 */
export function archiveLinks(base: string, args: QueryArgs, echoed: QueryArgs, page: number, pages: number) {
  const current: QueryArgs = [['page', String(page)], ...args, ...echoed];
  const restUrl = echoed.length > 0 ? `${base}?${new URLSearchParams(current.map(([key, value]) => [key, value])).toString()}` : `${base}?${current.map(([key, value]) => `${key}=${value}`).join('&')}`;
  return {
    rest_url: restUrl,
    ...(page < pages ? { next_rest_url: pageLink(base, [...args, ...echoed], page + 1) } : {}),
    ...(page > 1 && page - 1 <= pages ? { previous_rest_url: pageLink(base, [...args, ...echoed], page - 1) } : {}),
  };
}
