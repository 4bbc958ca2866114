import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fs from 'node:fs';
import sharp from 'sharp';
import { basicAuth, createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Community submissions (issue 34, decision 0062): the public form at /events/community/add, off
 * unless CALENDAR_COMMUNITY_SUBMISSIONS is on; a proposal stored as pending through the API's write
 * path (seen by an editor through the API), its problems shown next to the fields with nothing
 * stored, the honeypot, the write rate limit, and the origin check of a signed-in visitor's POST.
 */

type Json = Record<string, unknown>;
const FORM = '/events/community/add/';
const ORIGIN = 'http://localhost:80';

const VALID = {
  title: 'Street Jazz Picnic',
  description: 'Bring a blanket.\n\nFree for all <b>ages</b>.',
  start_date: '2026-12-12',
  start_time: '14:00',
  end_date: '',
  end_time: '17:30',
  venue_name: 'Riverside Park',
  venue_address: '5 River Rd',
  venue_city: 'Springfield',
};

describe(`community submissions (${DIALECT})`, () => {
  let t: TestApp;
  let off: TestApp;
  let ids: { venue: number; draftVenue: number; organizer: number; category: number };

  const post = (app: TestApp, fields: Json, headers: Record<string, string> = { origin: ORIGIN }) =>
    app.app.inject({
      method: 'POST',
      url: FORM,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString(),
    });
  /** The form sent as multipart/form-data with a file in its `file` field, as a browser sends it with an image. */
  const multipart = async (app: TestApp, fields: Json, file: { bytes: Buffer; name: string; type: string }) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
    data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    return app.app.inject({
      method: 'POST',
      url: FORM,
      headers: { 'content-type': request.headers.get('content-type')!, origin: ORIGIN },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };
  /** The pending events and venues an editor sees through the API. */
  const pending = async (collection: 'events' | 'venues' | 'organizers') =>
    (await t.request('editor', 'GET', `${collection}?status=pending&per_page=50`)).json<Record<string, Json[]>>()[
      collection
    ]!;
  const pendingTitles = async () => (await pending('events')).map((event) => event.title);

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York', CALENDAR_COMMUNITY_SUBMISSIONS: 'true' } });
    off = await createTestApp();
    ids = {
      venue: (await createRecord(t, 'venues', { venue: 'Blue Hall', status: 'publish' })).id,
      draftVenue: (await createRecord(t, 'venues', { venue: 'Secret Cellar', status: 'draft' })).id,
      organizer: (await createRecord(t, 'organizers', { organizer: 'Jazz Club', status: 'publish' })).id,
      category: (await createRecord(t, 'categories', { name: 'Music' })).id,
    };
  });
  after(async () => {
    await t.close();
    await off.close();
  });

  test('off by default: the form and its POST are 404s', async () => {
    assert.equal((await off.request('anonymous', 'GET', FORM)).statusCode, 404);
    assert.equal((await off.request('anonymous', 'GET', '/events/community/add')).statusCode, 404);
    assert.equal((await post(off, VALID)).statusCode, 404);
  });

  test('on: the form has a label for every control and offers the published venues, organizers and categories', async () => {
    const response = await t.request('anonymous', 'GET', '/events/community/add');
    assert.equal(response.statusCode, 200);
    // Pages send no referrer to other sites, yet their forms keep their Origin (`no-referrer` would make it "null").
    assert.equal(response.headers['referrer-policy'], 'same-origin');
    const body = response.body;
    assert.match(
      body,
      /<form class="community-form" method="post" action="http:\/\/localhost:80\/events\/community\/add\/" enctype="multipart\/form-data">/,
    );
    const controls = [...body.matchAll(/<(?:input|select|textarea)\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(controls.length >= 15, controls.join());
    for (const id of controls) assert.match(body, new RegExp(`<label for="${id}">[^<]+</label>`), `a label for ${id}`);
    assert.match(body, new RegExp(`<option value="${ids.venue}">Blue Hall</option>`));
    assert.ok(!body.includes('Secret Cellar'), 'a draft venue is not offered');
    assert.match(body, new RegExp(`<option value="${ids.organizer}">Jazz Club</option>`));
    assert.match(body, new RegExp(`<option value="${ids.category}">Music</option>`));
    // The honeypot is hidden by the stylesheet's class, not an inline style (the CSP allows none).
    assert.match(
      body,
      /<p class="trap" aria-hidden="true"><label for="community-homepage">Leave this field empty<\/label><input id="community-homepage" name="homepage" type="text" tabindex="-1" autocomplete="off" value\/><\/p>/,
    );
    assert.ok(!/ style=/.test(body));
  });

  test('a valid proposal is stored as pending, its text filtered, its new venue pending too, and the visitor thanked', async () => {
    const response = await post(t, { ...VALID, organizer: ids.organizer, category: ids.category });
    assert.equal(response.statusCode, 303, response.body.slice(0, 500));
    assert.equal(response.headers.location, `${ORIGIN}/events/community/thanks/`);
    const thanks = await t.request('anonymous', 'GET', '/events/community/thanks/');
    assert.equal(thanks.statusCode, 200);
    assert.match(thanks.body, /Your event was received/);
    const [event] = (await pending('events')).filter((each) => each.title === 'Street Jazz Picnic');
    assert.ok(event, 'an editor sees the proposal among the pending events');
    assert.equal(event.status, 'pending');
    assert.equal(event.description, '<p>Bring a blanket.</p>\n<p>Free for all &lt;b&gt;ages&lt;/b&gt;.</p>');
    assert.deepEqual(
      [event.start_date, event.end_date, event.all_day],
      ['2026-12-12 14:00:00', '2026-12-12 17:30:00', false],
    );
    assert.deepEqual(
      (event.organizer as Json[]).map((organizer) => organizer.id),
      [ids.organizer],
    );
    assert.deepEqual(
      (event.categories as Json[]).map((category) => category.name),
      ['Music'],
    );
    assert.equal(event.author, '0', "nobody's: the visitor was not signed in");
    // The new venue waits for review as well: an editor sees it pending, a visitor not at all.
    const venue = (await pending('venues')).find((each) => each.venue === 'Riverside Park');
    assert.ok(venue);
    assert.equal((event.venue as Json).id, venue.id);
    const listed = (await t.request('anonymous', 'GET', 'venues?per_page=50'))
      .json<{ venues: Json[] }>()
      .venues.map((each) => each.venue);
    assert.ok(!listed.includes('Riverside Park'));
    assert.notEqual(
      (await t.request('anonymous', 'GET', `events/${event.id as number}`)).statusCode,
      200,
      'not published',
    );
    // Written as a contributor writes: markup a contributor may not write is filtered out of the title.
    assert.equal((await post(t, { ...VALID, title: 'Sneaky <script>alert(1)</script>Show' })).statusCode, 303);
    const sneaky = (await pendingTitles())
      .filter((title): title is string => typeof title === 'string')
      .find((title) => title.startsWith('Sneaky'));
    assert.ok(sneaky !== undefined && !sneaky.includes('<script'), sneaky);
  });

  test('invalid input: a 400 page with each problem next to its field, the input kept, nothing stored', async () => {
    const before = await pendingTitles();
    const venuesBefore = (await pending('venues')).length;
    const response = await post(t, {
      title: '',
      description: 'Kept <text>',
      start_date: '2026-13-40',
      start_time: '25:00',
      end_time: '',
      venue: ids.draftVenue,
      venue_name: 'Another Hall',
      organizer_name: 'Crew',
      organizer_email: 'not-an-email',
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    const body = response.body;
    assert.match(body, /<div class="form-problems" role="alert"/);
    const problem = (field: string) =>
      new RegExp(
        `aria-describedby="${field}-error" aria-invalid="true"[^>]*/>(?:<[^>]+>)*?<span class="field-error" id="${field}-error">([^<]+)</span>`,
      ).exec(body)?.[1];
    assert.equal(problem('title'), 'This field is required.');
    assert.equal(problem('start_date'), 'Enter a date as YYYY-MM-DD.');
    assert.equal(problem('start_time'), 'Enter a time as HH:MM.');
    assert.equal(problem('end_time'), 'This field is required.');
    assert.match(
      body,
      /<span class="field-error" id="venue-error">Choose one of the listed options.<\/span>/,
      'a draft venue cannot be chosen',
    );
    assert.match(
      body,
      /<textarea id="community-description" name="description" aria-describedby="description-hint" rows="6">Kept &lt;text><\/textarea>/,
    );
    assert.match(
      body,
      /name="venue_name" aria-describedby="venue_name-hint"?[^>]*value="Another Hall"|name="venue_name"[^>]*value="Another Hall"/,
    );
    // The write path's own problems come back by field too: an end the API refuses, with a new venue that is then not written.
    const refused = await post(t, { ...VALID, title: 'Backwards', start_time: '14:00', end_time: '10:00' });
    assert.equal(refused.statusCode, 400);
    assert.match(
      refused.body,
      /<span class="field-error" id="end_date-error">The end date must not be before the start date.<\/span>/,
    );
    assert.deepEqual(await pendingTitles(), before);
    assert.equal((await pending('venues')).length, venuesBefore, 'no venue was left behind');
  });

  test('an image sent with the proposal is uploaded through the media service and featured on the pending event; a file that is no image is refused by its field, nothing kept', async () => {
    /** The form as a browser sends it with a file: multipart, serialized by the platform's own FormData. */
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3c6e71' } })
      .png()
      .toBuffer();
    const response = await multipart(
      t,
      { ...VALID, title: 'Lantern Walk', alt_text: 'Lanterns <img src=x onerror=alert(1)>along the river' },
      { bytes: png, name: 'lanterns.png', type: 'image/png' },
    );
    assert.equal(response.statusCode, 303, response.body.slice(0, 300));
    const event = (await pending('events')).find((each) => each.title === 'Lantern Walk');
    const image = event?.image as Json | undefined;
    assert.ok(image, 'the pending event has the image');
    assert.match(String(image.url), /^http:\/\/localhost:80\/media\//);
    assert.deepEqual([image.width, image.height], [800, 500]);
    const media = (await t.request('editor', 'GET', `media/${image.id as number}`)).json<Json>();
    // The visitor's text is filtered as a contributor's (decision 0022).
    assert.equal(media.alt_text, 'Lanterns along the river');
    const files = () => fs.readdirSync(t.config.media.dir, { recursive: true }).length;
    const before = files();
    const titles = await pendingTitles();
    const refused = await multipart(
      t,
      { ...VALID, title: 'Not A Picture' },
      { bytes: Buffer.from('just text'), name: 'notes.png', type: 'image/png' },
    );
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /<span class="field-error" id="image-error">[^<]+<\/span>/);
    // A proposal refused for another field leaves no image file behind either.
    const invalid = await multipart(
      t,
      { ...VALID, title: '' },
      { bytes: png, name: 'lanterns.png', type: 'image/png' },
    );
    assert.equal(invalid.statusCode, 400);
    assert.deepEqual(await pendingTitles(), titles);
    assert.equal(files(), before);
  });

  test('a filled honeypot is answered as a success and stores nothing', async () => {
    const before = await pendingTitles();
    const response = await post(t, { ...VALID, title: 'Cheap Pills', homepage: 'https://spam.example/' });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, `${ORIGIN}/events/community/thanks/`);
    assert.deepEqual(await pendingTitles(), before);
  });

  test("a signed-in visitor's proposal must come from the site's own pages; it is theirs, pending even for an editor", async () => {
    const signedIn = (origin: Record<string, string>) =>
      post(
        t,
        { ...VALID, title: 'Editor Proposal', venue_name: '', venue_address: '', venue_city: '' },
        { authorization: basicAuth('editor', 'editor-password'), ...origin },
      );
    assert.equal((await signedIn({ origin: 'https://evil.example' })).statusCode, 403);
    assert.equal((await signedIn({})).statusCode, 403, 'no Origin: refused');
    assert.equal(
      (await signedIn({ referer: `${ORIGIN}/events/community/add/` })).statusCode,
      403,
      'a Referer is no Origin',
    );
    assert.ok(!(await pendingTitles()).includes('Editor Proposal'));
    assert.equal((await signedIn({ origin: ORIGIN })).statusCode, 303);
    const event = (await pending('events')).find((each) => each.title === 'Editor Proposal');
    assert.equal(event?.status, 'pending');
    assert.equal(event?.author, String(t.ids.editor));
    // An anonymous POST from another site is refused too; one without Origin (an old browser) is not.
    assert.equal((await post(t, VALID, { origin: 'https://evil.example' })).statusCode, 403);
  });

  test("the write rate limit: proposals past it are 429s, and a too large image a 413, each a page of the form's language", async () => {
    const limited = await createTestApp({
      env: {
        CALENDAR_COMMUNITY_SUBMISSIONS: 'true',
        CALENDAR_RATE_LIMIT_WRITES: '3',
        CALENDAR_MEDIA_MAX_BYTES: '1024',
      },
    });
    try {
      const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3c6e71' } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const tooLarge = await multipart(limited, VALID, { bytes: big, name: 'big.png', type: 'image/png' });
      assert.equal(tooLarge.statusCode, 413);
      assert.match(String(tooLarge.headers['content-type']), /^text\/html/);
      assert.match(tooLarge.body, /<h1>The file sent is too large\.<\/h1>/);
      assert.equal((await post(limited, VALID)).statusCode, 303);
      assert.equal((await post(limited, { ...VALID, homepage: 'x' })).statusCode, 303);
      const third = await post(limited, VALID);
      assert.equal(third.statusCode, 429);
      assert.match(String(third.headers['content-type']), /^text\/html/);
      assert.match(third.body, /<h1>Too many submissions from your address: please try again in a few minutes\.<\/h1>/);
      assert.match(String(third.headers['retry-after']), /^\d+$/);
      const french = await limited.app.inject({
        method: 'POST',
        url: `/fr${FORM}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        payload: 'title=x',
      });
      assert.equal(french.statusCode, 429);
      assert.match(french.body, /<h1>Trop d’envois depuis votre adresse/);
      // Reading the form is not a write: it is still answered.
      assert.equal((await limited.request('anonymous', 'GET', FORM)).statusCode, 200);
    } finally {
      await limited.close();
    }
  });
});
