import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { adminDriver, type AdminDriver } from '../fixtures/admin-browser.ts';
import { launchChromium } from '../fixtures/browser.ts';
import { until } from '../fixtures/wait.ts';
import { startReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

/*
 * The admin's venues, organizers, categories and tags screens in Chromium (issue 33): signed in
 * through the sign-in form as an editor or administrator, walked as people walk them, by role and
 * visible label, and checked with axe-core at 390 px and 1280 px wide. What they write is then read
 * back through the API, the one write path the admin uses (helpers: fixtures/admin-browser.ts).
 */

describe(`admin screens in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let receiver: WebhookReceiver;
  let signedIn: AdminDriver['signedIn'];
  let accessible: AdminDriver['accessible'];
  let reachable: AdminDriver['reachable'];

  before(async () => {
    receiver = await startReceiver();
    // The webhooks journey delivers to a receiver on this machine, over http.
    t = await createTestApp({
      env: {
        CALENDAR_WEBHOOK_ALLOW_HTTP: 'true',
        CALENDAR_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
        CALENDAR_WEBHOOK_POLL_INTERVAL: '0.05',
      },
    });
    t.webhookDispatcher.start({ warn: () => undefined, error: (error) => console.error(error) });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    ({ signedIn, accessible, reachable } = adminDriver(browser, base, 'admin-screens'));
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });

  const venueRow = (page: Page, name: string) =>
    page
      .getByRole('table', { name: 'Venues' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name, exact: true }) });

  test('an editor creates a venue, edits it, trashes it and restores it; the API has each change', async () => {
    const { page, context, errors } = await signedIn('editor', 'venues');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Venues' }).waitFor();
    await accessible(page, 'venues list');
    await page.getByRole('link', { name: 'Add venue' }).click();
    await page.getByRole('heading', { name: 'New venue' }).waitFor();
    // A refused save shows the API's error beside the field, and the field says it is invalid.
    await page.getByLabel('Name').fill('Harbour Hall');
    await page.getByLabel('Website').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save' }).click();
    const website = page.getByLabel('Website');
    await page.locator('#record-website-error').waitFor();
    assert.equal(await website.getAttribute('aria-invalid'), 'true');
    assert.ok(await page.getByRole('alert').filter({ hasText: 'Website' }).isVisible());
    await accessible(page, 'venue editor with an error');

    // Keyboard only from here: fields filled through the focus, the form sent with Enter.
    await website.fill('https://harbour.example');
    await page.getByLabel('Address').fill('1 Quay Street');
    await page.getByLabel('City').fill('Lyon');
    await page.getByLabel('Postal code').fill('69002');
    await page.getByLabel('Country').fill('France');
    await page.getByLabel('Phone').fill('+33 4 00 00 00 00');
    await page.getByLabel('Show a map on its events').focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Name').focus();
    await Promise.all([page.waitForURL(/\/admin\/venues\/\d+$/), page.keyboard.press('Enter')]);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: 'Edit venue' }).waitFor();
    let venue = (await t.request('editor', 'GET', `venues/${id}`)).json<Record<string, unknown>>();
    assert.deepEqual(
      [venue.venue, venue.address, venue.city, venue.zip, venue.country, venue.website, venue.show_map, venue.status],
      ['Harbour Hall', '1 Quay Street', 'Lyon', '69002', 'France', 'https://harbour.example', true, 'publish'],
    );

    await page.getByLabel('City').fill('Marseille');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    venue = (await t.request('editor', 'GET', `venues/${id}`)).json<Record<string, unknown>>();
    assert.equal(venue.city, 'Marseille');

    // Someone else edits it meanwhile: the next save is refused and says what they changed.
    assert.equal((await t.request('administrator', 'POST', `venues/${id}`, { city: 'Nice' })).statusCode, 200);
    await page.getByLabel('Phone').fill('+33 4 11 11 11 11');
    await page.getByRole('button', { name: 'Save' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed this' });
    await conflict.waitFor();
    assert.match((await conflict.textContent()) ?? '', /City: Marseille → Nice/);
    assert.equal(
      (await t.request('editor', 'GET', `venues/${id}`)).json<{ phone: string }>().phone,
      '+33 4 00 00 00 00',
    );
    await conflict.getByRole('button', { name: 'Load their version (your changes are lost)' }).click();
    assert.equal(await page.getByLabel('City').inputValue(), 'Nice');

    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.getByRole('search').getByLabel('Search').fill('Harbour');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/search=Harbour/);
    await reachable(page, 'venues list');
    // The trash button by keyboard: focused, then Enter.
    await venueRow(page, 'Harbour Hall').getByRole('button', { name: 'Move Harbour Hall to the trash' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Moved to the trash: Harbour Hall.' }).waitFor();
    assert.equal(
      (await t.request('editor', 'GET', `venues/${id}`, undefined, { context: 'edit' })).json<{ status: string }>()
        .status,
      'trash',
    );

    await page
      .getByRole('navigation', { name: 'By status' })
      .getByRole('link', { name: /^Trash/ })
      .click();
    await venueRow(page, 'Harbour Hall').getByRole('button', { name: 'Restore Harbour Hall' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored as a draft: Harbour Hall.' }).waitFor();
    assert.equal((await t.request('editor', 'GET', `venues/${id}`)).json<{ status: string }>().status, 'draft');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an editor creates a category under a parent; the list shows the parent, and a category is deleted permanently', async () => {
    const parent = (await t.request('administrator', 'POST', 'categories', { name: 'Music' })).json<{ id: number }>();
    const { page, context, errors } = await signedIn('editor', 'categories/new');
    await page.getByRole('heading', { name: 'New category' }).waitFor();
    await page.getByLabel('Name').fill('Jazz');
    await page.getByLabel('Parent category').selectOption({ label: 'Music' });
    await page.getByLabel('Description').fill('Late sets.');
    await accessible(page, 'category editor');
    await reachable(page, 'category editor');
    await Promise.all([
      page.waitForURL(/\/admin\/categories\/\d+$/),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    const jazz = (await t.request('editor', 'GET', `categories/${id}`)).json<{
      name: string;
      parent: number;
      description: string;
      slug: string;
    }>();
    assert.deepEqual([jazz.name, jazz.parent, jazz.description, jazz.slug], ['Jazz', parent.id, 'Late sets.', 'jazz']);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Categories' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Jazz', exact: true }) });
    // The parents' names come with their own request: the cell fills in when it answers.
    await row.getByRole('cell', { name: 'Music', exact: true }).waitFor();
    assert.match((await row.textContent()) ?? '', /jazz.*Music/);
    await accessible(page, 'categories list');
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Delete Jazz permanently' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted: Jazz.' }).waitFor();
    // An unknown term id is a 400, as the original's validators answer it (wire-format 7.6).
    assert.equal((await t.request('editor', 'GET', `categories/${id}`)).statusCode, 400);
    assert.deepEqual(
      (await t.request('editor', 'GET', 'categories?hide_empty=false'))
        .json<{ categories: { name: string }[] }>()
        .categories.map((term) => term.name),
      ['Music'],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('organizers and tags: created with their fields; the screens speak French to a French browser', async () => {
    const { page, context, errors } = await signedIn('editor', 'organizers/new');
    await page.getByLabel('Name').fill('Jazz Club');
    await page.getByLabel('Email').fill('club@example.com');
    await page.getByLabel('Phone').fill('+1 555 0100');
    await Promise.all([
      page.waitForURL(/\/admin\/organizers\/\d+$/),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    const organizer = (await t.request('editor', 'GET', page.url().replace(/.*\/admin\//, ''))).json<
      Record<string, unknown>
    >();
    assert.deepEqual(
      [organizer.organizer, organizer.email, organizer.phone],
      ['Jazz Club', 'club@example.com', '+1 555 0100'],
    );
    await page.goto(`${base}/admin/tags/new`);
    await page.getByLabel('Name').fill('Late night');
    await Promise.all([page.waitForURL(/\/admin\/tags\/\d+$/), page.getByRole('button', { name: 'Save' }).click()]);
    const tag = (await t.request('editor', 'GET', page.url().replace(/.*\/admin\//, ''))).json<{
      name: string;
      slug: string;
    }>();
    assert.deepEqual([tag.name, tag.slug], ['Late night', 'late-night']);
    await page.goto(`${base}/admin/tags`);
    await accessible(page, 'tags list');
    assert.deepEqual(errors, []);
    await context.close();

    // The admin's words follow the browser's language (the sign-in form is the site's default language's).
    const french = await signedIn('editor', 'venues', 'fr-FR');
    await french.page.getByRole('heading', { name: 'Lieux' }).waitFor();
    await french.page.getByRole('link', { name: 'Ajouter un lieu' }).waitFor();
    await french.page
      .getByRole('navigation', { name: 'Par état' })
      .getByRole('link', { name: /^Corbeille/ })
      .waitFor();
    assert.deepEqual(french.errors, []);
    await french.context.close();
  });

  test('an administrator creates a webhook and sees its secret once, sends a test message, sees it delivered and redelivers it; an editor has no webhooks screen', async () => {
    const { page, context, errors } = await signedIn('administrator', 'webhooks');
    await page.getByText('No webhooks.').waitFor();
    await page.getByRole('link', { name: 'Add webhook' }).click();
    await page.getByLabel('Receiver URL (https)').fill(`${receiver.base}/hook`);
    await page.getByRole('group', { name: 'Venues' }).getByLabel('venue.created').check();
    // Tickets and attendees are offered too (decision 0129), never trashed: a cancel is an update.
    await page.getByRole('group', { name: 'Attendees' }).getByLabel('attendee.updated').waitFor();
    assert.equal(await page.getByRole('group', { name: 'Tickets and RSVP' }).getByLabel('ticket.trashed').count(), 0);
    await page.getByLabel('Description').fill('newsletter');
    await accessible(page, 'webhook editor');
    await reachable(page, 'webhook editor');
    await Promise.all([page.waitForURL(/\/admin\/webhooks\/\d+$/), page.getByRole('button', { name: 'Save' }).click()]);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    const secret = page.getByLabel('Signing secret: copy it now, it is not shown again');
    assert.match(await secret.inputValue(), /^whsec_/);
    const stored = (await t.request('administrator', 'GET', `webhooks/${id}`)).json<{
      url: string;
      events: string[];
      description: string;
      active: boolean;
      secret?: string;
    }>();
    assert.deepEqual(
      [stored.url, stored.events, stored.description, stored.active, stored.secret],
      [`${receiver.base}/hook`, ['venue.created'], 'newsletter', true, undefined],
    );
    await accessible(page, 'webhook with its secret');

    await page.getByRole('button', { name: 'Send a test message' }).click();
    await page.getByRole('status').filter({ hasText: 'Test message queued.' }).waitFor();
    const [first] = await receiver.waitFor('/hook', 1);
    const deliveries = page.getByRole('table', { name: 'Recent deliveries' });
    // Delivered by the dispatcher in the background: the list shows it after a refresh, each one
    // waited on until the deliveries it read are shown.
    await until('the delivery shows as delivered', async () => {
      if (await deliveries.getByRole('cell', { name: 'Delivered', exact: true }).isVisible()) return true;
      const read = page.waitForResponse((response) => /\/webhooks\/\d+\/deliveries\b/.test(response.url()));
      await page.getByRole('button', { name: 'Refresh' }).click();
      await read;
      return false;
    });
    await deliveries.getByRole('button', { name: /^Redeliver ping #\d+$/ }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Sent again: delivery ping #\d+\.$/ })
      .waitFor();
    const [, again] = await receiver.waitFor('/hook', 2);
    assert.equal(again!.id, first!.id, 'a redelivery keeps its webhook-id');

    // Shown once: the subscription read again has no secret to show.
    await page.reload();
    await page.getByLabel('Receiver URL (https)').waitFor();
    assert.equal(await page.getByLabel('Signing secret: copy it now, it is not shown again').count(), 0);
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page
      .getByRole('table', { name: 'Webhooks' })
      .getByRole('link', { name: `${receiver.base}/hook` })
      .waitFor();
    await accessible(page, 'webhooks list');
    assert.deepEqual(errors, []);
    await context.close();

    const editor = await signedIn('editor', 'events');
    await editor.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Venues' }).waitFor();
    assert.equal(
      await editor.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).count(),
      0,
    );
    await editor.context.close();
  });
});
