import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BODY_LIMIT } from '../../src/http/error-handler.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * One limit, one name (issue 37): what a route enforces is what its contract says. The limits are
 * read off the wire (the OpenAPI document, the 413's message) and then tested against the answers,
 * so a limit changed in one place and not the other fails here.
 */

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly schema: { readonly maximum?: number };
}

let t: TestApp;
before(async () => {
  t = await createTestApp({
    env: { CALENDAR_WEBHOOK_ALLOW_HTTP: 'true', CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1' },
  });
});
after(() => t.close());

/** The `per_page` parameter of a GET route as the OpenAPI document describes it. */
async function documentedPerPage(path: string): Promise<Parameter> {
  const doc = (await t.request('anonymous', 'GET', 'doc')).json<{
    paths: Record<string, { get: { parameters: Parameter[] } }>;
  }>();
  const parameter = doc.paths[path]!.get.parameters.find(
    (candidate) => candidate.name === 'per_page' && candidate.in === 'query',
  );
  assert.ok(parameter, `${path} documents per_page`);
  return parameter;
}

describe(`limits: the enforced one is the documented one (${DIALECT})`, () => {
  test("a subscription's deliveries are served up to the per_page maximum the OpenAPI document gives, and refused past it", async () => {
    const maximum = (await documentedPerPage('/webhooks/{id}/deliveries')).schema.maximum;
    assert.ok(maximum !== undefined && maximum > 0, 'the deliveries list documents a maximum per_page');
    const created = await t.request('administrator', 'POST', 'webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['tag.created'],
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json<{ id: number }>().id;
    // The dispatcher is not started: every ping stays a pending delivery, listed.
    for (let ping = 0; ping <= maximum; ping++)
      assert.equal((await t.request('administrator', 'POST', `webhooks/${id}/ping`)).statusCode, 202);

    const full = await t.request('editor', 'GET', `webhooks/${id}/deliveries?per_page=${maximum}`);
    assert.equal(full.statusCode, 200, full.body);
    const body = full.json<{ total: number; total_pages: number; deliveries: unknown[] }>();
    assert.deepEqual(
      { total: body.total, total_pages: body.total_pages, listed: body.deliveries.length },
      { total: maximum + 1, total_pages: 2, listed: maximum },
    );
    assert.equal(full.headers['x-tec-totalpages'], '2');
    const rest = await t.request('editor', 'GET', `webhooks/${id}/deliveries?per_page=${maximum}&page=2`);
    assert.equal(rest.json<{ deliveries: unknown[] }>().deliveries.length, 1);

    const past = await t.request('editor', 'GET', `webhooks/${id}/deliveries?per_page=${maximum + 1}`);
    assert.equal(past.statusCode, 400);
    assert.equal(past.json().code, 'rest_invalid_param');
    assert.equal(past.json().data.details.per_page.code, 'rest_out_of_bounds');
  });

  test('TEC collections document no per_page maximum and serve at most 50 per page (wire-format 3.3)', async () => {
    assert.equal((await documentedPerPage('/tags')).schema.maximum, undefined);
    for (let index = 0; index < 51; index++)
      assert.equal((await t.request('administrator', 'POST', 'tags', { name: `Limit ${index}` })).statusCode, 201);
    const listed = await t.request('anonymous', 'GET', 'tags?per_page=100&hide_empty=0&search=Limit');
    assert.equal(listed.statusCode, 200, listed.body);
    assert.equal(listed.json<{ tags: unknown[] }>().tags.length, 50);
    assert.deepEqual([listed.headers['x-tec-total'], listed.headers['x-tec-totalpages']], ['51', '2']);
  });

  for (const [kind, contentType, encode] of [
    ['JSON', 'application/json', (name: string) => JSON.stringify({ name })],
    ['form', 'application/x-www-form-urlencoded', (name: string) => `name=${name}`],
  ] as const) {
    test(`a ${kind} body of the limit's size is read, one byte more is a 413 that names the limit it was refused by`, async () => {
      const sized = (bytes: number) => encode('x'.repeat(bytes - encode('').length));
      const within = await t.request('administrator', 'POST', 'categories', sized(BODY_LIMIT), {
        'content-type': contentType,
      });
      assert.notEqual(within.statusCode, 413, within.body);
      const over = await t.request('administrator', 'POST', 'categories', sized(BODY_LIMIT + 1), {
        'content-type': contentType,
      });
      assert.equal(over.statusCode, 413);
      assert.deepEqual(over.json(), {
        code: 'rest_payload_too_large',
        message: `The request body is larger than the allowed ${BODY_LIMIT} bytes.`,
        data: { status: 413 },
      });
    });
  }
});
