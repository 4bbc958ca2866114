import http from 'node:http';
import https from 'node:https';
import type { ReceiverPolicy } from './receivers.ts';

/** What a receiver answered, or why there was no answer. */
export type SendOutcome = {
  readonly ok: boolean;
  readonly status: number | undefined;
  readonly error: string | undefined;
};

/** The most of a receiver's answer read (and kept as the attempt's note): receivers are not ours. */
const RESPONSE_LIMIT_BYTES = 1024;

/**
 * POSTs one signed message. No redirect is followed (a 3xx is a failure: a receiver that moved is
 * re-registered by its owner, never followed to wherever it points); the answer is read up to a
 * small limit; the whole attempt is bounded by `timeoutMs`; the address connected to passes the
 * receiver policy (DNS rebinding).
 */
export function send(
  url: URL,
  headers: Readonly<Record<string, string>>,
  body: string,
  policy: ReceiverPolicy,
  timeoutMs: number,
): Promise<SendOutcome> {
  const failed = (error: string): SendOutcome => ({ ok: false, status: undefined, error });
  const problem = policy.connectionProblem(url);
  if (problem) return Promise.resolve(failed(`refused: ${problem}`));
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'calendar-events-webhooks/1',
      },
      lookup: policy.lookup,
      agent: false,
    });
    const timer = setTimeout(() => settle(failed(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => settle(failed(error.message)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_LIMIT_BYTES);
        const ok = status >= 200 && status < 300;
        settle({ ok, status, error: ok ? undefined : `HTTP ${status}${text === '' ? '' : `: ${text}`}` });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_LIMIT_BYTES) finish();
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.end(body);
  });
}
