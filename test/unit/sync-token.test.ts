import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { representationOf } from '../../src/http/representation.ts';
import { appliedThrough, decodeSyncToken, encodeSyncToken } from '../../src/modules/sync/sync-token.ts';

/* Sync tokens (decision 0029) and the content negotiation of the events archive's JSON-LD. */

describe('sync tokens', () => {
  test('a position survives the round trip; the one in the middle of an event keeps its occurrence', () => {
    for (const position of [{ seq: 0 }, { seq: 42 }, { seq: 7, through: 1234 }, { seq: 999_999_999_999_999 }]) {
      const token = encodeSyncToken(position);
      assert.match(token, /^[A-Za-z0-9_-]+$/);
      assert.deepEqual(decodeSyncToken(token), position);
    }
    assert.equal(appliedThrough({ seq: 7 }), 7);
    assert.equal(appliedThrough({ seq: 7, through: 3 }), 6);
  });

  test('anything else is refused: other versions, other spellings, garbage', () => {
    const raw = (text: string) => Buffer.from(text).toString('base64url');
    for (const token of [
      '',
      'garbage!',
      raw('2.5'),
      raw('1.05'),
      raw('1.5.'),
      raw('1.-5'),
      raw('1.5.6.7'),
      raw('1.1e3'),
      `${raw('1.5')}=`,
      'x'.repeat(65),
    ]) {
      assert.equal(decodeSyncToken(token), undefined, token);
    }
  });
});

describe('JSON-LD negotiation', () => {
  test('JSON-LD only when Accept prefers it over JSON', () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'json'],
      ['application/json', 'json'],
      ['*/*', 'json'],
      ['application/ld+json', 'ld+json'],
      ['application/ld+json, */*;q=0.1', 'ld+json'],
      ['application/ld+json, application/json', 'json'],
      ['application/json;q=0.5, application/ld+json', 'ld+json'],
      ['application/ld+json;q=0', 'json'],
      ['application/ld+json;q=0.5, */*', 'json'],
    ];
    for (const [accept, expected] of cases) assert.equal(representationOf(accept), expected, String(accept));
  });
});
