import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { blocksDigest, documentOf, splitFeed } from '../../src/modules/import-sources/feed-blocks.ts';

const FEED = [
  'BEGIN:VCALENDAR',
  'X-WR-TIMEZONE:Europe/Paris',
  'BEGIN:VEVENT',
  'UID:long-uid-that-is-',
  ' folded@example.org',
  'DTSTAMP:20261120T000000Z',
  'SUMMARY:One',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:two@example.org',
  'SUMMARY:Two',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:two@example.org',
  'RECURRENCE-ID:20261201T100000Z',
  'SUMMARY:Two, moved',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('a feed split by UID before parsing (decision 0118)', () => {
  test('blocks by their unfolded UID, a VALARM inside its VEVENT, exceptions with their series; the rest is the head', () => {
    const feed = splitFeed(FEED);
    assert.deepEqual([...feed.byUid.keys()], ['long-uid-that-is-folded@example.org', 'two@example.org']);
    assert.equal(feed.count, 3);
    assert.equal(feed.byUid.get('two@example.org')!.length, 2);
    assert.match(feed.byUid.get('long-uid-that-is-folded@example.org')![0]!, /END:VALARM\r\nEND:VEVENT$/);
    assert.equal(feed.head, 'BEGIN:VCALENDAR\r\nX-WR-TIMEZONE:Europe/Paris');
    assert.equal(documentOf(feed, ['two@example.org']).split('BEGIN:VEVENT').length, 3);
    assert.match(documentOf(feed, []), /^BEGIN:VCALENDAR\r\nX-WR-TIMEZONE:Europe\/Paris\r\nEND:VCALENDAR\r\n$/);
  });

  test('the digest ignores DTSTAMP, and changes with the text, the head and what the source gives', () => {
    const digest = (text: string, given = '{}') => {
      const feed = splitFeed(text);
      return blocksDigest(feed, feed.byUid.get('two@example.org')!, given);
    };
    const base = digest(FEED);
    assert.equal(
      digest(FEED.replace('UID:two@example.org\r\n', 'UID:two@example.org\r\nDTSTAMP:20261128T101010Z\r\n')),
      base,
    );
    assert.notEqual(digest(FEED.replace('SUMMARY:Two, moved', 'SUMMARY:Two, moved again')), base);
    assert.notEqual(digest(FEED.replace('Europe/Paris', 'Europe/Rome')), base);
    assert.notEqual(digest(FEED, '{"status":"draft"}'), base);
  });
});
