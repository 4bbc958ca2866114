import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Clock } from '../../src/clock.ts';
import { API, createTestApp, DIALECT, type TestApp, TEST_NOW } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * The events archive's `orderby` and `order` (decision 0073): read under this service's namespace,
 * ignored under tribe/events/v1 whatever their value, as the original ignores what it does not declare.
 */

type Json = Record<string, unknown>;
type EventJson = Json & { id: number; title: string };
/** Every test's list: its own events only, whatever their dates. */
const MINE = 'search=ord&start_date=2000-01-01&end_date=2100-01-01';

describe(`events: orderby and order (${DIALECT})`, () => {
  let t: TestApp;
  let now = new Date(TEST_NOW).getTime();
  // Each write a minute after the one before, so `modified` tells them apart.
  const clock: Clock = { now: () => new Date(now) };
  const ids: Record<string, number> = {};

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'UTC' }, clock });
    const create = async (key: string, title: string, start: string, fields: Json = {}) => {
      now += 60_000;
      ids[key] = (await createEvent(t, { title, start_date: start, end_date: start, ...fields })).id;
    };
    await create('banana', 'banana ord', '2030-03-01 10:00');
    await create('apple', 'Apple ord', '2030-01-01 10:00');
    await create('cherryLate', 'Cherry ord', '2030-02-02 10:00');
    await create('cherryEarly', 'cherry ord', '2030-02-01 10:00');
    await create('date', 'Date ord', '2029-12-01 10:00', { status: 'draft' });
    // Edited last: the most recently modified.
    now += 60_000;
    assert.equal(
      (await t.request('administrator', 'POST', `events/${ids.banana}`, { excerpt: 'edited' })).statusCode,
      200,
    );
    // Translated into French: "Zeste" sorts last in French, "Apple" first in English.
    now += 60_000;
    assert.equal(
      (await t.request('administrator', 'POST', `events/${ids.apple}?translation_language=fr`, { title: 'Zeste ord' }))
        .statusCode,
      200,
    );
  });
  after(() => t.close());

  const list = async (query: string, namespace = API) => {
    const response = await t.request('administrator', 'GET', `${namespace}/events?${MINE}&${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<Json & { events: EventJson[]; rest_url: string; next_rest_url?: string }>();
  };
  const order = async (query: string, namespace = API) =>
    (await list(query, namespace)).events.map((event) => event.id);
  const byDate = () => [ids.date, ids.apple, ids.cherryEarly, ids.cherryLate, ids.banana];

  test('without orderby: by local start, as the original', async () => {
    assert.deepEqual(await order(''), byDate());
  });

  test('orderby=title: case-insensitive, equal titles by start then id; desc reverses it all', async () => {
    const ascending = [ids.apple, ids.banana, ids.cherryEarly, ids.cherryLate, ids.date];
    assert.deepEqual(await order('orderby=title'), ascending);
    assert.deepEqual(await order('orderby=title&order=asc'), ascending);
    assert.deepEqual(await order('orderby=title&order=desc'), [...ascending].reverse());
  });

  test('orderby=title in a language: the title as that language shows it, the original where it has none', async () => {
    assert.deepEqual(await order('orderby=title&translation_language=fr'), [
      ids.banana,
      ids.cherryEarly,
      ids.cherryLate,
      ids.date,
      ids.apple,
    ]);
    assert.deepEqual(await order('orderby=title&translation_language=de'), [
      ids.apple,
      ids.banana,
      ids.cherryEarly,
      ids.cherryLate,
      ids.date,
    ]);
  });

  test('orderby=modified and event_date, both ways; order alone reverses the default', async () => {
    assert.deepEqual(await order('orderby=modified&order=desc'), [
      ids.apple,
      ids.banana,
      ids.date,
      ids.cherryEarly,
      ids.cherryLate,
    ]);
    assert.deepEqual(await order('orderby=modified'), [
      ids.cherryLate,
      ids.cherryEarly,
      ids.date,
      ids.banana,
      ids.apple,
    ]);
    assert.deepEqual(await order('orderby=event_date'), byDate());
    assert.deepEqual(await order('orderby=event_date&order=desc'), byDate().reverse());
    assert.deepEqual(await order('order=desc'), byDate().reverse());
  });

  test('pages follow the order, and the links carry it', async () => {
    const first = await list('orderby=title&order=desc&per_page=2');
    assert.deepEqual(
      first.events.map((event) => event.id),
      [ids.date, ids.cherryLate],
    );
    assert.equal(
      first.rest_url,
      `http://localhost:80${API}/events/?page=1&per_page=2&start_date=2000-01-01+00%3A00%3A00&end_date=2100-01-01+23%3A59%3A59&search=ord&status=any&orderby=title&order=desc`,
    );
    assert.ok(first.next_rest_url?.includes('orderby=title&order=desc'), first.next_rest_url);
    const second = await list('orderby=title&order=desc&per_page=2&page=2');
    assert.deepEqual(
      second.events.map((event) => event.id),
      [ids.cherryEarly, ids.banana],
    );
  });

  test('a series: its occurrences by start within their title', async () => {
    const series = await t.request('administrator', 'POST', 'events', {
      title: 'Apple ord',
      start_date: '2031-01-01 09:00',
      end_date: '2031-01-01 10:00',
      recurrence: { rrule: 'FREQ=DAILY;COUNT=3' },
    });
    assert.equal(series.statusCode, 201, series.body);
    try {
      const listed = (await list('orderby=title&per_page=10')).events.map(
        (event) => `${event.title} ${String(event.start_date).slice(0, 10)}`,
      );
      assert.deepEqual(listed.slice(0, 4), [
        'Apple ord 2030-01-01',
        'Apple ord 2031-01-01',
        'Apple ord 2031-01-02',
        'Apple ord 2031-01-03',
      ]);
    } finally {
      assert.equal(
        (await t.request('administrator', 'DELETE', `events/${series.json<EventJson>().id}?force=true`)).statusCode,
        200,
      );
    }
  });

  test('a value outside the lists is a 400 naming the parameter', async () => {
    for (const [query, param] of [
      ['orderby=date', 'orderby'],
      ['orderby=', 'orderby'],
      ['order=up', 'order'],
      ['orderby=title&order=DESC', 'order'],
    ] as const) {
      const response = await t.request('administrator', 'GET', `events?${MINE}&${query}`);
      assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
      assert.equal(response.json().code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(response.json().data.params), [param], query);
    }
  });

  test('under tribe/events/v1 both are ignored, whatever their value, as the original ignores what it does not declare', async () => {
    const plain = await list('', '/tribe/events/v1');
    for (const query of [
      'orderby=title',
      'orderby=title&order=desc',
      'order=desc',
      'orderby=bogus&order=sideways',
      'orderby[]=title&order[]=desc',
    ]) {
      const body = await list(query, '/tribe/events/v1');
      assert.deepEqual(
        body.events.map((event) => event.id),
        byDate(),
        query,
      );
      assert.equal(body.rest_url, plain.rest_url, query);
    }
  });

  test('OpenAPI documents both', async () => {
    const document = (await t.request('anonymous', 'GET', 'doc')).json();
    const parameters = document.paths['/events'].get.parameters as { name: string; schema: { enum?: string[] } }[];
    assert.deepEqual(parameters.find((parameter) => parameter.name === 'orderby')?.schema.enum, [
      'event_date',
      'title',
      'modified',
    ]);
    assert.deepEqual(parameters.find((parameter) => parameter.name === 'order')?.schema.enum, ['asc', 'desc']);
  });
});
