import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { systemClock } from '../../src/clock.ts';
import { adminDriver, type AdminDriver } from '../fixtures/admin-browser.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { launchChromium } from '../fixtures/browser.ts';
import { startSmtp, type LocalSmtp } from '../fixtures/smtp.ts';
import { until } from '../fixtures/wait.ts';

/*
 * The admin's E-mail screen in Chromium (decisions 0112, 0113), by role and visible label, with
 * axe-core at 390 and 1280 px: with e-mail off it says so and lists the kept messages; with e-mail
 * on an administrator sends a test message, sees a failed one and sends it again, and it arrives.
 */

describe(`the admin's e-mail screen (${DIALECT})`, () => {
  let browser: Browser;
  let smtp: LocalSmtp;
  const apps: TestApp[] = [];
  let driver: (t: TestApp) => Promise<AdminDriver>;

  before(async () => {
    browser = await launchChromium();
    smtp = await startSmtp();
    driver = async (t) => adminDriver(browser, await t.app.listen({ port: 0, host: '127.0.0.1' }), 'admin-mail');
  });
  after(async () => {
    await browser?.close();
    for (const t of apps) await t.close();
    await smtp?.close();
  });

  test('with e-mail off the screen says so and lists the messages kept as not sent; editors do not see it', async () => {
    const t = await createTestApp();
    apps.push(t);
    await t.storage.write((tx) =>
      t.services.mail.enqueue(tx, {
        to: 'guest@example.org',
        subject: 'Your place at Jazz night',
        text: 'See you there.',
      }),
    );
    const { signedIn, accessible } = await driver(t);
    const { page, context, errors } = await signedIn('administrator', 'mail');
    await page.getByRole('heading', { name: 'E-mail is off' }).waitFor();
    const row = page.getByRole('table', { name: 'E-mail' }).getByRole('row').filter({ hasText: 'guest@example.org' });
    assert.match(await row.innerText(), /Your place at Jazz night\s+Not sent: e-mail off/);
    assert.equal(
      await page.getByRole('button', { name: /Send again/ }).count(),
      0,
      'nothing to send while e-mail is off',
    );
    await accessible(page, 'mail off');
    assert.deepEqual(errors, []);
    await context.close();

    const editor = await signedIn('editor', 'events');
    assert.equal(
      await editor.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'E-mail' }).count(),
      0,
    );
    await editor.context.close();
  });

  test('with e-mail on an administrator sends a test message, and sends a failed message again', async () => {
    const t = await createTestApp({
      clock: systemClock,
      env: {
        CALENDAR_SMTP_URL: smtp.url,
        CALENDAR_MAIL_FROM: 'calendar@springfield.example',
        CALENDAR_MAIL_POLL_INTERVAL: '0.05',
        CALENDAR_MAIL_TIMEOUT: '1',
        CALENDAR_MAIL_RETRY_DELAYS: '0.05',
      },
    });
    apps.push(t);
    t.mailDispatcher!.start({ error: (error) => console.error(error) });
    smtp.answer('refuse');
    const refused = await t.storage.write((tx) =>
      t.services.mail.enqueue(tx, { to: 'typo@example.org', subject: 'Refused at first', text: 'Hello.' }),
    );
    await until('refused', () =>
      t.storage.read(
        async (tx) =>
          (await tx.selectFrom('mail_outbox').select('status').where('id', '=', refused.id).executeTakeFirstOrThrow())
            .status === 'failed',
      ),
    );
    smtp.answer('accept');

    const { signedIn, accessible } = await driver(t);
    const { page, context, errors } = await signedIn('administrator', 'mail');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'E-mail' }).waitFor();
    await page.getByText('E-mail is on').waitFor();
    const failedRow = page
      .getByRole('table', { name: 'E-mail' })
      .getByRole('row')
      .filter({ hasText: 'typo@example.org' });
    assert.match(await failedRow.innerText(), /Failed\s+1\s+.*550 No such mailbox/);
    await accessible(page, 'mail on');

    await page.getByLabel('Send a test message to').fill('admin@example.org');
    await page.getByRole('button', { name: 'Send test message' }).click();
    await page.getByRole('status').filter({ hasText: 'Test message queued for admin@example.org.' }).waitFor();
    await until('the test message arrived', () => smtp.received.some((mail) => mail.to.includes('admin@example.org')));

    await page.getByRole('button', { name: 'Send again to typo@example.org' }).click();
    await page.getByRole('status').filter({ hasText: 'Queued again: typo@example.org.' }).waitFor();
    await until('the failed message arrived after all', () =>
      smtp.received.some((mail) => mail.parsed.messageId === refused.message_id),
    );
    await page.getByRole('link', { name: /^Sent/ }).click();
    await page
      .getByRole('table', { name: 'E-mail' })
      .getByRole('row')
      .filter({ hasText: 'typo@example.org' })
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
