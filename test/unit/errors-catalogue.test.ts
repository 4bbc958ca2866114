import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { ApiError, ERROR_CATALOGUE, invalidParams, missingParams } from '../../src/errors.ts';

test('docs/errors.md documents exactly the codes, statuses and messages of the catalogue', () => {
  const rows = fs
    .readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const documented = Object.fromEntries(
    rows.map((cells) => [cells[1]!.replace(/`/g, ''), { status: Number(cells[2]), message: cells[3] }]),
  );
  assert.deepEqual(documented, ERROR_CATALOGUE);
});

test('an ApiError renders the WordPress envelope with its status inside data', () => {
  const error = new ApiError('term_exists', { data: { term_id: 4 }, extra: { additional_data: [4, 4] } });
  assert.deepEqual(error.toBody(), {
    code: 'term_exists',
    message: 'A term with the name provided already exists with this parent.',
    data: { status: 400, term_id: 4 },
    additional_data: [4, 4],
  });
});

test('missing and invalid parameters are listed as WordPress lists them', () => {
  assert.deepEqual(missingParams(['title', 'start_date']).toBody(), {
    code: 'rest_missing_callback_param',
    message: 'Missing parameter(s): title, start_date',
    data: { status: 400, params: ['title', 'start_date'] },
  });
  assert.deepEqual(
    invalidParams({ page: { message: 'Invalid parameter.' }, per_page: { message: 'Invalid parameter.' } }).toBody(),
    {
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): page, per_page',
      data: { status: 400, params: { page: 'Invalid parameter.', per_page: 'Invalid parameter.' }, details: [] },
    },
  );
});
