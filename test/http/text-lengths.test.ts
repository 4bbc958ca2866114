import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TEXT_LENGTHS } from '../../src/content/text-lengths.ts';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Issue 44, item 10 (decision 0100): every text field a caller writes has a maximum length, the
 * schema's `maxLength`, enforced on create and update and named with its bound in the 400.
 */

type Json = Record<string, unknown>;

const DATES = { start_date: '2027-05-01 18:00:00', end_date: '2027-05-01 20:00:00' };
const TOO_LONG = 100_000;

describe(`text lengths (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const created = (path: string, body: Json) => createRecord(t, path, body);
  /** The write is refused as `rest_invalid_param`, naming only `field`, with `message`. */
  const refused = async (method: string, path: string, body: Json, field: string, message: string) => {
    const response = await t.request('administrator', method, path, body);
    assert.equal(response.statusCode, 400, `${method} ${path} ${field}: ${response.body.slice(0, 300)}`);
    const answer = response.json<{ code: string; data: { params: Record<string, string> } }>();
    assert.equal(answer.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(answer.data.params), [field]);
    assert.equal(answer.data.params[field], message);
  };
  const atMost = (field: string, length: number) => `${field} must be at most ${length} character(s) long.`;

  test('a title of 100,000 characters is refused on create and update, naming the bound; one of the bound is accepted', async () => {
    await refused(
      'POST',
      'events',
      { title: 'x'.repeat(TOO_LONG), ...DATES },
      'title',
      atMost('title', TEXT_LENGTHS.name),
    );
    const event = await created('events', { title: 'y'.repeat(TEXT_LENGTHS.name), ...DATES });
    assert.equal(event.title, 'y'.repeat(TEXT_LENGTHS.name));
    await refused(
      'PATCH',
      `events/${event.id}`,
      { title: 'x'.repeat(TEXT_LENGTHS.name + 1) },
      'title',
      atMost('title', TEXT_LENGTHS.name),
    );
    const kept = await t.request('anonymous', 'GET', `events/${event.id}`);
    assert.equal(kept.json<Json>().title, 'y'.repeat(TEXT_LENGTHS.name), 'nothing written');
  });

  test('every other text field of an event is bounded', async () => {
    const event = await created('events', { title: 'Bounded', ...DATES });
    const fields: [string, number][] = [
      ['slug', TEXT_LENGTHS.slug],
      ['description', TEXT_LENGTHS.body],
      ['excerpt', TEXT_LENGTHS.body],
      ['cost', TEXT_LENGTHS.detail],
      ['website', TEXT_LENGTHS.url],
      ['image', TEXT_LENGTHS.url],
      ['post_password', TEXT_LENGTHS.password],
    ];
    for (const [field, length] of fields) {
      await refused('PATCH', `events/${event.id}`, { [field]: 'a'.repeat(length + 1) }, field, atMost(field, length));
    }
    for (const field of ['categories', 'tags']) {
      await refused(
        'PATCH',
        `events/${event.id}`,
        { [field]: ['n'.repeat(TEXT_LENGTHS.name + 1)] },
        field,
        `${field} must name terms of at most ${TEXT_LENGTHS.name} character(s) each.`,
      );
    }
  });

  test('venues, organizers, categories and tags: names, details and descriptions are bounded; the bound is accepted', async () => {
    for (const [path, name, detail] of [
      ['venues', 'venue', 'city'],
      ['organizers', 'organizer', 'phone'],
    ] as const) {
      await refused('POST', path, { [name]: 'n'.repeat(TOO_LONG) }, name, atMost(name, TEXT_LENGTHS.name));
      const record = await created(path, {
        [name]: 'n'.repeat(TEXT_LENGTHS.name),
        [detail]: 'd'.repeat(TEXT_LENGTHS.detail),
      });
      await refused(
        'POST',
        `${path}/${record.id}`,
        { [detail]: 'd'.repeat(TEXT_LENGTHS.detail + 1) },
        detail,
        atMost(detail, TEXT_LENGTHS.detail),
      );
      await refused(
        'POST',
        `${path}/${record.id}`,
        { description: 'd'.repeat(TEXT_LENGTHS.body + 1) },
        'description',
        atMost('description', TEXT_LENGTHS.body),
      );
      await refused(
        'POST',
        'events',
        { title: 'Inline', ...DATES, [name]: { [name]: 'n'.repeat(TOO_LONG) } },
        name,
        `The ${name} written inline is invalid: ${name}: ${atMost(name, TEXT_LENGTHS.name)}`,
      );
    }
    for (const path of ['categories', 'tags']) {
      await refused('POST', path, { name: 'n'.repeat(TOO_LONG) }, 'name', atMost('name', TEXT_LENGTHS.name));
      const term = await created(path, { name: 'n'.repeat(TEXT_LENGTHS.name), slug: 's'.repeat(TEXT_LENGTHS.slug) });
      await refused(
        'POST',
        `${path}/${term.id}`,
        { slug: 's'.repeat(TEXT_LENGTHS.slug + 1) },
        'slug',
        atMost('slug', TEXT_LENGTHS.slug),
      );
    }
  });

  test('the OpenAPI document states each bound', async () => {
    const document = (await t.request('anonymous', 'GET', 'doc')).json<Json>();
    const text = JSON.stringify(document);
    for (const length of Object.values(TEXT_LENGTHS))
      assert.ok(text.includes(`"maxLength":${length}`), `maxLength ${length} documented`);
  });
});
