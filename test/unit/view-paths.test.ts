import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchTail, viewPath } from '../../src/modules/pages/view-paths.ts';

/* A term's URL read as the term's slugs and a view of the table (decision 0058), and views' paths built back. */

const TABLE = ['', 'list/', 'month/', 'month/:at/', 'today/', ':at/', 'day/:at/', 'week/', 'week/:at/'].map((path) => ({
  path,
}));
const read = (url: string) => {
  const match = matchTail(url.split('/').filter(Boolean), TABLE);
  return match && { path: match.entry.path, at: match.at, terms: match.terms.join('/'), tail: match.tail };
};

test('the longest view path that fits the end of the URL, a slug always before it', () => {
  assert.deepEqual(read('jazz/'), { path: '', at: undefined, terms: 'jazz', tail: '' });
  assert.deepEqual(read('music/jazz/month/2026-12/'), {
    path: 'month/:at/',
    at: '2026-12',
    terms: 'music/jazz',
    tail: 'month/2026-12',
  });
  assert.deepEqual(read('jazz/day/2026-12-05/'), {
    path: 'day/:at/',
    at: '2026-12-05',
    terms: 'jazz',
    tail: 'day/2026-12-05',
  });
  assert.deepEqual(read('jazz/2026-12-05/'), { path: ':at/', at: '2026-12-05', terms: 'jazz', tail: '2026-12-05' });
  assert.deepEqual(read('jazz/week/'), { path: 'week/', at: undefined, terms: 'jazz', tail: 'week' });
  // A category named as a view is a term when nothing is before it; `:at` is only ever a date.
  assert.deepEqual(read('today/'), { path: '', at: undefined, terms: 'today', tail: '' });
  assert.deepEqual(read('music/month/'), { path: 'month/', at: undefined, terms: 'music', tail: 'month' });
  assert.deepEqual(read('music/jazz-club/'), { path: '', at: undefined, terms: 'music/jazz-club', tail: '' });
  assert.deepEqual(read('jazz/month/soon/'), { path: '', at: undefined, terms: 'jazz/month/soon', tail: '' });
  assert.equal(read(''), undefined);
});

test("a view's path: the calendar's day by its date, a term's under day/, the list without a date", () => {
  const jazz = { taxonomy: 'category', slug: 'jazz' } as const;
  assert.equal(viewPath('list', undefined), 'events');
  assert.equal(viewPath('list', undefined, { taxonomy: 'tag', slug: 'late night' }), 'events/tag/late%20night');
  assert.equal(viewPath('day', undefined, jazz), 'events/category/jazz/today');
  assert.equal(viewPath('day', '2026-12-05'), 'events/2026-12-05');
  assert.equal(viewPath('day', '2026-12-05', jazz), 'events/category/jazz/day/2026-12-05');
  assert.equal(viewPath('month', '2026-12', jazz), 'events/category/jazz/month/2026-12');
  assert.equal(viewPath('week', undefined), 'events/week');
});
