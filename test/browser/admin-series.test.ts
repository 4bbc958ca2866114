import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { adminDriver, WIDTHS, type AdminDriver } from '../fixtures/admin-browser.ts';
import { launchChromium, seriousAxeViolations } from '../fixtures/browser.ts';
import { until } from '../fixtures/wait.ts';

/*
 * Series in the admin (issue 44), in Chromium by role and visible label, axe-core at 390 and 1280
 * px (helpers: fixtures/admin-browser.ts): the status tabs say as many as the list holds, a series
 * counted once per date listed, and each of its dates is marked (decision 0103); saving a date asks
 * which dates the change is for in a modal dialog that takes focus (decision 0104). What the admin
 * wrote is read back through the API.
 */

/** Dates of the listed series: with the two single events, 27 rows, two pages of 20. */
const DATES = 25;
const SCOPE_QUESTION = 'This date is one of a series. Change…';

describe(`admin series in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let signedIn: AdminDriver['signedIn'];
  let accessible: AdminDriver['accessible'];

  /** Creates a weekly series through the API; answers the ids of its dates, in order. */
  const weeklySeries = async (title: string, count: number, start = '2027-01-05') => {
    const created = await t.request('administrator', 'POST', 'events', {
      title,
      status: 'publish',
      start_date: `${start} 19:00`,
      end_date: `${start} 20:00`,
      recurrence: { rrule: `FREQ=WEEKLY;COUNT=${count}` },
    });
    assert.equal(created.statusCode, 201, created.body);
    const dates = await t.request(
      'editor',
      'GET',
      `events?series=${created.json<{ id: number }>().id}&start_date=0001-01-01&per_page=50`,
    );
    return dates.json<{ events: { id: number }[] }>().events.map((event) => event.id);
  };

  before(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    ({ signedIn, accessible } = adminDriver(browser, base, 'admin-series'));
    assert.equal((await weeklySeries('Weekly yoga', DATES)).length, DATES);
    for (const [title, status, day] of [
      ['Concert', 'publish', '2027-01-06'],
      ['Draft talk', 'draft', '2027-01-07'],
    ] as const) {
      const response = await t.request('administrator', 'POST', 'events', {
        title,
        status,
        start_date: `${day} 10:00`,
        end_date: `${day} 11:00`,
      });
      assert.equal(response.statusCode, 201, response.body);
    }
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const tab = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Events by status' }).getByRole('link', { name });
  const rows = (page: Page) => page.getByRole('table', { name: 'Events' }).locator('tbody').getByRole('row');

  test("the tabs say as many as the list and its pages hold; a series' dates are marked", async () => {
    const { page, errors } = await signedIn('editor', 'events');
    await tab(page, `All (${DATES + 2})`).waitFor();
    await tab(page, `Published (${DATES + 1})`).waitFor();
    await tab(page, 'Drafts (1)').waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 1 of 2').waitFor();
    assert.equal(await rows(page).count(), 20);
    // Every date of the series says it recurs; the single events (the first week's) do not.
    const yoga = rows(page).filter({ hasText: 'Weekly yoga' });
    assert.equal(await yoga.count(), 18);
    assert.equal(await yoga.filter({ hasText: 'Recurring' }).count(), 18);
    assert.equal(await rows(page).filter({ hasText: 'Concert' }).filter({ hasText: 'Recurring' }).count(), 0);
    assert.equal(await rows(page).filter({ hasText: 'Draft talk' }).filter({ hasText: 'Recurring' }).count(), 0);
    await accessible(page, 'events list with a series');

    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await until('the second page is listed', async () => (await rows(page).count()) === DATES + 2 - 20);
    assert.equal(await rows(page).filter({ hasText: 'Recurring' }).count(), DATES - 18);

    await tab(page, `Published (${DATES + 1})`).click();
    await page.waitForURL(/status=publish/);
    await page.getByText('Page 1 of 2').waitFor();
    await tab(page, 'Drafts (1)').click();
    await page.waitForURL(/status=draft/);
    await until(
      'the drafts are listed',
      async () =>
        (await rows(page).count()) === 1 && (await rows(page).filter({ hasText: 'Draft talk' }).count()) === 1,
    );
    assert.deepEqual(errors, []);
  });

  for (const width of WIDTHS) {
    test(`saving a date of a series at ${width} px: a modal dialog takes focus; each choice saves what it says, Escape saves nothing`, async () => {
      const ids = await weeklySeries(`Swim ${width}`, 8, '2027-02-02');
      const titles = async () =>
        Promise.all(
          ids.map(async (id) => (await t.request('editor', 'GET', `events/${id}`)).json<{ title: string }>().title),
        );
      const { page, errors } = await signedIn('editor', `events/${ids[1]}`);
      await page.setViewportSize({ width, height: 800 });
      const save = page.getByRole('button', { name: 'Save', exact: true });
      const dialog = page.getByRole('dialog', { name: SCOPE_QUESTION });
      const focusedWithin = (locator: ReturnType<Page['getByRole']>) =>
        locator.evaluate((element) => element.contains(document.activeElement));
      /** Opens the editor of a date, retitles it, presses Save by keyboard: the dialog is open with focus inside. */
      const saveDate = async (index: number, title: string) => {
        await page.goto(`${base}/admin/events/${ids[index]}`);
        await page.getByLabel('Title').fill(title);
        await save.focus();
        await page.keyboard.press('Enter');
        await dialog.waitFor();
        assert.equal(await focusedWithin(dialog), true, 'the dialog has focus');
        assert.equal(
          await dialog
            .getByRole('button', { name: 'this date only' })
            .evaluate((element) => element === document.activeElement),
          true,
        );
      };
      const choose = async (name: string) => {
        await dialog.getByRole('button', { name }).click();
        await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
        assert.equal(await dialog.count(), 0);
      };
      const original = `Swim ${width}`;

      // Escape: the dialog goes, focus is back on Save, and nothing was saved.
      await saveDate(1, 'Never saved');
      assert.deepEqual(await seriousAxeViolations(page), [], `the scope dialog at ${width} px`);
      await page.keyboard.press('Escape');
      await until('the dialog is gone', async () => (await dialog.count()) === 0);
      assert.equal(await save.evaluate((element) => element === document.activeElement), true, 'focus returns to Save');
      assert.equal(await page.getByRole('status').filter({ hasText: 'Saved.' }).count(), 0);
      assert.deepEqual(await titles(), Array(8).fill(original));

      // All dates.
      await saveDate(2, 'Swim all');
      await choose('all dates');
      assert.deepEqual(await titles(), Array(8).fill('Swim all'));
      // This date only.
      await saveDate(1, 'Swim once');
      await choose('this date only');
      assert.deepEqual(await titles(), ['Swim all', 'Swim once', ...Array(6).fill('Swim all')]);
      // This and the following dates.
      await saveDate(4, 'Swim later');
      await choose('this and the following dates');
      assert.deepEqual(await titles(), [
        'Swim all',
        'Swim once',
        'Swim all',
        'Swim all',
        ...Array(4).fill('Swim later'),
      ]);
      assert.equal(
        await save.evaluate((element) => element === document.activeElement),
        true,
        'focus is back on Save after a choice',
      );
      assert.deepEqual(errors, []);
    });
  }
});
