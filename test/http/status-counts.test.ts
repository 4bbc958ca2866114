import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '../../src/auth/roles.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * The admin's status tabs (issue 33, decision 0045): `GET /{events,venues,organizers}/counts`
 * counts what the caller's archive lists with each `status` filter, trash listing and restoring;
 * events' counts take the archive's selection and count a series once per date listed (issue 44,
 * decision 0103).
 */

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
const FUTURE_DATE = '2027-03-01 10:00:00';

/** An archive's total: TEC's header for events, WordPress' for venues and organizers. */
const totalOf = (response: LightMyRequestResponse) =>
  Number(response.headers['x-tec-total'] ?? response.headers['x-wp-total']);

describe('status counts', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    const event = async (as: Role, status: string, trash = false) => {
      const body = {
        title: `${as} ${status}`,
        start_date: '2026-12-10 10:00:00',
        end_date: '2026-12-10 11:00:00',
        ...(status === 'future' ? { status: 'publish', date: FUTURE_DATE } : { status }),
      };
      const created = await t.request(as, 'POST', 'events', body);
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().status, status === 'future' ? 'future' : status);
      if (trash) assert.equal((await t.request(as, 'DELETE', `events/${created.json().id}`)).statusCode, 200);
    };
    for (const status of ['publish', 'publish', 'future', 'draft', 'pending', 'private']) await event('editor', status);
    await event('editor', 'draft', true);
    for (const status of ['publish', 'draft']) await event('author', status);
    await event('author', 'draft', true);
    await event('contributor', 'pending');
    const venue = async (as: Role, status: string, trash = false) => {
      // Names differ: a venue created with the name of an existing one is that one (TEC).
      const created = await t.request(as, 'POST', 'venues', {
        venue: `${as} ${status}${trash ? ' trashed' : ''}`,
        status,
      });
      assert.equal(created.statusCode, 201, created.body);
      if (trash) assert.equal((await t.request(as, 'DELETE', `venues/${created.json().id}`)).statusCode, 200);
    };
    await venue('editor', 'publish');
    await venue('editor', 'draft');
    await venue('editor', 'publish', true);
    await venue('author', 'draft');
  });
  after(() => t.close());

  const counts = async (as: Role, collection: string) => {
    const response = await t.request(as, 'GET', `${collection}/counts`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };

  test("events: editors count everyone's; authors and contributors the published and their own", async () => {
    assert.deepEqual(await counts('editor', 'events'), {
      all: 9,
      publish: 3,
      future: 1,
      draft: 2,
      pending: 2,
      private: 1,
      trash: 2,
    });
    assert.deepEqual(await counts('administrator', 'events'), {
      all: 9,
      publish: 3,
      future: 1,
      draft: 2,
      pending: 2,
      private: 1,
      trash: 2,
    });
    assert.deepEqual(await counts('author', 'events'), {
      all: 4,
      publish: 3,
      future: 0,
      draft: 1,
      pending: 0,
      private: 0,
      trash: 1,
    });
    assert.deepEqual(await counts('contributor', 'events'), {
      all: 4,
      publish: 3,
      future: 0,
      draft: 0,
      pending: 1,
      private: 0,
      trash: 0,
    });
  });

  test('each count is what the list shows with that status filter', async () => {
    for (const as of ['editor', 'author', 'contributor'] as const) {
      const tabs = await counts(as, 'events');
      for (const status of STATUSES) {
        const list = await t.request(as, 'GET', `events?status=${status}&start_date=2000-01-01&per_page=50`);
        assert.equal(list.statusCode, 200, list.body);
        assert.equal(totalOf(list), tabs[status], `${as} ${status}`);
      }
      const all = await t.request(as, 'GET', 'events?start_date=2000-01-01&per_page=50');
      assert.equal(totalOf(all), tabs.all, `${as} all`);
    }
  });

  test('venues and organizers', async () => {
    assert.deepEqual(await counts('editor', 'venues'), {
      all: 3,
      publish: 1,
      future: 0,
      draft: 2,
      pending: 0,
      private: 0,
      trash: 1,
    });
    assert.deepEqual(await counts('author', 'venues'), {
      all: 2,
      publish: 1,
      future: 0,
      draft: 1,
      pending: 0,
      private: 0,
      trash: 0,
    });
    assert.deepEqual(await counts('editor', 'organizers'), {
      all: 0,
      publish: 0,
      future: 0,
      draft: 0,
      pending: 0,
      private: 0,
      trash: 0,
    });
    for (const as of ['editor', 'author'] as const) {
      for (const status of STATUSES) {
        const list = await t.request(as, 'GET', `venues?status=${status}`);
        assert.equal(totalOf(list), (await counts(as, 'venues'))[status], `${as} ${status}`);
      }
    }
  });

  test('anonymous callers get 401, subscribers 403; the answer is in both namespaces', async () => {
    for (const collection of ['events', 'venues', 'organizers']) {
      const anonymous = await t.request('anonymous', 'GET', `${collection}/counts`);
      assert.equal(anonymous.statusCode, 401, collection);
      assert.equal(anonymous.json().code, 'rest_forbidden');
      assert.equal((await t.request('subscriber', 'GET', `${collection}/counts`)).statusCode, 403, collection);
      assert.equal(
        (await t.request('editor', 'GET', `/tribe/events/v1/${collection}/counts`)).statusCode,
        200,
        collection,
      );
    }
  });

  test('trash is listed to those who may edit, restored through the update route, and the counts follow at once', async () => {
    const trashed = await t.request('editor', 'GET', 'events?status=trash&start_date=2000-01-01');
    const id = trashed.json().events.find((event: { title: string }) => event.title === 'editor draft').id as number;
    const before = await counts('editor', 'events');
    const restored = await t.request('editor', 'POST', `events/${id}`, { status: 'draft' });
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(restored.json().status, 'draft');
    assert.deepEqual(await counts('editor', 'events'), {
      ...before,
      all: before.all + 1,
      draft: before.draft + 1,
      trash: before.trash - 1,
    });
    // Anonymous callers may not list the trash.
    assert.equal((await t.request('anonymous', 'GET', 'events?status=trash')).statusCode, 400);
    const venueTrash = await t.request('editor', 'GET', 'venues?status=trash');
    const venueId = venueTrash.json().venues[0].id as number;
    assert.equal(
      (await t.request('editor', 'POST', `venues/${venueId}`, { status: 'publish' })).json().status,
      'publish',
    );
    assert.equal((await counts('editor', 'venues')).trash, 0);
  });
});

describe('status counts of series (decision 0103)', () => {
  let t: TestApp;
  const EVER = 'start_date=0001-01-01';
  before(async () => {
    t = await createTestApp();
    const create = async (as: Role, body: Record<string, unknown>) =>
      (await createEvent(t, { start_date: '2026-12-01 19:00:00', end_date: '2026-12-01 20:00:00', ...body }, as)).id;
    const weekly = (count: number) => ({ recurrence: { rrule: `FREQ=WEEKLY;COUNT=${count}` } });
    // Published: a weekly series of ten dates (one excluded later), a single event and a past one.
    const yoga = await create('editor', { title: 'Weekly yoga', status: 'publish', ...weekly(10) });
    await create('editor', {
      title: 'Concert',
      status: 'publish',
      start_date: '2026-12-05 20:00:00',
      end_date: '2026-12-05 22:00:00',
    });
    await create('editor', {
      title: 'Last year',
      status: 'publish',
      start_date: '2025-06-01 10:00:00',
      end_date: '2025-06-01 11:00:00',
    });
    // Drafts: a series of four by an author, a single draft of an editor; a trashed series of three.
    await create('author', { title: 'Author class', status: 'draft', ...weekly(4) });
    await create('editor', { title: 'Editor draft', status: 'draft' });
    const trashed = await create('editor', { title: 'Cancelled course', status: 'publish', ...weekly(3) });
    assert.equal((await t.request('editor', 'DELETE', `events/${trashed}`)).statusCode, 200);
    // One date of the yoga series excluded, another detached as a pending exception.
    const dates = (await t.request('editor', 'GET', `events?series=${yoga}&${EVER}&per_page=50`)).json<{
      events: { id: number }[];
    }>().events;
    assert.equal(dates.length, 10);
    assert.equal((await t.request('editor', 'DELETE', `events/${dates[3]!.id}?force=true`)).statusCode, 200);
    const detached = await t.request('editor', 'POST', `events/${dates[5]!.id}`, { status: 'pending', scope: 'this' });
    assert.equal(detached.statusCode, 200, detached.body);
  });
  after(() => t.close());

  const counts = async (as: Role, query: string) => {
    const response = await t.request(as, 'GET', `events/counts?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<Record<(typeof STATUSES)[number] | 'all', number>>();
  };
  const archiveTotal = async (as: Role, query: string) => {
    const list = await t.request(as, 'GET', `events?${query}&per_page=1`);
    assert.equal(list.statusCode, 200, list.body);
    return totalOf(list);
  };

  test('a series counts once per date listed: the tabs say what the archive lists', async () => {
    // Published: 8 yoga dates (10, one excluded, one detached as pending), the concert, last year's event.
    assert.deepEqual(await counts('editor', EVER), {
      all: 16,
      publish: 10,
      future: 0,
      draft: 5,
      pending: 1,
      private: 0,
      trash: 3,
    });
    // The archive's own default window: from yesterday on, so last year's event is not listed.
    assert.deepEqual(await counts('editor', ''), {
      all: 15,
      publish: 9,
      future: 0,
      draft: 5,
      pending: 1,
      private: 0,
      trash: 3,
    });
  });

  test("each count is the archive's X-TEC-Total with that status and the same selection, for every role", async () => {
    const selections = [
      EVER,
      '',
      'start_date=2026-12-10&end_date=2026-12-31',
      `${EVER}&search=yoga`,
      'starts_after=2026-12-20',
    ];
    for (const as of ['administrator', 'editor', 'author', 'contributor'] as const) {
      for (const selection of selections) {
        const tabs = await counts(as, selection);
        for (const status of STATUSES)
          assert.equal(
            tabs[status],
            await archiveTotal(as, `${selection}&status=${status}`),
            `${as} ${status} ${selection}`,
          );
        assert.equal(tabs.all, await archiveTotal(as, selection), `${as} all ${selection}`);
      }
    }
    // Authors count the published dates of everyone and their own series' drafts; contributors have none of these.
    assert.deepEqual(await counts('author', EVER), {
      all: 14,
      publish: 10,
      future: 0,
      draft: 4,
      pending: 0,
      private: 0,
      trash: 0,
    });
  });

  test('a selection the archive refuses is refused the same way', async () => {
    for (const query of ['start_date=not-a-date', 'categories=no-such-category', 'geoloc_lat=10']) {
      const [tabs, list] = [
        await t.request('editor', 'GET', `events/counts?${query}`),
        await t.request('editor', 'GET', `events?${query}`),
      ];
      assert.equal(tabs.statusCode, 400, `${query}: ${tabs.body}`);
      assert.deepEqual(Object.keys(tabs.json().data.params), Object.keys(list.json().data.params), query);
    }
  });
});
