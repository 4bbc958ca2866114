import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * The public HTML pages (decision 0031), through inject: escaping, JSON-LD, visibility, the
 * password form, errors, languages, conditional GETs, the Content-Security-Policy and the sitemap.
 * The browser's view of the same pages is test/browser/pages.test.ts.
 */

type Json = Record<string, unknown>;

const HOSTILE_TITLE = '</title><script>alert("t")</script><img src=x onerror=alert(1)> & "quotes"';
const HOSTILE_DESCRIPTION =
  '<p>Fine words</p><script>alert("d")</script><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a>';

/** The JSON of every `<script type="application/ld+json">` of a page. */
const jsonLdOf = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
/** The page's inline `<script>` elements that are not JSON-LD data blocks (there must be none). */
const inlineScripts = (html: string) => [
  ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g),
];

describe(`public pages (${DIALECT})`, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const slugs: Record<string, string> = {};

  const create = async (key: string, fields: Json, as: Parameters<TestApp['request']>[0] = 'administrator') => {
    ({ id: ids[key], slug: slugs[key] } = await createEvent(
      t,
      { start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00', status: 'publish', ...fields },
      as,
    ));
  };
  const page = (
    url: string,
    as: Parameters<TestApp['request']>[0] = 'anonymous',
    headers: Record<string, string> = {},
  ) => t.request(as, 'GET', url, undefined, headers);
  /** The page's HTML, with ICU's narrow and thin spaces (in times and ranges) as plain ones. */
  const html = (response: LightMyRequestResponse, status = 200) => {
    assert.equal(response.statusCode, status, response.body.slice(0, 500));
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    return response.body.replace(/[\u202f\u2009\u00a0]/g, ' ');
  };

  before(async () => {
    t = await createTestApp({
      env: { CALENDAR_TIMEZONE: 'America/New_York', CALENDAR_EMBED_ANCESTORS: 'https://news.example.com' },
    });
    const venue = await t.request('administrator', 'POST', 'venues', {
      venue: 'Blue Hall',
      address: '1 Main St',
      city: 'Springfield',
      country: 'USA',
      geo_lat: 40.5,
      geo_lng: -74.25,
    });
    const organizer = await t.request('administrator', 'POST', 'organizers', {
      organizer: 'Jazz Club',
      email: 'club@example.com',
      phone: '+1 555 0100',
    });
    await create('jazz', {
      title: 'Jazz Night',
      description: '<p>Bring <strong>friends</strong>.</p>',
      start_date: '2027-05-14 20:00',
      end_date: '2027-05-14 23:00',
      timezone: 'America/New_York',
      cost: '15',
      venue: venue.json<{ id: number }>().id,
      organizer: [organizer.json<{ id: number }>().id],
      categories: ['Music'],
      tags: ['late'],
      custom_fields: {
        _ecp_custom_2: { label: 'Dress code', value: 'Smart <casual>' },
        _ecp_custom_1: { label: '', value: '18+' },
      },
    });
    await create('hostileTitle', {
      title: HOSTILE_TITLE,
      start_date: '2027-05-20 10:00',
      end_date: '2027-05-20 11:00',
    });
    await create(
      'hostileDescription',
      {
        title: 'Open Mic',
        description: HOSTILE_DESCRIPTION,
        start_date: '2027-05-21 10:00',
        end_date: '2027-05-21 11:00',
      },
      'author',
    );
    await create('draft', {
      title: 'Draft Plans',
      status: 'draft',
      start_date: '2027-05-22 10:00',
      end_date: '2027-05-22 11:00',
    });
    await create('private', {
      title: 'Private Party',
      status: 'private',
      start_date: '2027-05-23 10:00',
      end_date: '2027-05-23 11:00',
    });
    await create('locked', {
      title: 'Members Meeting',
      description: '<p>Secret agenda</p>',
      post_password: 's3same',
      start_date: '2027-05-24 10:00',
      end_date: '2027-05-24 11:00',
    });
    await create('trashed', { title: 'Cancelled Show', start_date: '2027-05-25 10:00', end_date: '2027-05-25 11:00' });
    assert.equal((await t.request('administrator', 'DELETE', `events/${ids.trashed}`)).statusCode, 200);
    // Across the change to daylight-saving time in New York (2027-03-14, 02:00 → 03:00).
    await create('dst', {
      title: 'Spring Forward Brunch',
      start_date: '2027-03-14 10:00',
      end_date: '2027-03-14 12:00',
      timezone: 'America/New_York',
    });
    await create('paris', {
      title: 'Concert à Paris',
      start_date: '2027-05-15 20:00',
      end_date: '2027-05-15 22:00',
      timezone: 'Europe/Paris',
    });
  });
  after(() => t.close());

  test('a hostile title is escaped in text, attributes and the JSON-LD, and the page has no inline script', async () => {
    const body = html(await page(`/event/${slugs.hostileTitle}/`));
    assert.ok(!body.includes('<script>alert'), 'no script element from the title');
    assert.ok(!body.includes('<img src=x'), 'no element from the title');
    assert.ok(body.includes('&lt;/title>&lt;script>alert('), 'the title shown as text');
    assert.match(body, /<meta property="og:title" content="&lt;\/title>&lt;script>alert\(&quot;t&quot;\)/);
    assert.deepEqual(inlineScripts(body), []);
    const [ld] = jsonLdOf(body) as Json[];
    assert.equal(ld!.name, HOSTILE_TITLE, 'the JSON-LD holds the title exactly');
    // The list and the month grid escape it too.
    assert.ok(!html(await page('/events/?date=2027-05-01')).includes('<script>alert'));
    assert.ok(!html(await page('/events/month/2027-05/')).includes('<script>alert'));
  });

  test('a hostile description is shown as stored, sanitized: no script, no event handler, no javascript: URL', async () => {
    const body = html(await page(`/event/${slugs.hostileDescription}/`));
    assert.match(body, /<div class="description"><p>Fine words<\/p>/);
    assert.ok(!/<script>alert\("d"\)/.test(body), 'no script');
    assert.ok(!/<[^>]*\sonerror=/i.test(body), 'no event handler');
    assert.ok(!/javascript:/i.test(body), 'no javascript: URL');
  });

  test('a hostile search is echoed escaped in the filter form', async () => {
    const body = html(await page(`/events/?search=${encodeURIComponent('"><script>alert(5)</script>')}`));
    assert.ok(!body.includes('<script>alert(5)'));
    assert.ok(body.includes('value="&quot;>&lt;script>alert(5)&lt;/script>"'));
  });

  test('the single page: dates in the event zone with the zone named, cost, venue with map link, organizer contacts, terms, add to calendar, alternates, Open Graph', async () => {
    const body = html(await page(`/event/${slugs.jazz}/`));
    assert.ok(body.includes('<h1 id="event-title">Jazz Night</h1>'));
    assert.ok(body.includes('Friday, May 14, 2027, 8:00 – 11:00 PM'), 'local times in the event zone');
    assert.ok(body.includes('Eastern Daylight Time (America/New_York)'), 'the zone named');
    assert.ok(body.includes('<dt>Cost</dt><dd>$15</dd>') || body.includes('<dt>Cost</dt><dd>15</dd>'), 'cost');
    assert.ok(body.includes('<address>1 Main St, Springfield, USA</address>'));
    assert.ok(
      body.includes('href="https://www.openstreetmap.org/?mlat=40.5&amp;mlon=-74.25#map=16/40.5/-74.25"'),
      'map link',
    );
    assert.ok(body.includes('href="mailto:club@example.com"'));
    assert.ok(body.includes('href="tel:+15550100"'));
    assert.ok(body.includes('href="http://localhost:80/events/category/music/">Music</a>'));
    assert.ok(body.includes('href="http://localhost:80/tag/late/">late</a>'));
    assert.ok(
      body.includes('<dt>Dress code</dt><dd>Smart &lt;casual></dd><dt>_ecp_custom_1</dt><dd>18+</dd></dl>'),
      'custom fields in their order, as text, after the other facts',
    );
    assert.ok(body.includes(`<link rel="canonical" href="http://localhost:80/event/${slugs.jazz}/"/>`));
    assert.ok(
      body.includes(
        `<link rel="alternate" type="text/calendar" href="http://localhost:80/event/${slugs.jazz}/ical/" title="iCalendar"/>`,
      ),
    );
    assert.ok(
      body.includes(
        `<link rel="alternate" type="application/json" href="http://localhost:80/calendar/events/v1/events/${ids.jazz}"/>`,
      ),
    );
    assert.ok(body.includes('<meta property="og:type" content="article"/>'));
    const google = /href="(https:\/\/calendar\.google\.com\/calendar\/render\?[^"]+)"/
      .exec(body)?.[1]
      ?.replace(/&amp;/g, '&');
    const args = new URL(google!).searchParams;
    assert.equal(args.get('dates'), '20270515T000000Z/20270515T030000Z');
    assert.equal(args.get('ctz'), 'America/New_York');
    assert.equal(args.get('text'), 'Jazz Night');
    // The .ics link is answered by the feed routes (site-feeds.ts).
    const ics = await page(`/event/${slugs.jazz}/ical/`);
    assert.equal(ics.statusCode, 200);
    assert.match(String(ics.headers['content-type']), /^text\/calendar/);
    assert.ok(ics.body.includes('SUMMARY:Jazz Night'));
  });

  test("the JSON-LD parses and is the API record's json_ld", async () => {
    const body = html(await page(`/event/${slugs.jazz}/`));
    const api = (await t.request('anonymous', 'GET', `events/${ids.jazz}`)).json<{ json_ld: Json }>();
    assert.deepEqual(jsonLdOf(body), [api.json_ld]);
    assert.equal((api.json_ld as { '@type': string })['@type'], 'Event');
  });

  for (const key of ['draft', 'private'] as const) {
    test(`a ${key} event is never shown to visitors: 404, and absent from lists, months and the sitemap; its editor sees it`, async () => {
      html(await page(`/event/${slugs[key] || 'none'}/`), 404);
      html(await page(`/event/${slugs[key] || 'none'}/`, 'subscriber'), 404);
      const title = key === 'draft' ? 'Draft Plans' : 'Private Party';
      assert.ok(!html(await page('/events/?date=2027-05-01')).includes(title));
      assert.ok(!html(await page('/events/month/2027-05/')).includes(title));
      assert.ok(!(await page('/sitemap.xml')).body.includes(title));
      if (slugs[key]) assert.ok(html(await page(`/event/${slugs[key]}/`, 'administrator')).includes(title));
    });
  }

  test('a trashed event answers 410, an unknown one 404, both as pages', async () => {
    // Trashing renames the slug, as WordPress does (`…__trashed`): the API's by-slug read is a 400 on
    // the slug, the page a 404 (a trashed event found by its slug would be a 410).
    assert.equal((await t.request('anonymous', 'GET', `events/by-slug/${slugs.trashed}`)).statusCode, 400);
    assert.ok(html(await page(`/event/${slugs.trashed}/`), 404).includes('does not exist'));
    assert.ok(html(await page('/event/no-such-event/'), 404).includes('does not exist'));
    html(await page('/venue/no-such-venue/'), 404);
    html(await page('/events/category/no-such-category/'), 404);
    html(await page('/events/2027-02-30/'), 404);
    html(await page('/events/month/2027-13/'), 404);
    assert.equal((await page('/xx/events/')).statusCode, 404, 'not a language');
  });

  test('bad filters are a 400 page naming them, never a 500', async () => {
    for (const query of ['venue=abc', 'date=yesterday', 'page=0', 'category=987654']) {
      const body = html(await page(`/events/?${query}`), 400);
      assert.ok(body.includes(query.split('=')[0]!), query);
    }
  });

  test('a protected event: the password form, a wrong password refused, the right one sets the post-password cookie and opens it', async () => {
    const url = `/event/${slugs.locked}/`;
    const locked = html(await page(url));
    assert.ok(locked.includes('<form method="post" action="http://localhost:80/event/members-meeting/">'));
    assert.ok(!locked.includes('Secret agenda'));
    assert.deepEqual(jsonLdOf(locked), [], 'no JSON-LD before the password');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const wrong = await t.app.inject({ method: 'POST', url, headers: form, payload: 'post_password=nope' });
    assert.equal(wrong.statusCode, 200);
    assert.ok(wrong.body.includes('That password is not right.'));
    assert.equal(wrong.headers['set-cookie'], undefined);
    const right = await t.app.inject({ method: 'POST', url, headers: form, payload: 'post_password=s3same' });
    assert.equal(right.statusCode, 303);
    assert.equal(right.headers.location, `http://localhost:80${url}`);
    const cookie = String(right.headers['set-cookie']);
    assert.match(cookie, /^calendar_postpass=[\w-]+; Path=\/; Max-Age=864000; HttpOnly; SameSite=Lax$/);
    assert.ok(!cookie.includes('s3same'), 'the cookie holds a digest, not the password');
    const opened = await page(url, 'anonymous', { cookie: cookie.split(';')[0]! });
    assert.ok(html(opened).includes('Secret agenda'));
    assert.equal(opened.headers['cache-control'], 'private, no-cache', "the opened page is the visitor's own");
    // A forged cookie opens nothing.
    assert.ok(!html(await page(url, 'anonymous', { cookie: 'calendar_postpass=forged' })).includes('Secret agenda'));
  });

  test('the list shows upcoming public events in order, filters narrow it and survive paging links', async () => {
    const body = html(await page('/events/?date=2027-05-01'));
    const titles = [...body.matchAll(/<h3 class="event-title"><a href="[^"]+">([^<]+)<\/a>/g)].map((match) => match[1]);
    assert.deepEqual(titles.slice(0, 3), [
      'Jazz Night',
      'Concert à Paris',
      '&lt;/title>&lt;script>alert(&quot;t&quot;)&lt;/script>&lt;img src=x onerror=alert(1)> &amp; &quot;quotes&quot;',
    ]);
    const searched = html(await page('/events/?date=2027-05-01&search=jazz'));
    assert.ok(searched.includes('Jazz Night') && !searched.includes('Open Mic'));
    // A category by slug is its own list (a 301 there, decision 0076); by id, a filter the views keep.
    assert.equal(
      (await page('/events/?date=2027-05-01&category=music')).headers.location,
      'http://localhost:80/events/category/music/?date=2027-05-01',
    );
    const music = (await t.request('anonymous', 'GET', 'events?search=jazz'))
      .json<{ events: { categories: { id: number; slug: string }[] }[] }>()
      .events[0]!.categories.find((term) => term.slug === 'music')!.id;
    const category = html(await page(`/events/?date=2027-05-01&category=${music}`));
    assert.ok(category.includes('Jazz Night') && !category.includes('Open Mic'));
    assert.ok(
      category.includes(`<input type="hidden" name="category" value="${music}"/>`),
      'the form keeps the filter',
    );
    assert.ok(category.includes('<meta name="robots" content="noindex"/>'), 'filtered views are not indexed');
  });

  test('category, tag, venue and organizer pages list their events', async () => {
    assert.ok(html(await page('/events/category/music/')).includes('<h1>Music</h1>'));
    assert.ok(html(await page('/tag/late/')).includes('Jazz Night'));
    assert.ok(html(await page('/events/tag/late/')).includes('Jazz Night'));
    const venue = html(await page('/venue/blue-hall/'));
    assert.ok(venue.includes('<h1>Blue Hall</h1>') && venue.includes('Jazz Night'));
    const organizer = html(await page('/organizer/jazz-club/'));
    assert.ok(
      organizer.includes('<h1>Jazz Club</h1>') &&
        organizer.includes('Jazz Night') &&
        organizer.includes('mailto:club@example.com'),
    );
  });

  test('the month grid puts an event on its local day across a daylight-saving change, and links to the next month with the filters', async () => {
    const body = html(await page('/events/month/2027-03/?search=brunch'));
    const cell =
      /<td[^>]*><a class="day-number"[^>]* href="\/events\/2027-03-14\/[^"]*"[^>]*>([\s\S]*?)<\/td>/.exec(body)?.[1] ??
      '';
    assert.ok(cell.includes('Spring Forward Brunch'), cell);
    assert.ok(cell.includes('10:00 AM'));
    assert.ok(body.includes('<caption id="month-title" class="visually-hidden">March 2027</caption>'));
    assert.ok(body.includes('href="http://localhost:80/events/month/2027-04/?search=brunch"'));
    const day = html(await page('/events/2027-03-14/'));
    assert.ok(day.includes('Spring Forward Brunch') && day.includes('Sunday, March 14, 2027'));
  });

  test('French pages: lang, translated words, French dates and month names', async () => {
    const list = html(await page('/fr/events/?date=2027-05-01'));
    assert.ok(list.includes('<html lang="fr"'));
    assert.ok(list.includes('<h1>Événements à venir</h1>'));
    assert.ok(list.includes('<h2 class="month-separator" id="month-0">mai 2027</h2>'));
    assert.ok(html(await page('/fr/events/2027-05-14/')).includes('vendredi 14 mai 2027'));
    assert.ok(list.includes('href="http://localhost:80/fr/event/jazz-night/"'), 'links stay in French');
    const month = html(await page('/fr/events/month/2027-05/'));
    assert.ok(month.includes('<caption id="month-title" class="visually-hidden">mai 2027</caption>'));
    const single = html(await page(`/fr/event/${slugs.jazz}/`));
    assert.ok(single.includes('Ajouter au calendrier') && single.includes('heure d’été de l’Est'));
    // A language without its own words falls back to English ones, with dates in its language.
    const german = html(await page('/it/events/2027-05-14/'));
    assert.ok(german.includes('<html lang="it"') && german.includes('venerdì 14 maggio 2027'));
  });

  test('ETag and 304; anonymous answers come from the read cache until the next write', async () => {
    const first = await page(`/event/${slugs.jazz}/`);
    const tag = String(first.headers.etag);
    assert.match(tag, /^"\d+-[\w-]+"$/);
    const again = await page(`/event/${slugs.jazz}/`, 'anonymous', { 'if-none-match': tag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(
      (await page('/events/', 'anonymous', { 'if-none-match': String((await page('/events/')).headers.etag) }))
        .statusCode,
      304,
    );
    await t.request('administrator', 'POST', `events/${ids.jazz}`, { title: 'Jazz Night Extended' });
    const changed = await page(`/event/${slugs.jazz}/`, 'anonymous', { 'if-none-match': tag });
    assert.equal(changed.statusCode, 200);
    assert.ok(changed.body.includes('Jazz Night Extended'));
    await t.request('administrator', 'POST', `events/${ids.jazz}`, { title: 'Jazz Night' });
  });

  test('a strict Content-Security-Policy on every page; the embed may be framed by the configured origins only', async () => {
    const response = await page('/events/');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ])
      assert.ok(csp.includes(directive), directive);
    assert.ok(!csp.includes('unsafe-inline'));
    assert.equal(response.headers['x-robots-tag'], undefined, 'pages are indexable');
    const embed = await page('/events/embed/?view=month&month=2027-05');
    assert.match(String(embed.headers['content-security-policy']), /frame-ancestors https:\/\/news\.example\.com(;|$)/);
    assert.ok(embed.body.includes('<base target="_top"/>'));
    assert.ok(embed.body.includes('Jazz Night'));
    assert.ok(embed.body.includes('href="http://localhost:80/events/embed/?view=month&amp;month=2027-06"'));
    const assets = await page('/assets/calendar.js');
    assert.equal(assets.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal((await page('/assets/nothing.js')).statusCode, 404);
  });

  test('the sitemap lists the public events: not drafts, private or trashed ones', async () => {
    const response = await page('/sitemap.xml');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/xml/);
    assert.ok(response.body.includes(`<loc>http://localhost:80/event/${slugs.jazz}/</loc>`));
    assert.ok(!response.body.includes(`/event/${slugs.trashed}/`));
    assert.ok(!response.body.includes('Draft') && !response.body.includes(slugs.draft || 'draft-plans'));
    assert.equal((response.body.match(/<url>/g) ?? []).length, 2 + 6, 'two views and the six public events');
    assert.equal(
      (await page('/sitemap.xml', 'anonymous', { 'if-none-match': String(response.headers.etag) })).statusCode,
      304,
    );
  });

  describe('occurrences of a series at the URLs their records advertise (/event/{slug}/{day}/)', () => {
    type Occurrence = { id: number; url: string; start_date: string; series_id?: number; json_ld: Json };
    /** The series' occurrences as the API lists them (in October 2026: before the clock, out of the other tests' lists and the sitemap). */
    const occurrencesOf = async (seriesId: number, as: Parameters<TestApp['request']>[0] = 'anonymous') => {
      const response = await t.request(as, 'GET', 'events?start_date=2026-10-01&end_date=2026-10-31&per_page=50');
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ events: Occurrence[] }>().events.filter((event) => event.series_id === seriesId);
    };
    const weekly = async (title: string, fields: Json = {}) => {
      const response = await t.request('administrator', 'POST', 'events', {
        title,
        status: 'publish',
        start_date: '2026-10-06 18:00',
        end_date: '2026-10-06 19:00',
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' },
        ...fields,
      });
      assert.equal(response.statusCode, 201, response.body);
      return response.json<{ id: number; slug: string }>();
    };
    let series: { id: number; slug: string };
    before(async () => {
      series = await weekly('Weekly Reading');
    });

    test("each occurrence's url answers its own page: its dates, its JSON-LD, canonical = the API url, .ics beside it", async () => {
      const occurrences = await occurrencesOf(series.id);
      assert.deepEqual(
        occurrences.map((event) => event.start_date),
        ['2026-10-06 18:00:00', '2026-10-13 18:00:00', '2026-10-20 18:00:00', '2026-10-27 18:00:00'],
      );
      const days = [
        'Tuesday, October 6, 2026',
        'Tuesday, October 13, 2026',
        'Tuesday, October 20, 2026',
        'Tuesday, October 27, 2026',
      ];
      for (const [index, occurrence] of occurrences.entries()) {
        const path = new URL(occurrence.url).pathname;
        assert.equal(path, `/event/${series.slug}/${occurrence.start_date.slice(0, 10)}/`);
        const body = html(await page(path));
        assert.ok(body.includes(`${days[index]}, 6:00 – 7:00 PM`), `${path} shows its own date`);
        for (const other of days.filter((_, at) => at !== index))
          assert.ok(!body.includes(`${other},`), `${path} does not show ${other}`);
        assert.ok(body.includes(`<link rel="canonical" href="${occurrence.url}"/>`));
        assert.ok(
          body.includes(
            `<link rel="alternate" type="application/json" href="http://localhost:80/calendar/events/v1/events/${occurrence.id}"/>`,
          ),
        );
        assert.deepEqual(jsonLdOf(body), [
          (await t.request('anonymous', 'GET', `events/${occurrence.id}`)).json<{ json_ld: Json }>().json_ld,
        ]);
        // A later date's .ics is that date alone, by its id; the first date's id is the series' (decision 0026).
        const ics =
          index === 0 ? `${occurrence.url}ical/` : `http://localhost:80/calendar/events/v1/events/${occurrence.id}.ics`;
        assert.ok(
          body.includes(`<link rel="alternate" type="text/calendar" href="${ics}" title="iCalendar"/>`),
          `${path}: ${ics}`,
        );
      }
      // The original's `{url}ical/` is the series' feed.
      const ics = await page(`${new URL(occurrences[2]!.url).pathname}ical/`);
      assert.equal(ics.statusCode, 200);
      assert.match(String(ics.headers['content-type']), /^text\/calendar/);
      assert.ok(
        ics.body.includes('SUMMARY:Weekly Reading') && ics.body.includes('RRULE:FREQ=WEEKLY;COUNT=4'),
        "the series' feed",
      );
      const french = html(await page(`/fr/event/${series.slug}/2026-10-13/`));
      assert.ok(french.includes('<html lang="fr"') && french.includes('mardi 13 octobre 2026'));
      assert.ok(
        french.includes(`<link rel="canonical" href="http://localhost:80/fr/event/${series.slug}/2026-10-13/"/>`),
      );
    });

    test('the list, month and day views link each occurrence to its own URL', async () => {
      const urls = (await occurrencesOf(series.id)).map((event) => event.url);
      for (const view of ['/events/?date=2026-10-01', '/events/month/2026-10/']) {
        const body = html(await page(view));
        // The grid writes its links by path (decision 0075).
        for (const url of urls)
          assert.ok(
            body.includes(`href="${view.includes('month') ? new URL(url).pathname : url}"`),
            `${view} links ${url}`,
          );
      }
      assert.ok(html(await page('/events/2026-10-20/')).includes(`href="${urls[2]}"`));
    });

    test("a day without an occurrence, a malformed day, or a date after a single event's slug is a 404 page", async () => {
      for (const day of ['2026-10-07', '2026-11-03', '2026-02-30', '2026-10-6', 'tuesday'])
        html(await page(`/event/${series.slug}/${day}/`), 404);
      html(await page(`/event/${slugs.jazz}/2027-05-14/`), 404);
      html(await page('/event/no-such-event/2026-10-06/'), 404);
    });

    test('a detached exception answers at the url the API gives it, with its own date; its old date is gone from the series', async () => {
      const detached = await weekly('Book Club');
      const second = (await occurrencesOf(detached.id))[1]!;
      const changed = await t.request('administrator', 'PATCH', `events/${second.id}`, {
        title: 'Book Club: Guest Author',
        start_date: '2026-10-14 19:00',
        end_date: '2026-10-14 20:00',
      });
      assert.equal(changed.statusCode, 200, changed.body);
      const exception = (await occurrencesOf(detached.id)).find((event) => event.id === second.id)!;
      assert.equal(exception.url, changed.json<Occurrence>().url);
      assert.match(exception.url, /\/event\/[^/]+\/2026-10-14\/$/);
      const body = html(await page(new URL(exception.url).pathname));
      assert.ok(
        body.includes('Book Club: Guest Author') && body.includes('Wednesday, October 14, 2026, 7:00 – 8:00 PM'),
      );
      assert.ok(body.includes(`<link rel="canonical" href="${exception.url}"/>`));
      html(await page(`/event/${detached.slug}/2026-10-13/`), 404);
      assert.ok(html(await page(`/event/${detached.slug}/2026-10-20/`)).includes('Tuesday, October 20, 2026'));
    });

    test('a draft series is a 404 to visitors at every date; its editor sees it', async () => {
      // A draft gets a slug only when given one (as in WordPress).
      const draft = await weekly('Draft Series', { status: 'draft', slug: 'draft-series' });
      assert.equal(draft.slug, 'draft-series');
      assert.deepEqual(await occurrencesOf(draft.id), [], 'not listed');
      html(await page(`/event/${draft.slug}/2026-10-13/`), 404);
      html(await page(`/event/${draft.slug}/2026-10-13/`, 'subscriber'), 404);
      assert.ok(
        html(await page(`/event/${draft.slug}/2026-10-13/`, 'administrator')).includes('Tuesday, October 13, 2026'),
      );
    });

    test("a protected series: the form posts to the occurrence's URL and comes back to it", async () => {
      const locked = await weekly('Closed Circle', { post_password: 'circle' });
      const url = `/event/${locked.slug}/2026-10-20/`;
      assert.ok(html(await page(url)).includes(`<form method="post" action="http://localhost:80${url}">`));
      const right = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'post_password=circle',
      });
      assert.equal(right.statusCode, 303);
      assert.equal(right.headers.location, `http://localhost:80${url}`);
      const opened = html(await page(url, 'anonymous', { cookie: String(right.headers['set-cookie']).split(';')[0]! }));
      assert.ok(opened.includes('Closed Circle') && opened.includes('Tuesday, October 20, 2026'));
    });
  });

  test('under the path of CALENDAR_SITE_URL: pages, assets and the feed rewrites', async () => {
    const site = await createTestApp({ env: { CALENDAR_SITE_URL: 'http://localhost:80/community/calendar' } });
    try {
      const created = await site.request('administrator', 'POST', 'events', {
        title: 'Harbour Walk',
        status: 'publish',
        start_date: '2027-05-14 10:00',
        end_date: '2027-05-14 11:00',
      });
      assert.equal(created.json<{ url: string }>().url, 'http://localhost/community/calendar/event/harbour-walk/');
      const single = await site.request('anonymous', 'GET', '/community/calendar/event/harbour-walk/');
      assert.equal(single.statusCode, 200);
      assert.ok(single.body.includes('<link rel="stylesheet" href="/community/calendar/assets/calendar.css"/>'));
      assert.equal((await site.request('anonymous', 'GET', '/community/calendar/assets/calendar.css')).statusCode, 200);
      assert.equal((await site.request('anonymous', 'GET', '/community/calendar/fr/events/')).statusCode, 200);
      assert.match(
        String(
          (await site.request('anonymous', 'GET', '/community/calendar/event/harbour-walk/ical/')).headers[
            'content-type'
          ],
        ),
        /^text\/calendar/,
      );
      assert.equal(
        (await site.request('anonymous', 'GET', '/event/harbour-walk/')).statusCode,
        404,
        'only under the site path',
      );
    } finally {
      await site.close();
    }
  });
});
