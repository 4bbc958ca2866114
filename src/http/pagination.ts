/** `X-TEC-Total` and `X-TEC-TotalPages`, on every successful archive response. */
export function totalHeaders(total: number, pages: number): Record<string, string> {
  return { 'x-tec-total': String(total), 'x-tec-totalpages': String(pages) };
}
