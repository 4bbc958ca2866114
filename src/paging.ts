/** TEC's collections cap `per_page` silently at 50 (wire-format.md section 3.3). */
export const MAX_PER_PAGE = 50;

export interface PageWindow {
  readonly page: number;
  readonly perPage: number;
  readonly offset: number;
}

/** The window of `page`, with `per_page` capped at `maxPerPage`: TEC's cap, or a list of our own's (its schema's maximum). */
export function pageWindow(page: number, requestedPerPage: number, maxPerPage = MAX_PER_PAGE): PageWindow {
  const perPage = Math.min(requestedPerPage, maxPerPage);
  // A page far past the data (page=1e18) must still give an OFFSET the database takes (PostgreSQL: bigint).
  return { page, perPage, offset: Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER) };
}

export function totalPages(total: number, perPage: number): number {
  return total === 0 ? 0 : Math.ceil(total / perPage);
}
