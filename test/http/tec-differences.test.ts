import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, createTestApp, type TestApp } from '../fixtures/app.ts';

/*
 * The remaining differences from the original (issue 12): each behaves as the original does,
 * except where a decision record says otherwise. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */

type Json = Record<string, unknown>;
type Caller = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber' | 'anonymous';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

async function post(path: string, body: Json, as: Caller = 'administrator'): Promise<Json> {
  const response = await t.request(as, 'POST', `${API}/${path}`, body);
  assert.equal(response.statusCode, 201, response.body);
  return response.json<Json>();
}

async function ids(path: string, as: Caller = 'administrator'): Promise<number[]> {
  const response = await t.request(as, 'GET', `${API}/${path}`);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json<Record<string, Json[]>>();
  const key = path.split('?')[0]!.split('/')[0]!;
  return body[key]!.map((record) => record.id as number).sort((a, b) => a - b);
}

const UPCOMING = { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' };
const PAST = { start_date: '2025-03-01 10:00:00', end_date: '2025-03-01 12:00:00' };

for (const [collection, field] of [
  ['venues', 'venue'],
  ['organizers', 'organizer'],
] as const) {
  describe(`${collection}: has_events and only_with_upcoming`, () => {
    const records: Record<string, number> = {};
    const link = (id: number) => (field === 'venue' ? { venue: id } : { organizer: [id] });
    before(async () => {
      for (const name of [
        'published-past',
        'draft-only',
        'pending-only',
        'private-upcoming',
        'published-upcoming',
        'none',
        'trashed-event',
      ]) {
        records[name] = (await post(collection, { [field]: `${collection} ${name}` })).id as number;
      }
      await post('events', { title: 'Past', status: 'publish', ...PAST, ...link(records['published-past']!) });
      await post('events', { title: 'Draft', status: 'draft', ...UPCOMING, ...link(records['draft-only']!) });
      await post('events', { title: 'Pending', status: 'pending', ...UPCOMING, ...link(records['pending-only']!) });
      await post('events', { title: 'Private', status: 'private', ...UPCOMING, ...link(records['private-upcoming']!) });
      await post('events', {
        title: 'Upcoming',
        status: 'publish',
        ...UPCOMING,
        ...link(records['published-upcoming']!),
      });
      const trashed = await post('events', {
        title: 'Trashed',
        status: 'publish',
        ...UPCOMING,
        ...link(records['trashed-event']!),
      });
      assert.equal(
        (await t.request('administrator', 'DELETE', `${API}/events/${trashed.id as number}`)).statusCode,
        200,
      );
    });
    const named = (...names: string[]) => names.map((name) => records[name]!).sort((a, b) => a - b);
    const mine = (found: number[]) => found.filter((id) => Object.values(records).includes(id));

    test('has_events=true counts published events only: drafts, pending and trashed events do not', async () => {
      assert.deepEqual(
        mine(await ids(`${collection}?has_events=true&per_page=50`)),
        named('published-past', 'published-upcoming'),
      );
      assert.deepEqual(
        mine(await ids(`${collection}?has_events=true&per_page=50`, 'anonymous')),
        named('published-past', 'published-upcoming'),
      );
    });

    test('has_events=false lists the others', async () => {
      assert.deepEqual(
        mine(await ids(`${collection}?has_events=false&per_page=50`)),
        named('draft-only', 'pending-only', 'private-upcoming', 'none', 'trashed-event'),
      );
    });

    test('only_with_upcoming: an editor counts private, draft and pending upcoming events; anonymous callers published ones only', async () => {
      assert.deepEqual(
        mine(await ids(`${collection}?only_with_upcoming=true&per_page=50`, 'editor')),
        named('draft-only', 'pending-only', 'private-upcoming', 'published-upcoming'),
      );
      assert.deepEqual(
        mine(await ids(`${collection}?only_with_upcoming=true&per_page=50`, 'anonymous')),
        named('published-upcoming'),
      );
      assert.deepEqual(
        mine(await ids(`${collection}?only_with_upcoming=true&per_page=50`, 'subscriber')),
        named('published-upcoming'),
      );
    });

    test("only_with_upcoming: an author counts their own drafts but not others' drafts or private events", async () => {
      const own = (await post(collection, { [field]: `${collection} author's` }, 'author')).id as number;
      await post('events', { title: 'Author draft', status: 'draft', ...UPCOMING, ...link(own) }, 'author');
      const found = await ids(`${collection}?only_with_upcoming=true&per_page=50`, 'author');
      assert.ok(found.includes(own));
      assert.ok(found.includes(records['published-upcoming']!));
      for (const name of ['draft-only', 'pending-only', 'private-upcoming'])
        assert.ok(!found.includes(records[name]!), name);
    });
  });

  describe(`${collection}: creating an identical record returns the existing one`, () => {
    const details =
      field === 'venue'
        ? { city: 'Rome', zip: '00100', show_map: false, geo_lat: 41.9 }
        : { phone: '555-0100', email: 'host@example.com' };
    const other = field === 'venue' ? { city: 'Milan' } : { phone: '555-0199' };

    test('same name, description and details: 201 with the existing record', async () => {
      const first = await post(collection, { [field]: 'Twin', description: 'Same', ...details });
      const again = await post(collection, { [field]: 'Twin', description: 'Same', ...details });
      assert.equal(again.id, first.id);
      assert.equal(again.slug, 'twin');
    });

    test('a subset of the fields matches too (only given fields are compared); the record is returned unchanged', async () => {
      const first = await post(collection, { [field]: 'Subset', description: 'Kept', ...details });
      const again = await post(collection, {
        [field]: 'Subset',
        ...(field === 'venue' ? { city: 'Rome' } : { phone: '555-0100' }),
        status: 'draft',
      });
      assert.equal(again.id, first.id);
      assert.equal(again.status, 'publish');
      assert.equal(again.description, '<p>Kept</p>');
    });

    test('a differing detail creates a second record with its own slug', async () => {
      const first = await post(collection, { [field]: 'Cousin', ...details });
      const second = await post(collection, { [field]: 'Cousin', ...details, ...other });
      assert.notEqual(second.id, first.id);
      assert.equal(second.slug, 'cousin-2');
      const reread = (
        await t.request('administrator', 'GET', `${API}/${collection}/${first.id as number}`)
      ).json<Json>();
      for (const [key, value] of Object.entries(details)) if (key !== 'show_map') assert.equal(reread[key], value, key);
    });

    test('a differing description creates a second record; a trashed twin is not reused', async () => {
      const first = await post(collection, { [field]: 'Described', description: 'One' });
      assert.notEqual((await post(collection, { [field]: 'Described', description: 'Two' })).id, first.id);
      const trashed = await post(collection, { [field]: 'Binned' });
      assert.equal(
        (await t.request('administrator', 'DELETE', `${API}/${collection}/${trashed.id as number}`)).statusCode,
        200,
      );
      assert.notEqual((await post(collection, { [field]: 'Binned' })).id, trashed.id);
    });

    test("names, descriptions and details compare without regard to case, as the original's collation does", async () => {
      const first = await post(collection, {
        [field]: 'x A venue',
        description: 'A venue description',
        ...(field === 'venue' ? { country: 'A venue country' } : { email: 'Mixed@Example.org' }),
      });
      const again = await post(collection, {
        [field]: 'x a venue',
        description: 'a venue description',
        ...(field === 'venue' ? { country: 'a venue country' } : { email: 'mixed@example.org' }),
      });
      assert.equal(again.id, first.id);
      assert.equal(again[field], 'x A venue', 'the record is returned as it was created');
      assert.notEqual(
        (await post(collection, { [field]: 'x a venue', description: 'another description' })).id,
        first.id,
      );
    });

    test('an inline record on an event follows the same rule', async () => {
      const value = (extra: Json) =>
        field === 'venue'
          ? { venue: { venue: 'Inline Twin', ...extra } }
          : { organizer: [{ organizer: 'Inline Twin', ...extra }] };
      const embedded = (event: Json) => (field === 'venue' ? (event.venue as Json) : (event.organizer as Json[])[0]!);
      const first = embedded(await post('events', { title: 'One', ...UPCOMING, ...value(details) }));
      const same = embedded(await post('events', { title: 'Two', ...UPCOMING, ...value(details) }));
      const different = embedded(await post('events', { title: 'Three', ...UPCOMING, ...value(other) }));
      assert.equal(same.id, first.id);
      assert.notEqual(different.id, first.id);
    });
  });

  describe(`${collection}: trashing or deleting unlinks`, () => {
    for (const force of [false, true]) {
      test(`${force ? 'deleting' : 'trashing'} a ${field}: its events no longer embed it`, async () => {
        const record = await post(collection, { [field]: `Leaving ${String(force)}` });
        const kept = await post(collection, { [field]: `Staying ${String(force)}` });
        const link = field === 'venue' ? { venue: record.id } : { organizer: [record.id, kept.id] };
        const event = await post('events', { title: `Linked ${String(force)}`, ...UPCOMING, ...link });
        const removed = await t.request(
          'administrator',
          'DELETE',
          `${API}/${collection}/${record.id as number}${force ? '?force=true' : ''}`,
        );
        assert.equal(removed.statusCode, 200);
        const reread = (await t.request('administrator', 'GET', `${API}/events/${event.id as number}`)).json<Json>();
        if (field === 'venue') assert.deepEqual(reread.venue, []);
        else
          assert.deepEqual(
            (reread.organizer as Json[]).map((one) => one.id),
            [kept.id],
          );
        assert.deepEqual(
          await ids(`${collection}?event=${event.id as number}`),
          field === 'venue' ? [] : [kept.id as number],
        );
      });
    }
  });
}

describe('venue search covers the address and contact fields', () => {
  let id: number;
  before(async () => {
    id = (
      await post('venues', {
        venue: 'Searchable Hall',
        address: '12 Quayside Road',
        city: 'Harbourtown',
        state: 'Zedshire',
        province: 'Provinceland',
        zip: '98765',
        country: 'Freedonia',
        phone: '+1 (555) 010-4242',
        stateprovince: 'Statelandia',
      })
    ).id as number;
  });
  for (const [label, text] of [
    ['address', 'quayside'],
    ['city', 'harbourtown'],
    ['state', 'zedshire'],
    ['province', 'provinceland'],
    ['zip', '98765'],
    ['zip (part)', '876'],
    ['country', 'freedonia'],
    ['phone', '010-4242'],
    ['phone (part)', '555'],
    ['stateprovince', 'statelandia'],
  ] as const) {
    test(`search matches the ${label}`, async () => {
      assert.deepEqual(await ids(`venues?search=${encodeURIComponent(text)}`, 'anonymous'), [id]);
    });
  }
});

describe('a search of several words matches records holding every word, in any field and order', () => {
  let hall: number;
  before(async () => {
    hall = (await post('venues', { venue: 'Word Hall', address: '100, AvenueX du TempleX', city: 'Quietville' }))
      .id as number;
    await post('venues', { venue: 'Half Match', address: '5 AvenueX Road' });
  });
  for (const search of ['templeX avenueX', 'AVENUEX templex', 'word quietville', 'templeX hall']) {
    test(JSON.stringify(search), async () => {
      assert.deepEqual(await ids(`venues?search=${encodeURIComponent(search)}`, 'anonymous'), [hall]);
    });
  }
  test('a word no field holds matches nothing', async () => {
    assert.deepEqual(await ids(`venues?search=${encodeURIComponent('templeX nowhere')}`, 'anonymous'), []);
  });
});

describe('cost as a list of values', () => {
  // The stored text is the range; the wire's `cost` is its display form (bare numbers get the site's `$`).
  for (const [label, cost, stored, display] of [
    ['numbers', [10, 25], ['10', '25'], '$10 – $25'],
    ['strings', ['5', '15'], ['5', '15'], '$5 – $15'],
    ['unordered, repeated', [25, 10, 15, 25], ['10', '15', '25'], '$10 – $25'],
    ['a single value', [12], ['12'], '$12'],
    ['equal values', ['7', 7], ['7'], '$7'],
    ['decimals', ['4.50', 12], ['4.50', '12'], '$4.50 – $12'],
  ] as const) {
    test(`${label}: accepted and stored as the range of the values`, async () => {
      const event = await post('events', { title: `Cost ${label}`, ...UPCOMING, cost });
      assert.equal(event.cost, display);
      assert.deepEqual((event.cost_details as Json).values, stored);
    });
  }

  test('a list with a currency after each amount: "Free" for zero, the currency and every amount in cost_details', async () => {
    const event = await post('events', { title: 'Cost with currency', ...UPCOMING, cost: ['0$', '20$', '30$'] });
    assert.equal(event.cost, 'Free – 30$');
    assert.deepEqual(event.cost_details, {
      currency_symbol: '$',
      currency_code: '',
      currency_position: 'postfix',
      values: ['0', '20', '30'],
    });
  });

  test('amounts with different currencies keep none', async () => {
    const event = await post('events', { title: 'Cost mixed', ...UPCOMING, cost: ['€5', '10$'] });
    assert.deepEqual(event.cost_details, {
      currency_symbol: '',
      currency_code: '',
      currency_position: '',
      values: ['5', '10'],
    });
  });

  test('an empty list clears the cost', async () => {
    const event = await post('events', { title: 'Cost cleared', ...UPCOMING, cost: 5 });
    const cleared = await t.request('administrator', 'POST', `${API}/events/${event.id as number}`, { cost: [] });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.equal(cleared.json<Json>().cost, '');
  });

  test('a list with a value that is not an amount is a 400 naming cost', async () => {
    const response = await t.request('administrator', 'POST', `${API}/events`, {
      title: 'Bad cost',
      ...UPCOMING,
      cost: ['free', 10],
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json<Json>().code, 'rest_invalid_param');
    assert.deepEqual(Object.keys((response.json<Json>().data as Json).params as Json), ['cost']);
  });
});

for (const collection of ['categories', 'tags'] as const) {
  describe(`${collection}: slug and post/event filters`, () => {
    let first: Json;
    let second: Json;
    let eventA: Json;
    let eventB: Json;
    before(async () => {
      first = await post(collection, { name: `${collection} first` });
      second = await post(collection, { name: `${collection} second` });
      const key = collection;
      eventA = await post('events', { title: `${collection} A`, ...UPCOMING, [key]: [first.id] });
      eventB = await post('events', { title: `${collection} B`, ...UPCOMING, [key]: [second.id] });
    });

    test('slug= (empty) is a 400 rest_invalid_param naming slug', async () => {
      const response = await t.request('anonymous', 'GET', `${API}/${collection}?slug=`);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json<Json>().code, 'rest_invalid_param');
      assert.deepEqual(Object.keys((response.json<Json>().data as Json).params as Json), ['slug']);
    });

    test('with both post and event, event wins', async () => {
      assert.deepEqual(await ids(`${collection}?post=${eventA.id as number}&event=${eventB.id as number}`), [
        second.id as number,
      ]);
      assert.deepEqual(await ids(`${collection}?event=${eventA.id as number}&post=${eventB.id as number}`), [
        first.id as number,
      ]);
      assert.deepEqual(await ids(`${collection}?post=${eventA.id as number}`), [first.id as number]);
    });
  });
}
