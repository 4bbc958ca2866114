/*
 * Event cost (wire-format 2.8): the stored text, the currency parsed out of it at save time, the
 * numeric components, and the display string with the site's default `$` for bare numbers.
 */

export interface ParsedCost {
  readonly currencySymbol: string;
  readonly currencyPosition: '' | 'prefix' | 'postfix';
  /** Components as strings: numbers normalised (`10,50` → `10.50`), words lower-cased; sorted. */
  readonly values: string[];
}

const DEFAULT_SYMBOL = '$';
const NUMBER = /\d[\d.,]*/;
/** A hyphen between two parts of a range; a leading minus is not a range. */
const RANGE_SEPARATOR = /\s*-\s*(?=\S)/;

/** `1,000` and `1.000` are thousands; `10,50` and `10.5` decimals (a separator before 1, 2 or 4+ digits). */
function normaliseNumber(text: string): string {
  const lastSeparator = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  if (lastSeparator < 0) return text;
  const decimals = text.slice(lastSeparator + 1);
  const integer = text.slice(0, lastSeparator).replace(/[.,]/g, '');
  return decimals.length === 3 ? `${integer}${decimals}` : `${integer}.${decimals}`;
}

function splitRange(cost: string): string[] {
  return cost.trim() === '' ? [] : cost.split(RANGE_SEPARATOR).map((part) => part.trim()).filter((part) => part !== '');
}

/** One amount of a cost list: a number with an optional currency before or after it (`10`, `$5`, `5 USD`). */
const LIST_AMOUNT = /^[^\d-]*?\d[\d.,]*[^\d-]*$/;

/**
 * The cost text of a list of amounts (`[10, 25]`, `["5", "15"]`): the range from the lowest to the
 * highest, `10 - 25`, or the one amount when they are all equal, as the original shows several
 * costs; `""` for an empty list. Undefined when an item is not an amount.
 */
export function costRange(items: readonly (string | number)[]): string | undefined {
  const amounts: { text: string; value: number }[] = [];
  for (const item of items) {
    const text = String(item).trim();
    if (text === '') continue;
    if (!LIST_AMOUNT.test(text)) return undefined;
    const value = Number(normaliseNumber(NUMBER.exec(text)![0]));
    if (!Number.isFinite(value)) return undefined;
    amounts.push({ text, value });
  }
  if (amounts.length === 0) return '';
  const sorted = [...amounts].sort((a, b) => a.value - b.value);
  const [lowest, highest] = [sorted[0]!, sorted[sorted.length - 1]!];
  return lowest.value === highest.value ? lowest.text : `${lowest.text} - ${highest.text}`;
}

export function parseCost(cost: string): ParsedCost {
  const parts = splitRange(cost);
  const values = parts.map((part) => {
    const number = NUMBER.exec(part)?.[0];
    return number ? normaliseNumber(number) : part.toLowerCase();
  });
  values.sort((a, b) => {
    const [x, y] = [Number(a), Number(b)];
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? a.localeCompare(b) : Number.isNaN(x) ? 1 : -1;
    return x - y;
  });
  // A currency is read only from a single amount ("€15", "5 USD"); ranges keep none, as observed.
  if (parts.length !== 1) return { currencySymbol: '', currencyPosition: '', values };
  const match = /^(\D*?)\s*(\d[\d.,]*)\s*(\D*)$/.exec(parts[0]!);
  if (!match) return { currencySymbol: '', currencyPosition: '', values };
  const [, before, , after] = match;
  if (before) return { currencySymbol: before.trim(), currencyPosition: 'prefix', values };
  if (after) return { currencySymbol: after.trim(), currencyPosition: 'postfix', values };
  return { currencySymbol: '', currencyPosition: '', values };
}

/**
 * The display cost: bare numbers get the site's `$` prefix, amounts with their own symbol keep it
 * (without the space: "5 USD" → "5USD"), words stay, and a range is joined with an en dash.
 */
export function displayCost(cost: string): string {
  return splitRange(cost)
    .map((part) => {
      const match = /^(\D*?)\s*(\d[\d.,]*)\s*(\D*)$/.exec(part);
      if (!match) return part;
      const [, before, number, after] = match;
      if (!before && !after) return `${DEFAULT_SYMBOL}${number}`;
      return `${before!.trim()}${number}${after!.trim()}`;
    })
    .join(' – ');
}

/** The amounts without symbols, as JSON-LD's `offers.price` ("10 – 25"). */
export function priceText(cost: string): string {
  return splitRange(cost)
    .map((part) => NUMBER.exec(part)?.[0] ?? part)
    .join(' – ');
}
