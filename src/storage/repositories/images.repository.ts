import type { Kysely, Selectable } from 'kysely';
import type { Database, ImagesTable } from '../tables.ts';

export type ImageRow = Selectable<ImagesTable>;

/** Images the service knows: each distinct URL given to it gets one id that clients can reuse. */
export class ImagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  get(id: number): Promise<ImageRow | undefined> {
    return this.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The image with this URL, registered on first use; safe when two requests register it at once. */
  async ensure(url: string, extension: string, createdAt: string): Promise<ImageRow> {
    await this.db
      .insertInto('images')
      .values({ url, extension, width: null, height: null, filesize: null, mime_type: null, sizes_json: null, created_at: createdAt })
      .onConflict((conflict) => conflict.column('url').doNothing())
      .execute();
    return this.db.selectFrom('images').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
  }
}
