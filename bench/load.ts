import autocannon from 'autocannon';
import { format, log } from './output.ts';

/*
 * The load drivers: autocannon for the short answers, whole feeds read one after another for
 * the long ones, and the waits between scenarios.
 */

export interface Measurement {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

export type Body = Record<string, unknown>;

/** What a load sends. */
export interface Requests {
  readonly method: 'GET' | 'POST' | 'PATCH';
  /** The n-th request; ids and bodies vary so that no cache answers them all. */
  request(n: number): { path: string; body?: Body };
}

/**
 * Requests per connection before autocannon opens a new one. The service asks a client to reconnect
 * after 1,000 (`Connection: close`, `maxRequestsPerSocket` in src/app.ts) and answers 503 to what one sends on the old
 * connection after that; autocannon does not read that header, so it reconnects on its own first,
 * as HTTP clients that honour the header do.
 */
const REQUESTS_PER_CONNECTION = 500;

/** The duration at `share` (0.5: the median) of durations sorted in ascending order, in whole ms. */
export const percentile = (sorted: readonly number[], share: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN);

export async function drive(
  port: number,
  requests: Requests,
  headers: Record<string, string>,
  seconds: number,
  counter: { n: number },
  connections: number,
): Promise<Measurement> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    reconnectRate: REQUESTS_PER_CONNECTION,
    requests: [
      {
        setupRequest: (request) => {
          const { path: requestPath, body } = requests.request(counter.n++);
          return {
            ...request,
            method: requests.method,
            path: requestPath,
            headers,
            ...(body ? { body: JSON.stringify(body) } : {}),
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * The same requests spread over several nodes, an autocannon per node with an equal share of the
 * connections, at once: their rates add up; p50 and p99 are the slowest node's (a histogram of
 * the whole is not kept by autocannon).
 */
export async function driveNodes(
  ports: readonly number[],
  requests: Requests,
  headers: Record<string, string>,
  seconds: number,
  counter: { n: number },
  connections: number,
): Promise<Measurement> {
  const share = Math.max(1, Math.floor(connections / ports.length));
  const results = await Promise.all(ports.map((port) => drive(port, requests, headers, seconds, counter, share)));
  const sum = (pick: (result: Measurement) => number) => results.reduce((total, result) => total + pick(result), 0);
  const slowest = (pick: (result: Measurement) => number) => Math.max(...results.map(pick));
  return {
    requestsPerSecond: sum((result) => result.requestsPerSecond),
    p50: slowest((result) => result.p50),
    p99: slowest((result) => result.p99),
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
  };
}

/** Reads every URL once, `connections` at a time, and fails on an answer that is not 200. */
export async function readAll(port: number, urls: readonly string[], connections: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

/**
 * Whole feeds, one after another, read as they stream, until `seconds` have passed (at least one):
 * autocannon's time-outs and short runs do not fit answers that take seconds each. Reports feeds
 * per second, each one's duration as p50/p99, and logs the events and bytes per second.
 */
export async function driveFeeds(
  port: number,
  requestPath: string,
  seconds: number,
  {
    name = 'ics-export',
    marker = 'BEGIN:VEVENT',
    headers = {},
  }: { name?: string; marker?: string; headers?: Record<string, string> } = {},
): Promise<Measurement> {
  const durations: number[] = [];
  let events = 0;
  let bytes = 0;
  let failures = 0;
  const started = performance.now();
  const count = (text: string) => text.split(marker).length - 1;
  do {
    const begun = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${requestPath}`, { headers });
    let tail = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      // Counted on the text with the previous chunk's end, so a marker split between chunks counts once.
      const text = tail + Buffer.from(chunk).toString('latin1');
      events += count(text) - count(tail);
      tail = text.slice(-(marker.length - 1));
    }
    if (response.status !== 200) failures++;
    durations.push(performance.now() - begun);
  } while (performance.now() - started < seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...durations].sort((a, b) => a - b);
  log(
    `  ${name}: ${durations.length} export(s) in ${elapsed.toFixed(1)} s, ${format(events / elapsed)} records/s, ${format(bytes / elapsed / 2 ** 20, 1)} MB/s`,
  );
  return {
    requestsPerSecond: durations.length / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    non2xx: failures,
    errors: 0,
  };
}

/**
 * Waits until the server answers a health check quickly: requests of a scenario that timed out
 * are still being worked through after autocannon gives up, and must not slow the next scenario.
 */
export async function settle(port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.arrayBuffer());
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
