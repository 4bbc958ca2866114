import { sql, type Selectable, type SqlBool } from 'kysely';
import { likePattern, NEXT_VERSION } from '../conditions.ts';
import type { ReadTx, WriteTx } from '../types.ts';
import { inList } from '../in-list-padding.ts';
import type { PostTranslationsTable, PostType, Taxonomy, TermTranslationsTable } from '../tables.ts';

export type PostTranslationRow = Selectable<PostTranslationsTable>;
export type TermTranslationRow = Selectable<TermTranslationsTable>;
export type PostText = Partial<Pick<PostTranslationRow, 'title' | 'content' | 'excerpt' | 'slug'>>;
export type TermText = Partial<Pick<TermTranslationRow, 'name' | 'description' | 'slug'>>;

/** Every translation of each record, by record id then language: one query for a whole page. */
function byRecord<T extends { language: string }>(
  rows: readonly T[],
  idOf: (row: T) => number,
): Map<number, Map<string, T>> {
  const out = new Map<number, Map<string, T>>();
  for (const row of rows) {
    const id = idOf(row);
    if (!out.has(id)) out.set(id, new Map());
    out.get(id)!.set(row.language, row);
  }
  return out;
}

/** The text of records in languages other than their original one (decisions.md section 5). */
export class TranslationsRepository {
  /** The translation into `language` of each post among `postIds` that has one. */
  async postTextsIn(
    db: ReadTx,
    postIds: readonly number[],
    language: string,
  ): Promise<Map<number, PostTranslationRow>> {
    const rows = await db
      .selectFrom('post_translations')
      .selectAll()
      .where('language', '=', language)
      .where('post_id', 'in', inList(postIds))
      .execute();
    return new Map(rows.map((row) => [row.post_id, row]));
  }

  async forPosts(db: ReadTx, postIds: readonly number[]): Promise<Map<number, Map<string, PostTranslationRow>>> {
    if (postIds.length === 0) return new Map();
    const rows = await db.selectFrom('post_translations').selectAll().where('post_id', 'in', inList(postIds)).execute();
    return byRecord(rows, (row) => row.post_id);
  }

  async forTerms(db: ReadTx, termIds: readonly number[]): Promise<Map<number, Map<string, TermTranslationRow>>> {
    if (termIds.length === 0) return new Map();
    const rows = await db.selectFrom('term_translations').selectAll().where('term_id', 'in', inList(termIds)).execute();
    return byRecord(rows, (row) => row.term_id);
  }

  /** Writes the given fields of a post's translation; fields not given keep their translated value. */
  async savePost(db: WriteTx, postId: number, language: string, text: PostText): Promise<void> {
    const fields = Object.fromEntries(Object.entries(text).filter(([, value]) => value !== undefined));
    await db
      .insertInto('post_translations')
      .values({ post_id: postId, language, title: null, content: null, excerpt: null, slug: null, ...fields })
      .onConflict((conflict) => conflict.columns(['post_id', 'language']).doUpdateSet(fields))
      .execute();
    await this.touchPost(db, postId);
  }

  async saveTerm(db: WriteTx, termId: number, language: string, text: TermText): Promise<void> {
    const fields = Object.fromEntries(Object.entries(text).filter(([, value]) => value !== undefined));
    await db
      .insertInto('term_translations')
      .values({ term_id: termId, language, name: null, description: null, slug: null, ...fields })
      .onConflict((conflict) => conflict.columns(['term_id', 'language']).doUpdateSet(fields))
      .execute();
    await this.touchTerm(db, termId);
  }

  async removePost(db: WriteTx, postId: number, language: string): Promise<boolean> {
    const result = await db
      .deleteFrom('post_translations')
      .where('post_id', '=', postId)
      .where('language', '=', language)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await this.touchPost(db, postId);
    return true;
  }

  async removeTerm(db: WriteTx, termId: number, language: string): Promise<boolean> {
    const result = await db
      .deleteFrom('term_translations')
      .where('term_id', '=', termId)
      .where('language', '=', language)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await this.touchTerm(db, termId);
    return true;
  }

  // A translation is part of its record: writing one is a new version of the record.
  private async touchPost(db: WriteTx, postId: number): Promise<void> {
    await db.updateTable('posts').set({ version: NEXT_VERSION }).where('id', '=', postId).execute();
  }

  private async touchTerm(db: WriteTx, termId: number): Promise<void> {
    await db.updateTable('terms').set({ version: NEXT_VERSION }).where('id', '=', termId).execute();
  }

  /** The post of this type whose translation in `language` has this slug. */
  async postBySlug(db: ReadTx, type: PostType, language: string, slug: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('post_translations as t')
      .innerJoin('posts as p', 'p.id', 't.post_id')
      .select('p.id')
      .where('t.language', '=', language)
      .where('t.slug', '=', slug)
      .where('p.type', '=', type)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Which of `candidates` a post of this type other than `postId` reads with in `language`:
   * translated slugs in that language, and original slugs, which every record without a translated
   * slug falls back to (slugs are unique per language). Point lookups on the slug indexes.
   */
  async postSlugsTaken(
    db: ReadTx,
    type: PostType,
    language: string,
    candidates: readonly string[],
    postId: number,
  ): Promise<Set<string>> {
    const slugs = inList(candidates);
    const [translated, originals] = await Promise.all([
      db
        .selectFrom('post_translations as t')
        .innerJoin('posts as p', 'p.id', 't.post_id')
        .select('t.slug')
        .where('t.language', '=', language)
        .where('p.type', '=', type)
        .where('p.id', '!=', postId)
        .where('t.slug', 'in', slugs)
        .execute(),
      db
        .selectFrom('posts')
        .select('slug')
        .where('type', '=', type)
        .where('id', '!=', postId)
        .where('slug', '<>', '')
        .where('slug', 'in', slugs)
        .execute(),
    ]);
    return new Set([...translated, ...originals].flatMap((row) => (row.slug === null ? [] : [row.slug])));
  }

  async termsBySlug(
    db: ReadTx,
    taxonomy: Taxonomy,
    language: string,
    slugs: readonly string[],
  ): Promise<Map<string, number>> {
    if (slugs.length === 0) return new Map();
    const rows = await db
      .selectFrom('term_translations as t')
      .innerJoin('terms', 'terms.id', 't.term_id')
      .select(['terms.id', 't.slug'])
      .where('t.language', '=', language)
      .where('terms.taxonomy', '=', taxonomy)
      .where('t.slug', 'in', [...slugs])
      .execute();
    return new Map(rows.map((row) => [row.slug!, row.id]));
  }

  /** The condition "a translation in `language` of post `postId` contains `word`", for searches. */
  static postTextContains(postIdColumn: string, language: string, word: string) {
    return sql<SqlBool>`${sql.ref(postIdColumn)} in (select post_id from post_translations where language = ${language} and lower(coalesce(title, '') || ' ' || coalesce(excerpt, '') || ' ' || coalesce(content, '')) like lower(${likePattern(word)}) escape '\\')`;
  }

  static termTextContains(termIdColumn: string, language: string, text: string) {
    return sql<SqlBool>`${sql.ref(termIdColumn)} in (select term_id from term_translations where language = ${language} and (lower(coalesce(name, '')) like lower(${likePattern(text)}) escape '\\' or lower(coalesce(slug, '')) like lower(${likePattern(text)}) escape '\\'))`;
  }
}
