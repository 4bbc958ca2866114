import type { LanguageCode } from '../../http/language.ts';
import { LANGUAGE_CODES } from '../../http/language.ts';
import { firstFreeSlug, slugify } from '../../slugs.ts';
import type { PostRow } from '../../storage/repositories/linked-records.repository.ts';
import { TranslationsRepository, type PostText, type TermText } from '../../storage/repositories/translations.repository.ts';
import type { PostType, Taxonomy, TermRow } from '../../storage/tables.ts';
import type { Storage } from '../../storage/database.ts';

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

/** Events, venues and organizers: title, content (description), excerpt and slug translate. */
export class PostTranslations {
  readonly repository: TranslationsRepository;

  constructor(storage: Storage) {
    this.repository = new TranslationsRepository(storage.db, storage.dialect);
  }

  /** Rows with their text in `language` (falling back per field), in one query for all of them. */
  async localize<T extends { readonly post: PostRow }>(rows: readonly T[], language: LanguageCode): Promise<Localized<T>[]> {
    const translations = await this.repository.forPosts(rows.map((row) => row.post.id));
    return rows.map((row) => {
      const own = translations.get(row.post.id);
      const text = row.post.language === language ? undefined : own?.get(language);
      const post = text
        ? { ...row.post, title: text.title ?? row.post.title, content: text.content ?? row.post.content, excerpt: text.excerpt ?? row.post.excerpt, slug: text.slug ?? row.post.slug }
        : row.post;
      return { ...row, post, languages: { translation_language: language, translations: languagesOf(row.post.language, own?.keys() ?? []) } };
    });
  }

  /** The post whose translation in `language` has this slug (by-slug routes also match those). */
  bySlug(type: PostType, language: LanguageCode, slug: string): Promise<number | undefined> {
    return this.repository.postBySlug(type, language, slug);
  }

  /**
   * Stores text of a post in a language other than its original one. A new translated title
   * without a slug gives the translation a slug of its own, unique among the slugs other posts
   * read with in that language (their own translated slugs and original ones).
   */
  async write(type: PostType, postId: number, language: LanguageCode, text: PostText): Promise<void> {
    let slug = text.slug === undefined || text.slug === null ? undefined : slugify(text.slug);
    const current = (await this.repository.forPosts([postId])).get(postId)?.get(language);
    if (slug === undefined && text.title && !current?.slug) slug = slugify(text.title) || type;
    if (slug !== undefined) slug = firstFreeSlug(slug, await this.repository.postSlugsLike(type, language, slug, postId));
    await this.repository.savePost(postId, language, { ...text, ...(slug !== undefined ? { slug } : {}) });
  }

  remove(postId: number, language: LanguageCode): Promise<boolean> {
    return this.repository.removePost(postId, language);
  }
}

/** Categories and tags: name, description and slug translate. */
export class TermTranslations {
  readonly repository: TranslationsRepository;

  constructor(storage: Storage) {
    this.repository = new TranslationsRepository(storage.db, storage.dialect);
  }

  async localize<T extends { readonly row: TermRow }>(items: readonly T[], language: LanguageCode): Promise<Localized<T>[]> {
    const translations = await this.repository.forTerms(items.map((item) => item.row.id));
    return items.map((item) => {
      const own = translations.get(item.row.id);
      const text = item.row.language === language ? undefined : own?.get(language);
      const row = text ? { ...item.row, name: text.name ?? item.row.name, description: text.description ?? item.row.description, slug: text.slug ?? item.row.slug } : item.row;
      return { ...item, row, languages: { translation_language: language, translations: languagesOf(item.row.language, own?.keys() ?? []) } };
    });
  }

  bySlugs(taxonomy: Taxonomy, language: LanguageCode, slugs: readonly string[]): Promise<Map<string, number>> {
    return this.repository.termsBySlug(taxonomy, language, slugs);
  }

  write(termId: number, language: LanguageCode, text: TermText): Promise<void> {
    return this.repository.saveTerm(termId, language, text);
  }

  remove(termId: number, language: LanguageCode): Promise<boolean> {
    return this.repository.removeTerm(termId, language);
  }
}
