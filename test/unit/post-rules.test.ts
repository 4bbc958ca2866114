import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Urls } from '../../src/urls.ts';
import {
  globalId,
  globalIdLineage,
  passwordMatches,
  postUrl,
  scaleBackStatus,
  scheduledStatus,
  stripProtected,
} from '../../src/modules/posts/post-rules.ts';

const urlsFor = (origin: string, siteUrl?: string) =>
  new Urls(origin, { publicUrl: undefined, siteUrl, restPrefix: '' });

describe('scaleBackStatus', () => {
  const cases: ReadonlyArray<readonly [requested: string | undefined, canPublish: boolean, status: string]> = [
    [undefined, true, 'publish'],
    ['draft', true, 'draft'],
    ['future', true, 'future'],
    ['private', true, 'private'],
    [undefined, false, 'draft'],
    ['publish', false, 'pending'],
    ['future', false, 'pending'],
    ['draft', false, 'draft'],
    ['pending', false, 'pending'],
    ['private', false, 'pending'],
  ];
  for (const [requested, canPublish, status] of cases) {
    test(`${requested ?? 'nothing'} asked by a caller who ${canPublish ? 'may' : 'may not'} publish: ${status}`, () => {
      assert.equal(scaleBackStatus(requested, canPublish), status);
    });
  }
});

describe('scheduledStatus', () => {
  const NOW = '2026-11-22 12:00:00';
  const cases: ReadonlyArray<readonly [status: string, dateUtc: string, result: string]> = [
    ['publish', '2026-11-22 12:00:01', 'future'],
    ['publish', NOW, 'publish'],
    ['publish', '2020-01-01 00:00:00', 'publish'],
    ['draft', '2099-01-01 00:00:00', 'draft'],
    ['pending', '2099-01-01 00:00:00', 'pending'],
  ];
  for (const [status, dateUtc, result] of cases) {
    test(`${status} dated ${dateUtc}: ${result}`, () => assert.equal(scheduledStatus(status, dateUtc, NOW), result));
  }
});

describe('postUrl', () => {
  const urls = urlsFor('https://example.org:8443');
  const cases: ReadonlyArray<
    readonly [label: string, post: { id: number; status: string; slug: string }, url: string]
  > = [
    [
      'a published record: the permalink',
      { id: 5, status: 'publish', slug: 'town-hall' },
      'https://example.org:8443/venue/town-hall/',
    ],
    [
      'a non-Latin slug is percent-encoded',
      { id: 6, status: 'publish', slug: 'зал' },
      'https://example.org:8443/venue/%D0%B7%D0%B0%D0%BB/',
    ],
    [
      'a draft: the query form',
      { id: 7, status: 'draft', slug: 'draft-hall' },
      'https://example.org:8443/?post_type=tribe_venue&p=7',
    ],
    [
      'a scheduled record: the query form',
      { id: 8, status: 'future', slug: 'later' },
      'https://example.org:8443/?post_type=tribe_venue&p=8',
    ],
    [
      'a published record without a slug: the query form',
      { id: 9, status: 'publish', slug: '' },
      'https://example.org:8443/?post_type=tribe_venue&p=9',
    ],
  ];
  for (const [label, post, url] of cases) {
    test(label, () => assert.equal(postUrl(urls, 'venue', 'tribe_venue', post), url));
  }

  test('the configured site URL wins over the request origin', () => {
    const post = { id: 5, status: 'publish', slug: 'jane' };
    assert.equal(
      postUrl(
        urlsFor('http://internal:3000', 'https://calendar.example.org/site'),
        'organizer',
        'tribe_organizer',
        post,
      ),
      'https://calendar.example.org/site/organizer/jane/',
    );
  });
});

describe('globalId', () => {
  test('is the host and path of the site, without scheme, port or trailing slash', () => {
    assert.equal(
      globalId(urlsFor('http://internal:3000', 'https://example.org:8443/blog/'), 42),
      'example.org/blog?id=42',
    );
  });

  test('is the bare host for a site at the root', () => {
    assert.equal(globalId(urlsFor('http://localhost:8080'), 7), 'localhost?id=7');
  });

  test("the lineage starts with the record's own id, then the stored lineage", () => {
    const urls = urlsFor('http://example.org');
    assert.deepEqual(globalIdLineage(urls, 3, null), ['example.org?id=3']);
    assert.deepEqual(globalIdLineage(urls, 3, '["origin.example?id=99"]'), [
      'example.org?id=3',
      'origin.example?id=99',
    ]);
  });
});

describe('passwordMatches', () => {
  const cases: ReadonlyArray<readonly [given: string | undefined, stored: string, matches: boolean]> = [
    ['s3cret', 's3cret', true],
    ['S3cret', 's3cret', false],
    ['s3cre', 's3cret', false],
    ['s3crets', 's3cret', false],
    [undefined, 's3cret', false],
    ['', '', false],
    ['anything', '', false],
    ['pässwort', 'pässwort', true],
  ];
  for (const [given, stored, matches] of cases) {
    test(`${JSON.stringify(given)} against ${JSON.stringify(stored)}: ${matches}`, () =>
      assert.equal(passwordMatches(given, stored), matches));
  }
});

describe('stripProtected', () => {
  test('replaces the protected keys present, keeps the others, adds none', () => {
    const venue = {
      id: 5,
      status: 'publish',
      venue: 'Town Hall',
      description: '<p>bio</p>',
      slug: 'town-hall',
      image: { url: 'u', id: 1 },
      address: '1 Main St',
      state: 'IL',
      zip: '0',
      geo_lat: 39.8,
      show_map: true,
      global_id: 'example.org?id=5',
    };
    assert.deepEqual(stripProtected(venue, 'venue'), {
      id: 5,
      status: 'publish',
      venue: 'Town Hall',
      description: '',
      slug: 'town-hall',
      image: false,
      address: '',
      state: 'IL',
      zip: '',
      geo_lat: 0,
      show_map: null,
      global_id: 'example.org?id=5',
    });
  });

  test('keeps the key order', () => {
    const record = { id: 1, organizer: 'Jane', email: 'j@example.com', global_id: 'x' };
    assert.deepEqual(Object.keys(stripProtected(record, 'organizer')), ['id', 'organizer', 'email', 'global_id']);
  });

  test('without a name key, venue and organizer are linked records and become []', () => {
    const event = {
      title: 'Gig',
      venue: { id: 5, venue: 'Hall' },
      organizer: [{ id: 6 }],
      website: 'https://gig.example',
    };
    assert.deepEqual(stripProtected(event), { title: 'Gig', venue: [], organizer: [], website: '' });
  });

  test('strips nested objects that are not protected keys themselves', () => {
    const event = {
      start_date_details: { year: '2026' },
      json_ld: { name: 'Gig', description: 'text', location: { address: 'here', phone: '1' } },
      cost_details: { currency_symbol: '$', values: ['5'] },
      attendance: { total_attendees: 4 },
      global_id_lineage: ['example.org?id=1'],
    };
    assert.deepEqual(stripProtected(event), {
      start_date_details: { year: '2026' },
      json_ld: { name: 'Gig', description: '', location: { address: '', phone: '' } },
      cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
      attendance: { total_attendees: null, checked_in: null, not_checked_in: null },
      global_id_lineage: ['example.org?id=1'],
    });
  });

  test('the name key is spared at the top level only', () => {
    const record = { venue: 'Hall', json_ld: { venue: 'nested' } };
    assert.deepEqual(stripProtected(record, 'venue'), { venue: 'Hall', json_ld: { venue: [] } });
  });

  test('replacements are fresh copies: changing one result does not change the next', () => {
    const first = stripProtected({ cost_details: {} }) as { cost_details: { values: string[] } };
    first.cost_details.values.push('changed');
    assert.deepEqual(
      (stripProtected({ cost_details: {} }) as { cost_details: { values: string[] } }).cost_details.values,
      [],
    );
  });
});
