/*
 * Sync tokens (decision 0029): opaque to clients, a place in the record-change journal
 * (decision 0027) inside. Never a time: the journal's `seq` is in commit order, so a token
 * names exactly which changes its holder has, whichever node wrote them.
 */

/**
 * Every change up to `seq` is applied; with `through`, the changes before `seq` are, and of the
 * change at `seq` (an event standing for many occurrences) those up to the id `through`.
 */
export interface JournalPosition {
  readonly seq: number;
  readonly through?: number;
}

const FORMAT_VERSION = '1';
const TOKEN = /^1\.(\d{1,15})(?:\.(\d{1,15}))?$/;

export function encodeSyncToken(position: JournalPosition): string {
  const text = [FORMAT_VERSION, position.seq, ...(position.through === undefined ? [] : [position.through])].join('.');
  return Buffer.from(text).toString('base64url');
}

/** The position a token names, or undefined when it is not a token this service wrote. */
export function decodeSyncToken(token: string): JournalPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return undefined;
  const match = TOKEN.exec(Buffer.from(token, 'base64url').toString('latin1'));
  if (!match) return undefined;
  const position: JournalPosition = { seq: Number(match[1]), ...(match[2] === undefined ? {} : { through: Number(match[2]) }) };
  // One spelling per position: a token edited by hand (leading zeros, padding bits) is refused.
  return encodeSyncToken(position) === token ? position : undefined;
}

/** The last `seq` whose changes the position holds in full. */
export function appliedThrough(position: JournalPosition): number {
  return position.through === undefined ? position.seq : position.seq - 1;
}
