import type { Selectable } from 'kysely';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import type { ImagesTable } from '../tables.ts';

export type ImageRow = Selectable<ImagesTable>;

/** Every column of an image, for the records that join theirs. */
export const IMAGE_COLUMNS = [
  'id',
  'url',
  'extension',
  'width',
  'height',
  'filesize',
  'mime_type',
  'sizes_json',
  'created_at',
] as const satisfies readonly (keyof ImageRow)[];

/** An image's metadata as another site gives it (wire-format 2.6), and its id there. */
export type ImportedImage = { readonly id?: number } & Pick<
  ImageRow,
  'extension' | 'width' | 'height' | 'filesize' | 'sizes_json'
>;

/** Images the service knows: each distinct URL given to it gets one id that clients can reuse. */
export class ImagesRepository {
  constructor(private readonly dialect: Pick<DialectCapabilities, 'lockLinked'>) {}

  /**
   * `toLink`: a write will link to the image (a record's `image` given by id), so a write unit holds
   * it against deletion until it ends (decision 0087, as rule 7 of decision 0082 for linked records):
   * a parallel delete of the upload then waits, or this lookup waits for it and finds nothing.
   */
  get(db: ReadTx, id: number, { toLink = false } = {}): Promise<ImageRow | undefined> {
    const query = db.selectFrom('images').selectAll().where('id', '=', id);
    return (toLink ? this.dialect.lockLinked(db, query, 'images') : query).executeTakeFirst();
  }

  /**
   * The id of an image another site's record shows (import-tec, decision 0030), with that site's
   * metadata: an image of the URL here takes what the site gives of it (and keeps the rest); a new
   * one gets `facts.id` when no image has it.
   */
  async putImported(db: WriteTx, url: string, facts: ImportedImage, createdAt: string): Promise<number> {
    const { id, ...metadata } = facts;
    const existing = await db.selectFrom('images').select('id').where('url', '=', url).executeTakeFirst();
    if (existing) {
      const given = Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== null && value !== ''));
      if (Object.keys(given).length > 0)
        await db.updateTable('images').set(given).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const free = id !== undefined && !(await this.get(db, id));
    const row = await db
      .insertInto('images')
      .values({ ...(free ? { id } : {}), url, ...metadata, mime_type: null, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The image with this URL, registered on first use; safe when two requests register it at once. */
  async ensure(db: WriteTx, url: string, extension: string, createdAt: string): Promise<ImageRow> {
    await db
      .insertInto('images')
      .values({
        url,
        extension,
        width: null,
        height: null,
        filesize: null,
        mime_type: null,
        sizes_json: null,
        created_at: createdAt,
      })
      .onConflict((conflict) => conflict.column('url').doNothing())
      .execute();
    return db.selectFrom('images').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
  }
}
