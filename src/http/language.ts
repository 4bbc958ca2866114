import { Type } from '@sinclair/typebox';
import { isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '../languages.ts';

/** `translation_language`, accepted on every route of the namespace. */
export const TranslationLanguage = Type.Optional(
  Type.Unsafe<LanguageCode>({
    type: 'string',
    enum: [...LANGUAGE_CODES],
    description: 'The language of the request (a code from the translation plugin)',
  }),
);

/** Where a request's language came from: it decides how emitted URLs carry it. */
export type LanguageSource = 'query' | 'segment' | 'default';

export interface RequestLanguage {
  readonly code: LanguageCode;
  readonly source: LanguageSource;
}

/** Languages given by a `/{lang}/` path segment, keyed by the raw request the router rewrote. */
const segments = new WeakMap<object, LanguageCode>();

/**
 * For Fastify's `rewriteUrl`: `/{lang}{prefix}/calendar/events/v1/...` is served as
 * `{prefix}/calendar/events/v1/...`, remembering the language; so are the other namespace roots
 * given (the `tribe/events/v1` alias) and the REST root `{prefix}/` itself, which the `Link`
 * header of such an answer points at. Any other first segment is left alone, so an unknown
 * language answers `rest_no_route`.
 */
export function languageSegmentRewriter(namespaceRoots: string | readonly string[], restRoot?: string) {
  const roots = typeof namespaceRoots === 'string' ? [namespaceRoots] : namespaceRoots;
  const under = (rest: string, root: string) =>
    rest === root || rest.startsWith(`${root}/`) || rest.startsWith(`${root}?`);
  const isRestRoot = (rest: string) =>
    restRoot !== undefined &&
    (rest === `${restRoot}/` ||
      rest.startsWith(`${restRoot}/?`) ||
      (restRoot !== '' && (rest === restRoot || rest.startsWith(`${restRoot}?`))));
  return (raw: { url?: string }): string => {
    const url = raw.url ?? '/';
    const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/.exec(url);
    if (!match || !isLanguageCode(match[1]!)) return url;
    const rest = match[2] ?? '/';
    if (!roots.some((root) => under(rest, root)) && !isRestRoot(rest)) return url;
    segments.set(raw, match[1]);
    return rest;
  };
}

/** The language of a request: `translation_language` wins over the path segment, then the site default. */
export function requestLanguage(raw: object, query: unknown, fallback: LanguageCode): RequestLanguage {
  const fromQuery = (query as { translation_language?: unknown } | undefined)?.translation_language;
  if (typeof fromQuery === 'string' && isLanguageCode(fromQuery)) return { code: fromQuery, source: 'query' };
  const fromSegment = segments.get(raw);
  return fromSegment ? { code: fromSegment, source: 'segment' } : { code: fallback, source: 'default' };
}
