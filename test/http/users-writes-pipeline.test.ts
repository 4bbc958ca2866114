import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { basicAuth, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * The writes of `wp/v2/users` and application passwords declared through the write pipeline
 * (issue 45 item 2, decision 0121): what that changed on the wire, each as WordPress answers it
 * (`Allow` by the caller's permissions on every answer, `_fields` on writes too),
 * what it kept (an unknown user is 404 to anyone, body or not), and that a refused write writes nothing.
 */

const USERS = '/wp-json/wp/v2/users';

function assertError(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json().code, code, response.body);
}

describe(`wp/v2/users writes through the pipeline (${DIALECT})`, () => {
  let t: TestApp;
  let serial = 0;
  const makeUser = async () => {
    serial += 1;
    const login = `piped${serial}`;
    return (
      await t.users.create({ login, role: 'author', email: `${login}@example.org`, password: `${login}-password` })
    ).user;
  };

  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("`Allow` lists the methods the caller may use, on reads and on the writes' answers", async () => {
    const target = await makeUser();
    assert.equal(
      (await t.request('administrator', 'GET', `${USERS}/${target.id}`)).headers.allow,
      'GET, POST, PUT, PATCH, DELETE',
    );
    // Oneself: every role edits itself, only administrators delete (WordPress' `delete_users`).
    assert.equal(
      (await t.request('subscriber', 'GET', `${USERS}/${t.ids.subscriber}`)).headers.allow,
      'GET, POST, PUT, PATCH',
    );
    const updated = await t.request('administrator', 'PATCH', `${USERS}/${target.id}`, { name: 'Allowed' });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(updated.headers.allow, 'GET, POST, PUT, PATCH, DELETE');
    const created = await t.request('administrator', 'POST', USERS, {
      username: 'allowme',
      email: 'allowme@example.org',
      password: 'allowme-password',
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.headers.allow, 'GET, POST');
    const password = await t.request('subscriber', 'POST', `${USERS}/me/application-passwords`, { name: 'allow' });
    assert.equal(password.statusCode, 201, password.body);
    assert.equal(password.headers.allow, 'GET, POST, DELETE');
    const revoked = await t.request(
      'subscriber',
      'DELETE',
      `${USERS}/me/application-passwords/${password.json().uuid}`,
    );
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal(revoked.headers.allow, 'DELETE');
  });

  test('an unknown user is 404 to anyone, with a body or without; a known one refuses an anonymous caller before reading the body', async () => {
    for (const method of ['PUT', 'POST', 'PATCH'] as const) {
      assertError(
        await t.request('anonymous', method, `${USERS}/999999`, { name: 'Nobody' }),
        404,
        'rest_user_invalid_id',
      );
      assertError(await t.request('anonymous', method, `${USERS}/999999`), 404, 'rest_user_invalid_id');
      assertError(
        await t.request('subscriber', method, `${USERS}/999999`, { name: 'Nobody' }),
        404,
        'rest_user_invalid_id',
      );
    }
    const target = await makeUser();
    const refused = await t.request('anonymous', 'PUT', `${USERS}/${target.id}`, { name: 'Nope' });
    assertError(refused, 401, 'rest_cannot_edit');
    assert.equal(refused.headers.connection, 'close', 'answered before the body was read');
    assertError(await t.request('anonymous', 'PUT', `${USERS}/${target.id}`), 401, 'rest_cannot_edit');
  });

  test("`_fields` applies to the writes' answers, and `_envelope` shows their `Allow`", async () => {
    const created = await t.request('administrator', 'POST', `${USERS}?_fields=id,username`, {
      username: 'fielded',
      email: 'fielded@example.org',
      password: 'fielded-password',
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(Object.keys(created.json()).sort(), ['id', 'username']);
    const id = created.json().id as number;
    const enveloped = await t.request('administrator', 'POST', `${USERS}/${id}?_envelope&_fields=name`, {
      name: 'Enveloped',
    });
    assert.equal(enveloped.statusCode, 200, enveloped.body);
    const { body, status, headers } = enveloped.json();
    assert.deepEqual({ body, status }, { body: { name: 'Enveloped' }, status: 200 });
    assert.equal(headers.Allow, 'GET, POST, PUT, PATCH, DELETE');
    const refused = await t.request(
      'subscriber',
      'DELETE',
      `${USERS}/${id}?force=true&reassign=${t.ids.administrator}&_envelope`,
    );
    assert.equal(refused.statusCode, 200, refused.body);
    assert.deepEqual(
      { status: refused.json().status, code: refused.json().body.code },
      { status: 403, code: 'rest_user_cannot_delete' },
    );
  });

  test('a refused write writes nothing', async () => {
    const target = await makeUser();
    const before = await t.storage.read((tx) =>
      tx.selectFrom('content_version').select('version').executeTakeFirstOrThrow(),
    );
    const users = (await t.users.list()).length;
    for (const who of ['anonymous', 'editor', 'subscriber'] as const) {
      assert.ok(
        [401, 403].includes(
          (
            await t.request(who, 'POST', USERS, {
              username: `by${who}`,
              email: `by${who}@example.org`,
              password: 'long-enough-password',
            })
          ).statusCode,
        ),
      );
      assert.ok(
        [401, 403].includes(
          (await t.request(who, 'POST', `${USERS}/${target.id}`, { name: 'Defaced', password: 'another-password' }))
            .statusCode,
        ),
      );
      assert.ok(
        [401, 403].includes(
          (await t.request(who, 'DELETE', `${USERS}/${target.id}?force=true&reassign=${t.ids.administrator}`))
            .statusCode,
        ),
      );
      assert.ok(
        [401, 403].includes(
          (await t.request(who, 'POST', `${USERS}/${target.id}/application-passwords`, { name: 'theirs' })).statusCode,
        ),
      );
    }
    assert.equal((await t.users.list()).length, users, 'no user created or deleted');
    const after = (await t.users.get(target.id))!;
    assert.deepEqual(
      { name: after.display_name, hash: after.password_hash },
      { name: target.display_name, hash: target.password_hash },
      'no name or password changed',
    );
    assert.deepEqual(await t.users.listAppPasswords(target.id), []);
    assert.equal(
      (
        await t.app.inject({
          method: 'GET',
          url: `${USERS}/me`,
          headers: { authorization: basicAuth(target.login, `${target.login}-password`) },
        })
      ).statusCode,
      200,
      'the old password still works',
    );
    const now = await t.storage.read((tx) =>
      tx.selectFrom('content_version').select('version').executeTakeFirstOrThrow(),
    );
    assert.deepEqual(now, before, 'the content version did not move');
  });
});
