import { newPostRow, type NewPostFields } from '../modules/posts/post-rows.ts';
import { firstFreeSlug, slugify } from '../slugs.ts';
import type { NewPost } from '../storage/repositories/post-records.repository.ts';
import type { PostType } from '../storage/tables.ts';
import type { Storage } from '../storage/types.ts';

/** The seed's posts as the API's creates make them: their rows, slugs free of those taken, names no other record has. */

/**
 * Post rows from newPostRow, one call per publication date: its dates cost luxon conversions, and
 * the rest of the row is the post's own fields, laid over the builder's row for that date.
 */
export class PostRows {
  private readonly byDate = new Map<string, NewPost>();

  constructor(
    private readonly nowUtc: string,
    private readonly siteZone: string,
  ) {}

  /** The row a create writes for a post with these fields, published at `dateUtc`, with its id and slug. */
  row(id: number, fields: NewPostFields, dateUtc: string, slug: string): NewPost & { id: number } {
    let dated = this.byDate.get(dateUtc);
    if (!dated) {
      dated = newPostRow(fields, dateUtc, this.nowUtc, this.siteZone);
      this.byDate.set(dateUtc, dated);
    }
    return { id, ...dated, ...fields, slug };
  }
}

/** The slugs the API's lookups would find taken, per post type, and those events are read with in French. */
export class Slugs {
  private constructor(
    private readonly taken: Record<PostType, Set<string>>,
    private readonly frenchEvents: Set<string>,
  ) {}

  static async load(storage: Storage): Promise<Slugs> {
    return storage.read(async (tx) => {
      const taken: Record<PostType, Set<string>> = { event: new Set(), venue: new Set(), organizer: new Set() };
      for (const row of await tx.selectFrom('posts').select(['type', 'slug']).where('slug', '<>', '').execute())
        taken[row.type].add(row.slug);
      const french = await tx
        .selectFrom('post_translations as t')
        .innerJoin('posts as p', 'p.id', 't.post_id')
        .select('t.slug')
        .where('t.language', '=', 'fr')
        .where('p.type', '=', 'event')
        .where('t.slug', 'is not', null)
        .execute();
      return new Slugs(taken, new Set(french.map((row) => row.slug!)));
    });
  }

  /** A new record's slug, as a create gives it: the name's, numbered past the taken ones. */
  take(type: PostType, name: string): string {
    const slug = firstFreeSlug(slugify(name) || type, this.taken[type]);
    this.taken[type].add(slug);
    return slug;
  }

  /**
   * The slug a French title gives an event's translation, as the API's translation write does: free
   * among the slugs other events are read with in French, their translated ones and original ones.
   */
  takeFrench(title: string, ownSlug: string): string {
    const originals = this.taken.event;
    const slug = firstFreeSlug(slugify(title) || 'event', {
      has: (candidate) => this.frenchEvents.has(candidate) || (candidate !== ownSlug && originals.has(candidate)),
    });
    this.frenchEvents.add(slug);
    return slug;
  }
}

/**
 * Names no other record of the type has (`Lantern Hall`, then `Lantern Hall 2`...): the API takes a
 * create with a name in use for an update of the record that has it.
 */
export class UniqueNames {
  constructor(private readonly used: Set<string>) {}

  take(name: string): string {
    let candidate = name;
    for (let number = 2; this.used.has(candidate); number++) candidate = `${name} ${number}`;
    this.used.add(candidate);
    return candidate;
  }
}

export async function namesInUse(storage: Storage, type: PostType): Promise<Set<string>> {
  const rows = await storage.read((tx) => tx.selectFrom('posts').select('title').where('type', '=', type).execute());
  return new Set(rows.map((row) => row.title));
}
