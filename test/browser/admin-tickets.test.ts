import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { adminDriver, type AdminDriver } from '../fixtures/admin-browser.ts';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { launchChromium } from '../fixtures/browser.ts';

/*
 * The admin's tickets (issue 46 item 5) in Chromium, by role and visible label, with axe-core at
 * 390 and 1280 px: a ticket created in the event editor's panel, someone checked in at the door at
 * 390 px by the QR code's text and by name (with the answers for a second try and a wrong code),
 * and the attendees screen's search, filter, CSV export, resend and cancel.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ET = '/wp-json/tribe/tickets/v1';

describe(`the admin's tickets and attendees (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let driver: AdminDriver;

  const eventWithTicket = async (title: string, people: readonly string[]) => {
    const event = (
      await createRecord(
        t,
        'events',
        { title, status: 'publish', start_date: '2027-05-06 19:00:00', end_date: '2027-05-06 22:00:00' },
        'editor',
      )
    ).id;
    const ticket = (
      await t.request('editor', 'POST', `${ET}/tickets`, { event, name: 'Door', capacity: 50 })
    ).json<Json>().id as number;
    const seats: Record<string, { id: number; security_code: string }> = {};
    for (const name of people) {
      const answer = await t.request('anonymous', 'POST', `tickets/${ticket}/rsvps`, {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
      });
      assert.equal(answer.statusCode, 201, answer.body);
      seats[name] = (answer.json<Json>().attendees as { id: number; security_code: string }[])[0]!;
    }
    return { event, ticket, seats };
  };

  before(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    driver = adminDriver(browser, base, 'admin-tickets');
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('an editor creates a ticket with a required choice in the event editor, then edits it', async () => {
    const event = (
      await createRecord(
        t,
        'events',
        {
          title: 'Pottery workshop',
          status: 'publish',
          start_date: '2027-05-01 10:00:00',
          end_date: '2027-05-01 12:00:00',
        },
        'editor',
      )
    ).id;
    const { page, context, errors } = await driver.signedIn('editor', `events/${event}`);
    const panel = page.getByRole('region', { name: 'Tickets and RSVP' });
    await panel.getByText('No tickets yet.').waitFor();
    await panel.getByRole('button', { name: 'Add ticket or RSVP' }).click();
    const form = panel.getByRole('form', { name: 'New ticket or RSVP' });
    await form.getByLabel('Name').fill('Wheel seat');
    await form.getByLabel('Price').fill('0');
    await form.getByLabel('Places', { exact: true }).fill('12');
    await form.getByLabel('Sale ends (date)').fill('2027-04-30');
    await form.getByLabel('Sale ends (time)').fill('18:00');
    await form.getByRole('button', { name: 'Add a question' }).click();
    const question = form.getByRole('group', { name: 'Question 1' });
    await question.getByLabel('Question', { exact: true }).fill('Apron size');
    await question.getByLabel('Answer').selectOption({ label: 'A choice' });
    await question.getByLabel('Choices, separated by commas').fill('S, M, L');
    await question.getByLabel('Required').check();
    await driver.accessible(page, 'ticket form');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Save ticket' }).click();
    await panel.getByRole('status').filter({ hasText: 'Ticket saved: Wheel seat.' }).waitFor();
    const row = panel
      .getByRole('table', { name: 'Tickets and RSVP' })
      .getByRole('row')
      .filter({ hasText: 'Wheel seat' });
    assert.match(await row.innerText(), /Free\s+0 taken, 12 left · On sale/);

    const saved = (await t.request('editor', 'GET', `${ET}/tickets?include_post=${event}`)).json<Json>()
      .tickets as Json[];
    assert.equal(saved.length, 1);
    assert.equal(saved[0]!.capacity, 12);
    assert.equal(saved[0]!.available_until, '2027-04-30 18:00:00');
    // What was written (the API's answers leave `required` out today: a known bug, see the report of this branch).
    const stored = await t.storage.read((tx) =>
      tx
        .selectFrom('tickets')
        .select('attendee_fields')
        .where('id', '=', saved[0]!.id as number)
        .executeTakeFirstOrThrow(),
    );
    assert.deepEqual(JSON.parse(stored.attendee_fields), [
      { label: 'Apron size', type: 'choice', options: ['S', 'M', 'L'], required: true },
    ]);

    await row.getByRole('button', { name: 'Edit Wheel seat' }).click();
    const edit = panel.getByRole('form', { name: 'Edit ticket: Wheel seat' });
    await edit.getByLabel('Unlimited').check();
    await edit.getByRole('button', { name: 'Save ticket' }).click();
    await panel.getByRole('status').filter({ hasText: 'Ticket saved: Wheel seat.' }).waitFor();
    await row.filter({ hasText: 'unlimited' }).waitFor();
    const kept = await t.storage.read((tx) =>
      tx
        .selectFrom('tickets')
        .select('attendee_fields')
        .where('id', '=', saved[0]!.id as number)
        .executeTakeFirstOrThrow(),
    );
    assert.equal(
      (JSON.parse(kept.attendee_fields) as { required: boolean }[])[0]!.required,
      true,
      'an edit that leaves the questions alone keeps them as they were',
    );
    await driver.accessible(page, 'tickets panel');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("at the door, at 390 px: the QR code's text checks a seat in; again says already; a wrong code says so; a name is found and checked in", async () => {
    const { event, seats } = await eventWithTicket('Jazz at the pier', ['Ada Lovelace', 'Bob Marley', 'Cy Twombly']);
    const { page, context, errors } = await driver.signedIn('editor', `events/${event}/check-in`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Check-in: Jazz at the pier' }).waitFor();
    await page.getByText('0 of 3 going checked in').waitFor();
    const ada = seats['Ada Lovelace']!;
    const link = `${base}/events/?event_qr_code=1&ticket_id=${ada.id}&event_id=${event}&security_code=${ada.security_code}`;
    const status = page.getByRole('status');
    await page.getByLabel('Code from the ticket').fill(link);
    await page.getByRole('button', { name: 'Check in with the code' }).click();
    await status.filter({ hasText: 'Checked in: Ada Lovelace.' }).waitFor();
    await page.getByText('1 of 3 going checked in').waitFor();
    assert.equal(await page.getByLabel('Code from the ticket').inputValue(), '', 'ready for the next one');
    await page.getByLabel('Code from the ticket').fill(link);
    await page.getByRole('button', { name: 'Check in with the code' }).click();
    await status.filter({ hasText: 'Already checked in: Ada Lovelace' }).waitFor();
    await page.getByLabel('Code from the ticket').fill(link.replace(ada.security_code, 'not-the-code'));
    await page.getByRole('button', { name: 'Check in with the code' }).click();
    await status.filter({ hasText: 'Wrong code' }).waitFor();
    await page.getByLabel('Code from the ticket').fill('hello');
    await page.getByRole('button', { name: 'Check in with the code' }).click();
    await status.filter({ hasText: 'This is not a check-in code' }).waitFor();

    await page.getByLabel('Find a name').fill('bob');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('list', { name: 'People found' }).getByRole('button', { name: 'Check in Bob Marley' }).click();
    await status.filter({ hasText: 'Checked in: Bob Marley.' }).waitFor();
    await page.getByText('2 of 3 going checked in').waitFor();
    // Nothing wider than the phone: the page does not scroll sideways.
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 390 px',
    );
    await driver.accessible(page, 'check-in');
    const listed = (await t.request('editor', 'GET', `attendees?post_id=${event}&checkedin=true`))
      .json<Json>()
      .attendees.map((row: Json) => row.title as string);
    assert.deepEqual(listed, ['Ada Lovelace', 'Bob Marley']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the attendees screen: search, filter, export CSV, resend, check in and cancel', async () => {
    const { event, seats } = await eventWithTicket('Film night', ['Grace Hopper', 'Alan Turing', 'Grace Kelly']);
    assert.equal((await t.request('editor', 'POST', `attendees/${seats['Alan Turing']!.id}/check-in`)).statusCode, 200);
    const { page, context, errors } = await driver.signedIn('editor', `events/${event}/attendees`);
    await page.getByRole('heading', { name: 'Attendees: Film night' }).waitFor();
    const table = page.getByRole('table', { name: 'Attendees: Film night' });
    await table.getByRole('row').filter({ hasText: 'Alan Turing' }).waitFor();
    await driver.accessible(page, 'attendees');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Name or e-mail').fill('grace');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/search=grace/);
    // The list shown before had Alan Turing: his row gone is the searched list shown.
    await table.getByRole('row').filter({ hasText: 'Alan Turing' }).waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: 'Grace Kelly' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const rows = parse<Record<string, string>>(readFileSync(await download.path()), { bom: true, columns: true });
    assert.deepEqual(
      rows.map((row) => row.Name),
      ['Grace Hopper', 'Grace Kelly'],
      'the filtered list',
    );

    await page.getByLabel('Name or e-mail').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await table.getByRole('row').filter({ hasText: 'Alan Turing' }).waitFor();
    await page.getByRole('combobox', { name: /^Checked in/ }).selectOption({ label: 'Not checked in' });
    await page.waitForURL(/checked_in=false/);
    await table.getByRole('row').filter({ hasText: 'Alan Turing' }).waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: 'Grace Hopper' }).waitFor();

    await table.getByRole('button', { name: 'Resend e-mail to grace@example.org' }).first().click();
    await page.getByRole('status').filter({ hasText: 'Confirmation queued for grace@example.org.' }).waitFor();
    await table.getByRole('button', { name: 'Check in Grace Hopper' }).click();
    await page.getByRole('status').filter({ hasText: 'Checked in: Grace Hopper.' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await table.getByRole('button', { name: 'Cancel place: Grace Kelly' }).click();
    await page.getByRole('status').filter({ hasText: 'Place cancelled: Grace Kelly.' }).waitFor();
    const kelly = (await t.request('editor', 'GET', `attendees/${seats['Grace Kelly']!.id}`)).json<Json>();
    assert.equal(kelly.rsvp_status, 'cancelled');
    assert.ok(await page.getByRole('button', { name: 'Print list' }).isVisible());
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('button', { name: 'Export CSV' }).isVisible(), false, 'printed: the list alone');
    assert.ok(await table.isVisible());
    await page.emulateMedia({ media: 'screen' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
