import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { textNestsDeeperThan as nestsDeeperThan } from '../../src/json-depth.ts';
import { MAX_SOURCE_JSON_DEPTH as MAX_JSON_DEPTH } from '../../src/modules/tec-import/tec-source.ts';
import { eventFields, linkedFields, parentsFirst, sourceDates } from '../../src/modules/tec-import/record-mapping.ts';
import { importedDates } from '../../src/modules/posts/post-rows.ts';
import {
  decodeEntities,
  sourceStartAndEnd,
  hasTranslationFields,
  imageFacts,
  imageUrl,
  isStripped,
  languageOf,
  modifiedUtc,
  sourceAuthor,
  sourceDate,
  storedCost,
  translationLanguages,
  translationLinks,
  userFromSource,
  wireDate,
} from '../../src/modules/tec-import/tec-records.ts';
import { apiRootFromLink, baseFromUrl, baseInLanguage, retryAfterMs } from '../../src/modules/tec-import/tec-source.ts';

/* The rules import-tec reads a TEC site's answers by (decision 0030). */

describe('reading what a TEC site sends', () => {
  test('titles lose the entities WordPress adds, but not the ones that would make markup', () => {
    assert.equal(decodeEntities('Rock &amp; Roll &#8211; Live &#038; Loud'), 'Rock & Roll – Live & Loud');
    assert.equal(decodeEntities('Caf&eacute; &#x263A; &rsquo;s'), 'Café ☺ ’s');
    assert.equal(decodeEntities('&lt;b&gt; &#60;i&#62; &unknown; & plain'), '&lt;b&gt; &#60;i&#62; &unknown; & plain');
  });

  test('the cost text that reads back as the source showed it', () => {
    const details = (symbol: string) => ({
      currency_symbol: symbol,
      currency_code: '',
      currency_position: symbol ? 'prefix' : '',
      values: [],
    });
    assert.equal(storedCost({ cost: '$10 – $25', cost_details: details('') }), '$10 - $25');
    assert.equal(storedCost({ cost: '$15', cost_details: details('') }), '15');
    assert.equal(storedCost({ cost: '$15', cost_details: details('$') }), '$15');
    assert.equal(storedCost({ cost: 'Free', cost_details: details('') }), 'Free');
    assert.equal(storedCost({}), '');
  });

  test('an end before the start becomes the start, reported; a missing end is the start', () => {
    assert.deepEqual(sourceStartAndEnd({ start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 09:00:00' }), {
      start_date: '2027-01-01 10:00:00',
      end_date: '2027-01-01 10:00:00',
      fixed: 'end 2027-01-01 09:00:00 before start 2027-01-01 10:00:00: end set to the start',
    });
    assert.deepEqual(sourceStartAndEnd({ start_date: '2027-01-01 10:00:00' }), {
      start_date: '2027-01-01 10:00:00',
      end_date: '2027-01-01 10:00:00',
    });
    assert.equal(sourceStartAndEnd({ start_date: 'soon' }), undefined);
  });

  test('images: a URL, nothing, or left out with the reason', () => {
    assert.deepEqual(imageUrl(false), { url: null });
    assert.deepEqual(imageUrl({ url: 'https://x.example/a.jpg', id: 3 }), { url: 'https://x.example/a.jpg' });
    assert.equal(imageUrl({ url: 'javascript:alert(1)' }).url, null);
    assert.match(imageUrl({ url: '' }).problem!, /without a URL/);
  });

  test("an image's attachment id and metadata, each left empty when missing or malformed (the extension then the URL's)", () => {
    const sizes = {
      thumbnail: { width: 150, height: 150, 'mime-type': 'image/png', url: 'https://example.org/p-150x150.png' },
    };
    assert.deepEqual(
      imageFacts(
        { url: 'https://example.org/p.png', id: 31, extension: 'PNG', width: 1200, height: 800, filesize: 4609, sizes },
        'https://example.org/p.png',
      ),
      {
        id: 31,
        extension: 'png',
        width: 1200,
        height: 800,
        filesize: 4609,
        sizes_json: JSON.stringify(sizes),
      },
    );
    assert.deepEqual(
      imageFacts(
        { url: 'https://example.org/p.JPG', id: 'x', extension: '../png', width: '1200', height: -1, sizes: [] },
        'https://example.org/p.JPG',
      ),
      {
        extension: 'jpg',
        width: null,
        height: null,
        filesize: null,
        sizes_json: null,
      },
    );
  });

  test("a record's author, and the user to find or make here for a WordPress user", () => {
    assert.equal(sourceAuthor({ author: '7' }), 7);
    assert.equal(sourceAuthor({ author: '0' }), undefined);
    assert.equal(sourceAuthor({}), undefined);
    // The edit context: the login, e-mail and the first role this service has.
    assert.deepEqual(
      userFromSource({
        id: 3,
        name: 'Jo Doe',
        slug: 'jo-doe',
        username: 'jo.doe',
        email: 'jo@example.org',
        roles: ['tribe_organizer', 'editor'],
      }),
      { login: 'jo.doe', email: 'jo@example.org', displayName: 'Jo Doe', role: 'editor' },
    );
    // The view context: the slug, no e-mail, the least role that owns posts; a login with a space falls back to the slug.
    assert.deepEqual(userFromSource({ id: 3, name: '', slug: 'jo-doe', username: 'Jo Doe' }), {
      login: 'jo-doe',
      email: '',
      displayName: 'jo-doe',
      role: 'contributor',
    });
    assert.equal(userFromSource({ id: 3, name: 'Nobody', slug: '' }), undefined);
  });

  test('a protected event, venue or organizer as an anonymous reader sees it is told apart', () => {
    assert.equal(isStripped({ all_day: null, show_map: null }, 'event'), true);
    assert.equal(isStripped({ all_day: false, show_map: true }, 'event'), false);
    assert.equal(isStripped({ venue: [], state: 'IL' }, 'venue'), true);
    assert.equal(isStripped({ organizer: 'Promoter' }, 'organizer'), false);
    assert.equal(isStripped({ name: 'Jazz' }, 'category'), false);
  });

  test('the publication and modification dates as the source sends them, local and UTC; none for a malformed or zero date', () => {
    const record = {
      date: '2026-11-21 18:23:15',
      date_utc: '2026-11-21 23:23:15',
      modified: '2026-11-22 09:00:00',
      modified_utc: '2026-11-22 14:00:00',
    };
    assert.deepEqual(sourceDate(record, 'date'), { local: '2026-11-21 18:23:15', utc: '2026-11-21 23:23:15' });
    assert.deepEqual(sourceDate(record, 'modified'), { local: '2026-11-22 09:00:00', utc: '2026-11-22 14:00:00' });
    // WordPress' date of a draft never published, and dates in another format, are no dates to keep.
    assert.equal(sourceDate({ ...record, date_utc: '0000-00-00 00:00:00' }, 'date'), undefined);
    assert.equal(sourceDate({ ...record, modified: '2026-11-22T09:00:00' }, 'modified'), undefined);
    assert.equal(sourceDate({ date: record.date }, 'date'), undefined);
  });

  test("WordPress' zero date of a draft is no date wherever a date is read (issue 36)", () => {
    const zero = '0000-00-00 00:00:00';
    assert.deepEqual([wireDate(zero), wireDate('2026-11-21 23:23:15')], [undefined, '2026-11-21 23:23:15']);
    assert.deepEqual(
      [modifiedUtc({ modified_utc: zero }), modifiedUtc({ modified_utc: '2026-11-22 14:00:00' }), modifiedUtc({})],
      ['', '2026-11-22 14:00:00', ''],
    );
    assert.equal(sourceStartAndEnd({ start_date: zero, end_date: '2027-01-01 10:00:00' }), undefined);
    assert.deepEqual(sourceStartAndEnd({ start_date: '2027-01-01 10:00:00', end_date: zero }), {
      start_date: '2027-01-01 10:00:00',
      end_date: '2027-01-01 10:00:00',
    });
    // A draft venue an event embeds, and a draft event: no date_utc given to the services.
    const draft = { status: 'draft', date: zero, date_utc: zero, modified: zero, modified_utc: zero };
    assert.equal('date_utc' in linkedFields({ venue: 'Back Room', ...draft }, 'venue', []).fields, false);
    assert.equal('date_utc' in eventFields({ title: 'Soon', ...draft }, []).fields, false);
    assert.deepEqual(sourceDates(draft), {});
  });

  test("a placement's dates become the post's date columns; without them, none is set", () => {
    assert.deepEqual(importedDates({ published: { local: 'L1', utc: 'U1' }, modified: { local: 'L2', utc: 'U2' } }), {
      date_local: 'L1',
      date_utc: 'U1',
      modified_local: 'L2',
      modified_utc: 'U2',
    });
    assert.deepEqual(importedDates({ id: 5, slug: 'x' }), {});
    assert.deepEqual(importedDates(), {});
  });

  test('categories come parents first, whatever order the archive gave', () => {
    const order = parentsFirst([
      { id: 3, parent: 2 },
      { id: 2, parent: 1 },
      { id: 4, parent: 99 },
      { id: 1, parent: 0 },
    ]).map((term) => term.id);
    assert.deepEqual(order, [1, 2, 3, 4]);
    assert.deepEqual(
      parentsFirst([
        { id: 1, parent: 2 },
        { id: 2, parent: 1 },
      ])
        .map((term) => term.id)
        .sort(),
      [1, 2],
      'a cycle does not loop',
    );
  });
});

test('an answer nesting deeper than the bound is told by a linear scan; brackets inside strings do not count (decision 0092)', () => {
  assert.equal(nestsDeeperThan('{"events":[{"venue":{"image":{"sizes":{"thumbnail":{}}}}}]}', MAX_JSON_DEPTH), false);
  assert.equal(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH), false);
  assert.equal(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH), true);
  assert.equal(nestsDeeperThan(`{"title":"${'['.repeat(200)}"}`, MAX_JSON_DEPTH), false);
  assert.equal(nestsDeeperThan(`{"title":"a \\" ${'['.repeat(200)}"}`, MAX_JSON_DEPTH), false);
  assert.equal(nestsDeeperThan(`{"title":"a \\\\"${'['.repeat(200)}`, MAX_JSON_DEPTH), true);
});

describe("finding a TEC site's API", () => {
  test('the base a URL names by itself', () => {
    assert.equal(
      baseFromUrl('https://example.org/wp-json/tribe/events/v1/events?page=2'),
      'https://example.org/wp-json/tribe/events/v1',
    );
    assert.equal(baseFromUrl('https://example.org/blog/wp-json/'), 'https://example.org/blog/wp-json/tribe/events/v1');
    assert.equal(
      baseFromUrl('https://example.org/?rest_route=/'),
      'https://example.org/?rest_route=%2Ftribe%2Fevents%2Fv1',
    );
    assert.equal(
      baseFromUrl('https://example.org/index.php?rest_route=/tribe/events/v1/venues'),
      'https://example.org/index.php?rest_route=%2Ftribe%2Fevents%2Fv1',
    );
    assert.equal(baseFromUrl('https://example.org'), undefined);
    assert.equal(baseFromUrl('https://example.org/?rest_route=/wp/v2/posts'), undefined);
  });

  test('the REST root of the Link header, among other links', () => {
    assert.equal(
      apiRootFromLink('<https://example.org/wp-json/>; rel="https://api.w.org/"'),
      'https://example.org/wp-json/',
    );
    assert.equal(
      apiRootFromLink(
        '<https://example.org/?p=5>; rel=shortlink, <https://example.org/?rest_route=/>; rel="https://api.w.org/"',
      ),
      'https://example.org/?rest_route=/',
    );
    assert.equal(apiRootFromLink('<https://example.org/feed/>; rel="alternate"'), undefined);
    assert.equal(apiRootFromLink(null), undefined);
  });

  test('the languages a record has translations in: its `translations` list after the original, known codes only', () => {
    assert.deepEqual(translationLanguages({ translations: ['en', 'fr', 'de'] }, 'en'), ['fr', 'de']);
    // A record written in French first: its English text is the import's own, its French one a translation here.
    assert.deepEqual(translationLanguages({ translations: ['fr', 'en'] }, 'en'), ['fr']);
    assert.deepEqual(translationLanguages({ translations: ['en', 'xx', 7, 'it'] }, 'en'), ['it']);
    // A site without a multilingual plugin sends none; a map of post ids (Polylang) is not this list.
    assert.deepEqual(translationLanguages({}, 'en'), []);
    assert.deepEqual(translationLanguages({ translations: { en: 12, fr: 34 } }, 'en'), []);
  });

  test("a multilingual plugin's translation links: each post in another language linked to the one in the import's", () => {
    // Polylang Pro: `lang` and `translations` (slug → id, the record itself included), on any member of the group.
    const polylang = { id: 34, lang: 'fr', translations: { en: 12, fr: 34, pt: 56, xx: 78 } };
    assert.deepEqual(translationLinks(polylang, 'en'), [
      [34, { original: 12, language: 'fr', sourceCode: 'fr' }],
      [56, { original: 12, language: 'pt-pt', sourceCode: 'pt' }],
    ]);
    assert.deepEqual(translationLinks({ id: 12, lang: 'en', translations: { en: 12 } }, 'en'), []);
    // The WPML REST API plugin: the record's locale and its translations, as a list or keyed by locale.
    const wpml = {
      id: 12,
      wpml_current_locale: 'en_US',
      wpml_translations: {
        fr_FR: { locale: 'fr_FR', id: 34, post_title: 'Concert' },
        pt_BR: { locale: 'pt_BR', id: 56 },
      },
    };
    assert.deepEqual(translationLinks(wpml, 'en'), [[34, { original: 12, language: 'fr', sourceCode: 'fr' }]]);
    assert.deepEqual(
      translationLinks(
        { id: 12, wpml_current_locale: 'en_US', wpml_translations: [{ locale: 'de_DE', id: 40 }] },
        'en',
      ),
      [[40, { original: 12, language: 'de', sourceCode: 'de' }]],
    );
    // A group without a member in the import's language links nothing: its posts stay records of their own.
    assert.deepEqual(translationLinks(polylang, 'de'), []);
    assert.deepEqual(translationLinks({ id: 12, title: 'no plugin' }, 'en'), []);
    assert.equal(hasTranslationFields(polylang), true);
    assert.equal(hasTranslationFields({ id: 12, wpml_translations: [] }), true);
    assert.equal(hasTranslationFields({ id: 12, translations: ['en', 'fr'] }), false);
    assert.deepEqual(['fr', 'FR', 'fr_FR', 'pt', 'pt-pt', 'pt_PT', 'pt_BR', 'xx', 7].map(languageOf), [
      'fr',
      'fr',
      'fr',
      'pt-pt',
      'pt-pt',
      'pt-pt',
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('the base of a site read in one language through a segment of its address', () => {
    assert.equal(
      baseInLanguage('https://example.org/wp-json/tribe/events/v1', 'fr'),
      'https://example.org/fr/wp-json/tribe/events/v1',
    );
    assert.equal(
      baseInLanguage('https://example.org/blog/wp-json/tribe/events/v1', 'pt-pt'),
      'https://example.org/blog/pt-pt/wp-json/tribe/events/v1',
    );
    assert.equal(
      baseInLanguage('https://example.org/?rest_route=%2Ftribe%2Fevents%2Fv1', 'de'),
      'https://example.org/de/?rest_route=%2Ftribe%2Fevents%2Fv1',
    );
    assert.equal(
      baseInLanguage('https://example.org/blog/index.php?rest_route=%2Ftribe%2Fevents%2Fv1', 'de'),
      'https://example.org/blog/de/index.php?rest_route=%2Ftribe%2Fevents%2Fv1',
    );
    assert.equal(
      baseInLanguage('http://127.0.0.1:8080/tribe/events/v1', 'fr'),
      'http://127.0.0.1:8080/fr/tribe/events/v1',
    );
  });

  test('Retry-After in seconds or as a date', () => {
    assert.equal(retryAfterMs('3'), 3000);
    assert.equal(retryAfterMs('Wed, 21 Oct 2026 07:28:10 GMT', Date.parse('2026-10-21T07:28:00Z')), 10_000);
    assert.equal(retryAfterMs('soon'), undefined);
    assert.equal(retryAfterMs(null), undefined);
  });
});
