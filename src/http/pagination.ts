/**
 * `X-TEC-Total` and `X-TEC-TotalPages`, on every successful archive response; WordPress core's lists
 * (`wp/v2/users`) say `X-WP-`, Event Tickets' (tickets, attendees) `X-ET-TOTAL` and `X-ET-TOTAL-PAGES`.
 */
export function totalHeaders(
  total: number,
  pages: number,
  family: 'tec' | 'wp' | 'et' = 'tec',
): Record<string, string> {
  if (family === 'et') return { 'x-et-total': String(total), 'x-et-total-pages': String(pages) };
  return { [`x-${family}-total`]: String(total), [`x-${family}-totalpages`]: String(pages) };
}

/**
 * `X-Calendar-Occurrences-Until`, on an archive answer (JSON or iCalendar) whose window ends past
 * how far recurring series are materialised (decision 0025): beyond the on-demand limit, or past
 * the share of series one request extends. Occurrences of series starting from that local time
 * on may be missing; absent, the answer is whole.
 */
export function occurrencesCutHeaders(cut: string | undefined): Record<string, string> {
  return cut === undefined ? {} : { 'x-calendar-occurrences-until': cut };
}
