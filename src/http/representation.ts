/*
 * Content negotiation (decisions 0029, 0114): a route answers JSON; the events archive also JSON-LD
 * (schema.org) for a client whose `Accept` prefers `application/ld+json`, and the archives of
 * events, venues and organizers CSV for one that prefers `text/csv`. The read cache keys answers by
 * the representation too.
 */

export type Representation = 'json' | 'ld+json' | 'csv';

export const LINKED_DATA_TYPE = 'application/ld+json';
export const CSV_TYPE = 'text/csv';

/** The quality `Accept` gives each media range it names. */
function qualities(accept: string): Map<string, number> {
  const quality = new Map<string, number>();
  for (const range of accept.split(',')) {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (type) quality.set(type, Math.max(quality.get(type) ?? 0, Number.isFinite(value) ? value : 0));
  }
  return quality;
}

/**
 * `ld+json` (or `csv`) when `Accept` names `application/ld+json` (`text/csv`) with a quality above
 * that of `application/json` and at least that of any wildcard range; plain JSON otherwise (no
 * header, a tie with JSON named, `*\/*`).
 */
export function representationOf(accept: string | undefined): Representation {
  if (accept === undefined) return 'json';
  const wantsLinkedData = accept.includes(LINKED_DATA_TYPE);
  const wantsCsv = accept.includes(CSV_TYPE);
  if (!wantsLinkedData && !wantsCsv) return 'json';
  const quality = qualities(accept);
  const json = quality.get('application/json') ?? 0;
  const all = quality.get('*/*') ?? 0;
  const prefers = (type: string, family: string) => {
    const own = quality.get(type) ?? 0;
    return own > 0 && own > json && own >= Math.max(all, quality.get(family) ?? 0);
  };
  if (wantsLinkedData && prefers(LINKED_DATA_TYPE, 'application/*')) return 'ld+json';
  if (wantsCsv && prefers(CSV_TYPE, 'text/*')) return 'csv';
  return 'json';
}
