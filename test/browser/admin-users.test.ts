import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { API, basicAuth, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { adminDriver, type AdminDriver } from '../fixtures/admin-browser.ts';
import { launchChromium } from '../fixtures/browser.ts';

/*
 * The admin's users screens and application passwords in Chromium (issue 33, decision 0069): an
 * administrator creates a user, changes the role, sets a new password (which then signs that user
 * in) and deletes a user, their events given to another; an application password is made on one's
 * own account, shown once, works with HTTP Basic, and stops working once revoked. Every screen is
 * axe-clean at 390 px and 1280 px, its controls found by role and label. What the screens write is
 * read back through the API.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe(`admin users screens in a browser (${DIALECT})`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let driver: AdminDriver;

  before(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    driver = adminDriver(browser, base, 'admin-users');
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Accepts the next confirm() and returns its question. */
  const confirming = (page: Page) =>
    new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
  /** `GET wp/v2/users/me` over HTTP, as a program calls it: with HTTP Basic. */
  const me = (login: string, password: string) =>
    fetch(`${base}/wp-json/wp/v2/users/me`, { headers: { authorization: basicAuth(login, password) } });
  const userRow = (page: Page, name: string) =>
    page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name, exact: true }) });

  test('an administrator creates a user, changes the role, sets a new password the user then signs in with; their own role stays', async () => {
    const { page, context, errors } = await driver.signedIn('administrator', 'users');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).waitFor();
    await userRow(page, 'editor').waitFor();
    await driver.accessible(page, 'users list');
    await driver.reachable(page, 'users list');
    // Search and the role filter: the URL keeps them, the API answers them.
    await page.getByLabel('Search').fill('edit');
    await page.getByRole('combobox', { name: 'Role' }).selectOption('editor');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/\/admin\/users\?search=edit&roles=editor$/);
    await userRow(page, 'administrator').waitFor({ state: 'detached' });
    await userRow(page, 'editor').waitFor();
    assert.equal(
      await page.getByRole('table', { name: 'Users' }).getByRole('row').count(),
      2,
      'the heading row and the editor',
    );

    await page.getByRole('link', { name: 'Add user' }).click();
    await page.getByRole('heading', { name: 'New user' }).waitFor();
    // A taken login is refused: the API's error beside the Username field.
    await page.getByLabel('Username').fill('editor');
    await page.getByLabel('Email').fill('rosa@example.org');
    await page.getByLabel('Name', { exact: true }).fill('Rosa Parks');
    await page.getByLabel('Role').selectOption('contributor');
    await page.getByLabel('Password (8 characters or more)').fill('first-password');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.locator('#user-username-error').waitFor();
    assert.equal(await page.getByLabel('Username').getAttribute('aria-invalid'), 'true');
    assert.match((await page.locator('#user-username-error').textContent()) ?? '', /username already exists/i);
    await driver.accessible(page, 'new user with an error');
    await page.getByLabel('Username').fill('rosa');
    await Promise.all([
      page.waitForURL(/\/admin\/users\/\d+$/),
      page.getByRole('button', { name: 'Create user' }).click(),
    ]);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: 'User: Rosa Parks' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Created: Rosa Parks.' }).waitFor();
    let rosa = (await t.request('administrator', 'GET', `/wp-json/wp/v2/users/${id}?context=edit`)).json<Json>();
    assert.deepEqual(
      [rosa.username, rosa.email, rosa.name, rosa.roles],
      ['rosa', 'rosa@example.org', 'Rosa Parks', ['contributor']],
    );
    await driver.accessible(page, 'user page');
    await driver.reachable(page, 'user page');

    await page.getByLabel('Role').selectOption('author');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    rosa = (await t.request('administrator', 'GET', `/wp-json/wp/v2/users/${id}?context=edit`)).json<Json>();
    assert.deepEqual(rosa.roles, ['author']);

    // A short password is the API's error beside the field; a good one works at once, the old one no more.
    await page.getByLabel('New password (8 characters or more)').fill('short');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.locator('#user-password-error').waitFor();
    await page.getByLabel('New password (8 characters or more)').fill('second-password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('status').filter({ hasText: 'New password set for Rosa Parks' }).waitFor();
    assert.equal((await me('rosa', 'first-password')).status, 401);
    const rosaContext = await browser.newContext();
    const rosaPage = await rosaContext.newPage();
    await rosaPage.goto(`${base}/admin/account`);
    await rosaPage.getByLabel('Username or email').fill('rosa');
    await rosaPage.getByLabel('Password').fill('second-password');
    await Promise.all([
      rosaPage.waitForURL(`${base}/admin/account`),
      rosaPage.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await rosaPage.getByRole('heading', { name: 'Your account' }).waitFor();
    assert.equal(
      await rosaPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).count(),
      0,
      'an author has no users screen',
    );
    await rosaContext.close();

    // An administrator's own role: the API refuses, and the screen says so beside the field.
    await page.goto(`${base}/admin/users/${t.ids.administrator}`);
    await page.getByRole('heading', { name: /^User: / }).waitFor();
    await page.getByLabel('Role').selectOption('editor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#user-roles-error').waitFor();
    assert.match((await page.locator('#user-roles-error').textContent()) ?? '', /not allowed to edit roles/);
    assert.ok(await page.getByText('You cannot delete your own account').isVisible());
    assert.equal(await page.getByRole('button', { name: /^Delete / }).count(), 0);
    await driver.accessible(page, 'own user page with an error');
    assert.deepEqual(
      (await t.request('administrator', 'GET', '/wp-json/wp/v2/users/me?context=edit')).json<Json>().roles,
      ['administrator'],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an administrator deletes a user: their events go to the user chosen; the page in French; an editor has no users screen', async () => {
    const { user: leaver } = await t.users.create({
      login: 'leaver',
      email: 'leaver@example.org',
      password: 'leaver-password',
      role: 'author',
      displayName: 'Lea Ver',
    });
    const event = await t.app.inject({
      method: 'POST',
      url: `/wp-json${API}/events`,
      headers: { authorization: basicAuth('leaver', 'leaver-password') },
      payload: {
        title: 'Leaver talk',
        start_date: '2027-03-01 10:00:00',
        end_date: '2027-03-01 11:00:00',
        status: 'publish',
      },
    });
    assert.equal(event.statusCode, 201, event.body);

    const { page, context, errors } = await driver.signedIn('administrator', `users/${leaver.id}`);
    await page.getByRole('heading', { name: 'User: Lea Ver' }).waitFor();
    const heir = page.getByLabel('Give their events, venues and organizers to');
    await heir.locator('option', { hasText: 'editor' }).waitFor({ state: 'attached' });
    await heir.selectOption({ label: 'editor' });
    const question = confirming(page);
    await Promise.all([
      page.waitForURL(`${base}/admin/users`),
      page.getByRole('button', { name: 'Delete Lea Ver' }).click(),
    ]);
    assert.equal(
      await question,
      'Delete the user Lea Ver? Their events, venues and organizers go to editor. This cannot be undone.',
    );
    await page.getByRole('status').filter({ hasText: 'Deleted: Lea Ver.' }).waitFor();
    await page.getByRole('table', { name: 'Users' }).waitFor();
    assert.equal(await userRow(page, 'Lea Ver').count(), 0);
    assert.equal((await t.request('administrator', 'GET', `/wp-json/wp/v2/users/${leaver.id}`)).statusCode, 404);
    const authors = await t.storage.read((tx) =>
      tx.selectFrom('posts').select('author_id').where('id', '=', event.json<Json>().id).execute(),
    );
    assert.deepEqual(authors, [{ author_id: t.ids.editor }]);
    assert.deepEqual(errors, []);
    await context.close();

    // The screen's words load with it, in the browser's language.
    const french = await driver.signedIn('administrator', `users/${t.ids.author}`, 'fr-FR');
    await french.page.getByRole('heading', { name: 'Utilisateur : author' }).waitFor();
    for (const heading of [
      'Réinitialiser le mot de passe',
      'Mots de passe d’application',
      'Supprimer cet utilisateur',
    ]) {
      assert.ok(await french.page.getByRole('heading', { name: heading }).isVisible(), heading);
    }
    assert.ok(await french.page.getByLabel('Donner ses évènements, lieux et organisateurs à').isVisible());
    assert.ok(
      await french.page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Utilisateurs' })
        .isVisible(),
    );
    await french.context.close();

    const editor = await driver.signedIn('editor', 'users');
    await editor.page.getByRole('alert').filter({ hasText: 'Your role does not allow this screen.' }).waitFor();
    assert.equal(
      await editor.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).count(),
      0,
    );
    await editor.context.close();
  });

  test("an application password: made on one's own account, shown once, works with HTTP Basic, then revoked (401); an administrator revokes all of a user's", async () => {
    const { page, context, errors } = await driver.signedIn('author', 'account');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.getByRole('heading', { name: 'Application passwords' }).waitFor();
    await page.getByText('No application passwords.').waitFor();
    // A name is required: the API's refusal beside the field.
    await page.getByRole('button', { name: 'Create application password' }).click();
    await page.locator('#app-password-name-error').waitFor();
    await page.getByLabel('Name of the new application password (what uses it)').fill('Phone sync');
    await page.getByRole('button', { name: 'Create application password' }).click();
    const shown = page.getByRole('region', { name: 'New application password “Phone sync”' });
    await shown.waitFor();
    assert.ok(await shown.getByText('Copy it now: you will not see it again.').isVisible());
    const password = await shown.getByLabel('Application password').inputValue();
    assert.match(password, /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    await shown.getByRole('button', { name: 'Copy the password' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), password);
    await driver.accessible(page, 'account with a new application password');

    const used = await me('author', password);
    assert.equal(used.status, 200, 'HTTP Basic with the application password');
    assert.equal(((await used.json()) as Json).name, 'author');
    // Never shown again: not after a reload, though the list has it, with its use.
    await page.reload();
    const row = page
      .getByRole('table', { name: 'Application passwords' })
      .getByRole('row')
      .filter({ hasText: 'Phone sync' });
    await row.waitFor();
    assert.notEqual(await row.getByRole('cell').nth(2).textContent(), 'Never', 'its use is shown');
    assert.ok(!(await page.content()).includes(password), 'the password is not on the page any more');
    await driver.accessible(page, 'account with application passwords');
    await driver.reachable(page, 'account');

    const question = confirming(page);
    await page.getByRole('button', { name: 'Revoke Phone sync' }).click();
    assert.match(await question, /^Revoke “Phone sync”\? Programs using it stop working at once\.$/);
    await page.getByRole('status').filter({ hasText: 'Revoked: Phone sync.' }).waitFor();
    await page.getByText('No application passwords.').waitFor();
    assert.equal((await me('author', password)).status, 401, 'revoked: refused at once');
    assert.deepEqual(errors, []);
    await context.close();

    // An administrator, on the contributor's page, revokes all of theirs at once.
    const made = await Promise.all(
      ['laptop', 'backup'].map(
        async (name) =>
          (
            await t.request(
              'administrator',
              'POST',
              `/wp-json/wp/v2/users/${t.ids.contributor}/application-passwords`,
              { name },
            )
          ).json<Json>().password as string,
      ),
    );
    for (const each of made) assert.equal((await me('contributor', each)).status, 200);
    const admin = await driver.signedIn('administrator', `users/${t.ids.contributor}`);
    const table = admin.page.getByRole('table', { name: 'Application passwords' });
    await table.getByRole('row').filter({ hasText: 'backup' }).waitFor();
    const all = confirming(admin.page);
    await admin.page.getByRole('button', { name: 'Revoke all application passwords' }).click();
    assert.equal(await all, 'Revoke all 2 application passwords? Programs using them stop working at once.');
    await admin.page.getByRole('status').filter({ hasText: 'Revoked: 2 application passwords.' }).waitFor();
    for (const each of made) assert.equal((await me('contributor', each)).status, 401);
    assert.deepEqual(admin.errors, []);
    await admin.context.close();
  });

  test('the heir is any writing user of a site with more than 100: every page of users is offered, by name (decision 0079)', async () => {
    // Written in one statement: made through the API, each would hash a password at the production cost.
    const writers = Array.from({ length: 120 }, (_, at) => ({
      login: `writer${String(at + 1).padStart(3, '0')}`,
      email: '',
      display_name: `Writer ${String(at + 1).padStart(3, '0')}`,
      role: at % 2 === 0 ? 'author' : 'contributor',
      password_hash: 'never-signs-in',
      created_at: '2026-11-24 12:00:00',
    }));
    await t.storage.write((tx) => tx.insertInto('users').values(writers).execute());
    const { user: leaver } = await t.users.create({
      login: 'leaver2',
      email: 'leaver2@example.org',
      password: 'leaver-password',
      role: 'author',
      displayName: 'Lee Ving',
    });
    const event = await t.app.inject({
      method: 'POST',
      url: `/wp-json${API}/events`,
      headers: { authorization: basicAuth('leaver2', 'leaver-password') },
      payload: {
        title: 'Farewell talk',
        start_date: '2027-03-02 10:00:00',
        end_date: '2027-03-02 11:00:00',
        status: 'publish',
      },
    });
    assert.equal(event.statusCode, 201, event.body);
    const last = (await t.request('administrator', 'GET', '/wp-json/wp/v2/users?search=writer120')).json<Json[]>()[0]!;

    const { page, context, errors } = await driver.signedIn('administrator', `users/${leaver.id}`);
    await page.getByRole('heading', { name: 'User: Lee Ving' }).waitFor();
    const heir = page.getByLabel('Give their events, venues and organizers to');
    await heir.locator('option', { hasText: 'Writer 120' }).waitFor({ state: 'attached' });
    // Every user but subscribers, the leaver excepted: more than the 100 of the API's largest page.
    const writing = Number(
      (
        await t.request(
          'administrator',
          'GET',
          '/wp-json/wp/v2/users?roles=administrator,editor,author,contributor&per_page=1',
        )
      ).headers['x-wp-total'],
    );
    assert.ok(writing > 120, String(writing));
    const offered = await heir.locator('option').allTextContents();
    assert.equal(offered.length, writing - 1);
    assert.deepEqual(
      offered.filter((name) => name.startsWith('Writer')),
      writers.map((writer) => writer.display_name),
    );
    assert.ok(!offered.includes('subscriber') && !offered.includes('Lee Ving'));
    await heir.selectOption({ label: 'Writer 120' });
    const question = confirming(page);
    await Promise.all([
      page.waitForURL(`${base}/admin/users`),
      page.getByRole('button', { name: 'Delete Lee Ving' }).click(),
    ]);
    assert.equal(
      await question,
      'Delete the user Lee Ving? Their events, venues and organizers go to Writer 120. This cannot be undone.',
    );
    const authors = await t.storage.read((tx) =>
      tx.selectFrom('posts').select('author_id').where('id', '=', event.json<Json>().id).execute(),
    );
    assert.deepEqual(authors, [{ author_id: last.id }]);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
