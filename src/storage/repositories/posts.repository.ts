import type { Kysely } from 'kysely';
import type { Database, PostType } from '../tables.ts';

/** Questions about posts of any type, asked by validators of several resources. */
export class PostsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async exists(type: PostType, id: number): Promise<boolean> {
    const row = await this.db.selectFrom('posts').select('id').where('id', '=', id).where('type', '=', type).executeTakeFirst();
    return row !== undefined;
  }
}
