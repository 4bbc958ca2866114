import { withQuery, type Urls } from '../../urls.ts';
import type { TermRow } from '../../storage/tables.ts';
import type { LanguageFacts } from '../translations/translations.ts';
import type { TaxonomyDefinition } from './taxonomy.ts';

/** A term row with the slugs of its ancestors, as the archive URL needs them. */
export interface TermView {
  readonly row: TermRow;
  readonly languages: LanguageFacts;
  /** Slugs from the root ancestor down to the term itself. */
  readonly slugPath: readonly string[];
}

const segment = (slug: string) => encodeURIComponent(slug);

function termUrls(definition: TaxonomyDefinition, row: TermRow, urls: Urls) {
  return {
    self: urls.route(`${definition.collection}/${row.id}`),
    collection: urls.route(definition.collection),
    ...(row.parent_id !== 0 ? { up: urls.route(`${definition.collection}/${row.parent_id}`) } : {}),
  };
}

/** The shape of `/categories` and `/tags` responses (wire-format 2.5.2); tags have no `parent`. */
export function toTermRecord(definition: TaxonomyDefinition, view: TermView, urls: Urls) {
  const { row } = view;
  return {
    id: row.id,
    count: row.count,
    description: row.description,
    name: row.name,
    slug: row.slug,
    taxonomy: definition.wireName,
    ...(definition.hierarchical ? { parent: row.parent_id } : {}),
    meta: [],
    url: urls.page(`${definition.archivePath}/${view.slugPath.map(segment).join('/')}`),
    urls: termUrls(definition, row, urls),
    ...view.languages,
  };
}

/**
 * Single-term responses add `_links`. The original points them at WordPress' wp/v2 routes; ours
 * point at this service's own routes (decisions.md, quirk #7), with the same relation names.
 */
export function toTermRecordWithLinks(
  definition: TaxonomyDefinition,
  view: TermView,
  urls: Urls,
  allowed: readonly string[],
) {
  const record = toTermRecord(definition, view, urls);
  return {
    ...record,
    _links: {
      self: [{ href: record.urls.self, targetHints: { allow: [...allowed] } }],
      collection: [{ href: record.urls.collection }],
      ...(record.urls.up ? { up: [{ embeddable: true, href: record.urls.up }] } : {}),
      'wp:post_type': [
        {
          href: withQuery(
            `${urls.api}/events`,
            new URLSearchParams([[definition.eventsFilter, String(view.row.id)], ...urls.languageArgs]).toString(),
          ),
        },
      ],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    },
  };
}

/**
 * A term embedded in an event (wire-format 2.5.1): WordPress' raw term object, `term_id` renamed
 * `id` and moved to the end, then `urls`. Unrelated to the endpoint shape above; both are kept.
 */
export function toEmbeddedTerm(
  definition: TaxonomyDefinition,
  { row, languages }: Pick<TermView, 'row' | 'languages'>,
  urls: Urls,
) {
  return {
    name: row.name,
    slug: row.slug,
    term_group: row.term_group,
    term_taxonomy_id: row.id,
    taxonomy: definition.wireName,
    description: row.description,
    parent: row.parent_id,
    count: row.count,
    filter: 'raw',
    id: row.id,
    urls: termUrls(definition, row, urls),
    ...languages,
  };
}
