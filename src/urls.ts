import type { Config } from './config.ts';
import type { LanguageCode } from './languages.ts';

export const NAMESPACE = 'calendar/events/v1';

/** The Events Calendar's own namespace, served as an alias of NAMESPACE unless CALENDAR_TEC_ALIAS=false (decision 0018). */
export const TEC_NAMESPACE = 'tribe/events/v1';

/** Event Tickets' namespace: its routes are served under it beside ours, with the TEC alias (decision 0108). */
export const TICKETS_NAMESPACE = 'tribe/tickets/v1';

/** The namespaces the service answers under, ours first. */
export function namespacesOf(config: Pick<Config, 'tecAlias'>): readonly string[] {
  return config.tecAlias ? [NAMESPACE, TEC_NAMESPACE] : [NAMESPACE];
}

/** The namespaces the tickets and attendees routes answer under: ours, and Event Tickets' with the TEC alias. */
export function ticketNamespacesOf(config: Pick<Config, 'tecAlias'>): readonly string[] {
  return config.tecAlias ? [NAMESPACE, TICKETS_NAMESPACE] : [NAMESPACE];
}

/**
 * `url` with `query` (already encoded) appended: after `?`, or after `&` when the URL has a query
 * already, as the REST root of WordPress' plain-permalink form `/?rest_route=` has (decision 0099).
 */
export function withQuery(url: string, query: string): string {
  return query === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Every URL the service emits, built from the request's own origin and prefix, or from
 * CALENDAR_PUBLIC_URL behind a proxy (decisions.md section 1), and keeping the language the
 * request used: its path segment, or its `translation_language` parameter.
 */
export class Urls {
  /** `{origin}[/{lang}]{prefix}` without a trailing slash: the REST root (`{origin}/?rest_route=` in WordPress' plain-permalink form). */
  readonly restRoot: string;
  /** The namespace the request used (`calendar/events/v1` or its alias `tribe/events/v1`): emitted URLs keep it. */
  readonly namespace: string;
  /** `{restRoot}/{namespace}`: every route's base. */
  readonly api: string;
  /** The public HTML site, for records' `url`, with the language segment when the request chose a language. */
  readonly site: string;
  /** The bare site origin, whatever the language: `global_id` is built from it. */
  readonly siteOrigin: string;
  /** `translation_language` to carry in query strings when the request chose its language that way. */
  readonly languageArgs: readonly [string, string][];
  /** What every URL made here depends on, as text: two requests with the same key get the same URLs (the record cache's keys). */
  readonly key: string;

  constructor(
    private readonly origin: string,
    private readonly config: Pick<Config, 'publicUrl' | 'siteUrl' | 'restPrefix'>,
    private readonly language?: { readonly code: LanguageCode; readonly source: 'query' | 'segment' | 'default' },
    namespace: string = NAMESPACE,
  ) {
    const segment = language?.source === 'segment' ? `/${language.code}` : '';
    const publicBase = config.publicUrl ?? origin;
    this.restRoot = `${publicBase}${segment}${config.restPrefix}`;
    this.namespace = namespace;
    this.api = `${this.restRoot}/${namespace}`;
    this.siteOrigin = config.siteUrl ?? config.publicUrl ?? origin;
    // The pages know a language by its segment alone (`/fr/event/…`): a language the request chose
    // by parameter is a segment of the site's URLs too, which would otherwise be 404s.
    this.site = `${this.siteOrigin}${language === undefined || language.source === 'default' ? '' : `/${language.code}`}`;
    this.languageArgs = language?.source === 'query' ? [['translation_language', language.code]] : [];
    this.key = JSON.stringify([this.restRoot, this.api, this.site, this.siteOrigin, this.languageArgs]);
  }

  /** The same URLs under another namespace (the REST root index lists both). */
  inNamespace(namespace: string): Urls {
    return namespace === this.namespace ? this : new Urls(this.origin, this.config, this.language, namespace);
  }

  /** `{api}/{path}`, keeping the request's language; path segments are given already encoded. */
  route(path: string): string {
    return withQuery(`${this.api}/${path}`, new URLSearchParams([...this.languageArgs]).toString());
  }

  /** `{api}/{path}/`, the base a collection's `rest_url` query string is appended to. */
  collection(path: string): string {
    return `${this.api}/${path}/`;
  }

  /** `{site}/{path}/`, the original's permalinks end with a slash. */
  page(path: string): string {
    return `${this.site}/${path}/`;
  }

  /** `{site}/?{query}`, the query-form permalink of records that are not published. */
  pageQuery(query: string): string {
    return `${this.site}/?${query}`;
  }
}
