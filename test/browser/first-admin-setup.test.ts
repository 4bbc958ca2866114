import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { API, createTestApp, DIALECT } from '../fixtures/app.ts';
import { launchChromium, seriousAxeViolations } from '../fixtures/browser.ts';

/*
 * The first administrator's journey in Chromium (issue 44, decision 0097): from the setup link
 * start-up prints (test/process/start-up-checks.test.ts checks the printing) to a signed-in
 * administrator, at 390 and 1280 px, with axe-core on the form and on its error.
 */

const WIDTHS = [390, 1280] as const;

describe(`the first administrator's setup in a browser (${DIALECT})`, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser?.close());

  for (const width of WIDTHS) {
    test(`at ${width} px: the link's form is accessible and creates a signed-in administrator`, async () => {
      // A calendar with no user for each journey: the first administrator ends the link's use.
      const t = await createTestApp({ withUsers: false });
      try {
        const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
        const token = await t.services.firstAdmin.issue();
        assert.ok(token);
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        const refusals: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
            refusals.push(message.text());
        });
        await page.goto(`${base}/admin/setup?token=${token}`);
        assert.ok(await page.getByRole('heading', { name: 'Create the administrator', level: 1 }).isVisible());
        assert.deepEqual(await seriousAxeViolations(page), [], 'setup form');
        assert.equal(await page.getByLabel('Username').inputValue(), 'admin');
        await page.getByLabel('Email').fill('owner@example.org');
        // Eight characters pass the browser's own check; the service refuses this one as it refuses any account.
        await page.getByLabel('Password (at least 8 characters)').fill('owner@example.org');
        await page.getByLabel('Username').fill('Owner Name');
        await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Create and sign in' }).click()]);
        assert.match((await page.getByRole('alert').textContent()) ?? '', /Invalid login/);
        assert.deepEqual(await seriousAxeViolations(page), [], 'setup form with its error');
        await page.getByLabel('Username').fill('owner');
        await page.getByLabel('Password (at least 8 characters)').fill('a-long-owner-password');
        await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Create and sign in' }).click()]);
        // The admin's home, which its script may replace by its first screen (/admin/events).
        assert.match(new URL(page.url()).pathname, /^\/admin\/(events)?$/);
        const current = await page.evaluate(async (url) => (await fetch(url)).json(), `${API}/sessions/current`);
        assert.equal((current as { user: { login: string } }).user.login, 'owner');
        // The link is dead now.
        const again = await page.goto(`${base}/admin/setup?token=${token}`);
        assert.equal(again?.status(), 410);
        assert.deepEqual(refusals, [], 'no CSP refusals or script errors');
        await context.close();
      } finally {
        await t.close();
      }
    });
  }
});
