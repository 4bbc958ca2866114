import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { throttleKey } from '../../src/auth/login-throttle.ts';

describe('throttleKey', () => {
  const logins: ReadonlyArray<readonly [description: string, login: string, key: string]> = [
    ['case-folds the login', 'Administrator', 'administrator'],
    ['trims surrounding spaces and tabs', ' \tadmin \t', 'admin'],
    ['folds compatibility characters', 'ａｄｍｉｎ', 'admin'],
    ['folds an e-mail address like any login', 'Alice@Example.org', 'alice@example.org'],
    ['replaces control characters, which not every engine stores', 'ad\u0000m\u001fin', 'ad\ufffdm\ufffdin'],
    ['is empty for a blank login, which counts against the address alone', '   ', ''],
    ['cuts a long login to 100 characters, never inside one', '😀'.repeat(150), '😀'.repeat(100)],
  ];
  for (const [description, login, key] of logins) {
    test(description, () => {
      assert.deepEqual(throttleKey('203.0.113.7', login), { address: '203.0.113.7', login: key });
    });
  }

  test('without a login, the key is the address alone', () => {
    assert.deepEqual(throttleKey('2001:db8::1'), { address: '2001:db8::1', login: '' });
  });

  test('bounds the address as it bounds the login', () => {
    assert.equal(throttleKey(` ${'1.2.3.4, '.repeat(50)}\u0000`).address.length, 100);
  });
});
