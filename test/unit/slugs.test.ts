import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { claimFreeSlug, slugFamilyRoot, slugify, suffixedSlug } from '../../src/slugs.ts';

describe('slugify', () => {
  const cases: ReadonlyArray<readonly [description: string, input: string, slug: string]> = [
    ['lower-cases and joins words with hyphens', 'Live Music', 'live-music'],
    ['folds accents to ASCII', 'Café Crème Brûlée', 'cafe-creme-brulee'],
    ['spells out letters that have no decomposition', 'Straße Æble Øl Đak Łódź', 'strasse-aeble-ol-dak-lodz'],
    ['folds compatibility characters', 'ﬁne ①', 'fine-1'],
    ['drops HTML entities whatever their case', 'Rock &amp; Roll &#8220;Live&#8221; &NBSP;Now', 'rock-roll-live-now'],
    ['collapses runs of punctuation and spaces into one hyphen', "Rock 'n' Roll -- 2026!!", 'rock-n-roll-2026'],
    ['trims hyphens at both ends', '  --Jazz--  ', 'jazz'],
    ['keeps digits', '24 Hours', '24-hours'],
    ['keeps letters of other scripts', 'Музыка 音楽 موسيقى', 'музыка-音楽-موسيقى'],
    ['is empty when nothing is a letter or digit', '!!! ... ---', ''],
    ['is empty for an empty text', '', ''],
    ['is idempotent on a slug', 'already-a-slug', 'already-a-slug'],
    [
      'strips tags, and scripts and styles with their content',
      '<b>Bob</b><script>x()</script> <STYLE>p{}</STYLE>& <img src=x onerror=alert(1)>Hall',
      'bob-hall',
    ],
  ];
  for (const [description, input, slug] of cases) {
    test(description, () => assert.equal(slugify(input), slug));
  }

  test('cuts at 190 characters', () => {
    assert.equal(slugify('a'.repeat(250)), 'a'.repeat(190));
  });

  test('does not end with a hyphen when the cut falls on one', () => {
    // Character 190 is the hyphen between the two words.
    assert.equal(slugify(`${'a'.repeat(189)} bcd`), 'a'.repeat(189));
  });
});

describe('suffixedSlug', () => {
  test('the first attempt is the base itself', () => {
    assert.equal(suffixedSlug('jazz', 1), 'jazz');
    assert.equal(suffixedSlug('jazz', 0), 'jazz');
  });

  test('later attempts append -n', () => {
    assert.deepEqual(
      [2, 3, 10].map((attempt) => suffixedSlug('jazz', attempt)),
      ['jazz-2', 'jazz-3', 'jazz-10'],
    );
  });
});

describe('slugFamilyRoot', () => {
  test('is shared by a base and every slug numbering from it can give', () => {
    for (const base of ['jazz', 'jazz-2', 'jazz-2-3']) {
      for (const attempt of [1, 2, 17])
        assert.equal(slugFamilyRoot(suffixedSlug(base, attempt)), 'jazz', `${base} #${attempt}`);
    }
  });

  test('keeps numbers that are not a trailing suffix', () => {
    assert.deepEqual(['2026', 'jazz-2026x', 'a-1b'].map(slugFamilyRoot), ['2026', 'jazz-2026x', 'a-1b']);
  });
});

describe('claimFreeSlug', () => {
  test('claims the first free slug alone, and the next one when the unit that held it took it meanwhile', async () => {
    const taken = new Set(['concert-2027']);
    const claimed: string[] = [];
    const slug = await claimFreeSlug(
      'concert-2027',
      async (candidates) => new Set(candidates.filter((candidate) => taken.has(candidate))),
      async (candidate) => {
        claimed.push(candidate);
        // Another unit held `concert-2027-2` and committed it before this claim got its lock.
        if (candidate === 'concert-2027-2') taken.add(candidate);
      },
    );
    assert.equal(slug, 'concert-2027-3');
    assert.deepEqual(claimed, ['concert-2027-2', 'concert-2027-3']);
  });
});
