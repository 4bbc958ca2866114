import { can, type Caller } from '../../auth/roles.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import type { MediaSettings } from '../../config.ts';
import type { TextFilter } from '../../content/text-filter.ts';
import type { Deadline } from '../../deadline.ts';
import { ApiError, invalidParams, type InvalidParam } from '../../errors.ts';
import { TEXT_LENGTHS } from '../../content/text-lengths.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import {
  MEDIA_PATH,
  mediaFilesOf,
  type MediaRepository,
  type MediaRow,
} from '../../storage/repositories/media.repository.ts';
import { siteDates } from '../posts/post-rows.ts';
import { IMAGE_TYPES, type ImageFiles, type StoredImage } from './image-files.ts';
import type { Upload } from './upload.ts';

/** Who sends an upload: a user through the API, or a visitor with a community submission (lower limits: decision 0090). */
export type Uploader = 'user' | 'visitor';

/** The image library (decision 0052): uploads, their files and their records. */
export class MediaService {
  constructor(
    readonly files: ImageFiles,
    private readonly repository: MediaRepository,
    private readonly clock: Clock,
    private readonly siteZone: string,
    private readonly text: TextFilter,
    private readonly limits: Pick<MediaSettings, 'maxPixels' | 'maxPixelsAnonymous' | 'decodeQueue'>,
  ) {}

  /**
   * Checks the upload's fields and writes its files: the slow part, run outside any unit of work,
   * within the request's deadline. A visitor's image may have fewer pixels, and may take only half
   * of the places waiting to be decoded, so that users' uploads still find one.
   */
  async store(upload: Upload, uploader: Uploader, deadline?: Deadline): Promise<StoredImage> {
    this.texts(upload);
    if (!upload.file || upload.file.bytes.length === 0) throw new ApiError('rest_upload_no_data');
    const options =
      uploader === 'user'
        ? { maxPixels: this.limits.maxPixels }
        : { maxPixels: this.limits.maxPixelsAnonymous, maxWaiting: this.visitorPlaces };
    return this.files.store(upload.file.bytes, upload.file.name, this.clock.now(), {
      ...options,
      ...(deadline === undefined ? {} : { deadline }),
    });
  }

  /** The places a visitor's image may take among those waiting to be decoded: half of them. */
  get visitorPlaces(): number {
    return Math.ceil(this.limits.decodeQueue / 2);
  }

  /**
   * Holds a place for an upload whose body is about to be read, among the images that may be
   * decoding or waiting (a visitor's among fewer): past them, 429 media_busy before any of the
   * body is read, so that a flood of uploads holds no more bodies in memory than could be decoded
   * (decision 0090). Returns how to give the place back.
   */
  reservePlace(uploader: Uploader): () => void {
    return this.files.turns.reserve(uploader === 'user' ? undefined : this.visitorPlaces);
  }

  /**
   * The record of stored files (the route removes them if its unit does not commit: `discard`).
   * Its title, alternative text and the file name a title defaults to are filtered as every
   * title is (decision 0022): inline markup only, for callers without `unfiltered_html`.
   */
  async create(tx: WriteTx, upload: Upload, stored: StoredImage, caller: Caller): Promise<MediaRow> {
    const { title, alt_text } = this.texts(upload);
    const dates = siteDates(nowUtc(this.clock), this.siteZone);
    const type = IMAGE_TYPES[stored.type];
    const sizes = Object.fromEntries(
      Object.entries(stored.sizes).map(([name, size]) => [
        name,
        {
          width: size.width,
          height: size.height,
          'mime-type': type.mime,
          filesize: size.filesize,
          url: `${MEDIA_PATH}/${size.file}`,
        },
      ]),
    );
    return this.repository.create(tx, {
      author_id: caller.id,
      title: this.text.inline(title ?? upload.file!.name.replace(/\.[^.]*$/, '').slice(0, TEXT_LENGTHS.name), caller),
      alt_text: this.text.inline(alt_text ?? '', caller),
      date_local: dates.local,
      date_utc: dates.utc,
      image: {
        url: `${MEDIA_PATH}/${stored.file}`,
        extension: type.extension,
        width: stored.width,
        height: stored.height,
        filesize: stored.filesize,
        mime_type: type.mime,
        sizes_json: JSON.stringify(sizes),
        created_at: dates.utc,
      },
    });
  }

  /** Removes the files of an upload whose record was not written. */
  discard(stored: StoredImage): Promise<void> {
    return this.files.remove(filesOf(stored));
  }

  async find(tx: ReadTx, id: number): Promise<MediaRow> {
    const row = await this.repository.get(tx, id);
    if (!row) throw new ApiError('media_not_found', { args: [id] });
    return row;
  }

  list(tx: ReadTx, search: string | undefined, window: PageWindow): Promise<{ rows: MediaRow[]; total: number }> {
    return this.repository.list(tx, search, window);
  }

  /**
   * Deletes an upload's record: its uploader, or whoever may delete others' posts. Events, venues
   * and organizers that showed it show no image from now on. Returns how to remove its files, which
   * is for after the unit has committed: a unit that fails, even at its commit, keeps the record
   * and so must keep the files it names.
   */
  async remove(tx: WriteTx, row: MediaRow, caller: Caller): Promise<() => Promise<void>> {
    if (row.author_id !== caller.id && !can(caller, 'delete_others_posts')) throw new ApiError('rest_cannot_delete');
    await this.repository.remove(tx, row.id);
    return () => this.files.remove(mediaFilesOf(row.image.url, row.image.sizes_json));
  }

  /** `title` and `alt_text`, each a string of at most TEXT_LENGTHS.name characters when given. */
  private texts(upload: Upload): { title?: string; alt_text?: string } {
    const problems: Record<string, InvalidParam> = {};
    const texts: { title?: string; alt_text?: string } = {};
    for (const name of ['title', 'alt_text'] as const) {
      const value = upload.fields[name];
      if (value === undefined) continue;
      if (typeof value !== 'string') problems[name] = { message: `${name} is not of type string.` };
      else if (value.length > TEXT_LENGTHS.name)
        problems[name] = { message: `${name} must be at most ${TEXT_LENGTHS.name} characters long.` };
      else texts[name] = value.trim();
    }
    if (Object.keys(problems).length > 0) throw invalidParams(problems);
    return texts;
  }
}

/** Every file of a stored upload, under the media folder. */
export function filesOf(stored: StoredImage): string[] {
  return [stored.file, ...Object.values(stored.sizes).map((size) => size.file)];
}
