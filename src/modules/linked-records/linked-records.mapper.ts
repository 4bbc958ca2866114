import { autoParagraph } from '../../content/html.ts';
import type { Urls } from '../../urls.ts';
import type { ImageRow } from '../../storage/repositories/images.repository.ts';
import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import { globalId, globalIdLineage, postUrl, stripProtected } from '../posts/post-rules.ts';
import type { Localized } from '../translations/translations.ts';
import type { LinkedRecordDefinition, WireFields } from './definition.ts';

/**
 * An image's URL as clients use it: an uploaded image's files are stored with URLs relative to the
 * site (`media/2026/11/poster-1a2b.jpg`, decision 0052), served under the site's path, so that a
 * change of host or site path moves them too; an image known by URL keeps its absolute URL.
 */
export function imageUrl(url: string, urls: Urls): string {
  return /^https?:\/\//i.test(url) ? url : `${urls.siteOrigin}/${url}`;
}

/** The image object (wire-format 2.6) as far as the service knows the image; falsy entries dropped. */
export function toImage(image: ImageRow, urls: Urls): Record<string, unknown> {
  const sizes = image.sizes_json
    ? (JSON.parse(image.sizes_json) as Record<string, Record<string, unknown>>)
    : undefined;
  const candidate: Record<string, unknown> = {
    url: imageUrl(image.url, urls),
    id: image.id,
    extension: image.extension,
    width: image.width,
    height: image.height,
    filesize: image.filesize,
    sizes:
      sizes &&
      Object.fromEntries(
        Object.entries(sizes).map(([name, size]) => [
          name,
          typeof size.url === 'string' ? { ...size, url: imageUrl(size.url, urls) } : size,
        ]),
      ),
  };
  return Object.fromEntries(
    Object.entries(candidate).filter(
      ([, value]) => value !== null && value !== undefined && value !== '' && value !== 0,
    ),
  );
}

/**
 * Empty values are dropped from venue and organizer records, as the original does (quirk #4), but
 * a literal "0" (a zip code) and the number 0 (a latitude on the equator) are kept.
 */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

export interface LinkedRecordContext {
  readonly urls: Urls;
  /** Single-record responses carry `json_ld` (wire-format 10.5). */
  readonly single: boolean;
  /** The caller may see the protected details (no password, the right password, or edit context). */
  readonly entitled: boolean;
}

const flag = (value: unknown): boolean => value === null || value === undefined || Number(value) !== 0;

/** A venue or organizer on the wire (wire-format 2.3, 2.4). */
export function toLinkedRecord(
  definition: LinkedRecordDefinition,
  row: Localized<LinkedRecordRow>,
  context: LinkedRecordContext,
): Record<string, unknown> {
  const { post, fields: meta, image } = row;
  const { urls } = context;
  const texts: WireFields = Object.fromEntries(definition.textFields.map((field) => [field, meta[field] ?? '']));
  const fields: WireFields = { ...texts, ...definition.derive?.(texts) };
  const stripped = post.password !== '' && !context.entitled;
  const record: Record<string, unknown> = {
    id: post.id,
    author: post.author_id === 0 ? undefined : String(post.author_id),
    status: post.status,
    date: post.date_local,
    date_utc: post.date_utc,
    modified: post.modified_local,
    modified_utc: post.modified_utc,
    url: postUrl(urls, definition.permalinkBase, definition.postType, post),
    [definition.nameField]: post.title,
    description: autoParagraph(post.content),
    excerpt: autoParagraph(post.excerpt),
    slug: post.slug,
    image: image ? toImage(image, urls) : undefined,
    ...fields,
    ...(definition.hasMap ? { geo_lat: meta.geo_lat, geo_lng: meta.geo_lng } : {}),
    // No JSON-LD while the details are stripped (wire-format 2.9); the entitled see it all.
    json_ld:
      context.single && !stripped
        ? definition.jsonLd({ [definition.nameField]: post.title, ...fields }, post.content)
        : undefined,
  };
  const kept = Object.fromEntries(Object.entries(record).filter(([, value]) => !isEmpty(value)));
  const complete: Record<string, unknown> = {
    ...kept,
    ...(definition.hasMap ? { show_map: flag(meta.show_map), show_map_link: flag(meta.show_map_link) } : {}),
    global_id: globalId(urls, post.id),
    global_id_lineage: globalIdLineage(urls, post.id, post.global_id_lineage),
    ...row.languages,
  };
  return stripped ? stripProtected(complete, definition.nameField) : complete;
}
