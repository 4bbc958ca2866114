import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Authenticator, type CredentialStore } from '../../src/auth/authenticator.ts';
import { LoginThrottle } from '../../src/auth/login-throttle.ts';
import { hashPassword, normalizeApplicationPassword } from '../../src/auth/passwords.ts';
import { pinnedClock } from '../../src/clock.ts';
import type { ReadTx, Storage } from '../../src/storage/types.ts';
import type { LoginThrottleRepository } from '../../src/storage/repositories/login-throttle.repository.ts';
import type { AppPasswordRow, UserRow } from '../../src/storage/tables.ts';

/*
 * What a request with Basic credentials reads (decision 0077), seen through a storage stub that
 * records the units opened and stubs that record the unit each read ran in.
 */

const LOW_COST = { N: 1024, r: 8, p: 1 };
const APP_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

test('a request with remembered credentials reads the user, its throttle counters and its application password in one read unit', async () => {
  const units: ReadTx[] = [];
  const storage: Pick<Storage, 'read'> = {
    read: async (work) => {
      const tx = {} as ReadTx;
      units.push(tx);
      return work(tx);
    },
  };
  const readIn: { what: string; tx: ReadTx }[] = [];
  const user = {
    id: 7,
    login: 'editor',
    role: 'editor',
    password_hash: await hashPassword('account password', LOW_COST),
  } as UserRow;
  const appPassword = {
    id: 3,
    user_id: 7,
    password_hash: await hashPassword(normalizeApplicationPassword(APP_PASSWORD), LOW_COST),
    lookup_prefix: 'abcd',
    last_used_at: null,
  } as unknown as AppPasswordRow;
  const users: CredentialStore = {
    loginUser: async (tx) => (readIn.push({ what: 'user', tx }), user),
    appPassword: async (tx) => (readIn.push({ what: 'application password', tx }), appPassword),
    appPasswordCandidates: async () => [appPassword],
    markAppPasswordUsed: async () => undefined,
  };
  const throttleRepository = {
    list: async (tx: ReadTx) => (readIn.push({ what: 'throttle', tx }), []),
  } as unknown as LoginThrottleRepository;
  const clock = pinnedClock('2026-11-24T12:00:00Z');
  const throttle = new LoginThrottle(storage as Storage, throttleRepository, clock, {
    maxFailuresPerLogin: 10,
    maxFailuresPerAddress: 100,
    windowSeconds: 600,
  });
  const authenticator = new Authenticator(storage, users, throttle, clock);
  const header = `Basic ${Buffer.from(`editor:${APP_PASSWORD}`).toString('base64')}`;

  assert.deepEqual(await authenticator.authenticate(header, '203.0.113.7'), { id: 7, login: 'editor', role: 'editor' });
  units.length = 0;
  readIn.length = 0;
  assert.deepEqual(await authenticator.authenticate(header, '203.0.113.7'), { id: 7, login: 'editor', role: 'editor' });
  assert.equal(units.length, 1, 'one read unit');
  assert.deepEqual(
    readIn.map((read) => read.what),
    ['user', 'throttle', 'application password'],
  );
  assert.ok(
    readIn.every((read) => read.tx === units[0]),
    'every read in that unit',
  );
});
