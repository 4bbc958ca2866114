import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { UserInputError } from '../../src/auth/users.service.ts';
import { systemClock } from '../../src/clock.ts';
import { composeApplication } from '../../src/container.ts';
import type { Storage } from '../../src/storage/types.ts';
import { createTestApp, DIALECT, LENIENT_THROTTLE, type TestApp } from '../fixtures/app.ts';
import { blocksAnother, HeldUnits, twoNodesOneHeld } from '../fixtures/held-units.ts';
import { settled, until } from '../fixtures/wait.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * Write units side by side on PostgreSQL (decisions 0081, 0082, 0087): each rule that decision
 * 0014's one lock per schema provided has a narrow guarantee of its own, tested here; the lock is
 * gone. The cases open their transactions on connections of their own and run the statements a
 * unit runs, in an order no lock forbids; a transaction that would wait for the other fails after
 * `lock_timeout` instead; the day counts' order (decision 0101) is two API writes, one held at a
 * gate the test opens. SQLite has one writer at a time and nothing of this to test.
 */

const postgresOnly = { skip: DIALECT !== 'postgres' && 'SQLite runs one write unit at a time' };

describe(`write units side by side (${DIALECT})`, postgresOnly, () => {
  let t: TestApp;
  const open: pg.PoolClient[] = [];
  /** Attempts of the app's write units that failed on a deadlock (each then run again, a second lost). */
  let deadlocks = 0;
  const countingDeadlocks = (inner: Storage): Storage => ({
    ...inner,
    write: (work, deadline) =>
      inner.write(async (tx) => {
        try {
          return await work(tx);
        } catch (error) {
          if ((error as { code?: unknown }).code === '40P01') deadlocks++;
          throw error;
        }
      }, deadline),
  });
  before(async () => {
    t = await createTestApp({ routeStorage: countingDeadlocks });
  });
  after(async () => {
    for (const client of open) client.release();
    await t.close();
  });

  const pool = () => {
    if (t.storage.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    return t.storage.driver.client;
  };
  /** A write transaction as `Storage.write` opens one; waiting for another fails after a second. */
  async function unit(): Promise<pg.PoolClient> {
    const client = await pool().connect();
    open.push(client);
    await client.query('begin isolation level read committed');
    await client.query(`set local lock_timeout = '1s'`);
    return client;
  }
  /** What touchContent runs last in a unit, then the commit: the unit's content version. */
  async function touchAndCommit(client: pg.PoolClient): Promise<number> {
    const { rows } = await client.query<{ version: number }>(
      `update content_version set version = version + 1, changed_at = $1 where id = 1 returning version`,
      [new Date().toISOString()],
    );
    await client.query('commit');
    return rows[0]!.version;
  }
  const tagsOf = async (version: number) =>
    (
      await pool().query<{ tag: string }>('select tag from content_changes where version = $1 order by tag', [version])
    ).rows.map((row) => row.tag);
  const newEvent = async (title: string, day = '2027-06-01') =>
    (await createEvent(t, { title, start_date: `${day} 10:00:00`, end_date: `${day} 11:00:00`, status: 'publish' })).id;

  test('rule 2: two units naming the same change tag do not wait for each other, and each version keeps its own tags', async () => {
    const [first, second] = [await newEvent('First of two'), await newEvent('Second of two')];
    const a = await unit();
    const b = await unit();
    // Both name `edited:event` (any edit of an event): one key per unit, not one for all.
    await a.query('update posts set title = $1 where id = $2', ['First, edited', first]);
    await b.query('update posts set title = $1 where id = $2', ['Second, edited', second]);
    const versionA = await touchAndCommit(a);
    const versionB = await touchAndCommit(b);
    assert.deepEqual(await tagsOf(versionA), ['edited:event', `post:${first}`]);
    assert.deepEqual(await tagsOf(versionB), ['edited:event', `post:${second}`]);
  });

  test('rule 6: two units moving occurrences to a day no row counts yet both count them', async () => {
    // From days of their own: leaving a day's row is an update of it, which B would wait on too.
    const [first, second] = [await newEvent('Moved first', '2027-07-01'), await newEvent('Moved second', '2027-07-02')];
    const a = await unit();
    const b = await unit();
    const moveTo = (client: pg.PoolClient, id: number) =>
      client.query(
        `update event_occurrences set start_local = '2029-02-03 10:00:00', end_local = '2029-02-03 11:00:00' where id = $1`,
        [id],
      );
    await a.query(`set local lock_timeout = '5s'`);
    await b.query(`set local lock_timeout = '5s'`);
    await moveTo(a, first);
    const pidA = (await a.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    // B's day row is A's, not committed yet: B waits for it, then counts on it (no second row).
    const movedB = moveTo(b, second);
    const movedBEnded = settled(movedB);
    await until(
      'B moved its occurrence or waits for A',
      async () => movedBEnded() || (await blocksAnother(t.storage, pidA)),
    );
    await touchAndCommit(a);
    await movedB;
    await touchAndCommit(b);
    const { rows } = await pool().query<{ occurrences: number }>(
      `select occurrences from occurrence_day_counts where status = 'publish' and start_day = '2029-02-03' and end_day = '2029-02-03'`,
    );
    assert.deepEqual(rows, [{ occurrences: 2 }]);
  });

  test('rule 6: a draft published and an event unpublished on one day take its count rows in one order, so neither deadlocks (decision 0101)', async () => {
    const [draft, published] = [
      await newEvent('To publish', '2027-05-04'),
      await newEvent('To unpublish', '2027-05-04'),
    ];
    assert.equal((await t.request('administrator', 'PATCH', `events/${draft}`, { status: 'draft' })).statusCode, 200);
    // The gate: a unit adding to the day's published row first waits for the test's advisory lock,
    // holding the count rows it took before; the other unit's count rows are never gated.
    const gate = await pool().connect();
    const GATE_KEY = 48_001;
    try {
      await gate.query(
        `create function day_count_gate() returns trigger language plpgsql as $$ begin perform pg_advisory_xact_lock_shared(${GATE_KEY}); return new; end $$`,
      );
      await gate.query(
        `create trigger day_count_gate before insert on occurrence_day_counts for each row when (new.status = 'publish' and new.occurrences > 0) execute function day_count_gate()`,
      );
      await gate.query('select pg_advisory_lock($1)', [GATE_KEY]);
      const publishing = t.request('administrator', 'PATCH', `events/${draft}`, { status: 'publish' });
      const gated = await until(
        'the publishing unit waits at the gate',
        async () =>
          (
            await gate.query<{ pid: number }>(
              `select pid from pg_locks where locktype = 'advisory' and not granted and objid = $1`,
              [GATE_KEY],
            )
          ).rows[0]?.pid,
      );
      const unpublishing = t.request('administrator', 'PATCH', `events/${published}`, { status: 'draft' });
      // Before: the unpublishing unit took the published row first, then waited for the draft row the
      // gated unit holds; the gated unit, let through, waited for the published row: a deadlock.
      await until(
        'the unpublishing unit waits for the gated one',
        async () =>
          (await gate.query('select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [gated])).rows
            .length > 0,
      );
      await gate.query('select pg_advisory_unlock($1)', [GATE_KEY]);
      assert.deepEqual([(await publishing).statusCode, (await unpublishing).statusCode], [200, 200]);
    } finally {
      await gate.query('drop trigger if exists day_count_gate on occurrence_day_counts');
      await gate.query('drop function if exists day_count_gate()');
      gate.release();
    }
    assert.equal(deadlocks, 0);
    const { rows } = await pool().query(
      `select status, occurrences from occurrence_day_counts where start_day = '2027-05-04' and end_day = '2027-05-04' order by status`,
    );
    assert.deepEqual(rows, [
      { status: 'draft', occurrences: 1 },
      { status: 'publish', occurrences: 1 },
    ]);
  });
});

/*
 * The same rules through the API on two nodes: node A's unit is held open after its work, node B
 * writes meanwhile, beside A on PostgreSQL, so only the rule's own guarantee keeps the answer
 * right. On SQLite B waits for A's write transaction.
 */
describe(`writes on two nodes while one unit is held open (${DIALECT})`, () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  const held = new HeldUnits();
  before(async () => {
    ({ nodeA, nodeB } = await twoNodesOneHeld(held));
  });
  after(async () => {
    await nodeB.close();
    await nodeA.close();
  });

  const body = (response: LightMyRequestResponse, status = 201) => {
    assert.equal(response.statusCode, status, response.body);
    return response.json<Record<string, unknown>>();
  };
  /** An event; on a day of its own unless told (one day's count row makes the second unit wait for the first). */
  let days = 0;
  const event = (title: string) => {
    const day = new Date(Date.UTC(2027, 7, ++days)).toISOString().slice(0, 10);
    return { title, start_date: `${day} 10:00:00`, end_date: `${day} 11:00:00`, status: 'publish' };
  };

  test('rule 3: a slug is chosen under a lock of that slug, so same titles and names on two nodes get distinct slugs', async () => {
    const [eventA, eventB] = await held.race(
      () => nodeA.request('administrator', 'POST', 'events', event('Same Title')),
      () => nodeB.request('administrator', 'POST', 'events', event('Same Title')),
    );
    assert.deepEqual([body(eventA).slug, body(eventB).slug].sort(), ['same-title', 'same-title-2']);
    // Base `same-title-3` is what base `same-title` numbers to: one slug, one lock, whatever the bases.
    const [suffixedA, suffixedB] = await held.race(
      () => nodeA.request('administrator', 'POST', 'events', event('Same Title')),
      () => nodeB.request('administrator', 'POST', 'events', { ...event('Same Title 3'), slug: 'same-title-3' }),
    );
    assert.deepEqual([body(suffixedA).slug, body(suffixedB).slug].sort(), ['same-title-3', 'same-title-3-2']);
    // Two names, one slug: the term names differ, their slugs may not.
    const [termA, termB] = await held.race(
      () => nodeA.request('administrator', 'POST', 'categories', { name: 'Jazz!' }),
      () => nodeB.request('administrator', 'POST', 'categories', { name: 'Jazz?' }),
    );
    assert.deepEqual([body(termA).slug, body(termB).slug].sort(), ['jazz', 'jazz-2']);
  });

  test(
    'rule 3: titles of one slug family but different slugs do not wait for each other (decision 0101)',
    { skip: DIALECT !== 'postgres' && 'SQLite runs one write unit at a time' },
    async () => {
      for (const [first, second, slugs] of [
        ['Concert 2027', 'Concert 2028', ['concert-2027', 'concert-2028']],
        ['TP-3-0-17', 'TP-4-1-2', ['tp-3-0-17', 'tp-4-1-2']],
      ] as const) {
        let secondDone = false;
        let secondWhileFirstHeld = false;
        const [answerA, answerB] = await held.race(
          () => nodeA.request('administrator', 'POST', 'events', event(first)),
          async () => {
            const answer = await nodeB.request('administrator', 'POST', 'events', event(second));
            secondDone = true;
            return answer;
          },
          // Before: the second waited for the slug family's key (`slug:event:concert`) the held unit holds.
          async () =>
            (secondWhileFirstHeld = await until(
              `"${second}" created while "${first}" is held`,
              () => secondDone,
              10_000,
            ).then(
              () => true,
              () => false,
            )),
        );
        assert.deepEqual([body(answerA).slug, body(answerB).slug], slugs);
        assert.ok(secondWhileFirstHeld, `"${second}" waited for "${first}"`);
      }
    },
  );

  test('rule 3: creates of one title ending in a number get distinct slugs, held or all at once', async () => {
    const create = (node: TestApp) => node.request('administrator', 'POST', 'events', event('Meetup 12'));
    const [answerA, answerB] = await held.race(
      () => create(nodeA),
      () => create(nodeB),
      () => held.waitedFor(),
    );
    assert.deepEqual([body(answerA).slug, body(answerB).slug], ['meetup-12', 'meetup-12-2']);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? nodeA : nodeB).request('administrator', 'POST', 'events', event('Concert 2030')),
      ),
    );
    const slugs = answers.map((answer) => body(answer).slug as string).sort();
    assert.deepEqual(slugs, [
      'concert-2030',
      'concert-2030-2',
      'concert-2030-3',
      'concert-2030-4',
      'concert-2030-5',
      'concert-2030-6',
    ]);
  });

  test('rule 5: one name written on two nodes is one term, one inline venue and one inline organizer', async () => {
    const [termA, termB] = await held.race(
      // Slugs of two families: only the name's own lock makes B wait for A.
      () => nodeA.request('administrator', 'POST', 'categories', { name: 'Blues', slug: 'blues-a' }),
      () => nodeB.request('administrator', 'POST', 'categories', { name: 'BLUES', slug: 'blues-b' }),
    );
    assert.equal(termB.statusCode, 400, termB.body);
    assert.equal(termB.json<{ code: string }>().code, 'term_exists');
    assert.equal(termB.json<{ data: { term_id: number } }>().data.term_id, body(termA).id);
    // Two titles (one would make B wait for A's slug family), the same names of linked records, then of terms.
    type Linked = {
      categories: { id: number }[];
      tags: { id: number }[];
      venue: { id: number };
      organizer: { id: number }[];
    };
    const racedIds = async (linked: Record<string, unknown>, ids: (record: Linked) => unknown) => {
      const [eventA, eventB] = await held.race(
        () =>
          nodeA.request('administrator', 'POST', 'events', { ...event(`${JSON.stringify(linked)} on A`), ...linked }),
        () =>
          nodeB.request('administrator', 'POST', 'events', { ...event(`${JSON.stringify(linked)} on B`), ...linked }),
      );
      return [ids(body(eventA) as unknown as Linked), ids(body(eventB) as unknown as Linked)];
    };
    const [linkedA, linkedB] = await racedIds(
      { venue: { venue: 'The Hall' }, organizer: [{ organizer: 'The Crew' }] },
      (record) => [record.venue.id, record.organizer.map((entry) => entry.id)],
    );
    assert.deepEqual(linkedB, linkedA);
    const [termsA, termsB] = await racedIds({ categories: ['Soul'], tags: ['Vinyl'] }, (record) => [
      record.categories.map((term) => term.id),
      record.tags.map((term) => term.id),
    ]);
    assert.deepEqual(termsB, termsA);
  });

  test('rule 4: two partial updates of one record on two nodes keep both fields, and two deletes trash it once', async () => {
    const id = body(await nodeA.request('administrator', 'POST', 'events', event('Edited twice'))).id as number;
    const [first, second] = await held.race(
      // Dates and zone are merged into what the write read of the event's other fields.
      () => nodeA.request('administrator', 'PATCH', `events/${id}`, { all_day: true }),
      () => nodeB.request('administrator', 'PATCH', `events/${id}`, { timezone: 'America/Chicago' }),
    );
    body(first, 200);
    body(second, 200);
    const stored = body(await nodeB.request('administrator', 'GET', `events/${id}`), 200) as {
      all_day: boolean;
      timezone: string;
    };
    assert.deepEqual([stored.all_day, stored.timezone], [true, 'America/Chicago']);
    const category = body(await nodeA.request('administrator', 'POST', 'categories', { name: 'Edited term' }))
      .id as number;
    const [termFirst, termSecond] = await held.race(
      () => nodeA.request('administrator', 'PATCH', `categories/${category}`, { name: 'Renamed on A' }),
      () => nodeB.request('administrator', 'PATCH', `categories/${category}`, { description: 'Described on B' }),
    );
    body(termFirst, 200);
    body(termSecond, 200);
    const term = body(await nodeB.request('administrator', 'GET', `categories/${category}`), 200) as {
      name: string;
      description: string;
    };
    assert.deepEqual([term.name, term.description], ['Renamed on A', 'Described on B']);
    const venue = body(await nodeA.request('administrator', 'POST', 'venues', { venue: 'Trashed twice' })).id as number;
    const deletes = await held.race(
      () => nodeA.request('administrator', 'DELETE', `venues/${venue}`),
      () => nodeB.request('administrator', 'DELETE', `venues/${venue}`),
    );
    assert.deepEqual(
      deletes.map((response) => response.statusCode),
      [200, 410],
    );
  });

  test('rule 8: a series extended on one node while another rewrites its rules takes the new rules', async () => {
    // Weekly on Tuesdays, unbounded: materialised to the horizon, extended on demand past it.
    const series = body(
      await nodeA.request('administrator', 'POST', 'events', {
        ...event('Moved class'),
        start_date: '2027-01-05 19:00:00',
        end_date: '2027-01-05 20:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY' },
      }),
    ).id as number;
    const window = 'start_date=2031-06-01&end_date=2031-08-31&per_page=50';
    const [moved, read] = await held.race(
      () =>
        nodeA.request('administrator', 'PATCH', `events/${series}`, { recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=WE' } }),
      // Past the horizon: node B extends the series first, in write units of its own.
      () => nodeB.request('anonymous', 'GET', `events?${window}`),
    );
    body(moved, 200);
    body(read, 200);
    const days = new Set(
      (body(await nodeB.request('anonymous', 'GET', `events?${window}`), 200).events as { start_date: string }[]).map(
        (occurrence) => new Date(`${occurrence.start_date.slice(0, 10)}T00:00:00Z`).getUTCDay(),
      ),
    );
    assert.deepEqual([...days], [3]);
  });

  test('rule 8: one application password name created on two nodes is one password, and the other is told the name is taken', async () => {
    // Node A's service with its write units held: application passwords raise no content version.
    const usersA = (await composeApplication(held.writes(nodeA.storage), nodeA.config, systemClock, LENIENT_THROTTLE))
      .services.users;
    const [first, second] = await held.race(
      () => usersA.createAppPassword('editor', 'Laptop'),
      () =>
        nodeB.users.createAppPassword('editor', 'Laptop').then(
          () => 'created',
          (error: unknown) => error,
        ),
    );
    assert.equal(first.row.name, 'Laptop');
    assert.ok(second instanceof UserInputError && second.problem === 'name-taken', String(second));
  });

  test('rule 8: one calendar imported on two nodes at once creates its events once', async () => {
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//parallel//EN',
      'BEGIN:VEVENT',
      'UID:imported-twice@example.org',
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20270910T180000Z',
      'DTEND:20270910T190000Z',
      'SUMMARY:Imported twice',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const importOn = (node: TestApp) =>
      node.request('administrator', 'POST', 'events/import', calendar, {
        'content-type': 'text/calendar; charset=utf-8',
      });
    const reports = (
      await held.race(
        () => importOn(nodeA),
        () => importOn(nodeB),
      )
    ).map((response) => body(response, 200) as { created: unknown[]; unchanged: unknown[] });
    assert.deepEqual(
      reports.map((report) => [report.created.length, report.unchanged.length]),
      [
        [1, 0],
        [0, 1],
      ],
    );
  });

  test('rule 7: a record linked on one node while another deletes it is not linked: a 400 or a record of its own, never a link to nothing or a 500', async () => {
    /** Node A deletes `path` for good, its unit held with the row gone; node B links the record meanwhile. */
    const linkWhileDeleted = (path: string, link: () => Promise<LightMyRequestResponse>) =>
      held.race(() => nodeA.request('administrator', 'DELETE', `${path}?force=true`), link);
    const venue = body(await nodeA.request('administrator', 'POST', 'venues', { venue: 'Deleted while linked' }))
      .id as number;
    const [venueDeleted, byId] = await linkWhileDeleted(`venues/${venue}`, () =>
      nodeB.request('administrator', 'POST', 'events', { ...event('Linked by id'), venue }),
    );
    body(venueDeleted, 200);
    assert.equal(byId.statusCode, 400, byId.body);
    const refused = byId.json<{ code: string; data: { params: Record<string, string> } }>();
    assert.deepEqual([refused.code, Object.keys(refused.data.params)], ['rest_invalid_param', ['venue']]);
    // An inline venue of the deleted one's title is a venue of its own.
    const reused = body(await nodeA.request('administrator', 'POST', 'venues', { venue: 'Deleted while reused' }))
      .id as number;
    const [reusedDeleted, inline] = await linkWhileDeleted(`venues/${reused}`, () =>
      nodeB.request('administrator', 'POST', 'events', {
        ...event('Linked by title'),
        venue: { venue: 'Deleted while reused' },
      }),
    );
    body(reusedDeleted, 200);
    const inlineVenue = (body(inline) as { venue: { id: number } }).venue.id;
    assert.notEqual(inlineVenue, reused);
    body(await nodeB.request('administrator', 'GET', `venues/${inlineVenue}`), 200);
    // A category named by id is dropped, as an id that names no term is.
    const category = body(await nodeA.request('administrator', 'POST', 'categories', { name: 'Deleted while linked' }))
      .id as number;
    const [categoryDeleted, tagged] = await linkWhileDeleted(`categories/${category}`, () =>
      nodeB.request('administrator', 'POST', 'events', {
        ...event('Filed under a deleted category'),
        categories: [category],
      }),
    );
    body(categoryDeleted, 200);
    assert.deepEqual((body(tagged) as { categories: unknown[] }).categories, []);
    // An event's parent deleted while an event names it.
    const parentEvent = body(await nodeA.request('administrator', 'POST', 'events', event('Deleted parent event')))
      .id as number;
    const [parentEventDeleted, childEvent] = await linkWhileDeleted(`events/${parentEvent}`, () =>
      nodeB.request('administrator', 'POST', 'events', {
        ...event('Child of a deleted event'),
        post_parent: parentEvent,
      }),
    );
    body(parentEventDeleted, 200);
    assert.equal(childEvent.statusCode, 400, childEvent.body);
    assert.deepEqual(childEvent.json<{ data: { params: Record<string, string> } }>().data.params, {
      post_parent: 'Invalid parameter.',
    });
    // A parent deleted while a child is filed under it.
    const parent = body(await nodeA.request('administrator', 'POST', 'categories', { name: 'Deleted parent' }))
      .id as number;
    const [parentDeleted, child] = await linkWhileDeleted(`categories/${parent}`, () =>
      nodeB.request('administrator', 'POST', 'categories', { name: 'Orphan', parent }),
    );
    body(parentDeleted, 200);
    assert.equal(child.statusCode, 400, child.body);
    assert.deepEqual(child.json<{ data: { params: Record<string, string> } }>().data.params, {
      parent: 'Invalid parameter.',
    });
  });

  test('an image given by id while another node deletes its upload is refused with a 400, never a foreign-key 500 (decision 0087)', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const upload = body(
      await nodeA.request('administrator', 'POST', 'media', png, {
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename="poster.png"',
      }),
    ).id as number;
    const [deleted, linked] = await held.race(
      () => nodeA.request('administrator', 'DELETE', `media/${upload}`),
      () => nodeB.request('administrator', 'POST', 'events', { ...event('Poster deleted meanwhile'), image: upload }),
    );
    body(deleted, 200);
    assert.equal(linked.statusCode, 400, linked.body);
    assert.deepEqual(Object.keys(linked.json<{ data: { params: Record<string, string> } }>().data.params), ['image']);
  });
});
