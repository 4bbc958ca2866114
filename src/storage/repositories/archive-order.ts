import { sql, type RawBuilder } from 'kysely';

/*
 * How a page of the events archive is ordered (decision 0073): the archive's own order (local
 * start, then id; by publication date with `include`), or one an admin asks for in this service's
 * namespace.
 */

/** The orders of the archive besides its own. */
export const ARCHIVE_ORDER_BY = ['event_date', 'title', 'modified'] as const;
export type ArchiveOrderBy = (typeof ARCHIVE_ORDER_BY)[number];

/** How a page of the archive is ordered: `by` undefined is the archive's own order; `title` compares the title as `language` shows it. */
export interface ArchiveOrder {
  readonly by: ArchiveOrderBy | undefined;
  readonly direction: 'asc' | 'desc';
  readonly language: string;
}

/**
 * The key a page is sorted by before the occurrences' own columns: an expression over the event's
 * post (`p`) and, for titles, its translation in the request's language (`tr`), which no index
 * holds: such a page sorts every occurrence the filter matches (decision 0073 measures it).
 */
export function pageOrder(
  byPublication: boolean,
  order: ArchiveOrder | undefined,
): { key?: RawBuilder<unknown>; direction: 'asc' | 'desc'; thenStart: boolean } {
  const direction = order?.direction ?? 'asc';
  if (order?.by === undefined && byPublication) return { key: sql`p.date_utc`, direction, thenStart: false };
  if (order?.by === undefined || order.by === 'event_date') return { direction, thenStart: true };
  return {
    key: order.by === 'title' ? sql`lower(coalesce(tr.title, p.title))` : sql`p.modified_utc`,
    direction,
    thenStart: true,
  };
}
