import type { Config } from '../config.ts';
import { isLanguageCode } from '../languages.ts';
import { NAMESPACE, TEC_NAMESPACE, Urls } from '../urls.ts';

/** What a page shows, for its `X-TEC-API-ROOT`: an event (its id), a category's or tag's views, or anything else. */
export type PageSubject =
  | { readonly event: number }
  | { readonly term: { readonly taxonomy: 'category' | 'tag'; readonly slug: string } }
  | { readonly home: true }
  | Record<string, never>;

/**
 * The original's discovery headers on its site's pages (wire-format 10.8; decisions 0050, 0099),
 * so that a tool given a page's URL finds the API: `X-TEC-API-VERSION`, `X-TEC-API-ORIGIN` (the
 * site's home) and `X-TEC-API-ROOT`, the API URL of what the page shows, under the namespace the
 * original's clients call (`tribe/events/v1` while the alias is on, decision 0018): an event's page
 * `{base}/events/{id}`, a category's or tag's views `{base}/events/?categories={slug}` (`tags`), the
 * bare `/` (the site's home) `{base}/`, every other page the archive `{base}/events/`. WordPress'
 * `Link: <{REST root}>` is the app's own header.
 */
export function discoveryHeaders(
  urls: Urls,
  config: Pick<Config, 'tecAlias'>,
  subject: PageSubject,
): Record<string, string> {
  const base = urls.inNamespace(config.tecAlias ? TEC_NAMESPACE : NAMESPACE).api;
  const root =
    'event' in subject
      ? `${base}/events/${subject.event}`
      : 'term' in subject
        ? `${base}/events/?${subject.term.taxonomy === 'category' ? 'categories' : 'tags'}=${encodeURIComponent(subject.term.slug)}`
        : 'home' in subject
          ? `${base}/`
          : `${base}/events/`;
  return { 'x-tec-api-version': 'v1', 'x-tec-api-root': root, 'x-tec-api-origin': urls.siteOrigin };
}

/** The URLs a page's discovery headers are made of: its origin, and its language by its `/{lang}/` segment. */
export function pageUrls(origin: string, params: unknown, config: Config): Urls {
  const lang = (params as { lang?: string } | undefined)?.lang;
  return new Urls(
    origin,
    config,
    lang !== undefined && isLanguageCode(lang) ? { code: lang, source: 'segment' } : undefined,
  );
}
