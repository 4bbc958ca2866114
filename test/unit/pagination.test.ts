import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { totalHeaders } from '../../src/http/pagination.ts';
import { pageWindow, totalPages } from '../../src/paging.ts';

describe('pagination', () => {
  test('per_page is served up to 50 and capped there, silently (wire-format.md section 3.3)', () => {
    assert.equal(pageWindow(1, 50).perPage, 50);
    assert.equal(pageWindow(1, 51).perPage, 50);
    assert.equal(pageWindow(1, Number.MAX_SAFE_INTEGER).perPage, 50);
  });

  test("a list with a cap of its own pages up to that cap, and only there (a webhook's deliveries: 100)", () => {
    assert.deepEqual(pageWindow(2, 100, 100), { page: 2, perPage: 100, offset: 100 });
    assert.deepEqual(pageWindow(2, 101, 100), { page: 2, perPage: 100, offset: 100 });
  });

  const windows: [number, number, { page: number; perPage: number; offset: number }][] = [
    [1, 10, { page: 1, perPage: 10, offset: 0 }],
    [3, 10, { page: 3, perPage: 10, offset: 20 }],
    [1, 50, { page: 1, perPage: 50, offset: 0 }],
    [2, 51, { page: 2, perPage: 50, offset: 50 }],
    [3, 1000, { page: 3, perPage: 50, offset: 100 }],
    [4, 1, { page: 4, perPage: 1, offset: 3 }],
  ];
  for (const [page, perPage, expected] of windows) {
    test(`page ${page} of ${perPage} is offset ${expected.offset}, ${expected.perPage} per page`, () => {
      assert.deepEqual(pageWindow(page, perPage), expected);
    });
  }

  const pages: [number, number, number][] = [
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [20, 10, 2],
    [21, 10, 3],
    [101, 50, 3],
  ];
  for (const [total, perPage, expected] of pages) {
    test(`${total} items at ${perPage} per page make ${expected} pages`, () => {
      assert.equal(totalPages(total, perPage), expected);
    });
  }

  test('the total headers are X-TEC-Total and X-TEC-TotalPages as strings', () => {
    assert.deepEqual(totalHeaders(21, 3), { 'x-tec-total': '21', 'x-tec-totalpages': '3' });
    assert.deepEqual(totalHeaders(0, 0), { 'x-tec-total': '0', 'x-tec-totalpages': '0' });
  });
});
