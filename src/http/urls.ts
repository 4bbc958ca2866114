import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { Urls } from '../urls.ts';
import { requestLanguage } from './language.ts';
import { wordPressPrefixOf } from './wordpress-paths.ts';

/** The configurations of requests that came through one of WordPress' prefixes (decisions 0050, 0099), made once per configuration and prefix. */
const underWordPress = new WeakMap<Config, Map<string, Config>>();

function wordPressConfig(config: Config, restPrefix: string): Config {
  let derived = underWordPress.get(config);
  if (!derived) underWordPress.set(config, (derived = new Map<string, Config>()));
  let prefixed = derived.get(restPrefix);
  if (!prefixed) derived.set(restPrefix, (prefixed = { ...config, restPrefix }));
  return prefixed;
}

/**
 * The URLs of answers to this request: its origin (or the configured public one), its language and
 * the namespace of the route it reached (`tribe/events/v1` under the alias, decision 0018), and
 * the prefix it came through: `/wp-json` when a client of the original called it so (decision 0050),
 * `/?rest_route=` (or `/index.php?rest_route=`) when it used WordPress' plain-permalink form (decision 0099).
 */
export function urlsForRequest(request: FastifyRequest, config: Config): Urls {
  const language = requestLanguage(request.raw, request.query, config.defaultLanguage);
  const wordPressPrefix = wordPressPrefixOf(request.raw);
  const prefixed = wordPressPrefix === undefined ? config : wordPressConfig(config, wordPressPrefix);
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
