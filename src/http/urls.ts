import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { Urls } from '../urls.ts';
import { requestLanguage } from './language.ts';
import { cameThroughWordPress, WORDPRESS_PREFIX } from './wordpress-paths.ts';

/** The configurations of requests that came through WordPress' `/wp-json` (decision 0050), made once per configuration. */
const underWordPress = new WeakMap<Config, Config>();

function wordPressConfig(config: Config): Config {
  let derived = underWordPress.get(config);
  if (!derived) underWordPress.set(config, (derived = { ...config, restPrefix: WORDPRESS_PREFIX }));
  return derived;
}

/**
 * The URLs of answers to this request: its origin (or the configured public one), its language and
 * the namespace of the route it reached (`tribe/events/v1` under the alias, decision 0018), and
 * the prefix it came through: `/wp-json` when a client of the original called it so (decision 0050).
 */
export function urlsForRequest(request: FastifyRequest, config: Config): Urls {
  const language = requestLanguage(request.raw, request.query, config.defaultLanguage);
  const prefixed = cameThroughWordPress(request.raw) ? wordPressConfig(config) : config;
  return new Urls(`${request.protocol}://${request.host}`, prefixed, language, request.routeOptions.config.namespace);
}
