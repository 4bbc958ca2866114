import type { Kysely } from 'kysely';
import type { Database, PostType } from '../tables.ts';

/** Questions about posts of any type, asked by validators of several resources. */
export class PostsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async exists(type: PostType, id: number): Promise<boolean> {
    const row = await this.db.selectFrom('posts').select('id').where('id', '=', id).where('type', '=', type).executeTakeFirst();
    return row !== undefined;
  }

  /** The ids among `ids` that are posts of this type. */
  async existing(type: PostType, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('posts').select('id').where('type', '=', type).where('id', 'in', [...ids]).execute();
    return new Set(rows.map((row) => row.id));
  }
}
