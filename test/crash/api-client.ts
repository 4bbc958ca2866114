import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { API } from '../fixtures/app.ts';

/** Far above any answer of a healthy server; a hung one must fail the run, not stall it. */
const REQUEST_TIMEOUT_MS = 30_000;

export type Json = { readonly [key: string]: unknown };

export interface ApiResponse {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
}

/**
 * JSON requests to one server over kept-alive connections. node:http rather than fetch, so that
 * a request the server never answered (it was killed) fails for certain instead of being retried.
 */
export class ApiClient {
  private readonly agent = new http.Agent({ keepAlive: true });

  /**
   * Without `authorization` the client is anonymous. `onAnswer`, when given, hears of every
   * answer with its status and how long it took (for the soak test's figures).
   */
  constructor(
    readonly base: string,
    private readonly authorization: string | undefined,
    private readonly onAnswer?: (answer: {
      readonly method: string;
      readonly path: string;
      readonly status: number;
      readonly ms: number;
    }) => void,
  ) {}

  /** `path` is relative to the namespace root; rejects when the connection fails or is cut before the whole answer. */
  request(method: string, path: string, body?: unknown): Promise<ApiResponse> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders =
      this.authorization === undefined ? {} : { authorization: this.authorization };
    const started = performance.now();
    if (payload !== undefined)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    return new Promise((resolve, reject) => {
      const request = http.request(`${this.base}${API}/${path}`, { method, agent: this.agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('close', () => {
          if (!response.complete) {
            reject(new Error(`${method} ${path}: the answer was cut short`));
            return;
          }
          const text = Buffer.concat(chunks).toString();
          const parsed: unknown = text === '' ? undefined : JSON.parse(text);
          const code = isObject(parsed) && typeof parsed.code === 'string' ? parsed.code : undefined;
          this.onAnswer?.({ method, path, status: response.statusCode!, ms: performance.now() - started });
          resolve({ status: response.statusCode!, code, body: parsed });
        });
      });
      request.setTimeout(REQUEST_TIMEOUT_MS, () =>
        request.destroy(new Error(`${method} ${path}: no answer within ${REQUEST_TIMEOUT_MS} ms`)),
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown, what: string): Json {
  if (!isObject(value)) throw new Error(`${what} is not an object: ${JSON.stringify(value)}`);
  return value;
}

export function asList(value: unknown, what: string): Json[] {
  if (!Array.isArray(value) || !value.every(isObject))
    throw new Error(`${what} is not a list of objects: ${JSON.stringify(value)}`);
  return value;
}
