import { createHash } from 'node:crypto';

/*
 * A feed's VEVENTs as text, grouped by UID, before any is parsed (decision 0118): parsing a 10k-event
 * feed takes seconds, and a feed that changed by 1% needs only its changed UIDs parsed. A UID's
 * digest is its blocks' text with DTSTAMP left out (the time the feed was generated: Google's
 * changes on every fetch), with the rest of the document (its time zones, X-WR-TIMEZONE) and what
 * the source gives events.
 */

export interface FeedBlocks {
  /** The document but its VEVENTs, without its END:VCALENDAR: time zones and calendar properties. */
  readonly head: string;
  /** Each UID's VEVENT blocks, in the document's order; VEVENTs without a UID under ''. */
  readonly byUid: ReadonlyMap<string, readonly string[]>;
  readonly count: number;
}

const UID = /^UID[;:](?:.*?:)?(.*)$/i;

/** The UID of a block, its folded lines unfolded (RFC 5545 3.1). */
function uidOf(lines: readonly string[]): string {
  for (let index = 0; index < lines.length; index++) {
    const match = UID.exec(lines[index]!);
    if (!match) continue;
    let uid = match[1]!;
    for (let next = index + 1; next < lines.length && /^[ \t]/.test(lines[next]!); next++) uid += lines[next]!.slice(1);
    return uid.trim();
  }
  return '';
}

export function splitFeed(text: string): FeedBlocks {
  const head: string[] = [];
  const byUid = new Map<string, string[]>();
  let block: string[] | undefined;
  let depth = 0;
  let count = 0;
  for (const line of text.split(/\r?\n/)) {
    if (block === undefined && /^BEGIN:VEVENT\s*$/i.test(line)) {
      block = [line];
      depth = 1;
      continue;
    }
    if (block === undefined) {
      if (line.trim() !== '' && !/^END:VCALENDAR\s*$/i.test(line)) head.push(line);
      continue;
    }
    block.push(line);
    // A VEVENT holds VALARMs: the block ends at its own END.
    if (/^BEGIN:/i.test(line)) depth++;
    else if (/^END:/i.test(line) && --depth === 0) {
      const uid = uidOf(block);
      byUid.set(uid, [...(byUid.get(uid) ?? []), block.join('\r\n')]);
      count++;
      block = undefined;
    }
  }
  return { head: head.join('\r\n'), byUid, count };
}

/** The digest of a UID's blocks in `feed`, with what the source gives them (`given`, as JSON: made once per run). */
export function blocksDigest(feed: FeedBlocks, blocks: readonly string[], given: string): string {
  const hash = createHash('sha1').update(feed.head).update(given);
  for (const block of blocks)
    hash.update(block.replace(/^DTSTAMP[;:][^\r\n]*(?:\r?\n[ \t][^\r\n]*)*(?:\r?\n|$)/gim, ''));
  return hash.digest('base64url');
}

/** The document of only these UIDs' VEVENTs: what is parsed of a feed that changed. */
export function documentOf(feed: FeedBlocks, uids: Iterable<string>): string {
  const blocks: string[] = [];
  for (const uid of uids) blocks.push(...(feed.byUid.get(uid) ?? []));
  return [feed.head, ...blocks, 'END:VCALENDAR', ''].join('\r\n');
}
