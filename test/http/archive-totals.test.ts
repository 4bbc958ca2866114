import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { Role } from '../../src/auth/roles.ts';
import { CONSISTENCY_QUERIES } from '../../src/storage/integrity.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * The archive's `total` over whole days is summed from day counts that triggers keep (decision
 * 0035). Every kind of write that moves an occurrence in or out of a window must move the counts:
 * after each round of writes, every window's total must be the number of events its pages list
 * (read through the index, not the counts) and the counts must equal a fresh count of the
 * occurrences.
 */

type Caller = Role | 'anonymous';
type Json = Record<string, unknown>;

const PAGE = 50;
/** Windows summed from the day counts, and some that fall back to counting (strict dates, relative bounds). */
const WINDOWS = [
  '',
  'start_date=2027-01-01&end_date=2027-01-31',
  'start_date=2027-01-10&end_date=2027-01-10',
  'start_date=2026-01-01',
  'end_date=2027-01-12',
  'start_date=2027-01-01&end_date=2027-02-28&categories=totals-cat',
  'start_date=2027-01-10 12:00:00&end_date=2027-01-20 12:00:00&strict_dates=true',
  'starts_after=2027-01-09&ends_before=2027-01-20',
];
const CALLERS: readonly { caller: Caller; query: string }[] = [
  { caller: 'anonymous', query: '' },
  { caller: 'administrator', query: 'status=publish,draft,private,pending' },
  { caller: 'administrator', query: 'status=draft' },
  // Published events and the contributor's own: counted, not summed.
  { caller: 'contributor', query: 'status=publish,draft' },
];

describe(`archive totals by day counts (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    const category = await t.request('administrator', 'POST', 'categories', { name: 'Totals cat', slug: 'totals-cat' });
    assert.equal(category.statusCode, 201, category.body);
  });
  after(() => t.close());

  const write = async (as: Role, method: string, path: string, body?: Json): Promise<Json> => {
    const response = await t.request(as, method, path, body);
    assert.ok(response.statusCode < 300, `${method} ${path}: ${response.statusCode} ${response.body}`);
    return response.json<Json>();
  };
  const create = async (fields: Json, as: Role = 'administrator') =>
    (await createEvent(t, { title: 'Totals event', ...fields }, as)).id;

  /** Every event the window lists, page after page, and the total its first page states. */
  const listed = async (as: Caller, query: string) => {
    let total: number | undefined;
    let count = 0;
    for (let page = 1; ; page++) {
      const response = await t.request(as, 'GET', `events?${query}&per_page=${PAGE}&page=${page}`);
      if (page > 1 && response.statusCode === 404) break;
      assert.equal(response.statusCode, 200, `${as} ${query}: ${response.body}`);
      const body = response.json<{ events: unknown[]; total: number }>();
      total ??= body.total;
      count += body.events.length;
      if (body.events.length < PAGE) break;
    }
    return { total, count };
  };

  const assertTotals = async (round: string) => {
    for (const { caller, query } of CALLERS) {
      for (const window of WINDOWS) {
        const { total, count } = await listed(caller, [query, window].filter(Boolean).join('&'));
        assert.equal(total, count, `${round}: ${caller} ${query} ${window}: total ${total}, listed ${count}`);
      }
    }
    const [label, check] = CONSISTENCY_QUERIES.find(([name]) => name.startsWith('day counts'))!;
    const wrong = await t.storage.read((tx) => sql.raw(check).execute(tx));
    assert.deepEqual(wrong.rows, [], `${round}: ${label}`);
  };

  test('every write that moves an occurrence moves the day counts with it', async () => {
    const ids: number[] = [];
    const day = (date: number, time: string) => `2027-01-${String(date).padStart(2, '0')} ${time}`;
    for (let date = 1; date <= 20; date++) {
      ids.push(
        await create({
          start_date: day(date, '10:00:00'),
          end_date: day(date, '11:00:00'),
          categories: date % 3 === 0 ? ['totals-cat'] : [],
        }),
      );
    }
    // Across midnight, over several days, all day, hidden, drafts, and a contributor's pending one.
    ids.push(await create({ start_date: day(9, '22:00:00'), end_date: day(10, '02:00:00') }));
    ids.push(await create({ start_date: day(8, '09:00:00'), end_date: day(12, '18:00:00') }));
    ids.push(await create({ start_date: day(11, '00:00:00'), end_date: day(11, '23:59:59'), all_day: true }));
    ids.push(
      await create({ start_date: day(10, '10:00:00'), end_date: day(10, '12:00:00'), hide_from_listings: true }),
    );
    ids.push(await create({ start_date: day(12, '10:00:00'), end_date: day(12, '12:00:00'), status: 'draft' }));
    ids.push(await create({ start_date: day(13, '10:00:00'), end_date: day(13, '12:00:00') }, 'contributor'));
    const series = await create({
      start_date: day(5, '18:00:00'),
      end_date: day(5, '19:00:00'),
      recurrence: { rrule: 'FREQ=DAILY;COUNT=10' },
    });
    await assertTotals('created');

    await write('administrator', 'PATCH', `events/${ids[0]}`, {
      start_date: day(15, '08:00:00'),
      end_date: day(15, '09:00:00'),
    });
    await write('administrator', 'PATCH', `events/${ids[1]}`, { end_date: day(3, '01:00:00') });
    await write('administrator', 'PATCH', `events/${ids[2]}`, { status: 'draft' });
    await write('administrator', 'PATCH', `events/${ids[3]}`, { hide_from_listings: true });
    await write('administrator', 'PATCH', `events/${ids[23]}`, { hide_from_listings: false });
    await write('administrator', 'PATCH', `events/${ids[24]}`, { status: 'publish' });
    await write('administrator', 'PATCH', `events/${ids[4]}`, { title: 'Retitled, not moved' });
    await write('administrator', 'PATCH', `events/${series}`, { recurrence: { rrule: 'FREQ=DAILY;COUNT=4' } });
    await assertTotals('updated');

    await write('administrator', 'DELETE', `events/${ids[5]}`);
    await write('administrator', 'DELETE', `events/${ids[6]}?force=true`);
    await write('administrator', 'PATCH', `events/${series}`, {
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=6' },
      status: 'private',
    });
    await assertTotals('deleted and moved');

    await write('administrator', 'DELETE', `events/${series}?force=true`);
    await assertTotals('series removed');
  });
});
