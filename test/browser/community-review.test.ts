import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { launchChromium, pageErrors, seriousAxeViolations, watchErrors } from '../fixtures/browser.ts';

/*
 * Community submissions' guards in Chromium (issue 43 item 7, decision 0095): the form with the
 * proof of work on, solved by the service's own script under the pages' CSP with no request to
 * another origin, at 390 and 1280 px; then the admin's review queue showing each submission's
 * address, and "Reject all from {address}" confirmed and done, found by role and label, axe-core
 * at both widths.
 */

const WIDTHS = [390, 1280] as const;

describe(`community submissions' review in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const foreign: string[] = [];

  before(async () => {
    t = await createTestApp({
      env: {
        CALENDAR_TIMEZONE: 'America/New_York',
        CALENDAR_COMMUNITY_SUBMISSIONS: 'true',
        CALENDAR_COMMUNITY_PROOF_OF_WORK: 'true',
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const fresh = async (width: number): Promise<Page> => {
    const context: BrowserContext = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
    context.on('request', (request) => {
      if (!request.url().startsWith(base)) foreign.push(request.url());
    });
    return watchErrors(await context.newPage());
  };
  const accessible = async (page: Page, name: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await seriousAxeViolations(page), [], `${name} at ${width} px`);
    }
    assert.deepEqual(pageErrors(page), [], `${name}: no script errors or CSP refusals`);
    assert.deepEqual(foreign, [], `${name}: no request to another origin`);
  };

  test("with the proof of work on, the form is filled by its labels and sent at 390 and 1280 px: the service's script solves the challenge", async () => {
    for (const width of WIDTHS) {
      const page = await fresh(width);
      await page.goto(`${base}/events/community/add/`);
      await page.getByRole('textbox', { name: 'Event title' }).fill(`Flooded Fair ${width}`);
      await page.getByLabel('Start date').fill('2026-12-19');
      await page.getByLabel('Start time').fill('10:00');
      await page.getByLabel('End time').fill('12:00');
      await page.getByLabel('Venue name').fill('Spam Barn');
      await page.getByLabel('Organizer name').fill('Spam Crew');
      const started = Date.now();
      await Promise.all([
        page.waitForURL(`${base}/events/community/thanks/`, { timeout: 60_000 }),
        page.getByRole('button', { name: 'Submit event' }).click(),
      ]);
      console.log(
        `proposal with its proof of work at ${width} px: ${Date.now() - started} ms from the click to the thanks`,
      );
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Thank you');
      await accessible(page, `thanks ${width}`);
      await page.close();
    }
    const pending = (await t.request('editor', 'GET', `${API}/events?status=pending`)).json<{
      events: { title: string; venue: { id: number } }[];
    }>().events;
    assert.deepEqual(pending.map((event) => event.title).sort(), ['Flooded Fair 1280', 'Flooded Fair 390']);
    assert.equal(
      new Set(pending.map((event) => event.venue.id)).size,
      1,
      "the second proposal reused the first one's pending venue",
    );
  });

  test('the review queue shows each community submission\'s address; "Reject all from" it, confirmed, trashes them', async () => {
    await t.request('contributor', 'POST', `${API}/events`, {
      title: 'Choir rehearsal',
      start_date: '2026-12-20 18:00',
      end_date: '2026-12-20 19:00',
      status: 'pending',
    });
    const page = await fresh(1280);
    await page.goto(`${base}/admin/`);
    await page.getByLabel('Username or email').fill('editor');
    await page.getByLabel('Password').fill('editor-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Review queue' }).click();
    const fair = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Flooded Fair 390' }) });
    await fair.getByText('Sent from 127.0.0.1').waitFor();
    const choir = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Choir rehearsal' }) });
    assert.equal(await choir.getByText(/Sent from/).count(), 0, 'not a community submission');
    await accessible(page, 'review queue');
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await fair.getByRole('button', { name: 'Reject all from 127.0.0.1' }).click();
    await page
      .getByRole('status')
      .getByText('Moved to the trash from 127.0.0.1: 2 events, 1 venues, 1 organizers.')
      .waitFor();
    assert.match(asked[0] ?? '', /Move every pending submission from 127\.0\.0\.1 to the trash/);
    // The status is said before the queue is read again: wait for the rejected ones to go, then for the rest to show.
    await page
      .getByRole('heading', { name: /Flooded Fair/ })
      .first()
      .waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Choir rehearsal' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: /Flooded Fair/ }).count(), 0);
    await accessible(page, 'review queue after rejecting');
  });
});
