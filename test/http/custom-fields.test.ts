import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Role } from '../../src/auth/roles.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/* An event's custom fields (decision 0036): written as an extension, shown as the original shows TEC Pro's. */

type Json = Record<string, unknown>;

const DATES = { start_date: '2027-03-01 18:00:00', end_date: '2027-03-01 20:00:00' };
const FIELDS = {
  _ecp_custom_7: { label: 'Dress code', value: 'Smart' },
  _ecp_custom_2: { label: 'Age', value: 18 },
  _ecp_custom_3: { label: 'Nothing yet', value: '' },
};
const SHOWN = { _ecp_custom_7: { label: 'Dress code', value: 'Smart' }, _ecp_custom_2: { label: 'Age', value: '18' } };

describe(`events: custom fields (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const write = async (as: Role, method: string, path: string, body: Json) => {
    const response = await t.request(as, method, path, body);
    assert.ok(response.statusCode < 300, response.body);
    return response.json<Json & { id: number }>();
  };
  const read = async (path: string) => {
    const response = await t.request('anonymous', 'GET', path);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<Json>();
  };

  test('written in order, shown in every answer, values as text, empty ones left out', async () => {
    const created = await write('administrator', 'POST', 'events', {
      title: 'With fields',
      ...DATES,
      custom_fields: FIELDS,
    });
    assert.deepEqual(created.custom_fields, SHOWN);
    assert.deepEqual(Object.keys(created.custom_fields as Json), ['_ecp_custom_7', '_ecp_custom_2'], 'the order given');
    assert.deepEqual((await read(`events/${created.id}`)).custom_fields, SHOWN);
    const listed = (await read('events?start_date=2027-03-01&end_date=2027-03-01')).events as Json[];
    assert.deepEqual(listed.find((event) => event.id === created.id)?.custom_fields, SHOWN);
    assert.deepEqual(
      (await read(`events/${created.id}?translation_language=fr`)).custom_fields,
      SHOWN,
      'every language shows the same fields',
    );
  });

  test('an update replaces the whole set; null, {} and [] remove it; other fields leave it', async () => {
    const { id } = await write('administrator', 'POST', 'events', {
      title: 'Replaced',
      ...DATES,
      custom_fields: FIELDS,
    });
    assert.deepEqual(
      (await write('administrator', 'PATCH', `events/${id}`, { title: 'Retitled' })).custom_fields,
      SHOWN,
    );
    assert.deepEqual(
      (
        await write('administrator', 'PATCH', `events/${id}`, {
          custom_fields: { door: { label: 'Door', value: 'B' } },
        })
      ).custom_fields,
      { door: { label: 'Door', value: 'B' } },
    );
    for (const none of [null, {}, []]) {
      await write('administrator', 'PATCH', `events/${id}`, { custom_fields: { door: { label: 'Door', value: 'B' } } });
      assert.deepEqual(
        (await write('administrator', 'PATCH', `events/${id}`, { custom_fields: none })).custom_fields,
        [],
        JSON.stringify(none),
      );
    }
    const plain = await write('administrator', 'POST', 'events', { title: 'Never had any', ...DATES });
    assert.deepEqual(plain.custom_fields, []);
  });

  test('what cannot be stored is a 400 naming custom_fields, and writes nothing', async () => {
    const { id } = await write('administrator', 'POST', 'events', { title: 'Kept', ...DATES, custom_fields: FIELDS });
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, n) => [`f${n}`, { label: 'L', value: 'v' }]));
    const refused: unknown[] = [
      'text',
      [{ label: 'L', value: 'v' }],
      { 'two words': { label: 'L', value: 'v' } },
      { ['k'.repeat(65)]: { label: 'L', value: 'v' } },
      many,
      { f: 'v' },
      { f: { value: 'v' } },
      { f: { label: 'L', value: { nested: true } } },
      { f: { label: 'L', value: 'v', extra: 1 } },
      { f: { label: 'L'.repeat(201), value: 'v' } },
      { f: { label: 'L', value: 'v'.repeat(10_001) } },
    ];
    for (const custom_fields of refused) {
      for (const [method, path, body] of [
        ['POST', 'events', { title: 'Refused', ...DATES }],
        ['PATCH', `events/${id}`, { title: 'Changed' }],
      ] as const) {
        const response = await t.request('administrator', method, path, { ...body, custom_fields });
        assert.equal(
          response.statusCode,
          400,
          `${method} ${JSON.stringify(custom_fields).slice(0, 60)}: ${response.body}`,
        );
        assert.equal(response.json().code, 'rest_invalid_param');
        assert.deepEqual(Object.keys(response.json().data.params), ['custom_fields']);
      }
    }
    const kept = await read(`events/${id}`);
    assert.equal(kept.title, 'Kept');
    assert.deepEqual(kept.custom_fields, SHOWN);
    assert.equal(((await read('events?search=Refused')).events as unknown[]).length, 0);
  });

  test('labels and values pass the text filter of the caller; a protected event shows none to visitors', async () => {
    const hostile = { f: { label: 'Note<script>alert(1)</script>', value: '<b>bold</b><img src=x onerror=alert(1)>' } };
    const byContributor = await write('contributor', 'POST', 'events', {
      title: 'Filtered',
      ...DATES,
      custom_fields: hostile,
    });
    const shown = (byContributor.custom_fields as Record<string, { label: string; value: string }>).f!;
    assert.doesNotMatch(shown.label + shown.value, /<script|onerror/);
    assert.match(shown.value, /bold/);
    // A value the filter empties is left out, as an empty one is; an event left with none shows [].
    const emptied = { gone: { label: 'Gone', value: '<script>alert(1)</script>' } };
    const partly = await write('contributor', 'POST', 'events', {
      title: 'Partly emptied',
      ...DATES,
      custom_fields: { ...hostile, ...emptied },
    });
    assert.deepEqual(Object.keys(partly.custom_fields as Json), ['f']);
    const wholly = await write('contributor', 'POST', 'events', {
      title: 'Wholly emptied',
      ...DATES,
      custom_fields: emptied,
    });
    assert.deepEqual(wholly.custom_fields, []);
    assert.deepEqual((await write('administrator', 'GET', `events/${wholly.id}?context=edit`, {})).custom_fields, []);

    const { id } = await write('administrator', 'POST', 'events', {
      title: 'Protected',
      ...DATES,
      post_password: 'secret',
      custom_fields: FIELDS,
    });
    const listed = ((await read('events?start_date=2027-03-01&end_date=2027-03-01')).events as Json[]).find(
      (event) => event.id === id,
    );
    assert.deepEqual(listed?.custom_fields, []);
    assert.deepEqual((await write('administrator', 'GET', `events/${id}?context=edit`, {})).custom_fields, SHOWN);
  });

  test('a series shows its fields on every occurrence', async () => {
    const series = await write('administrator', 'POST', 'events', {
      title: 'Weekly fields',
      ...DATES,
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
      custom_fields: FIELDS,
    });
    const listed = (
      (await read('events?start_date=2027-03-01&end_date=2027-03-31&per_page=50')).events as Json[]
    ).filter((event) => event.title === 'Weekly fields');
    assert.equal(listed.length, 3);
    for (const occurrence of listed)
      assert.deepEqual(occurrence.custom_fields, SHOWN, `occurrence ${String(occurrence.id)} of ${series.id}`);
  });
});
