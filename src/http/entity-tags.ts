import { createHash } from 'node:crypto';

/*
 * Conditional requests (additive; docs/decisions/0012-conditional-requests.md). A record's tag is
 * `"<version>-<digest>"`: the version counts the record's writes and is what `If-Match` compares,
 * so a write based on an older read is refused whoever reads it and in whatever language; the
 * digest of the answer's bytes tells apart the representations of one version (language, caller,
 * embedded records), which is what `If-None-Match` compares.
 */

export function entityTag(version: number, payload: string | Buffer): string {
  return `"${version}-${createHash('sha1').update(payload).digest('base64url').slice(0, 16)}"`;
}

const listed = (header: string): string[] =>
  header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/** `If-Match` (strong comparison, on the version): true when a listed tag is of this version, or `*`. */
export function matchesVersion(ifMatch: string, version: number): boolean {
  return listed(ifMatch).some(
    (tag) => tag === '*' || (!tag.startsWith('W/') && new RegExp(`^"${version}-[^"]*"$`).test(tag)),
  );
}

/** `If-None-Match` (weak comparison): true when the client already holds this representation. */
export function holdsRepresentation(ifNoneMatch: string, tag: string): boolean {
  return listed(ifNoneMatch).some((listedTag) => listedTag === '*' || listedTag.replace(/^W\//, '') === tag);
}

/** The validators of an answer that makes its own (a streamed feed, decision 0026): a strong tag and, when known, a last change. */
export interface Validators {
  readonly tag: string;
  /** Whole seconds: HTTP dates have no finer unit. */
  readonly lastModified?: Date;
}

/**
 * Whether a conditional GET holds the current answer: `If-None-Match` decides when sent, and
 * `If-Modified-Since` counts only without it (RFC 9110 13.2.2); an unreadable date is ignored.
 */
export function notModified(
  headers: { readonly ifNoneMatch?: string; readonly ifModifiedSince?: string },
  validators: Validators,
): boolean {
  if (headers.ifNoneMatch !== undefined) return holdsRepresentation(headers.ifNoneMatch, validators.tag);
  if (headers.ifModifiedSince === undefined || validators.lastModified === undefined) return false;
  const since = Date.parse(headers.ifModifiedSince);
  return !Number.isNaN(since) && validators.lastModified.getTime() <= since;
}
