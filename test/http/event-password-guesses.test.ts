import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertError, createTestApp, type TestApp } from '../fixtures/app.ts';

/*
 * An event's password on its page (issue 43 item 14, decision 0094): wrong guesses are throttled
 * per (event, client address) in the login throttle's counters, and the cookie that opens a
 * protected event is an HMAC under a site secret every node shares, not a digest of the password.
 */

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const THROTTLE = { maxFailuresPerLogin: 3, maxFailuresPerAddress: 100, windowSeconds: 600 };

describe('event passwords on the pages', () => {
  let t: TestApp;
  const slugs: string[] = [];
  before(async () => {
    t = await createTestApp({ throttle: THROTTLE });
    for (const title of ['Board meeting', 'Staff party']) {
      const created = await t.request('administrator', 'POST', 'events', {
        title,
        start_date: '2027-03-01 10:00:00',
        end_date: '2027-03-01 11:00:00',
        status: 'publish',
        description: `<p>${title} agenda</p>`,
        post_password: 's3same',
      });
      assert.equal(created.statusCode, 201, created.body);
      slugs.push(created.json<{ slug: string }>().slug);
    }
  });
  after(() => t.close());

  const guess = (slug: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/event/${slug}/`,
      headers: FORM,
      payload: new URLSearchParams({ post_password: password }).toString(),
      remoteAddress,
    });
  const opens = async (app: TestApp, slug: string, cookie: string) =>
    (await app.request('anonymous', 'GET', `/event/${slug}/`, undefined, { cookie })).body.includes('agenda');

  test('guessing one event from one address past the limit gets 429 with Retry-After, the right password too; other addresses and events are not held up', async () => {
    const [board, party] = slugs as [string, string];
    for (let i = 0; i < THROTTLE.maxFailuresPerLogin; i++) {
      const wrong = await guess(board, `guess-${i}`, '203.0.113.50');
      assert.equal(wrong.statusCode, 200);
      assert.ok(wrong.body.includes('That password is not right.'));
    }
    const throttled = await guess(board, 's3same', '203.0.113.50');
    assert.equal(throttled.statusCode, 429, throttled.body);
    assert.equal(throttled.json().code, 'too_many_login_attempts');
    assert.ok(
      Number(throttled.headers['retry-after']) > 0 &&
        Number(throttled.headers['retry-after']) <= THROTTLE.windowSeconds,
    );
    assert.equal(throttled.headers['set-cookie'], undefined);
    assert.equal((await guess(board, 's3same', '198.51.100.50')).statusCode, 303, 'another address');
    assert.equal((await guess(party, 's3same', '203.0.113.50')).statusCode, 303, 'another event');
  });

  test('the cookie is signed with a site secret: it opens the event on every node; an old-style digest of the password or a forged value opens nothing', async () => {
    const [board] = slugs as [string];
    const right = await guess(board, 's3same', '192.0.2.60');
    assert.equal(right.statusCode, 303);
    const cookie = String(right.headers['set-cookie']).split(';')[0]!;
    const oldStyle = `calendar_postpass=${createHash('sha256').update('calendar-postpass:s3same').digest('base64url')}`;
    assert.notEqual(cookie, oldStyle);
    assert.ok(await opens(t, board, cookie));
    assert.ok(!(await opens(t, board, oldStyle)), 'the SHA-256 of the password no longer opens it');
    assert.ok(
      !(await opens(t, board, `calendar_postpass=${randomBytes(32).toString('base64url')}`)),
      'a forged cookie opens nothing',
    );
    const other = await createTestApp({ nodeOf: t });
    try {
      assert.ok(await opens(other, board, cookie), 'another node checks it with the same secret');
    } finally {
      await other.close();
    }
  });

  test("the API's password parameter is throttled the same way, per event and address: past the limit 429 with Retry-After, the right password too", async () => {
    const created = await t.request('administrator', 'POST', 'events', {
      title: 'Retreat',
      start_date: '2027-04-01 10:00:00',
      end_date: '2027-04-01 11:00:00',
      status: 'publish',
      post_password: 'h1dden',
    });
    const { id } = created.json<{ id: number }>();
    const read = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/calendar/events/v1/events/${id}?password=${password}`, remoteAddress });
    for (let i = 0; i < THROTTLE.maxFailuresPerLogin; i++)
      assertError(await read(`guess-${i}`, '203.0.113.70'), 403, 'event-password-protected');
    const throttled = await read('h1dden', '203.0.113.70');
    assertError(throttled, 429, 'too_many_login_attempts');
    assert.ok(Number(throttled.headers['retry-after']) > 0);
    assert.equal((await read('h1dden', '198.51.100.70')).statusCode, 200, 'another address');
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/calendar/events/v1/events/${id}`, remoteAddress: '203.0.113.70' }))
        .statusCode,
      403,
      'a read without a password is no guess, and not refused 429',
    );
  });
});
