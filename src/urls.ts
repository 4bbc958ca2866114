import type { Config } from './config.ts';
import type { LanguageCode } from './languages.ts';

export const NAMESPACE = 'calendar/events/v1';

/**
 * Every URL the service emits, built from the request's own origin and prefix, or from
 * CALENDAR_PUBLIC_URL behind a proxy (decisions.md section 1), and keeping the language the
 * request used: its path segment, or its `translation_language` parameter.
 */
export class Urls {
  /** `{origin}[/{lang}]{prefix}` without a trailing slash: the REST root. */
  readonly restRoot: string;
  /** `{restRoot}/calendar/events/v1`: every route's base. */
  readonly api: string;
  /** The public HTML site, for records' `url`, with the language segment when the request had one. */
  readonly site: string;
  /** The bare site origin, whatever the language: `global_id` is built from it. */
  readonly siteOrigin: string;
  /** `translation_language` to carry in query strings when the request chose its language that way. */
  readonly languageArgs: readonly [string, string][];

  constructor(origin: string, config: Pick<Config, 'publicUrl' | 'siteUrl' | 'restPrefix'>, language?: { readonly code: LanguageCode; readonly source: 'query' | 'segment' | 'default' }) {
    const segment = language?.source === 'segment' ? `/${language.code}` : '';
    const publicBase = config.publicUrl ?? origin;
    this.restRoot = `${publicBase}${segment}${config.restPrefix}`;
    this.api = `${this.restRoot}/${NAMESPACE}`;
    this.siteOrigin = config.siteUrl ?? config.publicUrl ?? origin;
    this.site = `${this.siteOrigin}${segment}`;
    this.languageArgs = language?.source === 'query' ? [['translation_language', language.code]] : [];
  }

  /** `?translation_language=xx` (or `&…` after other parameters) when the request used the parameter. */
  languageQuery(separator: '?' | '&' = '?'): string {
    return this.languageArgs.length === 0 ? '' : `${separator}${new URLSearchParams([...this.languageArgs]).toString()}`;
  }

  /** `{api}/{path}`, keeping the request's language; path segments are given already encoded. */
  route(path: string): string {
    return `${this.api}/${path}${this.languageQuery()}`;
  }

  /** `{api}/{path}/`, the base a collection's `rest_url` query string is appended to. */
  collection(path: string): string {
    return `${this.api}/${path}/`;
  }

  /** `{site}/{path}/`, the original's permalinks end with a slash. */
  page(path: string): string {
    return `${this.site}/${path}/${this.languageQuery()}`;
  }

  /** `{site}/?{query}`, the query-form permalink of records that are not published. */
  pageQuery(query: string): string {
    return `${this.site}/?${query}${this.languageQuery('&')}`;
  }
}
