import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { displayCost, parseCost, priceText } from '../../src/modules/events/cost.ts';

/** Observed on the original (wire-format 2.8), plus thousands separators and an empty cost. */
const CASES: ReadonlyArray<
  readonly [input: string, display: string, symbol: string, position: string, values: readonly string[], price: string]
> = [
  ['15', '$15', '', '', ['15'], '15'],
  ['€15', '€15', '€', 'prefix', ['15'], '15'],
  ['$20', '$20', '$', 'prefix', ['20'], '20'],
  ['Free', 'Free', '', '', ['free'], 'Free'],
  ['10,50', '$10,50', '', '', ['10.50'], '10,50'],
  ['5 USD', '5USD', 'USD', 'postfix', ['5'], '5'],
  ['$10 - $25', '$10 – $25', '', '', ['10', '25'], '10 – 25'],
  ['10 - 25', '$10 – $25', '', '', ['10', '25'], '10 – 25'],
  ['25 - 10', '$25 – $10', '', '', ['10', '25'], '25 – 10'],
  ['1,000', '$1,000', '', '', ['1000'], '1,000'],
  ['1.234,56', '$1.234,56', '', '', ['1234.56'], '1.234,56'],
  ['Free - 10', 'Free – $10', '', '', ['10', 'free'], 'Free – 10'],
  ['', '', '', '', [], ''],
  // An amount of zero is shown as the original shows it.
  ['0', 'Free', '', '', ['0'], '0'],
  ['0.00 - 10', 'Free – $10', '', '', ['0.00', '10'], '0.00 – 10'],
];

describe('event cost', () => {
  for (const [input, display, symbol, position, values, price] of CASES) {
    test(`${JSON.stringify(input)}: shown ${JSON.stringify(display)}, ${JSON.stringify(symbol)}/${position || '""'}, values ${JSON.stringify(values)}`, () => {
      assert.deepEqual(parseCost(input), { currencySymbol: symbol, currencyPosition: position, values });
      assert.equal(displayCost(input), display);
      assert.equal(priceText(input), price);
    });
  }
});
