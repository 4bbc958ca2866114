import type { Selectable } from 'kysely';
import { firstFreeSlug, slugify } from '../slugs.ts';
import type { NewTerm, Taxonomy, TermTranslationsTable } from '../storage/tables.ts';
import type { WriteTx } from '../storage/types.ts';
import type { Random } from './random.ts';
import { CATEGORY_TREE, TAG_QUALIFIERS, TAG_WORDS } from './vocabulary.ts';

export interface SeededTerm {
  readonly id: number;
  /** Index of the top-level category it belongs to, for the category picker; -1 for tags. */
  readonly family: number;
}

/**
 * Categories and tags through Kysely (a few hundred rows, one unit of work), as the terms API
 * creates them: slugs from the names, numbered past the taken ones. French translations get the
 * French name's slug when no other term holds it, as the API allows, and none otherwise.
 */
export async function insertTerms(
  tx: WriteTx,
  random: Random,
  createdAt: string,
): Promise<{ categories: SeededTerm[]; tags: SeededTerm[] }> {
  const taken: Record<Taxonomy, Set<string>> = { category: new Set(), tag: new Set() };
  for (const row of await tx.selectFrom('terms').select(['taxonomy', 'slug']).execute())
    taken[row.taxonomy].add(row.slug);
  const frenchTaken: Record<Taxonomy, Set<string>> = { category: new Set(), tag: new Set() };
  const translated = await tx
    .selectFrom('term_translations as t')
    .innerJoin('terms', 'terms.id', 't.term_id')
    .select(['terms.taxonomy', 't.slug'])
    .where('t.language', '=', 'fr')
    .execute();
  for (const row of translated) if (row.slug !== null) frenchTaken[row.taxonomy].add(row.slug);

  const insert = async (taxonomy: Taxonomy, name: string, french: string | null, parentId: number) => {
    const slug = firstFreeSlug(slugify(name) || taxonomy, taken[taxonomy]);
    taken[taxonomy].add(slug);
    const term: NewTerm = {
      taxonomy,
      name,
      slug,
      description: `${name} events across the city.`,
      parent_id: parentId,
      term_group: 0,
      language: 'en',
      created_at: createdAt,
    };
    const { id } = await tx.insertInto('terms').values(term).returning('id').executeTakeFirstOrThrow();
    if (french !== null) {
      const frenchSlug = slugify(french);
      // Another term holds it as its French or its original slug (its own original one is fine).
      const held = frenchTaken[taxonomy].has(frenchSlug) || (frenchSlug !== slug && taken[taxonomy].has(frenchSlug));
      const translatedSlug = frenchSlug !== '' && !held ? frenchSlug : null;
      if (translatedSlug !== null) frenchTaken[taxonomy].add(translatedSlug);
      const translation: Selectable<TermTranslationsTable> = {
        term_id: id,
        language: 'fr',
        name: french,
        description: `Événements : ${french.toLowerCase()}.`,
        slug: translatedSlug,
      };
      await tx.insertInto('term_translations').values(translation).execute();
    }
    return id;
  };
  const categories: SeededTerm[] = [];
  for (const [family, [name, french, children]] of CATEGORY_TREE.entries()) {
    const parentId = await insert('category', name, french, 0);
    categories.push({ id: parentId, family });
    for (const [childName, childFrench] of children)
      categories.push({ id: await insert('category', childName, childFrench, parentId), family });
  }
  const tags: SeededTerm[] = [];
  for (const qualifier of TAG_QUALIFIERS) {
    for (const word of TAG_WORDS) {
      const name = qualifier === '' ? word : `${word} ${qualifier}`;
      // A quarter of the tags are translated, as sites translate only their most visible terms.
      tags.push({ id: await insert('tag', name, random.chance(0.25) ? `${name} (fr)` : null, 0), family: -1 });
    }
  }
  return { categories, tags };
}
