import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { until } from '../fixtures/wait.ts';
import { startReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

/*
 * Tickets and attendees in webhooks and sync (issue 46 item 7, decision 0129): `ticket.*` and
 * `attendee.*` messages reach only subscriptions whose owner may edit the event, never a
 * subscriber's or an ownerless one; the tickets archive's sync tokens announce tickets as the
 * events archive's announce events, with no attendee's name or e-mail for those who may not edit.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ET = '/wp-json/tribe/tickets/v1';
const PRIVATE = /^(ticket|attendee)\./;

describe(`tickets and attendees in webhooks and sync (${DIALECT})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let adminsEvent: number;
  let authorsEvent: number;

  const ticket = async (fields: Json, as: 'administrator' | 'author' = 'administrator') => {
    const answer = await t.request(as, 'POST', `${ET}/tickets`, fields);
    assert.equal(answer.statusCode, 201, answer.body);
    return answer.json<Json>();
  };
  const rsvp = async (id: number, body: Json) => {
    const answer = await t.request('anonymous', 'POST', `tickets/${id}/rsvps`, body);
    assert.equal(answer.statusCode, 201, answer.body);
    return answer.json<Json>();
  };
  /** Makes a subscription as the administrator, then gives it to `owner` (null: none), as when its maker's role changed. */
  const subscribe = async (path: string, events: string[], owner: number | null) => {
    const made = await t.request('administrator', 'POST', 'webhooks', { url: `${receiver.base}${path}`, events });
    assert.equal(made.statusCode, 201, made.body);
    const id = made.json<Json>().id as number;
    await t.storage.write((tx) =>
      tx.updateTable('webhook_subscriptions').set({ owner_id: owner }).where('id', '=', id).execute(),
    );
  };
  const types = (path: string) => receiver.at(path).map((item) => item.payload.type);

  before(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      env: {
        CALENDAR_WEBHOOK_ALLOW_HTTP: 'true',
        CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
        CALENDAR_WEBHOOK_POLL_INTERVAL: '0.05',
        CALENDAR_SECRETS_KEY: randomBytes(32).toString('base64'),
      },
    });
    adminsEvent = (
      await createRecord(t, 'events', {
        title: 'Gala',
        start_date: '2026-12-20 19:00:00',
        end_date: '2026-12-20 22:00:00',
        status: 'publish',
      })
    ).id;
    authorsEvent = (
      await createRecord(
        t,
        'events',
        { title: 'Reading', start_date: '2026-12-21 19:00:00', end_date: '2026-12-21 20:00:00', status: 'publish' },
        'author',
      )
    ).id;
    t.webhookDispatcher.start({ warn: () => undefined, error: (error) => console.error(error) });
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  test("ticket and attendee messages reach only owners who may edit the event; a subscriber's and an ownerless subscription get none", async () => {
    await subscribe('/admin', ['ticket.*', 'attendee.*'], t.ids.administrator);
    await subscribe('/author', ['ticket.*', 'attendee.*'], t.ids.author);
    await subscribe('/subscriber', ['*'], t.ids.subscriber);
    await subscribe('/ownerless', ['*'], null);
    assert.equal(
      (
        await t.request('administrator', 'POST', 'webhooks', {
          url: `${receiver.base}/x`,
          events: ['attendee.trashed'],
        })
      ).statusCode,
      400,
      'attendees are never trashed',
    );

    const gala = await ticket({ event: adminsEvent, name: 'Gala seat', capacity: 10 });
    const reading = await ticket({ event: authorsEvent, name: 'Reading seat', capacity: 5 }, 'author');
    const ann = await rsvp(gala.id, { name: 'Ann Secret', email: 'ann.secret@example.com', quantity: 2 });
    const bob = await rsvp(reading.id, { name: 'Bob Private', email: 'bob.private@example.com' });
    const seat = ann.attendees[0].id as number;
    assert.equal((await t.request('administrator', 'POST', `attendees/${seat}/check-in`)).statusCode, 200);
    assert.equal((await t.request('author', 'DELETE', `${ET}/tickets/${reading.id}`)).statusCode, 200);
    // A last change everyone subscribed to `*` hears: once it arrives, every earlier change was fanned out.
    await createRecord(t, 'venues', { venue: 'Marker hall' });
    await receiver.waitFor('/subscriber', 1);
    await receiver.waitFor('/ownerless', 1);

    assert.deepEqual(types('/subscriber'), ['venue.created']);
    assert.deepEqual(types('/ownerless'), ['venue.created']);
    for (const path of ['/subscriber', '/ownerless'])
      assert.doesNotMatch(
        receiver
          .at(path)
          .map((item) => item.body)
          .join('\n'),
        /secret@|private@|Ann Secret|Bob Private/,
      );

    // The administrator hears everything about both events: 2 tickets, 3 seats, the check-in, the deletions.
    const admin = await receiver.waitFor('/admin', 1);
    await until("the administrator's messages", () => {
      const seen = types('/admin');
      return (
        seen.includes('ticket.deleted') &&
        seen.filter((type) => type === 'attendee.deleted').length === 1 &&
        seen.includes('attendee.updated')
      );
    });
    const byType = (path: string, type: string) =>
      receiver
        .at(path)
        .filter((item) => item.payload.type === type)
        .map((item) => item.payload.data);
    assert.deepEqual(
      byType('/admin', 'ticket.created')
        .map((data) => data.id)
        .sort(),
      [gala.id, reading.id].sort(),
    );
    const created = byType('/admin', 'attendee.created');
    assert.deepEqual(
      created.map((data) => data.id).sort(),
      [...ann.attendees.map((a: Json) => a.id), bob.attendees[0].id].sort(),
    );
    assert.ok(
      created.some((data) => data.email === 'ann.secret@example.com' && data.title === 'Ann Secret'),
      'the owner who may edit sees the attendee',
    );
    assert.ok(
      byType('/admin', 'attendee.updated').some((data) => data.id === seat && data.checked_in === true),
      'a check-in is an update',
    );
    const galaUpdates = byType('/admin', 'ticket.updated').filter((data) => data.id === gala.id);
    assert.ok(galaUpdates.length >= 1, "an RSVP changes its ticket's availability: the ticket is updated");
    assert.equal((galaUpdates.at(-1) as Json).capacity_details.sold, 2);
    assert.deepEqual(
      byType('/admin', 'ticket.deleted').map((data) => data.id),
      [reading.id],
    );
    assert.deepEqual(
      byType('/admin', 'attendee.deleted').map((data) => data.id),
      [bob.attendees[0].id],
    );
    assert.ok(admin.every((item) => PRIVATE.test(item.payload.type)));

    // The author hears of their own event's ticket and attendee only, never the administrator's.
    await until("the author's messages", () => types('/author').includes('ticket.deleted'));
    const authors = receiver.at('/author');
    assert.ok(
      authors.every((item) => item.payload.data.id === reading.id || item.payload.data.id === bob.attendees[0].id),
      authors.map((item) => item.body).join('\n'),
    );
    assert.doesNotMatch(authors.map((item) => item.body).join('\n'), /Ann Secret|ann\.secret@/);
  });

  test("the tickets archive's sync token: new, changed and deleted tickets, each reader's own view, no attendee data for the public", async () => {
    const listing = await t.request('anonymous', 'GET', `tickets?sync_token=start&per_page=100`);
    assert.equal(listing.statusCode, 200, listing.body);
    const start = listing.json<Json>().next_sync_token as string;
    assert.ok(start);
    const adminStart = (await t.request('administrator', 'GET', `tickets?sync_token=start&per_page=100`)).json<Json>()
      .next_sync_token as string;
    // An archive listing gives the token of its snapshot too.
    assert.ok((await t.request('anonymous', 'GET', `${ET}/tickets`)).headers['x-sync-token']);

    const open = await ticket({ event: adminsEvent, name: 'Late seat', capacity: 3 });
    const draft = await ticket({ event: adminsEvent, name: 'Unannounced seat', capacity: 3, status: 'draft' });
    await rsvp(open.id, { name: 'Cy Hidden', email: 'cy.hidden@example.com' });

    const anonymous = await t.request('anonymous', 'GET', `tickets?sync_token=${start}&per_page=100`);
    assert.equal(anonymous.statusCode, 200, anonymous.body);
    const seen = anonymous.json<Json>().tickets as Json[];
    assert.deepEqual(
      seen.map((row) => row.id),
      [open.id],
    );
    assert.equal(seen[0]!.availability.available, 2);
    assert.equal(seen[0]!.capacity_details.sold, undefined, 'counts are for those who may edit');
    assert.doesNotMatch(anonymous.body, /Cy Hidden|cy\.hidden@/);
    const next = anonymous.json<Json>().next_sync_token as string;
    assert.ok(next);

    const admin = (
      await t.request('administrator', 'GET', `tickets?sync_token=${adminStart}&per_page=100`)
    ).json<Json>().tickets as Json[];
    assert.ok(
      admin.some((row) => row.id === draft.id),
      'who may edit every event syncs drafts too',
    );
    assert.doesNotMatch(JSON.stringify(admin), /cy\.hidden@/, 'a ticket never embeds its attendees');

    assert.equal((await t.request('administrator', 'DELETE', `${ET}/tickets/${open.id}`)).statusCode, 200);
    const after = (await t.request('anonymous', 'GET', `tickets?sync_token=${next}&per_page=100`)).json<Json>()
      .tickets as Json[];
    assert.deepEqual(
      after.map((row) => [row.id, row.deleted]),
      [[open.id, true]],
    );

    // An event taken out of the public's view takes its tickets with it: they are announced as gone.
    const withdrawn = (
      await createRecord(t, 'events', {
        title: 'Withdrawn',
        start_date: '2026-12-22 19:00:00',
        end_date: '2026-12-22 20:00:00',
        status: 'publish',
      })
    ).id;
    const doomed = await ticket({ event: withdrawn, name: 'Withdrawn seat', capacity: 3 });
    const beforeDraft = (await t.request('anonymous', 'GET', `tickets?sync_token=${next}&per_page=100`)).json<Json>();
    assert.ok((beforeDraft.tickets as Json[]).some((row) => row.id === doomed.id && row.deleted === undefined));
    assert.equal(
      (await t.request('administrator', 'POST', `events/${withdrawn}`, { status: 'draft' })).statusCode,
      200,
    );
    const drafted = (
      await t.request('anonymous', 'GET', `tickets?sync_token=${beforeDraft.next_sync_token}&per_page=100`)
    ).json<Json>().tickets as Json[];
    assert.deepEqual(
      drafted.map((row) => [row.id, row.deleted]),
      [[doomed.id, true]],
    );
    assert.equal(
      (await t.request('anonymous', 'GET', `tickets?include_post=${withdrawn}`)).json<Json>().total,
      0,
      "the archive follows the event's status",
    );

    assert.equal(
      (await t.request('anonymous', 'GET', `tickets?sync_token=${next}&search=seat`)).statusCode,
      400,
      'filters do not combine with a sync token',
    );
    assert.equal((await t.request('anonymous', 'GET', `tickets?sync_token=not-a-token`)).statusCode, 400);
  });
});
