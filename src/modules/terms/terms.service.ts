import { nowUtc } from '../../clock.ts';
import { ApiError, invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import type { PageWindow } from '../../http/pagination.ts';
import { firstFreeSlug, slugify } from '../../slugs.ts';
import type { Storage } from '../../storage/database.ts';
import { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import { TermsRepository, type TermFilter } from '../../storage/repositories/terms.repository.ts';
import type { TermRow } from '../../storage/tables.ts';
import type { TermView } from './terms.mapper.ts';
import type { TermInput, TermListQuery } from './terms.schemas.ts';
import type { TaxonomyDefinition } from './taxonomy.ts';

/** Concurrent creates that may take the chosen slug before we give up (each retry looks again). */
const MAX_SLUG_RACES = 10;

function termExists(existing: TermRow): ApiError {
  // WordPress reports the clash twice in `additional_data`, once per payload it merged.
  return new ApiError('term_exists', { data: { term_id: existing.id }, extra: { additional_data: [existing.id, existing.id] } });
}

/** Rules of event categories and tags, shared by both taxonomies. */
export class TermsService {
  readonly repository: TermsRepository;
  private readonly posts: PostsRepository;

  constructor(private readonly storage: Storage) {
    this.repository = new TermsRepository(storage.db);
    this.posts = new PostsRepository(storage.db);
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
      const ids = refs.filter((ref) => /^\d+$/.test(ref)).map(Number);
      const found = await this.repository.resolve(definition.taxonomy, ids, refs.filter((ref) => !/^\d+$/.test(ref)));
      if (refs.some((ref) => !found.has(/^\d+$/.test(ref) ? String(Number(ref)) : ref))) invalid[param] = { message: 'Invalid parameter.' };
      else resolved[param] = refs.map((ref) => found.get(/^\d+$/.test(ref) ? String(Number(ref)) : ref)!);
    }
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
    return resolved;
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

  async list(definition: TaxonomyDefinition, query: TermListQuery, window: PageWindow): Promise<{ items: TermView[]; total: number }> {
    const references = await this.resolveReferences(definition, query);
    const filter: TermFilter = {
      taxonomy: definition.taxonomy,
      hierarchical: definition.hierarchical,
      hideEmpty: query.hide_empty,
      ...references,
      ...(definition.hierarchical && query.parent !== undefined ? { parentId: query.parent } : {}),
      ...(query.post ?? query.event ? { eventId: query.post ?? query.event } : {}),
      ...(query.slug ? { slugs: query.slug } : {}),
      ...(query.search !== undefined ? { search: query.search } : {}),
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
    return { items: await this.views(rows), total };
  }

  async get(definition: TaxonomyDefinition, id: number): Promise<TermView> {
    return this.view(await this.require(definition, id));
  }

  async create(definition: TaxonomyDefinition, input: TermInput & { name: string }, language: string): Promise<TermView> {
    this.refuseParentOnFlatTaxonomy(definition, input);
    const name = this.cleanName(input.name);
    const parentId = definition.hierarchical ? (input.parent ?? 0) : 0;
    await this.refuseDuplicateName(definition, name, parentId);
    const explicitSlug = input.slug !== undefined;
    const base = slugify(input.slug ?? name) || slugify(definition.singular);
    if (explicitSlug && (await this.repository.findBySlug(definition.taxonomy, base))) throw new ApiError('duplicate_term_slug', { args: [base] });

    // The name check and the insert share one transaction (parallel creates of one name yield one
    // term); the unique (taxonomy, slug) index settles slug races: on a collision look again.
    for (let attempt = 1; attempt <= MAX_SLUG_RACES; attempt++) {
      const slug = explicitSlug ? base : firstFreeSlug(base, await this.repository.slugsLike(definition.taxonomy, base));
      try {
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
        return this.view(result.created);
      } catch (error) {
        if (!this.storage.dialect.isUniqueViolation(error)) throw error;
        if (explicitSlug) throw new ApiError('duplicate_term_slug', { args: [slug] });
      }
    }
    throw new ApiError('duplicate_term_slug', { args: [base] });
  }

  /**
   * The terms an event's `categories`/`tags` input names (wire-format 5.1.2): ids that exist
   * (unknown ones are skipped, as the original does), slugs or names of existing terms (an
   * existing tag given by name links that tag: quirk #16 fixed), and new names, which create terms.
   */
  async idsForEvent(definition: TaxonomyDefinition, refs: readonly (string | number)[], language: string): Promise<number[]> {
    const ids: number[] = [];
    for (const ref of refs) {
      const text = String(ref).trim();
      if (text === '') continue;
      const existing = /^\d+$/.test(text)
        ? await this.repository.get(definition.taxonomy, Number(text))
        : ((await this.repository.findBySlug(definition.taxonomy, text)) ?? (await this.repository.findByName(definition.taxonomy, text, undefined)));
      if (existing) ids.push(existing.id);
      else if (!/^\d+$/.test(text)) ids.push(await this.createOrFind(definition, text, language));
    }
    return [...new Set(ids)];
  }

  /** Creates a top-level term by name; a parallel request that created it first wins. */
  private async createOrFind(definition: TaxonomyDefinition, name: string, language: string): Promise<number> {
    try {
      return (await this.create(definition, { name }, language)).row.id;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'term_exists') return Number(error.data.term_id);
      throw error;
    }
  }

  async update(definition: TaxonomyDefinition, id: number, input: TermInput): Promise<TermView> {
    this.refuseParentOnFlatTaxonomy(definition, input);
    const current = await this.require(definition, id);
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
    if (Object.keys(changes).length === 0) return this.view(current);
    try {
      return this.view(await this.repository.update(id, changes));
    } catch (error) {
      if (this.storage.dialect.isUniqueViolation(error)) throw new ApiError('duplicate_term_slug', { args: [changes.slug ?? current.slug] });
      throw error;
    }
  }

  /** Permanent, as the original always is for terms; answers with the term as it was. */
  async remove(definition: TaxonomyDefinition, id: number): Promise<TermView> {
    const view = await this.get(definition, id);
    await this.repository.remove(view.row);
    return view;
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

  private async view(row: TermRow): Promise<TermView> {
    return (await this.views([row]))[0]!;
  }

  private async views(rows: readonly TermRow[]): Promise<TermView[]> {
    const paths = await this.repository.slugPaths(rows.filter((row) => row.parent_id !== 0).map((row) => row.id));
    return rows.map((row) => ({ row, slugPath: paths.get(row.id) ?? [row.slug] }));
  }
}
