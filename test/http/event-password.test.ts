import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Role } from '../../src/auth/roles.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * An event's password on the wire (decision 0079): shown as `post_password` only in the edit
 * context, only to a caller who may edit that event; never in the view context, to anonymous
 * callers or from an answer cached for someone else. An empty `post_password` removes it.
 */

type Caller = Role | 'anonymous';
type Json = Record<string, unknown>;
const SLOT = { start_date: '2027-03-01 20:00', end_date: '2027-03-01 22:00' };
const EVER = 'start_date=2000-01-01';

describe(`event passwords in the edit context (${DIALECT})`, () => {
  let t: TestApp;
  /** The author's published event with a password, the author's open event, the contributor's draft with one. */
  let locked: { id: number; slug: string };
  let open: { id: number };
  let draft: { id: number };

  const create = (as: Caller, fields: Json) => createEvent<{ id: number; slug: string }>(t, { ...SLOT, ...fields }, as);
  const read = async (as: Caller, url: string) => {
    const response = await t.request(as, 'GET', url);
    return { status: response.statusCode, body: response.json<Json & { post_password?: string; code?: string }>() };
  };

  before(async () => {
    t = await createTestApp();
    locked = await create('author', {
      title: 'Locked Night',
      description: 'The secret agenda',
      status: 'publish',
      post_password: 's3cret',
    });
    open = await create('author', { title: 'Open Night', status: 'publish' });
    draft = await create('contributor', { title: 'Draft Night', post_password: 'drafty' });
  });
  after(() => t.close());

  for (const as of ['author', 'editor', 'administrator'] as const) {
    test(`${as} (may edit the event) reads its password with context=edit`, async () => {
      const { status, body } = await read(as, `events/${locked.id}?context=edit`);
      assert.equal(status, 200);
      assert.equal(body.post_password, 's3cret');
      // After the additive series fields, before the language fields (EventRecord's order).
      const keys = Object.keys(body);
      assert.equal(keys.indexOf('post_password'), keys.indexOf('translation_language') - 1);
    });
  }

  test('an event without a password reads as "" in the edit context: the editor tells "none" from "not shown"', async () => {
    assert.equal((await read('editor', `events/${open.id}?context=edit`)).body.post_password, '');
  });

  test('a contributor reads the password of their own draft, which they may edit', async () => {
    assert.equal((await read('contributor', `events/${draft.id}?context=edit`)).body.post_password, 'drafty');
  });

  test('who may not edit the event never reads it: refused, or shown without it even with the right password', async () => {
    for (const as of ['contributor', 'subscriber', 'anonymous'] as const) {
      assert.equal((await read(as, `events/${locked.id}?context=edit`)).body.code, 'event-password-protected', as);
      const unlocked = await read(as, `events/${locked.id}?context=edit&password=s3cret`);
      assert.equal(unlocked.status, 200, as);
      assert.equal(unlocked.body.description, '<p>The secret agenda</p>', as);
      assert.equal('post_password' in unlocked.body, false, as);
      assert.equal('post_password' in (await read(as, `events/${open.id}?context=edit`)).body, false, as);
    }
  });

  test("the view context never shows it, not even to the event's author", async () => {
    for (const query of ['?password=s3cret', '?context=view&password=s3cret', '?context=embed&password=s3cret']) {
      const { status, body } = await read('author', `events/${locked.id}${query}`);
      assert.equal(status, 200, query);
      assert.equal('post_password' in body, false, query);
    }
  });

  test('the archive in the edit context shows the password of each event the caller may edit, and only those', async () => {
    const passwords = async (as: Caller, query: string) => {
      const { body } = await read(as, `events?${EVER}&${query}`);
      return Object.fromEntries((body.events as Json[]).map((event) => [event.title, event.post_password]));
    };
    assert.deepEqual(await passwords('editor', 'context=edit'), {
      'Locked Night': 's3cret',
      'Open Night': '',
      'Draft Night': 'drafty',
    });
    assert.deepEqual(await passwords('contributor', 'context=edit'), {
      'Locked Night': undefined,
      'Open Night': undefined,
      'Draft Night': 'drafty',
    });
    assert.deepEqual(await passwords('editor', 'context=view'), {
      'Locked Night': undefined,
      'Open Night': undefined,
      'Draft Night': undefined,
    });
    assert.deepEqual(await passwords('anonymous', 'context=edit&password=s3cret'), {
      'Locked Night': undefined,
      'Open Night': undefined,
    });
  });

  test('the answer to a write shows it only when the write asks for context=edit', async () => {
    const plain = await t.request('author', 'POST', `events/${locked.id}`, { excerpt: 'Members only' });
    assert.equal(plain.statusCode, 200, plain.body);
    assert.equal('post_password' in plain.json(), false);
    const edit = await t.request('author', 'POST', `events/${locked.id}?context=edit`, { excerpt: 'Members only.' });
    assert.equal(edit.statusCode, 200, edit.body);
    assert.equal(edit.json().post_password, 's3cret');
    assert.equal(
      (await t.request('editor', 'GET', `events?${EVER}&context=nonsense`)).json().code,
      'rest_invalid_param',
    );
    assert.equal(
      (await t.request('author', 'POST', `events/${locked.id}?context=nonsense`, { excerpt: 'x' })).json().code,
      'rest_invalid_param',
    );
  });

  test('an answer cached for anonymous callers is never one that showed a password, and one that did is not cached', async () => {
    const url = `events/${open.id}?context=edit`;
    for (let round = 0; round < 2; round += 1) {
      assert.equal('post_password' in (await read('anonymous', url)).body, false);
      assert.equal((await read('editor', url)).body.post_password, '');
    }
    assert.equal('post_password' in (await read('anonymous', url)).body, false);
  });

  test('an empty post_password removes it: the API and the public page then show the event to everyone', async () => {
    const page = `/event/${locked.slug}/`;
    assert.ok(!(await t.request('anonymous', 'GET', page)).body.includes('The secret agenda'));
    const removed = await t.request('author', 'POST', `events/${locked.id}?context=edit`, { post_password: '' });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(removed.json().post_password, '');
    const { status, body } = await read('anonymous', `events/${locked.id}`);
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.description, '<p>The secret agenda</p>');
    assert.ok('json_ld' in body, 'an unprotected event has its JSON-LD again');
    assert.equal((await read('editor', `events/${locked.id}?context=edit`)).body.post_password, '');
    const shown = await t.request('anonymous', 'GET', page);
    assert.equal(shown.statusCode, 200);
    assert.ok(shown.body.includes('The secret agenda'));
    assert.ok(!shown.body.includes('name="post_password"'), 'no password form');
  });

  test('OpenAPI documents post_password on the Event record and context on writes', async () => {
    const doc = (await t.request('anonymous', 'GET', 'doc')).json<{
      components: { schemas: Record<string, { properties: Json }> };
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>();
    const field = doc.components.schemas.Event!.properties.post_password as { type: string; description: string };
    assert.equal(field.type, 'string');
    assert.match(field.description, /context=edit/);
    assert.ok(doc.paths['/events/{id}']!.post!.parameters!.some((parameter) => parameter.name === 'context'));
  });
});
