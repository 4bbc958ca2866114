import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ReceiverPolicy } from '../webhooks/receivers.ts';
import type { SourceFetch } from './tec-source.ts';

/*
 * How a site import started over the API reads its source (decision 0071): the server fetches a
 * URL an administrator typed, so every request, each redirect's target included, passes the
 * address guard webhooks use (`receivers.ts`), on the very address connected to (DNS rebinding).
 * The answer is handed on as a stream, which `TecSource` reads up to its bound (decision 0092).
 */

/** Redirects followed per request, as browsers and fetch bound them. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose answer has no body (the Response constructor refuses one). */
const BODILESS = new Set([101, 103, 204, 205, 304]);

function requestOnce(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  policy: ReceiverPolicy,
): Promise<http.IncomingMessage> {
  const problem = policy.connectionProblem(url);
  if (problem) return Promise.reject(new Error(`refused: ${problem}`));
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.get(
      url,
      {
        headers: { ...headers, 'user-agent': 'calendar-events-import/1' },
        lookup: policy.lookup,
        agent: false,
        signal,
      },
      resolve,
    );
    request.on('error', reject);
  });
}

/** A fetch for `TecSource` that connects only where `policy` allows, redirects checked hop by hop. */
export function guardedFetch(policy: ReceiverPolicy): SourceFetch {
  return async (given, init) => {
    let url = new URL(given);
    let headers = init.headers;
    for (let hop = 0; ; hop++) {
      const answer = await requestOnce(url, headers, init.signal, policy);
      const location = answer.headers.location;
      const status =
        answer.statusCode !== undefined && answer.statusCode >= 200 && answer.statusCode <= 599
          ? answer.statusCode
          : 502;
      if (REDIRECTS.has(status) && location !== undefined && hop < MAX_REDIRECTS) {
        // A redirect's own body is never read.
        answer.destroy();
        const next = new URL(location, url);
        // As fetch does: credentials are not carried to another origin.
        if (next.origin !== url.origin)
          headers = Object.fromEntries(
            Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'),
          );
        url = next;
        continue;
      }
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
          responseHeaders.append(name, item);
      }
      if (!BODILESS.has(status))
        return new Response(Readable.toWeb(answer) as ReadableStream<Uint8Array>, { status, headers: responseHeaders });
      answer.destroy();
      return new Response(null, { status, headers: responseHeaders });
    }
  };
}
