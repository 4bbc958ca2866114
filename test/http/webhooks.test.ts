import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import dns from 'node:dns';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { TAG } from '../../src/modules/terms/taxonomy.ts';
import { RecordChangesRepository } from '../../src/storage/repositories/record-changes.repository.ts';
import { WebhooksRepository } from '../../src/storage/repositories/webhooks.repository.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { until } from '../fixtures/wait.ts';
import { startReceiver, type ReceivedWebhook, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

/*
 * Webhooks end to end (decision 0032): subscriptions through the API, deliveries to a real local
 * receiver, signatures checked with the independent `standardwebhooks` package.
 */

const verify = (secret: string, delivery: ReceivedWebhook) =>
  new Webhook(secret).verify(delivery.body, delivery.headers);

describe('webhooks', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let all: { id: number; secret: string };
  /**
   * The app's clock: the real time when the suite starts, as receivers check a signature's
   * timestamp against theirs, and then still until a test moves it on. A retry is due, a
   * subscription fails long enough to be disabled, a delivery is old enough to be pruned, when the
   * test says so, not when enough real time has passed.
   */
  const clock = { at: Date.now(), now: () => new Date(clock.at) };
  const moveClockOn = (ms: number) => void (clock.at += ms);
  /** A subscription's deliveries as an editor sees them, newest first. */
  const deliveriesOf = async (id: number) => (await t.request('editor', 'GET', `webhooks/${id}/deliveries`)).json();

  before(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      clock,
      env: {
        CALENDAR_WEBHOOK_ALLOW_HTTP: 'true',
        CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
        CALENDAR_WEBHOOK_POLL_INTERVAL: '0.05',
        CALENDAR_WEBHOOK_RETRY_DELAYS: '0.1,0.1,0.1',
        CALENDAR_WEBHOOK_DISABLE_AFTER_HOURS: '1',
        CALENDAR_SECRETS_KEY: randomBytes(32).toString('base64'),
      },
    });
    t.webhookDispatcher.start({ warn: () => undefined, error: (error) => console.error(error) });
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  test('administrators create subscriptions and see the secret once; editors read them; others are refused', async () => {
    const created = await t.request('administrator', 'POST', 'webhooks', {
      url: `${receiver.base}/all`,
      events: ['*'],
      description: 'everything',
    });
    assert.equal(created.statusCode, 201, created.body);
    const body = created.json();
    assert.match(body.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    assert.deepEqual(body.events, ['*']);
    assert.equal(body.active, true);
    all = { id: body.id, secret: body.secret };

    const listed = await t.request('editor', 'GET', 'webhooks');
    assert.equal(listed.statusCode, 200);
    assert.equal(listed.json().length, 1);
    assert.equal(listed.json()[0].secret, undefined);
    assert.equal((await t.request('editor', 'GET', `webhooks/${all.id}`)).json().secret, undefined);
    assert.equal(
      (await t.request('editor', 'POST', 'webhooks', { url: `${receiver.base}/x`, events: ['*'] })).statusCode,
      403,
    );
    assert.equal((await t.request('editor', 'DELETE', `webhooks/${all.id}`)).statusCode, 403);
    assert.equal((await t.request('author', 'GET', 'webhooks')).statusCode, 403);
    assert.equal((await t.request('anonymous', 'GET', 'webhooks')).statusCode, 401);
    assert.equal((await t.request('administrator', 'GET', 'webhooks/999999')).json().code, 'webhook_not_found');
    const badType = await t.request('administrator', 'POST', 'webhooks', {
      url: `${receiver.base}/x`,
      events: ['event.exploded'],
    });
    assert.equal(badType.statusCode, 400);
  });

  test('receivers on internal addresses that are not allowed are refused, before anything is stored', async () => {
    const reachingIPv4 = [
      'http://[64:ff9b::7f00:1]/hook',
      'http://[::127.0.0.1]/hook',
      'http://[2002:7f00:1::]/hook',
      'http://[fec0::1]/hook',
      'http://[100::1]/hook',
    ];
    for (const url of [
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://127.0.0.2:9/hook',
      'http://[::1]:9/hook',
      'ftp://example.com/hook',
      'http://user:pw@127.0.0.1/hook',
      ...reachingIPv4,
    ]) {
      const answer = await t.request('administrator', 'POST', 'webhooks', { url, events: ['*'] });
      assert.equal(answer.statusCode, 400, url);
      assert.equal(answer.json().code, 'webhook_url_refused', url);
    }
    assert.equal((await t.request('administrator', 'GET', 'webhooks')).json().length, 1);
  });

  test('a caller who may not manage webhooks is refused before the receiver is looked up: no DNS lookup on their behalf (issue 32)', async (context) => {
    let lookups = 0;
    context.mock.method(dns.promises, 'lookup', async () => {
      lookups += 1;
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    const body = { url: 'https://receiver.invalid/hook', events: ['*'] };
    for (const [as, status] of [
      ['anonymous', 401],
      ['subscriber', 403],
      ['author', 403],
      ['editor', 403],
    ] as const) {
      for (const [method, path] of [
        ['POST', 'webhooks'],
        ['PATCH', `webhooks/${all.id}`],
      ] as const) {
        const answer = await t.request(as, method, path, body);
        assert.deepEqual(
          [answer.statusCode, answer.json().code],
          [status, 'rest_forbidden'],
          `${as} ${method} ${path}: ${answer.body}`,
        );
      }
    }
    assert.equal(lookups, 0);
    // An administrator's receiver is looked up: the host that does not resolve is a 400 that says so.
    for (const [method, path] of [
      ['POST', 'webhooks'],
      ['PATCH', `webhooks/${all.id}`],
    ] as const) {
      const answer = await t.request('administrator', method, path, body);
      assert.deepEqual([answer.statusCode, answer.json().code], [400, 'webhook_url_refused'], answer.body);
      assert.match(answer.json().message, /receiver\.invalid does not resolve/);
    }
    assert.equal(lookups, 2);
    assert.equal((await t.request('administrator', 'GET', `webhooks/${all.id}`)).json().url, `${receiver.base}/all`);
  });

  test('creating, updating, trashing and deleting each record type sends exactly one signed delivery each, in commit order', async () => {
    const expected: string[] = [];
    const write = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, type: string) => {
      const answer = await t.request('administrator', method, url, body);
      assert.ok(answer.statusCode < 300, `${method} ${url}: ${answer.body}`);
      expected.push(type);
      return answer.json();
    };
    const event = await write(
      'POST',
      'events',
      { title: 'Hook event', status: 'publish', start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 11:00:00' },
      'event.created',
    );
    await write('PUT', `events/${event.id}`, { title: 'Hook event renamed' }, 'event.updated');
    await write('DELETE', `events/${event.id}`, undefined, 'event.trashed');
    await write('DELETE', `events/${event.id}?force=true`, undefined, 'event.deleted');
    for (const [collection, field] of [
      ['venues', 'venue'],
      ['organizers', 'organizer'],
    ] as const) {
      const record = await write('POST', collection, { [field]: `Hook ${field}` }, `${field}.created`);
      await write('PUT', `${collection}/${record.id}`, { [field]: `Hook ${field} renamed` }, `${field}.updated`);
      await write('DELETE', `${collection}/${record.id}`, undefined, `${field}.trashed`);
      await write('DELETE', `${collection}/${record.id}?force=true`, undefined, `${field}.deleted`);
    }
    for (const [collection, type] of [
      ['categories', 'category'],
      ['tags', 'tag'],
    ] as const) {
      const term = await write('POST', collection, { name: `Hook ${type}` }, `${type}.created`);
      await write('PUT', `${collection}/${term.id}`, { name: `Hook ${type} renamed` }, `${type}.updated`);
      await write('DELETE', `${collection}/${term.id}`, undefined, `${type}.deleted`);
    }
    await receiver.waitFor('/all', expected.length);
    // Nothing more comes for these changes: one more change is delivered right after them, in commit order.
    await write('POST', 'tags', { name: 'After the record types' }, 'tag.created');
    const received = (await receiver.waitFor('/all', expected.length)).slice(0, -1);
    assert.deepEqual(
      receiver.at('/all').map((item) => item.payload.type),
      expected,
    );
    const listed = await deliveriesOf(all.id);
    assert.deepEqual(
      { total: listed.total, first: listed.deliveries.at(-1).type },
      { total: expected.length, first: 'event.created' },
    );
    for (const delivery of received) assert.deepEqual(verify(all.secret, delivery), JSON.parse(delivery.body));
    assert.equal(new Set(received.map((item) => item.id)).size, received.length, 'each message has its own webhook-id');

    const [created, updated, trashed, deleted] = received;
    assert.equal(created!.payload.data.id, event.id);
    // Rendered when fanned out (normally right after the commit, possibly after later ones): the title of either moment.
    assert.match(String(created!.payload.data.title), /^Hook event/);
    assert.equal(created!.payload.data.status, 'publish');
    assert.ok(updated!.payload.timestamp <= trashed!.payload.timestamp);
    // The same for the trash: a fan-out that came after the forced delete finds the record gone
    // (payloads.ts), and says so in both messages.
    if (trashed!.payload.data.deleted === true) {
      for (const gone of [trashed!, deleted!])
        assert.deepEqual(
          { id: gone.payload.data.id, deleted: gone.payload.data.deleted },
          { id: event.id, deleted: true },
        );
    } else {
      assert.equal(trashed!.payload.data.status, 'trash');
      assert.deepEqual(deleted!.payload.data, {
        id: event.id,
        deleted: true,
        previous: { venue: [], organizer: [], categories: [], tags: [] },
      });
    }
  });

  test('a write refused with a 400 announces nothing', async () => {
    const before = receiver.at('/all').length;
    const refused = await t.request('administrator', 'POST', 'events', {
      title: 'Never',
      start_date: 'not a date',
      end_date: '2027-05-01 11:00:00',
    });
    assert.equal(refused.statusCode, 400);
    // A later change is delivered after it: had the refused one been announced, it would come first.
    await t.request('administrator', 'POST', 'tags', { name: 'After the refusal' });
    // Deliveries go in commit order: had the refused write been announced, it would come first.
    const received = await receiver.waitFor('/all', before + 1);
    assert.deepEqual(
      receiver
        .at('/all')
        .slice(before)
        .map((item) => item.payload.type),
      ['tag.created'],
    );
    assert.equal(received.at(-1)!.payload.data.name, 'After the refusal');
  });

  test('a unit that wrote a record and then failed announces nothing: its journal row rolled back with it', async () => {
    const before = receiver.at('/all').length;
    const administrator = { id: t.ids.administrator, login: 'administrator', role: 'administrator' } as const;
    await assert.rejects(
      t.storage.write(async (tx) => {
        await t.services.terms.create(tx, TAG, { name: 'Rolled back' }, 'en', administrator);
        throw new Error('the unit fails after its write');
      }),
      /the unit fails/,
    );
    await t.request('administrator', 'POST', 'tags', { name: 'After the rollback' });
    // In commit order: a rolled-back change announced would come before this one.
    await receiver.waitFor('/all', before + 1);
    assert.deepEqual(
      receiver
        .at('/all')
        .slice(before)
        .map((item) => item.payload.data.name),
      ['After the rollback'],
    );
  });

  test('a receiver answering 500 gets the same message again, and the delivery shows both attempts', async () => {
    const flaky = (
      await t.request('administrator', 'POST', 'webhooks', {
        url: `${receiver.base}/flaky`,
        events: ['category.created'],
      })
    ).json();
    receiver.answer('/flaky', 500);
    await t.request('administrator', 'POST', 'categories', { name: 'Retried' });
    await receiver.waitFor('/flaky', 1);
    const failed = await until('the failed attempt recorded', async () =>
      (await deliveriesOf(flaky.id)).deliveries.find((item: { attempts: number }) => item.attempts === 1),
    );
    assert.equal(failed.status, 'pending');
    assert.equal(failed.last_response_code, 500);
    // Due again after the first retry delay (0.1 s, jittered by 20%): not before the clock gets there.
    assert.equal(receiver.at('/flaky').length, 1);
    moveClockOn(1000);
    const [first, second] = await receiver.waitFor('/flaky', 2);
    assert.equal(first!.id, second!.id);
    assert.equal(second!.payload.data.name, 'Retried');
    verify(flaky.secret, second!);
    const deliveries = await until('the retry recorded', async () => {
      const listed = await deliveriesOf(flaky.id);
      return listed.deliveries[0]?.status === 'delivered' && listed;
    });
    assert.equal(deliveries.total, 1);
    const [delivery] = deliveries.deliveries;
    assert.equal(delivery.status, 'delivered');
    assert.equal(delivery.attempts, 2);
    assert.equal(delivery.last_response_code, 200);
    assert.equal(delivery.webhook_id, first!.id);
    assert.equal(delivery.next_attempt_at, null);

    // Redelivery: the same message, the same webhook-id, once more.
    const again = await t.request('administrator', 'POST', `webhooks/${flaky.id}/deliveries/${delivery.id}/redeliver`);
    assert.equal(again.statusCode, 202, again.body);
    const [, , third] = await receiver.waitFor('/flaky', 3);
    assert.equal(third!.id, first!.id);
    assert.equal(
      (await t.request('administrator', 'POST', `webhooks/${all.id}/deliveries/${delivery.id}/redeliver`)).json().code,
      'webhook_delivery_not_found',
    );
    assert.equal((await t.request('administrator', 'DELETE', `webhooks/${flaky.id}`)).statusCode, 200);
  });

  test('a ping reaches the receiver; a rotated secret signs alongside the old one during its grace period only', async () => {
    const count = receiver.at('/all').length + 1;
    const pinged = await t.request('administrator', 'POST', `webhooks/${all.id}/ping`);
    assert.equal(pinged.statusCode, 202);
    const ping = (await receiver.waitFor('/all', count)).at(-1)!;
    assert.equal(ping.payload.type, 'ping');
    verify(all.secret, ping);

    const rotated = (
      await t.request('administrator', 'POST', `webhooks/${all.id}/rotate-secret`, { grace_period: 3600 })
    ).json();
    assert.notEqual(rotated.secret, all.secret);
    assert.ok(rotated.previous_secret_expires_at);
    await t.request('administrator', 'POST', 'tags', { name: 'During the grace period' });
    const during = (await receiver.waitFor('/all', count + 1)).at(-1)!;
    assert.equal(during.signature.split(' ').length, 2);
    verify(rotated.secret, during);
    verify(all.secret, during);

    const retired = (
      await t.request('administrator', 'POST', `webhooks/${all.id}/rotate-secret`, { grace_period: 0 })
    ).json();
    assert.equal(retired.previous_secret_expires_at, null);
    await t.request('administrator', 'POST', 'tags', { name: 'After the grace period' });
    const later = (await receiver.waitFor('/all', count + 2)).at(-1)!;
    assert.equal(later.signature.split(' ').length, 1);
    verify(retired.secret, later);
    assert.throws(() => verify(rotated.secret, later));
  });

  test('an inactive subscription receives nothing; switching it back on clears why it was off', async () => {
    await t.request('administrator', 'PATCH', `webhooks/${all.id}`, { active: false });
    const count = receiver.at('/all').length;
    await t.request('administrator', 'POST', 'tags', { name: 'While off' });
    const on = (await t.request('administrator', 'PATCH', `webhooks/${all.id}`, { active: true })).json();
    assert.equal(on.active, true);
    assert.equal(on.disabled_reason, null);
    // Back on, it hears what changes from now on, not what changed while it was off: in commit
    // order, a change announced while off would come before this one.
    await t.request('administrator', 'POST', 'tags', { name: 'Back on' });
    await receiver.waitFor('/all', count + 1);
    assert.deepEqual(
      receiver
        .at('/all')
        .slice(count)
        .map((item) => item.payload.data.name),
      ['Back on'],
    );
  });

  test('a subscription failing for the configured period is disabled and says why', async () => {
    const down = (
      await t.request('administrator', 'POST', 'webhooks', { url: `${receiver.base}/down`, events: ['tag.created'] })
    ).json();
    receiver.answer('/down', 500, 500, 500, 500);
    await t.request('administrator', 'POST', 'tags', { name: 'Nobody listens' });
    await receiver.waitFor('/down', 1);
    const subscription = async () => (await t.request('administrator', 'GET', `webhooks/${down.id}`)).json();
    // The first failure is recorded now; two hours pass before the retry, past the hour allowed.
    const failing = await until(
      'the first failure recorded',
      async () => (await subscription()).failing_since !== null && subscription(),
    );
    assert.equal(failing.active, true);
    moveClockOn(2 * 60 * 60 * 1000);
    await receiver.waitFor('/down', 2);
    const shown = await until('the subscription disabled', async () => {
      const current = await subscription();
      return !current.active && current;
    });
    assert.match(shown.disabled_reason, /failed since .*HTTP 500/);
    assert.equal(shown.failing_since, failing.failing_since);
  });
  test('finished deliveries and their messages go once the retention period (14 days by default) has passed', async () => {
    const kept = await deliveriesOf(all.id);
    assert.ok(kept.total > 0);
    // The dispatcher prunes hourly: 15 days on, pruning is due, and every finished delivery is past retention.
    moveClockOn(15 * 24 * 60 * 60 * 1000);
    await until('the finished deliveries pruned', async () => (await deliveriesOf(all.id)).total === 0);
  });
});

describe('webhooks while no subscription is active', () => {
  test('a write wakes a cycle that reads no journal row and claims nothing; a subscription made then hears the next change only', async (context) => {
    const receiver = await startReceiver();
    const t = await createTestApp({
      env: {
        CALENDAR_WEBHOOK_ALLOW_HTTP: 'true',
        CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
        CALENDAR_WEBHOOK_POLL_INTERVAL: '0.05',
        CALENDAR_SECRETS_KEY: randomBytes(32).toString('base64'),
      },
    });
    const looks = context.mock.method(WebhooksRepository.prototype, 'activeSubscriptions');
    const journalReads = context.mock.method(RecordChangesRepository.prototype, 'after');
    const dueReads = context.mock.method(WebhooksRepository.prototype, 'anyDue');
    try {
      t.webhookDispatcher.start({ warn: () => undefined, error: (error) => console.error(error) });
      assert.equal((await t.request('administrator', 'POST', 'tags', { name: 'Unheard' })).statusCode, 201);
      const seen = looks.mock.callCount();
      await until('two more cycles', () => looks.mock.callCount() >= seen + 2);
      // The cost a write's cycle spares (issue 35): the journal read and the claim's look, each a unit.
      assert.equal(journalReads.mock.callCount(), 0);
      assert.equal(dueReads.mock.callCount(), 0);

      const created = await t.request('administrator', 'POST', 'webhooks', {
        url: `${receiver.base}/late`,
        events: ['*'],
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal((await t.request('administrator', 'POST', 'tags', { name: 'Heard' })).statusCode, 201);
      await receiver.waitFor('/late', 1);
      assert.deepEqual(
        receiver.at('/late').map((item) => item.payload.data.name),
        ['Heard'],
      );
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
