import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ICAL from 'ical.js';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { systemClock } from '../../src/clock.ts';
import { assertError, createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { startSmtp, type LocalSmtp } from '../fixtures/smtp.ts';
import { until } from '../fixtures/wait.ts';

/*
 * A visitor's RSVP sends them a confirmation through the e-mail outbox (issue 46; decisions 0111,
 * 0112, 0113), to a real SMTP server in this process: it arrives once with the event's details,
 * its .ics and a QR code the door's check-in accepts; a refused RSVP sends nothing; with e-mail
 * off the RSVP still works and its message is kept as `off`.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ET = '/wp-json/tribe/tickets/v1';
const FROM = 'Springfield Arts <calendar@springfield.example>';

/** jsqr is CommonJS whose `default` is the decoder. */
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/** The text a QR code's PNG encodes, and it as a URL. */
async function decoded(png: Buffer): Promise<{ text: string; searchParams: URLSearchParams }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  assert.ok(found, 'the QR code decodes');
  return { text: found.data, searchParams: new URL(found.data).searchParams };
}

async function ticketFor(t: TestApp, title: string, capacity: number): Promise<{ event: number; ticket: number }> {
  const event = (
    await createRecord(t, 'events', {
      title,
      status: 'publish',
      start_date: '2027-03-04 19:00:00',
      end_date: '2027-03-04 22:00:00',
      timezone: 'America/New_York',
    })
  ).id;
  const made = await t.request('administrator', 'POST', `${ET}/tickets`, { event, name: 'Free seat', capacity });
  assert.equal(made.statusCode, 201, made.body);
  return { event, ticket: made.json<Json>().id as number };
}

const rsvp = (t: TestApp, ticket: number, body: Json) =>
  t.request('anonymous', 'POST', `tickets/${ticket}/rsvps`, body);

/** A ticket of one place that keeps a waitlist (decision 0126). */
async function waitlistTicketFor(t: TestApp, title: string): Promise<number> {
  const { ticket } = await ticketFor(t, title, 1);
  assert.equal(
    (await t.request('administrator', 'PATCH', `${ET}/tickets/${ticket}`, { waitlist: true })).statusCode,
    200,
  );
  return ticket;
}

/** Cancels an RSVP by the form of its signed page (decision 0125). */
async function cancelAt(t: TestApp, manageUrl: string): Promise<void> {
  const cancelled = await t.app.inject({
    method: 'POST',
    url: new URL(manageUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=cancel',
  });
  assert.equal(cancelled.statusCode, 303);
}

/** The app of a site whose e-mail goes to a real SMTP server in this process, its sender running. */
async function mailingApp(env: Record<string, string> = {}): Promise<{ smtp: LocalSmtp; t: TestApp }> {
  const smtp = await startSmtp();
  const t = await createTestApp({
    clock: systemClock,
    env: { ...env, CALENDAR_SMTP_URL: smtp.url, CALENDAR_MAIL_FROM: FROM, CALENDAR_MAIL_POLL_INTERVAL: '0.05' },
  });
  t.mailDispatcher!.start({ error: (error) => console.error(error) });
  return { smtp, t };
}

describe(`RSVP confirmations by e-mail (${DIALECT})`, () => {
  let smtp: LocalSmtp;
  let t: TestApp;

  before(async () => {
    ({ smtp, t } = await mailingApp());
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  const arrivedTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  test('an RSVP arrives once: headers, text and HTML, the .ics of the event, and a QR code the check-in accepts', async () => {
    const { event, ticket } = await ticketFor(t, 'Jazz & Blues Night', 10);
    const answer = await rsvp(t, ticket, { name: 'Ada', email: ' ada@example.org ', quantity: 2 });
    assert.equal(answer.statusCode, 201, answer.body);
    const [firstSeat] = answer.json<Json>().attendees as { id: number; security_code: string }[];
    const [received] = await until('the confirmation arrived', () =>
      arrivedTo('ada@example.org').length > 0 ? arrivedTo('ada@example.org') : undefined,
    );
    const { parsed } = received!;
    assert.equal(parsed.from?.text, '"Springfield Arts" <calendar@springfield.example>');
    assert.equal((Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.text, 'ada@example.org');
    assert.equal(parsed.subject, "You're going: Jazz & Blues Night");
    assert.match(
      parsed.text ?? '',
      /^Hello Ada,\nyour 2 places are booked\.\nTicket: Free seat\n\nJazz & Blues Night\nWhen: Thursday 4 March 2027, 19:00 – 22:00 \(America\/New_York\)/,
    );
    assert.match(String(parsed.html), /<h1[^>]*>Jazz &amp; Blues Night<\/h1>/);

    const ics = parsed.attachments.find((attachment) => attachment.filename === 'event.ics');
    assert.ok(ics, 'the .ics is attached');
    const vevent = new ICAL.Component(ICAL.parse(ics.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
    assert.equal(vevent.getFirstPropertyValue('summary'), 'Jazz & Blues Night');
    assert.equal(
      (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      '2027-03-05T00:00:00.000Z',
      '19:00 in New York',
    );

    const qr = parsed.attachments.find((attachment) => attachment.contentType === 'image/png');
    assert.ok(qr, 'the QR code is attached');
    const { data, info } = await sharp(qr.content).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = new URL(
      jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)!.data,
    );
    assert.equal(code.searchParams.get('event_qr_code'), '1');
    assert.equal(code.searchParams.get('event_id'), String(event));
    assert.equal(code.searchParams.get('ticket_id'), String(firstSeat!.id), "the order's first seat");
    assert.equal(code.searchParams.get('security_code'), firstSeat!.security_code);
    const checkIn = await t.request('administrator', 'POST', `${ET}/qr`, {
      ticket_id: Number(code.searchParams.get('ticket_id')),
      security_code: code.searchParams.get('security_code'),
    });
    assert.equal(checkIn.statusCode, 200, checkIn.body);

    const outbox = (await t.request('administrator', 'GET', 'mail/outbox?status=sent')).json<Json>();
    assert.equal(
      outbox.messages.filter((row: Json) => row.to === 'ada@example.org').length,
      1,
      'one message for the order of two seats',
    );
    assert.equal(arrivedTo('ada@example.org').length, 1, 'arrived once');
  });

  test('an RSVP for 3 places carries 3 QR codes, listed in text and HTML, each checking in its own seat', async () => {
    const { event, ticket } = await ticketFor(t, 'Trio evening', 10);
    const answer = await rsvp(t, ticket, { name: 'Gus', email: 'gus@example.org', quantity: 3 });
    assert.equal(answer.statusCode, 201, answer.body);
    const seats = answer.json<Json>().attendees as { id: number; security_code: string }[];
    assert.equal(seats.length, 3);
    const [received] = await until('the confirmation arrived', () =>
      arrivedTo('gus@example.org').length > 0 ? arrivedTo('gus@example.org') : undefined,
    );
    const { parsed } = received!;
    const pngs = parsed.attachments.filter((attachment) => attachment.contentType === 'image/png');
    assert.equal(pngs.length, 3, 'one QR code per seat');
    const codes = await Promise.all(pngs.map((png) => decoded(png.content)));
    assert.deepEqual(
      codes.map((code) => [
        code.searchParams.get('ticket_id'),
        code.searchParams.get('security_code'),
        code.searchParams.get('event_id'),
      ]),
      seats.map((seat) => [String(seat.id), seat.security_code, String(event)]),
      "each seat's own code, in the order's order",
    );
    const html = String(parsed.html);
    for (const [index, png] of pngs.entries()) {
      assert.ok(png.cid, 'shown inline');
      assert.ok(html.includes(`src="cid:${png.cid}"`), `the HTML part shows code ${index + 1}`);
      assert.ok(
        (parsed.text ?? '').includes(`Place ${index + 1} of 3: show this code at the door: ${codes[index]!.text}`),
        `the text part lists code ${index + 1}`,
      );
    }
    for (const code of codes) {
      const checkIn = await t.request('administrator', 'POST', `${ET}/qr`, {
        ticket_id: Number(code.searchParams.get('ticket_id')),
        security_code: code.searchParams.get('security_code'),
      });
      assert.equal(checkIn.statusCode, 200, checkIn.body);
    }
    const attendees = (
      await t.request('administrator', 'GET', `${ET}/attendees?post_id=${event}&per_page=10`)
    ).json<Json>().attendees as Json[];
    assert.deepEqual(
      attendees.map((attendee) => [attendee.id, attendee.checked_in]).sort(),
      seats.map((seat) => [seat.id, true]).sort(),
      'every seat checked in by its own code',
    );
    console.log(
      `# a confirmation of 3 places: ${received!.raw.length} bytes, QR PNGs ${pngs.map((png) => png.content.length).join(' + ')} bytes`,
    );
  });

  test('the confirmation carries the signed link to change or cancel; a promotion from the waitlist arrives with its QR code (decisions 0125, 0126)', async () => {
    const ticket = await waitlistTicketFor(t, 'Tiny gig');
    const first = await rsvp(t, ticket, { name: 'Eve', email: 'eve@example.org' });
    assert.equal(first.statusCode, 201, first.body);
    const waiting = await rsvp(t, ticket, { name: 'Fay', email: 'fay@example.org', waitlist: true });
    assert.equal(waiting.statusCode, 201, waiting.body);
    assert.equal(waiting.json<Json>().status, 'waitlisted');
    const [confirmation] = await until('the confirmation arrived', () =>
      arrivedTo('eve@example.org').length > 0 ? arrivedTo('eve@example.org') : undefined,
    );
    const link = /Change or cancel your RSVP: (\S+)/.exec(confirmation!.parsed.text ?? '')?.[1];
    assert.equal(link, first.json<Json>().manage_url, "the link of the API's answer");
    assert.match(String(confirmation!.parsed.html), /<a href="[^"]+\/rsvp\/[^"]+">Change or cancel your RSVP<\/a>/);
    assert.equal((await t.request('anonymous', 'GET', new URL(link!).pathname)).statusCode, 200);
    const [onList] = await until('the waitlist message arrived', () =>
      arrivedTo('fay@example.org').length > 0 ? arrivedTo('fay@example.org') : undefined,
    );
    assert.equal(onList!.parsed.subject, "You're on the waitlist: Tiny gig");
    assert.equal(
      onList!.parsed.attachments.filter((attachment) => attachment.contentType === 'image/png').length,
      0,
      'no QR code while waiting',
    );
    await cancelAt(t, link!);
    const promoted = await until('the promotion arrived', () =>
      arrivedTo('fay@example.org').find((mail) => mail.parsed.subject === 'A place is yours: Tiny gig'),
    );
    const qr = promoted.parsed.attachments.find((attachment) => attachment.contentType === 'image/png');
    assert.ok(qr, 'the QR code of the promoted seat');
    const { data, info } = await sharp(qr.content).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = new URL(
      jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)!.data,
    );
    assert.equal(code.searchParams.get('ticket_id'), String(waiting.json<Json>().attendees[0].id));
    assert.ok(promoted.parsed.attachments.some((attachment) => attachment.filename === 'event.ics'));
  });

  test('a refused RSVP (not enough places left) sends nothing', async () => {
    const { ticket } = await ticketFor(t, 'Small room', 1);
    assertError(
      await rsvp(t, ticket, { name: 'Bo', email: 'bo@example.org', quantity: 2 }),
      409,
      'ticket-capacity-not-available',
    );
    assert.equal((await rsvp(t, ticket, { name: 'Cy', email: 'cy@example.org' })).statusCode, 201);
    await until('the accepted RSVP arrived', () => arrivedTo('cy@example.org').length === 1);
    assert.equal(arrivedTo('bo@example.org').length, 0);
    const outbox = (await t.request('administrator', 'GET', 'mail/outbox?per_page=100')).json<Json>();
    assert.equal(
      outbox.messages.filter((row: Json) => row.to === 'bo@example.org').length,
      0,
      'nothing written for the refused RSVP',
    );
  });
});

describe(`RSVP messages on a French site (${DIALECT}; decision 0135)`, () => {
  let smtp: LocalSmtp;
  let t: TestApp;

  before(async () => {
    ({ smtp, t } = await mailingApp({ CALENDAR_DEFAULT_LANGUAGE: 'fr' }));
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  const arrived = (address: string, subject: string) =>
    until(`"${subject}" arrived to ${address}`, () =>
      smtp.received.find((mail) => mail.to.includes(address) && mail.parsed.subject === subject),
    );

  test("a confirmation speaks the site's language: subject, greeting, places, dates, link and QR captions in text and HTML; its .ics parses and its codes decode", async () => {
    const { event, ticket } = await ticketFor(t, "Concert d'été", 10);
    const answer = await rsvp(t, ticket, { name: 'Ada', email: 'ada@example.org', quantity: 2 });
    assert.equal(answer.statusCode, 201, answer.body);
    const seats = answer.json<Json>().attendees as { id: number; security_code: string }[];
    const { parsed } = await arrived('ada@example.org', "Inscription confirmée : Concert d'été");
    const text = parsed.text ?? '';
    assert.match(
      text,
      /^Bonjour Ada,\nVos 2 places sont réservées\.\nBillet : Free seat\n\nConcert d'été\nQuand : jeudi 4 mars 2027, 19:00 – 22:00 \(America\/New_York\)\n/,
    );
    assert.ok(text.includes(`Modifier ou annuler votre inscription : ${answer.json<Json>().manage_url}`), text);
    assert.ok(text.includes('Ajoutez-le à votre agenda avec le fichier event.ics joint.'), text);
    const html = String(parsed.html);
    assert.match(html, /<th [^>]*>Quand<\/th><td>jeudi 4 mars 2027, 19:00 – 22:00 \(America\/New_York\)<\/td>/);
    assert.match(html, /<a href="[^"]+\/rsvp\/[^"]+">Modifier ou annuler votre inscription<\/a>/);
    assert.doesNotMatch(`${parsed.subject}\n${text}\n${html}`, /You're|Hello|booked|When|Change or cancel|at the door/);

    const ics = parsed.attachments.find((attachment) => attachment.filename === 'event.ics');
    assert.ok(ics, 'the .ics is attached');
    const calendar = new ICAL.Component(ICAL.parse(ics.content.toString('utf8')));
    assert.match(String(calendar.getFirstPropertyValue('prodid')), /\/\/FR$/i, "the .ics in the site's language");
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    assert.equal(vevent.getFirstPropertyValue('summary'), "Concert d'été");
    assert.equal(
      (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      '2027-03-05T00:00:00.000Z',
    );

    const pngs = parsed.attachments.filter((attachment) => attachment.contentType === 'image/png');
    const codes = await Promise.all(pngs.map((png) => decoded(png.content)));
    assert.deepEqual(
      codes.map((code) => [code.searchParams.get('ticket_id'), code.searchParams.get('event_id')]),
      seats.map((seat) => [String(seat.id), String(event)]),
    );
    for (const [index, code] of codes.entries()) {
      const caption = `Place ${index + 1} sur 2 : présentez ce code à l’entrée`;
      assert.ok(text.includes(`${caption} : ${code.text}`), `the text part's caption of code ${index + 1}`);
      assert.ok(
        html.includes(`<p>${caption}<br><img src="cid:${pngs[index]!.cid}"`),
        `the HTML part's caption of code ${index + 1}`,
      );
    }
  });

  test('the not-going answer, the waitlist and the promotion from it speak French too, with its plurals', async () => {
    const ticket = await waitlistTicketFor(t, 'Petit concert');
    const first = await rsvp(t, ticket, { name: 'Eve', email: 'eve@example.org' });
    assert.equal(first.statusCode, 201, first.body);
    const declined = await rsvp(t, ticket, { name: 'Gil', email: 'gil@example.org', going: false });
    assert.equal(declined.statusCode, 201, declined.body);
    const waiting = await rsvp(t, ticket, { name: 'Fay', email: 'fay@example.org', waitlist: true });
    assert.equal(waiting.statusCode, 201, waiting.body);

    const going = await arrived('eve@example.org', 'Inscription confirmée : Petit concert');
    assert.match(going.parsed.text ?? '', /^Bonjour Eve,\nVotre place est réservée\.\n/);
    assert.ok((going.parsed.text ?? '').includes('\nPrésentez ce code à l’entrée : '), 'one place: no "Place 1 sur 1"');
    const no = await arrived('gil@example.org', 'Votre réponse : Petit concert');
    assert.match(no.parsed.text ?? '', /^Bonjour Gil,\nNous avons bien reçu votre réponse : vous ne venez pas\.\n/);
    const onList = await arrived('fay@example.org', 'Vous êtes sur la liste d’attente : Petit concert');
    assert.match(
      onList.parsed.text ?? '',
      /^Bonjour Fay,\nL’événement est complet : vous êtes sur sa liste d’attente pour une place\. Nous vous écrirons dès qu’une place se libérera pour vous\.\n/,
    );

    await cancelAt(t, first.json<Json>().manage_url);
    const promoted = await arrived('fay@example.org', 'Une place pour vous : Petit concert');
    assert.match(
      promoted.parsed.text ?? '',
      /^Bonjour Fay,\nDes places se sont libérées : votre place, sur la liste d’attente, est maintenant réservée\.\n/,
    );
    const qr = promoted.parsed.attachments.find((attachment) => attachment.contentType === 'image/png');
    assert.ok(qr, 'the QR code of the promoted seat');
    assert.equal(
      (await decoded(qr.content)).searchParams.get('ticket_id'),
      String(waiting.json<Json>().attendees[0].id),
    );
  });
});

describe(`RSVPs with e-mail off (${DIALECT})`, () => {
  let t: TestApp;

  before(async () => {
    t = await createTestApp({ clock: systemClock });
  });
  after(() => t.close());

  test('the RSVP is taken and its confirmation kept as off', async () => {
    assert.equal(t.mailDispatcher, undefined);
    const { ticket } = await ticketFor(t, 'Quiet evening', 5);
    assert.equal((await rsvp(t, ticket, { name: 'Di', email: 'di@example.org' })).statusCode, 201);
    const outbox = (await t.request('administrator', 'GET', 'mail/outbox')).json<Json>();
    assert.equal(outbox.enabled, false);
    assert.deepEqual(
      outbox.messages.filter((row: Json) => row.to === 'di@example.org').map((row: Json) => row.status),
      ['off'],
    );
  });
});
