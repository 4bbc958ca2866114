import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * An event page's previous and next events (issue 32): the listed occurrences just before and after
 * it by start instant, then id, across zones, series and single events, past events included.
 */

describe(`event pages' previous and next links (${DIALECT})`, () => {
  let t: TestApp;
  const urls: Record<string, string> = {};

  const create = async (key: string, fields: Record<string, unknown>) => {
    const created = await createEvent<{ id: number; slug: string; url: string }>(t, {
      status: 'publish',
      timezone: 'America/New_York',
      ...fields,
    });
    urls[key] = new URL(created.url).pathname;
    return created;
  };
  /** The path and title of the page's `rel` link, or undefined without one. */
  const link = (html: string, rel: 'prev' | 'next') => {
    const match = new RegExp(`<a rel="${rel}" href="([^"]+)">[^<]*: ([^<]*)</a>`).exec(html);
    return match ? new URL(match[1]!).pathname : undefined;
  };
  const neighbours = async (path: string) => {
    const response = await t.request('anonymous', 'GET', path);
    assert.equal(response.statusCode, 200, `${path}: ${response.body.slice(0, 300)}`);
    return { previous: link(response.body, 'prev'), next: link(response.body, 'next') };
  };

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    // Weekly at 19:00 in New York, four Tuesdays; its occurrences' ids come before the events created after it.
    const yoga = await create('yoga', {
      title: 'Evening Yoga',
      start_date: '2027-11-02 19:00',
      end_date: '2027-11-02 20:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' },
    });
    for (const day of ['2027-11-02', '2027-11-09', '2027-11-16', '2027-11-23'])
      urls[`yoga ${day}`] = `/event/${yoga.slug}/${day}/`;
    await create('old', { title: 'Old Talk', start_date: '2026-01-10 10:00', end_date: '2026-01-10 11:00' });
    // 20:00 in Paris is 14:00 in New York: before the class by instant, after it by wall clock.
    await create('paris', {
      title: 'Paris Concert',
      start_date: '2027-11-09 20:00',
      end_date: '2027-11-09 21:00',
      timezone: 'Europe/Paris',
    });
    await create('jazz', { title: 'Late Jazz', start_date: '2027-11-09 19:30', end_date: '2027-11-09 21:00' });
    // The same instant as the third class: the later id comes after.
    await create('same', { title: 'Same Time', start_date: '2027-11-16 19:00', end_date: '2027-11-16 20:00' });
  });
  after(() => t.close());

  test('a weekly class at 19:00: the previous event is the one before it by instant, not the 19:30 one of its day', async () => {
    assert.deepEqual(await neighbours(urls['yoga 2027-11-09']!), { previous: urls.paris, next: urls.jazz });
    assert.deepEqual(await neighbours(urls.paris!), {
      previous: urls['yoga 2027-11-02'],
      next: urls['yoga 2027-11-09'],
    });
    assert.deepEqual(await neighbours(urls.jazz!), {
      previous: urls['yoga 2027-11-09'],
      next: urls['yoga 2027-11-16'],
    });
  });

  test('events starting at the same instant follow each other by id, each linking to the other', async () => {
    assert.deepEqual(await neighbours(urls['yoga 2027-11-16']!), { previous: urls.jazz, next: urls.same });
    assert.deepEqual(await neighbours(urls.same!), {
      previous: urls['yoga 2027-11-16'],
      next: urls['yoga 2027-11-23'],
    });
  });

  test('past events are neighbours too; the first and the last have one link each', async () => {
    assert.deepEqual(await neighbours(urls['yoga 2027-11-02']!), { previous: urls.old, next: urls.paris });
    assert.deepEqual(await neighbours(urls.old!), { previous: undefined, next: urls['yoga 2027-11-02'] });
    assert.deepEqual(await neighbours(urls['yoga 2027-11-23']!), { previous: urls.same, next: undefined });
  });
});
