import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { ROLE_NAMES, type Role } from '../../src/auth/roles.ts';
import { API, basicAuth, createTestApp, type TestApp } from '../fixtures/app.ts';

/*
 * WordPress' `wp/v2/users` and application passwords over the API (issue 33, decision 0067): each
 * role's permissions, the shapes, the refusals in WordPress' codes, passwords shown once and revoked
 * at once, a password change ending sessions, and a deletion that reassigns posts.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Who = Role | 'anonymous';

const USERS = '/wp-json/wp/v2/users';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function assertError(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().code, code, response.body);
  assert.equal(response.json().data.status, status);
}

/** 401 for an anonymous caller, 403 for a signed-in one, as WordPress' `rest_authorization_required_code()`. */
const refusal = (who: Who) => (who === 'anonymous' ? 401 : 403);

describe('wp/v2/users and application passwords', () => {
  let t: TestApp;
  let serial = 0;
  /** A fresh user to act on, so that no test depends on another's leftovers. */
  const makeUser = async (role: Role = 'author') => {
    serial += 1;
    const login = `made${serial}`;
    const { user } = await t.users.create({
      login,
      role,
      email: `${login}@example.org`,
      password: `${login}-password`,
    });
    return user;
  };
  const as = (login: string, password: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: basicAuth(login, password) },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('only administrators list users; pages, totals, search and roles', async () => {
    for (const who of ['anonymous', 'editor', 'author', 'contributor', 'subscriber'] as const) {
      assertError(await t.request(who, 'GET', USERS), refusal(who), 'rest_user_cannot_view');
    }
    assertError(await t.request('editor', 'GET', `${USERS}?context=edit`), 403, 'rest_forbidden_context');
    const all = await t.request('administrator', 'GET', `${USERS}?per_page=2&page=2`);
    assert.equal(all.statusCode, 200, all.body);
    const total = Number(all.headers['x-wp-total']);
    assert.ok(total >= ROLE_NAMES.length, all.body);
    assert.equal(all.headers['x-wp-totalpages'], String(Math.ceil(total / 2)));
    assert.match(String(all.headers['cache-control']), /no-store, private/);
    assert.deepEqual(
      all.json().map((user: Json) => user.id),
      (await t.users.list()).slice(2, 4).map((user) => user.id),
      'the second page of two, by id',
    );
    const view = all.json()[0];
    assert.equal(view.email, undefined, 'the e-mail only in the edit context');
    const editors = await t.request('administrator', 'GET', `${USERS}?roles=editor,subscriber&context=edit`);
    assert.deepEqual(
      editors
        .json()
        .map((user: Json) => user.username)
        .sort(),
      ['editor', 'subscriber'],
    );
    assert.deepEqual(editors.json()[0].roles, [editors.json()[0].username]);
    const found = await t.request('administrator', 'GET', `${USERS}?search=CONTRIB`);
    assert.deepEqual(
      found.json().map((user: Json) => user.slug),
      ['contributor'],
    );
    assertError(await t.request('administrator', 'GET', `${USERS}?roles=king`), 400, 'rest_invalid_param');
    // The plain-permalink form reaches the same route.
    assert.equal(
      (await t.request('administrator', 'GET', '/?rest_route=/wp/v2/users&per_page=1')).headers['x-wp-total'],
      String(total),
    );
  });

  test("only administrators create users, in WordPress' shape; duplicates and weak passwords are refused", async () => {
    const body = {
      username: 'newbie',
      email: 'newbie@example.org',
      password: 'newbie-password',
      name: 'New Bie',
      roles: ['editor'],
    };
    for (const who of ['anonymous', 'editor', 'author', 'contributor', 'subscriber'] as const) {
      assertError(await t.request(who, 'POST', USERS, body), refusal(who), 'rest_cannot_create_user');
    }
    const created = await t.request('administrator', 'POST', USERS, body);
    assert.equal(created.statusCode, 201, created.body);
    const user = created.json();
    assert.equal(created.headers.location, `http://localhost:80${USERS}/${user.id}`);
    assert.equal(user.username, 'newbie');
    assert.equal(user.name, 'New Bie');
    assert.equal(user.email, 'newbie@example.org');
    assert.equal(user.slug, 'newbie');
    assert.deepEqual(user.roles, ['editor']);
    assert.equal(user.capabilities.edit_others_tribe_events, true);
    assert.equal(user.capabilities.editor, true);
    assert.equal(user.password, undefined);
    assert.equal(
      (await as('newbie', 'newbie-password', 'GET', `${USERS}/me`)).statusCode,
      200,
      'the new user signs in',
    );

    assertError(
      await t.request('administrator', 'POST', USERS, { ...body, email: 'other@example.org' }),
      400,
      'existing_user_login',
    );
    assertError(
      await t.request('administrator', 'POST', USERS, { ...body, username: 'other' }),
      400,
      'existing_user_email',
    );
    assertError(
      await t.request('administrator', 'POST', USERS, { ...body, username: 'other', email: 'NewBie@Example.org' }),
      400,
      'existing_user_email',
    );
    assertError(
      await t.request('administrator', 'POST', USERS, {
        ...body,
        username: 'weak',
        email: 'weak@example.org',
        password: 'short',
      }),
      400,
      'rest_user_invalid_password',
    );
    assertError(
      await t.request('administrator', 'POST', USERS, {
        ...body,
        username: 'empty',
        email: 'empty@example.org',
        password: '',
      }),
      400,
      'rest_user_invalid_password',
    );
    assertError(
      await t.request('administrator', 'POST', USERS, { ...body, username: 'bad name!', email: 'bad@example.org' }),
      400,
      'rest_user_invalid_username',
    );
    assertError(
      await t.request('administrator', 'POST', USERS, { ...body, username: 'badmail', email: 'not-an-address' }),
      400,
      'rest_user_invalid_email',
    );
    assertError(
      await t.request('administrator', 'POST', USERS, {
        ...body,
        username: 'badrole',
        email: 'badrole@example.org',
        roles: ['king'],
      }),
      400,
      'rest_user_invalid_role',
    );
    assertError(
      await t.request('administrator', 'POST', USERS, { email: 'x@example.org', password: 'long-enough' }),
      400,
      'rest_missing_callback_param',
    );
    // A form body, as WordPress also takes, makes a subscriber by default.
    const form = await t.app.inject({
      method: 'POST',
      url: USERS,
      headers: { ...FORM, authorization: basicAuth('administrator', 'administrator-password') },
      payload: 'username=formed&email=formed%40example.org&password=formed-password',
    });
    assert.equal(form.statusCode, 201, form.body);
    assert.deepEqual(form.json().roles, ['subscriber']);
  });

  test('a user reads themselves; administrators read anyone; others are refused', async () => {
    const target = await makeUser();
    for (const who of ['anonymous', 'editor', 'contributor', 'subscriber'] as const) {
      assertError(await t.request(who, 'GET', `${USERS}/${target.id}`), refusal(who), 'rest_user_cannot_view');
    }
    const own = await as(target.login, `${target.login}-password`, 'GET', `${USERS}/${target.id}?context=edit`);
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.json().email, target.email);
    const admin = await t.request('administrator', 'GET', `${USERS}/${target.id}?context=edit`);
    assert.deepEqual(admin.json().roles, ['author']);
    assert.equal(
      (await t.request('administrator', 'GET', `${USERS}/${target.id}?context=embed`)).json().meta,
      undefined,
    );
    assertError(await t.request('administrator', 'GET', `${USERS}/999999`), 404, 'rest_user_invalid_id');
  });

  test('a user edits their own name, e-mail and password, never their role; administrators edit anyone and change roles', async () => {
    const target = await makeUser();
    const password = `${target.login}-password`;
    for (const who of ['anonymous', 'editor', 'author', 'contributor', 'subscriber'] as const) {
      assertError(
        await t.request(who, 'POST', `${USERS}/${target.id}`, { name: 'Nope' }),
        refusal(who),
        'rest_cannot_edit',
      );
    }
    const renamed = await as(target.login, password, 'POST', `${USERS}/${target.id}`, {
      name: 'Renamed',
      email: `${target.login}@example.net`,
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().name, 'Renamed');
    assert.equal(renamed.json().email, `${target.login}@example.net`);
    assertError(
      await as(target.login, password, 'POST', `${USERS}/${target.id}`, { roles: ['administrator'] }),
      403,
      'rest_cannot_edit_roles',
    );
    for (const who of ['editor', 'author', 'contributor', 'subscriber'] as const) {
      assertError(
        await t.request(who, 'POST', `${USERS}/${t.ids[who]}`, { roles: ['administrator'] }),
        403,
        'rest_cannot_edit_roles',
      );
    }
    assertError(
      await as(target.login, password, 'POST', `${USERS}/${target.id}`, { username: 'renamed' }),
      400,
      'rest_user_invalid_argument',
    );
    const other = await makeUser();
    assertError(
      await as(target.login, password, 'POST', `${USERS}/${target.id}`, { email: other.email }),
      400,
      'existing_user_email',
    );
    assertError(
      await as(target.login, password, 'POST', `${USERS}/${target.id}`, { password: 'short' }),
      400,
      'rest_user_invalid_password',
    );
    // The same role is no change: a client that sends the whole record back is not refused.
    assert.equal(
      (await as(target.login, password, 'POST', `${USERS}/${target.id}`, { roles: ['author'] })).statusCode,
      200,
    );
    assert.equal(
      (await t.request('administrator', 'PUT', `${USERS}/${target.id}`, { roles: ['editor'] })).json().roles[0],
      'editor',
    );
    // The new role holds at once: the user may now edit others' events.
    assert.equal(
      (await as(target.login, password, 'GET', `${USERS}/me?context=edit`)).json().capabilities
        .edit_others_tribe_events,
      true,
    );
    assert.equal(
      (await t.request('administrator', 'PATCH', `${USERS}/${target.id}`, { roles: ['subscriber'] })).json().roles[0],
      'subscriber',
    );
    // An administrator keeps their own role, so the site keeps an administrator.
    assertError(
      await t.request('administrator', 'POST', `${USERS}/${t.ids.administrator}`, { roles: ['editor'] }),
      403,
      'rest_cannot_edit_roles',
    );
    assertError(
      await t.request('administrator', 'POST', `${USERS}/999999`, { name: 'x' }),
      404,
      'rest_user_invalid_id',
    );
  });

  test("a password change ends the user's sessions and the old password fails at once", async () => {
    const target = await makeUser('editor');
    const old = `${target.login}-password`;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: FORM,
      payload: `login=${target.login}&password=${old}`,
    });
    assert.equal(signIn.statusCode, 303, signIn.body);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const session = async () => t.app.inject({ method: 'GET', url: `${API}/sessions/current`, headers: { cookie } });
    assert.equal((await session()).statusCode, 200);
    // Used once, so the authenticator remembers the old password as verified.
    assert.equal((await as(target.login, old, 'GET', `${USERS}/me`)).statusCode, 200);
    const changed = await as(target.login, old, 'POST', `${USERS}/${target.id}`, { password: 'a-brand-new-password' });
    assert.equal(changed.statusCode, 200, changed.body);
    assertError(await session(), 401, 'rest_not_logged_in');
    assertError(await as(target.login, old, 'GET', `${USERS}/me`), 401, 'incorrect_password');
    assert.equal((await as(target.login, 'a-brand-new-password', 'GET', `${USERS}/me`)).statusCode, 200);
  });

  test("the admin's session writes only with its nonce", async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: FORM,
      payload: 'login=administrator&password=administrator-password',
    });
    assert.equal(signIn.statusCode, 303, signIn.body);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const { nonce } = (
      await t.app.inject({ method: 'GET', url: `${API}/sessions/current`, headers: { cookie } })
    ).json();
    const body = { username: 'bysession', email: 'bysession@example.org', password: 'bysession-password' };
    assertError(
      await t.app.inject({ method: 'POST', url: USERS, headers: { cookie }, payload: body }),
      401,
      'rest_cannot_create_user',
    );
    const created = await t.app.inject({
      method: 'POST',
      url: USERS,
      headers: { cookie, 'x-wp-nonce': nonce },
      payload: body,
    });
    assert.equal(created.statusCode, 201, created.body);
  });

  test("application passwords: a user manages their own, administrators anyone's; shown once; revoked at once", async () => {
    const target = await makeUser('contributor');
    const password = `${target.login}-password`;
    const collection = `${USERS}/${target.id}/application-passwords`;
    for (const who of ['anonymous', 'editor', 'author', 'contributor', 'subscriber'] as const) {
      assertError(await t.request(who, 'GET', collection), refusal(who), 'rest_cannot_manage_application_passwords');
      assertError(
        await t.request(who, 'POST', collection, { name: 'theirs' }),
        refusal(who),
        'rest_cannot_manage_application_passwords',
      );
    }
    const created = await as(target.login, password, 'POST', `${USERS}/me/application-passwords`, { name: 'phone' });
    assert.equal(created.statusCode, 201, created.body);
    const made = created.json();
    assert.match(made.password, /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/, "WordPress' chunked format");
    assert.match(made.uuid, /^[0-9a-f-]{36}$/);
    assert.equal(made.name, 'phone');
    assert.equal(made.last_used, null);
    assertError(
      await as(target.login, password, 'POST', collection, { name: 'phone' }),
      409,
      'application_password_duplicate_name',
    );

    const listed = await as(target.login, password, 'GET', collection);
    assert.equal(listed.statusCode, 200, listed.body);
    assert.deepEqual(
      listed.json().map((entry: Json) => entry.uuid),
      [made.uuid],
    );
    assert.equal(listed.json()[0].password, undefined, 'never shown again');
    assert.ok(!listed.body.includes(made.password));

    // It works, and is remembered by the authenticator as verified...
    assert.equal((await as(target.login, made.password, 'GET', `${USERS}/me`)).statusCode, 200);
    assert.notEqual((await t.request('administrator', 'GET', collection)).json()[0].last_used, null);
    // ...yet revoking it (by an administrator here) stops it on the next request.
    assertError(
      await t.request('editor', 'DELETE', `${collection}/${made.uuid}`),
      403,
      'rest_cannot_manage_application_passwords',
    );
    const revoked = await t.request('administrator', 'DELETE', `${collection}/${made.uuid}`);
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.deepEqual(
      { deleted: revoked.json().deleted, uuid: revoked.json().previous.uuid },
      { deleted: true, uuid: made.uuid },
    );
    assertError(await as(target.login, made.password, 'GET', `${USERS}/me`), 401, 'incorrect_password');
    assertError(
      await t.request('administrator', 'DELETE', `${collection}/${made.uuid}`),
      404,
      'rest_application_password_not_found',
    );

    // An administrator creates one for another user.
    const forThem = await t.request('administrator', 'POST', collection, { name: 'by admin' });
    assert.equal(forThem.statusCode, 201, forThem.body);
    assert.equal((await as(target.login, forThem.json().password, 'GET', `${USERS}/me`)).statusCode, 200);
    assertError(
      await t.request('administrator', 'GET', `${USERS}/999999/application-passwords`),
      404,
      'rest_user_invalid_id',
    );
    assertError(
      await t.request('anonymous', 'GET', `${USERS}/me/application-passwords`),
      401,
      'rest_cannot_manage_application_passwords',
    );
  });

  test('"Revoke all": every application password of one user stops at once, no one else\'s', async () => {
    const target = await makeUser('author');
    const other = await makeUser('author');
    const collection = `${USERS}/${target.id}/application-passwords`;
    const made = await Promise.all(
      ['laptop', 'phone'].map(
        async (name) => (await t.request('administrator', 'POST', collection, { name })).json().password as string,
      ),
    );
    const kept = (
      await t.request('administrator', 'POST', `${USERS}/${other.id}/application-passwords`, { name: 'laptop' })
    ).json().password as string;
    for (const who of ['anonymous', 'editor', 'author', 'contributor', 'subscriber'] as const) {
      assertError(await t.request(who, 'DELETE', collection), refusal(who), 'rest_cannot_manage_application_passwords');
    }
    assert.equal((await as(target.login, made[0]!, 'GET', `${USERS}/me`)).statusCode, 200);

    const revoked = await as(target.login, `${target.login}-password`, 'DELETE', `${USERS}/me/application-passwords`);
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.deepEqual(revoked.json(), { deleted: true, count: 2 });
    for (const password of made)
      assertError(await as(target.login, password, 'GET', `${USERS}/me`), 401, 'incorrect_password');
    assert.deepEqual((await t.request('administrator', 'GET', collection)).json(), []);
    assert.equal((await as(other.login, kept, 'GET', `${USERS}/me`)).statusCode, 200, "another user's stays");
    assert.deepEqual(
      (await t.request('administrator', 'DELETE', collection)).json(),
      { deleted: true, count: 0 },
      'none left: nothing to revoke',
    );
    assertError(
      await t.request('administrator', 'DELETE', `${USERS}/999999/application-passwords`),
      404,
      'rest_user_invalid_id',
    );
  });

  test('the OpenAPI document lists the routes beside the namespace, relative to the REST root', async () => {
    const doc = (await t.request('anonymous', 'GET', '/wp-json/calendar/events/v1/doc')).json();
    const item = doc.paths['/wp/v2/users/{id}/application-passwords'];
    assert.deepEqual(item.servers, [{ url: 'http://localhost:80/wp-json' }]);
    assert.deepEqual(Object.keys(item).sort(), ['delete', 'get', 'post', 'servers']);
    assert.ok(
      doc.paths['/wp/v2/users'].post.requestBody.content['application/json'].schema.required.includes('password'),
    );
    assert.deepEqual(Object.keys(doc.paths['/wp/v2/users/{id}']).sort(), [
      'delete',
      'get',
      'patch',
      'post',
      'put',
      'servers',
    ]);
  });

  test('only administrators delete users, with force and reassign; the posts move; not themselves', async () => {
    const leaver = await makeUser('author');
    const heir = await makeUser('editor');
    const event = await as(leaver.login, `${leaver.login}-password`, 'POST', `${API}/events`, {
      title: 'Leaver event',
      start_date: '2027-03-01 10:00:00',
      end_date: '2027-03-01 11:00:00',
      status: 'publish',
    });
    assert.equal(event.statusCode, 201, event.body);
    const url = `${USERS}/${leaver.id}?force=true&reassign=${heir.id}`;
    for (const who of ['anonymous', 'editor', 'author', 'contributor', 'subscriber'] as const) {
      assertError(await t.request(who, 'DELETE', url), refusal(who), 'rest_user_cannot_delete');
    }
    assertError(
      await t.request('administrator', 'DELETE', `${USERS}/${leaver.id}?reassign=${heir.id}`),
      501,
      'rest_trash_not_supported',
    );
    assertError(
      await t.request('administrator', 'DELETE', `${USERS}/${leaver.id}?force=true`),
      400,
      'rest_missing_callback_param',
    );
    assertError(
      await t.request('administrator', 'DELETE', `${USERS}/${leaver.id}?force=true&reassign=${leaver.id}`),
      400,
      'rest_user_invalid_reassign',
    );
    assertError(
      await t.request('administrator', 'DELETE', `${USERS}/${leaver.id}?force=true&reassign=999999`),
      400,
      'rest_user_invalid_reassign',
    );
    assertError(
      await t.request('administrator', 'DELETE', `${USERS}/${t.ids.administrator}?force=true&reassign=${heir.id}`),
      403,
      'rest_user_cannot_delete',
    );
    assertError(
      await t.request('administrator', 'DELETE', `${USERS}/999999?force=true&reassign=${heir.id}`),
      404,
      'rest_user_invalid_id',
    );

    const deleted = await t.request('administrator', 'DELETE', url);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.equal(deleted.json().deleted, true);
    assert.equal(deleted.json().previous.username, leaver.login);
    assertError(await t.request('administrator', 'GET', `${USERS}/${leaver.id}`), 404, 'rest_user_invalid_id');
    assertError(await as(leaver.login, `${leaver.login}-password`, 'GET', `${USERS}/me`), 401, 'invalid_username');
    const authors = await t.storage.read((tx) =>
      tx.selectFrom('posts').select('author_id').where('id', '=', event.json().id).execute(),
    );
    assert.deepEqual(authors, [{ author_id: heir.id }]);
    // The heir now edits the event as its author.
    const edited = await as(heir.login, `${heir.login}-password`, 'POST', `${API}/events/${event.json().id}`, {
      title: 'Inherited',
    });
    assert.equal(edited.statusCode, 200, edited.body);
  });
});
