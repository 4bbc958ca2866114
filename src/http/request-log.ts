import type { FastifyServerOptions } from 'fastify';

/** What the request log is given of a request: Fastify's request, or a bare Node request before routing. */
interface LoggedRequest {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly originalUrl?: string | undefined;
  readonly host?: string | undefined;
  readonly ip?: string | undefined;
  readonly socket?: { readonly remotePort?: number | undefined } | null | undefined;
}

/**
 * The request log's `req` fields, Fastify's own but for the URL: Fastify logs the URL after
 * `rewriteUrl`, which drops `/wp-json` and turns `/?rest_route=` into a path, so an operator could
 * not see which form a client used. `url` is the request as the client sent it; `routedUrl` the
 * one it was served as, when a rewrite changed it (decision 0099).
 */
export function requestLogFields(request: LoggedRequest) {
  const url = request.originalUrl ?? request.url;
  return {
    method: request.method,
    url,
    ...(request.url !== url ? { routedUrl: request.url } : {}),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options with the request log's fields; no logger stays none. */
export function withRequestLogFields(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLogFields } };
}
