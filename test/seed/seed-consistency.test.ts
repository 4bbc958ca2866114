import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql, type SqlBool } from 'kysely';
import { parseEventCount, seed } from '../../src/seed/seed.ts';
import { slugify } from '../../src/slugs.ts';
import type { ReadTx } from '../../src/storage/types.ts';
import { createTestApp, DIALECT, TEST_NOW, type TestApp } from '../fixtures/app.ts';

/*
 * The seed writes what the API would write: on a freshly seeded database, every event the anonymous
 * archive lists reads by id, and events of every status agree with twins created through the API
 * from the same input. `SEED_CONSISTENCY_EVENTS=100k` runs it at scale by hand.
 */

const EVENTS =
  parseEventCount(process.env.SEED_CONSISTENCY_EVENTS ?? '3000') ?? assert.fail('SEED_CONSISTENCY_EVENTS: not a count');
const SITE_ZONE = 'America/New_York';
const WHOLE_CALENDAR = 'start_date=2000-01-01&end_date=2099-12-31';
/** Seeded events of each status re-created through the API. */
const TWINS_PER_STATUS = 4;

type Json = Record<string, unknown>;
type EventJson = Json & {
  id: number;
  slug: string;
  status: string;
  title: string;
  url: string;
  website: string;
  categories: Json[];
  tags: Json[];
  venue: Json | Json[];
  organizer: Json[];
};

const idsOf = (records: Json[]) => records.map((record) => record.id as number);

/** The wire fields an event and its twin must share: everything but identity, slug, author and links. */
function sharedFields(event: EventJson): Json {
  const keys = [
    'status',
    'title',
    'description',
    'excerpt',
    'date',
    'date_utc',
    'modified',
    'modified_utc',
    'all_day',
    'start_date',
    'end_date',
    'utc_start_date',
    'utc_end_date',
    'timezone',
    'timezone_abbr',
    'cost',
    'cost_details',
    'show_map',
    'show_map_link',
    'hide_from_listings',
    'featured',
  ];
  return {
    ...Object.fromEntries(keys.map((key) => [key, event[key]])),
    // A website never set shows the record's own permalink.
    website: event.website === event.url ? '(permalink)' : event.website,
    categories: idsOf(event.categories),
    tags: idsOf(event.tags),
    // `venue` is an object for one venue, `[]` for none (wire-format 2.1).
    venue: Array.isArray(event.venue) ? idsOf(event.venue) : [event.venue.id],
    organizer: idsOf(event.organizer),
  };
}

/** `base`, or `base-N` as WordPress numbers a taken slug. */
const inSlugFamily = (slug: string, title: string) => new RegExp(`^${slugify(title)}(-\\d+)?$`).test(slug);

describe(`seeded data agrees with the API (${DIALECT}, ${EVENTS.toLocaleString('en-US')} events)`, () => {
  let t: TestApp;
  let seconds: number;

  before(async () => {
    t = await createTestApp({
      env: { CALENDAR_TIMEZONE: SITE_ZONE },
      // The app's clock and the seed's agree on now: scheduled posts are `future` for both.
      prepare: async (storage) => {
        ({ seconds } = await seed(storage, {
          events: EVENTS,
          force: false,
          now: new Date(TEST_NOW),
          siteZone: SITE_ZONE,
        }));
      },
    });
  });
  after(() => t?.close());

  const read = <T>(work: (tx: ReadTx) => Promise<T>) => t.storage.read(work);
  /** Published events linked to the term, counted from the posts' own status: WordPress' term count. */
  const publishedEventsOf = (termId: number) =>
    read(async (tx) => {
      const row = await tx
        .selectFrom('event_terms as et')
        .innerJoin('posts as p', 'p.id', 'et.event_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('et.term_id', '=', termId)
        .where('p.status', '=', 'publish')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    });
  const get = async <T = EventJson>(as: 'anonymous' | 'administrator', url: string): Promise<T> => {
    const response = await t.request(as, 'GET', url);
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    return response.json<T>();
  };

  test('every event the anonymous archive lists reads anonymously by id', async (context) => {
    const started = performance.now();
    const listed: number[] = [];
    for (let page = 1; ; page++) {
      const body = await get<{ events: EventJson[]; total_pages: number }>(
        'anonymous',
        `events?per_page=50&page=${page}&${WHOLE_CALENDAR}`,
      );
      listed.push(...idsOf(body.events));
      if (page >= body.total_pages) break;
    }
    // Published and not hidden, by the posts' own status (the archive reads the events' copy).
    const expected = await read((tx) =>
      tx
        .selectFrom('posts as p')
        .innerJoin('events as e', 'e.post_id', 'p.id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.status', '=', 'publish')
        .where('e.hide_from_listings', '=', 0)
        .executeTakeFirstOrThrow(),
    );
    assert.equal(listed.length, Number(expected.n));
    const unreadable: string[] = [];
    for (const id of listed) {
      const response = await t.request('anonymous', 'GET', `events/${id}`);
      if (response.statusCode !== 200) unreadable.push(`${id}: ${response.statusCode}`);
    }
    assert.deepEqual(unreadable, [], `${unreadable.length} of ${listed.length} listed events do not read`);
    context.diagnostic(
      `seeded in ${seconds.toFixed(1)} s; ${listed.length} listed events read in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });

  test('events of every status agree with twins created through the API from the same input', async () => {
    const statuses = ['publish', 'future', 'draft', 'pending', 'private'];
    const sample = await read(async (tx) => {
      const ids: number[] = [];
      for (const status of statuses) {
        const rows = await tx
          .selectFrom('posts')
          .select('id')
          .where('type', '=', 'event')
          .where('status', '=', status)
          .orderBy('id')
          .limit(TWINS_PER_STATUS)
          .execute();
        assert.ok(rows.length > 0, `no seeded event is ${status}`);
        ids.push(...rows.map((row) => row.id));
      }
      // All-day and multi-day schedules too.
      const allDay = await tx
        .selectFrom('events')
        .select('post_id')
        .where('all_day', '=', 1)
        .orderBy('post_id')
        .limit(2)
        .execute();
      const multiDay = await tx
        .selectFrom('events')
        .select('post_id')
        .where(sql<SqlBool>`substr(start_local, 1, 10) <> substr(end_local, 1, 10)`)
        .orderBy('post_id')
        .limit(2)
        .execute();
      return [...ids, ...allDay.map((row) => row.post_id), ...multiDay.map((row) => row.post_id)];
    });

    for (const id of sample) {
      // The input the seed made up for the event, as stored.
      const { post, event, termIds, links } = await read(async (tx) => ({
        post: await tx.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        event: await tx.selectFrom('events').selectAll().where('post_id', '=', id).executeTakeFirstOrThrow(),
        termIds: await tx
          .selectFrom('event_terms as et')
          .innerJoin('terms', 'terms.id', 'et.term_id')
          .select(['terms.id', 'terms.taxonomy'])
          .where('et.event_id', '=', id)
          .execute(),
        links: await tx
          .selectFrom('event_links')
          .select(['kind', 'linked_id'])
          .where('event_id', '=', id)
          .orderBy('position')
          .execute(),
      }));
      const linked = (kind: string) => links.filter((link) => link.kind === kind).map((link) => link.linked_id);
      const categoryIds = termIds.filter((term) => term.taxonomy === 'category').map((term) => term.id);
      const input: Json = {
        title: post.title,
        description: post.content,
        ...(post.excerpt ? { excerpt: post.excerpt } : {}),
        // A scheduled post is asked as `publish` with its future date; the API makes it `future`.
        status: post.status === 'future' ? 'publish' : post.status,
        date_utc: post.date_utc,
        start_date: event.start_local,
        end_date: event.end_local,
        timezone: event.timezone,
        all_day: event.all_day === 1,
        cost: event.cost,
        ...(event.website === null ? {} : { website: event.website }),
        show_map: event.show_map === 1,
        show_map_link: event.show_map_link === 1,
        hide_from_listings: event.hide_from_listings === 1,
        featured: event.featured === 1,
        categories: categoryIds,
        tags: termIds.filter((term) => term.taxonomy === 'tag').map((term) => term.id),
        ...(linked('venue').length > 0 ? { venue: linked('venue')[0] } : {}),
        organizer: linked('organizer'),
      };
      const countsBefore = await Promise.all(
        categoryIds.map(async (termId) => (await get<{ count: number }>('anonymous', `categories/${termId}`)).count),
      );
      const published = await Promise.all(categoryIds.map(publishedEventsOf));
      assert.deepEqual(countsBefore, published, `event ${id}: the categories' counts are their published events`);

      const created = await t.request('administrator', 'POST', 'events', input);
      assert.equal(created.statusCode, 201, created.body);
      const twin = await get('administrator', `events/${created.json<EventJson>().id}`);
      const seeded = await get('administrator', `events/${id}`);
      assert.deepEqual(
        sharedFields(seeded),
        sharedFields(twin),
        `event ${id} (${post.status}) and its twin ${twin.id}`,
      );

      if (seeded.status === 'draft' || seeded.status === 'pending') {
        assert.deepEqual([seeded.slug, twin.slug], ['', ''], `event ${id} (${seeded.status}) keeps an empty slug`);
      } else {
        assert.ok(
          inSlugFamily(seeded.slug, post.title) && inSlugFamily(twin.slug, post.title) && seeded.slug !== twin.slug,
          `event ${id}: slugs ${seeded.slug} and ${twin.slug}`,
        );
      }
      const countsAfter = await Promise.all(
        categoryIds.map(async (termId) => (await get<{ count: number }>('anonymous', `categories/${termId}`)).count),
      );
      assert.deepEqual(
        countsAfter,
        countsBefore.map((value) => value + (twin.status === 'publish' ? 1 : 0)),
        `event ${id}: the twin moved the counts as the seed did`,
      );
    }
  });

  for (const [collection, nameField, ownFields] of [
    [
      'venues',
      'venue',
      ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website', 'geo_lat', 'geo_lng'],
    ],
    ['organizers', 'organizer', ['phone', 'website', 'email']],
  ] as const) {
    test(`${collection} agree with twins created through the API from the same input`, async () => {
      const sample = await read(async (tx) => {
        const posts = await tx
          .selectFrom('posts')
          .select(['id', 'title', 'content', 'date_utc'])
          .where('type', '=', nameField)
          .orderBy('id')
          .limit(3)
          .execute();
        const rows = [];
        for (const post of posts)
          rows.push({
            post,
            own: (await tx
              .selectFrom(collection)
              .selectAll()
              .where('post_id', '=', post.id)
              .executeTakeFirstOrThrow()) as Json,
          });
        return rows;
      });
      /** Everything the two must share: not the id, name, slug, links or author (the seed's records have none). */
      const shared = (record: Json) =>
        Object.fromEntries(
          [
            'status',
            'date',
            'date_utc',
            'modified',
            'modified_utc',
            ...ownFields,
            'stateprovince',
            'show_map',
            'show_map_link',
          ].map((key) => [key, record[key]]),
        );
      for (const { post, own } of sample) {
        // Another name: the API would take a same-named record for the one to update.
        const input: Json = { [nameField]: `${post.title} (twin)`, description: post.content, date_utc: post.date_utc };
        for (const field of ownFields) if (own[field] !== null && own[field] !== '') input[field] = own[field];
        const created = await t.request('administrator', 'POST', collection, input);
        assert.equal(created.statusCode, 201, created.body);
        const seeded = await get<Json>('administrator', `${collection}/${post.id}`);
        const twin = await get<Json>('administrator', `${collection}/${created.json<Json>().id as number}`);
        assert.deepEqual(shared(seeded), shared(twin), `${nameField} ${post.id}`);
        assert.ok(
          inSlugFamily(seeded.slug as string, post.title),
          `${nameField} ${post.id}: slug ${String(seeded.slug)}`,
        );
      }
    });
  }
});
