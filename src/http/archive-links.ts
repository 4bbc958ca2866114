import { withQuery } from '../urls.ts';

/** Query arguments in the order the original writes them. */
export type QueryArgs = readonly (readonly [string, string])[];

/** `{base}?{args}&page=N`, URL-encoded, `page` left out on the first page (the original's `next`/`previous` links). */
export function pageLink(base: string, args: QueryArgs, page: number): string {
  return withQuery(base, encoded([...args, ...(page > 1 ? [['page', String(page)] as const] : [])]));
}

const encoded = (args: QueryArgs) => new URLSearchParams(args.map(([key, value]) => [key, value])).toString();

/**
 * `rest_url`, `next_rest_url` and `previous_rest_url` of an archive page (wire-format 3.6): the
 * effective arguments in the original's order, the events' `venue`, `organizer`, `featured`
 * `echoed` once more at the end. Unlike the original, whose `rest_url` carries raw values (spaces
 * and all) unless an echoed argument made WordPress re-encode it, every link is URL-encoded
 * (decision 0099). The links move `page` last.
 */
export function archiveLinks(base: string, args: QueryArgs, echoed: QueryArgs, page: number, pages: number) {
  return {
    rest_url: withQuery(base, encoded([['page', String(page)], ...args, ...echoed])),
    ...(page < pages ? { next_rest_url: pageLink(base, [...args, ...echoed], page + 1) } : {}),
    ...(page > 1 && page - 1 <= pages ? { previous_rest_url: pageLink(base, [...args, ...echoed], page - 1) } : {}),
  };
}
