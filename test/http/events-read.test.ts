import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '../../src/auth/roles.ts';
import { API, createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import {
  assertSameShape,
  loadExample,
  withoutAdditiveFields,
  type RecordedExample,
  exampleIdMap,
} from '../fixtures/examples.ts';

/** The origin app.inject requests come from; every emitted URL starts with it. */
const ORIGIN = 'http://localhost:80';
type Caller = Role | 'anonymous';
type Json = Record<string, unknown>;
type EventJson = Json & { id: number; slug: string; status: string; venue: Json; organizer: Json[]; json_ld: Json };

const CALLERS: readonly Caller[] = ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'administrator'];

/** Wire order of an event (wire-format 2.1), `json_ld` only in single GETs. */
const EVENT_KEYS = [
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'rest_url',
  'title',
  'description',
  'excerpt',
  'slug',
  'image',
  'all_day',
  'start_date',
  'start_date_details',
  'end_date',
  'end_date_details',
  'utc_start_date',
  'utc_start_date_details',
  'utc_end_date',
  'utc_end_date_details',
  'timezone',
  'timezone_abbr',
  'cost',
  'cost_details',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'categories',
  'tags',
  'venue',
  'organizer',
  'custom_fields',
];
/** The additive language fields (decisions.md section 5), after everything else. */
const LANGUAGE_KEYS = ['translation_language', 'translations'];

function assertError(response: LightMyRequestResponse, status: number, code: string, message?: string): void {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().code, code, response.body);
  if (message !== undefined) assert.equal(response.json().message, message);
}

describe(`events: single GET (${DIALECT})`, () => {
  let t: TestApp;
  let event: EventJson;
  let venue: Json;
  let organizer: Json;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    venue = (
      await t.request('administrator', 'POST', 'venues', {
        venue: 'Blue Hall',
        address: '1 Main St',
        city: 'Springfield',
      })
    ).json();
    organizer = (
      await t.request('administrator', 'POST', 'organizers', {
        organizer: 'Jazz Club',
        email: 'club@example.org',
        website: 'https://club.example',
      })
    ).json();
    event = (
      await t.request('administrator', 'POST', 'events', {
        title: 'Jazz Night',
        excerpt: 'Short',
        start_date: '2026-12-05 19:00:00',
        end_date: '2026-12-05 22:30:00',
        timezone: 'America/Chicago',
        cost: '$10 - $25',
        image: 'https://img.example/poster.png',
        venue: venue.id,
        organizer: [organizer.id],
      })
    ).json();
  });
  after(() => t.close());

  test('the record in wire order with json_ld last; the embedded venue and organizer carry their own json_ld', async () => {
    const response = await t.request('anonymous', 'GET', `events/${event.id}`);
    assert.equal(response.statusCode, 200, response.body);
    const record = response.json<EventJson>();
    assert.deepEqual(Object.keys(record), [...EVENT_KEYS, 'json_ld', ...LANGUAGE_KEYS]);
    const { json_ld: jsonLd, ...rest } = record;
    assert.deepEqual(rest, { ...event, venue: record.venue, organizer: record.organizer });
    assert.deepEqual(
      [(record.venue.json_ld as Json)['@type'], (record.organizer[0]!.json_ld as Json)['@type']],
      ['Place', 'Person'],
    );
    assert.deepEqual(
      { ...jsonLd, location: undefined, organizer: undefined, offers: undefined },
      {
        '@context': 'http://schema.org',
        '@type': 'Event',
        name: 'Jazz Night',
        description: '&lt;p&gt;Short&lt;/p&gt;',
        image: 'https://img.example/poster.png',
        url: `${ORIGIN}/event/jazz-night/`,
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        eventStatus: 'https://schema.org/EventScheduled',
        startDate: '2026-12-05T19:00:00-06:00',
        endDate: '2026-12-05T22:30:00-06:00',
        location: undefined,
        organizer: undefined,
        offers: undefined,
        performer: 'Organization',
      },
    );
    assert.deepEqual([jsonLd.location, jsonLd.organizer], [record.venue.json_ld, record.organizer[0]!.json_ld]);
    assert.deepEqual((jsonLd.offers as Json).price, '10 – 25');
  });

  test('the by-slug GET answers the same record', async () => {
    const [byId, bySlug] = await Promise.all([
      t.request('anonymous', 'GET', `events/${event.id}`),
      t.request('anonymous', 'GET', 'events/by-slug/jazz-night'),
    ]);
    assert.deepEqual(bySlug.json(), byId.json());
  });

  test('a missing id is a 404 naming the id; a venue id is a 400; an unknown slug a 400 naming slug', async () => {
    assertError(
      await t.request('anonymous', 'GET', 'events/987654'),
      404,
      'rest-event-not-found',
      'Event with ID 987654 does not exist.',
    );
    assertError(
      await t.request('anonymous', 'GET', `events/${venue.id}`),
      400,
      'rest-invalid-event-id',
      'The specified ID is not a valid event.',
    );
    const unknownSlug = await t.request('anonymous', 'GET', 'events/by-slug/no-such-event');
    assertError(unknownSlug, 400, 'rest_invalid_param');
    assert.deepEqual(Object.keys(unknownSlug.json().data.params), ['slug']);
  });

  describe('visibility per status and role (wire-format 7.3)', () => {
    // Events of the author; who may read each status by id and by slug.
    const readers: ReadonlyArray<readonly [status: string, readers: readonly Caller[]]> = [
      ['publish', CALLERS],
      ['draft', ['author', 'editor', 'administrator']],
      ['pending', ['author', 'editor', 'administrator']],
      // WordPress lets the owner read their own private post.
      ['private', ['author', 'editor', 'administrator']],
      ['future', ['author', 'editor', 'administrator']],
    ];
    const events = new Map<string, EventJson>();
    before(async () => {
      for (const [status] of readers) {
        const fields = status === 'future' ? { status: 'publish', date: '2031-01-01 00:00:00' } : { status };
        const response = await t.request('editor', 'POST', 'events', {
          title: `Visible ${status}`,
          slug: `visible-${status}`,
          start_date: '2027-01-01',
          end_date: '2027-01-01',
          author: t.ids.author,
          ...fields,
        });
        assert.equal(response.json().status, status, response.body);
        events.set(status, response.json());
      }
    });
    for (const [status, allowed] of readers) {
      for (const as of CALLERS) {
        const visible = allowed.includes(as);
        test(`${status} as ${as}: ${visible ? '200' : '403 event-not-accessible'}`, async () => {
          const record = events.get(status)!;
          for (const path of [`events/${record.id}`, `events/by-slug/visible-${status}`]) {
            const response = await t.request(as, 'GET', path);
            if (visible) assert.equal(response.statusCode, 200, response.body);
            else assertError(response, 403, 'event-not-accessible', 'The requested event is not accessible');
          }
        });
      }
    }
  });

  describe('password protection (wire-format 7.4)', () => {
    let locked: EventJson;
    before(async () => {
      locked = (
        await t.request('author', 'POST', 'events', {
          title: 'Locked Night',
          start_date: '2027-02-01 20:00',
          end_date: '2027-02-01 23:00',
          cost: '5',
          post_password: 's3cret',
        })
      ).json();
    });
    const cases: ReadonlyArray<readonly [as: Caller, query: string, allowed: boolean]> = [
      ['anonymous', '', false],
      ['administrator', '', false],
      ['anonymous', '?password=wrong', false],
      ['anonymous', '?password=s3cret', true],
      ['administrator', '?context=edit', true],
      ['author', '?context=edit', true],
      ['contributor', '?context=edit', false],
      ['anonymous', '?context=edit', false],
    ];
    for (const [as, query, allowed] of cases) {
      test(`${as} ${query || 'without password'}: ${allowed ? '200 with the details' : '403 event-password-protected'}`, async () => {
        const response = await t.request(as, 'GET', `events/${locked.id}${query}`);
        if (!allowed)
          return assertError(
            response,
            403,
            'event-password-protected',
            'The requested event is not accessible without a password',
          );
        assert.equal(response.statusCode, 200, response.body);
        // The original's JSON-LD builder skips protected posts.
        assert.deepEqual([response.json().cost, 'json_ld' in response.json()], ['$5', false]);
      });
    }
  });
});

/**
 * The recorded exchanges with the original (site zone UTC, now 2026-11-21), replayed in order
 * against one fresh app. Ids, the admin's id and the host are mapped to ours; timestamps and the
 * default window's end vary with the day of the run.
 */
describe(`events: recorded examples (${DIALECT})`, () => {
  let t: TestApp;
  /** Example id → our id. */
  const { ids, ourId } = exampleIdMap();
  const RECORDED_USERS: Readonly<Record<string, Role>> = { '2': 'administrator', '5': 'contributor' };

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'UTC' } });
  });
  after(() => t.close());

  const translate = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') {
      if (key === 'author' && RECORDED_USERS[value]) return String(t.ids[RECORDED_USERS[value]]);
      return value
        .replace(/http:\/\/localhost:8080/g, ORIGIN)
        .replace(
          /\/(events|venues|organizers|categories|tags)\/(\d+)/g,
          (_match, collection: string, id: string) => `/${collection}/${ourId(Number(id))}`,
        )
        .replace(
          /([?&](?:id|p|venue)=)(\d+)/g,
          (_match, prefix: string, id: string) => `${prefix}${ourId(Number(id))}`,
        );
    }
    if (typeof value === 'number' && ['id', 'term_taxonomy_id', 'parent'].includes(key) && value !== 0)
      return ourId(value);
    // Request references: `venue: 65`, `organizer: [66]`, `categories: [8]`.
    if (typeof value === 'number' && ['venue', 'organizer', 'categories', 'tags'].includes(key)) return ourId(value);
    if (Array.isArray(value) && ['organizer', 'categories', 'tags'].includes(key))
      return value.map((item) => translate(item, key));
    if (Array.isArray(value)) return value.map((item) => translate(item));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, translate(item, name)]));
    return value;
  };

  /** Post timestamps (and the JSON-LD offer's validFrom, the post's day) vary; so does the default window's end (now + 24 months) inside the archive links. */
  const ignoreTimestamps = (at: string) => /\.(date|date_utc|modified|modified_utc|validFrom)$/.test(at);
  const DEFAULT_END = /end_date=\d{4}-\d\d-\d\d(\+|%20| )23(%3A|:)59(%3A|:)59/;
  const withoutDefaultEnd = (url: unknown) => String(url).replace(DEFAULT_END, 'end_date=END');
  /** The URL with its query string URL-encoded, as URLSearchParams writes it. */
  const urlEncodedQuery = (url: string) => {
    const [base, query] = url.split('?', 2);
    return query === undefined ? url : `${base}?${new URLSearchParams(query).toString()}`;
  };

  /**
   * Our documented deviations (decisions.md section 2): updates are partial (#15), so after 23 the
   * event keeps its zone, cost, website, flags and organizer; JSON-LD is not contractual (wire-format
   * 10.5): e-mails are obfuscated differently and the description has no trailing newline.
   */
  const jsonLdDetails = (body: Json, expected: Json) => {
    const ld = (record: Json) => record.json_ld as Json;
    assert.equal(ld(body).description, '&lt;p&gt;Jazz under the stars&lt;/p&gt;');
    ld(expected).description = ld(body).description;
    const decoded = (text: unknown) =>
      String(text).replace(/&#(\d+);/g, (_match, code: string) => String.fromCodePoint(Number(code)));
    for (const [ours, theirs] of [
      [ld(body).organizer, ld(expected).organizer],
      [ld((body.organizer as Json[])[0]!), ld((expected.organizer as Json[])[0]!)],
    ] as [Json, Json][]) {
      assert.equal(decoded(ours.email), decoded(theirs.email));
      theirs.email = ours.email;
    }
  };
  const deviations: Readonly<Record<string, (body: Json, expected: Json) => void>> = {
    '09-event-get-anonymous': jsonLdDetails,
    '10-event-get-by-slug': jsonLdDetails,
    '21-event-create-contributor': (body, expected) => {
      // A draft's post date is a real date here, not WordPress' 0000-00-00 00:00:00.
      assert.equal(expected.date_utc, '0000-00-00 00:00:00');
      assert.match(String(body.date_utc), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expected.date_utc = body.date_utc;
      expected.modified_utc = body.modified_utc;
    },
    '18-event-create-bad-date': (body, expected) => {
      // Same code, status and parameter; the message says what was expected (issue 12).
      const params = (json: Json) => (json.data as Json).params as Json;
      assert.equal(params(expected).start_date, 'Invalid parameter.');
      assert.equal(
        params(body).start_date,
        'start_date: expected a date such as 2027-05-01 19:00 or a relative phrase such as "tomorrow 18:00"; got "not a date".',
      );
      params(expected).start_date = params(body).start_date;
    },
    '23-event-update-title-only': (body, expected) => keepsWhatThePartialUpdateKeeps(body, expected),
    '24-event-delete': (body, expected) => keepsWhatThePartialUpdateKeeps(body, expected),
  };
  function keepsWhatThePartialUpdateKeeps(body: Json, expected: Json): void {
    const kept = {
      timezone: 'America/New_York',
      timezone_abbr: 'EDT',
      cost: '$10 – $25',
      website: 'https://jazz.example',
      show_map: true,
      show_map_link: true,
      featured: true,
    };
    assert.deepEqual(Object.fromEntries(Object.keys(kept).map((key) => [key, body[key]])), kept);
    assert.deepEqual(
      (body.organizer as Json[]).map((organizer) => organizer.id),
      [ourId(66)],
    );
    Object.assign(expected, kept, {
      cost_details: body.cost_details,
      organizer: withoutAdditiveFields(body.organizer),
    });
  }

  /** A create names the event and, for inline data (07), new linked records and terms: ours stand for theirs. */
  const learnIds = (theirs: EventJson, ours: EventJson) => {
    const linked = (event: EventJson) => [
      event,
      ...[event.venue].flat(),
      ...event.organizer,
      ...(event.categories as Json[]),
      ...(event.tags as Json[]),
    ];
    const [theirRecords, ourRecords] = [linked(theirs), linked(ours)];
    assert.equal(ourRecords.length, theirRecords.length);
    theirRecords.forEach((record, index) => {
      if (!ids.has(record.id as number)) ids.set(record.id as number, ourRecords[index]!.id as number);
    });
  };

  const replay = async (name: string, { request, response: expected }: RecordedExample) => {
    const as = request.as === 'admin' ? 'administrator' : (request.as as Caller);
    // A missing id (16) stays as recorded.
    const path = `${API}${request.path.replace(/(\/|venue=|categories=)(\d+)/g, (_match, prefix: string, id: string) => `${prefix}${ids.get(Number(id)) ?? id}`)}`;
    const response = request.form
      ? await t.request(as, request.method, path, new URLSearchParams(request.form).toString(), {
          'content-type': 'application/x-www-form-urlencoded',
        })
      : await t.request(as, request.method, path, translate(request.json));
    assert.equal(response.statusCode, expected.status, response.body);
    const body = response.json<Json>();
    if (expected.status === 201) learnIds(expected.body as EventJson, body as EventJson);
    for (const header of ['content-type', 'allow', 'x-tec-total', 'x-tec-totalpages'] as const)
      assert.equal(response.headers[header], expected.headers[header], header);
    const expectedBody = translate(expected.body) as Json;
    for (const key of ['rest_url', 'next_rest_url', 'previous_rest_url'] as const) {
      if (key in expectedBody) {
        // The original's `rest_url` carries raw values (spaces); ours is URL-encoded as its links are (decision 0099).
        const recorded = key === 'rest_url' ? urlEncodedQuery(String(expectedBody[key])) : expectedBody[key];
        assert.equal(withoutDefaultEnd(body[key]), withoutDefaultEnd(recorded), key);
        expectedBody[key] = body[key];
      }
    }
    deviations[name]?.(body, expectedBody);
    assertSameShape(body, expectedBody, ignoreTimestamps);
  };

  /** The records examples 01-05 made, created through our API (their own replays live with venues and terms). */
  const prerequisites = async () => {
    const make = async (collection: string, fields: Json, exampleId: number) => {
      ids.set(exampleId, (await createRecord(t, collection, fields)).id);
    };
    for (const example of [
      '01-category-create',
      '02-category-create-child',
      '03-tag-create',
      '04-venue-create',
      '05-organizer-create',
    ]) {
      const { request, response } = loadExample(example);
      await make(request.path.slice(1), translate(request.json) as Json, (response.body as Json).id as number);
    }
  };

  const steps = [
    '06-event-create-full',
    '07-event-create-inline-linked',
    '08-event-create-form-encoded',
    '09-event-get-anonymous',
    '10-event-get-by-slug',
    '11-event-list-paged',
    '12-event-list-page-2',
    '13-event-list-past-last-page',
    '14-event-list-by-venue',
    '15-event-list-by-category',
    '16-event-get-missing',
    '17-event-create-missing-title',
    '18-event-create-bad-date',
    '19-event-create-anonymous',
    '20-event-create-subscriber',
    '21-event-create-contributor',
    '22-event-get-pending-anonymous',
    '23-event-update-title-only',
    '24-event-delete',
    '25-event-delete-again',
    '26-event-get-trashed',
  ];
  for (const [index, name] of steps.entries()) {
    test(name, async () => {
      if (index === 0) await prerequisites();
      const example = loadExample(name);
      await replay(name, example);
    });
  }
});
