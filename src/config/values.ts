import { isIP } from 'node:net';

/*
 * The kinds of value settings take (seconds, whole numbers, switches, URLs, origins, address lists),
 * each read with one clear ConfigError when it is wrong. The settings themselves are read by group
 * (`database.ts`, `site.ts`, `network.ts`, `media.ts`, `delivery.ts`) and put together by `../config.ts`.
 */

export class ConfigError extends Error {}

export function parseUrlSetting(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http(s) URL, got: ${value}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * `item` as a web origin, or a ConfigError with `refusal`. An origin is a scheme, a host and a
 * port: anything more would never equal a browser's Origin header.
 */
export function originOf(item: string, refusal: string): string {
  let url: URL | undefined;
  try {
    url = new URL(item);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item.replace(/\/$/, ''))
    throw new ConfigError(refusal);
  return url.origin;
}

/** A cache's memory in whole megabytes; unset, `fallbackMb`. */
export function parseCacheBytes(name: string, value: string | undefined, fallbackMb: number): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallbackMb * 1024 * 1024;
  if (!/^\d{1,5}$/.test(raw))
    throw new ConfigError(`${name} must be a whole number of megabytes (0 turns the cache off), got: ${value}`);
  return Number(raw) * 1024 * 1024;
}

export function parsePerMinute(name: string, value: string | undefined, fallback: number): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallback;
  if (!/^\d{1,7}$/.test(raw))
    throw new ConfigError(
      `${name} must be a whole number of requests per minute (0 turns the limit off), got: ${value}`,
    );
  return Number(raw);
}

/** A duration in seconds (fractions allowed, e.g. 0.5), as milliseconds. */
export function parseSeconds(name: string, value: string | undefined, fallbackSeconds: number): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallbackSeconds * 1000;
  const seconds = /^\d{1,4}(\.\d{1,3})?$/.test(raw) ? Number(raw) : NaN;
  if (!(seconds > 0 && seconds <= 3600))
    throw new ConfigError(`${name} must be a number of seconds above 0 and at most 3600, got: ${value}`);
  return Math.round(seconds * 1000);
}

export function parseWholeNumber(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = value?.trim() ?? '';
  if (raw === '') return fallback;
  const number = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(number >= min && number <= max))
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got: ${value}`);
  return number;
}

export function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  const raw = value?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got: ${value}`);
}

export function parseAddressList(name: string, value: string | undefined): string[] {
  const listed = (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
  for (const item of listed) {
    const [address, bits, extra] = item.split('/');
    if (
      extra !== undefined ||
      isIP(address!) === 0 ||
      (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address!) === 4 ? 32 : 128)))
    ) {
      throw new ConfigError(
        `${name} must list IP addresses or CIDR ranges such as 127.0.0.1 or 10.0.0.0/8, got: ${item}`,
      );
    }
  }
  return listed;
}
