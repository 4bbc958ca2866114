import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../src/errors.ts';
import { LINK_GRACE_SECONDS, linkExpiry, RsvpLinks } from '../../src/modules/tickets/rsvp-links.ts';
import { readBuyUrl } from '../../src/modules/tickets/ticket-input.ts';

/* The signed links of RSVPs (decision 0125) and tickets' "Buy" links (http and https only). */

const ORDER = '0123456789abcdef01234567';
const links = new RsvpLinks(Buffer.alloc(32, 7));

describe('RSVP links', () => {
  test('a token opens its order until it expires, and not after', () => {
    const token = links.token(ORDER, 1_000);
    assert.deepEqual(links.open(token, 999), { order: ORDER });
    assert.deepEqual(links.open(token, 1_000), { refused: 'expired' });
  });

  test('a token changed anywhere, or signed with another key, is refused as tampered', () => {
    const token = links.token(ORDER, 5_000);
    const [order, expires, signature] = token.split('.') as [string, string, string];
    const otherOrder = `${order.slice(0, -1)}${order.endsWith('0') ? '1' : '0'}`;
    assert.deepEqual(links.open(`${otherOrder}.${expires}.${signature}`, 0), { refused: 'tampered' });
    assert.deepEqual(links.open(`${order}.9${expires}.${signature}`, 0), { refused: 'tampered' }, 'a longer life');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    assert.deepEqual(links.open(`${order}.${expires}.${flipped}`, 0), { refused: 'tampered' });
    assert.deepEqual(new RsvpLinks(Buffer.alloc(32, 8)).open(token, 0), { refused: 'tampered' });
    assert.deepEqual(links.open('garbage', 0), { refused: 'tampered' });
    assert.deepEqual(links.open(`${token}x`, 0), { refused: 'tampered' });
  });

  test("a link lasts a week past its event's end, or past now for an event already over", () => {
    const now = new Date('2027-03-01T00:00:00Z');
    assert.equal(
      linkExpiry('2027-03-05 03:00:00', now),
      Date.parse('2027-03-05T03:00:00Z') / 1000 + LINK_GRACE_SECONDS,
    );
    assert.equal(linkExpiry('2020-01-01 00:00:00', now), now.getTime() / 1000 + LINK_GRACE_SECONDS);
  });
});

describe('buy links', () => {
  test('http and https addresses are kept; others are a 400 on buy_url; empty is none', () => {
    assert.equal(readBuyUrl(' https://tickets.example.org/jazz?id=3 '), 'https://tickets.example.org/jazz?id=3');
    assert.equal(readBuyUrl('http://example.org'), 'http://example.org/');
    assert.equal(readBuyUrl(''), '');
    for (const bad of ['javascript:alert(1)', 'ftp://example.org/', 'not a url', 'data:text/html,x']) {
      assert.throws(
        () => readBuyUrl(bad),
        (error: unknown) => error instanceof ApiError && error.status === 400,
        bad,
      );
    }
  });
});
