import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { MAX_HEADER_BYTES } from '../../src/http/error-handler.ts';
import { API, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Size limits that Node's HTTP parser enforces before the app runs, tested over a real socket
 * (app.inject bypasses the parser): the request line and headers together are bounded, and what
 * exceeds the bound is answered in the error envelope, not Node's or Fastify's own format.
 */

interface RawAnswer {
  readonly status: number;
  readonly headers: string;
  readonly body: string;
}

let t: TestApp;
let port: number;
before(async () => {
  t = await createTestApp({ withUsers: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
after(() => t.close());

/** Sends raw bytes and reads the whole answer (the server closes the connection, or we ask it to). */
function exchange(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n', 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    // Not end(): a client that half-closes may be answered with nothing; `Connection: close` ends the exchange.
    socket.write(request);
  });
}

const get = (target: string, extraHeaders = '') =>
  exchange(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extraHeaders}\r\n`);

describe(`limits on the request line and headers (${DIALECT})`, () => {
  test('a query string within the bound is served', async () => {
    const answer = await get(`${API}/categories?search=${'a'.repeat(8_000)}`);
    assert.equal(answer.status, 200, answer.body);
  });

  test('a query string beyond the bound is 431 rest_headers_too_large in the envelope, and the connection closes', async () => {
    const answer = await get(`${API}/events?search=${'a'.repeat(MAX_HEADER_BYTES + 1)}`);
    assert.equal(answer.status, 431);
    assert.match(answer.headers, /content-type: application\/json; charset=UTF-8/i);
    assert.match(answer.headers, /x-content-type-options: nosniff/i);
    assert.deepEqual(JSON.parse(answer.body), {
      code: 'rest_headers_too_large',
      message: `The request line and headers are larger than the allowed ${MAX_HEADER_BYTES} bytes.`,
      data: { status: 431 },
    });
  });

  test('one header or many headers beyond the bound are 431 too', async () => {
    const oneHuge = await get(`${API}/events`, `X-Padding: ${'b'.repeat(MAX_HEADER_BYTES)}\r\n`);
    assert.equal(oneHuge.status, 431);
    const many = await get(
      `${API}/events`,
      Array.from({ length: 400 }, (_, index) => `X-Padding-${index}: ${'c'.repeat(40)}\r\n`).join(''),
    );
    assert.equal(many.status, 431);
    assert.equal(JSON.parse(many.body).code, 'rest_headers_too_large');
  });

  test('a request that is not HTTP is 400 rest_bad_request in the envelope', async () => {
    const answer = await exchange('HELLO THERE\r\n\r\n');
    assert.equal(answer.status, 400);
    assert.equal(JSON.parse(answer.body).code, 'rest_bad_request');
  });

  test('the server keeps serving after refusing them', async () => {
    const answer = await get(`${API}/categories`);
    assert.equal(answer.status, 200);
  });
});
