import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';
import type { Metrics } from '../metrics.ts';
import type { ReadCache } from './read-cache.ts';

/*
 * GET /metrics (decision 0044): Prometheus' text format, only for the bearer token of
 * CALENDAR_METRICS_TOKEN. Unset, the route does not exist (404) and nothing is counted. Like the
 * health probes it is outside the namespace, the OpenAPI document and the rate limits: a scraper
 * polls from one address.
 */

/** A route's pattern without its parameters' own patterns (`/events/:id(^\\d+$)` → `/events/:id`), for a readable label. */
const routeLabel = (url: string | undefined) => url?.replace(/\((?:[^()\\]|\\.)*\)/g, '');

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `authorization` carries `token` as a bearer credential; compared in constant time. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** Counts every answered request and serves the metrics; does nothing when they are off. */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics | undefined,
  token: string | undefined,
  readCache: ReadCache | undefined,
): void {
  if (metrics === undefined || token === undefined) return;
  if (readCache) metrics.followReadCache(readCache);
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestServed(
      request.method,
      routeLabel(request.routeOptions.url),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new ApiError('rest_forbidden');
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
