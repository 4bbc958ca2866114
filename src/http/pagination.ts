/** `X-TEC-Total` and `X-TEC-TotalPages`, on every successful archive response; WordPress core's lists (`wp/v2/users`) say `X-WP-`. */
export function totalHeaders(total: number, pages: number, family: 'tec' | 'wp' = 'tec'): Record<string, string> {
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
