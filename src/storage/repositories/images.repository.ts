import type { Selectable } from 'kysely';
import type { ReadTx, WriteTx } from '../database.ts';
import type { ImagesTable } from '../tables.ts';

export type ImageRow = Selectable<ImagesTable>;

/** Every column of an image, for the records that join theirs. */
export const IMAGE_COLUMNS = ['id', 'url', 'extension', 'width', 'height', 'filesize', 'mime_type', 'sizes_json', 'created_at'] as const satisfies readonly (keyof ImageRow)[];

/** Images the service knows: each distinct URL given to it gets one id that clients can reuse. */
export class ImagesRepository {
  get(db: ReadTx, id: number): Promise<ImageRow | undefined> {
    return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The image with this URL, registered on first use; safe when two requests register it at once. */
  async ensure(db: WriteTx, url: string, extension: string, createdAt: string): Promise<ImageRow> {
    await db
      .insertInto('images')
      .values({ url, extension, width: null, height: null, filesize: null, mime_type: null, sizes_json: null, created_at: createdAt })
      .onConflict((conflict) => conflict.column('url').doNothing())
      .execute();
    return db.selectFrom('images').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
  }
}
