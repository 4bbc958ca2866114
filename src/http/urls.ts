import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { Urls } from '../urls.ts';
import { requestLanguage } from './language.ts';

/** The URLs of answers to this request: its origin (or the configured public one) and its language. */
export function urlsForRequest(request: FastifyRequest, config: Config): Urls {
  return new Urls(`${request.protocol}://${request.host}`, config, requestLanguage(request.raw, request.query, config.defaultLanguage));
}
