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

/**
 * A host name, IPv4 address or bracketed IPv6 address, with an optional port (RFC 9110 4.2.3,
 * 7.2): what a request's Host must be for the service to build its answers' URLs on it.
 */
const HOST = /^(?:[A-Za-z0-9\-._~%!$&'()*+,;=]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function isValidHost(host: string): boolean {
  return HOST.test(host) && URL.canParse(`http://${host}/`);
}
