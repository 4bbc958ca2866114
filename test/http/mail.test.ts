import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ICAL from 'ical.js';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { systemClock } from '../../src/clock.ts';
import { eventMail } from '../../src/modules/mail/event-mail.ts';
import type { MailMessage } from '../../src/modules/mail/message.ts';
import { Urls } from '../../src/urls.ts';
import { assertError, createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { startSmtp, type LocalSmtp, type ReceivedMail } from '../fixtures/smtp.ts';
import { until } from '../fixtures/wait.ts';

/*
 * E-mail through the outbox to a real SMTP server in this process (issue 46 item 4; decisions
 * 0112, 0113): what arrives (headers, text and HTML, the .ics, the QR code), a unit rolled back
 * sends nothing, an outage is waited out and the message arrives once, a refusal or the last retry
 * fails it with the server's answer kept, and the admin's routes show and retry it.
 */

const FROM = 'Springfield Arts <calendar@springfield.example>';
/** Three retries, a tenth of a second apart: a message fails for good at its fourth attempt. */
const RETRIES = 3;

interface OutboxAnswer {
  enabled: boolean;
  counts: Record<string, number>;
  total: number;
  messages: {
    id: number;
    to: string;
    status: string;
    attempts: number;
    last_error: string | null;
    message_id: string;
    sent_at: string | null;
    reference: string;
  }[];
}

/** jsqr is CommonJS whose `default` is the decoder. */
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

const message = (to: string, subject: string): MailMessage => ({
  to,
  subject,
  text: `${subject}, in text.`,
  html: `<p>${subject}, in HTML.</p>`,
  reference: 'test:outbox',
});

describe(`e-mail through the outbox (${DIALECT})`, () => {
  let smtp: LocalSmtp;
  let t: TestApp;

  before(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      // Retries are due by the wall clock: the dispatcher compares it with each message's next attempt.
      clock: systemClock,
      env: {
        CALENDAR_SMTP_URL: smtp.url,
        CALENDAR_MAIL_FROM: FROM,
        CALENDAR_MAIL_POLL_INTERVAL: '0.05',
        CALENDAR_MAIL_TIMEOUT: '1',
        CALENDAR_MAIL_RETRY_DELAYS: Array(RETRIES).fill('0.1').join(','),
      },
    });
    t.mailDispatcher!.start({ error: (error) => console.error(error) });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  const enqueue = (mail: MailMessage) => t.storage.write((tx) => t.services.mail.enqueue(tx, mail));
  const outbox = async (query = '') => {
    const answer = await t.request('administrator', 'GET', `mail/outbox${query}`);
    assert.equal(answer.statusCode, 200, answer.body);
    return answer.json<OutboxAnswer>();
  };
  const row = async (id: number) =>
    (await t.request('administrator', 'GET', `mail/outbox/${id}`)).json<OutboxAnswer['messages'][number]>();
  const arrived = (messageId: string) => smtp.received.filter((mail) => mail.parsed.messageId === messageId);

  test('an event message arrives whole: headers, text and HTML, an .ics that parses and a QR code that decodes', async () => {
    const venue = await createRecord(t, 'venues', {
      venue: 'Blue Hall',
      address: '1 Main Street',
      city: 'Springfield',
      status: 'publish',
    });
    const created = await createRecord(t, 'events', {
      title: 'Jazz & Blues Night',
      status: 'publish',
      start_date: '2027-03-04 19:00:00',
      end_date: '2027-03-04 22:00:00',
      timezone: 'America/New_York',
      venue: venue.id,
    });
    const { event } = await t.storage.read((tx) =>
      t.services.calendarFeeds.single(tx, { id: created.id }, null, {}, 'en'),
    );
    const mail = await eventMail({
      to: 'ada@example.org',
      subject: "You're going: Jazz & Blues Night",
      intro: ['Hello Ada,', 'your place is booked.'],
      event,
      context: {
        urls: new Urls('http://127.0.0.1:8080', { restPrefix: '', publicUrl: undefined, siteUrl: undefined }),
        uidHost: 'springfield.example',
      },
      links: [{ label: 'Change or cancel your RSVP', url: 'http://127.0.0.1:8080/rsvp/abc?token=xyz' }],
      qrs: [{ text: 'ATTENDEE-42-7f3a', caption: 'Your ticket' }],
      reference: 'attendee:42',
    });
    const written = await enqueue(mail);
    assert.match(
      written.message_id,
      /^<[0-9a-f-]{36}@springfield\.example>$/,
      'the Message-ID is chosen at once, on the From address domain',
    );
    const [received] = await until('the message arrived', () =>
      arrived(written.message_id).length > 0 ? arrived(written.message_id) : undefined,
    );
    const { parsed } = received!;
    assert.deepEqual(received!.to, ['ada@example.org']);
    assert.equal(received!.from, 'calendar@springfield.example');
    assert.equal(parsed.from?.text, '"Springfield Arts" <calendar@springfield.example>');
    assert.equal((Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.text, 'ada@example.org');
    assert.equal(parsed.subject, "You're going: Jazz & Blues Night");
    assert.ok(
      parsed.date && Math.abs(parsed.date.getTime() - Date.now()) < 60_000,
      `Date is the attempt's: ${String(parsed.date)}`,
    );
    assert.equal(parsed.headers.get('auto-submitted'), 'auto-generated');
    assert.match(
      parsed.text ?? '',
      /^Hello Ada,\nyour place is booked\.\n\nJazz & Blues Night\nWhen: Thursday 4 March 2027, 19:00 – 22:00 \(America\/New_York\)\nWhere: Blue Hall, 1 Main Street, Springfield/,
    );
    assert.match(parsed.text ?? '', /Change or cancel your RSVP: http:\/\/127\.0\.0\.1:8080\/rsvp\/abc\?token=xyz/);
    assert.match(String(parsed.html), /<h1[^>]*>Jazz &amp; Blues Night<\/h1>/);
    assert.match(
      String(parsed.html),
      /<a href="http:\/\/127\.0\.0\.1:8080\/rsvp\/abc\?token=xyz">Change or cancel your RSVP<\/a>/,
    );

    const ics = parsed.attachments.find((attachment) => attachment.filename === 'event.ics');
    assert.ok(ics, 'the .ics is attached');
    assert.match(ics.contentType, /^text\/calendar/);
    const vevent = new ICAL.Component(ICAL.parse(ics.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
    assert.equal(vevent.getFirstPropertyValue('summary'), 'Jazz & Blues Night');
    assert.equal(vevent.getFirstPropertyValue('uid'), `event-${created.id}@springfield.example`);
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    assert.equal(start.toJSDate().toISOString(), '2027-03-05T00:00:00.000Z', '19:00 in New York');
    assert.match(String(vevent.getFirstPropertyValue('location')), /Blue Hall/);

    const qr = parsed.attachments.find((attachment) => attachment.contentType === 'image/png');
    assert.ok(qr, 'the QR code is attached');
    assert.equal(qr.cid, 'qr-code-1@calendar');
    assert.match(String(parsed.html), /<img src="cid:qr-code-1@calendar" alt="Your ticket: ATTENDEE-42-7f3a">/);
    const { data, info } = await sharp(qr.content).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    assert.equal(
      jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data,
      'ATTENDEE-42-7f3a',
    );

    const shown = await until('the outbox shows it sent', async () =>
      (await row(written.id)).status === 'sent' ? row(written.id) : undefined,
    );
    assert.equal(shown.attempts, 1);
    assert.equal(shown.message_id, written.message_id);
    assert.equal(shown.reference, 'attendee:42');
    assert.ok(shown.sent_at);
  });

  test('a unit of work rolled back sends nothing', async () => {
    const before = (await outbox()).total;
    await assert.rejects(
      t.storage.write(async (tx) => {
        await t.services.mail.enqueue(tx, message('rolled@example.org', 'Never sent'));
        throw new Error('the caller changed its mind');
      }),
      /changed its mind/,
    );
    const after = await enqueue(message('kept@example.org', 'Sent after the rolled back one'));
    await until('the next message arrived', () => arrived(after.message_id).length === 1);
    assert.equal((await outbox()).total, before + 1, 'only the committed message is in the outbox');
    assert.equal(smtp.received.filter((mail) => mail.parsed.subject === 'Never sent').length, 0);
  });

  test('a server answering 451 is retried with backoff, and the message arrives once when it accepts', async () => {
    smtp.answer('defer');
    const written = await enqueue(message('patient@example.org', 'Deferred then accepted'));
    const deferred = await until('two deferrals recorded', async () => {
      const shown = await row(written.id);
      return shown.attempts >= 2 ? shown : undefined;
    });
    assert.equal(deferred.status, 'pending');
    assert.match(deferred.last_error ?? '', /451/);
    assert.equal(arrived(written.message_id).length, 0);
    smtp.answer('accept');
    await until('sent', async () => (await row(written.id)).status === 'sent');
    assert.equal(arrived(written.message_id).length, 1, 'arrived exactly once');
  });

  test('a server that is down is waited out: the message goes when it listens again, once', async () => {
    await smtp.pause();
    try {
      const written = await enqueue(message('outage@example.org', 'Sent after the outage'));
      const refused = await until('an attempt failed to connect', async () => {
        const shown = await row(written.id);
        return shown.attempts >= 1 ? shown : undefined;
      });
      assert.match(refused.last_error ?? '', /ECONNREFUSED|connect/i);
      await smtp.resume();
      await until('sent', async () => (await row(written.id)).status === 'sent');
      assert.equal(arrived(written.message_id).length, 1);
    } finally {
      await smtp.resume().catch(() => undefined);
    }
  });

  test(`a refusal (550) fails the message at once; ${RETRIES + 1} deferrals fail it too; both keep the last answer and may be retried`, async () => {
    smtp.answer('refuse');
    const refused = await enqueue(message('nobody@example.org', 'Refused'));
    const failed = await until('failed', async () =>
      (await row(refused.id)).status === 'failed' ? row(refused.id) : undefined,
    );
    assert.equal(failed.attempts, 1, 'a permanent refusal is not retried');
    assert.match(failed.last_error ?? '', /550 No such mailbox/);

    smtp.answer('defer');
    const deferred = await enqueue(message('later@example.org', 'Deferred for good'));
    const exhausted = await until('failed after every retry', async () =>
      (await row(deferred.id)).status === 'failed' ? row(deferred.id) : undefined,
    );
    assert.equal(exhausted.attempts, RETRIES + 1);
    assert.match(exhausted.last_error ?? '', /451 Try again later/);
    assert.equal(
      (await outbox('?status=failed')).messages.some((listed) => listed.id === deferred.id),
      true,
    );

    smtp.answer('accept');
    const retried = await t.request('administrator', 'POST', `mail/outbox/${deferred.id}/retry`);
    assert.equal(retried.statusCode, 202, retried.body);
    assert.equal(retried.json<{ status: string; attempts: number }>().status, 'pending');
    assert.equal(retried.json<{ attempts: number }>().attempts, 0);
    await until('sent after the retry', async () => (await row(deferred.id)).status === 'sent');
    assert.equal(arrived(deferred.message_id).length, 1);
    assertError(
      await t.request('administrator', 'POST', `mail/outbox/${deferred.id}/retry`),
      409,
      'mail_not_retryable',
    );
  });

  test('the outbox is for administrators: listed newest first, filtered, paged; unknown ids 404', async () => {
    assertError(await t.request('anonymous', 'GET', 'mail/outbox'), 401, 'rest_forbidden');
    assertError(await t.request('editor', 'GET', 'mail/outbox'), 403, 'rest_forbidden');
    assertError(await t.request('editor', 'POST', 'mail/outbox/1/retry'), 403, 'rest_forbidden');
    const all = await outbox('?per_page=2');
    assert.equal(all.enabled, true);
    assert.equal(all.messages.length, 2);
    assert.ok(all.messages[0]!.id > all.messages[1]!.id, 'newest first');
    const page = await t.request('administrator', 'GET', 'mail/outbox?per_page=2&page=2');
    assert.equal(page.headers['x-tec-total'], String(all.total));
    assert.equal(all.counts.sent! + all.counts.failed! + all.counts.pending! + all.counts.off!, all.total);
    for (const listed of (await outbox('?status=sent&per_page=100')).messages) assert.equal(listed.status, 'sent');
    assertError(await t.request('administrator', 'GET', 'mail/outbox?status=lost'), 400, 'rest_invalid_param');
    assertError(await t.request('administrator', 'GET', 'mail/outbox/999999'), 404, 'mail_not_found');
    assertError(await t.request('administrator', 'POST', 'mail/outbox/999999/retry'), 404, 'mail_not_found');
  });

  test('an administrator sends a test message', async () => {
    assertError(
      await t.request('administrator', 'POST', 'mail/test', { to: 'not an address' }),
      400,
      'rest_invalid_param',
    );
    assertError(
      await t.request('administrator', 'POST', 'mail/test', { to: 'a@example.org\r\nBcc: b@example.org' }),
      400,
      'rest_invalid_param',
    );
    const answer = await t.request('administrator', 'POST', 'mail/test', { to: 'admin@example.org' });
    assert.equal(answer.statusCode, 202, answer.body);
    const { message_id: messageId } = answer.json<{ message_id: string }>();
    const [received] = await until('the test message arrived', () =>
      arrived(messageId).length > 0 ? arrived(messageId) : undefined,
    );
    assert.equal((received as ReceivedMail).parsed.subject, 'Test message from the calendar');
  });
});

describe(`e-mail off (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('without CALENDAR_SMTP_URL messages are kept as not sent, the admin says e-mail is off, and nothing is sent unasked', async () => {
    assert.equal(t.mailDispatcher, undefined, 'no node sends');
    const kept = await t.storage.write((tx) => t.services.mail.enqueue(tx, message('guest@example.org', 'Kept')));
    assert.equal(kept.status, 'off');
    const answer = await t.request('administrator', 'GET', 'mail/outbox');
    assert.equal(answer.statusCode, 200);
    const body = answer.json<OutboxAnswer>();
    assert.equal(body.enabled, false);
    assert.equal(body.counts.off, 1);
    assert.deepEqual(
      body.messages.map((listed) => [listed.to, listed.status]),
      [['guest@example.org', 'off']],
    );
    assertError(await t.request('administrator', 'POST', `mail/outbox/${kept.id}/retry`), 409, 'mail_off');
    assertError(await t.request('administrator', 'POST', 'mail/test', { to: 'admin@example.org' }), 409, 'mail_off');
  });
});
