/** Every collection caps `per_page` silently at 50 (wire-format.md section 3.3). */
export const MAX_PER_PAGE = 50;

export interface PageWindow {
  readonly page: number;
  readonly perPage: number;
  readonly offset: number;
}

export function pageWindow(page: number, requestedPerPage: number): PageWindow {
  const perPage = Math.min(requestedPerPage, MAX_PER_PAGE);
  // A page far past the data (page=1e18) must still give an OFFSET the database takes (PostgreSQL: bigint).
  return { page, perPage, offset: Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER) };
}

export function totalPages(total: number, perPage: number): number {
  return total === 0 ? 0 : Math.ceil(total / perPage);
}
