import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventCost } from '../../src/modules/events/event-fields.ts';
import { eventInput } from '../../src/modules/csv/csv-records.ts';

/* How a CSV row's cost and currency columns become the cost of `POST /events` (issue 47, decision 0115). */

const costOf = (cost: string, symbol: string, position: string) => {
  const read = eventInput(
    {
      line: 2,
      values: new Map([
        ['event_name', 'E'],
        ['event_start_date', '2027-01-01'],
        ['event_cost', cost],
        ['event_currency_symbol', symbol],
        ['event_currency_position', position],
      ]),
    },
    undefined,
  );
  if (read.problems) assert.fail(read.problems.join('; '));
  return read.input.cost;
};

test('a range with a currency column is given as its amounts, stored as the same text with that currency', () => {
  for (const [cost, symbol, position, given, stored] of [
    [
      '15 - 25',
      '€',
      'suffix',
      ['15€', '25€'],
      { cost: '15€ - 25€', currency_symbol: '€', currency_position: 'postfix' },
    ],
    // An export of ours: the amounts carry the symbol already.
    [
      '15€ - 25€',
      '€',
      'suffix',
      ['15€', '25€'],
      { cost: '15€ - 25€', currency_symbol: '€', currency_position: 'postfix' },
    ],
    [
      '10 - 25',
      '$',
      'prefix',
      ['$10', '$25'],
      { cost: '$10 - $25', currency_symbol: '$', currency_position: 'prefix' },
    ],
    ['10 - 25', '$', '', ['$10', '$25'], { cost: '$10 - $25', currency_symbol: '$', currency_position: 'prefix' }],
  ] as const) {
    assert.deepEqual(costOf(cost, symbol, position), given, cost);
    const { cost: text, currency_symbol, currency_position } = eventCost(given);
    assert.deepEqual({ cost: text, currency_symbol, currency_position }, stored, cost);
  }
});

test('a single amount, a cost without a currency column, or a range the list would reorder stay text', () => {
  assert.equal(costOf('15', '€', 'suffix'), '15€');
  assert.equal(costOf('15 - 25', '', ''), '15 - 25');
  assert.equal(costOf('25 - 15', '€', 'suffix'), '25€ - 15€');
});
