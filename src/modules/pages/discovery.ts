import type { Config } from '../../config.ts';
import { isLanguageCode } from '../../languages.ts';
import { Urls } from '../../urls.ts';

/**
 * The original's discovery headers on its HTML pages (wire-format 10.8; decision 0050), so that a
 * tool given a page's URL finds the API: `X-TEC-API-VERSION`, `X-TEC-API-ORIGIN` (the site's home)
 * and `X-TEC-API-ROOT`, the API URL of what the page shows. A single event's page points at the
 * event by its slug (its page URL names no id); a category's or tag's views (`term`, read from the
 * URL as the page reads it) at the archive filtered by it; the other views at the events archive. WordPress' `Link: <{REST root}>` is the app's own header.
 */
export function discoveryHeaders(page: { readonly origin: string; readonly route: string; readonly params: unknown; readonly term?: { readonly taxonomy: 'category' | 'tag'; readonly slug: string } | undefined }, config: Config): Record<string, string> {
  const { route, term } = page;
  const params = page.params as { lang?: string; slug?: string };
  const language = params.lang !== undefined && isLanguageCode(params.lang) ? { code: params.lang, source: 'segment' as const } : undefined;
  const urls = new Urls(page.origin, config, language);
  const root =
    route.endsWith('/event/:slug/') || route.endsWith('/event/:slug/:day/')
      ? `${urls.api}/events/by-slug/${encodeURIComponent(params.slug ?? '')}`
      : term !== undefined
        ? `${urls.api}/events?${term.taxonomy === 'category' ? 'categories' : 'tags'}=${encodeURIComponent(term.slug)}`
        : `${urls.api}/events`;
  return { 'x-tec-api-version': 'v1', 'x-tec-api-root': root, 'x-tec-api-origin': urls.siteOrigin };
}
