import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.ts';
import type { Storage } from '../../storage/types.ts';

const Status = Type.Object({ status: Type.String() });

/**
 * Liveness and readiness probes, outside the namespace and the OpenAPI document, and outside the
 * rate limits: a balancer probing often from one address must never be refused.
 */
export function healthRoutes(app: FastifyInstance, storage: Storage): void {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: Status } }, config: { rateLimit: false } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: Status } }, config: { rateLimit: false } },
    async (request) => {
      try {
        await storage.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        throw new ApiError('service_unavailable', { args: ['the database is not reachable'] });
      }
      return { status: 'ok' };
    },
  );
}
