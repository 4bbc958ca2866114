import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * A category's and a tag's views (issue 34, decision 0058): every view of the calendar at the
 * original's URLs under the term's (`/events/category/music/month/2026-12/`), scoped to it in its
 * events, links, forms and subscriptions, with breadcrumbs; the original's other paths and
 * parameters answer 301 with ours; an unknown term is a 404 page. The clock reads 2026-11-24
 * (New York, the site's zone).
 */

type Json = Record<string, unknown>;
const ORIGIN = 'http://localhost:80';

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** Every `href` of a part of a page by the link's text (tags removed). */
const links = (html: string): Map<string, string> =>
  new Map(
    [...html.matchAll(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => [
      decode(match[2]!.replace(/<[^>]+>/g, '')).trim(),
      decode(match[1]!),
    ]),
  );
/** The element that starts with `start` (a unique opening), up to its end tag. */
const part = (html: string, start: string, tag: string): string => {
  const at = html.indexOf(start);
  assert.ok(at >= 0, `no ${start}`);
  return html.slice(at, html.indexOf(`</${tag}>`, at) + tag.length + 3);
};

describe(`a category's and a tag's views (${DIALECT})`, () => {
  let t: TestApp;

  const page = async (url: string, status = 200): Promise<string> => {
    const response = await t.request('anonymous', 'GET', url);
    assert.equal(response.statusCode, status, `${url}: ${response.body.slice(0, 300)}`);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    return response.body.replace(/[\u202f\u2009\u00a0]/g, ' ');
  };
  const moved = async (url: string): Promise<string> => {
    const response = await t.request('anonymous', 'GET', url);
    assert.equal(response.statusCode, 301, `${url}: ${response.statusCode}`);
    return String(response.headers.location);
  };

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York', CALENDAR_SITE_NAME: 'Springfield Arts' } });
    const music = await t.request('administrator', 'POST', 'categories', { name: 'Music' });
    assert.equal(music.statusCode, 201, music.body);
    const jazz = await t.request('administrator', 'POST', 'categories', {
      name: 'Jazz',
      parent: music.json<{ id: number }>().id,
    });
    assert.equal(jazz.statusCode, 201, jazz.body);
    const create = (fields: Json) => createEvent(t, { status: 'publish', ...fields });
    await create({
      title: 'Jazz Night',
      start_date: '2026-11-24 20:00',
      end_date: '2026-11-24 23:00',
      categories: [jazz.json<{ id: number }>().id, music.json<{ id: number }>().id],
      tags: ['late'],
    });
    await create({
      title: 'Brass Matinee',
      start_date: '2026-12-05 14:00',
      end_date: '2026-12-05 16:00',
      categories: [music.json<{ id: number }>().id],
    });
    await create({
      title: 'Winter Fair',
      start_date: '2026-12-05 10:00',
      end_date: '2026-12-05 18:00',
      categories: ['Family'],
      tags: ['late'],
    });
  });
  after(async () => {
    await t.close();
  });

  test("every view at the original's URL under the term, showing only its events, its tabs and arrows staying in it", async () => {
    // [URL, the current tab, an event it shows, one it must not].
    const views: [string, string, string, string][] = [
      ['/events/category/music/', 'List', 'Brass Matinee', 'Winter Fair'],
      ['/events/category/music/month/', 'Month', 'Jazz Night', 'Winter Fair'],
      ['/events/category/music/month/2026-12/', 'Month', 'Brass Matinee', 'Winter Fair'],
      ['/events/category/music/today/', 'Day', 'Jazz Night', 'Winter Fair'],
      ['/events/category/music/day/2026-12-05/', 'Day', 'Brass Matinee', 'Winter Fair'],
      ['/events/category/music/week/', 'Week', 'Jazz Night', 'Winter Fair'],
      ['/events/category/music/week/2026-11-30/', 'Week', 'Brass Matinee', 'Winter Fair'],
      ['/events/category/music/jazz/', 'List', 'Jazz Night', 'Brass Matinee'],
      ['/events/category/music/jazz/month/2026-11/', 'Month', 'Jazz Night', 'Brass Matinee'],
      ['/events/tag/late/month/2026-12/', 'Month', 'Winter Fair', 'Brass Matinee'],
      ['/events/tag/late/day/2026-12-05/', 'Day', 'Winter Fair', 'Brass Matinee'],
      ['/tag/late/today/', 'Day', 'Jazz Night', 'Brass Matinee'],
      ['/fr/events/category/music/month/2026-12/', 'Mois', 'Brass Matinee', 'Winter Fair'],
    ];
    for (const [url, current, shown, hidden] of views) {
      const body = await page(url);
      const main = body.slice(body.indexOf('<main'));
      assert.ok(main.includes(shown) && !main.includes(hidden), `${url}: only the term's events`);
      assert.match(
        body,
        new RegExp(`<a href="[^"]*" aria-current="page">${current}</a>`),
        `${url}: ${current} is the current tab`,
      );
      const bar = part(body, '<div class="calendar-bar">', 'div');
      const hrefs = [...bar.matchAll(/href="([^"]*)"/g)].map((match) => decode(match[1]!));
      const term = url.includes('/tag/')
        ? '/events/tag/late/'
        : url.includes('/jazz/')
          ? '/events/category/jazz/'
          : '/events/category/music/';
      const language = url.startsWith('/fr/') ? '/fr' : '';
      assert.ok(hrefs.length >= 4, `${url}: the tabs and Today`);
      for (const href of hrefs)
        assert.ok(href.startsWith(`${ORIGIN}${language}${term}`), `${url}: ${href} stays in the term`);
      for (const action of bar.matchAll(/action="([^"]*)"/g))
        assert.ok(decode(action[1]!).startsWith(`${ORIGIN}${language}${term}`), `${url}: its forms stay in the term`);
    }
    const month = part(await page('/events/category/music/month/2026-12/'), '<div class="calendar-bar">', 'div');
    const tabs = links(month);
    assert.equal(tabs.get('List'), `${ORIGIN}/events/category/music/?date=2026-12-01`);
    assert.equal(tabs.get('Day'), `${ORIGIN}/events/category/music/day/2026-12-01/`);
    // "Today" (or the view's own word for it: "This month").
    assert.equal(
      decode(/<a class="bar-today" href="([^"]*)"/.exec(month)![1]!),
      `${ORIGIN}/events/category/music/month/2026-11/`,
    );
    assert.equal(tabs.get('‹Previous month'), `${ORIGIN}/events/category/music/month/2026-11/`);
    assert.equal(tabs.get('›Next month'), `${ORIGIN}/events/category/music/month/2027-01/`);
    // The grid's days open the term's day view (by path, as the grid's links are).
    assert.ok(
      (await page('/events/category/music/month/2026-12/')).includes('href="/events/category/music/day/2026-12-05/"'),
    );
    const day = links(part(await page('/events/category/music/day/2026-12-05/'), '<div class="calendar-bar">', 'div'));
    assert.equal(day.get('Month'), `${ORIGIN}/events/category/music/month/2026-12/`);
    assert.equal(day.get('›Next day'), `${ORIGIN}/events/category/music/day/2026-12-06/`);
    assert.equal(day.get('Today'), `${ORIGIN}/events/category/music/today/`);
  });

  test("the term's page names it: heading, title, canonical, and the API and feed alternates filtered by it", async () => {
    const body = await page('/events/category/music/month/2026-12/');
    assert.match(body, /<h1>Music<\/h1>/);
    assert.match(body, /<title>December 2026 · Music · Springfield Arts<\/title>/);
    assert.ok(body.includes(`<link rel="canonical" href="${ORIGIN}/events/category/music/month/2026-12/"/>`));
    assert.ok(
      body.includes(
        `href="${ORIGIN}${API}/events/?categories=music&amp;start_date=2026-12-01&amp;end_date=2026-12-31"`,
      ),
    );
    const tag = await page('/tag/late/');
    assert.ok(
      tag.includes(`<link rel="canonical" href="${ORIGIN}/events/tag/late/"/>`),
      "the tag's list is the calendar's own URL",
    );
  });

  test("subscribe links are for the view's filters, the term included", async () => {
    for (const [url, download] of [
      ['/events/category/music/', `${API}/events.ics?categories=music`],
      [
        '/events/category/music/month/2026-12/?search=brass',
        `${API}/events.ics?search=brass&categories=music&start_date=2026-12-01&end_date=2026-12-31`,
      ],
      ['/events/tag/late/day/2026-12-05/', `${API}/events.ics?tags=late&start_date=2026-12-05&end_date=2026-12-05`],
    ] as const) {
      const subscribe = links(part(await page(url), '<details class="subscribe">', 'details'));
      assert.equal(subscribe.get('Export .ics file'), `${ORIGIN}${download}`, url);
      const feed = download.replace(/&start_date=.*$/, '');
      assert.equal(subscribe.get('iCalendar'), `webcal://localhost:80${feed}`, url);
      assert.equal(new URL(subscribe.get('Outlook 365')!).searchParams.get('url'), `${ORIGIN}${feed}`, url);
    }
    const ics = await t.request(
      'anonymous',
      'GET',
      `${API}/events.ics?tags=late&start_date=2026-12-05&end_date=2026-12-05`,
    );
    assert.ok(ics.body.includes('SUMMARY:Winter Fair') && !ics.body.includes('Brass Matinee'));
  });

  test('breadcrumbs: a navigation landmark "Events › Music" ("Events › Music › Jazz" for a child), the current page marked, and a BreadcrumbList', async () => {
    const list = await page('/events/category/music/');
    const nav = part(list, '<nav class="breadcrumbs"', 'nav');
    assert.match(
      nav,
      /^<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="http:\/\/localhost:80\/events\/">Events<\/a><\/li><li><a href="http:\/\/localhost:80\/events\/category\/music\/" aria-current="page">Music<\/a><\/li><\/ol><\/nav>$/,
    );
    const month = await page('/events/category/music/month/');
    assert.match(
      part(month, '<nav class="breadcrumbs"', 'nav'),
      /<a href="http:\/\/localhost:80\/events\/category\/music\/">Music<\/a>/,
      'on another view the term is a link, not the current page',
    );
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(month)![1]!) as Json;
    assert.deepEqual(jsonLd, {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Events', item: `${ORIGIN}/events/` },
        { '@type': 'ListItem', position: 2, name: 'Music', item: `${ORIGIN}/events/category/music/` },
      ],
    });
    // A child category: each ancestor a link between the calendar and the term ("Events › Music › Jazz"), on every view, in the JSON-LD too.
    for (const url of ['/events/category/music/jazz/', '/events/category/jazz/month/2026-11/']) {
      const child = await page(url);
      assert.deepEqual(
        [...part(child, '<nav class="breadcrumbs"', 'nav').matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
          (match) => [match[1], match[2]],
        ),
        [
          [`${ORIGIN}/events/`, 'Events'],
          [`${ORIGIN}/events/category/music/`, 'Music'],
          [`${ORIGIN}/events/category/jazz/`, 'Jazz'],
        ],
        url,
      );
      const trail = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(child)![1]!) as {
        itemListElement: Json[];
      };
      assert.deepEqual(
        trail.itemListElement.map((item) => item.name),
        ['Events', 'Music', 'Jazz'],
      );
    }
    const french = await page('/fr/events/tag/late/');
    assert.match(
      part(french, '<nav class="breadcrumbs"', 'nav'),
      /aria-label="Fil d’Ariane"><ol><li><a href="http:\/\/localhost:80\/fr\/events\/">Événements<\/a>/,
    );
    const plain = await page('/events/month/');
    assert.ok(
      !plain.includes('class="breadcrumbs"') && !plain.includes('application/ld+json'),
      'the whole calendar has no trail',
    );
  });

  test('an unknown term is a 404 page on every view, and so is a bad date under a known one', async () => {
    for (const url of [
      '/events/category/nothing/',
      '/events/category/nothing/month/',
      '/events/category/nothing/day/2026-12-05/',
      '/events/tag/nothing/today/',
      '/events/category/music/nothing/',
      '/fr/events/tag/nothing/month/2026-12/',
    ]) {
      assert.match(await page(url, 404), /<meta name="robots" content="noindex"\/>/, url);
    }
    await page('/events/category/music/day/2026-02-30/', 404);
    await page('/events/category/music/month/2026-13/', 404);
    await page('/events/category/', 404);
  });

  test("the bar's forms keep the term: the search, and the date picker whose date opens the term's view at that date", async () => {
    const day = part(await page('/events/category/music/today/?search=brass'), '<div class="calendar-bar">', 'div');
    assert.match(
      day,
      /<form class="bar-search" method="get" action="http:\/\/localhost:80\/events\/category\/music\/today\/" role="search"/,
    );
    const picker = part(day, '<details class="bar-picker">', 'details');
    assert.match(picker, /<form method="get" action="http:\/\/localhost:80\/events\/category\/music\/today\/">/);
    assert.match(picker, /<input id="bar-date" name="tribe-bar-date" type="date" value="2026-11-24" required\/>/);
    assert.match(picker, /<input type="hidden" name="search" value="brass"\/><button type="submit">Go<\/button>/);
    assert.equal(
      await moved('/events/category/music/today/?tribe-bar-date=2026-12-05&search=brass'),
      `${ORIGIN}/events/category/music/day/2026-12-05/?search=brass`,
    );
    const month = part(await page('/events/category/music/month/2026-12/'), '<details class="bar-picker">', 'details');
    assert.match(month, /<input id="bar-date" name="tribe-bar-date" type="month" value="2026-12" required\/>/);
    assert.equal(
      await moved('/events/category/music/month/2026-12/?tribe-bar-date=2027-03'),
      `${ORIGIN}/events/category/music/month/2027-03/`,
    );
    // The list's date is its own filter: the picker sends it as such.
    const list = part(await page('/events/category/music/'), '<details class="bar-picker">', 'details');
    assert.match(
      list,
      /action="http:\/\/localhost:80\/events\/category\/music\/"><label for="bar-date">Choose a date<\/label><input id="bar-date" name="date" type="date" value="2026-11-24"/,
    );
    assert.ok((await page('/events/category/music/?date=2026-12-01')).includes('Brass Matinee'));
    // The embed's month reads its month from its own parameter, which its picker sends.
    const embed = part(
      await page('/events/embed/?view=month&month=2026-12&category=music'),
      '<details class="bar-picker">',
      'details',
    );
    assert.match(
      embed,
      /action="http:\/\/localhost:80\/events\/embed\/"><label for="bar-date">Choose a date<\/label><input id="bar-date" name="month" type="month" value="2026-12" required\/><input type="hidden" name="view" value="month"\/><input type="hidden" name="category" value="music"\/>/,
    );
  });

  test("the original's links under a term answer 301 with the term's view here", async () => {
    const cases: [string, string][] = [
      ['/events/category/music/list/', '/events/category/music/'],
      ['/events/category/music/%6Cist/', '/events/category/music/'],
      ['/events/category/music/jazz/list/?page=2', '/events/category/music/jazz/?page=2'],
      ['/events/category/music/2026-12-05/', '/events/category/music/day/2026-12-05/'],
      ['/events/category/music/?eventDisplay=month', `${ORIGIN}/events/category/music/month/`],
      [
        '/events/category/music/?eventDisplay=day&tribe-bar-date=2026-12-05',
        `${ORIGIN}/events/category/music/day/2026-12-05/`,
      ],
      [
        '/events/category/music/month/?eventDisplay=list&tribe-bar-date=2026-12',
        `${ORIGIN}/events/category/music/?date=2026-12-01`,
      ],
      ['/events/category/music/?eventDisplay=week', `${ORIGIN}/events/category/music/week/`],
      ['/events/category/music/week/?tribe-bar-date=2026-12-05', `${ORIGIN}/events/category/music/week/2026-12-05/`],
      ['/events/category/music/today/?eventDisplay=past', `${ORIGIN}/events/category/music/`],
      ['/events/tag/late/list/?tribe-bar-search=fair', '/events/tag/late/?search=fair'],
      ['/events/tag/late/?eventDisplay=month&tribe-bar-date=2026-12-05', `${ORIGIN}/events/tag/late/month/2026-12/`],
      ['/fr/events/category/music/?eventDisplay=day', `${ORIGIN}/fr/events/category/music/today/`],
      // The whole calendar's: the original's other paths, and its views by parameter.
      ['/events/list/', '/events/'],
      ['/events/day/2026-12-05/', '/events/2026-12-05/'],
      ['/fr/events/day/2026-12-05/?search=x', '/fr/events/2026-12-05/?search=x'],
      ['/events/?eventDisplay=week&tribe-bar-date=2026-12-07', `${ORIGIN}/events/week/2026-12-07/`],
      ['/events/month/?eventDisplay=past', `${ORIGIN}/events/`],
    ];
    for (const [from, to] of cases) assert.equal(await moved(from), to, from);
    // The canonical addresses themselves stay.
    for (const url of [
      '/events/',
      '/events/2026-12-05/',
      '/events/category/music/day/2026-12-05/',
      '/events/category/music/month/2026-12/',
    ])
      await page(url);
  });

  test('term pages are cached and tagged as the others: the same ETag, 304 when the client has it, under 30 KB', async () => {
    const first = await t.request('anonymous', 'GET', '/events/category/music/month/2026-12/');
    const second = await t.request('anonymous', 'GET', '/events/category/music/month/2026-12/');
    assert.equal(first.headers.etag, second.headers.etag);
    assert.equal(first.headers['cache-control'], 'no-cache');
    const again = await t.request('anonymous', 'GET', '/events/category/music/month/2026-12/', undefined, {
      'if-none-match': String(first.headers.etag),
    });
    assert.equal(again.statusCode, 304);
    for (const url of [
      '/events/category/music/',
      '/events/category/music/month/2026-12/',
      '/events/category/music/today/',
    ]) {
      const size = Buffer.byteLength(await page(url));
      assert.ok(size < 30_000, `${url}: ${size} bytes`);
    }
  });

  test("the site's name heads every page: views, event, venue-less error pages", async () => {
    for (const [url, status] of [
      ['/events/category/music/', 200],
      ['/events/month/', 200],
      ['/events/today/', 200],
      ['/event/jazz-night/', 200],
      ['/events/category/nothing/', 404],
      ['/event/nothing/', 404],
    ] as const) {
      assert.match(
        await page(url, status),
        /<header class="site-header"><a class="site-name" href="[^"]*">Springfield Arts<\/a>/,
        url,
      );
    }
  });
});
