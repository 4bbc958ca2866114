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
/** What the original shows for an amount of zero (`Tribe__Events__Cost_Utils::maybe_replace_cost_with_free`). */
const FREE = 'Free';
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
  return cost.trim() === ''
    ? []
    : cost
        .split(RANGE_SEPARATOR)
        .map((part) => part.trim())
        .filter((part) => part !== '');
}

/** One amount of a cost list: a number with an optional currency before or after it (`10`, `$5`, `5 USD`). */
const LIST_AMOUNT = /^[^\d-]*?\d[\d.,]*[^\d-]*$/;
/** An amount split into the currency before it, its number and the currency after it. */
const AMOUNT_PARTS = /^(\D*?)\s*(\d[\d.,]*)\s*(\D*)$/;

/** A cost given as a list of amounts: the text stored and what is parsed out of it. */
export interface ListCost {
  readonly text: string;
  readonly parsed: ParsedCost;
}

/**
 * A list of amounts (`[10, 25]`, `["0$", "20$", "30$"]`), as the original keeps several costs of
 * one event: the text stored is the range from the lowest to the highest, `10 - 25` (the one
 * amount when they are all equal; `""` for an empty list); the values are every distinct amount,
 * sorted; the currency is the one every amount carries on the same side, if they agree (decision
 * 0050). Undefined when an item is not an amount.
 */
export function costRange(items: readonly (string | number)[]): ListCost | undefined {
  const amounts: { text: string; value: number; before: string; after: string }[] = [];
  for (const item of items) {
    const text = String(item).trim();
    if (text === '') continue;
    if (!LIST_AMOUNT.test(text)) return undefined;
    const [, before = '', number = '', after = ''] = AMOUNT_PARTS.exec(text) ?? [];
    const value = Number(normaliseNumber(number));
    if (!Number.isFinite(value)) return undefined;
    amounts.push({ text, value, before: before.trim(), after: after.trim() });
  }
  if (amounts.length === 0) return { text: '', parsed: { currencySymbol: '', currencyPosition: '', values: [] } };
  const sorted = [...amounts].sort((a, b) => a.value - b.value);
  const [lowest, highest] = [sorted[0]!, sorted[sorted.length - 1]!];
  const values = [...new Set(sorted.map((amount) => normaliseNumber(NUMBER.exec(amount.text)![0])))];
  const [first] = amounts;
  const agreed = amounts.every((amount) => amount.before === first!.before && amount.after === first!.after);
  const currency: Pick<ParsedCost, 'currencySymbol' | 'currencyPosition'> = !agreed
    ? { currencySymbol: '', currencyPosition: '' }
    : first!.before !== ''
      ? { currencySymbol: first!.before, currencyPosition: 'prefix' }
      : first!.after !== ''
        ? { currencySymbol: first!.after, currencyPosition: 'postfix' }
        : { currencySymbol: '', currencyPosition: '' };
  return {
    text: lowest.value === highest.value ? lowest.text : `${lowest.text} - ${highest.text}`,
    parsed: { ...currency, values },
  };
}

export function parseCost(cost: string): ParsedCost {
  const parts = splitRange(cost);
  const values = parts.map((part) => {
    const number = NUMBER.exec(part)?.[0];
    return number ? normaliseNumber(number) : part.toLowerCase();
  });
  values.sort((a, b) => {
    const [x, y] = [Number(a), Number(b)];
    if (Number.isNaN(x) || Number.isNaN(y))
      return Number.isNaN(x) === Number.isNaN(y) ? a.localeCompare(b) : Number.isNaN(x) ? 1 : -1;
    return x - y;
  });
  // A currency is read only from a single amount ("€15", "5 USD"); ranges keep none, as observed.
  if (parts.length !== 1) return { currencySymbol: '', currencyPosition: '', values };
  const match = AMOUNT_PARTS.exec(parts[0]!);
  if (!match) return { currencySymbol: '', currencyPosition: '', values };
  const [, before, , after] = match;
  if (before) return { currencySymbol: before.trim(), currencyPosition: 'prefix', values };
  if (after) return { currencySymbol: after.trim(), currencyPosition: 'postfix', values };
  return { currencySymbol: '', currencyPosition: '', values };
}

/**
 * The display cost: an amount of zero is "Free", as the original shows it; bare numbers get the
 * site's `$` prefix, amounts with their own symbol keep it (without the space: "5 USD" → "5USD"),
 * words stay, and a range is joined with an en dash.
 */
export function displayCost(cost: string): string {
  return splitRange(cost)
    .map((part) => {
      const match = AMOUNT_PARTS.exec(part);
      if (!match) return part;
      const [, before, number, after] = match;
      if (Number(normaliseNumber(number!)) === 0) return FREE;
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

/** The cost fields an event shows. */
export interface ShownCost {
  readonly cost: string;
  readonly currency_symbol: string;
  readonly currency_position: string;
  /** JSON text of the values, as stored. */
  readonly cost_values: string;
}

/**
 * An event without a cost of its own shows the range of its published tickets' prices, as Event
 * Tickets adds them to the event's costs (`get_ticket_prices`): an RSVP at 0 and a ticket at 25
 * show "Free – $25" with the values `["0", "25"]` (decision 0119). Undefined when it shows its own.
 */
export function costOfTickets(own: ShownCost, ticketPrices: readonly string[]): ShownCost | undefined {
  if (own.cost !== '' || ticketPrices.length === 0) return undefined;
  const range = costRange(ticketPrices);
  if (!range) return undefined;
  return {
    cost: range.text,
    currency_symbol: range.parsed.currencySymbol,
    currency_position: range.parsed.currencyPosition,
    cost_values: JSON.stringify(range.parsed.values),
  };
}
