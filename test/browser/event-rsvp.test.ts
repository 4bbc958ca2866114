import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ICAL from 'ical.js';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { systemClock } from '../../src/clock.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import {
  launchChromium,
  openWatchedPage,
  pageErrors,
  screenshotFolder,
  seriousAxeViolations,
} from '../fixtures/browser.ts';
import { startSmtp, type LocalSmtp } from '../fixtures/smtp.ts';
import { until } from '../fixtures/wait.ts';

/*
 * The RSVP journey in Chromium (issue 46; decisions 0125, 0126), with the e-mail delivered to a
 * real SMTP server in this process: a visitor RSVPs on the event's page by its labels, lands on the
 * confirmation, gets the e-mail with its .ics and a QR code, changes the RSVP by the e-mail's link;
 * a second visitor joins the full ticket's waitlist and is promoted, with an e-mail, when places
 * are freed; the first cancels. axe-core finds no serious or critical violation at 390 and 1280 px.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const WIDTHS = [390, 1280] as const;
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

describe(`the RSVP journey in a browser (${DIALECT})`, () => {
  let smtp: LocalSmtp;
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let base: string;
  const shots = screenshotFolder('rsvp-screenshots');

  before(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      clock: systemClock,
      env: {
        CALENDAR_TIMEZONE: 'America/New_York',
        CALENDAR_SMTP_URL: smtp.url,
        CALENDAR_MAIL_FROM: 'Springfield Arts <calendar@springfield.example>',
        CALENDAR_MAIL_POLL_INTERVAL: '0.05',
      },
    });
    t.mailDispatcher!.start({ error: (error) => console.error(error) });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const event = await t.request('administrator', 'POST', 'events', {
      title: 'Community Supper',
      status: 'publish',
      start_date: '2027-03-04 18:00:00',
      end_date: '2027-03-04 21:00:00',
      timezone: 'America/New_York',
      description: '<p>A long table in the hall: bring a dish to share.</p>',
    });
    assert.equal(event.statusCode, 201, event.body);
    const eventId = event.json<Json>().id as number;
    const made = await t.request('administrator', 'POST', '/wp-json/tribe/tickets/v1/tickets', {
      event: eventId,
      name: 'A seat at the table',
      capacity: 2,
      waitlist: true,
      attendee_fields: [
        { label: 'Diet', type: 'choice', options: ['vegetarian', 'vegan', 'anything'], required: true },
        { label: 'I can help set up', type: 'checkbox' },
      ],
    });
    assert.equal(made.statusCode, 201, made.body);
    const paid = await t.request('administrator', 'POST', '/wp-json/tribe/tickets/v1/tickets', {
      event: eventId,
      name: 'Patron',
      price: 40,
      buy_url: 'https://tickets.example.org/supper',
    });
    assert.equal(paid.statusCode, 201, paid.body);
    browser = await launchChromium();
    context = await browser.newContext();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  const arrived = (address: string, subject: string) =>
    until(`"${subject}" to ${address}`, () =>
      smtp.received.find((mail) => mail.to.includes(address) && mail.parsed.subject === subject),
    );
  const check = async (page: Page, name: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await seriousAxeViolations(page), [], `${name} at ${width} px`);
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
    assert.deepEqual(pageErrors(page), [], `${name}: no script errors or CSP refusals`);
  };
  const rsvpOn = async (page: Page, fields: { name: string; email: string; places: string; diet: string }) => {
    const ticket = page.getByRole('region', { name: 'A seat at the table' });
    await ticket.getByLabel('Name').fill(fields.name);
    await ticket.getByLabel('E-mail').fill(fields.email);
    await ticket.getByLabel('How many places').fill(fields.places);
    await ticket.getByLabel('Diet').selectOption(fields.diet);
    return ticket;
  };

  test('RSVP, the e-mail with its .ics and QR code, a change by its link; the waitlist promoted; a cancellation', async () => {
    const page = await openWatchedPage(context, `${base}/event/community-supper/`);
    const ticket = page.getByRole('region', { name: 'A seat at the table' });
    assert.ok(await ticket.getByText('2 places left').isVisible());
    const patron = page.getByRole('region', { name: 'Patron' });
    assert.ok(await patron.getByText('Price: $40.00').isVisible());
    assert.equal(
      await patron.getByRole('link', { name: 'Buy: Patron' }).getAttribute('href'),
      'https://tickets.example.org/supper',
    );
    await check(page, 'event-with-rsvp');

    await page.setViewportSize({ width: 390, height: 900 });
    await rsvpOn(page, { name: 'Ada Lovelace', email: 'ada@example.org', places: '2', diet: 'vegan' });
    await ticket.getByLabel('I can help set up (optional)').check();
    // Sent by the keyboard, as a person without a pointer would.
    await ticket.getByRole('button', { name: 'RSVP' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your RSVP', level: 1 }).waitFor();
    assert.ok(await page.getByText('Thank you! A confirmation is on its way to ada@example.org.').isVisible());
    assert.ok(await page.getByText('You are going: 2 place(s).').isVisible());
    await check(page, 'rsvp-confirmation');

    const mail = await arrived('ada@example.org', "You're going: Community Supper");
    const ics = mail.parsed.attachments.find((attachment) => attachment.filename === 'event.ics')!;
    const vevent = new ICAL.Component(ICAL.parse(ics.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
    assert.equal(vevent.getFirstPropertyValue('summary'), 'Community Supper');
    const qr = mail.parsed.attachments.find((attachment) => attachment.contentType === 'image/png')!;
    const { data, info } = await sharp(qr.content).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = new URL(
      jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)!.data,
    );
    assert.equal(code.searchParams.get('event_qr_code'), '1');
    const link = /Change or cancel your RSVP: (\S+)/.exec(mail.parsed.text ?? '')![1]!;

    // The ticket is full: a second visitor joins its waitlist.
    const other = await openWatchedPage(context, `${base}/event/community-supper/`);
    const full = other.getByRole('region', { name: 'A seat at the table' });
    assert.ok(await full.getByText('This ticket is full: join the waitlist').isVisible());
    await check(other, 'event-full-waitlist');
    await rsvpOn(other, { name: 'Bo Peep', email: 'bo@example.org', places: '1', diet: 'anything' });
    await full.getByRole('button', { name: 'Join the waitlist' }).click();
    await other.getByText('You are on the waitlist for 1 place(s).').waitFor();
    await arrived('bo@example.org', "You're on the waitlist: Community Supper");

    // The first visitor opens the e-mail's link and gives one place back: the waitlist is promoted.
    const own = await openWatchedPage(context, link);
    assert.equal(await own.getByLabel('How many places').inputValue(), '2');
    assert.equal(await own.getByLabel('Diet').inputValue(), 'vegan');
    await own.getByLabel('How many places').fill('1');
    await own.getByRole('button', { name: 'Save changes' }).click();
    await own.getByText('Your RSVP is changed. The places you freed went to the waitlist.').waitFor();
    assert.ok(await own.getByText('You are going: 1 place(s).').isVisible());
    await check(own, 'rsvp-changed');
    const promotion = await arrived('bo@example.org', 'A place is yours: Community Supper');
    assert.ok(
      promotion.parsed.attachments.some((attachment) => attachment.contentType === 'image/png'),
      "the promoted visitor's QR code",
    );

    // And cancels.
    await own.getByRole('button', { name: 'Cancel my RSVP' }).click();
    await own.getByText('Your RSVP is cancelled.').waitFor();
    assert.ok(await own.getByText('This RSVP is cancelled.').isVisible());
    const attendees = (
      await t.request('administrator', 'GET', '/wp-json/tribe/tickets/v1/attendees?per_page=50')
    ).json<Json>().attendees as Json[];
    assert.deepEqual(attendees.map((seat) => [seat.email, seat.rsvp_status]).sort(), [
      ['ada@example.org', 'cancelled'],
      ['ada@example.org', 'cancelled'],
      ['bo@example.org', 'going'],
    ]);

    // A link changed by hand says so.
    const broken = await openWatchedPage(
      context,
      link.replace(/.\/$/, (last) => `${last[0] === 'A' ? 'B' : 'A'}/`),
    );
    assert.ok(await broken.getByRole('heading', { name: /This link to an RSVP is not valid/ }).isVisible());
  });
});
