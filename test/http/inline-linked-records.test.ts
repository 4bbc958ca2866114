import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * A venue or organizer written inline in an event's body passes exactly what its own route checks
 * (POST /venues, POST /organizers: the body schema, then the write's rules) and is refused, naming
 * the event's field, where that route refuses it (issue 36: a `javascript:` website published).
 */

type Caller = Parameters<TestApp['request']>[0];

const SCRIPT_URL = 'javascript:alert(document.domain)';
const TIMES = { start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00' };

describe(`inline venues and organizers are checked as their own routes check them (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  /** A 400 naming exactly this parameter. */
  const refusedParam = (response: LightMyRequestResponse, param: string) => {
    assert.equal(response.statusCode, 400, response.body);
    const body = response.json<{ code: string; data: { params: Record<string, string> } }>();
    assert.equal(body.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(body.data.params), [param], response.body);
    return body.data.params[param]!;
  };
  const event = (as: Caller, fields: Record<string, unknown>) =>
    t.request(as, 'POST', 'events', { title: 'Inline', status: 'publish', ...TIMES, ...fields });
  const named = async (collection: 'venues' | 'organizers', name: string) =>
    (await t.request('administrator', 'GET', `${collection}?search=${encodeURIComponent(name)}`)).json<{
      total: number;
    }>().total;

  test("a javascript: website is refused inline as by the record's own route, and nothing is stored", async () => {
    const venue = { venue: 'AJSV', website: SCRIPT_URL };
    refusedParam(await t.request('author', 'POST', 'venues', venue), 'website');
    assert.match(refusedParam(await event('author', { venue }), 'venue'), /website/);
    const organizer = { organizer: 'AJSO', website: SCRIPT_URL, email: 'not-an-email' };
    refusedParam(await t.request('contributor', 'POST', 'organizers', organizer), 'website');
    assert.match(refusedParam(await event('contributor', { organizer: [organizer] }), 'organizer'), /website/);
    refusedParam(await event('contributor', { organizer }), 'organizer');
    refusedParam(
      await t
        .request('author', 'POST', 'events', { ...TIMES, title: 'Later', venue: 0 })
        .then(async (created) => t.request('author', 'POST', `events/${created.json<{ id: number }>().id}`, { venue })),
      'venue',
    );
    assert.equal(await named('venues', 'AJSV'), 0);
    assert.equal(await named('organizers', 'AJSO'), 0);
  });

  test("what the record's body schema refuses is refused inline: types, ranges, statuses, a missing name", async () => {
    for (const venue of [
      { venue: 'Far Hall', geo_lat: 500 },
      { venue: 'Odd Hall', status: 'bogus' },
      { venue: 'Typed Hall', show_map: 'maybe' },
      { city: 'Rome' },
    ]) {
      assert.equal((await t.request('administrator', 'POST', 'venues', venue)).statusCode, 400, JSON.stringify(venue));
      refusedParam(await event('administrator', { venue }), 'venue');
    }
    refusedParam(await event('administrator', { organizer: [{ phone: '555' }] }), 'organizer');
  });

  test("what the record's route accepts is accepted inline, read and stored alike: WordPress' spellings, an e-mail as any text", async () => {
    const created = await event('administrator', {
      venue: { venue: 'Spelled Hall', show_map: 'false', website: 'https://hall.example/' },
      organizer: [{ organizer: 'Loose Org', email: 'not-an-email' }],
    });
    assert.equal(created.statusCode, 201, created.body);
    const body = created.json<{ venue: { show_map: boolean; website: string }; organizer: { email: string }[] }>();
    assert.equal(body.venue.show_map, false);
    assert.equal(body.venue.website, 'https://hall.example/');
    const direct = await t.request('administrator', 'POST', 'organizers', {
      organizer: 'Loose Org Two',
      email: 'not-an-email',
    });
    assert.equal(direct.statusCode, 201, direct.body);
    assert.equal(
      body.organizer[0]!.email,
      direct.json<{ email: string }>().email,
      'the e-mail is kept as its own route keeps it (wire-format 5.3: not validated)',
    );
  });
});
