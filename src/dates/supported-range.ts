/**
 * The calendar days the service supports (decision 0048): years 1 to 9999, the years four digits
 * write and the date parser reads. Every date the API, the pages and the feeds take is checked
 * against this one range, so a page never links to a day its own views, or the API, refuse.
 */
export const FIRST_YEAR = 1;
export const LAST_YEAR = 9999;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const inRange = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

/** Days in a month of the proleptic Gregorian calendar. */
function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD` naming a day that exists (2027-02-30 does not) within the supported years. */
export function isSupportedDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return inRange(year) && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/** A wire date-time (`YYYY-MM-DD HH:MM:SS`) within the supported years: a UTC one may leave them where the local one does not. */
export function isSupportedWireTime(value: string): boolean {
  const year = /^(\d{4})-\d{2}-\d{2} /.exec(value)?.[1];
  return year !== undefined && inRange(Number(year));
}

/** `YYYY-MM` naming a month within the supported years. */
export function isSupportedMonth(value: string): boolean {
  const match = MONTH.exec(value);
  if (!match) return false;
  const [year, month] = match.slice(1).map(Number) as [number, number];
  return inRange(year) && month >= 1 && month <= 12;
}

/** The last day of a `YYYY-MM`. */
export function lastDayOf(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(daysIn(year, index)).padStart(2, '0')}`;
}

/** `YYYY-MM` moved by whole months, or undefined outside the supported years. */
export function shiftMonth(month: string, months: number): string | undefined {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const count = year * 12 + (index - 1) + months;
  const shifted = Math.floor(count / 12);
  return inRange(shifted)
    ? `${String(shifted).padStart(4, '0')}-${String((count % 12) + 1).padStart(2, '0')}`
    : undefined;
}

/**
 * `YYYY-MM-DD` moved by whole days, or undefined outside the supported years. Written with
 * setUTCFullYear, as `Date.UTC` would read years 0-99 as 1900-1999.
 */
export function shiftDay(day: string, days: number): string | undefined {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moved = new Date(0);
  moved.setUTCFullYear(year, month - 1, date + days);
  const shifted = moved.getUTCFullYear();
  if (!inRange(shifted)) return undefined;
  return `${String(shifted).padStart(4, '0')}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}-${String(moved.getUTCDate()).padStart(2, '0')}`;
}
