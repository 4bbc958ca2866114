import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { answerConditionally } from '../../http/conditional-get.ts';
import { MEDIA_TYPE_OF_EXTENSION, type ImageFiles } from './image-files.ts';
import { MEDIA_PATH } from '../../storage/repositories/media.repository.ts';

/**
 * Only names this service writes (`2026/11/poster-1a2b3c4d5e6f-300x200.jpg`): no dot segment, no
 * separator but the two folders, no other extension, so no request reaches a file outside the
 * media folder or one that is not an upload's.
 */
const STORED_NAME = /^\d{4}\/\d{2}\/[a-z0-9][a-z0-9-]*\.(jpg|png|webp|gif)$/;

/** A name is written once and never changes (image-files.ts): browsers and proxies may keep it for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves uploaded images' files at `{site path}/media/...` (decision 0052). */
export function registerMediaFiles(
  app: FastifyInstance,
  options: { readonly sitePath: string; readonly files: ImageFiles },
): void {
  app.route({
    method: 'GET',
    url: `${options.sitePath}/${MEDIA_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const match = STORED_NAME.exec(name);
      if (!match) return reply.callNotFound();
      const file = options.files.pathOf(name);
      let stat: fs.Stats;
      try {
        stat = await fs.promises.stat(file);
      } catch {
        return reply.callNotFound();
      }
      if (!stat.isFile()) return reply.callNotFound();
      // The name is unique to these bytes: it is their validator.
      const tag = `"${name.replace(/\//g, '-')}"`;
      reply.header('content-type', MEDIA_TYPE_OF_EXTENSION[match[1]!]!);
      const answer = answerConditionally(request, reply, { tag }, fs.createReadStream(file));
      if (reply.statusCode === 200) reply.header('content-length', stat.size);
      return reply.send(answer);
    },
    // After the app's onSend, which marks every answer to a signed-in caller private: a file is the same for everyone.
    onSend: async (_request, reply, payload) => {
      if (reply.statusCode === 200 || reply.statusCode === 304) {
        reply.header('cache-control', IMMUTABLE);
        reply.removeHeader('expires');
        // Nothing in an image runs, and a browser shown one directly may not treat it as anything else.
        reply.header('content-security-policy', "default-src 'none'; sandbox");
      }
      return payload;
    },
  });
}
