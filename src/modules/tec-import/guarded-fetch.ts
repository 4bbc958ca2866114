import http from 'node:http';
import https from 'node:https';
import type { ReceiverPolicy } from '../webhooks/receivers.ts';
import type { SourceFetch } from './tec-source.ts';

/*
 * How a site import started over the API reads its source (decision 0071): the server fetches a
 * URL an administrator typed, so every request, each redirect's target included, passes the
 * address guard webhooks use (`receivers.ts`), on the very address connected to (DNS rebinding);
 * an answer is read up to a limit, so a source cannot fill the node's memory.
 */

/** Redirects followed per request, as browsers and fetch bound them. */
const MAX_REDIRECTS = 5;
/** The largest answer read: a page of 50 events with their descriptions is far below it. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose answer has no body (the Response constructor refuses one). */
const BODILESS = new Set([101, 103, 204, 205, 304]);

interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

function requestOnce(url: URL, headers: Record<string, string>, signal: AbortSignal, policy: ReceiverPolicy): Promise<RawAnswer> {
  const problem = policy.connectionProblem(url);
  if (problem) return Promise.reject(new Error(`refused: ${problem}`));
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.get(url, { headers: { ...headers, 'user-agent': 'calendar-events-import/1' }, lookup: policy.lookup, agent: false, signal }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) return response.destroy(new Error(`${url.href}: the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
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
      if (REDIRECTS.has(answer.status) && location !== undefined && hop < MAX_REDIRECTS) {
        const next = new URL(location, url);
        // As fetch does: credentials are not carried to another origin.
        if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
        url = next;
        continue;
      }
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, item);
      }
      const status = answer.status >= 200 && answer.status <= 599 ? answer.status : 502;
      return new Response(BODILESS.has(status) ? null : new Uint8Array(answer.body), { status, headers: responseHeaders });
    }
  };
}
