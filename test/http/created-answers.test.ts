import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Role } from '../../src/auth/roles.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * A create answers the record it wrote from what its inserts returned, not from a read of it
 * (issue 35): the answer must be, byte for byte, what a read of the record by the same caller
 * answers right after, in the same language and context, but for the `json_ld` that a single read
 * adds to the record and to its venue and organizers (a write never answered it).
 */

const TIMES = { start_date: '2027-06-01 10:00:00', end_date: '2027-06-01 12:30:00' };

describe(`a create's answer is a read of what it created, byte for byte (${DIALECT})`, () => {
  let t: TestApp;
  let venue: number;
  let organizer: number;
  let category: number;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    const made = async (route: string, body: Record<string, unknown>) => {
      const response = await t.request('administrator', 'POST', route, body);
      assert.equal(response.statusCode, 201, response.body);
      return response.json<{ id: number }>().id;
    };
    venue = await made('venues', {
      venue: 'Harbour Hall',
      address: '1 Quay',
      city: 'Portsmouth',
      country: 'United Kingdom',
      show_map: true,
    });
    organizer = await made('organizers', { organizer: 'Quay Concerts', email: 'quay@example.org', phone: '555-0100' });
    category = await made('categories', { name: 'Concerts', description: 'Live music' });
    assert.equal(
      (
        await t.request('administrator', 'POST', `categories/${category}?translation_language=fr`, {
          name: 'Concerts (fr)',
        })
      ).statusCode,
      200,
    );
  });
  after(() => t.close());

  /** Creates through `route` (in the edit context) and reads the record back at `read(id)`; both answers' bytes must be equal. */
  const sameAsRead = async (as: Role, route: string, body: Record<string, unknown>, read: (id: number) => string) => {
    const created = await t.request(as, 'POST', route, body);
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json<{ id: number }>().id;
    const again = await t.request(as, 'GET', read(id));
    assert.equal(again.statusCode, 200, again.body);
    assert.doesNotMatch(created.body, /"json_ld"/);
    assert.equal(
      created.body,
      JSON.stringify(JSON.parse(again.body, (key, value: unknown) => (key === 'json_ld' ? undefined : value))),
    );
    return created.json<Record<string, unknown>>();
  };

  test('an event with a venue, an organizer, terms, a cost and every flag, by an administrator and by an author', async () => {
    const body = {
      title: 'Harbour <em>night</em>',
      description: '<p>Music by the sea.</p>',
      excerpt: 'By the sea',
      status: 'publish',
      ...TIMES,
      venue,
      organizer: [organizer],
      categories: [category],
      tags: ['outdoors', 'late'],
      cost: '10 - 25',
      currency_symbol: '£',
      website: 'https://example.org/night',
      featured: true,
      sticky: true,
      show_map: true,
      show_map_link: false,
      hide_from_listings: false,
      custom_fields: { seats: { label: 'Seats', value: '120' } },
    };
    const asAdministrator = await sameAsRead(
      'administrator',
      'events?context=edit',
      body,
      (id) => `events/${id}?context=edit`,
    );
    assert.equal((asAdministrator.venue as { id: number }).id, venue);
    await sameAsRead(
      'author',
      'events?context=edit',
      { ...body, title: 'Harbour night, again', status: 'draft', tags: ['outdoors'] },
      (id) => `events/${id}?context=edit`,
    );
  });

  test('an event written in French, read in French; a bare one; one with its venue and organizer inline', async () => {
    await sameAsRead(
      'editor',
      'events?context=edit&translation_language=fr',
      { title: 'Nuit du port', ...TIMES, categories: [category] },
      (id) => `events/${id}?context=edit&translation_language=fr`,
    );
    await sameAsRead(
      'editor',
      'events?context=edit',
      { title: 'Bare', ...TIMES, all_day: true },
      (id) => `events/${id}?context=edit`,
    );
    const inline = await sameAsRead(
      'editor',
      'events?context=edit',
      {
        title: 'Inline',
        ...TIMES,
        venue: { venue: 'Pier Stage', city: 'Brighton' },
        organizer: [{ organizer: 'Pier Folk' }],
      },
      (id) => `events/${id}?context=edit`,
    );
    assert.equal((inline.venue as { venue: string }).venue, 'Pier Stage');
  });

  test('a series, which shows its first occurrence', async () => {
    await sameAsRead(
      'editor',
      'events?context=edit',
      { title: 'Weekly', ...TIMES, recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' } },
      (id) => `events/${id}?context=edit`,
    );
  });

  test('a series with terms, links and flags, in French, by an author; one with its venue inline (issue 45 item 6: none of it read back)', async () => {
    await sameAsRead(
      'author',
      'events?context=edit&translation_language=fr',
      {
        title: 'Chaque lundi',
        ...TIMES,
        status: 'draft',
        hide_from_listings: true,
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU;COUNT=5', exdates: ['2027-06-07 10:00:00'] },
        categories: [category],
        tags: ['hebdo'],
        venue,
        organizer: [organizer],
      },
      (id) => `events/${id}?context=edit&translation_language=fr`,
    );
    await sameAsRead(
      'editor',
      'events?context=edit',
      {
        title: 'Daily inline',
        ...TIMES,
        recurrence: { rrule: 'FREQ=DAILY;COUNT=4' },
        venue: { venue: 'Dock Shed', city: 'Hull' },
      },
      (id) => `events/${id}?context=edit`,
    );
  });

  test('inline records reused by name, mixed with ones by id, in French; by a contributor, whose inline venue is not published', async () => {
    const reused = await sameAsRead(
      'administrator',
      'events?context=edit&translation_language=fr',
      {
        title: 'Retour au port',
        ...TIMES,
        venue: {
          venue: 'Harbour Hall',
          address: '1 Quay',
          city: 'Portsmouth',
          country: 'United Kingdom',
          show_map: true,
        },
        organizer: [organizer, { organizer: 'Harbour Folk' }, organizer],
      },
      (id) => `events/${id}?context=edit&translation_language=fr`,
    );
    assert.equal((reused.venue as { id: number }).id, venue);
    await sameAsRead(
      'contributor',
      'events?context=edit',
      {
        title: 'Pending gig',
        ...TIMES,
        venue: { venue: 'Back Room', city: 'Leeds' },
        organizer: [{ organizer: 'Back Room Crew' }],
      },
      (id) => `events/${id}?context=edit`,
    );
  });

  test("a new series' occurrences carry its status and listing flag, which the create no longer reads back", async () => {
    const listed = async (as: Role | 'anonymous', query: string) => {
      const answer = await t.request(as, 'GET', `events?start_date=2027-06-01&end_date=2027-07-31&per_page=50${query}`);
      assert.equal(answer.statusCode, 200, answer.body);
      return answer
        .json<{ events: { title: string; start_date: string }[] }>()
        .events.filter((event) => event.title.startsWith('Listed '));
    };
    const series = (title: string, fields: Record<string, unknown>) =>
      sameAsRead(
        'editor',
        'events?context=edit',
        { title, ...TIMES, recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' }, ...fields },
        (id) => `events/${id}?context=edit`,
      );
    await series('Listed shown', { status: 'publish' });
    await series('Listed hidden', { status: 'publish', hide_from_listings: true });
    await series('Listed draft', { status: 'draft' });
    assert.deepEqual(
      (await listed('anonymous', '')).map((event) => `${event.title} ${event.start_date}`),
      ['Listed shown 2027-06-01 10:00:00', 'Listed shown 2027-06-08 10:00:00', 'Listed shown 2027-06-15 10:00:00'],
    );
    assert.deepEqual(
      (await listed('editor', '&status=draft')).map((event) => event.title),
      ['Listed draft', 'Listed draft', 'Listed draft'],
    );
  });

  test('a venue and an organizer, in the default language and in French', async () => {
    await sameAsRead(
      'editor',
      'venues?context=edit',
      {
        venue: 'Old Mill',
        address: '2 Mill Lane',
        zip: 'PO1 2AB',
        phone: '555-0101',
        website: 'https://example.org/mill',
      },
      (id) => `venues/${id}?context=edit`,
    );
    await sameAsRead(
      'editor',
      'venues?context=edit&translation_language=fr',
      { venue: 'Vieux moulin' },
      (id) => `venues/${id}?context=edit&translation_language=fr`,
    );
    await sameAsRead(
      'editor',
      'organizers?context=edit',
      { organizer: 'Mill Folk', email: 'folk@example.org' },
      (id) => `organizers/${id}?context=edit`,
    );
  });
});
