import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Caller } from '../../src/auth/roles.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * Lookups that must not grow with the data (issue 37): a new slug's numbering asks for exact
 * candidate slugs (firstFreeSlugAmong) instead of loading every slug sharing the prefix, and the
 * occurrence of a series at an original start is one range of the (series_id, occurrence_key)
 * index. Both keep what they answered before: WordPress' first free `-n`, gaps filled.
 */

describe(`slug numbering and occurrence lookups (${DIALECT})`, () => {
  let t: TestApp;
  let admin: Caller;
  before(async () => {
    t = await createTestApp();
    admin = { id: t.ids.administrator, login: 'administrator', role: 'administrator' };
  });
  after(() => t.close());

  const create = (title: string, extra: Record<string, unknown> = {}) =>
    createEvent(t, { title, start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 11:00:00', ...extra });

  test('x, x-2, x-3; a removed one leaves a gap the next fills; slugs merely sharing the prefix do not count', async () => {
    assert.equal((await create('Numbered x-long title')).slug, 'numbered-x-long-title');
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push(await create('Numbered'));
    assert.deepEqual(
      slugs.map((post) => post.slug),
      ['numbered', 'numbered-2', 'numbered-3'],
    );
    assert.equal((await t.request('administrator', 'DELETE', `events/${slugs[1]!.id}?force=true`)).statusCode, 200);
    assert.equal((await create('Numbered')).slug, 'numbered-2');
    assert.equal((await create('Numbered')).slug, 'numbered-4');
    // A slug that only looks numbered is no number taken.
    assert.equal((await create('Numbered', { slug: 'numbered-5a' })).slug, 'numbered-5a');
    assert.equal((await create('Numbered')).slug, 'numbered-5');
  });

  test('a run of taken suffixes longer than the first look is followed to its first gap', async () => {
    const made = await t.storage.write(async (tx) => {
      const posts = [];
      for (let i = 0; i < 40; i++)
        posts.push(
          (
            await t.services.eventWriter.create(
              tx,
              { title: 'Crowded', start_date: '2027-05-02 10:00:00', end_date: '2027-05-02 11:00:00' },
              admin,
              'en',
            )
          ).post,
        );
      return posts;
    });
    assert.deepEqual(
      made.map((post) => post.slug),
      ['crowded', ...Array.from({ length: 39 }, (_, i) => `crowded-${i + 2}`)],
    );
    // A gap past the first look (at 36) is found there, not after the last.
    assert.equal((await t.request('administrator', 'DELETE', `events/${made[35]!.id}?force=true`)).statusCode, 200);
    assert.equal((await create('Crowded')).slug, 'crowded-36');
    assert.equal((await create('Crowded')).slug, 'crowded-41');
  });

  test('a translated slug is numbered among the originals and the translations of its language', async () => {
    const original = await create('Soiree');
    assert.equal(original.slug, 'soiree');
    const translate = async (id: number, title: string) => {
      const response = await t.request('administrator', 'POST', `events/${id}?translation_language=fr`, { title });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ slug: string }>().slug;
    };
    const first = (await create('Evening one')).id;
    const second = (await create('Evening two')).id;
    const third = (await create('Evening three')).id;
    assert.equal(await translate(first, 'Soirée'), 'soiree-2');
    assert.equal(await translate(second, 'Soirée'), 'soiree-3');
    // The original `soiree-2`... is not taken in English: a new English one numbers on its own.
    assert.equal((await create('Soiree')).slug, 'soiree-2');
    assert.equal(
      (await t.request('administrator', 'DELETE', `events/${first}?translation_language=fr`)).statusCode,
      200,
    );
    // The French soiree-2 is gone; the English soiree-2 is read in French too (the fallback): soiree-4.
    assert.equal(await translate(third, 'Soirée'), 'soiree-4');
  });

  test('the occurrence at an original start: the series own date, a detached exception (moved or not), none', async () => {
    const series = await t.storage.write((tx) =>
      t.services.eventWriter.create(
        tx,
        {
          title: 'Weekly lookup',
          start_date: '2027-06-01 19:00:00',
          end_date: '2027-06-01 20:00:00',
          recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' },
        },
        admin,
        'en',
      ),
    );
    const seriesId = series.post.id;
    const at = (start: string) => t.storage.read((tx) => t.services.eventSeries.occurrenceAt(tx, seriesId, start));
    const own = await at('2027-06-08 19:00:00');
    assert.ok(own?.occurrence);
    assert.equal(own.post.id, seriesId);
    assert.equal(own.occurrence.start_local, '2027-06-08 19:00:00');
    // Detached and moved to another time and day: found by its original start, not its new one.
    const moved = await t.request('administrator', 'POST', `events/${own.occurrence.id}`, {
      scope: 'this',
      start_date: '2027-06-09 08:00:00',
      end_date: '2027-06-09 09:00:00',
    });
    assert.equal(moved.statusCode, 200, moved.body);
    const exception = await at('2027-06-08 19:00:00');
    assert.equal(exception?.post.id, own.occurrence.id);
    assert.equal(exception?.fields.recurrence_id, '2027-06-08 19:00:00');
    assert.equal(exception?.occurrence?.start_local, '2027-06-09 08:00:00');
    assert.equal(await at('2027-06-09 08:00:00'), undefined);
    // The first date detached takes a fresh post id; its occurrence keeps the series' id.
    const first = await t.request('administrator', 'POST', `events/${seriesId}`, {
      scope: 'this',
      title: 'First alone',
    });
    assert.equal(first.statusCode, 200, first.body);
    const firstException = await at('2027-06-01 19:00:00');
    assert.ok(firstException);
    assert.notEqual(firstException.post.id, seriesId);
    assert.equal(firstException.post.title, 'First alone');
    // Others stay the series' own; a time the series never had, or another series', is none.
    assert.equal((await at('2027-06-15 19:00:00'))?.post.id, seriesId);
    assert.equal(await at('2027-06-15 19:30:00'), undefined);
    assert.equal(await at('2027-07-01 19:00:00'), undefined);
  });
});
