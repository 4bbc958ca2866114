import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { UserInputError } from '../../src/auth/users.service.ts';
import { UsersRepository } from '../../src/storage/repositories/users.repository.ts';
import { assertError, basicAuth, createTestApp, type TestApp } from '../fixtures/app.ts';

/*
 * Sign-in names (issue 43 item 9, decision 0093): a login or an e-mail address signs in, the login
 * first; no user may take another's login as their e-mail address, or another's e-mail address as
 * their login, over the API or the CLI's service.
 */

const USERS = '/wp-json/wp/v2/users';

describe('sign-in names', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const basic = (login: string, password: string) =>
    t.app.inject({ method: 'GET', url: `${USERS}/me`, headers: { authorization: basicAuth(login, password) } });
  const form = (login: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ login, password }).toString(),
    });

  test("a user whose e-mail is another's login (older data) does not lock that user out: the login signs in first, by HTTP Basic and by the form", async () => {
    // The attacker is the older user (the lower id), which sign-in used to prefer.
    const { user: attacker } = await t.users.create({
      login: 'mallory',
      role: 'subscriber',
      email: 'mallory@corp.org',
      password: 'mallory-password',
    });
    const { user: victim } = await t.users.create({
      login: 'victim@corp.org',
      role: 'editor',
      email: 'victim.other@corp.org',
      password: 'victim-password',
    });
    // Written past the service's refusal, as a database from before it may hold it.
    await t.storage.write((tx) =>
      new UsersRepository(t.storage.dialect).update(tx, attacker.id, { email: 'victim@corp.org' }),
    );
    const me = await basic('victim@corp.org', 'victim-password');
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.json().id, victim.id);
    const signedIn = await form('victim@corp.org', 'victim-password');
    assert.equal(signedIn.statusCode, 303, signedIn.body);
    assert.equal(
      (await basic('victim@corp.org', 'mallory-password')).statusCode,
      401,
      "the attacker's password is not taken for the victim's login",
    );
    // Either one's other e-mail still signs in as them.
    assert.equal((await basic('Victim.Other@corp.org', 'victim-password')).json().id, victim.id);
  });

  test("the API refuses an e-mail address that is another user's login, and a login that is another user's e-mail address", async () => {
    const { user: victim } = await t.users.create({
      login: 'boss@corp.org',
      role: 'editor',
      email: 'boss.mail@corp.org',
      password: 'boss-password',
    });
    const { user: attacker } = await t.users.create({
      login: 'eve',
      role: 'subscriber',
      email: 'eve@corp.org',
      password: 'eve-password',
    });
    const own = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `${USERS}/${attacker.id}`,
        headers: { authorization: basicAuth('eve', 'eve-password') },
        payload: body,
      });
    assertError(await own({ email: 'boss@corp.org' }), 400, 'existing_user_email');
    assertError(await own({ email: 'BOSS@corp.org' }), 400, 'existing_user_email');
    assertError(
      await t.request('administrator', 'POST', USERS, {
        username: 'newcomer',
        email: 'boss@corp.org',
        password: 'newcomer-password',
      }),
      400,
      'existing_user_email',
    );
    assertError(
      await t.request('administrator', 'POST', USERS, {
        username: 'boss.mail@corp.org',
        email: 'x@corp.org',
        password: 'newcomer-password',
      }),
      400,
      'existing_user_login',
    );
    // A user keeps their own login as their e-mail address.
    const same = await t.app.inject({
      method: 'POST',
      url: `${USERS}/${victim.id}`,
      headers: { authorization: basicAuth('boss@corp.org', 'boss-password') },
      payload: { email: 'boss@corp.org' },
    });
    assert.equal(same.statusCode, 200, same.body);
    assert.equal((await basic('boss@corp.org', 'boss-password')).json().id, victim.id);
  });

  test("the CLI's service refuses the same: `user create` with another's login as e-mail or another's e-mail as login", async () => {
    await t.users.create({
      login: 'carol@corp.org',
      role: 'author',
      email: 'carol.mail@corp.org',
      password: 'carol-password',
    });
    const refused = (problem: string) => (error: unknown) =>
      error instanceof UserInputError && error.problem === problem;
    await assert.rejects(
      t.users.create({ login: 'dave', role: 'author', email: 'Carol@corp.org', password: 'dave-password' }),
      refused('email-taken'),
    );
    await assert.rejects(
      t.users.create({ login: 'carol.mail@corp.org', role: 'author', password: 'dave-password' }),
      refused('login-taken'),
    );
    const { user: dave } = await t.users.create({ login: 'dave', role: 'author', password: 'dave-password' });
    await assert.rejects(t.users.update(dave.id, { email: 'carol@corp.org' }), refused('email-taken'));
  });
});
