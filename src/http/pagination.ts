/** `X-TEC-Total` and `X-TEC-TotalPages`, on every successful archive response. */
export function totalHeaders(total: number, pages: number): Record<string, string> {
  return { 'x-tec-total': String(total), 'x-tec-totalpages': String(pages) };
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
