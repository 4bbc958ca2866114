import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { passwordDerivations } from '../../src/auth/passwords.ts';
import { API, assertError, basicAuth, createTestApp, type TestApp } from '../fixtures/app.ts';

/*
 * What a sign-in try costs (issue 43 item 10, decision 0093), counted in scrypt derivations: one a
 * try, whether the login exists or not and however many application passwords its user has, so
 * neither the timing tells logins apart nor a user's passwords multiply an attacker's cost to us.
 */

describe('the cost of a sign-in try', () => {
  let t: TestApp;
  const passwords: string[] = [];
  before(async () => {
    t = await createTestApp();
    await t.users.create({ login: 'many', role: 'editor', password: 'many-account-password' });
    for (let i = 0; i < 30; i++) passwords.push((await t.users.createAppPassword('many', `client ${i}`)).password);
  });
  after(() => t.close());

  /** The answer to a Basic try and the scrypt derivations it ran. */
  async function costOf(login: string, password: string) {
    const before = passwordDerivations();
    const answer = await t.app.inject({
      method: 'GET',
      url: `${API}/tags`,
      headers: { authorization: basicAuth(login, password) },
      remoteAddress: '203.0.113.40',
    });
    return { answer, derivations: passwordDerivations() - before };
  }
  const form = async (login: string, password: string) => {
    const before = passwordDerivations();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ login, password }).toString(),
    });
    return { answer, derivations: passwordDerivations() - before };
  };

  test('a failed try at a user with 30 application passwords costs one hash, shaped like an application password or not', async () => {
    for (const wrong of [
      'abcd efgh ijkl mnop qrst uvwx',
      'wrong',
      `${passwords[0]!.slice(0, 4)}zzzz zzzz zzzz zzzz zzzz`,
    ]) {
      const { answer, derivations } = await costOf('many', wrong);
      assertError(answer, 401, 'incorrect_password');
      assert.equal(derivations, 1, wrong);
    }
  });

  test('the right application password (the last made) or account password costs one hash too', async () => {
    const app = await costOf('many', passwords[29]!);
    assert.equal(app.answer.statusCode, 200, app.answer.body);
    assert.equal(app.derivations, 1);
    const account = await costOf('many', 'many-account-password');
    assert.equal(account.answer.statusCode, 200, account.answer.body);
    assert.equal(account.derivations, 1);
  });

  test('an unknown login costs the hash a known one does, at the same cost, by HTTP Basic and by the sign-in form', async () => {
    const unknown = await costOf('nobody-here', 'some-password');
    assertError(unknown.answer, 401, 'invalid_username');
    assert.equal(unknown.derivations, 1);
    const known = await form('many', 'wrong');
    const stranger = await form('nobody-here', 'wrong');
    assert.equal(known.answer.statusCode, stranger.answer.statusCode);
    assert.equal(known.derivations, 1);
    assert.equal(stranger.derivations, 1);
  });

  test('an application password made before lookup prefixes still signs in, and gets its prefix then', async () => {
    const { row, password } = await t.users.createAppPassword('many', 'older client');
    await t.storage.write((tx) =>
      tx.updateTable('app_passwords').set({ lookup_prefix: null }).where('id', '=', row.id).execute(),
    );
    const old = await costOf('many', password);
    assert.equal(old.answer.statusCode, 200, old.answer.body);
    const stored = await t.storage.read((tx) =>
      tx.selectFrom('app_passwords').select('lookup_prefix').where('id', '=', row.id).executeTakeFirstOrThrow(),
    );
    assert.equal(stored.lookup_prefix, password.slice(0, 4));
  });
});
