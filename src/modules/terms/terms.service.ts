import { nowUtc } from '../../clock.ts';
import { ApiError, invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import type { PageWindow } from '../../http/pagination.ts';
import { firstFreeSlug, slugify } from '../../slugs.ts';
import type { Storage } from '../../storage/database.ts';
import type { LanguageCode } from '../../http/language.ts';
import { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import type { TermText } from '../../storage/repositories/translations.repository.ts';
import { TermTranslations } from '../translations/translations.ts';
import { TermsRepository, type TermFilter } from '../../storage/repositories/terms.repository.ts';
import { storableId, type TermRow } from '../../storage/tables.ts';
import type { TermView } from './terms.mapper.ts';
import type { TermInput, TermListQuery } from './terms.schemas.ts';
import type { TaxonomyDefinition } from './taxonomy.ts';

function termExists(existing: TermRow): ApiError {
  // WordPress reports the clash twice in `additional_data`, once per payload it merged.
  return new ApiError('term_exists', { data: { term_id: existing.id }, extra: { additional_data: [existing.id, existing.id] } });
}

/** Rules of event categories and tags, shared by both taxonomies. */
export class TermsService {
  readonly repository: TermsRepository;
  private readonly posts: PostsRepository;
  readonly translations: TermTranslations;

  constructor(private readonly storage: Storage) {
    this.repository = new TermsRepository(storage.db, storage.dialect);
    this.posts = new PostsRepository(storage.db);
    this.translations = new TermTranslations(storage);
  }

  // Argument validators: they run before the permission check, as the original's (wire-format 7.6).

  async assertExists(definition: TaxonomyDefinition, id: number, param = 'id'): Promise<void> {
    if (!(await this.repository.get(definition.taxonomy, id))) throw invalidParam(param);
  }

  /**
   * `include`/`exclude`: every item must be an existing term id or slug of the taxonomy. Checked
   * while listing rather than beforehand, so the lookup runs once; lists are public, so the
   * validation-before-permission order cannot differ.
   */
  private async resolveReferences(definition: TaxonomyDefinition, query: Pick<TermListQuery, 'include' | 'exclude'>): Promise<{ include?: number[]; exclude?: number[] }> {
    const resolved: { include?: number[]; exclude?: number[] } = {};
    const invalid: Record<string, InvalidParam> = {};
    for (const param of ['include', 'exclude'] as const) {
      const refs = query[param];
      if (refs === undefined) continue;
      const ids = await this.idsOf(definition, refs);
      if (ids === undefined) invalid[param] = { message: 'Invalid parameter.' };
      else resolved[param] = ids;
    }
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
    return resolved;
  }

  /** The ids of terms given by id or slug, in the order given; undefined when one names no term of the taxonomy. */
  async idsOf(definition: TaxonomyDefinition, refs: readonly string[]): Promise<number[] | undefined> {
    const isNumeric = (ref: string) => /^\d+$/.test(ref);
    // A number too large to be stored names no term, like any unknown id.
    const key = (ref: string) => (isNumeric(ref) ? String(storableId(ref) ?? ref) : ref);
    const ids = refs.flatMap((ref) => (isNumeric(ref) ? (storableId(ref) ?? []) : []));
    const found = await this.repository.resolve(definition.taxonomy, ids, refs.filter((ref) => !isNumeric(ref)));
    if (refs.some((ref) => !found.has(key(ref)))) return undefined;
    return refs.map((ref) => found.get(key(ref))!);
  }

  async validateListQuery(definition: TaxonomyDefinition, query: TermListQuery): Promise<void> {
    const invalid: Record<string, InvalidParam> = {};
    if (definition.hierarchical && query.parent !== undefined && query.parent !== 0 && !(await this.repository.get(definition.taxonomy, query.parent))) {
      invalid.parent = { message: 'Invalid parameter.' };
    }
    for (const param of ['post', 'event'] as const) {
      const eventId = query[param];
      if (eventId !== undefined && !(await this.posts.exists('event', eventId))) invalid[param] = { message: 'Invalid parameter.' };
    }
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  async validateParent(definition: TaxonomyDefinition, input: TermInput): Promise<void> {
    if (definition.hierarchical && input.parent !== undefined && input.parent !== 0) await this.assertExists(definition, input.parent, 'parent');
  }

  // Operations.

  async list(definition: TaxonomyDefinition, query: TermListQuery, window: PageWindow, language: LanguageCode): Promise<{ items: TermView[]; total: number }> {
    const references = await this.resolveReferences(definition, query);
    // The `slug` filter also matches slugs translated into the request's language.
    const translatedSlugs = query.slug ? [...(await this.translations.bySlugs(definition.taxonomy, language, query.slug)).values()] : [];
    const filter: TermFilter = {
      taxonomy: definition.taxonomy,
      hierarchical: definition.hierarchical,
      hideEmpty: query.hide_empty,
      ...references,
      ...(definition.hierarchical && query.parent !== undefined ? { parentId: query.parent } : {}),
      ...(query.post ?? query.event ? { eventId: query.post ?? query.event } : {}),
      ...(query.slug ? { slugs: query.slug, slugIds: translatedSlugs } : {}),
      ...(query.search !== undefined ? { search: { text: query.search, language } } : {}),
    };
    const [rows, total] = await Promise.all([
      this.repository.list(filter, {
        orderBy: query.orderby ?? 'name',
        descending: query.order === 'desc',
        limit: window.perPage,
        // Tags honour WordPress' `offset` (they are not hierarchical), which replaces the page offset.
        offset: !definition.hierarchical && query.offset !== undefined ? query.offset : window.offset,
      }),
      this.repository.count(filter),
    ]);
    return { items: await this.views(rows, language), total };
  }

  async get(definition: TaxonomyDefinition, id: number, language: LanguageCode): Promise<TermView> {
    return this.view(await this.require(definition, id), language);
  }

  async create(definition: TaxonomyDefinition, input: TermInput & { name: string }, language: LanguageCode): Promise<TermView> {
    this.refuseParentOnFlatTaxonomy(definition, input);
    const name = this.cleanName(input.name);
    const parentId = definition.hierarchical ? (input.parent ?? 0) : 0;
    await this.refuseDuplicateName(definition, name, parentId);
    const explicitSlug = input.slug !== undefined;
    const base = slugify(input.slug ?? name) || slugify(definition.singular);
    if (explicitSlug && (await this.repository.findBySlug(definition.taxonomy, base))) throw new ApiError('duplicate_term_slug', { args: [base] });

    // The name check, the slug choice and the insert share the request's unit of work: parallel
    // creates of one name yield one term, and the others answer `term_exists` (Storage.unitOfWork).
    const slug = explicitSlug ? base : firstFreeSlug(base, await this.repository.slugsLike(definition.taxonomy, base));
    const result = await this.repository.createUnlessNameTaken(
      {
        taxonomy: definition.taxonomy,
        name,
        slug,
        description: input.description ?? '',
        parent_id: parentId,
        term_group: 0,
        language,
        created_at: nowUtc(),
      },
      definition.hierarchical,
    );
    if ('existing' in result) throw termExists(result.existing);
    return this.view(result.created, language);
  }

  /**
   * The terms an event's `categories`/`tags` input names (wire-format 5.1.2): ids that exist
   * (unknown ones are skipped, as the original does), slugs or names of existing terms (an
   * existing tag given by name links that tag: quirk #16 fixed), and new names, which create terms.
   */
  async idsForEvent(definition: TaxonomyDefinition, refs: readonly (string | number)[], language: LanguageCode): Promise<number[]> {
    const ids: number[] = [];
    for (const ref of refs) {
      const text = String(ref).trim();
      if (text === '') continue;
      const existing = /^\d+$/.test(text)
        ? await this.repository.get(definition.taxonomy, storableId(text) ?? 0)
        : ((await this.repository.findBySlug(definition.taxonomy, text)) ?? (await this.repository.findByName(definition.taxonomy, text, undefined)));
      if (existing) ids.push(existing.id);
      else if (!/^\d+$/.test(text)) ids.push(await this.createOrFind(definition, text, language));
    }
    return [...new Set(ids)];
  }

  /** Creates a top-level term by name; a parallel request that created it first wins. */
  private async createOrFind(definition: TaxonomyDefinition, name: string, language: LanguageCode): Promise<number> {
    try {
      return (await this.create(definition, { name }, language)).row.id;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'term_exists') return Number(error.data.term_id);
      throw error;
    }
  }

  /**
   * Partial. Text written in a language other than the term's original one (name, description,
   * slug) goes to that language's translation; the parent is shared.
   */
  async update(definition: TaxonomyDefinition, id: number, input: TermInput, language: LanguageCode): Promise<TermView> {
    this.refuseParentOnFlatTaxonomy(definition, input);
    const current = await this.require(definition, id);
    if (current.language !== language) {
      await this.translate(definition, current, input, language);
      input = { ...(input.parent !== undefined ? { parent: input.parent } : {}) };
    }
    const changes: Partial<Pick<TermRow, 'name' | 'slug' | 'description' | 'parent_id'>> = {};
    if (input.name !== undefined) changes.name = this.cleanName(input.name);
    if (input.description !== undefined) changes.description = input.description ?? '';
    if (input.slug !== undefined) {
      const slug = slugify(input.slug);
      if (slug === '') throw invalidParam('slug');
      const holder = await this.repository.findBySlug(definition.taxonomy, slug);
      if (holder && holder.id !== id) throw new ApiError('duplicate_term_slug', { args: [slug] });
      changes.slug = slug;
    }
    if (definition.hierarchical && input.parent !== undefined && input.parent !== current.parent_id) {
      if (input.parent !== 0 && (await this.repository.isSelfOrDescendant(id, input.parent))) throw new ApiError('rest_term_invalid_parent');
      changes.parent_id = input.parent;
    }
    if (Object.keys(changes).length === 0) return this.view(current, language);
    try {
      return this.view(await this.repository.update(id, changes), language);
    } catch (error) {
      if (this.storage.dialect.isUniqueViolation(error)) throw new ApiError('duplicate_term_slug', { args: [changes.slug ?? current.slug] });
      throw error;
    }
  }

  /**
   * Permanent, as the original always is for terms; answers with the term as it was. Asked in a
   * language other than the term's original one, removes only that translation (additive).
   */
  async remove(definition: TaxonomyDefinition, id: number, language: LanguageCode, explicitLanguage: boolean): Promise<TermView> {
    const current = await this.require(definition, id);
    if (explicitLanguage && current.language !== language) {
      if (!(await this.translations.remove(id, language))) throw new ApiError('translation-not-found');
      return this.view(current, language);
    }
    const view = await this.view(current, language);
    await this.repository.remove(current);
    return view;
  }

  /**
   * Writes a translation; its slug must be free among the slugs other terms of the taxonomy read
   * with in that language: their translated slugs and the original ones they fall back to.
   */
  private async translate(definition: TaxonomyDefinition, current: TermRow, input: TermInput, language: LanguageCode): Promise<void> {
    const text: TermText = {};
    if (input.name !== undefined) text.name = this.cleanName(input.name);
    if (input.description !== undefined) text.description = input.description ?? '';
    if (input.slug !== undefined) {
      const slug = slugify(input.slug);
      if (slug === '') throw invalidParam('slug');
      const holders = [(await this.translations.bySlugs(definition.taxonomy, language, [slug])).get(slug), (await this.repository.findBySlug(definition.taxonomy, slug))?.id];
      if (holders.some((holder) => holder !== undefined && holder !== current.id)) throw new ApiError('duplicate_term_slug', { args: [slug] });
      text.slug = slug;
    }
    if (Object.keys(text).length > 0) await this.translations.write(current.id, language, text);
  }

  private async require(definition: TaxonomyDefinition, id: number): Promise<TermRow> {
    const row = await this.repository.get(definition.taxonomy, id);
    // Removed between validation and now: answer as the validator would have.
    if (!row) throw invalidParam('id');
    return row;
  }

  private refuseParentOnFlatTaxonomy(definition: TaxonomyDefinition, input: TermInput): void {
    if (!definition.hierarchical && (input as { parent?: unknown }).parent !== undefined) throw new ApiError('rest_taxonomy_not_hierarchical');
  }

  private cleanName(name: string): string {
    const trimmed = name.trim();
    if (trimmed === '') throw invalidParam('name');
    return trimmed;
  }

  private async refuseDuplicateName(definition: TaxonomyDefinition, name: string, parentId: number): Promise<void> {
    const existing = await this.repository.findByName(definition.taxonomy, name, definition.hierarchical ? parentId : undefined);
    if (existing) throw termExists(existing);
  }

  private async view(row: TermRow, language: LanguageCode): Promise<TermView> {
    return (await this.views([row], language))[0]!;
  }

  /** Terms in the request's language, with the slug path of their archive URL (ancestors as stored). */
  async views(rows: readonly TermRow[], language: LanguageCode): Promise<TermView[]> {
    const paths = await this.repository.slugPaths(rows.filter((row) => row.parent_id !== 0).map((row) => row.id));
    const localized = await this.translations.localize(rows.map((row) => ({ row })), language);
    return localized.map(({ row, languages }) => ({ row, languages, slugPath: [...(paths.get(row.id) ?? [row.slug]).slice(0, -1), row.slug] }));
  }
}
