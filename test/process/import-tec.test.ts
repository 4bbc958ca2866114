import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Caller } from '../../src/auth/roles.ts';
import type { Clock } from '../../src/clock.ts';
import type { ImportProgress, ImportReport } from '../../src/modules/tec-import/import-run.ts';
import { decodeEntities } from '../../src/modules/tec-import/tec-records.ts';
import { TecSource, type SourceSettings } from '../../src/modules/tec-import/tec-source.ts';
import { CATEGORY, TAG } from '../../src/modules/terms/taxonomy.ts';
import { createTestApp, freshDatabase, TEST_NOW, type TestApp, type TestDatabase } from '../fixtures/app.ts';
import { cliProcess } from '../fixtures/server-process.ts';
import { loadExample } from '../fixtures/examples.ts';

/*
 * `import-tec` (decision 0030) against two sources served by the test itself: this service's own
 * `tribe/events/v1` alias on a port, filled with some three hundred records of every type, for the
 * faithful copy, re-runs, deletions and resumption; and a small server of recorded shapes for the
 * quirks of real sites (500s, 429 with Retry-After, entities, orphan venues, broken images...).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PREFIX = '/wp-json';
const TEC = `${PREFIX}/tribe/events/v1`;
const FAST: Omit<SourceSettings, 'concurrency'> = { delayMs: 0, retryBaseMs: 5, timeoutMs: 10_000 };
const WIDE = 'start_date=1900-01-01&end_date=2999-12-31';
const ALL_STATUSES = 'status=publish,future,draft,pending,private';

const adminOf = (t: TestApp): Caller => ({ id: t.ids.administrator, login: 'administrator', role: 'administrator' });

/** A clock the test moves, so that edits on the source change `modified`. */
function movableClock(): Clock & { advance(minutes: number): void } {
  let now = new Date(TEST_NOW);
  return { now: () => now, advance: (minutes) => void (now = new Date(now.getTime() + minutes * 60_000)) };
}

/** A progress that throws after `limit` records: the importer killed half-way. */
function killedAfter(limit: number): ImportProgress {
  let done = 0;
  return {
    start: () => undefined,
    advance: () => {
      if (++done >= limit) throw new Error('killed');
    },
    note: () => undefined,
    stop: () => undefined,
  };
}

const outcomeTotals = (report: ImportReport) =>
  Object.values(report.counts).reduce(
    (sum, counts) => ({
      created: sum.created + counts.created,
      updated: sum.updated + counts.updated,
      unchanged: sum.unchanged + counts.unchanged,
      skipped: sum.skipped + counts.skipped,
      failed: sum.failed + counts.failed,
    }),
    { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 },
  );

/**
 * Fills the source: terms with a hierarchy, venues, organizers and 200 events from 2019 to 2033,
 * awkward ones included, written by three authors: the administrator, the editor (users the
 * target has too) and a guest writer only the source has.
 */
async function fillSource(source: TestApp, clock: Clock): Promise<{ unusedVenue: number }> {
  const admin = adminOf(source);
  const guest = (
    await source.users.create({
      login: 'guest.writer',
      role: 'author',
      email: 'guest@example.org',
      displayName: 'Guest Writer',
    })
  ).user.id;
  const authorOf = (i: number) => (i % 9 === 4 ? { author: guest } : i % 9 === 5 ? { author: source.ids.editor } : {});
  const { terms, venues, organizers, eventWriter: events } = source.services;
  return source.storage.write(async (tx) => {
    const musicRow = (await terms.create(tx, CATEGORY, { name: 'Music', description: 'Live music' }, 'en', admin)).row;
    const music = musicRow.id;
    const jazzRow = (await terms.create(tx, CATEGORY, { name: 'Jazz', parent: music }, 'en', admin)).row;
    const jazz = jazzRow.id;
    // French translations of some records of every type (translated slugs given, or made from the name).
    await terms.update(
      tx,
      CATEGORY,
      musicRow,
      { name: 'Musique', slug: 'musique', description: 'Musique live' },
      'fr',
      admin,
    );
    await terms.update(tx, CATEGORY, jazzRow, { name: 'Jazz &amp; swing' }, 'fr', admin);
    const bebop = (await terms.create(tx, CATEGORY, { name: 'Bebop', parent: jazz }, 'en', admin)).row.id;
    const rock = (await terms.create(tx, CATEGORY, { name: 'Rock', parent: music }, 'en', admin)).row.id;
    const sports = (await terms.create(tx, CATEGORY, { name: 'Sports' }, 'en', admin)).row.id;
    const crafts = (
      await terms.create(tx, CATEGORY, { name: 'Arts &amp; Crafts', slug: 'arts-and-crafts' }, 'en', admin)
    ).row.id;
    const categories = [music, jazz, bebop, rock, sports, crafts];
    const tags: number[] = [];
    for (let i = 0; i < 20; i++) {
      const tag = (
        await terms.create(tx, TAG, { name: `Tag ${i}`, ...(i === 3 ? { description: 'Third' } : {}) }, 'en', admin)
      ).row;
      if (i < 3) await terms.update(tx, TAG, tag, { name: `Étiquette ${i}`, slug: `etiquette-${i}` }, 'fr', admin);
      tags.push(tag.id);
    }
    const venueIds: number[] = [];
    for (let i = 0; i < 30; i++) {
      const venue = await venues.create(
        tx,
        {
          venue: i === 4 ? 'Caf&eacute; Central' : `Hall ${i}`,
          ...(i % 3 === 0
            ? {}
            : {
                address: `${i} Main St`,
                city: 'Springfield',
                country: 'United States',
                state: 'IL',
                zip: `6270${i % 10}`,
                phone: `+1 555 01${i}`,
              }),
          ...(i % 4 === 0 ? { geo_lat: 40 + i / 100, geo_lng: -73 - i / 100 } : {}),
          ...(i % 5 === 0 ? { website: `https://hall${i}.example`, show_map: false } : {}),
          ...(i % 7 === 0 ? { description: `A hall\n\nbuilt in 19${i}` } : {}),
          ...(i === 7 ? { post_password: 'hall-secret' } : {}),
          ...authorOf(i),
        },
        admin,
        'en',
      );
      if (i % 5 === 1)
        await venues.update(
          tx,
          venue,
          { venue: `Salle ${i}`, ...(i === 1 ? { description: 'Une salle' } : {}) },
          admin,
          'fr',
        );
      venueIds.push(venue.post.id);
    }
    const unusedVenue = (await venues.create(tx, { venue: 'Nobody plays here', city: 'Nowhere' }, admin, 'en')).post.id;
    const organizerIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const organizer = await organizers.create(
        tx,
        {
          organizer: `Promoter ${i}`,
          ...(i % 2 === 0
            ? { phone: `+1 555 02${i}`, email: `p${i}@example.org`, website: `https://p${i}.example` }
            : {}),
          ...(i === 2 ? { post_password: 'promo-secret' } : {}),
          ...authorOf(i),
        },
        admin,
        'en',
      );
      if (i % 4 === 1) await organizers.update(tx, organizer, { organizer: `Organisateur ${i}` }, admin, 'fr');
      organizerIds.push(organizer.post.id);
    }
    const zones = ['America/New_York', 'Europe/Paris', 'UTC', 'Asia/Tokyo'];
    const costs = ['', 'Free', '15', '$10 - $25', '€5', '5 USD', '10,50'];
    const statuses = (i: number): 'publish' | 'draft' | 'private' | 'pending' =>
      i % 25 === 24 ? 'draft' : i % 40 === 39 ? 'private' : i % 33 === 32 ? 'pending' : 'publish';
    for (let i = 0; i < 200; i++) {
      const day = new Date(Date.UTC(2019, 0, 1) + i * 27 * 86_400_000).toISOString().slice(0, 10);
      const allDay = i % 7 === 0;
      const event = await events.create(
        tx,
        {
          title: i % 10 === 0 ? `Rock &amp; Roll &#8211; Night ${i}` : `Event ${i}`,
          ...(i % 3 === 0 ? { description: `Line one of ${i}\n\nLine two` } : {}),
          ...(i % 4 === 0 ? { excerpt: `Short ${i}` } : {}),
          status: statuses(i),
          timezone: zones[i % zones.length]!,
          all_day: allDay,
          start_date: `${day} 19:00:00`,
          end_date: i % 13 === 0 ? `${day} 19:00:00` : `${day} 22:30:00`,
          cost: costs[i % costs.length]!,
          featured: i % 5 === 0,
          sticky: i % 9 === 0,
          show_map: i % 2 === 0,
          show_map_link: i % 3 !== 0,
          ...(i % 6 === 0 ? { website: `https://example.org/e/${i}` } : {}),
          ...(i % 8 === 0 ? { image: `https://images.example/pic-${i}.jpg` } : {}),
          // TEC Pro's additional fields, in a source order that is not the keys' (decision 0036).
          ...(i % 9 === 4
            ? {
                custom_fields: {
                  _ecp_custom_3: { label: 'Dress code', value: `Smart &amp; casual ${i}` },
                  _ecp_custom_1: { label: 'Age', value: 18 },
                },
              }
            : {}),
          categories: i % 12 === 11 ? [] : [categories[i % categories.length]!],
          tags: [tags[i % 20]!, tags[(i + 3) % 20]!],
          venue: i % 11 === 10 ? [] : venueIds[i % 30]!,
          organizer: i % 7 === 3 ? [organizerIds[i % 20]!, organizerIds[(i + 1) % 20]!] : [organizerIds[i % 20]!],
          ...authorOf(i),
        },
        admin,
        'en',
      );
      if (i % 10 === 1) {
        const french = {
          title: i === 1 ? 'Soirée &amp; concert' : `Événement ${i}`,
          ...(i % 3 === 0 ? { description: `Ligne un de ${i}` } : {}),
          ...(i === 21 ? { excerpt: 'Court', slug: 'evenement-choisi' } : {}),
        };
        await events.update(tx, event, french, admin, 'fr');
      }
    }
    await source.storage.touchContent(tx, clock.now());
    return { unusedVenue };
  });
}

/** Every page of an archive of `t` (through inject), as the records and the total the first page states. */
async function archive(t: TestApp, collection: string, query: string): Promise<{ records: Json[]; total: number }> {
  const records: Json[] = [];
  let total: number;
  for (let page = 1; ; page++) {
    const response = await t.request('administrator', 'GET', `${TEC}/${collection}?per_page=50&page=${page}&${query}`);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    total = body.total;
    records.push(...body[collection]);
    if (page >= body.total_pages) break;
  }
  return { records, total };
}

const NAMES = new Set(['title', 'venue', 'organizer', 'name']);

/** A record as compared: hosts out of URLs and global ids, names decoded as the importer decodes them. */
function comparable(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    const decoded = NAMES.has(key) ? decodeEntities(value) : value;
    return decoded
      .replace(/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?/, 'ORIGIN')
      .replace(/^(localhost|127\.0\.0\.1)(:\d+)?\?id=/, 'HOST?id=');
  }
  if (Array.isArray(value)) return value.map((item) => comparable(item));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, comparable(item, name)]));
}

/**
 * The source as a WordPress site serves it: its REST API, and WordPress' own user route
 * `/wp/v2/users/{id}` (answered here from the source's users, as a WordPress site would, rather than
 * by this service's own route of decision 0067), in the view context (name and slug) and,
 * to credentials, the edit context (login, e-mail and roles too).
 */
async function wordPressFront(source: TestApp, sourceOrigin: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://front');
    const user = /^\/wp-json\/wp\/v2\/users\/(\d+)$/.exec(url.pathname);
    if (user) {
      void source.users.list().then((users) => {
        const found = users.find((candidate) => candidate.id === Number(user[1]));
        const edit = url.searchParams.get('context') === 'edit' && request.headers.authorization !== undefined;
        const body = found
          ? {
              id: found.id,
              name: found.display_name,
              slug: found.login.replace(/\./g, '-'),
              ...(edit ? { username: found.login, email: found.email, roles: [found.role] } : {}),
            }
          : { code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } };
        response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
      return;
    }
    const forwarded = http.request(
      `${sourceOrigin}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const ARCHIVES = [
  ['events', `${WIDE}&${ALL_STATUSES}`],
  ['venues', ALL_STATUSES],
  ['organizers', ALL_STATUSES],
  ['categories', 'hide_empty=0'],
  ['tags', 'hide_empty=0'],
] as const;

/**
 * These suites check that a copy is faithful and that a re-run writes nothing: the source is this
 * service, trusted, so its HTML is kept as an administrator may ask. Filtering a source's text,
 * the default, is tested in test/http/site-import-bounds.test.ts (decision 0092).
 */
const KEPT_HTML = { keepHtml: true } as const;

describe("import-tec from this service's own tribe/events/v1 alias", () => {
  const clock = movableClock();
  let source: TestApp;
  let target: TestApp;
  let origin: string;
  let settings: SourceSettings;
  let unusedVenue: number;
  let front: http.Server;
  const run = (
    t: TestApp,
    options: { prune?: boolean; dryRun?: boolean; since?: string; progress?: ImportProgress } = {},
  ) =>
    TecSource.discover(`${origin}/`, settings).then((tec) =>
      t.services.tecImport.run(tec, { ...KEPT_HTML, caller: adminOf(t), language: 'en', ...options }),
    );

  before(async () => {
    source = await createTestApp({ env: { CALENDAR_REST_PREFIX: PREFIX }, clock });
    target = await createTestApp({ env: { CALENDAR_REST_PREFIX: PREFIX } });
    // The source's records are older than the import's clock would date them: their dates must be copied.
    clock.advance(-90 * 24 * 60);
    ({ unusedVenue } = await fillSource(source, clock));
    await source.app.listen({ host: '127.0.0.1', port: 0 });
    front = await wordPressFront(source, `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`);
    origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    const { password } = await source.users.createAppPassword('administrator', 'import');
    settings = { ...FAST, concurrency: 4, user: 'administrator', appPassword: password };
  });
  after(async () => {
    front.close();
    await source.close();
    await target.close();
  });

  test('into an empty database: every record with its id, and every archive answers the same records and totals', async () => {
    const report = await run(target);
    assert.equal(report.keepsIds, true);
    assert.deepEqual(report.failed, []);
    assert.deepEqual(report.failedPages, []);
    assert.deepEqual(report.idMap, []);
    assert.equal(report.complete, true);
    // The authors: the administrator and the editor are users here too (same logins); the guest writer is made, with the source's id and role.
    const guest = (await source.users.userByLogin('guest.writer'))!;
    assert.deepEqual(
      report.authors.map((entry) => [entry.sourceId, entry.targetId]).sort(([a], [b]) => a! - b!),
      [
        [source.ids.administrator, target.ids.administrator],
        [source.ids.editor, target.ids.editor],
        [guest.id, guest.id],
      ],
    );
    // A protected venue and organizer (stripped in the archives, as above, on both sides; this
    // service keeps their names): read with context=edit, copied whole, protected here by a password of their own.
    for (const [collection, name] of [
      ['venues', 'Hall 7'],
      ['organizers', 'Promoter 2'],
    ] as const) {
      const listed = (await archive(source, collection, `${ALL_STATUSES}&context=edit`)).records.find(
        (record) => record[collection.slice(0, -1)] === name,
      )!;
      const [from, to] = await Promise.all(
        [source, target].map((t) =>
          t.request('administrator', 'GET', `${TEC}/${collection}/${listed.id}?context=edit`),
        ),
      );
      assert.deepEqual(comparable(to!.json()), comparable(from!.json()), `${collection} ${listed.id}`);
      const [shown, shownHere] = await Promise.all(
        [source, target].map((t) => t.request('anonymous', 'GET', `${TEC}/${collection}/${listed.id}`)),
      );
      assert.deepEqual(comparable(shownHere!.json()), comparable(shown!.json()), 'stripped for visitors here as there');
      assert.notDeepEqual(
        comparable(shownHere!.json()),
        comparable(to!.json()),
        'visitors do not see what editors see',
      );
      assert.match(
        report.notes.find((note) => note.sourceId === listed.id)?.text ?? '',
        /password-protected on the source: protected here/,
      );
    }
    const made = (await target.users.userByLogin('guest.writer'))!;
    assert.deepEqual(
      [made.id, made.role, made.email, made.display_name],
      [guest.id, 'author', 'guest@example.org', 'Guest Writer'],
    );
    // The users' id sequence moved past the kept id too (PostgreSQL): a user made here gets one of its own.
    assert.ok((await target.users.create({ login: 'made.here', role: 'subscriber' })).user.id > guest.id);
    assert.deepEqual(report.counts.event, { created: 200, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    assert.deepEqual(report.counts.venue, { created: 31, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    assert.deepEqual(
      report.counts.category.created + report.counts.tag.created + report.counts.organizer.created,
      6 + 20 + 20,
    );
    assert.deepEqual(
      Object.fromEntries(Object.entries(report.translations).map(([kind, counts]) => [kind, counts.created])),
      { category: 2, tag: 3, venue: 6, organizer: 5, event: 20 },
      'the French translations of every type',
    );
    // In the site's language and in French (translated fields, `translations` lists).
    for (const [collection, query] of ARCHIVES.flatMap(
      ([name, query]) =>
        [
          [name, query],
          [name, `${query}&translation_language=fr`],
        ] as const,
    )) {
      const [from, to] = await Promise.all([archive(source, collection, query), archive(target, collection, query)]);
      assert.equal(to.total, from.total, collection);
      assert.equal(to.records.length, from.records.length, collection);
      for (const [index, record] of from.records.entries())
        assert.deepEqual(comparable(to.records[index]), comparable(record), `${collection} ${record.id} ${query}`);
    }
    const frenchEvents = (await archive(target, 'events', `${WIDE}&${ALL_STATUSES}&translation_language=fr`)).records;
    assert.ok(
      frenchEvents.some((record) => decodeEntities(record.title) === 'Soirée & concert'),
      'the comparison above compared French text',
    );
    assert.match(frenchEvents.find((record) => record.slug === 'evenement-choisi')?.excerpt ?? '', /Court/);
    // The id sequences moved past the kept ids: new records (and images) here get ids of their own.
    const event = await target.request('administrator', 'POST', `${TEC}/events`, {
      title: 'Made here',
      start_date: '2027-01-01 10:00',
      end_date: '2027-01-01 11:00',
      categories: ['Made here'],
      image: 'https://images.example/made-here.jpg',
    });
    assert.equal(event.statusCode, 201, event.body);
    assert.ok(
      event.json().id >
        Math.max(...(await archive(source, 'events', `${WIDE}&${ALL_STATUSES}`)).records.map((record) => record.id)),
    );
    assert.equal(
      (await target.request('administrator', 'DELETE', `${TEC}/events/${event.json().id}?force=true`)).statusCode,
      200,
    );
    assert.equal(
      (await target.request('administrator', 'DELETE', `${TEC}/categories/${event.json().categories[0].id}`))
        .statusCode,
      200,
    );
  });

  test('a re-run writes nothing; --dry-run and --since leave everything as it is', async () => {
    const before = await archive(target, 'events', `${WIDE}&${ALL_STATUSES}`);
    const dry = await run(target, { dryRun: true });
    assert.deepEqual(outcomeTotals(dry).unchanged, 200 + 31 + 20 + 20 + 6);
    const since = await run(target, { since: '2999-01-01 00:00:00' });
    assert.deepEqual(outcomeTotals(since).unchanged, 200 + 31 + 20 + 20 + 6);
    const report = await run(target);
    assert.deepEqual(outcomeTotals(report), {
      created: 0,
      updated: 0,
      unchanged: 200 + 31 + 20 + 20 + 6,
      skipped: 0,
      failed: 0,
    });
    assert.deepEqual(outcomeTotals({ ...report, counts: report.translations }), {
      created: 0,
      updated: 0,
      unchanged: 2 + 3 + 6 + 5 + 20,
      skipped: 0,
      failed: 0,
    });
    assert.deepEqual(report.deleted, []);
    assert.deepEqual(
      (await archive(target, 'events', `${WIDE}&${ALL_STATUSES}`)).records,
      before.records,
      "no record's modified moved",
    );
  });

  test('records an older revision of the importer copied are written again once, with what it did not carry; then a re-run writes nothing', async () => {
    const withFields = (await archive(source, 'events', `${WIDE}&${ALL_STATUSES}`)).records.find(
      (record) => !Array.isArray(record.custom_fields),
    )!;
    // As an importer from before custom fields left the copy: without them, its events' map rows of revision 1.
    await target.storage.write(async (tx) => {
      await tx.updateTable('events').set({ custom_fields: null }).where('post_id', '=', withFields.id).execute();
      await tx.updateTable('tec_import_map').set({ revision: 1 }).where('kind', '=', 'event').execute();
      await target.storage.touchContent(tx, new Date());
    });
    assert.deepEqual(
      (await target.request('administrator', 'GET', `${TEC}/events/${withFields.id}`)).json().custom_fields,
      [],
    );
    const report = await run(target);
    assert.deepEqual(report.counts.event, { created: 0, updated: 200, unchanged: 0, skipped: 0, failed: 0 });
    assert.deepEqual(report.counts.venue, { created: 0, updated: 0, unchanged: 31, skipped: 0, failed: 0 });
    const copied = (await archive(target, 'events', `${WIDE}&${ALL_STATUSES}`)).records.find(
      (record) => record.id === withFields.id,
    );
    assert.deepEqual(comparable(copied), comparable(withFields), "the copy is whole again, its dates the source's");
    const again = await run(target);
    assert.deepEqual(outcomeTotals(again), {
      created: 0,
      updated: 0,
      unchanged: 200 + 31 + 20 + 20 + 6,
      skipped: 0,
      failed: 0,
    });
  });

  test('changed, added, hidden and deleted records on the source: a re-run moves exactly those, --prune removes the deleted', async () => {
    clock.advance(60);
    const changed = (await archive(source, 'events', `${WIDE}&${ALL_STATUSES}`)).records;
    const [edited, hidden, trashed, removed] = [changed[5]!, changed[6]!, changed[7]!, changed[8]!];
    assert.equal(
      (
        await source.request('administrator', 'POST', `${TEC}/events/${edited.id}`, {
          title: 'Edited &amp; moved',
          start_date: '2031-02-03 10:00:00',
          end_date: '2031-02-03 12:00:00',
        })
      ).statusCode,
      200,
    );
    assert.equal(
      (await source.request('administrator', 'POST', `${TEC}/events/${hidden.id}`, { hide_from_listings: true }))
        .statusCode,
      200,
    );
    assert.equal((await source.request('administrator', 'DELETE', `${TEC}/events/${trashed.id}`)).statusCode, 200);
    assert.equal(
      (await source.request('administrator', 'DELETE', `${TEC}/events/${removed.id}?force=true`)).statusCode,
      200,
    );
    assert.equal(
      (await source.request('administrator', 'DELETE', `${TEC}/venues/${unusedVenue}?force=true`)).statusCode,
      200,
    );
    const added = await source.request('administrator', 'POST', `${TEC}/events`, {
      title: 'Added later',
      start_date: '2040-01-01 10:00',
      end_date: '2040-01-01 11:00',
      venue: changed[0]!.venue.id,
    });
    assert.equal(added.statusCode, 201, added.body);

    const report = await run(target);
    assert.deepEqual(report.counts.event, { created: 1, updated: 2, unchanged: 200 - 4, skipped: 0, failed: 0 });
    assert.deepEqual(outcomeTotals(report).updated + outcomeTotals(report).created, 3);
    const deleted = report.deleted.map(({ kind, sourceId, removed: gone }) => `${kind} ${sourceId} ${gone}`).sort();
    assert.deepEqual(
      deleted,
      [`event ${removed.id} false`, `event ${trashed.id} false`, `venue ${unusedVenue} false`].sort(),
    );
    const read = (id: number) => target.request('administrator', 'GET', `${TEC}/events/${id}`);
    assert.equal((await read(edited.id)).json().title, 'Edited & moved');
    assert.equal((await read(edited.id)).json().start_date, '2031-02-03 10:00:00');
    const editedThere = (await source.request('administrator', 'GET', `${TEC}/events/${edited.id}`)).json();
    const editedHere = (await read(edited.id)).json();
    assert.notEqual(editedThere.modified_utc, edited.modified_utc, 'the edit moved modified on the source');
    assert.deepEqual(
      [editedHere.date, editedHere.date_utc, editedHere.modified, editedHere.modified_utc],
      [editedThere.date, editedThere.date_utc, editedThere.modified, editedThere.modified_utc],
    );
    assert.equal((await read(hidden.id)).json().hide_from_listings, true);
    assert.equal((await read(added.json().id)).json().title, 'Added later');
    assert.equal((await read(trashed.id)).statusCode, 200, 'reported only, without --prune');

    const pruned = await run(target, { prune: true });
    assert.deepEqual(outcomeTotals(pruned), {
      created: 0,
      updated: 0,
      unchanged: 200 + 31 + 20 + 20 + 6 - 3 + 1,
      skipped: 0,
      failed: 0,
    });
    assert.deepEqual(
      pruned.deleted.map((entry) => entry.removed),
      [true, true, true],
    );
    assert.equal((await read(trashed.id)).statusCode, 404);
    assert.equal((await read(removed.id)).statusCode, 404);
    assert.equal((await target.request('administrator', 'GET', `${TEC}/venues/${unusedVenue}`)).statusCode, 400);
    assert.deepEqual((await run(target)).deleted, [], 'pruned records are forgotten');
  });

  test('a translation changed or added on the source: a re-run updates exactly it', async () => {
    clock.advance(60);
    const frenchEvents = (await archive(source, 'events', `${WIDE}&${ALL_STATUSES}&translation_language=fr`)).records;
    const translated = frenchEvents.find((record) => record.title === 'Événement 11')!;
    const untranslated = frenchEvents.find(
      (record) => record.translations.length === 1 && record.status === 'publish',
    )!;
    const tag = (await archive(source, 'tags', 'hide_empty=0&translation_language=fr')).records.find(
      (record) => record.name === 'Étiquette 1',
    )!;
    const edit = (path: string, body: Json) =>
      source.request('administrator', 'POST', `${TEC}/${path}?translation_language=fr`, body);
    assert.equal(
      (await edit(`events/${translated.id}`, { title: 'Événement changé', description: 'Nouvelle description' }))
        .statusCode,
      200,
    );
    assert.equal((await edit(`events/${untranslated.id}`, { title: 'Traduit plus tard' })).statusCode, 200);
    assert.equal((await edit(`tags/${tag.id}`, { name: 'Étiquette changée' })).statusCode, 200);

    const report = await run(target);
    assert.deepEqual(report.failed, []);
    assert.deepEqual(
      report.counts.event.updated,
      2,
      "a translation written on the source changes its record's modified",
    );
    assert.deepEqual(report.translations.event, { created: 1, updated: 1, unchanged: 19, skipped: 0, failed: 0 });
    assert.deepEqual(report.translations.tag, { created: 0, updated: 1, unchanged: 2, skipped: 0, failed: 0 });
    for (const [collection, id] of [
      ['events', translated.id],
      ['events', untranslated.id],
      ['tags', tag.id],
    ] as const) {
      const [from, to] = await Promise.all(
        [source, target].map((t) =>
          t.request('administrator', 'GET', `${TEC}/${collection}/${id}?translation_language=fr`),
        ),
      );
      assert.deepEqual(comparable(to!.json()), comparable(from!.json()), `${collection} ${id}`);
    }
    assert.equal(
      (await target.request('administrator', 'GET', `${TEC}/events/${translated.id}?translation_language=fr`)).json()
        .title,
      'Événement changé',
    );
    assert.equal(
      (await target.request('administrator', 'GET', `${TEC}/events/${translated.id}`)).json().title,
      translated.translations.length > 0 ? 'Event 11' : '',
      'the original text is left as it was',
    );
    const again = await run(target);
    assert.deepEqual(
      [
        outcomeTotals(again).created + outcomeTotals(again).updated,
        outcomeTotals({ ...again, counts: again.translations }).created +
          outcomeTotals({ ...again, counts: again.translations }).updated,
      ],
      [0, 0],
    );
  });

  test('into a database with records of its own: an id map, and a run killed half-way resumes without duplicates', async () => {
    const other = await createTestApp({ env: { CALENDAR_REST_PREFIX: PREFIX } });
    try {
      const own = await other.request('administrator', 'POST', `${TEC}/events`, {
        title: 'Already here',
        start_date: '2027-01-01 10:00',
        end_date: '2027-01-01 11:00',
        categories: ['Music'],
      });
      assert.equal(own.statusCode, 201);
      await assert.rejects(run(other, { progress: killedAfter(150) }), /killed/);
      const resumed = await run(other);
      assert.equal(resumed.keepsIds, false);
      assert.deepEqual(resumed.failed, []);
      assert.ok(resumed.idMap.length > 0 && resumed.idMap.length < 201, 'the resumed run maps only what it created');
      assert.ok(outcomeTotals(resumed).unchanged >= 140, 'what the killed run wrote is not written again');
      // The category the database had was taken for the source's of the same name, not copied beside it.
      assert.equal(
        (await other.request('administrator', 'GET', `${TEC}/categories?search=Music&hide_empty=0`)).json().total,
        1,
      );
      const [from, to] = await Promise.all([
        archive(source, 'events', `${WIDE}&${ALL_STATUSES}`),
        archive(other, 'events', `${WIDE}&${ALL_STATUSES}`),
      ]);
      assert.equal(to.total, from.total + 1);
      const slugs = to.records.map((record) => record.slug).filter((slug) => slug !== '');
      assert.equal(new Set(slugs).size, slugs.length, 'no event twice');
      assert.deepEqual(
        new Set(to.records.map((record) => record.title)),
        new Set([...from.records.map((record) => decodeEntities(record.title)), 'Already here']),
      );
      assert.deepEqual(outcomeTotals(await run(other)).created, 0);
    } finally {
      await other.close();
    }
  });
});

/** A copy of a recorded answer's record without the keys named (json_ld: archives leave it out). */
function recorded(example: string, pick: (body: Json) => Json): Json {
  const { json_ld: _jsonLd, ...record } = pick(loadExample(example).response.body as Json);
  return structuredClone(record);
}

/**
 * A TEC site of recorded shapes on a `?rest_route=` address (no pretty permalinks), two records a
 * page, with the answers real sites give: a page that fails once, a 429 with Retry-After, a page
 * that always fails, entities in titles, an orphan venue and category, a broken image, an end before
 * its start, a duplicate slug, an empty title, a protected event seen anonymously, a status it
 * cannot take.
 */
function quirkySite() {
  const event = recorded('11', (body) => body.events[0]);
  const venue = recorded('27', (body) => body);
  const organizer = recorded('30', (body) => body);
  const [concerts, jazz] = [recorded('33', (body) => body.categories[0]), recorded('33', (body) => body.categories[1])];
  const tag = recorded('35', (body) => body.tags[0]);
  const embeddedJazz = structuredClone(event.categories[0]);
  // A draft: WordPress writes its publication date as `0000-00-00 00:00:00` (issue 36).
  const orphanVenue = {
    ...structuredClone(venue),
    id: 99,
    venue: 'Back Room',
    slug: 'back-room',
    address: '2 Side St',
    status: 'draft',
    date: '0000-00-00 00:00:00',
    date_utc: '0000-00-00 00:00:00',
  };
  const orphanCategory = {
    ...structuredClone(embeddedJazz),
    id: 20,
    name: 'Hidden &amp; Rare',
    slug: 'hidden-rare',
    parent: 0,
  };
  const withEvent = (id: number, fields: Json): Json => ({
    ...structuredClone(event),
    id,
    slug: `event-${id}`,
    ...fields,
  });
  const size = (name: string, width: number, height: number) => ({
    width,
    height,
    'mime-type': 'image/png',
    filesize: width * 3,
    url: `https://example.org/wp-content/uploads/2026/11/poster-${name}.png`,
  });
  // The image object of wire-format 2.6: the attachment's id and WordPress' metadata.
  const poster = {
    url: 'https://example.org/wp-content/uploads/2026/11/poster.png',
    id: 31,
    extension: 'png',
    width: 1200,
    height: 800,
    filesize: 4609,
    sizes: {
      medium: size('300x200', 300, 200),
      large: size('1024x683', 1024, 683),
      thumbnail: size('150x150', 150, 150),
    },
  };
  const events = [
    withEvent(101, { title: 'Rock &amp; Roll &#8211; Live &lt;b&gt;', slug: 'rock-and-roll-live', image: poster }),
    withEvent(102, {
      author: '9',
      title: 'Backwards',
      end_date: '2027-07-10 18:00:00',
      utc_end_date: '2027-07-10 22:00:00',
      cost: 'Free',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: ['free'] },
    }),
    withEvent(103, {
      title: 'Broken picture',
      image: { url: 'not a url', id: 5, extension: 'jpg' },
      cost: '$15',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: ['15'] },
      custom_fields: {
        _ecp_custom_2: { label: 'Parking', value: 'Lot B' },
        'bad key': { label: 'Ignored', value: 'x' },
        _ecp_custom_5: { label: 'Empty', value: '' },
      },
    }),
    (() => {
      const record = withEvent(104, { title: 'In the back room', venue: orphanVenue, categories: [orphanCategory] });
      delete record.description;
      delete record.excerpt;
      delete record.website;
      return record;
    })(),
    withEvent(105, { title: 'Rock again', slug: 'rock-and-roll-live' }),
    withEvent(106, { title: '' }),
    withEvent(107, {
      title: 'Protected',
      all_day: null,
      show_map: null,
      show_map_link: null,
      description: '',
      venue: [],
      organizer: [],
    }),
    withEvent(108, { title: 'Revision', status: 'inherit' }),
  ];
  const archives: Record<string, Json[]> = {
    events,
    venues: [venue],
    organizers: [organizer],
    // A child before its parent: the importer must write the parent first.
    categories: [jazz, concerts],
    tags: [
      tag,
      { ...structuredClone(tag), id: 12, name: 'later', slug: 'later' },
      { ...structuredClone(tag), id: 13, name: 'last', slug: 'last' },
    ],
  };
  const requests = new Map<string, number>();
  const failing = { tags: true };
  let retryAfterAt = 0;
  let waitedForRetryAfter = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const route = url.searchParams.get('rest_route');
    const origin = `http://${request.headers.host}`;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=UTF-8',
        link: `<${origin}/?rest_route=/>; rel="https://api.w.org/"`,
        ...headers,
      });
      response.end(JSON.stringify(body));
    };
    if (route === null) {
      response.writeHead(200, {
        'content-type': 'text/html',
        link: `<${origin}/?rest_route=/>; rel="https://api.w.org/"`,
      });
      response.end('<html></html>');
      return;
    }
    if (route === '/tribe/events/v1') return json(200, { namespace: 'tribe/events/v1', routes: {} });
    // WordPress shows anyone the authors of published posts, by name and slug; user 9 it does not show.
    if (route === '/wp/v2/users/2')
      return json(200, { id: 2, name: 'Site Editor', slug: 'site-editor', url: '', description: '' });
    if (route.startsWith('/wp/v2/users/'))
      return json(404, { code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } });
    const match = /^\/tribe\/events\/v1\/(\w+)$/.exec(route);
    const list = match ? archives[match[1]!] : undefined;
    if (!match || !list)
      return json(404, {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    const collection = match[1]!;
    const page = Number(url.searchParams.get('page') ?? 1);
    const key = `${collection} ${page}`;
    const seen = (requests.get(key) ?? 0) + 1;
    requests.set(key, seen);
    if (collection === 'events' && page === 2 && seen === 1)
      return json(500, {
        code: 'internal_server_error',
        message: 'There has been a critical error on this website.',
        data: { status: 500 },
      });
    if (collection === 'events' && page === 3 && seen === 1) {
      retryAfterAt = Date.now();
      return json(429, { code: 'too_many_requests', message: 'Slow down.' }, { 'retry-after': '1' });
    }
    if (collection === 'events' && page === 3) waitedForRetryAfter = Date.now() - retryAfterAt;
    if (collection === 'tags' && page === 2 && failing.tags)
      return json(500, { code: 'internal_server_error', message: 'Database went away.', data: { status: 500 } });
    if (collection === 'events' && url.searchParams.get('start_date')?.startsWith('1900') !== true)
      return json(400, { code: 'rest_invalid_param', message: 'expected the wide window' });
    const pages = Math.ceil(list.length / 2);
    const total = String(list.length);
    const envelope = { [collection]: list.slice((page - 1) * 2, page * 2), total: list.length, total_pages: pages };
    return json(200, envelope, { 'x-tec-total': total, 'x-tec-totalpages': String(pages) });
  });
  return { server, requests, failing, archives, waitedForRetryAfter: () => waitedForRetryAfter };
}

describe("import-tec from a site of recorded shapes with real sites' quirks", () => {
  const site = quirkySite();
  let target: TestApp;
  let report: ImportReport;
  let address: string;

  before(async () => {
    target = await createTestApp();
    await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
    const source = await TecSource.discover(address, { ...FAST, concurrency: 3 });
    assert.equal(source.base, `${address}/?rest_route=%2Ftribe%2Fevents%2Fv1`);
    report = await target.services.tecImport.run(source, { ...KEPT_HTML, caller: adminOf(target), language: 'en' });
  });
  after(async () => {
    site.server.close();
    await target.close();
  });

  const read = async (path: string) => {
    const response = await target.request('administrator', 'GET', path);
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  const notesOf = (kind: string, id: number) =>
    report.notes.filter((note) => note.kind === kind && note.sourceId === id).map((note) => note.text);

  test('a page answering 500 once and one answering 429 are retried (the latter after Retry-After); one that keeps failing is reported, never dropped', () => {
    assert.equal(site.requests.get('events 2'), 2);
    assert.equal(site.requests.get('events 3'), 2);
    assert.ok(site.waitedForRetryAfter() >= 950, `waited ${site.waitedForRetryAfter()} ms`);
    assert.deepEqual(
      report.failedPages.map((page) => [page.collection, page.page]),
      [['tags', 2]],
    );
    assert.match(report.failedPages[0]!.reason, /tags.*page=2: HTTP 500 \(after 6 attempts\)$/);
    assert.equal(report.complete, false);
    assert.deepEqual(report.deleted, [], 'an archive not read whole tells no deletions; orphans are not deleted');
    assert.deepEqual(report.counts.tag, { created: 2, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
  });

  test('events: created, skipped with their reasons, fixed with a note', async () => {
    assert.deepEqual(report.counts.event, { created: 5, updated: 0, unchanged: 0, skipped: 3, failed: 0 });
    assert.deepEqual(report.skipped.map((entry) => `${entry.sourceId} ${entry.text}`).sort(), [
      '106 empty title',
      '107 password-protected: its fields are hidden from this reader (give --user and --app-password)',
      '108 status "inherit" cannot be imported',
    ]);
    assert.deepEqual(notesOf('event', 102), [
      'end 2027-07-10 18:00:00 before start 2027-07-10 19:00:00: end set to the start',
    ]);
    assert.deepEqual(notesOf('event', 103), [
      'image URL "not a url" is not an http(s) URL: left out',
      'custom fields: The custom field key "bad key" is not 1-64 letters, digits, "_" or "-". Left out.',
    ]);
    assert.deepEqual(notesOf('event', 105), [
      'slug "rock-and-roll-live" is taken here: stored as "rock-and-roll-live-2"',
    ]);
    assert.ok(
      notesOf('event', 104).includes('venue 99 was not listed by the source: copied from this event'),
      notesOf('event', 104).join('; '),
    );
    assert.ok(notesOf('event', 104).includes('category 20 was not listed by the source: copied from this event'));
    assert.deepEqual(
      (await read('events/103')).custom_fields,
      { _ecp_custom_2: { label: 'Parking', value: 'Lot B' } },
      'custom fields kept but for the refused and the empty',
    );
    // The recorded event carries tag 9, which the tag archive does not list.
    assert.deepEqual(notesOf('event', 101), ['tag 9 was not listed by the source: copied from this event']);
  });

  test("authors: one the source shows is made here (a contributor: read without credentials); one it does not show leaves its records the importing user's", async () => {
    const made = (await target.users.userByLogin('site-editor'))!;
    assert.deepEqual([made.display_name, made.role], ['Site Editor', 'contributor']);
    assert.notEqual(made.id, 2, "id 2 is the editor's here");
    assert.deepEqual(
      report.authors.map((entry) => [entry.sourceId, entry.targetId]).sort(([a], [b]) => a! - b!),
      [
        [2, made.id],
        [9, undefined],
      ],
    );
    assert.match(
      report.authors.find((entry) => entry.sourceId === 9)!.text,
      /does not show this user.*written by administrator/,
    );
    assert.equal((await read('/calendar/events/v1/events/101')).author, String(made.id));
    assert.equal((await read('/calendar/events/v1/events/102')).author, String(target.ids.administrator));
    assert.equal((await read(`/calendar/events/v1/venues/${site.archives.venues![0]!.id}`)).author, String(made.id));
  });

  test('the records read back as the source sent them, ids kept, entities decoded, costs intact', async () => {
    const rock = await read(`events/101`);
    assert.equal(rock.title, 'Rock & Roll – Live &lt;b&gt;');
    const sent = site.archives.events![0]!;
    assert.deepEqual(
      [rock.date, rock.date_utc, rock.modified, rock.modified_utc],
      [sent.date, sent.date_utc, sent.modified, sent.modified_utc],
      "the source's dates, not the import's",
    );
    assert.equal((await read('venues/65')).modified_utc, site.archives.venues![0]!.modified_utc);
    assert.equal(rock.slug, 'rock-and-roll-live');
    assert.equal(rock.cost, '$10 – $25');
    assert.deepEqual(rock.cost_details, {
      currency_symbol: '',
      currency_code: '',
      currency_position: '',
      values: ['10', '25'],
    });
    assert.equal(rock.venue.id, 65);
    assert.deepEqual(
      rock.organizer.map((entry: Json) => entry.id),
      [66],
    );
    assert.deepEqual(
      rock.categories.map((entry: Json) => [entry.id, entry.parent]),
      [[8, 7]],
    );
    assert.equal(rock.website, 'https://jazz.example');
    assert.equal(rock.featured, true);
    const backwards = await read('events/102');
    assert.equal(backwards.end_date, backwards.start_date);
    assert.equal(backwards.cost, 'Free');
    assert.deepEqual(backwards.cost_details.values, ['free']);
    assert.deepEqual(rock.image, sent.image, 'the image with its attachment id and metadata');
    const broken = await read('events/103');
    assert.equal(broken.image, false);
    assert.equal(broken.cost, '$15');
    assert.equal(broken.cost_details.currency_symbol, '');
    const back = await read('events/104');
    assert.equal(back.venue.id, 99);
    assert.equal(back.venue.venue, 'Back Room');
    assert.equal(back.venue.status, 'draft', 'a draft venue the event embeds, its zero dates read as none');
    assert.equal(back.description, '');
    assert.deepEqual(
      back.categories.map((entry: Json) => entry.name),
      ['Hidden & Rare'],
    );
    assert.equal((await read('events/105')).slug, 'rock-and-roll-live-2');
    assert.equal((await read('categories/8')).parent, 7);
  });

  test('a re-run writes only the changed event, keeps the slug it had to take, and does not take records only events show for deleted', async () => {
    Object.assign(site.archives.events![4]!, { title: 'Rock again, later', modified_utc: '2026-11-30 10:00:00' });
    const again = await target.services.tecImport.run(await TecSource.discover(address, { ...FAST, concurrency: 3 }), {
      ...KEPT_HTML,
      caller: adminOf(target),
      language: 'en',
    });
    assert.deepEqual(again.failed, []);
    assert.deepEqual(again.counts.event, { created: 0, updated: 1, unchanged: 4, skipped: 3, failed: 0 });
    const rockAgain = await read('events/105');
    assert.equal(rockAgain.title, 'Rock again, later');
    assert.equal(rockAgain.modified_utc, '2026-11-30 10:00:00', "an update keeps the source's modified too");
    assert.equal(rockAgain.slug, 'rock-and-roll-live-2');
    assert.deepEqual(again.counts.venue, { created: 0, updated: 0, unchanged: 1, skipped: 0, failed: 0 });
    assert.deepEqual(again.deleted, []);
  });
});

/**
 * A target service and a site serving `/wp-json/tribe/events/v1` for the tests of the describe that
 * calls this: both ready before them, closed after them.
 */
function siteAndTarget(server: http.Server): { target: TestApp; base: string } {
  const served = { target: undefined as unknown as TestApp, base: '' };
  before(async () => {
    served.target = await createTestApp();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    served.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json/tribe/events/v1`;
  });
  after(async () => {
    server.close();
    await served.target.close();
  });
  return served;
}

/**
 * A TEC site with a multilingual plugin: English records and French translations of an event, its
 * venue and its category (its organizer and tag are not translated), as each kind of plugin serves
 * them. `polylang` (Polylang Pro): each translation a post or term of its own, archives listing every
 * language unless `lang` picks one, and WordPress' core routes showing `lang` and `translations`.
 * `wpml` (with the WPML REST API plugin): archives in the default language unless `lang` picks
 * another, the core routes showing `wpml_current_locale` and `wpml_translations`. `address`
 * (translations kept in the same post, qTranslate-style): the same ids in French under `/fr/`.
 */
function multilingualSite(plugin: 'polylang' | 'wpml' | 'address') {
  const event = recorded('11', (body) => body.events[0]);
  const venueShape = recorded('27', (body) => body);
  const organizer = { ...recorded('30', (body) => body), id: 25, organizer: 'Jazz Society', slug: 'jazz-society' };
  const categoryShape = recorded('33', (body) => body.categories[0]);
  const tag = { ...recorded('35', (body) => body.tags[0]), id: 40, name: 'jazz', slug: 'jazz' };
  const records = (language: 'en' | 'fr') => {
    const french = language === 'fr';
    // The address plugin keeps one post per record: the French text comes with the English ids.
    const id = (english: number) => (french && plugin !== 'address' ? english + 1 : english);
    const venue = {
      ...structuredClone(venueShape),
      id: id(20),
      venue: french ? 'Hôtel de ville' : 'Town Hall',
      slug: french ? 'hotel-de-ville' : 'town-hall',
      description: french ? '<p>La grande salle</p>' : '<p>The great hall</p>',
    };
    const category = {
      ...structuredClone(categoryShape),
      id: id(30),
      name: french ? 'Musique' : 'Music',
      slug: french ? 'musique' : 'music',
      parent: 0,
      description: '',
    };
    const concert = {
      ...structuredClone(event),
      id: id(10),
      title: french ? 'Concert du soir' : 'Evening concert',
      slug: french ? 'concert-du-soir' : 'evening-concert',
      description: french ? '<p>Un concert.</p>' : '<p>A concert.</p>',
      excerpt: '',
      venue,
      organizer: [organizer],
      categories: [category],
      tags: [tag],
    };
    return { events: [concert], venues: [venue], organizers: [organizer], categories: [category], tags: [tag] };
  };
  const english = records('en');
  const french = records('fr');
  const core: Record<string, { en: number; fr?: number }[]> = {
    tribe_events: [{ en: 10, fr: 11 }],
    tribe_venue: [{ en: 20, fr: 21 }],
    tribe_organizer: [{ en: 25 }],
    tribe_events_cat: [{ en: 30, fr: 31 }],
    tags: [{ en: 40 }],
  };
  const coreRecords = (route: string): Json[] =>
    core[route]!.flatMap((group): Json[] => {
      if (plugin === 'polylang') {
        const translations = group.fr === undefined ? { en: group.en } : { en: group.en, fr: group.fr };
        return Object.entries(translations).map(([lang, id]) => ({ id, lang, translations }));
      }
      if (plugin === 'wpml')
        return [
          {
            id: group.en,
            wpml_current_locale: 'en_US',
            wpml_translations: group.fr === undefined ? [] : [{ locale: 'fr_FR', id: group.fr, post_title: 'traduit' }],
          },
        ];
      return [{ id: group.en }];
    });
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    requests.push(`${url.pathname}${url.search}`);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      response.end(JSON.stringify(body));
    };
    const segment = /^\/fr(\/.*)$/.exec(url.pathname);
    const path = plugin === 'address' && segment ? segment[1]! : url.pathname;
    const language =
      (plugin === 'address' && segment) || url.searchParams.get('lang') === 'fr'
        ? 'fr'
        : url.searchParams.get('lang') === 'en' || plugin === 'wpml'
          ? 'en'
          : 'all';
    if (path === '/wp-json/tribe/events/v1') return json(200, { namespace: 'tribe/events/v1', routes: {} });
    const archive = /^\/wp-json\/tribe\/events\/v1\/(\w+)$/.exec(path)?.[1] as
      keyof ReturnType<typeof records> | undefined;
    if (archive && archive in english) {
      const list =
        language === 'fr'
          ? french[archive]
          : language === 'en' || plugin === 'address'
            ? english[archive]
            : [
                ...english[archive],
                ...french[archive].filter((record) => !english[archive].some((own) => own.id === record.id)),
              ];
      return json(200, { [archive]: list, total: list.length, total_pages: 1 });
    }
    const route = /^\/wp-json\/wp\/v2\/(\w+)$/.exec(url.pathname)?.[1];
    if (route && route in core) {
      const list = coreRecords(route);
      return json(200, list, { 'x-wp-total': String(list.length), 'x-wp-totalpages': '1' });
    }
    return json(404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });
  return { server, requests };
}

for (const plugin of ['polylang', 'wpml', 'address'] as const) {
  describe(`import-tec of a multilingual site (${plugin})`, () => {
    const site = multilingualSite(plugin);
    const served = siteAndTarget(site.server);
    const run = (languages?: readonly 'fr'[]) =>
      TecSource.discover(served.base, { ...FAST, concurrency: 2 }).then((source) =>
        served.target.services.tecImport.run(source, {
          ...KEPT_HTML,
          caller: adminOf(served.target),
          language: 'en',
          ...(languages ? { languages } : {}),
        }),
      );
    const read = async (path: string) => {
      const response = await served.target.request('administrator', 'GET', `/calendar/events/v1/${path}`);
      assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
      return response.json();
    };

    test('French posts become the French text of their English records, not records of their own; a re-run writes nothing', async () => {
      if (plugin === 'address') {
        // Nothing tells the languages of such a site: without --languages, only its English is read.
        const english = await run();
        assert.deepEqual(english.translations.event, { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
        assert.ok(!site.requests.some((request) => request.startsWith('/fr/')));
      }
      const report = await run(plugin === 'address' ? ['fr'] : undefined);
      assert.deepEqual([report.failed, report.failedPages, report.skipped], [[], [], []]);
      const created = plugin === 'address' ? 0 : 1;
      assert.deepEqual(
        Object.fromEntries(
          Object.entries(report.counts).map(([kind, counts]) => [kind, counts.created + counts.unchanged]),
        ),
        { category: 1, tag: 1, venue: 1, organizer: 1, event: 1 },
      );
      assert.equal(report.counts.event.created, created);
      for (const kind of ['event', 'venue', 'category'] as const)
        assert.equal(report.translations[kind].created, 1, kind);
      assert.equal(
        report.translations.organizer.created + report.translations.tag.created,
        0,
        'an untranslated text is no translation',
      );

      const event = await read('events/10?translation_language=fr');
      assert.deepEqual(
        [event.title, event.description, event.slug, event.translations],
        ['Concert du soir', '<p>Un concert.</p>', 'concert-du-soir', ['en', 'fr']],
      );
      assert.deepEqual(
        [
          event.venue.venue,
          event.venue.description,
          event.categories[0].name,
          event.organizer[0].organizer,
          event.tags[0].name,
        ],
        ['Hôtel de ville', '<p>La grande salle</p>', 'Musique', 'Jazz Society', 'jazz'],
      );
      assert.deepEqual(
        [(await read('events/10')).title, (await read('venues/20')).venue, (await read('categories/30')).name],
        ['Evening concert', 'Town Hall', 'Music'],
      );
      for (const [collection, total] of [
        ['events', 1],
        ['venues', 1],
        ['categories', 1],
      ] as const) {
        assert.equal(
          (await read(`${collection}?${collection === 'events' ? `${WIDE}&` : ''}hide_empty=0`)).total,
          total,
          `${collection}: the French posts are no records here`,
        );
      }
      assert.equal(
        (await served.target.request('administrator', 'GET', '/calendar/events/v1/events/11')).statusCode,
        404,
      );

      const again = await run(plugin === 'address' ? ['fr'] : undefined);
      assert.deepEqual([again.failed, again.failedPages], [[], []]);
      const written = (counts: ImportReport['counts']) =>
        Object.values(counts).reduce((sum, kind) => sum + kind.created + kind.updated, 0);
      assert.deepEqual([written(again.counts), written(again.translations), again.deleted], [0, 0, []]);
      assert.equal(again.translations.event.unchanged, 1);
    });
  });
}

describe('import-tec of password-protected events', () => {
  const clock = movableClock();
  let source: TestApp;
  let target: TestApp;
  let settings: SourceSettings;
  let origin: string;
  let locked: number;
  let open: number;
  const run = () =>
    TecSource.discover(`${origin}/`, settings).then((tec) =>
      target.services.tecImport.run(tec, { ...KEPT_HTML, caller: adminOf(target), language: 'en' }),
    );

  before(async () => {
    source = await createTestApp({ env: { CALENDAR_REST_PREFIX: PREFIX }, clock });
    target = await createTestApp({ env: { CALENDAR_REST_PREFIX: PREFIX } });
    const admin = adminOf(source);
    clock.advance(-45);
    [locked, open] = await source.storage.write(async (tx) => {
      const made = (title: string, extra: Json) =>
        source.services.eventWriter.create(
          tx,
          {
            title,
            description: `${title} text`,
            start_date: '2027-03-01 19:00:00',
            end_date: '2027-03-01 21:00:00',
            ...extra,
          },
          admin,
          'en',
        );
      const ids: [number, number] = [
        (await made('Members only', { post_password: 's3cret', cost: '20' })).post.id,
        (await made('Open house', {})).post.id,
      ];
      await source.storage.touchContent(tx, clock.now());
      return ids;
    });
    await source.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`;
    const { password } = await source.users.createAppPassword('administrator', 'import');
    settings = { ...FAST, concurrency: 2, user: 'administrator', appPassword: password };
  });
  after(async () => {
    await source.close();
    await target.close();
  });

  test('a protected event, stripped in the archive, is read unlocked and imported as a draft with a note; never public', async () => {
    const listed = (await archive(source, 'events', `${WIDE}&${ALL_STATUSES}`)).records.find(
      (record) => record.id === locked,
    )!;
    assert.equal(listed.description, '', 'the source strips it in its archive, even for an administrator');
    const report = await run();
    assert.deepEqual(report.failed, []);
    assert.deepEqual(report.counts.event, { created: 2, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    assert.deepEqual(
      report.notes.filter((note) => note.sourceId === locked).map((note) => note.text),
      ['password-protected on the source: imported as a draft; set a password and publish it'],
    );
    const here = (await target.request('administrator', 'GET', `${TEC}/events/${locked}`)).json();
    assert.equal(here.status, 'draft');
    assert.match(here.description, /Members only text/);
    const unlocked = (await source.request('administrator', 'GET', `${TEC}/events/${locked}?context=edit`)).json();
    assert.equal(here.cost, unlocked.cost);
    assert.equal(here.description, unlocked.description);
    assert.equal(here.modified_utc, listed.modified_utc);
    assert.equal((await target.request('anonymous', 'GET', `${TEC}/events/${locked}`)).statusCode, 403);
    assert.equal(
      (await target.request('anonymous', 'GET', `${TEC}/events?${WIDE}`))
        .json()
        .events.some((record: Json) => record.id === locked),
      false,
    );
    assert.equal((await target.request('anonymous', 'GET', `${TEC}/events/${open}`)).json().status, 'publish');
    assert.deepEqual(
      (await run()).counts.event,
      { created: 0, updated: 0, unchanged: 2, skipped: 0, failed: 0 },
      'a re-run leaves the draft alone',
    );
  });

  test('a copy given a password and published here stays so when the source changes it', async () => {
    const protect = await target.request('administrator', 'POST', `${TEC}/events/${locked}`, {
      post_password: 'here',
      status: 'publish',
    });
    assert.equal(protect.statusCode, 200, protect.body);
    clock.advance(30);
    assert.equal(
      (await source.request('administrator', 'POST', `${TEC}/events/${locked}`, { title: 'Members only, moved' }))
        .statusCode,
      200,
    );
    const report = await run();
    assert.deepEqual(report.counts.event, { created: 0, updated: 1, unchanged: 1, skipped: 0, failed: 0 });
    assert.deepEqual(report.notes, []);
    const here = (await target.request('administrator', 'GET', `${TEC}/events/${locked}?context=edit`)).json();
    assert.equal(here.title, 'Members only, moved');
    assert.equal(here.status, 'publish');
    const anonymous = await target.request('anonymous', 'GET', `${TEC}/events/${locked}`);
    assert.equal(anonymous.json().code, 'event-password-protected', 'still protected by the password set here');
  });
});

/**
 * A TEC site whose answers fail after the retries: a protected event whose unlocked read
 * (`context=edit`) breaks the connection, an author whose user answers 500, and, on the second
 * run, a record no longer listed whose own read answers 503. Each is a failure of this run, to be
 * retried by the next, never "the source does not give it".
 */
function failingSite() {
  const event = recorded('11', (body) => body.events[0]);
  const withEvent = (id: number, fields: Json): Json => ({
    ...structuredClone(event),
    id,
    slug: `event-${id}`,
    venue: [],
    organizer: [],
    categories: [],
    tags: [],
    author: '1',
    ...fields,
  });
  const events = [
    withEvent(201, { title: 'By an unreadable author', author: '7' }),
    withEvent(202, { title: 'Protected', all_day: null, show_map: null, show_map_link: null, description: '' }),
    withEvent(203, { title: 'Listed once' }),
  ];
  const listed = { events };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    const path = url.pathname;
    if (path === '/wp-json/tribe/events/v1') return json(200, { namespace: 'tribe/events/v1', routes: {} });
    if (path === '/wp-json/tribe/events/v1/events/202') return request.socket.destroy();
    if (path === '/wp-json/tribe/events/v1/events/203')
      return json(503, { code: 'unavailable', message: 'Down for maintenance.' });
    if (path === '/wp-json/wp/v2/users/7')
      return json(500, { code: 'internal_server_error', message: 'Database went away.', data: { status: 500 } });
    if (path === '/wp-json/wp/v2/users/1') return json(200, { id: 1, name: 'Site Admin', slug: 'administrator' });
    const archive = /^\/wp-json\/tribe\/events\/v1\/(\w+)$/.exec(path)?.[1];
    if (archive !== undefined) {
      const list = archive === 'events' ? listed.events : [];
      return json(200, { [archive]: list, total: list.length, total_pages: 1 });
    }
    return json(404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });
  return { server, listed };
}

describe('import-tec of a site whose answers fail after the retries', () => {
  const site = failingSite();
  const served = siteAndTarget(site.server);
  const run = () =>
    TecSource.discover(served.base, {
      ...FAST,
      concurrency: 2,
      retries: 2,
      user: 'administrator',
      appPassword: 'abcd efgh ijkl mnop qrst uvwx',
    }).then((source) =>
      served.target.services.tecImport.run(source, { ...KEPT_HTML, caller: adminOf(served.target), language: 'en' }),
    );

  test('a protected record or an author the source fails to give fails the record; a record no longer listed whose read fails is a failure, not left quietly', async () => {
    const report = await run();
    const failed = Object.fromEntries(report.failed.map((entry) => [entry.sourceId, entry.text]));
    assert.deepEqual(report.counts.event, { created: 1, updated: 0, unchanged: 0, skipped: 0, failed: 2 });
    assert.deepEqual(report.skipped, [], 'not skipped as "not given"');
    assert.match(
      failed[202]!,
      /^password-protected, and reading it with context=edit failed: .*events\/202.*\(after 3 attempts\)$/,
    );
    assert.match(
      failed[201]!,
      /^its author, user 7 of the source, could not be read: .*users\/7.*HTTP 500 \(after 3 attempts\)$/,
    );
    assert.match(
      report.authors.find((entry) => entry.sourceId === 7)!.text,
      /^reading the user failed \(.*HTTP 500 .*\): their records fail this run$/,
    );
    assert.equal(
      (await served.target.request('administrator', 'GET', '/calendar/events/v1/events/201')).statusCode,
      404,
      "not written as someone else's",
    );

    site.listed.events = site.listed.events.filter((record) => record.id !== 203);
    const again = await run();
    assert.deepEqual(again.deleted, []);
    assert.match(
      again.failed.find((entry) => entry.sourceId === 203)!.text,
      /^not listed, and reading it failed \(.*events\/203: HTTP 503 \(after 3 attempts\)\): left as it is$/,
    );
    assert.equal(
      (await served.target.request('administrator', 'GET', '/calendar/events/v1/events/203')).statusCode,
      200,
    );
  });
});

describe('calendar-events import-tec, the command', () => {
  const site = quirkySite();
  let database: TestDatabase;
  let address: string;

  before(async () => {
    site.failing.tags = false;
    database = await freshDatabase();
    await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    site.server.close();
    await database.drop();
  });

  test('refuses a run without an administrator, then --dry-run writes nothing, and a run prints plain progress and the summary', async () => {
    const refused = await cliProcess(database.url, ['import-tec', address]);
    assert.equal(refused.code, 2, refused.err);
    assert.match(refused.err, /No administrator to import as/);
    assert.equal(
      (
        await cliProcess(database.url, [
          'user',
          'create',
          'admin',
          '--role',
          'administrator',
          '--password',
          'a-long-password',
        ])
      ).code,
      0,
    );
    assert.equal((await cliProcess(database.url, ['import-tec', address, '--concurrency', '0'])).code, 2);
    const language = await cliProcess(database.url, ['import-tec', address, '--languages', 'fr,pt-br']);
    assert.deepEqual(
      [language.code, /--languages takes language codes .* got "pt-br"/.test(language.err)],
      [2, true],
      language.err,
    );

    const dry = await cliProcess(database.url, ['import-tec', address, '--dry-run', '--concurrency', '2']);
    assert.equal(dry.code, 0, dry.err);
    assert.match(
      dry.out,
      /^Dry run \(nothing written\): would import from http:\/\/127\.0\.0\.1:\d+\/\?rest_route=%2Ftribe%2Fevents%2Fv1 /m,
    );
    const run = await cliProcess(database.url, ['import-tec', `${address}/?rest_route=/`, '--delay', '1']);
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /^event: 8 on the source$/m);
    assert.match(run.out, /^KIND +CREATED +UPDATED +UNCHANGED +SKIPPED +FAILED +DELETED ON SOURCE$/m);
    // Created again: the dry run wrote nothing.
    assert.match(run.out, /^event +5 +0 +0 +3 +0 +0$/m);
    assert.match(run.out, /^tag +3 +0 +0 +0 +0 +0$/m);
    // Pages after the first arrive in any order: so do their records' lines.
    assert.match(run.out, /^Skipped:$/m);
    assert.match(run.out, /^ {2}event 106: empty title$/m);
    assert.match(
      run.out,
      /^ {2}event 105: slug "rock-and-roll-live" is taken here: stored as "rock-and-roll-live-2"$/m,
    );
    // Records only events show (orphans) are not taken for deleted.
    assert.doesNotMatch(run.out, /Deleted on the source/);
  });
});
