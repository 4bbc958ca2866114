import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimits, RedisConfig } from '../config.ts';
import { ApiError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write anyone may make (the community form, decision 0062): counted against the write limit, per address when anonymous. */
    anonymousWrite?: boolean;
    /** A page form that takes an image in a multipart `file` part, read as an upload (the community form, decision 0062). */
    takesUpload?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WINDOW_MS = 60_000;
/** Clients counted at once by a node without Redis; the least recently seen are forgotten beyond it. */
const LOCAL_CLIENTS = 100_000;

/** The response headers of the limits (IETF draft names), which CORS exposes to scripts. */
export const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'];

const REDIS_CONNECT_TIMEOUT_MS = 1000;

/**
 * Resolves once the client is connected, or at its first failure, or after the connect timeout: a
 * node whose Redis is up counts its very first requests in it (commands sent before the connection
 * fail at once, and would let them through), and one whose Redis is down starts all the same.
 */
function firstConnection(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      client.off('ready', settle);
      client.off('error', settle);
      resolve();
    };
    const timer = setTimeout(settle, REDIS_CONNECT_TIMEOUT_MS);
    client.once('ready', settle);
    client.once('error', settle);
  });
}

/**
 * A Redis client that never makes a request wait for an unreachable Redis: commands fail at once
 * while it is disconnected and after half a second when it does not answer. The first failure of
 * an outage is logged as a warning, the recovery as information.
 */
function connectRedis(redis: RedisConfig, log: FastifyBaseLogger): Redis {
  const client = new Redis(redis.url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let reachable = true;
  client.on('error', (error: Error) => {
    if (reachable)
      log.warn({ err: error }, 'Redis is unreachable: rate limits are not enforced until it answers again');
    reachable = false;
  });
  client.on('ready', () => {
    if (!reachable) log.info('Redis answers again: rate limits are enforced');
    reachable = true;
  });
  return client;
}

/** A client's address as the limits count it (an IPv6 address as its /64 network); the community form records it too (decision 0095). */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

/**
 * Per-client request limits (decision 0023), counted over a fixed minute: anonymous requests per
 * client address (writes with them: they are refused anyway, but cost a validation), and a logged-in
 * user's reads and writes per user, whatever address they come from. A write anyone may make (a
 * route's `anonymousWrite`: the community form, decision 0062) counts against the write limit, per
 * address for an anonymous client. Counts live in Redis when
 * configured, shared by every node, else in each node's memory. Registered after authentication,
 * whose `onRequest` hook runs before the routes' own, which is where the plugin counts. A Redis
 * failure lets requests through (fail open): a limit is a guard, and an outage of the guard should
 * not become an outage of the calendar.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  redis: RedisConfig | undefined,
): Promise<void> {
  if (limits.readsPerMinute === 0 && limits.writesPerMinute === 0) return;
  const isWrite = (request: FastifyRequest) =>
    WRITE_METHODS.has(request.method) &&
    (request.caller !== null || request.routeOptions.config.anonymousWrite === true);
  const limitOf = (request: FastifyRequest) => (isWrite(request) ? limits.writesPerMinute : limits.readsPerMinute);
  const client = redis && connectRedis(redis, app.log);
  if (client) {
    app.addHook('onClose', async () => {
      // QUIT waits for the answers still due; a client that is not connected is simply dropped.
      await client.quit().catch(() => client.disconnect());
    });
    await firstConnection(client);
  }
  await app.register(rateLimit, {
    global: true,
    enableDraftSpec: true,
    timeWindow: WINDOW_MS,
    max: limitOf,
    // A limit of 0 is off: such requests are neither counted nor given the headers.
    allowList: (request) => limitOf(request) === 0,
    keyGenerator: (request) =>
      request.caller === null
        ? `address:${clientAddress(request)}${isWrite(request) ? ':write' : ''}`
        : `user:${request.caller.id}:${isWrite(request) ? 'write' : 'read'}`,
    skipOnError: true,
    cache: LOCAL_CLIENTS,
    ...(client && redis ? { redis: client, nameSpace: `${redis.keyPrefix}rate-limit:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new ApiError('rest_too_many_requests', { args: [Math.ceil(context.ttl / 1000)] }),
  });
}
