import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createRecord, createTestApp, DIALECT, TEST_NOW, type TestApp } from '../fixtures/app.ts';

/*
 * The community form's guards against floods (issue 43 item 7, decision 0095): the sender's address
 * recorded and shown to editors only, the daily cap per address, the reuse of a pending venue or
 * organizer of the same name from the same sender (or a published one), "reject all from this
 * address", and the optional proof of work (ALTCHA's challenges, solved here with altcha-lib's solver).
 */

type Json = Record<string, unknown>;
const FORM = '/events/community/add/';
const ORIGIN = 'http://localhost:80';
const VALID = { title: 'Flood', start_date: '2026-12-12', start_time: '14:00', end_date: '', end_time: '15:00' };

describe(`community submissions' guards (${DIALECT})`, () => {
  let t: TestApp;
  let now = new Date(TEST_NOW);

  /** The form sent from `address` (as the service sees the request's peer). */
  const post = (fields: Json, address: string, app: TestApp = t) =>
    app.app.inject({
      method: 'POST',
      url: FORM,
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString(),
    });
  const pending = async (collection: 'events' | 'venues' | 'organizers') =>
    (await t.request('editor', 'GET', `${collection}?status=pending&per_page=100`)).json<Record<string, Json[]>>()[
      collection
    ]!;
  const submissions = async (query = '') =>
    (await t.request('editor', 'GET', `community/submissions${query}`)).json<{ submissions: Json[] }>().submissions;

  before(async () => {
    t = await createTestApp({
      env: { CALENDAR_COMMUNITY_SUBMISSIONS: 'true', CALENDAR_COMMUNITY_DAILY_LIMIT: '3' },
      clock: { now: () => new Date(now) },
    });
  });
  after(() => t.close());

  test('the daily cap per address: past it a 429 page with Retry-After and nothing stored; other addresses unaffected; free again 24 hours after the oldest', async () => {
    for (const n of [1, 2, 3])
      assert.equal((await post({ ...VALID, title: `Capped ${n}` }, '203.0.113.7')).statusCode, 303);
    const before = (await pending('events')).length;
    now = new Date(now.getTime() + 60 * 60 * 1000);
    const refused = await post({ ...VALID, title: 'Capped 4', venue_name: 'Overflow Hall' }, '203.0.113.7');
    assert.equal(refused.statusCode, 429);
    assert.match(String(refused.headers['content-type']), /^text\/html/);
    assert.match(
      refused.body,
      /<h1>Your address has sent as many proposals as one day allows: please try again tomorrow\.<\/h1>/,
    );
    assert.equal(
      refused.headers['retry-after'],
      String(23 * 60 * 60),
      'when the first of the three leaves the 24 hours',
    );
    assert.equal((await pending('events')).length, before, 'nothing stored');
    assert.ok(!(await pending('venues')).some((venue) => venue.venue === 'Overflow Hall'));
    assert.equal(
      (await post({ ...VALID, title: 'Elsewhere' }, '198.51.100.9')).statusCode,
      303,
      'another address is not capped',
    );
    now = new Date(new Date(TEST_NOW).getTime() + 24 * 60 * 60 * 1000 + 1000);
    for (const n of [5, 6, 7])
      assert.equal(
        (await post({ ...VALID, title: `Capped ${n}` }, '203.0.113.7')).statusCode,
        303,
        'the window has moved on',
      );
    assert.equal((await post({ ...VALID, title: 'Capped 8' }, '203.0.113.7')).statusCode, 429);
  });

  test('reuse: a new venue or organizer named as a pending one the same sender proposed links that one; a published one of that name is linked too', async () => {
    const published = (await createRecord(t, 'organizers', { organizer: 'City Choir', status: 'publish' })).id;
    const first = {
      ...VALID,
      title: 'Reuse 1',
      venue_name: 'Barn & Yard',
      venue_city: 'Springfield',
      organizer_name: 'Barn Folk',
    };
    assert.equal((await post(first, '192.0.2.10')).statusCode, 303);
    // Written differently the second time (an address, an e-mail): still the same venue and organizer, by name.
    assert.equal(
      (
        await post(
          { ...first, title: 'Reuse 2', venue_address: '1 Barn Lane', organizer_email: 'folk@example.org' },
          '192.0.2.10',
        )
      ).statusCode,
      303,
    );
    assert.equal(
      (await post({ ...first, title: 'Reuse 3', organizer_name: 'City Choir' }, '192.0.2.10')).statusCode,
      303,
    );
    const venues = (await pending('venues')).filter((venue) => String(venue.venue).startsWith('Barn'));
    assert.equal(venues.length, 1, 'one pending venue, not one a proposal');
    assert.equal((await pending('organizers')).filter((organizer) => organizer.organizer === 'Barn Folk').length, 1);
    const events = (await pending('events')).filter((event) => String(event.title).startsWith('Reuse'));
    assert.deepEqual(new Set(events.map((event) => (event.venue as Json).id)), new Set([venues[0]!.id]));
    const third = events.find((event) => event.title === 'Reuse 3')!;
    assert.deepEqual(
      (third.organizer as Json[]).map((organizer) => organizer.id),
      [published],
    );
    // Another address proposing the same name (at another address) gets a venue of its own: it does not link someone else's pending one by its name.
    assert.equal((await post({ ...first, title: 'Reuse 4', venue_city: 'Shelbyville' }, '192.0.2.99')).statusCode, 303);
    assert.equal((await pending('venues')).filter((venue) => String(venue.venue).startsWith('Barn')).length, 2);
  });

  test("the sender's address is shown to editors only, never in public answers", async () => {
    assert.equal((await post({ ...VALID, title: 'Whose Address' }, '192.0.2.77')).statusCode, 303);
    const [event] = (await pending('events')).filter((each) => each.title === 'Whose Address');
    const listed = await submissions(`?include=${event!.id as number}`);
    assert.deepEqual(
      listed.map((row) => [row.event, row.address, row.author]),
      [[event!.id, '192.0.2.77', 0]],
    );
    for (const role of ['anonymous', 'contributor', 'author'] as const)
      assert.equal(
        (await t.request(role, 'GET', 'community/submissions')).statusCode,
        role === 'anonymous' ? 401 : 403,
        role,
      );
    const record = await t.request('editor', 'GET', `events/${event!.id as number}`);
    assert.ok(!record.body.includes('192.0.2.77'), "not in the event's own record");
    assert.ok(
      !(await t.request('editor', 'GET', 'events?status=pending&per_page=100')).body.includes('192.0.2.77'),
      'nor in the archive (the mapper of feeds, sync and webhooks)',
    );
  });

  test('reject all from an address: its pending events, and the pending venues and organizers only they link, go to the trash; others stay', async () => {
    const address = '203.0.113.50';
    assert.equal(
      (await post({ ...VALID, title: 'Spam 1', venue_name: 'Spam Hall', organizer_name: 'Spam Co' }, address))
        .statusCode,
      303,
    );
    assert.equal(
      (await post({ ...VALID, title: 'Spam 2', venue_name: 'Spam Hall', organizer_name: 'Spam Co' }, address))
        .statusCode,
      303,
    );
    assert.equal(
      (await post({ ...VALID, title: 'Kept Elsewhere', venue_name: 'Spam Hall' }, '203.0.113.51')).statusCode,
      303,
    );
    const spamHall = (await pending('events')).find((event) => event.title === 'Spam 1')!.venue as Json;
    // An editor links the address's venue to an event of their own: that venue is kept.
    const own = await t.request('editor', 'POST', 'events', {
      title: 'Editor Event',
      start_date: '2026-12-20 10:00:00',
      end_date: '2026-12-20 11:00:00',
      venue: spamHall.id,
      status: 'draft',
    });
    assert.equal(own.statusCode, 201, own.body);
    assert.equal((await t.request('author', 'POST', 'community/submissions/reject', { address })).statusCode, 403);
    const bad = await t.request('editor', 'POST', 'community/submissions/reject', {});
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json<Json>().code, 'rest_missing_callback_param');
    const rejected = await t.request('editor', 'POST', 'community/submissions/reject', { address });
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.deepEqual(rejected.json(), { address, events: 2, venues: 0, organizers: 1 });
    const titles = (await pending('events')).map((event) => event.title);
    assert.ok(!titles.includes('Spam 1') && !titles.includes('Spam 2') && titles.includes('Kept Elsewhere'));
    const trashed = (await t.request('editor', 'GET', 'events?status=trash&per_page=100'))
      .json<{ events: Json[] }>()
      .events.map((event) => event.title);
    assert.ok(trashed.includes('Spam 1') && trashed.includes('Spam 2'), 'in the trash, restorable');
    assert.ok(!(await pending('organizers')).some((organizer) => organizer.organizer === 'Spam Co'));
    assert.ok(
      (await pending('venues')).some((venue) => venue.id === spamHall.id),
      'the venue an editor linked stays',
    );
    assert.deepEqual(await submissions(`?address=${address}`), []);
    assert.deepEqual((await t.request('editor', 'POST', 'community/submissions/reject', { address })).json(), {
      address,
      events: 0,
      venues: 0,
      organizers: 0,
    });
    // Rejected proposals still count against the address's day (the cap is 3 here).
    assert.equal((await post({ ...VALID, title: 'Spam 3' }, address)).statusCode, 303);
    assert.equal((await post({ ...VALID, title: 'Spam 4' }, address)).statusCode, 429);
  });

  test('the proof of work, when asked: none, a wrong one, a replayed one or an expired one is refused with nothing stored; a solved one is accepted', async () => {
    assert.equal(
      (await t.request('anonymous', 'GET', '/events/community/challenge/')).statusCode,
      404,
      'not asked: no challenges',
    );
    const guarded = await createTestApp({
      env: { CALENDAR_COMMUNITY_SUBMISSIONS: 'true', CALENDAR_COMMUNITY_PROOF_OF_WORK: 'true' },
      clock: { now: () => new Date(now) },
    });
    try {
      const form = (await guarded.request('anonymous', 'GET', FORM)).body;
      assert.match(form, /<form class="community-form"[^>]* data-challenge="\/events\/community\/challenge\/">/);
      assert.ok(form.includes('<input type="hidden" name="proof" value/>'), 'the hidden field the script fills');
      assert.match(form, /<script src="\/assets\/community.js" defer><\/script>/);
      assert.equal((await guarded.request('anonymous', 'GET', '/assets/community.js')).statusCode, 200);
      const titles = async () =>
        (await guarded.request('editor', 'GET', 'events?status=pending&per_page=100'))
          .json<{ events: Json[] }>()
          .events.map((event) => event.title);
      const solved = async () => {
        const answer = await guarded.request('anonymous', 'GET', '/events/community/challenge/');
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.headers['cache-control'], 'private, no-store');
        const challenge = answer.json<Challenge>();
        const solution = await solveChallenge({ challenge, deriveKey });
        assert.ok(solution);
        return { challenge, solution };
      };
      const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');
      const refusedFor = async (proof: string | undefined) => {
        const answer = await post(
          { ...VALID, title: 'Proved', ...(proof === undefined ? {} : { proof }) },
          '192.0.2.200',
          guarded,
        );
        assert.equal(answer.statusCode, 400);
        assert.match(answer.body, /Your browser did not send the check that protects this form from robots/);
      };
      await refusedFor(undefined);
      await refusedFor('not a proof');
      const good = await solved();
      await refusedFor(encode({ ...good, solution: { ...good.solution, counter: good.solution.counter + 1 } }));
      await refusedFor(
        encode({
          challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, keyPrefix: '00' } },
          solution: good.solution,
        }),
      );
      assert.ok(!(await titles()).includes('Proved'), 'nothing stored');
      assert.equal(
        (await post({ ...VALID, title: 'Proved', proof: encode(good) }, '192.0.2.200', guarded)).statusCode,
        303,
      );
      assert.deepEqual(
        (await titles()).filter((title) => title === 'Proved'),
        ['Proved'],
      );
      await refusedFor(encode(good));
      const late = await solved();
      now = new Date(now.getTime() + 11 * 60 * 1000);
      await refusedFor(encode(late));
      assert.deepEqual(
        (await titles()).filter((title) => title === 'Proved'),
        ['Proved'],
        'the replay and the late one stored nothing',
      );
    } finally {
      await guarded.close();
    }
  });
});
