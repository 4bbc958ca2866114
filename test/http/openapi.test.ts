import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * The OpenAPI document at /doc (decision 0007): valid OpenAPI 3.0, HTTP Basic declared where
 * credentials are needed, named components for the records, and a reference UI served locally.
 */

interface Operation {
  security?: Record<string, unknown>[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
before(async () => {
  t = await createTestApp();
  const response = await t.request('anonymous', 'GET', 'doc');
  assert.equal(response.statusCode, 200);
  doc = response.json<Document>();
});
after(() => t.close());

describe(`OpenAPI document (${DIALECT})`, () => {
  test('validates as OpenAPI 3.0', async () => {
    const result = await new Validator().validate(doc as never);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1)?.slice(0, 3000));
    assert.match(doc.openapi, /^3\.0\./);
  });

  test('geoloc_radius keeps its exclusive bound in the 3.0 spelling', () => {
    const parameters = (
      doc.paths['/events']!.get as unknown as { parameters: { name: string; schema: Record<string, unknown> }[] }
    ).parameters;
    const radius = parameters.find((parameter) => parameter.name === 'geoloc_radius')!;
    assert.equal(radius.schema.minimum, 0);
    assert.equal(radius.schema.exclusiveMinimum, true);
  });

  test('declares HTTP Basic or the session with its nonce, required by exactly the operations whose permission is not public', () => {
    assert.deepEqual(doc.components.securitySchemes?.basic, {
      type: 'http',
      scheme: 'basic',
      description: 'An account login and password, or an application password (decision 0002).',
    });
    const secured = (path: string, method: string) => doc.paths[path]![method]!.security !== undefined;
    assert.equal(secured('/events', 'get'), false);
    assert.equal(secured('/events/{id}', 'get'), false);
    assert.equal(secured('/doc', 'get'), false);
    for (const [path, method] of [
      ['/events', 'post'],
      ['/events/{id}', 'delete'],
      ['/venues/{id}', 'put'],
      ['/categories', 'post'],
      ['/tags/{id}', 'patch'],
    ] as const) {
      assert.deepEqual(
        doc.paths[path]![method]!.security,
        [{ basic: [] }, { session: [], nonce: [] }],
        `${method} ${path}`,
      );
    }
    assert.deepEqual(doc.components.securitySchemes?.session, {
      type: 'apiKey',
      in: 'cookie',
      name: 'calendar_session',
      description: (doc.components.securitySchemes?.session as { description: string }).description,
    });
    assert.deepEqual(doc.paths['/sessions/current']!.get!.security, [{ session: [] }]);
    for (const [path, method] of [
      ['/sessions', 'get'],
      ['/sessions', 'delete'],
      ['/sessions/{id}', 'delete'],
      ['/events/counts', 'get'],
      ['/venues/counts', 'get'],
      ['/organizers/counts', 'get'],
    ] as const) {
      assert.deepEqual(
        doc.paths[path]![method]!.security,
        [{ basic: [] }, { session: [], nonce: [] }],
        `${method} ${path}`,
      );
    }
    assert.deepEqual(doc.paths['/events/counts']!.get!.responses['200']!.content!['application/json']!.schema, {
      $ref: '#/components/schemas/StatusCounts',
    });
    assert.deepEqual(doc.paths['/sessions/current']!.get!.responses['200']!.content!['application/json']!.schema, {
      $ref: '#/components/schemas/CurrentSession',
    });
  });

  test('the tickets and attendees routes (decision 0108): public reads and the RSVP, the rest for those who may edit events', () => {
    const secured = (path: string, method: string) => doc.paths[path]?.[method]?.security !== undefined;
    for (const [path, method] of [
      ['/tickets', 'get'],
      ['/tickets/{id}', 'get'],
      ['/tickets/{id}/rsvps', 'post'],
    ] as const)
      assert.equal(secured(path, method), false, `${method} ${path}`);
    for (const [path, method] of [
      ['/tickets', 'post'],
      ['/tickets/{id}', 'put'],
      ['/tickets/{id}', 'delete'],
      ['/attendees', 'get'],
      ['/attendees/{id}', 'get'],
      ['/attendees/{id}/check-in', 'post'],
      ['/attendees/{id}/check-in', 'delete'],
      ['/qr', 'post'],
    ] as const) {
      assert.equal(secured(path, method), true, `${method} ${path}`);
    }
    for (const name of ['Ticket', 'TicketArchive', 'Attendee', 'AttendeeArchive'])
      assert.ok(doc.components.schemas[name], name);
    assert.deepEqual(doc.paths['/tickets']!.get!.responses['200']!.content!['application/json']!.schema, {
      $ref: '#/components/schemas/TicketArchive',
    });
  });

  test('records and archive envelopes are named components, referenced by the operations', () => {
    for (const name of [
      'Event',
      'EventArchive',
      'Venue',
      'VenueArchive',
      'Organizer',
      'OrganizerArchive',
      'EventCategory',
      'EventCategoryArchive',
      'EventTag',
      'EventTagArchive',
    ]) {
      assert.ok(doc.components.schemas[name], name);
    }
    const schemaOf = (path: string, method: string, status: string) =>
      doc.paths[path]![method]!.responses[status]!.content!['application/json']!.schema;
    assert.deepEqual(schemaOf('/events', 'get', '200'), { $ref: '#/components/schemas/EventArchive' });
    assert.deepEqual(schemaOf('/events/{id}', 'get', '200'), { $ref: '#/components/schemas/Event' });
    assert.deepEqual(schemaOf('/venues', 'post', '201'), { $ref: '#/components/schemas/Venue' });
    const archive = doc.components.schemas.EventArchive as { properties: { events: { items: unknown } } };
    assert.deepEqual(archive.properties.events.items, { $ref: '#/components/schemas/Event' });
  });
});

describe(`reference UI at /doc/ui (${DIALECT})`, () => {
  test('serves a page whose every asset the app serves itself, with no URL outside the app', async () => {
    const page = await t.request('anonymous', 'GET', 'doc/ui');
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.doesNotMatch(page.body, /(?:src|href)=["']?(?:https?:)?\/\//i);
    assert.doesNotMatch(page.body, /https?:\/\//i);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(assets.some((asset) => asset.endsWith('.js')));
    assert.ok(assets.some((asset) => asset.endsWith('.css')));
    for (const asset of assets) {
      const response = await t.request(
        'anonymous',
        'GET',
        new URL(asset, 'http://localhost/calendar/events/v1/doc/ui').pathname,
      );
      assert.equal(response.statusCode, 200, asset);
      assert.ok(response.rawPayload.length > 0, asset);
    }
  });

  test('the document the UI loads is the generated one, valid too', async () => {
    const initializer = await t.request('anonymous', 'GET', 'doc/ui/static/swagger-initializer.js');
    assert.match(initializer.body, /resolveUrl\('\.\/json'\)/);
    assert.match(initializer.body, /validatorUrl: null/);
    const json = await t.request('anonymous', 'GET', 'doc/ui/json');
    assert.equal(json.statusCode, 200);
    const result = await new Validator().validate(json.json());
    assert.equal(result.valid, true, JSON.stringify(result.errors)?.slice(0, 2000));
  });
});
