/**
 * The words of a `search`, as WordPress splits one: each word is required, in any field and any
 * order, but more than nine are searched as one phrase (bounding the query). Events, venues and
 * organizers read their searches alike.
 */
export function searchWords(search: string): string[] {
  const words = search.split(/\s+/).filter((word) => word !== '');
  return words.length > 9 ? [search.trim()] : words;
}
