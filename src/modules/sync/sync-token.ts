/*
 * Sync tokens (decision 0029): opaque to clients, a place in the record-change journal
 * (decision 0027) inside. Never a time: the journal's `seq` is in commit order, so a token
 * names exactly which changes its holder has, whichever node wrote them. A first listing's
 * tokens name the journal's place when the listing began and the last id listed.
 */

/**
 * Every change up to `seq` is applied; with `through`, the changes before `seq` are, and of the
 * change at `seq` (an event standing for many occurrences) those up to the id `through`.
 */
export interface JournalPosition {
  readonly seq: number;
  readonly through?: number;
}

/** Where a first listing stands: begun at journal `snapshot`, every item up to id `afterId` listed. */
export interface ListingPosition {
  readonly snapshot: number;
  readonly afterId: number;
}

/** The token that starts a first listing (decision 0029): the whole archive, page by page, ending with a sync token. */
export const START_TOKEN = 'start';

const FORMAT_VERSION = '1';
const LISTING_FORMAT_VERSION = '2';
const TOKEN = /^1\.(\d{1,15})(?:\.(\d{1,15}))?$/;
const LISTING_TOKEN = /^2\.(\d{1,15})\.(\d{1,15})$/;

export function encodeSyncToken(position: JournalPosition): string {
  const text = [FORMAT_VERSION, position.seq, ...(position.through === undefined ? [] : [position.through])].join('.');
  return Buffer.from(text).toString('base64url');
}

/** The position a token names, or undefined when it is not a token this service wrote. */
export function decodeSyncToken(token: string): JournalPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return undefined;
  const match = TOKEN.exec(Buffer.from(token, 'base64url').toString('latin1'));
  if (!match) return undefined;
  const position: JournalPosition = {
    seq: Number(match[1]),
    ...(match[2] === undefined ? {} : { through: Number(match[2]) }),
  };
  // One spelling per position: a token edited by hand (leading zeros, padding bits) is refused.
  return encodeSyncToken(position) === token ? position : undefined;
}

/** The last `seq` whose changes the position holds in full. */
export function appliedThrough(position: JournalPosition): number {
  return position.through === undefined ? position.seq : position.seq - 1;
}

export function encodeListingToken(position: ListingPosition): string {
  return Buffer.from([LISTING_FORMAT_VERSION, position.snapshot, position.afterId].join('.')).toString('base64url');
}

/**
 * What a token asks for: the changes after a journal position, or a first listing's next page
 * (`start`: its first, `snapshot` unknown until read); undefined when it is not a token this
 * service wrote.
 */
export function readSyncToken(
  token: string,
): { changes: JournalPosition } | { listing: Partial<ListingPosition> } | undefined {
  if (token === START_TOKEN) return { listing: {} };
  const changes = decodeSyncToken(token);
  if (changes) return { changes };
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return undefined;
  const match = LISTING_TOKEN.exec(Buffer.from(token, 'base64url').toString('latin1'));
  if (!match) return undefined;
  const listing: ListingPosition = { snapshot: Number(match[1]), afterId: Number(match[2]) };
  return encodeListingToken(listing) === token ? { listing } : undefined;
}
