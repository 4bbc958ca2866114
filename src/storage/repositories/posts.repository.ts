import type { DialectCapabilities, ReadTx } from '../types.ts';
import { inList } from '../in-list-padding.ts';
import type { PostType } from '../tables.ts';
import type { PostRow } from './post-records.repository.ts';

/** A post as a name and the read rule need it: what the CSV export names venues and organizers by (decision 0136). */
export type NamedPost = Pick<PostRow, 'id' | 'type' | 'language' | 'title' | 'author_id' | 'status' | 'password'>;

/** Questions about posts of any type, asked by validators of several resources. */
export class PostsRepository {
  constructor(private readonly dialect: DialectCapabilities) {}

  /** `toLink`: a write will link to the post (an event's parent), so a write unit holds it against deletion until it ends (decision 0082). */
  async exists(db: ReadTx, type: PostType, id: number, { toLink = false } = {}): Promise<boolean> {
    const query = db.selectFrom('posts').select('id').where('id', '=', id).where('type', '=', type);
    const row = await (toLink ? this.dialect.lockLinked(db, query, 'posts') : query).executeTakeFirst();
    return row !== undefined;
  }

  /** The status and author of a post of this type, for a read check; undefined when there is none. */
  async ownership(db: ReadTx, type: PostType, id: number): Promise<{ status: string; authorId: number } | undefined> {
    const row = await db
      .selectFrom('posts')
      .select(['status', 'author_id'])
      .where('id', '=', id)
      .where('type', '=', type)
      .executeTakeFirst();
    return row && { status: row.status, authorId: Number(row.author_id) };
  }

  /** The ids among `ids` that are posts of this type. */
  async existing(db: ReadTx, type: PostType, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('posts')
      .select('id')
      .where('type', '=', type)
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** The type of any post with this id, to tell "missing" from "another type" (wire-format 7.3). */
  async typeOf(db: ReadTx, id: number): Promise<string | undefined> {
    return (await db.selectFrom('posts').select('type').where('id', '=', id).executeTakeFirst())?.type;
  }

  /** The posts among `ids`, as much of them as a name and the read rule need. */
  named(db: ReadTx, ids: readonly number[]): Promise<NamedPost[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('posts')
      .select(['id', 'type', 'language', 'title', 'author_id', 'status', 'password'])
      .where('id', 'in', inList(ids))
      .execute();
  }
}
