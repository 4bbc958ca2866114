/*
 * RFC 5545 line folding (section 3.1): a content line longer than 75 octets is split, each
 * continuation starting with a space, never inside a UTF-8 sequence. The same output as
 * ical-generator's `foldLines` (a line keeps 74 octets, a continuation 74 after its space), which
 * measures each character by encoding it with a new TextEncoder: 35% of the CPU of a 5,000-event
 * feed went there, in chunks that held the event loop 150-350 ms (decision 0053). Here a
 * character's size comes from its code unit, with no allocation.
 */

const MAX_OCTETS = 74;
const CRLF = '\r\n';

/** The UTF-8 size of the character starting at `code` (a UTF-16 code unit); a high surrogate stands for its pair. */
function octets(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return code >= 0xd800 && code <= 0xdbff ? 4 : 3;
}

function foldLine(line: string): string {
  // Most lines are short: no walk.
  if (line.length <= MAX_OCTETS / 4) return line;
  const parts: string[] = [];
  let start = 0;
  let size = 0;
  for (let at = 0; at < line.length; at++) {
    const code = line.charCodeAt(at);
    const width = octets(code);
    if (size + width > MAX_OCTETS) {
      parts.push(line.slice(start, at));
      start = at;
      size = 0;
    }
    size += width;
    // A surrogate pair is one character: its second half is never a place to fold.
    if (width === 4) at++;
  }
  parts.push(line.slice(start));
  return parts.join(`${CRLF} `);
}

/** Folds every content line of `text` (lines separated by CRLF). */
export function foldLines(text: string): string {
  return text.split(CRLF).map(foldLine).join(CRLF);
}
