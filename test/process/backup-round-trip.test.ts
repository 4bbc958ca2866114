import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../src/config.ts';
import { backupDatabase, restoreDatabase } from '../../src/storage/backup.ts';
import type { Storage } from '../../src/storage/database.ts';
import { API, basicAuth, createTestApp, DIALECT, emptyRestoreTarget, testMediaDir, type TestApp, type TestDatabase } from '../fixtures/app.ts';
import { EVERY_KIND_ENV, fillWithEveryKind, RECORD_PASSWORD, WIDE, type EveryKind } from '../fixtures/every-kind-of-data.ts';
import { startReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

/*
 * A backup of a calendar holding every kind of data the service keeps (series with exceptions,
 * translations, custom fields, images, protected records, webhooks with sealed secrets and their
 * deliveries, import maps, the journal, users and application passwords), restored into an empty
 * database, answers every request as the original did (issue 32): the same API answers and pages
 * to anonymous readers and the administrator, the same rows in every table, the same next write;
 * its application passwords still log in and its sealed webhook secrets still sign.
 */

type Caller = 'anonymous' | 'administrator';

/** One request whose answer must survive the round trip. */
interface Ask {
  readonly as: Caller;
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly body?: string;
  readonly headers?: Record<string, string>;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
}

/** Headers that name the moment or the request rather than say what the answer is. */
const MOMENT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

/** The API requests and pages compared, each as an anonymous reader and as the administrator. */
function asksOf(data: EveryKind): Ask[] {
  const { ids, slugs } = data;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const api = [
    'events', `events?${WIDE}&per_page=50`, `events?${WIDE}&per_page=5&page=2`, `events?${WIDE}&categories=${ids.music}`, `events?${WIDE}&search=jazz`,
    `events?${WIDE}&featured=true`, `events?${WIDE}&translation_language=fr`, `events?${WIDE}&status=draft,publish,private`, 'events.ics', `events/${ids.series}.ics`,
    `events/by-slug/${slugs.series}`, `events/${ids.locked}?password=${RECORD_PASSWORD}`, `events?sync_token=${data.syncToken}`, `events?modified_after=2020-01-01&${WIDE}`,
    ...data.eventIds.map((id) => `events/${id}`),
    'venues', `venues/${ids.venue}`, `venues/${ids.venue}?translation_language=fr`, `venues?sync_token=${data.syncToken}&per_page=50`, 'organizers', `organizers/${ids.organizer}`,
    'categories?hide_empty=0', `categories/${ids.music}`, `categories/${ids.music}?translation_language=fr`, 'tags?hide_empty=0', `categories?sync_token=${data.syncToken}`,
    'media', `media/${ids.upload}`, 'mail/outbox', 'webhooks', `webhooks/${ids.webhook}`, `webhooks/${ids.webhook}/deliveries?per_page=100`, `webhooks/${ids.failingWebhook}/deliveries?per_page=100`,
  ].map((url) => `${API}/${url}`);
  const pages = [
    '/events/', '/events/?date=2027-03-01', '/events/month/2027-03/', '/events/2027-03-11/', '/events/category/music/', '/events/tag/late/',
    `/event/${slugs.series}/`, `/event/${slugs.series}/2027-03-11/`, `/event/${slugs.exception}/`, `/event/${slugs.locked}/`, `/event/${slugs.series}/ical/`,
    `/venue/${slugs.venue}/`, `/organizer/${slugs.organizer}/`, '/fr/events/month/2027-03/', `/fr/event/${slugs.series}/`, '/sitemap.xml',
  ];
  const urls = [...api, `/tribe/events/v1/events?${WIDE}`, `/fr${API}/events?${WIDE}`, ...pages, ...data.uploadFiles];
  const asks = urls.flatMap((url): Ask[] => [{ as: 'anonymous', url }, { as: 'administrator', url }]);
  return [
    ...asks,
    { as: 'anonymous', url: `${API}/events?${WIDE}`, headers: { accept: 'application/ld+json' } },
    { as: 'anonymous', url: `/event/${slugs.locked}/`, method: 'POST', body: `post_password=${RECORD_PASSWORD}`, headers: form },
  ];
}

/** Requests in flight at once: reads only, so their answers do not depend on their order. */
const READERS = 8;

async function answersOf(t: TestApp, asks: readonly Ask[]): Promise<Record<string, Answer>> {
  const answers: Record<string, Answer> = {};
  const ask = async ({ as, method = 'GET', url, body, headers: sent }: Ask) => {
    const response = await t.request(as, method, url, body, sent);
    const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !MOMENT_HEADERS.has(name)));
    answers[`${as} ${method} ${url} ${JSON.stringify(sent ?? {})}`] = { status: response.statusCode, headers, body: response.body };
  };
  for (let first = 0; first < asks.length; first += READERS) await Promise.all(asks.slice(first, first + READERS).map(ask));
  return answers;
}

/** Every row of every table of the database (and, on PostgreSQL, where each sequence stands), rows in a fixed order. */
async function contentsOf(storage: Storage): Promise<Record<string, string[]>> {
  return storage.read(async (tx) => {
    const query = async (text: string) => (await sql.raw(text).execute(tx)).rows as Record<string, unknown>[];
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const tables =
      DIALECT === 'sqlite'
        ? (await query(`select name from sqlite_master where type = 'table' order by name`)).map((row) => String(row.name))
        : (await query(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`)).map((row) => String(row.table_name));
    const contents: Record<string, string[]> = {};
    for (const table of tables) contents[table] = (await query(`select * from ${quote(table)}`)).map((row) => JSON.stringify(row)).sort();
    if (DIALECT === 'postgres') {
      for (const { sequence_name: name } of await query(`select sequence_name from information_schema.sequences where sequence_schema = current_schema() order by sequence_name`)) {
        contents[`sequence ${String(name)}`] = (await query(`select last_value, is_called from ${quote(String(name))}`)).map((row) => JSON.stringify(row));
      }
    }
    return contents;
  });
}

describe(`a backup restored into an empty database answers as the original (${DIALECT})`, () => {
  let receiver: WebhookReceiver;
  let original: TestApp;
  let restored: TestApp;
  let restoredDatabase: TestDatabase | undefined;
  let workDirectory: string;
  let data: EveryKind;
  let answers: { readonly original: Record<string, Answer>; readonly restored: Record<string, Answer> };
  let contents: { readonly original: Record<string, string[]>; readonly restored: Record<string, string[]> };

  before(async () => {
    receiver = await startReceiver();
    workDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-round-trip-'));
    original = await createTestApp({ env: EVERY_KIND_ENV });
    data = await fillWithEveryKind(original, receiver);
    const asks = asksOf(data);
    const originalAnswers = await answersOf(original, asks);
    const originalContents = await contentsOf(original.storage);

    const file = path.join(workDirectory, DIALECT === 'sqlite' ? 'calendar.sqlite' : 'calendar.dump');
    await backupDatabase(loadConfig({ DATABASE_URL: original.databaseUrl }).database, file, { force: false, mediaDir: original.config.media.dir });
    restoredDatabase = await emptyRestoreTarget(original.databaseUrl);
    await restoreDatabase(loadConfig({ DATABASE_URL: restoredDatabase.url }).database, file, { mediaDir: testMediaDir(restoredDatabase.url) });
    restored = await createTestApp({ env: EVERY_KIND_ENV, nodeOf: { databaseUrl: restoredDatabase.url, ids: original.ids } });
    answers = { original: originalAnswers, restored: await answersOf(restored, asks) };
    contents = { original: originalContents, restored: await contentsOf(restored.storage) };
  });

  after(async () => {
    await restored?.close();
    await restoredDatabase?.drop();
    if (restoredDatabase) fs.rmSync(testMediaDir(restoredDatabase.url), { recursive: true, force: true });
    await original?.close();
    await receiver?.close();
    fs.rmSync(workDirectory, { recursive: true, force: true });
  });

  test('every API answer and every page is the same, to anonymous readers and to the administrator', () => {
    const refusedToAdministrator = Object.entries(answers.original).filter(([ask, answer]) => ask.startsWith('administrator') && answer.status >= 400).map(([ask]) => ask);
    assert.deepEqual(refusedToAdministrator, [`administrator GET ${API}/events/${data.ids.locked} {}`], 'the administrator\'s requests are answered, but for the protected event without its password');
    assert.ok(Object.keys(answers.original).length > 100, `${Object.keys(answers.original).length} answers compared`);
    for (const file of data.uploadFiles) assert.equal(answers.original[`anonymous GET ${file} {}`]?.status, 200, `the uploaded file ${file} is served`);
    for (const [ask, answer] of Object.entries(answers.original)) assert.deepEqual(answers.restored[ask], answer, ask);
  });

  test('every table holds the same rows, and every table holds some: the round trip covers every kind of data', () => {
    assert.deepEqual(Object.keys(contents.restored), Object.keys(contents.original));
    const empty = Object.entries(contents.original).filter(([, rows]) => rows.length === 0).map(([table]) => table);
    assert.deepEqual(empty, [], 'tables the data left empty');
    for (const [table, rows] of Object.entries(contents.original)) assert.deepEqual(contents.restored[table], rows, table);
  });

  test('an application password and an account password still log in, and wrong ones still do not', async () => {
    const webhooks = (authorization: string) => restored.app.inject({ method: 'GET', url: `${API}/webhooks`, headers: { authorization } });
    assert.equal((await webhooks(basicAuth('administrator', data.appPassword))).statusCode, 200);
    assert.equal((await webhooks(basicAuth('guest.author', 'guest-author-password'))).statusCode, 403, 'the author logs in, and may not read webhooks');
    assert.equal((await webhooks(basicAuth('administrator', `${data.appPassword}x`))).statusCode, 401);
  });

  test('a sealed webhook secret still signs: a ping from the restored database verifies with the secret shown at its creation', async () => {
    const before = receiver.at('/all').length;
    restored.webhookDispatcher.start({ warn: () => undefined, error: (error) => console.error(error) });
    try {
      const ping = await restored.request('administrator', 'POST', `webhooks/${data.ids.webhook}/ping`);
      assert.equal(ping.statusCode, 202, ping.body);
      const delivery = (await receiver.waitFor('/all', before + 1))[before]!;
      assert.equal(delivery.payload.type, 'ping');
      // Signed again here rather than verified: `verify` also requires the timestamp, from the pinned clock, to be near the real one.
      const expected = new Webhook(data.webhookSecret).sign(delivery.id, new Date(Number(delivery.timestamp) * 1000), delivery.body);
      assert.ok(delivery.signature.split(' ').includes(expected), `${delivery.signature} holds ${expected}`);
    } finally {
      await restored.webhookDispatcher.stop();
    }
  });

  test('the next writes take the same ids and journal places as they would have in the original', async () => {
    const write = (t: TestApp) => t.request('administrator', 'POST', 'events', { title: 'After the restore', status: 'publish', start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 11:00:00', tags: ['new-tag'] });
    const [inOriginal, inRestored] = [await write(original), await write(restored)];
    assert.equal(inOriginal.statusCode, 201, inOriginal.body);
    assert.deepEqual({ status: inRestored.statusCode, body: inRestored.json() }, { status: 201, body: inOriginal.json() });
    const sync = `events?sync_token=${data.syncToken}`;
    const [syncedOriginal, syncedRestored] = [await original.request('anonymous', 'GET', sync), await restored.request('anonymous', 'GET', sync)];
    assert.deepEqual(syncedRestored.json(), syncedOriginal.json());
  });
});
