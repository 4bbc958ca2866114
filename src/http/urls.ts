import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { Urls } from '../urls.ts';
import { requestLanguage } from './language.ts';

/**
 * The URLs of answers to this request: its origin (or the configured public one), its language and
 * the namespace of the route it reached (`tribe/events/v1` under the alias, decision 0018).
 */
export function urlsForRequest(request: FastifyRequest, config: Config): Urls {
  const language = requestLanguage(request.raw, request.query, config.defaultLanguage);
  return new Urls(`${request.protocol}://${request.host}`, config, language, request.routeOptions.config.namespace);
}
