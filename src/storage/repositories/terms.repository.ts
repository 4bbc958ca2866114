import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { containsAny, NEVER, NEXT_VERSION } from '../conditions.ts';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import { slugFamilyRoot } from '../../slugs.ts';
import { inList } from '../in-list-padding.ts';
import { TranslationsRepository } from './translations.repository.ts';
import { unlessTaken } from './unique.ts';
import type { Database, NewTerm, Taxonomy, TermRow, TermUpdate } from '../tables.ts';

/** A term as an export names it: its translations' key, its name and taxonomy. */
export type TermName = Pick<TermRow, 'id' | 'language' | 'name' | 'taxonomy'>;

export type TermOrderBy = 'name' | 'id' | 'include' | 'slug' | 'include_slugs' | 'term_group' | 'description' | 'count';

export interface TermFilter {
  readonly taxonomy: Taxonomy;
  readonly include?: readonly number[];
  readonly exclude?: readonly number[];
  readonly parentId?: number;
  readonly eventId?: number;
  readonly slugs?: readonly string[];
  /** Terms whose slug in the request's language is one of `slugs` (translations). */
  readonly slugIds?: readonly number[];
  /** Name or slug contains the text, in the original or in the request's language. */
  readonly search?: { readonly text: string; readonly language: string };
  readonly hideEmpty: boolean;
  /** Hierarchical taxonomies keep an empty term whose descendants are not empty (WordPress' get_terms). */
  readonly hierarchical: boolean;
  /**
   * Terms the record-change journal shows changed after this ISO-8601 instant (`modified_after`;
   * terms keep no modification time of their own; decision 0029).
   */
  readonly changedAfter?: string;
}

export interface TermPage {
  readonly orderBy: TermOrderBy;
  readonly descending: boolean;
  readonly limit: number;
  readonly offset: number;
}

type TermsBuilder = ExpressionBuilder<Database, 'terms'>;

/** Event categories and tags, and their links to events. */
/** What a write unit knows of an event it created itself: it has no terms or links yet, this status and this many occurrences. */
export interface CreatedEvent {
  readonly status: string;
  readonly occurrences: number;
}

export class TermsRepository {
  constructor(private readonly dialect: DialectCapabilities) {}

  private where(filter: TermFilter) {
    return (eb: TermsBuilder): Expression<SqlBool> => {
      const conditions: Expression<SqlBool>[] = [eb('terms.taxonomy', '=', filter.taxonomy)];
      if (filter.include) conditions.push(filter.include.length > 0 ? eb('terms.id', 'in', filter.include) : NEVER);
      if (filter.exclude && filter.exclude.length > 0) conditions.push(eb('terms.id', 'not in', filter.exclude));
      if (filter.parentId !== undefined) conditions.push(eb('terms.parent_id', '=', filter.parentId));
      if (filter.slugs) {
        const bySlug = filter.slugs.length > 0 ? eb('terms.slug', 'in', filter.slugs) : NEVER;
        conditions.push(filter.slugIds?.length ? eb.or([bySlug, eb('terms.id', 'in', filter.slugIds)]) : bySlug);
      }
      if (filter.changedAfter !== undefined) {
        conditions.push(
          eb(
            'terms.id',
            'in',
            eb
              .selectFrom('record_changes')
              .select('record_changes.record_id')
              .where('record_changes.resource', '=', filter.taxonomy)
              .where('record_changes.changed_at', '>', filter.changedAfter),
          ),
        );
      }
      if (filter.eventId !== undefined) {
        conditions.push(
          eb(
            'terms.id',
            'in',
            eb
              .selectFrom('event_terms')
              .select('event_terms.term_id')
              .where('event_terms.event_id', '=', filter.eventId),
          ),
        );
      }
      if (filter.search !== undefined) {
        const { text, language } = filter.search;
        conditions.push(
          eb.or([
            containsAny(['terms.name', 'terms.slug'], text),
            TranslationsRepository.termTextContains('terms.id', language, text),
          ]),
        );
      }
      if (filter.hideEmpty && filter.hierarchical) {
        // Non-empty terms and all their ancestors; UNION (not ALL) also stops on a parent cycle.
        conditions.push(sql<SqlBool>`terms.id in (
          with recursive kept(id, parent_id) as (
            select id, parent_id from terms where taxonomy = ${filter.taxonomy} and count > 0
            union
            select t.id, t.parent_id from terms t join kept on t.id = kept.parent_id
          ) select id from kept)`);
      } else if (filter.hideEmpty) conditions.push(eb('terms.count', '>', 0));
      return eb.and(conditions);
    };
  }

  async count(db: ReadTx, filter: TermFilter): Promise<number> {
    const row = await db
      .selectFrom('terms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(this.where(filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  list(db: ReadTx, filter: TermFilter, page: TermPage): Promise<TermRow[]> {
    const direction = page.descending ? 'desc' : 'asc';
    let query = db.selectFrom('terms').selectAll().where(this.where(filter));
    const positional = (column: 'id' | 'slug', values: readonly (number | string)[]) =>
      sql`case ${sql.ref(`terms.${column}`)} ${sql.join(
        values.map((value, index) => sql`when ${value} then ${index}`),
        sql` `,
      )} else ${values.length} end`;
    switch (page.orderBy) {
      case 'include':
        query = filter.include?.length
          ? query.orderBy(positional('id', filter.include), direction)
          : query.orderBy(sql`lower(terms.name)`, direction);
        break;
      case 'include_slugs':
        query = filter.slugs?.length
          ? query.orderBy(positional('slug', filter.slugs), direction)
          : query.orderBy(sql`lower(terms.name)`, direction);
        break;
      case 'name':
        query = query.orderBy(sql`lower(terms.name)`, direction);
        break;
      default:
        query = query.orderBy(`terms.${page.orderBy}`, direction);
    }
    return query.orderBy('terms.id', direction).limit(page.limit).offset(page.offset).execute();
  }

  /** `toLink` (here and in findBySlug, findByName): a write will link to the term, so a write unit holds it against deletion until it ends (decision 0082). */
  get(db: ReadTx, taxonomy: Taxonomy, id: number, { toLink = false } = {}): Promise<TermRow | undefined> {
    return this.linking(
      db,
      toLink,
      db.selectFrom('terms').selectAll().where('taxonomy', '=', taxonomy).where('id', '=', id),
    ).executeTakeFirst();
  }

  /** Ids of the given ids or slugs that exist in the taxonomy, keyed by the reference given. */
  async resolve(
    db: ReadTx,
    taxonomy: Taxonomy,
    ids: readonly number[],
    slugs: readonly string[],
  ): Promise<Map<string, number>> {
    if (ids.length === 0 && slugs.length === 0) return new Map();
    const rows = await db
      .selectFrom('terms')
      .select(['id', 'slug'])
      .where('taxonomy', '=', taxonomy)
      .where((eb) =>
        eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(slugs.length ? [eb('slug', 'in', slugs)] : [])]),
      )
      .execute();
    const found = new Map<string, number>();
    for (const row of rows) {
      if (ids.includes(row.id)) found.set(String(row.id), row.id);
      if (slugs.includes(row.slug)) found.set(row.slug, row.id);
    }
    return found;
  }

  findBySlug(db: ReadTx, taxonomy: Taxonomy, slug: string, { toLink = false } = {}): Promise<TermRow | undefined> {
    return this.linking(
      db,
      toLink,
      db.selectFrom('terms').selectAll().where('taxonomy', '=', taxonomy).where('slug', '=', slug),
    ).executeTakeFirst();
  }

  /** Makes other units choosing a slug of the taxonomy that numbering from `base` could give wait until this unit ends (decision 0081). */
  lockSlugFamily(db: WriteTx, taxonomy: Taxonomy, base: string): Promise<void> {
    return this.dialect.lockKey(db, `slug:${taxonomy}:${slugFamilyRoot(base)}`);
  }

  /** The slugs of the taxonomy equal to `base` or of the form `base-…`. */
  async slugsLike(db: ReadTx, taxonomy: Taxonomy, base: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom('terms')
      .select('slug')
      .where('taxonomy', '=', taxonomy)
      .where(this.dialect.slugFamily('terms.slug', base))
      .execute();
    return new Set(rows.map((row) => row.slug));
  }

  /**
   * Makes other units looking this name up in the taxonomy (findByName, under any parent, compared
   * without case) wait until this unit ends: parallel creates of one name yield one term (decision 0081).
   */
  lockName(db: WriteTx, taxonomy: Taxonomy, name: string): Promise<void> {
    return this.dialect.lockKey(db, `name:${taxonomy}:${name.toLowerCase()}`);
  }

  /** A term of the same name under the same parent, compared without case as WordPress' term_exists. */
  findByName(
    db: ReadTx,
    taxonomy: Taxonomy,
    name: string,
    parentId: number | undefined,
    { toLink = false } = {},
  ): Promise<TermRow | undefined> {
    // lower() on both sides, so both engines compare names alike ("Église" and "ÉGLISE" are one name).
    let query = db
      .selectFrom('terms')
      .selectAll()
      .where('taxonomy', '=', taxonomy)
      .where(sql<SqlBool>`lower(name) = lower(${name})`);
    if (parentId !== undefined) query = query.where('parent_id', '=', parentId);
    return this.linking(db, toLink, query).orderBy('id').executeTakeFirst();
  }

  private linking<O>(
    db: ReadTx,
    toLink: boolean,
    query: SelectQueryBuilder<Database, 'terms', O>,
  ): SelectQueryBuilder<Database, 'terms', O> {
    return toLink ? this.dialect.lockLinked(db, query, 'terms') : query;
  }

  /** For each id, the slugs from its root ancestor down to itself (category archive URLs nest them). */
  async slugPaths(db: ReadTx, ids: readonly number[]): Promise<Map<number, string[]>> {
    const paths = new Map<number, string[]>();
    if (ids.length === 0) return paths;
    const { rows } = await sql<{ origin: number; slug: string; depth: number }>`
      with recursive chain(id, parent_id, slug, origin, depth) as (
        select id, parent_id, slug, id, 0 from terms where id in (${sql.join([...new Set(ids)])})
        union all
        select t.id, t.parent_id, t.slug, chain.origin, chain.depth + 1
        from terms t join chain on t.id = chain.parent_id
        where chain.depth < 64
      ) select origin, slug, depth from chain order by origin, depth desc`.execute(db);
    for (const row of rows) paths.set(Number(row.origin), [...(paths.get(Number(row.origin)) ?? []), row.slug]);
    return paths;
  }

  /** The terms and all their descendants (a category filter also matches its sub-categories). */
  async withDescendants(db: ReadTx, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: number }>`
      with recursive tree(id) as (
        select id from terms where id in (${sql.join([...new Set(ids)])})
        union
        select t.id from terms t join tree on t.parent_id = tree.id
      ) select id from tree`.execute(db);
    return rows.map((row) => Number(row.id));
  }

  /** True when `candidateId` is `termId` itself or one of its descendants. */
  async isSelfOrDescendant(db: ReadTx, termId: number, candidateId: number): Promise<boolean> {
    const paths = await db
      .withRecursive('chain(id, parent_id, depth)', (db) =>
        db
          .selectFrom('terms')
          .select(['id', 'parent_id', sql<number>`0`.as('depth')])
          .where('id', '=', candidateId)
          .unionAll(
            db
              .selectFrom('terms')
              .innerJoin('chain', 'chain.parent_id', 'terms.id')
              .select(['terms.id', 'terms.parent_id', sql<number>`chain.depth + 1`.as('depth')])
              .where('chain.depth', '<', 64),
          ),
      )
      .selectFrom('chain')
      .select('id')
      .where('id', '=', termId)
      .executeTakeFirst();
    return paths !== undefined;
  }

  /**
   * Inserts the term unless one of the same name exists (under the same parent when `sameParentOnly`).
   * Parallel creates of one name yield one term because writes run one at a time, each seeing the
   * ones before it (Storage.write): the check and the insert need no transaction of their own.
   */
  async createUnlessNameTaken(
    db: WriteTx,
    term: NewTerm,
    sameParentOnly: boolean,
  ): Promise<{ created: TermRow } | { existing: TermRow }> {
    const existing = await this.findByName(db, term.taxonomy, term.name, sameParentOnly ? term.parent_id : undefined);
    return existing ? { existing } : { created: await this.create(db, term) };
  }

  create(db: WriteTx, term: NewTerm): Promise<TermRow> {
    return db.insertInto('terms').values(term).returningAll().executeTakeFirstOrThrow();
  }

  /** The updated term, or `slug-taken` when another term of the taxonomy holds the new slug. */
  update(db: WriteTx, id: number, changes: TermUpdate): Promise<TermRow | 'slug-taken'> {
    return unlessTaken(
      this.dialect,
      () =>
        db
          .updateTable('terms')
          .set({ ...changes, version: NEXT_VERSION })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      'slug-taken',
    );
  }

  /** Deletes a term permanently; its children move up to its parent, as WordPress does. */
  async remove(db: WriteTx, term: TermRow): Promise<void> {
    await db
      .updateTable('terms')
      .set({ parent_id: term.parent_id, version: NEXT_VERSION })
      .where('taxonomy', '=', term.taxonomy)
      .where('parent_id', '=', term.id)
      .execute();
    await db.deleteFrom('event_terms').where('term_id', '=', term.id).execute();
    await db.deleteFrom('terms').where('id', '=', term.id).execute();
  }

  /**
   * Replaces an event's terms of one taxonomy. When the event is published, the terms it joins
   * count its occurrences more and the terms it leaves as many less (WordPress' term count:
   * published events, each occurrence of a series counting as one; decision 0025).
   * Counts move by steps rather than by counting each term's events again, which cost one index
   * walk per term per write (6 ms per update at 10,000 events, ten times that at 100,000); the
   * steps are exact because write units run one at a time (Storage.write). An event created in
   * the unit (`created`) has no terms yet, and its status and occurrences are known: nothing of
   * it is read again.
   */
  async setEventTerms(
    db: WriteTx,
    eventId: number,
    taxonomy: Taxonomy,
    termIds: readonly number[],
    created?: CreatedEvent,
  ): Promise<void> {
    const previous = created
      ? []
      : await db
          .selectFrom('event_terms')
          .innerJoin('terms', 'terms.id', 'event_terms.term_id')
          .select('terms.id')
          .where('event_terms.event_id', '=', eventId)
          .where('terms.taxonomy', '=', taxonomy)
          .execute();
    const before = new Set(previous.map((row) => row.id));
    const after = new Set(termIds);
    const left = [...before].filter((id) => !after.has(id));
    const joined = [...after].filter((id) => !before.has(id));
    if (left.length > 0)
      await db.deleteFrom('event_terms').where('event_id', '=', eventId).where('term_id', 'in', left).execute();
    if (joined.length > 0)
      await db
        .insertInto('event_terms')
        .values(joined.map((termId) => ({ event_id: eventId, term_id: termId })))
        .execute();
    const status = created
      ? created.status
      : (await db.selectFrom('posts').select('status').where('id', '=', eventId).executeTakeFirst())?.status;
    if (status !== 'publish') return;
    // Each occurrence of a series counts (decision 0025); a single event has one.
    const weight = created
      ? created.occurrences
      : Number(
          (
            await db
              .selectFrom('event_occurrences')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('event_id', '=', eventId)
              .executeTakeFirstOrThrow()
          ).n,
        );
    await this.shiftCounts(db, joined, weight);
    await this.shiftCounts(db, left, -weight);
  }

  /**
   * A published event's occurrences entering (> 0) or leaving (< 0) the counts of its terms: a
   * status change, a trash, a removal, a series gaining or losing dates.
   */
  async shiftCounts(db: WriteTx, termIds: readonly number[], step: number): Promise<void> {
    const ids = [...new Set(termIds)];
    if (ids.length === 0 || step === 0) return;
    await db
      .updateTable('terms')
      .set({ count: sql<number>`count + ${step}` })
      .where('id', 'in', ids)
      .execute();
  }

  /** The terms of each event, both taxonomies, by name (wire-format 2.1 `categories`). */
  async termsOfEvents(db: ReadTx, eventIds: readonly number[]): Promise<Map<number, TermRow[]>> {
    const terms = new Map<number, TermRow[]>();
    if (eventIds.length === 0) return terms;
    const rows = await db
      .selectFrom('event_terms as et')
      .innerJoin('terms as t', 't.id', 'et.term_id')
      .selectAll('t')
      .select('et.event_id')
      .where('et.event_id', 'in', inList(eventIds))
      .orderBy(sql`lower(t.name)`)
      .orderBy('t.id')
      .execute();
    for (const { event_id: eventId, ...term } of rows) {
      const own = terms.get(eventId);
      if (own) own.push(term);
      else terms.set(eventId, [term]);
    }
    return terms;
  }

  /**
   * Every term's id in the order `termsOfEvents` gives an event's terms (by name, case-insensitive,
   * then id): what the CSV export orders an event's terms by (decision 0136).
   */
  async inNameOrder(db: ReadTx): Promise<number[]> {
    const rows = await db
      .selectFrom('terms')
      .select('id')
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Terms by id with only what a name needs (the CSV export, decisions 0132 and 0136). */
  names(db: ReadTx, ids: readonly number[]): Promise<TermName[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('terms')
      .select(['id', 'language', 'name', 'taxonomy'])
      .where('id', 'in', inList(ids))
      .execute();
  }
}
