import type { Selectable } from 'kysely';
import type { PageWindow } from '../../paging.ts';
import { containsAny, NEXT_VERSION } from '../conditions.ts';
import type { ReadTx, WriteTx } from '../types.ts';
import type { ImagesTable, MediaTable } from '../tables.ts';

/**
 * Where an uploaded image's files are, relative to the site: its URL and its sizes' URLs are stored
 * as `media/<file>`, `<file>` being the path under the media folder (decision 0052).
 */
export const MEDIA_PATH = 'media';

/** SQL listing every upload's URLs, for the files a backup copies and a restore checks (same on both engines). */
export const MEDIA_FILES_SQL = 'select i.url, i.sizes_json from media m join images i on i.id = m.id';

/** The files under the media folder of an upload with these URLs (an image row's `url` and `sizes_json`). */
export function mediaFilesOf(url: string, sizesJson: string | null): string[] {
  const sizes = sizesJson ? (JSON.parse(sizesJson) as Record<string, { url: string }>) : {};
  const prefix = `${MEDIA_PATH}/`;
  return [...new Set([url, ...Object.values(sizes).map((size) => size.url)])]
    .filter((file) => file.startsWith(prefix))
    .map((file) => file.slice(prefix.length));
}

/** An uploaded image: its media row and its image row (URL, metadata, sizes). */
export type MediaRow = Selectable<MediaTable> & { readonly image: Selectable<ImagesTable> };

export type NewMedia = Omit<Selectable<MediaTable>, 'id'> & { readonly image: Omit<Selectable<ImagesTable>, 'id'> };

const MEDIA_COLUMNS = [
  'm.id',
  'm.author_id',
  'm.title',
  'm.alt_text',
  'm.date_local',
  'm.date_utc',
  'i.url',
  'i.extension',
  'i.width',
  'i.height',
  'i.filesize',
  'i.mime_type',
  'i.sizes_json',
  'i.created_at',
] as const;

type Joined = Selectable<MediaTable> & Omit<Selectable<ImagesTable>, 'id'>;

function toRow({
  url,
  extension,
  width,
  height,
  filesize,
  mime_type,
  sizes_json,
  created_at,
  ...media
}: Joined): MediaRow {
  return {
    ...media,
    image: { id: media.id, url, extension, width, height, filesize, mime_type, sizes_json, created_at },
  };
}

/** Uploaded images (decision 0052): an image row and a media row of the same id. */
export class MediaRepository {
  private joined(db: ReadTx) {
    return db.selectFrom('media as m').innerJoin('images as i', 'i.id', 'm.id').select(MEDIA_COLUMNS);
  }

  async get(db: ReadTx, id: number): Promise<MediaRow | undefined> {
    const row = await this.joined(db).where('m.id', '=', id).executeTakeFirst();
    return row && toRow(row);
  }

  /** A page of the library, newest first, by title or alternative text when `search` is given. */
  async list(db: ReadTx, search: string | undefined, window: PageWindow): Promise<{ rows: MediaRow[]; total: number }> {
    const matching = () =>
      search ? this.joined(db).where(containsAny(['m.title', 'm.alt_text'], search)) : this.joined(db);
    const rows = await matching()
      .orderBy('m.date_utc', 'desc')
      .orderBy('m.id', 'desc')
      .limit(window.perPage)
      .offset(window.offset)
      .execute();
    const counted = await (
      search
        ? db.selectFrom('media as m').where(containsAny(['m.title', 'm.alt_text'], search))
        : db.selectFrom('media as m')
    )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows: rows.map(toRow), total: Number(counted.n) };
  }

  async create(db: WriteTx, media: NewMedia): Promise<MediaRow> {
    const { image, ...fields } = media;
    const { id } = await db.insertInto('images').values(image).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('media')
      .values({ id, ...fields })
      .execute();
    return (await this.get(db, id))!;
  }

  /**
   * Removes the upload; the records that showed it show none from now on, and count it as a
   * change of theirs (a new version: their ETags, the sync journal and the read cache see it).
   */
  async remove(db: WriteTx, id: number): Promise<void> {
    await db.updateTable('posts').set({ image_id: null, version: NEXT_VERSION }).where('image_id', '=', id).execute();
    await db.deleteFrom('images').where('id', '=', id).execute();
  }
}
