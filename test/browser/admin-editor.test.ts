import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { adminDriver, type AdminDriver } from '../fixtures/admin-browser.ts';
import { launchChromium } from '../fixtures/browser.ts';
import { until } from '../fixtures/wait.ts';

/*
 * The events list's sort, the editor's guard against the browser's Back button, its error summary
 * and its translations (issue 33), in Chromium, by role and visible label (helpers:
 * fixtures/admin-browser.ts). What the admin writes is read back through the API.
 */

type EventJson = {
  id: number;
  title: string;
  description: string;
  translations: string[];
  status: string;
  post_password?: string;
};
/** What the series journey reads back of its event. */
type SeriesJson = EventJson & {
  date: string;
  recurrence: { rrule: string; exdates: string[]; rdates: string[] };
  organizer: { organizer: string }[];
  tags: { name: string }[];
  cost_details: { values: string[] };
  website: string;
  custom_fields: unknown;
};

describe(`admin event editor and list in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let signedIn: AdminDriver['signedIn'];
  let accessible: AdminDriver['accessible'];
  let reachable: AdminDriver['reachable'];
  const ids: Record<string, number> = {};

  before(async () => {
    t = await createTestApp({ env: { CALENDAR_TIMEZONE: 'America/New_York' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    ({ signedIn, accessible, reachable } = adminDriver(browser, base, 'admin-editor'));
    for (const [key, title, day] of [
      ['banana', 'banana bread class', '2027-01-10'],
      ['apple', 'Apple picking', '2027-03-01'],
      ['cherry', 'Cherry festival', '2027-02-01'],
    ] as const) {
      const response = await t.request('administrator', 'POST', 'events', {
        title,
        description: `<p>${title} in English.</p>`,
        start_date: `${day} 10:00`,
        end_date: `${day} 12:00`,
      });
      assert.equal(response.statusCode, 201, response.body);
      ids[key] = response.json<EventJson>().id;
    }
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const read = async (id: number, language?: string) =>
    (
      await t.request(
        'editor',
        'GET',
        `events/${id}?context=edit${language ? `&translation_language=${language}` : ''}`,
      )
    ).json<EventJson>();
  const listedTitles = (page: Page) =>
    page.getByRole('table', { name: 'Events' }).getByRole('row').locator('td:nth-child(2)').allTextContents();
  /** Waits for the list to show these titles in this order (a new order or filter renders after the URL changes). */
  const shows = async (page: Page, titles: string[]) => {
    const listed = async () => ((await page.getByText('No events.').count()) > 0 ? [] : listedTitles(page));
    const matched = await until(
      `the list shows ${titles.join(', ') || 'nothing'}`,
      async () => JSON.stringify(await listed()) === JSON.stringify(titles),
    ).catch(() => false);
    if (!matched) assert.deepEqual(await listed(), titles);
  };
  const header = (page: Page, name: string) =>
    page.getByRole('table', { name: 'Events' }).getByRole('columnheader', { name });

  test('the events list sorts by date or title, both ways, and says so to screen readers', async () => {
    const { page, errors } = await signedIn('editor', 'events');
    await shows(page, ['banana bread class', 'Cherry festival', 'Apple picking']);
    assert.equal(await header(page, 'When').getAttribute('aria-sort'), 'ascending');
    assert.equal(await header(page, 'Title').getAttribute('aria-sort'), null);

    const sort = page.getByLabel('Sort by');
    await sort.selectOption({ label: 'Title, A to Z' });
    await page.waitForURL(/orderby=title&order=asc/);
    await shows(page, ['Apple picking', 'banana bread class', 'Cherry festival']);
    assert.equal(await header(page, 'Title').getAttribute('aria-sort'), 'ascending');
    assert.equal(await header(page, 'When').getAttribute('aria-sort'), null);

    await sort.selectOption({ label: 'Title, Z to A' });
    await page.waitForURL(/orderby=title&order=desc/);
    await shows(page, ['Cherry festival', 'banana bread class', 'Apple picking']);
    assert.equal(await header(page, 'Title').getAttribute('aria-sort'), 'descending');

    await sort.selectOption({ label: 'Date, latest first' });
    await page.waitForURL(/orderby=event_date&order=desc/);
    await shows(page, ['Apple picking', 'Cherry festival', 'banana bread class']);
    // The order survives a reload: it is in the URL.
    await page.reload();
    await shows(page, ['Apple picking', 'Cherry festival', 'banana bread class']);
    assert.equal(await page.getByLabel('Sort by').inputValue(), 'event_date:desc');
    await accessible(page, 'events list sorted');
    // By keyboard: every control is reached by Tab, and the sort changes with the arrow keys alone.
    await reachable(page, 'events list');
    await page.getByLabel('Sort by').focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(/orderby=title&order=asc/);
    await shows(page, ['Apple picking', 'banana bread class', 'Cherry festival']);
    assert.deepEqual(errors, []);
  });

  test('the Back button on an editor with unsaved changes asks; staying keeps the editor, its URL and the text', async () => {
    const { page, errors } = await signedIn('editor', 'events');
    await page.getByRole('link', { name: 'Cherry festival', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit event' }).waitFor();
    const editorUrl = page.url();
    await page.getByLabel('Title').fill('Cherry festival, changed');
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goBack();
    await page.waitForURL(editorUrl);
    assert.deepEqual(questions, ['You have unsaved changes. Leave anyway?']);
    assert.equal(page.url(), editorUrl);
    assert.equal(await page.getByLabel('Title').inputValue(), 'Cherry festival, changed');
    assert.ok(await page.getByRole('heading', { name: 'Edit event' }).isVisible());

    // Leaving when the user says so: the list, nothing saved.
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await page.goBack();
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    assert.equal(questions.length, 2);
    assert.match(page.url(), /\/admin\/events$/);
    assert.equal((await read(ids.cherry!)).title, 'Cherry festival');

    // Nothing unsaved: Back asks nothing.
    await page.getByRole('link', { name: 'Cherry festival', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit event' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    assert.equal(questions.length, 2);
    assert.deepEqual(errors, []);
  });

  test('a refused save: the error sits by its field, and the link of the summary goes there without leaving', async () => {
    const { page, errors } = await signedIn('editor', `events/${ids.apple}`);
    await page.getByRole('heading', { name: 'Edit event' }).waitFor();
    await page.getByLabel('Website').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await summary.waitFor();
    const website = page.getByLabel('Website');
    assert.equal(await website.getAttribute('aria-invalid'), 'true');
    assert.ok(await page.locator('#website-error').isVisible());
    let asked = false;
    page.once('dialog', (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    await summary.getByRole('link').first().click();
    await page.waitForFunction(() => document.activeElement?.id === 'website');
    assert.equal(asked, false, 'following the summary to its field asks nothing');
    assert.equal(await website.inputValue(), 'javascript:alert(1)');
    await accessible(page, 'event editor with an error');
    assert.deepEqual(errors, []);
  });

  test('translations: in French the editor shows the fallback, takes the French text and saves it beside the English', async () => {
    const { page, errors } = await signedIn('editor', `events/${ids.banana}`);
    await page.getByRole('heading', { name: 'Edit event' }).waitFor();
    assert.equal(await page.getByText(/No .* text yet/).count(), 0);
    await page.getByLabel('Language of the text').selectOption('fr');
    await page.waitForURL(/language=fr/);
    await page.getByText('No French text yet: the fields show the original, which readers of French see.').waitFor();
    // The fields show the original until French text is written.
    assert.equal(await page.getByLabel('Title').inputValue(), 'banana bread class');
    await page.getByLabel('Title').fill('Atelier pain à la banane');
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('Apportez un tablier.');
    await accessible(page, 'event editor in French');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    // French now has text of its own: the notice goes.
    assert.equal(await page.getByText('No French text yet').count(), 0);

    const french = await read(ids.banana!, 'fr');
    assert.equal(french.title, 'Atelier pain à la banane');
    assert.match(french.description, /<p>Apportez un tablier\.<\/p>/);
    assert.deepEqual(french.translations, ['en', 'fr']);
    const english = await read(ids.banana!, 'en');
    assert.equal(english.title, 'banana bread class');
    assert.equal(english.description, '<p>banana bread class in English.</p>');
    assert.deepEqual(errors, []);
  });
  test('a monthly "second Tuesday" series, scheduled, with exclusions, extra dates, two organizers, free tags and every field; then "this and following"', async () => {
    for (const name of ['Ann Org', 'Bob Org'])
      assert.equal((await t.request('administrator', 'POST', 'organizers', { organizer: name })).statusCode, 201);
    const { page, errors } = await signedIn('editor', 'events/new');
    await page.getByRole('heading', { name: 'New event' }).waitFor();
    await page.getByLabel('Repeats').selectOption('MONTHLY');
    // By keyboard: Tab from the top reaches every control of the editor, the recurrence's too.
    await reachable(page, 'event editor');
    await page.getByLabel('Title').fill('Book club');
    await page.getByLabel('Start date').fill('2027-01-12');
    await page.getByLabel('Start time').fill('18:00');
    await page.getByLabel('End date').fill('2027-01-12');
    await page.getByLabel('End time').fill('20:00');
    await page.getByLabel('Monthly on').selectOption({ label: 'the second Tuesday of the month' });
    await page.getByLabel('Ends').selectOption('until');
    await page.getByLabel('Last date').fill('2027-12-31');
    await page.getByLabel(/^Excluded dates/).fill('2027-03-09');
    await page.getByLabel(/^Extra dates/).fill('2027-02-20');
    const preview = page.getByRole('region', { name: 'Next dates' }).getByRole('listitem');
    assert.deepEqual(await preview.allTextContents(), [
      'Jan 12, 2027, 6:00 PM',
      'Feb 9, 2027, 6:00 PM',
      'Feb 20, 2027, 6:00 PM',
      'Apr 13, 2027, 6:00 PM',
      'May 11, 2027, 6:00 PM',
      'Jun 8, 2027, 6:00 PM',
    ]);
    await page.getByLabel('Ann Org').check();
    await page.getByLabel('Bob Org').check();
    await page.getByLabel('Tags (separated by commas)').fill('books, reading circle');
    await page.getByLabel('Cost').fill('5');
    await page.getByLabel('Website').fill('https://books.example/club');
    await page.getByRole('button', { name: 'Add a custom field' }).click();
    await page.getByLabel('Key').fill('language');
    await page.getByLabel('Label').fill('Language');
    await page.getByLabel('Value').fill('English');
    await page.getByLabel('Status').selectOption({ label: 'Scheduled' });
    await page.getByLabel('Publish on (for a scheduled event)').fill('2026-12-20');
    await page.getByLabel('Publish at').fill('09:00');
    await accessible(page, 'event editor with a monthly series');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const id = Number(/events\/(\d+)/.exec(page.url())?.[1]);
    const event = (await t.request('editor', 'GET', `events/${id}?context=edit`)).json<SeriesJson>();
    assert.equal(event.status, 'future');
    assert.equal(event.date, '2026-12-20 09:00:00');
    assert.equal(event.recurrence.rrule, 'FREQ=MONTHLY;BYDAY=2TU;UNTIL=20271231T235959Z');
    assert.deepEqual(
      [event.recurrence.exdates, event.recurrence.rdates],
      [['2027-03-09 18:00:00'], ['2027-02-20 18:00:00']],
    );
    assert.deepEqual(event.organizer.map((organizer) => organizer.organizer).sort(), ['Ann Org', 'Bob Org']);
    assert.deepEqual(event.tags.map((tag) => tag.name).sort(), ['books', 'reading circle']);
    assert.deepEqual([event.cost_details.values, event.website], [['5'], 'https://books.example/club']);
    assert.deepEqual(event.custom_fields, { language: { label: 'Language', value: 'English' } });

    // "This date and the following dates" from April on: January to February keep the title.
    const dates = async () =>
      (
        await t.request(
          'editor',
          'GET',
          'events?search=club&status=future&start_date=2027-01-01&end_date=2027-12-31&per_page=50',
        )
      ).json<{ events: { id: number; title: string; start_date: string }[] }>().events;
    const april = (await dates()).find((occurrence) => occurrence.start_date.startsWith('2027-04-13'))!;
    await page.goto(`${base}/admin/events/${april.id}`);
    await page.getByLabel('Title').fill('Book club (new venue)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'This date is one of a series. Change…' })
      .getByRole('button', { name: 'this and the following dates' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const titles = (await dates()).map((occurrence) => `${occurrence.start_date.slice(0, 10)} ${occurrence.title}`);
    assert.deepEqual(titles.slice(0, 5), [
      '2027-01-12 Book club',
      '2027-02-09 Book club',
      '2027-02-20 Book club',
      '2027-04-13 Book club (new venue)',
      '2027-05-11 Book club (new venue)',
    ]);
    assert.deepEqual(errors, []);
  });

  test('visibility: a password protects a published event, the editor shows it after a reload, clearing it makes the event public; private hides it', async () => {
    const { page, errors } = await signedIn('editor', `events/${ids.cherry}`);
    await page.getByRole('heading', { name: 'Edit event' }).waitFor();
    const visibility = page.getByRole('combobox', { name: 'Visibility', exact: true });
    const shown = async () => visibility.locator('option:checked').textContent();
    const password = page.getByLabel('Password (protects the event)');
    assert.equal(await shown(), 'Public');
    assert.equal(await password.count(), 0, 'no password field while the event is public');
    await visibility.selectOption({ label: 'Password protected' });
    await password.fill('s3cret');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    assert.equal((await t.request('anonymous', 'GET', `events/${ids.cherry}`)).statusCode, 403);
    assert.equal((await t.request('anonymous', 'GET', `events/${ids.cherry}?password=s3cret`)).statusCode, 200);

    // Read again in the edit context: the choice and the password as they are stored.
    await page.reload();
    await page.getByRole('heading', { name: 'Edit event' }).waitFor();
    assert.equal(await shown(), 'Password protected');
    assert.equal(await password.inputValue(), 's3cret');
    assert.equal(await page.getByText('Empty, the event is public.').isVisible(), true);
    await accessible(page, 'editor of a password-protected event');

    // Clearing it removes it: the event is public again, and the editor says so.
    await password.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    assert.equal((await t.request('anonymous', 'GET', `events/${ids.cherry}`)).statusCode, 200);
    assert.equal((await read(ids.cherry!)).post_password, '');
    await password.waitFor({ state: 'detached' });
    assert.equal(await shown(), 'Public');
    await page.reload();
    await page.getByRole('heading', { name: 'Edit event' }).waitFor();
    assert.equal(await shown(), 'Public');
    assert.equal(await password.count(), 0);

    await visibility.selectOption({ label: 'Password protected' });
    await password.fill('s3cret');
    await page.getByLabel('Status').selectOption({ label: 'Private' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    assert.deepEqual(
      [(await read(ids.cherry!)).status, (await read(ids.cherry!)).post_password],
      ['private', 's3cret'],
    );
    assert.equal(
      (await t.request('anonymous', 'GET', `events/${ids.cherry}?password=s3cret`)).statusCode,
      403,
      'a private event is not for anonymous readers, password or not',
    );
    assert.deepEqual(errors, []);
  });

  test('pickers hold every record: past the 50 of one API page, unused categories and tags too; organizers found by typing', async () => {
    const make = async (collection: string, body: Record<string, string>) =>
      (await createRecord(t, collection, body)).id;
    for (let index = 1; index <= 55; index++) {
      const number = String(index).padStart(2, '0');
      await make('categories', { name: `Cat ${number}` });
      await make('tags', { name: `Tag ${number}` });
      await make('organizers', { organizer: `Org ${number}` });
    }
    const { page, errors } = await signedIn('editor', 'events');
    const options = (label: string) => page.getByLabel(label).locator('option').allTextContents();
    await page.getByLabel('Category').locator('option', { hasText: 'Cat 01' }).waitFor({ state: 'attached' });
    assert.ok((await options('Category')).includes('Cat 01'), 'the first category, unused, is a filter');
    await page.getByLabel('Tag').locator('option', { hasText: 'Tag 55' }).waitFor({ state: 'attached' });
    await page.getByLabel('Organizer').locator('option', { hasText: 'Org 01' }).waitFor({ state: 'attached' });
    assert.ok((await options('Category')).length > 55);

    await page.getByRole('link', { name: 'Add event' }).click();
    await page.getByRole('heading', { name: 'New event' }).waitFor();
    await page.getByLabel('Title').fill('Many pickers');
    await page.getByRole('checkbox', { name: 'Cat 01' }).check();
    await page.getByLabel('Find organizers (type to search)').fill('Org 01');
    await page.getByRole('checkbox', { name: 'Org 01' }).check();
    await page.getByLabel('Find organizers (type to search)').fill('');
    // Chosen, it stays listed whatever the search shows.
    await page.getByRole('checkbox', { name: 'Org 55' }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Org 01' }).isChecked(), true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const id = Number(/events\/(\d+)/.exec(page.url())?.[1]);
    const event = (await t.request('editor', 'GET', `events/${id}?context=edit`)).json<{
      organizer: { organizer: string }[];
      categories: { name: string }[];
    }>();
    assert.deepEqual(
      event.organizer.map((organizer) => organizer.organizer),
      ['Org 01'],
    );
    assert.deepEqual(
      event.categories.map((category) => category.name),
      ['Cat 01'],
    );
    // Opened again, the editor lists the event's organizer, checked, though no search found it.
    await page.reload();
    await page.getByRole('checkbox', { name: 'Org 01' }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Org 01' }).isChecked(), true);
    assert.equal(await page.getByRole('checkbox', { name: 'Cat 01' }).isChecked(), true);
    await accessible(page, 'event editor with many organizers');
    assert.deepEqual(errors, []);
  });
  test("a filter chosen before the other filters' options arrive is kept: the late options re-render the form without resetting it", async () => {
    const { page, errors } = await signedIn('editor', 'events');
    await page.getByRole('table', { name: 'Events' }).waitFor();
    // The organizers' options are held back until a category has been chosen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/organizers(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByLabel('Category').locator('option', { hasText: 'Cat 01' }).waitFor({ state: 'attached' });
    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Cat 01' });
    release();
    await page.getByLabel('Organizer').locator('option', { hasText: 'Org 01' }).waitFor({ state: 'attached' });
    assert.equal(
      await page
        .getByRole('combobox', { name: 'Category', exact: true })
        .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
      'Cat 01',
    );
    await page.getByRole('button', { name: 'Filter' }).click();
    await until('the category is in the URL', () => /categories=\d+/.test(page.url()));
    await page.unroute(/\/organizers(\?|$)/);
    assert.deepEqual(errors, []);
  });
  test('the filters of the list: a date range, a tag, an organizer, a category, together with a sort', async () => {
    const { page, errors } = await signedIn('editor', 'events?orderby=title&order=desc');
    await page.getByRole('table', { name: 'Events' }).waitFor();
    const filterBy = async (fields: Record<string, string>) => {
      for (const [label, value] of Object.entries(fields)) {
        if (label === 'From' || label === 'To')
          await page.getByRole('textbox', { name: label, exact: true }).fill(value);
        else await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: value });
      }
      const before = page.url();
      await page.getByRole('button', { name: 'Filter' }).click();
      await until('the filter is in the URL', () => page.url() !== before);
    };
    await filterBy({ From: '2027-01-01', To: '2027-02-28' });
    assert.match(
      page.url(),
      /from=2027-01-01&to=2027-02-28|to=2027-02-28.*from=2027-01-01|from=2027-01-01.*to=2027-02-28/,
    );
    assert.match(page.url(), /orderby=title&order=desc/, 'a filter keeps the sort');
    // By title, Z to A, within January and February: the book club's three dates, the cherry festival (private now), the banana class.
    await shows(page, ['Cherry festival', 'Book club', 'Book club', 'Book club', 'banana bread class']);
    await filterBy({ Tag: 'books' });
    await shows(page, ['Book club', 'Book club', 'Book club']);
    await filterBy({ Tag: 'Any', From: '', To: '', Organizer: 'Org 01' });
    await shows(page, ['Many pickers']);
    // Filters combine: that organizer's events in another category are none. Each step's list differs from the last one's.
    await filterBy({ Category: 'Cat 02' });
    await shows(page, []);
    await filterBy({ Organizer: 'Any', Category: 'Cat 01' });
    await shows(page, ['Many pickers']);
    assert.deepEqual(errors, []);
  });
});
