import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { API, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { launchChromium, seriousAxeViolations } from '../fixtures/browser.ts';

/*
 * The admin's sign-in form in Chromium (issue 33, decision 0040), as people use it: by label and
 * role, keyboard only, at 390 and 1280 px, with axe-core; the cookie the browser keeps, and the
 * form's own post carrying the page's real origin (which the service checks).
 */

const WIDTHS = [390, 1280] as const;

describe(`admin sign-in in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  before(async () => {
    t = await createTestApp({ throttle: { maxFailuresPerLogin: 2, maxFailuresPerAddress: 100, windowSeconds: 600 } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Fills the form by keyboard alone: Tab from the page's start to each field, Enter to send. */
  const signInByKeyboard = async (page: Page, login: string, password: string) => {
    const field = page.getByLabel('Username or email');
    // Skip link, site name, then the login field.
    while (!(await field.evaluate((element) => element === document.activeElement))) await page.keyboard.press('Tab');
    await page.keyboard.type(login);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  };

  for (const width of WIDTHS) {
    test(`at ${width} px: accessible, signs in by keyboard, and keeps an HttpOnly session cookie`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const refusals: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          refusals.push(message.text());
      });
      await page.goto(`${base}/admin/sign-in?next=/admin/events`);
      assert.ok(await page.getByRole('heading', { name: 'Sign in', level: 1 }).isVisible());
      assert.deepEqual(await seriousAxeViolations(page), [], 'sign-in form');
      await signInByKeyboard(page, 'editor', 'wrong-password');
      assert.equal(await page.getByRole('alert').textContent(), 'The username, email or password is not right.');
      assert.equal(await page.getByLabel('Username or email').inputValue(), 'editor');
      assert.deepEqual(await seriousAxeViolations(page), [], 'sign-in form with its error');
      await signInByKeyboard(page, 'editor', 'editor-password');
      assert.equal(new URL(page.url()).pathname, '/admin/events');
      const cookie = (await context.cookies()).find((candidate) => candidate.name === 'calendar_session');
      assert.ok(cookie);
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(cookie.secure, false);
      // The page's own scripts cannot read it; the browser sends it, and the API answers the session.
      assert.equal(await page.evaluate(() => document.cookie.includes('calendar_session')), false);
      const current = await page.evaluate(async (url) => (await fetch(url)).json(), `${API}/sessions/current`);
      assert.equal((current as { user: { login: string } }).user.login, 'editor');
      assert.deepEqual(refusals, [], 'no CSP refusals or script errors');
      await context.close();
    });
  }

  test('a throttled login gets the 429 page, which says when to try again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/admin/sign-in`);
    for (let attempt = 0; attempt < 2; attempt++) await signInByKeyboard(page, 'author', 'wrong-password');
    const response = page.waitForResponse((answer) => answer.request().method() === 'POST');
    await signInByKeyboard(page, 'author', 'author-password');
    assert.equal((await response).status(), 429);
    assert.match(
      (await page.getByRole('alert').textContent()) ?? '',
      /^Too many failed sign-ins\. Try again in \d+ seconds\.$/,
    );
    await context.close();
  });
});
