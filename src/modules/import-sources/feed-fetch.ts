import type { SourceFetch } from '../tec-import/tec-source.ts';

/*
 * An import source's feed, fetched (decision 0117): a conditional request (If-None-Match,
 * If-Modified-Since from the validators of the last document imported whole), so that an
 * unchanged feed costs one request answered 304 and no write; through the guarded fetch of site
 * imports (the webhooks' address guard on every hop, decision 0071); its body read up to
 * CALENDAR_ICS_IMPORT_MAX_BYTES, the whole request within the fetch's time limit.
 */

/** How long a feed's request may take, its body read whole: a slow feed fails the run rather than hold it. */
export const FEED_TIMEOUT_MS = 60_000;

export interface Validators {
  readonly etag: string;
  readonly lastModified: string;
}

export type Fetched =
  { readonly modified: false } | { readonly modified: true; readonly text: string; readonly validators: Validators };

/** Why a fetch failed, as the run's reason says it. */
export class FeedError extends Error {}

export interface FeedLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

/** A webcal address is an http one by another name: read over https, as calendar applications do. */
export function feedAddress(url: string): string {
  return url.replace(/^webcals?:\/\//i, 'https://');
}

async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes)
    throw new FeedError(`the feed is ${declared} bytes, more than CALENDAR_ICS_IMPORT_MAX_BYTES (${maxBytes})`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) throw new FeedError(`the feed is more than CALENDAR_ICS_IMPORT_MAX_BYTES (${maxBytes}) bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function fetchFeed(
  fetch: SourceFetch,
  url: string,
  validators: Validators,
  limits: FeedLimits,
  signal: AbortSignal,
): Promise<Fetched> {
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
  if (validators.etag !== '') headers['if-none-match'] = validators.etag;
  if (validators.lastModified !== '') headers['if-modified-since'] = validators.lastModified;
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(limits.timeoutMs)]);
  try {
    const response = await fetch(feedAddress(url), { headers, signal: bounded, redirect: 'follow' });
    if (response.status === 304) return { modified: false };
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      throw new FeedError(`the feed answered HTTP ${response.status}`);
    }
    const text = await boundedText(response, limits.maxBytes);
    return {
      modified: true,
      text,
      validators: {
        etag: response.headers.get('etag') ?? '',
        lastModified: response.headers.get('last-modified') ?? '',
      },
    };
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof FeedError) throw error;
    if (bounded.aborted) throw new FeedError(`the feed did not answer within ${limits.timeoutMs} ms`);
    throw new FeedError(`the feed cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}
