import { Type, type Static } from '@sinclair/typebox';
import { CommonQuery, Id, PositiveInteger, WriteQuery } from '../../http/params.ts';
import { TEXT_LENGTHS } from '../../content/text-lengths.ts';
import { READ_BY_ROUTE } from '../../http/compiled-schemas.ts';
import type { Upload } from './upload.ts';

export const MediaParams = Type.Object({ id: Id({ description: 'The media item ID' }) });
export const ReadQuery = Type.Object(CommonQuery);
export { WriteQuery };

/** The most items one page of the library shows: the schema's maximum, and the cap the route pages with (decision 0042). */
export const MAX_MEDIA_PER_PAGE = 100;
export const MediaQuery = Type.Object({
  ...CommonQuery,
  page: PositiveInteger('The page of the library, newest first', { default: 1 }),
  per_page: PositiveInteger('The number of items on each page', { default: 20, maximum: MAX_MEDIA_PER_PAGE }),
  search: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Items whose title or alternative text contains this text',
    }),
  ),
});

const Text = (description: string) => Type.String({ maxLength: TEXT_LENGTHS.name, description });
const binary = (description: string) => ({ type: 'string', format: 'binary', description });
const IMAGE_BODY = {
  schema: {
    ...binary(
      'The image: JPEG, PNG, WebP or GIF; name it in `Content-Disposition: attachment; filename=...`, give title and alt_text in the query string',
    ),
    [READ_BY_ROUTE]: true,
  },
};

/**
 * The upload: a multipart form, or WordPress' raw form (the image as the body). The HTTP layer
 * reads either into an Upload (app.ts), so validation here lets it through; the service checks it.
 */
export const UploadBody = Type.Unsafe<Upload>({
  content: {
    'multipart/form-data': {
      schema: {
        [READ_BY_ROUTE]: true,
        type: 'object',
        required: ['file'],
        properties: {
          file: binary(
            "The image: JPEG, PNG, WebP or GIF (its type is read from its bytes; the name's extension must agree)",
          ),
          title: Text('The title; the file name without its extension by default'),
          alt_text: Text('The alternative text for readers who cannot see the image'),
        },
      },
    },
    'image/jpeg': IMAGE_BODY,
    'image/png': IMAGE_BODY,
    'image/webp': IMAGE_BODY,
    'image/gif': IMAGE_BODY,
  },
});

const Size = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  'mime-type': Type.String(),
  filesize: Type.Integer(),
  url: Type.String({ format: 'uri' }),
});

/** An uploaded image; `sizes` as the `image` object of the records that show it (wire-format 2.6). */
export const Media = Type.Object(
  {
    id: Type.Integer({ description: 'The ID `image` takes in event, venue and organizer writes' }),
    url: Type.String({ format: 'uri', description: 'The image, at most 2560 pixels wide and high' }),
    title: Type.String(),
    alt_text: Type.String(),
    author: Type.String({ description: 'The ID of the user who uploaded it' }),
    mime_type: Type.String(),
    extension: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    filesize: Type.Integer({ description: 'Bytes' }),
    date: Type.String({ description: "When it was uploaded, in the site's time zone" }),
    date_utc: Type.String(),
    sizes: Type.Record(Type.String(), Size, {
      description:
        "WordPress' intermediate sizes smaller than the image: thumbnail (150×150 cropped), medium, medium_large, large, 1536x1536, 2048x2048",
    }),
    // `$id`: a named component of the OpenAPI document, which the admin's types take (decision 0007, issue 45).
  },
  { $id: 'Media' },
);
export type MediaWire = Static<typeof Media>;

export const MediaList = Type.Object(
  {
    total: Type.Integer(),
    total_pages: Type.Integer(),
    media: Type.Array(Media),
  },
  { $id: 'MediaList' },
);
