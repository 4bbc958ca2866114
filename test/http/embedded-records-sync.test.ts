import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { startReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

/*
 * Issue 48 item 4 (decision 0107): an event embeds its venue and organizers, so their edits are
 * changes of the event: sync announces the event, and webhooks send `event.updated` for it. A
 * mirror built as the README says (a first listing from `sync_token=start`, then syncs) equals a
 * fresh listing, byte for byte, after venue and organizer edits.
 */

interface Page {
  readonly events: Record<string, unknown>[];
  readonly next_page_token?: string;
  readonly next_sync_token?: string;
}

describe(`events embedding an edited venue or organizer are announced (${DIALECT})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  /** The receivers' clocks check the signature's timestamp: the app's clock is the real one. */
  const clock = { now: () => new Date() };

  before(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      clock,
      env: {
        CALENDAR_WEBHOOK_ALLOW_HTTP: 'true',
        CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
        CALENDAR_WEBHOOK_POLL_INTERVAL: '0.05',
        CALENDAR_SECRETS_KEY: randomBytes(32).toString('base64'),
      },
    });
    t.webhookDispatcher.start({ warn: () => undefined, error: (error) => console.error(error) });
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  const write = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ id: number }> => {
    const answer = await t.request('administrator', method, path, body);
    assert.ok(answer.statusCode < 300, `${method} ${path}: ${answer.body}`);
    return answer.json();
  };
  let day = 1;
  const event = (title: string, extra: Record<string, unknown>) => {
    const date = `2030-03-${String(day++).padStart(2, '0')}`;
    return write('POST', 'events', {
      title,
      status: 'publish',
      start_date: `${date} 19:00:00`,
      end_date: `${date} 21:00:00`,
      ...extra,
    });
  };
  /** Every page from `token` on until one carries `next_sync_token`: the entries as sent (JSON text each) and that token. */
  const pages = async (token: string) => {
    const entries: { id: number; text: string; deleted: boolean }[] = [];
    for (let current = token; ;) {
      const answer = await t.request('anonymous', 'GET', `events?sync_token=${current}&per_page=2`);
      assert.equal(answer.statusCode, 200, answer.body);
      const page = answer.json<Page>();
      for (const entry of page.events)
        entries.push({ id: entry.id as number, text: JSON.stringify(entry), deleted: entry.deleted === true });
      if (page.next_sync_token !== undefined) return { entries, next: page.next_sync_token };
      current = page.next_page_token!;
    }
  };
  const inIdOrder = (mirror: Map<number, string>) => [...mirror].sort(([a], [b]) => a - b);

  test('a mirror kept by sync tokens equals a fresh listing after its venues and organizers are edited, and webhooks send event.updated for their events', async () => {
    const hall = await write('POST', 'venues', { venue: 'Embedded hall', city: 'Lyon', status: 'publish' });
    const annex = await write('POST', 'venues', { venue: 'Embedded annex', status: 'publish' });
    const band = await write('POST', 'organizers', { organizer: 'Embedded band', status: 'publish' });
    const atHall = [
      await event('Embedded one', { venue: hall.id, organizer: [band.id] }),
      await event('Embedded two', { venue: hall.id }),
    ];
    const atAnnex = await event('Embedded three', { venue: annex.id, organizer: [band.id] });
    const elsewhere = await event('Embedded elsewhere', {});

    // The README's recipe: a first listing from sync_token=start, kept by id.
    const mirror = new Map<number, string>();
    const listed = await pages('start');
    for (const entry of listed.entries) mirror.set(entry.id, entry.text);
    assert.ok(mirror.has(atHall[0]!.id) && mirror.has(atAnnex.id));

    const subscription = await write('POST', 'webhooks', { url: `${receiver.base}/events`, events: ['event.updated'] });
    assert.ok(subscription.id > 0);
    await write('PUT', `venues/${hall.id}`, { venue: 'Embedded hall, renamed', city: 'Lille' });
    await write('PUT', `organizers/${band.id}`, { organizer: 'Embedded band, renamed' });
    // Trashing a venue takes it off its events (their links go).
    await write('DELETE', `venues/${annex.id}`);

    const synced = await pages(listed.next);
    for (const entry of synced.entries) {
      if (entry.deleted) mirror.delete(entry.id);
      else mirror.set(entry.id, entry.text);
    }
    assert.deepEqual(
      new Set(synced.entries.map((entry) => entry.id)),
      new Set([...atHall, atAnnex].map((each) => each.id)),
      'the events embedding what changed, and only those',
    );
    const fresh = new Map((await pages('start')).entries.map((entry) => [entry.id, entry.text]));
    assert.deepEqual(inIdOrder(mirror), inIdOrder(fresh));
    assert.ok(mirror.get(atHall[1]!.id)!.includes('Embedded hall, renamed'));
    assert.ok(mirror.has(elsewhere.id));

    // Webhooks: an event.updated per event and edit (hall: both of its events; band: the first and
    // the third; the annex trashed: the third), in order, the last of each the event as it is now.
    const deliveries = await receiver.waitFor('/events', 5);
    const updated = new Map(deliveries.map((delivery) => [delivery.payload.data.id as number, delivery.payload]));
    assert.deepEqual(new Set(deliveries.map((delivery) => delivery.payload.type)), new Set(['event.updated']));
    assert.deepEqual(
      deliveries.map((delivery) => delivery.payload.data.id).sort(),
      [atHall[0]!.id, atHall[0]!.id, atHall[1]!.id, atAnnex.id, atAnnex.id].sort(),
    );
    const first = updated.get(atHall[0]!.id)!.data as {
      venue: { venue: string; city: string };
      organizer: { organizer: string }[];
    };
    assert.equal(first.venue.venue, 'Embedded hall, renamed');
    assert.equal(first.venue.city, 'Lille');
    assert.deepEqual(
      first.organizer.map((organizer) => organizer.organizer),
      ['Embedded band, renamed'],
    );
    assert.deepEqual((updated.get(atAnnex.id)!.data as { venue: unknown }).venue, []);
  });
});
