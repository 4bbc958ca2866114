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
