import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * The events' CSV names their venues, organizers and terms as the JSON archive shows them
 * (decision 0132: read as names, not whole records): only those the reader may read (decision
 * 0051), in the links' order, in the reader's language.
 */

const rowsOf = (body: string) => parse<Record<string, string>>(body, { bom: true, columns: true });
const RELATIONS = ['Event Venue Name', 'Event Organizer Name(s) or ID(s)', 'Event Category', 'Event Tags'];

describe(`CSV export: the relations' names (${DIALECT})`, () => {
  let t: TestApp;

  const relationsOf = async (url: string, as: Parameters<TestApp['request']>[0]) => {
    const response = await t.request(as, 'GET', url, undefined, { accept: 'text/csv' });
    assert.equal(response.statusCode, 200, response.body);
    const row = rowsOf(response.body).find((candidate) => candidate['Event Name'] === 'Two societies')!;
    return RELATIONS.map((column) => row[column]);
  };

  before(async () => {
    t = await createTestApp();
    const venue = (await createRecord(t, 'venues', { venue: 'Open Hall' })).id;
    const open = (await createRecord(t, 'organizers', { organizer: 'Zither Society' })).id;
    const hidden = (await createRecord(t, 'organizers', { organizer: 'Hidden Society', status: 'draft' })).id;
    const event = await createRecord(t, 'events', {
      title: 'Two societies',
      start_date: '2027-07-10 19:00',
      end_date: '2027-07-10 22:30',
      venue,
      organizer: [hidden, open],
      categories: ['Music'],
      tags: ['Evening'],
    });
    const french = async (path: string, fields: Record<string, unknown>) =>
      assert.equal(
        (await t.request('administrator', 'POST', `${path}?translation_language=fr`, fields)).statusCode,
        200,
      );
    await french(`venues/${venue}`, { venue: 'Salle ouverte' });
    await french(`organizers/${open}`, { organizer: 'Société Zither' });
    const categories = (await t.request('administrator', 'GET', `events/${event.id}`)).json<{
      categories: { id: number }[];
    }>().categories;
    await french(`categories/${categories[0]!.id}`, { name: 'Musique' });
  });
  after(() => t.close());

  test('a reader sees the names of the relations the JSON shows them, in their order', async () => {
    assert.deepEqual(await relationsOf('events', 'anonymous'), ['Open Hall', 'Zither Society', 'Music', 'Evening']);
    assert.deepEqual(await relationsOf('events', 'administrator'), [
      'Open Hall',
      'Hidden Society, Zither Society',
      'Music',
      'Evening',
    ]);
  });

  test("the names in the reader's language, each falling back to its own", async () => {
    assert.deepEqual(await relationsOf('events?translation_language=fr', 'anonymous'), [
      'Salle ouverte',
      'Société Zither',
      'Musique',
      'Evening',
    ]);
  });
});
