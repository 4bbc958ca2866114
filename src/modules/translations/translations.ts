import { LANGUAGE_CODES, type LanguageCode } from '../../languages.ts';
import { firstFreeSlugAmong, slugify } from '../../slugs.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { PostRow } from '../../storage/repositories/post-records.repository.ts';
import type { PostText, TermText, TranslationsRepository } from '../../storage/repositories/translations.repository.ts';
import type { PostType, Taxonomy, TermRow } from '../../storage/tables.ts';

/*
 * Records in several languages (decisions.md section 5): a record keeps its text in its original
 * language; translations hold other languages' text, field by field; reading in a language takes
 * each field from its translation where there is one and from the original otherwise.
 */

/** The additive language fields of every record. */
export interface LanguageFacts {
  /** The language this representation was asked in. */
  readonly translation_language: string;
  /** Every language the record has text in: its original one first, then its translations. */
  readonly translations: string[];
}

function languagesOf(original: string, translated: Iterable<string>): string[] {
  const others = new Set(translated);
  others.delete(original);
  return [original, ...LANGUAGE_CODES.filter((code) => others.has(code))];
}

export type Localized<T> = T & { readonly languages: LanguageFacts };

/** A record that translates: its id and original language, held in an item under `key` (`post` or `row`). */
type Translatable = { readonly id: number; readonly language: string };

/** A record with each of `fields` from `text` where that has the field, else its own. */
function withText<R extends { readonly [field in F]: string }, F extends string>(
  record: R,
  fields: readonly F[],
  text: { readonly [field in F]?: string | null },
): R {
  return { ...record, ...Object.fromEntries(fields.map((field) => [field, text[field] ?? record[field]])) };
}

/**
 * Items with their record's text in `language`: each of `fields` from the record's translation
 * into it where that has the field, else the original's; and the record's language facts. Posts
 * and terms alike (only the key of the record in the item and the translated fields differ).
 */
function localizeItems<
  K extends string,
  F extends string,
  T extends { readonly [key in K]: Translatable & { readonly [field in F]: string } },
>(
  items: readonly T[],
  key: K,
  fields: readonly F[],
  translations: ReadonlyMap<number, ReadonlyMap<string, { readonly [field in F]?: string | null }>>,
  language: LanguageCode,
): Localized<T>[] {
  return items.map((item) => {
    const record = item[key];
    const own = translations.get(record.id);
    const text = record.language === language ? undefined : own?.get(language);
    const translated = text ? withText(record, fields, text) : record;
    return {
      ...item,
      [key]: translated,
      languages: { translation_language: language, translations: languagesOf(record.language, own?.keys() ?? []) },
    };
  });
}

/** What of a post translates. */
const POST_FIELDS = ['title', 'content', 'excerpt', 'slug'] as const;

/** What of a post `localize` reads: its id, its language and the fields that translate. */
export type LocalizablePost = Pick<PostRow, 'id' | 'language' | (typeof POST_FIELDS)[number]>;

/** Events, venues and organizers: title, content (description), excerpt and slug translate. */
export class PostTranslations {
  constructor(private readonly repository: TranslationsRepository) {}

  /** Rows with their text in `language` (falling back per field), in one query for all of them. */
  async localize<T extends { readonly post: LocalizablePost }>(
    tx: ReadTx,
    rows: readonly T[],
    language: LanguageCode,
  ): Promise<Localized<T>[]> {
    const translations = await this.repository.forPosts(
      tx,
      rows.map((row) => row.post.id),
    );
    return localizeItems(rows, 'post', POST_FIELDS, translations, language);
  }

  /**
   * Rows with their text in `language` as `localize` gives it, without the language facts: what the
   * CSV export writes (decision 0136). Only rows in another language read their translation into
   * this one; a row without one is the row itself.
   */
  async textIn<T extends { readonly post: LocalizablePost }>(
    tx: ReadTx,
    rows: readonly T[],
    language: LanguageCode,
  ): Promise<readonly T[]> {
    const others = rows.filter((row) => row.post.language !== language).map((row) => row.post.id);
    if (others.length === 0) return rows;
    const texts = await this.repository.postTextsIn(tx, others, language);
    return rows.map((row) => {
      const text = texts.get(row.post.id);
      return text ? { ...row, post: withText(row.post, POST_FIELDS, text) } : row;
    });
  }

  /** Rows with only their title in `language` (falling back to their own): what an export names a relation by. */
  async titles<T extends { readonly post: Pick<PostRow, 'id' | 'language' | 'title'> }>(
    tx: ReadTx,
    rows: readonly T[],
    language: LanguageCode,
  ): Promise<Localized<T>[]> {
    const translations = await this.repository.forPosts(tx, [...new Set(rows.map((row) => row.post.id))]);
    return localizeItems(rows, 'post', ['title'], translations, language);
  }

  /** A row its unit has just created, in `language`: it has no translation yet, so none is read. */
  untranslated<T extends { readonly post: PostRow }>(row: T, language: LanguageCode): Localized<T> {
    return localizeItems([row], 'post', POST_FIELDS, new Map(), language)[0]!;
  }

  /** The post whose translation in `language` has this slug (by-slug routes also match those). */
  bySlug(tx: ReadTx, type: PostType, language: LanguageCode, slug: string): Promise<number | undefined> {
    return this.repository.postBySlug(tx, type, language, slug);
  }

  /**
   * Stores text of a post in a language other than its original one. A new translated title
   * without a slug gives the translation a slug of its own, unique among the slugs other posts
   * read with in that language (their own translated slugs and original ones).
   */
  async write(tx: WriteTx, type: PostType, postId: number, language: LanguageCode, text: PostText): Promise<void> {
    let slug = text.slug === undefined || text.slug === null ? undefined : slugify(text.slug);
    const current = (await this.repository.forPosts(tx, [postId])).get(postId)?.get(language);
    if (slug === undefined && text.title && !current?.slug) slug = slugify(text.title) || type;
    if (slug !== undefined)
      slug = await firstFreeSlugAmong(slug, (candidates) =>
        this.repository.postSlugsTaken(tx, type, language, candidates, postId),
      );
    await this.repository.savePost(tx, postId, language, { ...text, ...(slug !== undefined ? { slug } : {}) });
  }

  remove(tx: WriteTx, postId: number, language: LanguageCode): Promise<boolean> {
    return this.repository.removePost(tx, postId, language);
  }
}

/** Categories and tags: name, description and slug translate. */
export class TermTranslations {
  constructor(private readonly repository: TranslationsRepository) {}

  async localize<T extends { readonly row: TermRow }>(
    tx: ReadTx,
    items: readonly T[],
    language: LanguageCode,
  ): Promise<Localized<T>[]> {
    const translations = await this.repository.forTerms(
      tx,
      items.map((item) => item.row.id),
    );
    return localizeItems(items, 'row', ['name', 'description', 'slug'], translations, language);
  }

  /** Terms with only their name in `language` (falling back to their own): what an export writes of them. */
  async names<T extends Pick<TermRow, 'id' | 'language' | 'name'>>(
    tx: ReadTx,
    terms: readonly T[],
    language: LanguageCode,
  ): Promise<Localized<{ row: T }>[]> {
    const items = terms.map((row) => ({ row }));
    return localizeItems(
      items,
      'row',
      ['name'],
      await this.repository.forTerms(
        tx,
        terms.map((term) => term.id),
      ),
      language,
    );
  }

  bySlugs(
    tx: ReadTx,
    taxonomy: Taxonomy,
    language: LanguageCode,
    slugs: readonly string[],
  ): Promise<Map<string, number>> {
    return this.repository.termsBySlug(tx, taxonomy, language, slugs);
  }

  write(tx: WriteTx, termId: number, language: LanguageCode, text: TermText): Promise<void> {
    return this.repository.saveTerm(tx, termId, language, text);
  }

  remove(tx: WriteTx, termId: number, language: LanguageCode): Promise<boolean> {
    return this.repository.removeTerm(tx, termId, language);
  }
}
