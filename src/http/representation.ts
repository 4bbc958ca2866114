/*
 * Content negotiation (decision 0029): a route answers JSON, and the events archive also JSON-LD
 * (schema.org) for a client whose `Accept` prefers `application/ld+json`. The read cache keys
 * answers by the representation too.
 */

export type Representation = 'json' | 'ld+json';

export const LINKED_DATA_TYPE = 'application/ld+json';

/**
 * `ld+json` when `Accept` names `application/ld+json` with a quality above that of
 * `application/json` and at least that of any wildcard range; plain JSON otherwise (no header, a
 * tie with JSON named, `*\/*`).
 */
export function representationOf(accept: string | undefined): Representation {
  if (accept === undefined || !accept.includes(LINKED_DATA_TYPE)) return 'json';
  const quality = new Map<string, number>();
  for (const range of accept.split(',')) {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (type) quality.set(type, Math.max(quality.get(type) ?? 0, Number.isFinite(value) ? value : 0));
  }
  const linkedData = quality.get(LINKED_DATA_TYPE) ?? 0;
  const wildcard = Math.max(quality.get('*/*') ?? 0, quality.get('application/*') ?? 0);
  return linkedData > 0 && linkedData > (quality.get('application/json') ?? 0) && linkedData >= wildcard ? 'ld+json' : 'json';
}
