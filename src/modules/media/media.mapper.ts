import type { MediaRow } from '../../storage/repositories/media.repository.ts';
import type { Urls } from '../../urls.ts';
import { imageUrl } from '../linked-records/linked-records.mapper.ts';
import type { MediaWire } from './media.schemas.ts';

type Sizes = MediaWire['sizes'];

/** An uploaded image on the wire. */
export function toMedia(row: MediaRow, urls: Urls): MediaWire {
  const { image } = row;
  const sizes = JSON.parse(image.sizes_json ?? '{}') as Sizes;
  return {
    id: row.id,
    url: imageUrl(image.url, urls),
    title: row.title,
    alt_text: row.alt_text,
    author: String(row.author_id),
    mime_type: image.mime_type ?? '',
    extension: image.extension,
    width: image.width ?? 0,
    height: image.height ?? 0,
    filesize: image.filesize ?? 0,
    date: row.date_local,
    date_utc: row.date_utc,
    sizes: Object.fromEntries(
      Object.entries(sizes).map(([name, size]) => [name, { ...size, url: imageUrl(size.url, urls) }]),
    ),
  };
}
