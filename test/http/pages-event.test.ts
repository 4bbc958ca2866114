import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * The single event page as a visitor reads it (issue 34, decisions 0060 and 0061): the way back to
 * the list, "Add to calendar" (Google Calendar, iCalendar, Outlook 365, Outlook Live, the .ics),
 * details, venue and organizers grouped under their headings, the featured image with its size and
 * smaller sizes, an occurrence's notice with the series' other dates and the page of all of them,
 * and the venue's map links. The clock reads 2026-11-24 (New York, the site's zone).
 */

type Json = Record<string, unknown>;
const ORIGIN = 'http://localhost:80';

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
/** The links of a part of a page: href and visible text (tags removed). */
const linksOf = (html: string): { href: string; text: string }[] =>
  [...html.matchAll(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: decode(match[1]!),
    text: decode(match[2]!.replace(/<[^>]+>/g, '')).trim(),
  }));
const hrefOf = (html: string, text: string): string | undefined =>
  linksOf(html).find((link) => link.text === text)?.href;
/** The element with this start-tag attribute text, up to the end of its `tag` (no nesting of the same tag inside). */
const partOf = (html: string, tag: string, attribute: string): string => {
  const match = new RegExp(`<${tag}\\b[^>]*${attribute}[^>]*>[\\s\\S]*?</${tag}>`).exec(html);
  assert.ok(match, `no <${tag} ${attribute}>`);
  return match[0];
};

describe(`the single event page (${DIALECT})`, () => {
  let t: TestApp;
  const events: Record<string, { id: number; slug: string; url: string }> = {};

  const create = async (key: string, fields: Json) => {
    events[key] = await createEvent(t, { status: 'publish', timezone: 'America/New_York', ...fields });
  };
  const page = async (url: string, lang = ''): Promise<string> => {
    const response = await t.request('anonymous', 'GET', `${lang}${url}`);
    assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 300)}`);
    return response.body.replace(/[\u202f\u2009\u00a0]/g, ' ');
  };
  const path = (key: string) => new URL(events[key]!.url).pathname;

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    const venue = (
      await t.request('administrator', 'POST', 'venues', {
        venue: 'Blue Hall',
        address: '1 Main St',
        city: 'Springfield',
        zip: '62701',
        country: 'USA',
        phone: '+1 555 0100',
        website: 'https://blue.example/',
        geo_lat: 40.5,
        geo_lng: -74.25,
      })
    ).json<{ id: number }>();
    const bare = (
      await t.request('administrator', 'POST', 'venues', {
        venue: 'Green Barn',
        address: '9 Farm Rd',
        city: 'Shelbyville',
      })
    ).json<{ id: number }>();
    const organizer = (
      await t.request('administrator', 'POST', 'organizers', {
        organizer: 'Jazz Club',
        email: 'club@example.com',
        phone: '+1 555 0199',
        website: 'https://club.example/',
      })
    ).json<{ id: number }>();
    await create('jazz', {
      title: 'Jazz Night',
      description: '<p>The long story.</p>',
      start_date: '2026-11-28 20:00',
      end_date: '2026-11-28 22:00',
      cost: '15',
      website: 'https://tickets.example/jazz',
      image: 'https://img.example/jazz.jpg',
      venue: venue.id,
      organizer: [organizer.id],
      categories: ['Music'],
      tags: ['Late'],
    });
    // The API registers the image by URL without its dimensions; an upload or an import gives them (wire-format 2.6).
    const sizes = {
      medium: { width: 300, height: 200, 'mime-type': 'image/jpeg', url: 'https://img.example/jazz-300x200.jpg' },
      large: { width: 1024, height: 683, 'mime-type': 'image/jpeg', url: 'https://img.example/jazz-1024x683.jpg' },
    };
    await t.storage.write((tx) =>
      tx
        .updateTable('images')
        .set({ width: 1200, height: 800, sizes_json: JSON.stringify(sizes) })
        .where('url', '=', 'https://img.example/jazz.jpg')
        .execute(),
    );
    await create('fair', {
      title: 'Winter Fair',
      all_day: true,
      start_date: '2026-12-03 00:00',
      end_date: '2026-12-04 23:59',
      venue: bare.id,
    });
    // Weekly on Tuesdays at 19:00, six dates from December 1.
    await create('yoga', {
      title: 'Evening Yoga',
      start_date: '2026-12-01 19:00',
      end_date: '2026-12-01 20:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=6' },
    });
  });
  after(async () => {
    await t.close();
  });

  test('"« All events" leads back to the list, in the page\'s language', async () => {
    assert.equal(hrefOf(await page(path('jazz')), '« All events'), `${ORIGIN}/events/`);
    assert.equal(hrefOf(await page(path('jazz'), '/fr'), '« Tous les événements'), `${ORIGIN}/fr/events/`);
  });

  test('"Add to calendar": Google Calendar, iCalendar, Outlook 365 and Outlook Live filled with the event, and its .ics', async () => {
    const section = partOf(await page(path('jazz')), 'section', 'class="add-to-calendar"');
    const ics = `${ORIGIN}/event/jazz-night/ical/`;
    const google = new URL(hrefOf(section, 'Google Calendar')!);
    assert.equal(`${google.origin}${google.pathname}`, 'https://calendar.google.com/calendar/render');
    assert.deepEqual(Object.fromEntries(google.searchParams), {
      action: 'TEMPLATE',
      text: 'Jazz Night',
      dates: '20261129T010000Z/20261129T030000Z',
      ctz: 'America/New_York',
      details: 'The long story.',
      location: 'Blue Hall, 1 Main St, 62701 Springfield, USA',
    });
    assert.equal(hrefOf(section, 'iCalendar'), 'webcal://localhost:80/event/jazz-night/ical/');
    const outlook = (text: string, host: string) => {
      const url = new URL(hrefOf(section, text)!);
      assert.equal(`${url.origin}${url.pathname}`, `https://${host}/owa`);
      return Object.fromEntries(url.searchParams);
    };
    const composed = {
      path: '/calendar/action/compose',
      rru: 'addevent',
      startdt: '2026-11-29T01:00:00Z',
      enddt: '2026-11-29T03:00:00Z',
      subject: 'Jazz Night',
      body: 'The long story.',
      location: 'Blue Hall, 1 Main St, 62701 Springfield, USA',
    };
    assert.deepEqual(outlook('Outlook 365', 'outlook.office.com'), composed);
    assert.deepEqual(outlook('Outlook Live', 'outlook.live.com'), composed);
    assert.equal(hrefOf(section, 'Download .ics'), ics);
    const feed = await t.request('anonymous', 'GET', new URL(ics).pathname);
    assert.match(String(feed.headers['content-type']), /^text\/calendar/);
    // An all-day event is its days, the end exclusive, for both services.
    const fair = partOf(await page(path('fair')), 'section', 'class="add-to-calendar"');
    assert.equal(new URL(hrefOf(fair, 'Google Calendar')!).searchParams.get('dates'), '20261203/20261205');
    const allDay = new URL(hrefOf(fair, 'Outlook 365')!).searchParams;
    assert.deepEqual(
      [allDay.get('startdt'), allDay.get('enddt'), allDay.get('allday')],
      ['2026-12-03', '2026-12-05', 'true'],
    );
  });

  test('details, venue and organizer are grouped under their headings, each with what the original shows', async () => {
    const body = await page(path('jazz'));
    const details = partOf(body, 'section', 'aria-labelledby="event-details"');
    assert.match(details, /<h2 id="event-details">Details<\/h2>/);
    assert.match(
      details,
      /<dt>When<\/dt><dd><time datetime="2026-11-29T01:00:00Z">Saturday, November 28, 2026, 8:00 – 10:00 PM<\/time>/,
    );
    assert.match(details, /<dt>Cost<\/dt><dd>\$15<\/dd>/);
    assert.equal(hrefOf(details, 'Music'), `${ORIGIN}/events/category/music/`);
    assert.equal(hrefOf(details, 'Late'), `${ORIGIN}/tag/late/`);
    assert.equal(hrefOf(details, 'https://tickets.example/jazz'), 'https://tickets.example/jazz');
    const venue = partOf(body, 'section', 'aria-labelledby="event-venue"');
    assert.match(venue, /<h2 id="event-venue">Venue<\/h2>/);
    assert.equal(hrefOf(venue, 'Blue Hall'), `${ORIGIN}/venue/blue-hall/`);
    assert.match(venue, /<address>1 Main St, 62701 Springfield, USA<\/address>/);
    assert.equal(hrefOf(venue, '+1 555 0100'), 'tel:+15550100');
    assert.equal(hrefOf(venue, 'Website'), 'https://blue.example/');
    const organizers = partOf(body, 'section', 'aria-labelledby="event-organizers"');
    assert.match(organizers, /<h2 id="event-organizers">Organizer<\/h2>/);
    assert.equal(hrefOf(organizers, 'Jazz Club'), `${ORIGIN}/organizer/jazz-club/`);
    assert.equal(hrefOf(organizers, '+1 555 0199'), 'tel:+15550199');
    assert.equal(hrefOf(organizers, 'club@example.com'), 'mailto:club@example.com');
    assert.equal(hrefOf(organizers, 'Website'), 'https://club.example/');
    // An event without organizers has no empty group.
    assert.ok(!(await page(path('fair'))).includes('event-organizers'));
  });

  test("the venue's map links: OpenStreetMap and Google Maps at its coordinates, else by its address; no map frame or script", async () => {
    const body = await page(path('jazz'));
    const venue = partOf(body, 'section', 'aria-labelledby="event-venue"');
    assert.equal(
      hrefOf(venue, 'Map (OpenStreetMap)'),
      'https://www.openstreetmap.org/?mlat=40.5&mlon=-74.25#map=16/40.5/-74.25',
    );
    assert.equal(hrefOf(venue, 'Map (Google Maps)'), 'https://www.google.com/maps/search/?api=1&query=40.5%2C-74.25');
    const bare = partOf(await page(path('fair')), 'section', 'aria-labelledby="event-venue"');
    assert.equal(
      hrefOf(bare, 'Map (OpenStreetMap)'),
      'https://www.openstreetmap.org/search?query=9+Farm+Rd%2C+Shelbyville',
    );
    assert.equal(
      hrefOf(bare, 'Map (Google Maps)'),
      'https://www.google.com/maps/search/?api=1&query=9+Farm+Rd%2C+Shelbyville',
    );
    // Nothing on the page loads from another origin: no frame, and scripts and styles are the service's own.
    assert.ok(!/<iframe/.test(body));
    for (const match of body.matchAll(/<(?:script|link rel="stylesheet")[^>]*(?:src|href)="([^"]+)"/g))
      assert.ok(match[1]!.startsWith('/assets/'), match[0]);
  });

  test('the featured image has its size and a srcset of the smaller sizes', async () => {
    const image = /<img class="event-image"[^>]*>/.exec(await page(path('jazz')))?.[0];
    assert.ok(image);
    assert.match(image, /src="https:\/\/img\.example\/jazz\.jpg"/);
    assert.match(image, / alt="Jazz Night" /);
    assert.match(image, /width="1200" height="800"/);
    assert.match(
      image,
      /srcset="https:\/\/img\.example\/jazz-300x200\.jpg 300w, https:\/\/img\.example\/jazz-1024x683\.jpg 1024w, https:\/\/img\.example\/jazz\.jpg 1200w"/,
    );
    assert.match(image, /sizes="\(max-width: 1200px\) 100vw, 1200px"/);
    // An image of unknown size has neither: the browser lays it out as it loads.
    await create('plain', {
      title: 'Plain Image',
      start_date: '2026-12-05 10:00',
      end_date: '2026-12-05 11:00',
      image: 'https://img.example/plain.jpg',
    });
    const plain = /<img class="event-image"[^>]*>/.exec(await page(path('plain')))?.[0];
    assert.equal(plain, '<img class="event-image" src="https://img.example/plain.jpg" alt="Plain Image"/>');
  });

  test('an occurrence of a series names the next other dates and links to all of them', async () => {
    const second = await page('/event/evening-yoga/2026-12-08/');
    const notice = partOf(second, 'aside', 'class="series-notice"');
    assert.match(notice, /This event is one date of a series/);
    assert.deepEqual(
      linksOf(notice).map((link) => [new URL(link.href).pathname, link.text]),
      [
        ['/event/evening-yoga/2026-12-01/', 'Tuesday, December 1, 2026, 7:00 – 8:00 PM'],
        ['/event/evening-yoga/2026-12-15/', 'Tuesday, December 15, 2026, 7:00 – 8:00 PM'],
        ['/event/evening-yoga/2026-12-22/', 'Tuesday, December 22, 2026, 7:00 – 8:00 PM'],
        ['/event/evening-yoga/2026-12-29/', 'Tuesday, December 29, 2026, 7:00 – 8:00 PM'],
        ['/event/evening-yoga/all/', 'See all dates of this event'],
      ],
    );
    // The page of all its dates lists the six, in order, each linked to its own page.
    const all = await page('/event/evening-yoga/all/');
    assert.match(all, /<h1>All dates: Evening Yoga<\/h1>/);
    const dates = [...all.matchAll(/<h3 class="event-title"><a href="([^"]+)">Evening Yoga<\/a><\/h3>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    assert.deepEqual(
      dates,
      ['01', '08', '15', '22', '29']
        .map((day) => `/event/evening-yoga/2026-12-${day}/`)
        .concat(['/event/evening-yoga/2027-01-05/']),
    );
    assert.equal(hrefOf(all, '« Evening Yoga'), `${ORIGIN}/event/evening-yoga/`);
    // The API's archive filter behind it, for any client.
    const api = await t.request('anonymous', 'GET', `events?series=${events.yoga!.id}`);
    assert.equal(api.json<{ total: number }>().total, 6);
    // An event of no series has no notice; its "all dates" page is its own date.
    assert.ok(!(await page(path('jazz'))).includes('series-notice'));
    assert.equal((await t.request('anonymous', 'GET', '/event/no-such-event/all/')).statusCode, 404);
  });

  test('previous and next events link the neighbours by start', async () => {
    const body = await page(path('jazz'));
    const nav = partOf(body, 'nav', 'class="pager event-navigation"');
    assert.deepEqual(
      linksOf(nav).map((link) => link.text),
      ['Next event: Evening Yoga'],
    );
  });
});
