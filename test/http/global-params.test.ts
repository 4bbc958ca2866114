import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { applyFields, fieldNames } from '../../src/http/global-params.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * WordPress' global parameters on every namespace route (issue 12, item 3; decision 0021):
 * `_fields`, `_envelope`, `_method` / `X-HTTP-Method-Override` on POST, and `context`.
 */

let t: TestApp;
let eventId: number;
let venueId: number;
before(async () => {
  t = await createTestApp({ env: { CALENDAR_READ_CACHE_MB: '8' } });
  const venue = await t.request('administrator', 'POST', 'venues', {
    venue: 'Town Hall',
    city: 'Lyon',
    address: '1 Main St',
  });
  assert.equal(venue.statusCode, 201, venue.body);
  venueId = venue.json<{ id: number }>().id;
  const event = await t.request('administrator', 'POST', 'events', {
    title: 'Jazz Night',
    start_date: '2027-03-01 10:00:00',
    end_date: '2027-03-01 12:00:00',
    venue: venueId,
  });
  assert.equal(event.statusCode, 201, event.body);
  eventId = event.json<{ id: number }>().id;
  await t.request('administrator', 'POST', 'events', {
    title: 'Blues Night',
    start_date: '2027-03-02 10:00:00',
    end_date: '2027-03-02 12:00:00',
  });
});
after(() => t.close());

describe(`_fields (${DIALECT})`, () => {
  test('keeps the named top-level keys and nested object paths of a single record, in the record order', async () => {
    const response = await t.request('anonymous', 'GET', `events/${eventId}?_fields=venue.city,title,id,venue.id`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { id: eventId, title: 'Jazz Night', venue: { id: venueId, city: 'Lyon' } });
    assert.deepEqual(Object.keys(response.json()), ['id', 'title', 'venue']);
  });

  test('accepts the list form and white space, and ignores unknown names', async () => {
    const response = await t.request(
      'anonymous',
      'GET',
      `venues/${venueId}?_fields[]=id&_fields[]=nope&_fields[]=%20city`,
    );
    assert.deepEqual(response.json(), { id: venueId, city: 'Lyon' });
  });

  test('a parent named whole wins over its sub-fields; only unknown names leave an empty PHP array', async () => {
    const whole = await t.request('anonymous', 'GET', `events/${eventId}?_fields=venue,venue.id`);
    assert.equal(whole.json<{ venue: { city: string } }>().venue.city, 'Lyon');
    const none = await t.request('anonymous', 'GET', `events/${eventId}?_fields=nope`);
    assert.equal(none.body, '[]');
  });

  test('applies to each record of an archive, which keeps its envelope; `events.id` names the records’ id', async () => {
    const response = await t.request('anonymous', 'GET', 'events?_fields=id,title&start_date=2027-01-01');
    const body = response.json<{ events: unknown[]; total: number; total_pages: number; rest_url: string }>();
    assert.equal(body.total, 2);
    assert.equal(body.total_pages, 1);
    assert.ok(body.rest_url);
    assert.deepEqual(
      body.events.map((event) => Object.keys(event as object)),
      [
        ['id', 'title'],
        ['id', 'title'],
      ],
    );
    const prefixed = await t.request('anonymous', 'GET', 'events?_fields=events.id&start_date=2027-01-01');
    assert.deepEqual(Object.keys(prefixed.json<{ events: object[] }>().events[0]!), ['id']);
    for (const collection of ['venues', 'organizers', 'categories', 'tags']) {
      const archive = await t.request('administrator', 'GET', `${collection}?_fields=id`);
      assert.equal(archive.statusCode, 200, archive.body);
      const records = archive.json<Record<string, object[]>>()[collection]!;
      for (const record of records) assert.deepEqual(Object.keys(record), ['id'], collection);
    }
  });

  test('filters the namespace index and leaves errors alone', async () => {
    assert.deepEqual(Object.keys((await t.request('anonymous', 'GET', '?_fields=namespace')).json()), ['namespace']);
    const error = await t.request('anonymous', 'GET', 'events/999999?_fields=id');
    assert.equal(error.statusCode, 404);
    assert.equal(error.json<{ code: string }>().code, 'rest-event-not-found');
  });

  test('works with the read cache and computes the ETag on the filtered answer', async () => {
    const url = `events/${eventId}?_fields=id,title`;
    const first = await t.request('anonymous', 'GET', url);
    const second = await t.request('anonymous', 'GET', url);
    assert.equal(second.body, first.body);
    assert.equal(second.headers.etag, first.headers.etag);
    const full = await t.request('anonymous', 'GET', `events/${eventId}`);
    assert.notEqual(full.headers.etag, first.headers.etag);
    const notModified = await t.request('anonymous', 'GET', url, undefined, {
      'if-none-match': String(first.headers.etag),
    });
    assert.equal(notModified.statusCode, 304);
  });

  test('pure function: a list at the top level is filtered item by item; paths into nested lists keep nothing', () => {
    assert.deepEqual(applyFields([{ a: 1, b: 2 }, { a: 3 }], ['a'], undefined), [{ a: 1 }, { a: 3 }]);
    assert.deepEqual(applyFields({ organizer: [{ id: 1 }], id: 2 }, ['organizer.id', 'id'], undefined), {
      organizer: [],
      id: 2,
    });
    assert.equal(fieldNames(''), undefined);
    assert.deepEqual(fieldNames('a, b.c ,,d'), ['a', 'b.c', 'd']);
  });
});

describe(`_envelope (${DIALECT})`, () => {
  test('wraps body, status and the answer’s headers in a 200', async () => {
    const response = await t.request('anonymous', 'GET', 'events?_envelope&start_date=2027-01-01');
    assert.equal(response.statusCode, 200);
    const { body, status, headers } = response.json<{
      body: { total: number };
      status: number;
      headers: Record<string, string>;
    }>();
    assert.equal(status, 200);
    assert.equal(body.total, 2);
    assert.equal(headers['X-TEC-Total'], '2');
    assert.ok(headers.Allow);
    assert.equal(response.headers['x-tec-total'], undefined);
    assert.match(String(response.headers['content-type']), /^application\/json/);
  });

  test('wraps errors, with their status, and a 201; combines with _fields', async () => {
    const missing = await t.request('anonymous', 'GET', 'events/999999?_envelope=1');
    assert.equal(missing.statusCode, 200);
    assert.equal(missing.json<{ status: number }>().status, 404);
    assert.equal(missing.json<{ body: { code: string } }>().body.code, 'rest-event-not-found');
    const noRoute = await t.request('anonymous', 'GET', 'nowhere?_envelope');
    assert.equal(noRoute.statusCode, 200);
    assert.deepEqual(noRoute.json<{ status: number; body: { code: string } }>().body.code, 'rest_no_route');
    const created = await t.request('administrator', 'POST', 'tags?_envelope&_fields=name', { name: 'Enveloped' });
    assert.equal(created.statusCode, 200);
    assert.deepEqual(created.json<{ body: unknown; status: number }>().body, { name: 'Enveloped' });
    assert.equal(created.json<{ status: number }>().status, 201);
  });

  test('a single record carries its ETag inside the envelope and is never answered 304', async () => {
    const plain = await t.request('anonymous', 'GET', `events/${eventId}`);
    const response = await t.request('anonymous', 'GET', `events/${eventId}?_envelope`, undefined, {
      'if-none-match': String(plain.headers.etag),
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<{ headers: Record<string, string> }>().headers.ETag, plain.headers.etag);
    assert.deepEqual(response.json<{ body: unknown }>().body, plain.json());
  });
});

describe(`method override (${DIALECT})`, () => {
  test('_method on a POST is handled as that method (any case); the query wins over the header', async () => {
    const tag = await t.request('administrator', 'POST', 'tags', { name: 'Tunnelled' });
    const id = tag.json<{ id: number }>().id;
    const updated = await t.request('administrator', 'POST', `tags/${id}?_method=put`, { name: 'Tunnelled again' });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(updated.json<{ name: string }>().name, 'Tunnelled again');
    const read = await t.request('anonymous', 'POST', `tags/${id}?_method=GET`, undefined, {
      'x-http-method-override': 'DELETE',
    });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.json<{ name: string }>().name, 'Tunnelled again');
    const deleted = await t.request('administrator', 'POST', `tags/${id}`, undefined, {
      'x-http-method-override': 'DELETE',
    });
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.notEqual((await t.request('anonymous', 'GET', `tags/${id}`)).statusCode, 200);
  });

  test('an override names a method a route must serve: otherwise rest_no_route', async () => {
    const response = await t.request('administrator', 'POST', `events/${eventId}?_method=BOGUS`, {});
    assert.equal(response.statusCode, 404);
    assert.equal(response.json<{ code: string }>().code, 'rest_no_route');
  });

  test('only a POST tunnels: a GET with _method=DELETE stays a read', async () => {
    const response = await t.request('administrator', 'GET', `events/${eventId}?_method=DELETE`, undefined, {
      'x-http-method-override': 'DELETE',
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<{ status: string }>().status, 'publish');
  });

  test('the permission is the overriding method’s', async () => {
    const response = await t.request('anonymous', 'POST', `events/${eventId}?_method=DELETE`);
    assert.equal(response.statusCode, 401);
    assert.equal(response.json<{ code: string }>().code, 'rest_forbidden');
  });
});

describe(`context (${DIALECT})`, () => {
  test('view, embed and edit are accepted on every route', async () => {
    for (const context of ['view', 'embed', 'edit']) {
      for (const url of [`events/${eventId}`, 'categories', 'tags', '', 'doc', `venues/${venueId}`]) {
        const response = await t.request('anonymous', 'GET', `${url}?context=${context}`);
        assert.equal(response.statusCode, 200, `${url} ${context}: ${response.body}`);
      }
    }
  });

  test('another value answers rest_invalid_param, on routes that declare context and on the others', async () => {
    for (const url of [`events/${eventId}`, 'events', 'categories', '', 'doc', `venues/${venueId}`]) {
      const response = await t.request('anonymous', 'GET', `${url}?context=bogus`);
      assert.equal(response.statusCode, 400, url);
      const body = response.json<{
        code: string;
        message: string;
        data: { params: Record<string, string>; details: Record<string, { code: string }> };
      }>();
      assert.equal(body.code, 'rest_invalid_param', url);
      assert.equal(body.message, 'Invalid parameter(s): context', url);
      assert.equal(body.data.params.context, 'context is not one of view, edit, embed.', url);
      assert.equal(body.data.details.context?.code, 'rest_not_in_enum', url);
    }
  });
});
