import type { Caller } from '../../auth/roles.ts';
import { readableBy } from '../posts/post-rules.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import type { TextFilter } from '../../content/text-filter.ts';
import { ApiError, invalidParam, invalidParams, type InvalidParam } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { PageWindow } from '../../paging.ts';
import { firstFreeSlug, slugify } from '../../slugs.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import type {
  CreatedEvent,
  TermFilter,
  TermName,
  TermsRepository,
} from '../../storage/repositories/terms.repository.ts';
import type { TermText } from '../../storage/repositories/translations.repository.ts';
import { storableId, type Taxonomy, type TermRow } from '../../storage/tables.ts';
import type { EventTerms } from '../events/events.service.ts';
import type { ImportedPlacement } from '../posts/post-rows.ts';
import { modifiedAfterIso, modifiedAfterProblem } from '../sync/modified-after.ts';
import type { Localized, TermTranslations } from '../translations/translations.ts';
import type { TermView } from './terms.mapper.ts';
import type { TermCreateInput, TermInput, TermListQuery } from './terms.schemas.ts';
import type { TaxonomyDefinition } from './taxonomy.ts';

/** Lookups of terms a write will link to: held against deletion until the unit ends (decision 0082). */
const LINKED = { toLink: true } as const;

function termExists(existing: TermRow): ApiError {
  // WordPress reports the clash twice in `additional_data`, once per payload it merged.
  return new ApiError('term_exists', {
    data: { term_id: existing.id },
    extra: { additional_data: [existing.id, existing.id] },
  });
}

/** Rules of event categories and tags, shared by both taxonomies. */
export class TermsService implements EventTerms {
  constructor(
    private readonly repository: TermsRepository,
    private readonly translations: TermTranslations,
    private readonly posts: PostsRepository,
    private readonly clock: Clock,
    private readonly text: TextFilter,
  ) {}

  // Argument validators: they run before the permission check, as the original's (wire-format 7.6).

  /** The term of the taxonomy with this id; `rest_invalid_param` names `id` when there is none. */
  async find(tx: ReadTx, definition: TaxonomyDefinition, id: number): Promise<TermRow> {
    const row = await this.lookup(tx, definition, id);
    if (!row) throw invalidParam('id');
    return row;
  }

  /** The term of the taxonomy with this id, if any. */
  lookup(tx: ReadTx, definition: TaxonomyDefinition, id: number): Promise<TermRow | undefined> {
    return this.repository.get(tx, definition.taxonomy, id);
  }

  /**
   * `include`/`exclude`: every item must be an existing term id or slug of the taxonomy. Checked
   * while listing rather than beforehand, so the lookup runs once; lists are public, so the
   * validation-before-permission order cannot differ.
   */
  private async resolveReferences(
    tx: ReadTx,
    definition: TaxonomyDefinition,
    query: Pick<TermListQuery, 'include' | 'exclude'>,
  ): Promise<{ include?: number[]; exclude?: number[] }> {
    const resolved: { include?: number[]; exclude?: number[] } = {};
    const invalid: Record<string, InvalidParam> = {};
    for (const param of ['include', 'exclude'] as const) {
      const refs = query[param];
      if (refs === undefined) continue;
      const ids = await this.idsOf(tx, definition, refs);
      if (ids === undefined) invalid[param] = { message: 'Invalid parameter.' };
      else resolved[param] = ids;
    }
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
    return resolved;
  }

  /** The ids of terms given by id or slug, in the order given; undefined when one names no term of the taxonomy. */
  async idsOf(tx: ReadTx, definition: TaxonomyDefinition, refs: readonly string[]): Promise<number[] | undefined> {
    const isNumeric = (ref: string) => /^\d+$/.test(ref);
    // A number too large to be stored names no term, like any unknown id.
    const key = (ref: string) => (isNumeric(ref) ? String(storableId(ref) ?? ref) : ref);
    const ids = refs.flatMap((ref) => (isNumeric(ref) ? (storableId(ref) ?? []) : []));
    const found = await this.repository.resolve(
      tx,
      definition.taxonomy,
      ids,
      refs.filter((ref) => !isNumeric(ref)),
    );
    if (refs.some((ref) => !found.has(key(ref)))) return undefined;
    return refs.map((ref) => found.get(key(ref))!);
  }

  async validateListQuery(
    tx: ReadTx,
    definition: TaxonomyDefinition,
    query: TermListQuery,
    caller: Caller | null,
  ): Promise<void> {
    const invalid: Record<string, InvalidParam> = {};
    if (
      definition.hierarchical &&
      query.parent !== undefined &&
      query.parent !== 0 &&
      !(await this.repository.get(tx, definition.taxonomy, query.parent))
    ) {
      invalid.parent = { message: 'Invalid parameter.' };
    }
    for (const param of ['post', 'event'] as const) {
      const eventId = query[param];
      if (eventId !== undefined && !readableBy(caller, 'tribe_event', await this.posts.ownership(tx, 'event', eventId)))
        invalid[param] = { message: 'Invalid parameter.' };
    }
    // `slug=` (nothing in it) fails the original's non-empty-string validator.
    if (query.slug !== undefined && query.slug.length === 0) invalid.slug = { message: 'Invalid parameter.' };
    const modifiedAfter = modifiedAfterProblem(query.modified_after, this.clock.now());
    if (modifiedAfter) invalid.modified_after = modifiedAfter;
    if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
  }

  async validateParent(tx: ReadTx, definition: TaxonomyDefinition, input: TermInput): Promise<void> {
    if (
      definition.hierarchical &&
      input.parent !== undefined &&
      input.parent !== 0 &&
      !(await this.repository.get(tx, definition.taxonomy, input.parent, LINKED))
    ) {
      throw invalidParam('parent');
    }
  }

  // Operations.

  async list(
    tx: ReadTx,
    definition: TaxonomyDefinition,
    query: TermListQuery,
    window: PageWindow,
    language: LanguageCode,
  ): Promise<{ items: TermView[]; total: number }> {
    const references = await this.resolveReferences(tx, definition, query);
    // The `slug` filter also matches slugs translated into the request's language.
    const translatedSlugs = query.slug
      ? [...(await this.translations.bySlugs(tx, definition.taxonomy, language, query.slug)).values()]
      : [];
    const filter: TermFilter = {
      taxonomy: definition.taxonomy,
      hierarchical: definition.hierarchical,
      hideEmpty: query.hide_empty,
      ...references,
      ...(definition.hierarchical && query.parent !== undefined ? { parentId: query.parent } : {}),
      ...((query.event ?? query.post) ? { eventId: query.event ?? query.post } : {}),
      ...(query.slug ? { slugs: query.slug, slugIds: translatedSlugs } : {}),
      ...(query.search !== undefined ? { search: { text: query.search, language } } : {}),
      ...(query.modified_after !== undefined
        ? { changedAfter: modifiedAfterIso(query.modified_after, this.clock.now()) }
        : {}),
    };
    const [rows, total] = await Promise.all([
      this.repository.list(tx, filter, {
        orderBy: query.orderby ?? 'name',
        descending: query.order === 'desc',
        limit: window.perPage,
        // Tags honour WordPress' `offset` (they are not hierarchical), which replaces the page offset.
        offset: !definition.hierarchical && query.offset !== undefined ? query.offset : window.offset,
      }),
      this.repository.count(tx, filter),
    ]);
    return { items: await this.views(tx, rows, language), total };
  }

  /** The terms among `ids`, empty ones too, in `language`: what a sync answer shows of them (decision 0029). */
  async listed(
    tx: ReadTx,
    definition: TaxonomyDefinition,
    ids: readonly number[],
    language: LanguageCode,
  ): Promise<TermView[]> {
    const filter: TermFilter = {
      taxonomy: definition.taxonomy,
      hierarchical: definition.hierarchical,
      hideEmpty: false,
      include: ids,
    };
    return this.views(
      tx,
      await this.repository.list(tx, filter, { orderBy: 'id', descending: false, limit: ids.length, offset: 0 }),
      language,
    );
  }

  /** A new term; an importer's `placement` gives it the source's id (the slug comes as `input.slug`). */
  async create(
    tx: WriteTx,
    definition: TaxonomyDefinition,
    input: TermCreateInput,
    language: LanguageCode,
    caller: Caller,
    placement: Pick<ImportedPlacement, 'id'> = {},
  ): Promise<TermView> {
    this.refuseParentOnFlatTaxonomy(definition, input);
    const name = this.cleanName(input.name, caller);
    const parentId = definition.hierarchical ? (input.parent ?? 0) : 0;
    await this.repository.lockName(tx, definition.taxonomy, name);
    await this.refuseDuplicateName(tx, definition, name, parentId);
    const explicitSlug = input.slug !== undefined;
    const base = slugify(input.slug ?? name) || slugify(definition.singular);
    await this.repository.lockSlugFamily(tx, definition.taxonomy, base);
    if (explicitSlug && (await this.repository.findBySlug(tx, definition.taxonomy, base)))
      throw new ApiError('duplicate_term_slug', { args: [base] });

    // The name check, the slug choice and the insert share the request's unit of work: parallel
    // creates of one name yield one term, and the others answer `term_exists`: the name's and the slug
    // family's locks make them wait for each other (decision 0081; SQLite has one writer anyway).
    const slug = explicitSlug
      ? base
      : firstFreeSlug(base, await this.repository.slugsLike(tx, definition.taxonomy, base));
    const result = await this.repository.createUnlessNameTaken(
      tx,
      {
        ...(placement.id === undefined ? {} : { id: placement.id }),
        taxonomy: definition.taxonomy,
        name,
        slug,
        description: this.cleanDescription(input.description, caller),
        parent_id: parentId,
        term_group: 0,
        language,
        created_at: nowUtc(this.clock),
      },
      definition.hierarchical,
    );
    if ('existing' in result) throw termExists(result.existing);
    return this.view(tx, result.created, language);
  }

  /**
   * The terms an event's `categories`/`tags` input names (wire-format 5.1.2): ids that exist
   * (unknown ones are skipped, as the original does), slugs or names of existing terms (an
   * existing tag given by name links that tag: quirk #16 fixed), and new names, which create terms.
   * Names are filtered as the caller's text before they are looked up, so a name that filters to
   * an existing term's links that term.
   */
  async idsForEvent(
    tx: WriteTx,
    definition: TaxonomyDefinition,
    refs: readonly (string | number)[],
    language: LanguageCode,
    caller: Caller,
  ): Promise<number[]> {
    const ids: number[] = [];
    for (const ref of refs) {
      const text = this.text.inline(String(ref), caller).trim();
      if (text === '') continue;
      // A name that is not found creates a term: looked up under the name's lock, as create does.
      if (!/^\d+$/.test(text)) await this.repository.lockName(tx, definition.taxonomy, text);
      const existing = /^\d+$/.test(text)
        ? await this.repository.get(tx, definition.taxonomy, storableId(text) ?? 0, LINKED)
        : ((await this.repository.findBySlug(tx, definition.taxonomy, text, LINKED)) ??
          (await this.repository.findByName(tx, definition.taxonomy, text, undefined, LINKED)));
      if (existing) ids.push(existing.id);
      else if (!/^\d+$/.test(text))
        ids.push((await this.create(tx, definition, { name: text }, language, caller)).row.id);
    }
    return [...new Set(ids)];
  }

  /**
   * Partial. Text written in a language other than the term's original one (name, description,
   * slug) goes to that language's translation; the parent is shared.
   */
  async update(
    tx: WriteTx,
    definition: TaxonomyDefinition,
    current: TermRow,
    input: TermInput,
    language: LanguageCode,
    caller: Caller,
  ): Promise<TermView> {
    this.refuseParentOnFlatTaxonomy(definition, input);
    const { id } = current;
    if (current.language !== language) {
      await this.translate(tx, definition, current, input, language, caller);
      input = { ...(input.parent !== undefined ? { parent: input.parent } : {}) };
    }
    const changes: Partial<Pick<TermRow, 'name' | 'slug' | 'description' | 'parent_id'>> = {};
    if (input.name !== undefined) changes.name = this.cleanName(input.name, caller);
    if (input.description !== undefined) changes.description = this.cleanDescription(input.description, caller);
    if (input.slug !== undefined) {
      const slug = slugify(input.slug);
      if (slug === '') throw invalidParam('slug');
      await this.repository.lockSlugFamily(tx, definition.taxonomy, slug);
      const holder = await this.repository.findBySlug(tx, definition.taxonomy, slug);
      if (holder && holder.id !== id) throw new ApiError('duplicate_term_slug', { args: [slug] });
      changes.slug = slug;
    }
    if (definition.hierarchical && input.parent !== undefined && input.parent !== current.parent_id) {
      if (input.parent !== 0 && (await this.repository.isSelfOrDescendant(tx, id, input.parent)))
        throw new ApiError('rest_term_invalid_parent');
      changes.parent_id = input.parent;
    }
    if (Object.keys(changes).length === 0) return this.view(tx, current, language);
    const updated = await this.repository.update(tx, id, changes);
    if (updated === 'slug-taken') throw new ApiError('duplicate_term_slug', { args: [changes.slug ?? current.slug] });
    return this.view(tx, updated, language);
  }

  /**
   * Permanent, as the original always is for terms; answers with the term as it was. Asked in a
   * language other than the term's original one, removes only that translation (additive).
   */
  async remove(tx: WriteTx, current: TermRow, language: LanguageCode, explicitLanguage: boolean): Promise<TermView> {
    const { id } = current;
    if (explicitLanguage && current.language !== language) {
      if (!(await this.translations.remove(tx, id, language))) throw new ApiError('translation-not-found');
      return this.view(tx, current, language);
    }
    const view = await this.view(tx, current, language);
    await this.repository.remove(tx, current);
    return view;
  }

  /**
   * Writes a translation; its slug must be free among the slugs other terms of the taxonomy read
   * with in that language: their translated slugs and the original ones they fall back to.
   */
  private async translate(
    tx: WriteTx,
    definition: TaxonomyDefinition,
    current: TermRow,
    input: TermInput,
    language: LanguageCode,
    caller: Caller,
  ): Promise<void> {
    const text: TermText = {};
    if (input.name !== undefined) text.name = this.cleanName(input.name, caller);
    if (input.description !== undefined) text.description = this.cleanDescription(input.description, caller);
    if (input.slug !== undefined) {
      const slug = slugify(input.slug);
      if (slug === '') throw invalidParam('slug');
      await this.repository.lockSlugFamily(tx, definition.taxonomy, slug);
      const holders = [
        (await this.translations.bySlugs(tx, definition.taxonomy, language, [slug])).get(slug),
        (await this.repository.findBySlug(tx, definition.taxonomy, slug))?.id,
      ];
      if (holders.some((holder) => holder !== undefined && holder !== current.id))
        throw new ApiError('duplicate_term_slug', { args: [slug] });
      text.slug = slug;
    }
    if (Object.keys(text).length > 0) await this.translations.write(tx, current.id, language, text);
  }

  private refuseParentOnFlatTaxonomy(definition: TaxonomyDefinition, input: TermInput): void {
    if (!definition.hierarchical && (input as { parent?: unknown }).parent !== undefined)
      throw new ApiError('rest_taxonomy_not_hierarchical');
  }

  /** The name as stored: filtered as the caller's text, and not empty once filtered. */
  private cleanName(name: string, caller: Caller): string {
    const trimmed = this.text.inline(name, caller).trim();
    if (trimmed === '') throw invalidParam('name');
    return trimmed;
  }

  /** A description as stored: inline markup only for filtered callers, as WordPress' pre_term_description. */
  private cleanDescription(description: string | null | undefined, caller: Caller): string {
    return description ? this.text.inline(description, caller) : '';
  }

  private async refuseDuplicateName(
    tx: ReadTx,
    definition: TaxonomyDefinition,
    name: string,
    parentId: number,
  ): Promise<void> {
    const existing = await this.repository.findByName(
      tx,
      definition.taxonomy,
      name,
      definition.hierarchical ? parentId : undefined,
    );
    if (existing) throw termExists(existing);
  }

  async view(tx: ReadTx, row: TermRow, language: LanguageCode): Promise<TermView> {
    return (await this.views(tx, [row], language))[0]!;
  }

  /** Terms in the request's language, with the slug path of their archive URL (ancestors as stored). */
  async views(tx: ReadTx, rows: readonly TermRow[], language: LanguageCode): Promise<TermView[]> {
    const paths = await this.repository.slugPaths(
      tx,
      rows.filter((row) => row.parent_id !== 0).map((row) => row.id),
    );
    const localized = await this.translations.localize(
      tx,
      rows.map((row) => ({ row })),
      language,
    );
    return localized.map(({ row, languages }) => ({
      row,
      languages,
      slugPath: [...(paths.get(row.id) ?? [row.slug]).slice(0, -1), row.slug],
    }));
  }

  // What events need of terms (EventTerms).

  withDescendants(tx: ReadTx, ids: readonly number[]): Promise<number[]> {
    return this.repository.withDescendants(tx, ids);
  }

  termsOfEvents(tx: ReadTx, eventIds: readonly number[]): Promise<Map<number, TermRow[]>> {
    return this.repository.termsOfEvents(tx, eventIds);
  }

  termNames(tx: ReadTx, ids: readonly number[]): Promise<TermName[]> {
    return this.repository.names(tx, ids);
  }

  termsInNameOrder(tx: ReadTx): Promise<number[]> {
    return this.repository.inNameOrder(tx);
  }

  setEventTerms(
    tx: WriteTx,
    eventId: number,
    taxonomy: Taxonomy,
    termIds: readonly number[],
    created?: CreatedEvent,
  ): Promise<void> {
    return this.repository.setEventTerms(tx, eventId, taxonomy, termIds, created);
  }

  shiftCounts(tx: WriteTx, termIds: readonly number[], step: number): Promise<void> {
    return this.repository.shiftCounts(tx, termIds, step);
  }

  localize(
    tx: ReadTx,
    items: readonly { row: TermRow }[],
    language: LanguageCode,
  ): Promise<Localized<{ row: TermRow }>[]> {
    return this.translations.localize(tx, items, language);
  }

  /** Terms with only their name in `language` (TermTranslations.names). */
  names(tx: ReadTx, terms: readonly TermName[], language: LanguageCode): Promise<Localized<{ row: TermName }>[]> {
    return this.translations.names(tx, terms, language);
  }
}
