/*
 * JSON from a source this service does not trust (decision 0092): nesting deeper than any record
 * of The Events Calendar's API is refused by a linear scan before `JSON.parse`, which would
 * otherwise build (or overflow the stack on) a `[[[[…` answer of millions of levels.
 */

/** Nesting that no record of the API comes near (an event's venue's image's sizes are some 6 levels deep). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** Whether `text`'s arrays and objects nest deeper than `limit` (strings skipped, escapes honoured). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      // Past the string: to its closing quote, escaped characters skipped.
      for (at++; at < text.length && text.charCodeAt(at) !== QUOTE; at++) if (text.charCodeAt(at) === BACKSLASH) at++;
    } else if (OPENERS.has(code)) {
      if (++depth > limit) return true;
    } else if (CLOSERS.has(code)) depth--;
  }
  return false;
}
