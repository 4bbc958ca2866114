import { ApiError } from '../../errors.ts';
import { totalHeaders } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute } from '../../http/route-definition.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { toMedia } from './media.mapper.ts';
import {
  MAX_MEDIA_PER_PAGE,
  Media,
  MediaList,
  MediaParams,
  MediaQuery,
  ReadQuery,
  UploadBody,
  WriteQuery,
} from './media.schemas.ts';
import type { MediaService } from './media.service.ts';
import { Upload } from './upload.ts';

/** WordPress' capability for the media library: authors and up; contributors cannot upload, as in WordPress. */
const UPLOAD = { all: ['upload_files'] } as const;

/** The body an upload route was given: an Upload, which app.ts makes of the multipart or raw forms only. */
function uploadOf(body: unknown): Upload {
  if (body instanceof Upload) return body;
  throw new ApiError('rest_unsupported_media_type', {
    args: ['send the image as multipart/form-data (field "file") or as the body with its image/* type'],
  });
}

/** The media library (issue 33, decision 0052). */
export function mediaRoutes(media: MediaService): AnyRoute[] {
  const single = '/media/:id(^\\d+$)';
  return [
    defineRoute({
      method: 'GET',
      path: '/media',
      permission: UPLOAD,
      schema: {
        summary: 'Returns the uploaded images, newest first',
        querystring: MediaQuery,
        response: { 200: MediaList },
      },
      handle: async ({ query, urls }, tx) => {
        const window = pageWindow(query.page, query.per_page, MAX_MEDIA_PER_PAGE);
        const { rows, total } = await media.list(tx, query.search, window);
        const pages = totalPages(total, window.perPage);
        return {
          headers: totalHeaders(total, pages),
          body: { total, total_pages: pages, media: rows.map((row) => toMedia(row, urls)) },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/media',
      permission: UPLOAD,
      schema: {
        summary:
          'Uploads an image (JPEG, PNG, WebP or GIF, at most CALENDAR_MEDIA_MAX_BYTES): its metadata is removed and its sizes made; its id is what `image` takes',
        querystring: WriteQuery,
        body: UploadBody,
        response: { 201: Media },
      },
      // The image is decoded, resized and written before the write unit: no write waits for it. Its
      // files are removed again if the unit does not commit.
      prepare: async ({ body }, deadline) => {
        const stored = await media.store(uploadOf(body), 'user', deadline);
        return { made: stored, undo: () => media.discard(stored) };
      },
      handle: async ({ body, caller, urls }, tx, _loaded, stored) => ({
        status: 201,
        body: toMedia(await media.create(tx, uploadOf(body), stored, caller!), urls),
      }),
    }),
    defineRoute({
      method: 'GET',
      path: single,
      permission: UPLOAD,
      schema: {
        summary: 'Returns an uploaded image',
        params: MediaParams,
        querystring: ReadQuery,
        response: { 200: Media },
      },
      handle: async ({ params, urls }, tx) => ({ body: toMedia(await media.find(tx, params.id), urls) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: single,
      permission: UPLOAD,
      schema: {
        summary:
          "Deletes an uploaded image and its files (the uploader's own, or any for editors); records that showed it show none; answers what it was",
        params: MediaParams,
        querystring: ReadQuery,
        response: { 200: Media },
      },
      // The files go once the record is gone for good: a unit that does not commit keeps both.
      handle: async ({ params, caller, urls }, tx) => {
        const row = await media.find(tx, params.id);
        const removeFiles = await media.remove(tx, row, caller!);
        return { body: toMedia(row, urls), afterCommit: removeFiles };
      },
    }),
  ];
}
