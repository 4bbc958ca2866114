import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { systemClock } from '../../src/clock.ts';
import { assertError, createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { startSmtp, type LocalSmtp } from '../fixtures/smtp.ts';
import { until } from '../fixtures/wait.ts';

/*
 * What the admin's attendee screens call besides the original's routes (issue 46 item 5, decision
 * 0127): cancelling a seat, the confirmation e-mail sent again through the outbox, and the
 * attendee list as CSV (`Accept: text/csv`): for those who may edit the event only.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ET = '/wp-json/tribe/tickets/v1';
const CSV = { accept: 'text/csv' };
const csvRows = (body: string) => parse<Record<string, string>>(body, { bom: true, columns: true });

async function ticketFor(
  t: TestApp,
  title: string,
  capacity: number,
  as: 'administrator' | 'author' = 'administrator',
  extra: Json = {},
): Promise<{ event: number; ticket: number }> {
  const event = (
    await createRecord(
      t,
      'events',
      { title, status: 'publish', start_date: '2027-03-04 19:00:00', end_date: '2027-03-04 22:00:00' },
      as,
    )
  ).id;
  const made = await t.request(as, 'POST', `${ET}/tickets`, { event, name: 'Free seat', capacity, ...extra });
  assert.equal(made.statusCode, 201, made.body);
  return { event, ticket: made.json<Json>().id as number };
}

const rsvp = async (t: TestApp, ticket: number, body: Json) => {
  const answer = await t.request('anonymous', 'POST', `tickets/${ticket}/rsvps`, body);
  assert.equal(answer.statusCode, 201, answer.body);
  return answer.json<Json>().attendees as { id: number; security_code: string }[];
};

describe(`the attendee desk: cancel and CSV (${DIALECT})`, () => {
  let t: TestApp;

  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('cancelling a seat frees its place and checks it out; only those who may edit the event may; again is harmless', async () => {
    const { ticket } = await ticketFor(t, 'Cancel night', 2, 'author');
    const [seat] = await rsvp(t, ticket, { name: 'Ann', email: 'ann@example.org' });
    await rsvp(t, ticket, { name: 'Bob', email: 'bob@example.org' });
    assert.equal(
      (await t.request('author', 'GET', `${ET}/tickets/${ticket}`)).json<Json>().availability.status,
      'sold_out',
    );
    assert.equal((await t.request('author', 'POST', `attendees/${seat!.id}/check-in`)).statusCode, 200);
    assertError(await t.request('anonymous', 'POST', `attendees/${seat!.id}/cancel`), 401, 'attendee-not-accessible');
    assertError(await t.request('subscriber', 'POST', `attendees/${seat!.id}/cancel`), 403, 'attendee-not-accessible');
    assertError(await t.request('contributor', 'POST', `attendees/${seat!.id}/cancel`), 403, 'attendee-not-accessible');
    assertError(await t.request('author', 'POST', 'attendees/999999/cancel'), 404, 'attendee-not-found');
    assertError(await t.request('author', 'POST', `${ET}/attendees/${seat!.id}/cancel`), 404, 'rest_no_route');
    const cancelled = await t.request('author', 'POST', `attendees/${seat!.id}/cancel`);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json<Json>().rsvp_status, 'cancelled');
    assert.equal(cancelled.json<Json>().checked_in, false);
    assert.deepEqual((await t.request('author', 'GET', `${ET}/tickets/${ticket}`)).json<Json>().availability, {
      status: 'available',
      available: 1,
      sold: 1,
      pending: 0,
    });
    assert.equal(
      (await t.request('author', 'POST', `attendees/${seat!.id}/cancel`)).json<Json>().rsvp_status,
      'cancelled',
      'again is harmless',
    );
    assertError(await t.request('author', 'POST', `attendees/${seat!.id}/check-in`), 409, 'attendee-not-accessible');
    const [declined] = await rsvp(t, ticket, { name: 'Cy', email: 'cy@example.org', going: false });
    assertError(await t.request('author', 'POST', `attendees/${declined!.id}/cancel`), 409, 'attendee-not-accessible');
  });

  test("an editor's cancel gives the freed place to the waitlist, in order, as a visitor's own cancel does (decision 0126)", async () => {
    const { ticket } = await ticketFor(t, 'Waitlist night', 1, 'author', { waitlist: true });
    const [seat] = await rsvp(t, ticket, { name: 'Ann', email: 'ann@example.org' });
    const [first] = await rsvp(t, ticket, { name: 'Bob', email: 'bob@example.org', waitlist: true });
    const [second] = await rsvp(t, ticket, { name: 'Cy', email: 'cy@example.org', waitlist: true });
    const status = async (id: number) =>
      (await t.request('author', 'GET', `${ET}/attendees/${id}`)).json<Json>().rsvp_status as string;
    assert.deepEqual([await status(first!.id), await status(second!.id)], ['waitlisted', 'waitlisted']);
    assert.equal((await t.request('author', 'POST', `attendees/${seat!.id}/cancel`)).statusCode, 200);
    assert.deepEqual(
      [await status(seat!.id), await status(first!.id), await status(second!.id)],
      ['cancelled', 'going', 'waitlisted'],
    );
    assert.deepEqual((await t.request('author', 'GET', `${ET}/tickets/${ticket}`)).json<Json>().availability, {
      status: 'sold_out',
      available: 0,
      sold: 1,
      pending: 0,
    });
  });

  test('the attendee list as CSV: every attendee of the filters, not a page; formulas quoted; scoped to the caller', async () => {
    const { event, ticket } = await ticketFor(t, 'Export night', 20, 'author', {
      attendee_fields: [{ label: 'Diet', type: 'choice', options: ['vegan', 'none'] }],
    });
    const [ada] = await rsvp(t, ticket, { name: 'Ada Lovelace', email: 'ada@example.org', answers: { Diet: 'vegan' } });
    await rsvp(t, ticket, { name: '=HYPERLINK("http://evil.example")', email: 'eve@example.org' });
    await rsvp(t, ticket, { name: 'Grace', email: 'grace@example.org', quantity: 2 });
    assert.equal((await t.request('author', 'POST', `attendees/${ada!.id}/check-in`)).statusCode, 200);

    const answer = await t.request('author', 'GET', `${ET}/attendees?post_id=${event}&per_page=1`, undefined, CSV);
    assert.equal(answer.statusCode, 200, answer.body);
    assert.match(String(answer.headers['content-type']), /^text\/csv/);
    assert.match(String(answer.headers['content-disposition']), /attachment; filename="attendees\.csv"/);
    const rows = csvRows(answer.body);
    assert.equal(rows.length, 4, 'every attendee, not a page of one');
    assert.deepEqual(
      rows.map((row) => row['E-mail']),
      ['ada@example.org', 'eve@example.org', 'grace@example.org', 'grace@example.org'],
    );
    assert.equal(rows[0]!.Name, 'Ada Lovelace');
    assert.equal(rows[0]!['Checked In'], 'TRUE');
    assert.equal(rows[0]!.Answers, 'Diet: vegan');
    assert.equal(rows[0]!.Ticket, 'Free seat');
    assert.equal(rows[0]!['RSVP Status'], 'going');
    assert.equal(rows[1]!.Name, `'=HYPERLINK("http://evil.example")`, 'a formula is quoted');

    const searched = csvRows(
      (await t.request('author', 'GET', `attendees?post_id=${event}&search=grace&checkedin=false`, undefined, CSV))
        .body,
    );
    assert.equal(searched.length, 2);
    const checkedIn = csvRows(
      (await t.request('author', 'GET', `attendees?post_id=${event}&checkedin=true`, undefined, CSV)).body,
    );
    assert.deepEqual(
      checkedIn.map((row) => row.Name),
      ['Ada Lovelace'],
    );
    const others = await t.request('contributor', 'GET', `attendees?post_id=${event}`, undefined, CSV);
    assert.equal(others.statusCode, 200);
    assert.equal(csvRows(others.body).length, 0, "a contributor sees no one of another's event");
    assertError(
      await t.request('anonymous', 'GET', `attendees?post_id=${event}`, undefined, CSV),
      401,
      'rest_forbidden',
    );
    assert.equal(
      (await t.request('author', 'GET', `attendees?post_id=${event}`)).json<Json>().total,
      4,
      'JSON without the header, as before',
    );
  });
});

describe(`the attendee desk: the confirmation sent again (${DIALECT})`, () => {
  let smtp: LocalSmtp;
  let t: TestApp;

  before(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      clock: systemClock,
      env: {
        CALENDAR_SMTP_URL: smtp.url,
        CALENDAR_MAIL_FROM: 'Calendar <calendar@springfield.example>',
        CALENDAR_MAIL_POLL_INTERVAL: '0.05',
      },
    });
    t.mailDispatcher!.start({ error: (error) => console.error(error) });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  const arrivedTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  test('resend queues the confirmation through the outbox and it arrives again; refused for a cancelled seat and for those who may not edit the event', async () => {
    const { ticket } = await ticketFor(t, 'Resend night', 10, 'author');
    const seats = await rsvp(t, ticket, { name: 'Ada', email: 'ada@example.org', quantity: 2 });
    await until('the first confirmation arrived', () => arrivedTo('ada@example.org').length === 1);
    assertError(
      await t.request('contributor', 'POST', `attendees/${seats[1]!.id}/resend`),
      403,
      'attendee-not-accessible',
    );
    assertError(
      await t.request('anonymous', 'POST', `attendees/${seats[1]!.id}/resend`),
      401,
      'attendee-not-accessible',
    );
    assertError(await t.request('author', 'POST', `${ET}/attendees/${seats[1]!.id}/resend`), 404, 'rest_no_route');
    const resent = await t.request('author', 'POST', `attendees/${seats[1]!.id}/resend`);
    assert.equal(resent.statusCode, 202, resent.body);
    assert.equal(resent.json<Json>().email, 'ada@example.org');
    const [, again] = await until('the confirmation arrived again', () =>
      arrivedTo('ada@example.org').length === 2 ? arrivedTo('ada@example.org') : undefined,
    );
    assert.equal(again!.parsed.subject, "You're going: Resend night");
    assert.match(again!.parsed.text ?? '', /your 2 places are booked/);
    const outbox = (await t.request('administrator', 'GET', 'mail/outbox?per_page=100')).json<Json>();
    assert.equal(outbox.messages.filter((row: Json) => row.to === 'ada@example.org').length, 2, 'through the outbox');
    assert.equal((await t.request('author', 'POST', `attendees/${seats[0]!.id}/cancel`)).statusCode, 200);
    assertError(await t.request('author', 'POST', `attendees/${seats[0]!.id}/resend`), 409, 'attendee-not-accessible');
  });
});
