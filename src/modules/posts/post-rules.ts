import { timingSafeEqual } from 'node:crypto';
import { can, canOnRecord, type Caller, type PostTypeCapability, type RecordAction } from '../../auth/roles.ts';
import { ApiError, invalidParam } from '../../errors.ts';
import type { Urls } from '../../urls.ts';

/*
 * Rules every post-like record (events, venues, organizers) follows, as WordPress applies them.
 */

/** WordPress' registered post statuses: what the `status` filter accepts (wire-format 4.1.4). */
export const REGISTERED_STATUSES = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
  'auto-draft',
  'inherit',
] as const;

/** Statuses a client may set on create or update. */
export const SETTABLE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;

/** What `status=any` (the implicit filter of editors) means: everything but the trash and auto-drafts. */
export const ANY_STATUS = ['publish', 'future', 'draft', 'pending', 'private'] as const;

/**
 * Status scale-back (wire-format 5.1): callers who may publish get what they ask for (`publish`
 * when they ask nothing); the others get `pending` instead of `publish`/`future`/`private`,
 * `draft` when they ask nothing.
 */
export function scaleBackStatus(requested: string | undefined, canPublish: boolean): string {
  if (canPublish) return requested ?? 'publish';
  if (requested === undefined) return 'draft';
  // `private` is a form of publishing too: WordPress refuses it to those who may not publish.
  return requested === 'publish' || requested === 'future' || requested === 'private' ? 'pending' : requested;
}

/** A post scheduled in the future is `future`, not `publish`, as WordPress stores it. */
export function scheduledStatus(status: string, dateUtc: string, nowUtc: string): string {
  return status === 'publish' && dateUtc > nowUtc ? 'future' : status;
}

/** Public permalink for published records, the query form for the others (wire-format 2.1 `url`). */
export function postUrl(
  urls: Urls,
  permalinkBase: string,
  postType: string,
  post: { id: number; status: string; slug: string },
): string {
  return post.status === 'publish' && post.slug !== ''
    ? urls.page(`${permalinkBase}/${encodeURIComponent(post.slug)}`)
    : urls.pageQuery(`post_type=${postType}&p=${post.id}`);
}

/** `global_id`: the site's host and path (no scheme, no port) and the id (wire-format 2.1). */
export function globalId(urls: Urls, id: number): string {
  const site = new URL(urls.siteOrigin);
  return `${site.hostname}${site.pathname.replace(/\/+$/, '')}?id=${id}`;
}

export function globalIdLineage(urls: Urls, id: number, storedLineage: string | null): string[] {
  return [globalId(urls, id), ...(storedLineage ? (JSON.parse(storedLineage) as string[]) : [])];
}

/** Constant-time comparison of a post password, as the original's entitlement check. */
export function passwordMatches(given: string | undefined, stored: string): boolean {
  if (given === undefined || stored === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Replacement values of protected fields (wire-format 2.9). */
const PROTECTED_REPLACEMENTS: Readonly<Record<string, unknown>> = {
  description: '',
  excerpt: '',
  cost: '',
  website: '',
  virtual_url: '',
  virtual_video_source: '',
  email: '',
  phone: '',
  stateprovince: '',
  zip: '',
  province: '',
  country: '',
  city: '',
  address: '',
  image: false,
  all_day: null,
  show_map: null,
  show_map_link: null,
  hide_from_listings: null,
  sticky: null,
  featured: null,
  ticketed: null,
  is_virtual: null,
  cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  categories: [],
  tags: [],
  venue: [],
  organizer: [],
  custom_fields: [],
  attendance: { total_attendees: null, checked_in: null, not_checked_in: null },
  geo_lat: 0,
  geo_lng: 0,
};

/**
 * Password stripping: protected keys present in the record are replaced, the others kept, nested
 * objects stripped the same way. Unlike the original, a venue's or organizer's name (keys `venue`
 * and `organizer` of their own records) is kept (quirk #5): `nameKey` names the key to spare.
 */
export function stripProtected<T extends Record<string, unknown>>(record: T, nameKey?: string): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key !== nameKey && key in PROTECTED_REPLACEMENTS) out[key] = structuredClone(PROTECTED_REPLACEMENTS[key]);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value))
      out[key] = stripProtected(value as Record<string, unknown>);
    else out[key] = value;
  }
  return out as T;
}

/** What may lift password protection: the `password` parameter, or `context=edit` with edit rights. */
export interface Access {
  readonly password?: string;
  readonly context?: string;
}

/** What of a post its rules read. */
export interface PostFacts {
  readonly author_id: number;
  readonly status: string;
  readonly password: string;
}

const owned = (post: PostFacts) => ({ authorId: post.author_id, status: post.status });

/** May the caller act on this record (WordPress' per-post capability mapping)? */
export function mayOnPost(
  caller: Caller | null,
  action: RecordAction,
  type: PostTypeCapability,
  post: PostFacts,
): boolean {
  return canOnRecord(caller, action, type, owned(post));
}

/**
 * The records of a type a caller may read, as statuses (`mayOnPost`'s read rule as a filter):
 * published ones for everyone; private, draft, pending and scheduled ones for whoever may read
 * them (all of them, or only their own).
 */
export function readableStatuses(
  caller: Caller | null,
  type: PostTypeCapability,
): { statuses: string[]; own?: { authorId: number; statuses: string[] } } {
  const statuses = ANY_STATUS.filter((status) => canOnRecord(caller, 'read', type, { authorId: -1, status }));
  if (!caller) return { statuses };
  const own = ANY_STATUS.filter(
    (status) => !statuses.includes(status) && canOnRecord(caller, 'read', type, { authorId: caller.id, status }),
  );
  return { statuses, ...(own.length > 0 ? { own: { authorId: caller.id, statuses: own } } : {}) };
}

/** Refuses with 403 `rest_forbidden` a caller who may not act on this record. */
export function requireOnPost(
  caller: Caller,
  action: 'edit' | 'delete',
  type: PostTypeCapability,
  post: PostFacts,
): void {
  if (!mayOnPost(caller, action, type, post)) throw new ApiError('rest_forbidden', { status: 403 });
}

/**
 * Whether the request asked for the edit context and the caller may edit this record: what lifts
 * password protection (wire-format 7.4) and, as WordPress' `password` field, what alone shows the
 * password itself (decision 0079).
 */
export function inEditContext(
  caller: Caller | null,
  type: PostTypeCapability,
  post: PostFacts,
  access: Access,
): boolean {
  return access.context === 'edit' && mayOnPost(caller, 'edit', type, post);
}

/** Entitled to a protected record's details (wire-format 7.4): no password, the right one, or edit context with edit rights. */
export function entitledToPost(
  caller: Caller | null,
  type: PostTypeCapability,
  post: PostFacts,
  access: Access,
): boolean {
  return (
    post.password === '' || passwordMatches(access.password, post.password) || inEditContext(caller, type, post, access)
  );
}

/**
 * The statuses an archive lists (wire-format 4.1.4): callers who may not edit the type get only
 * `publish` (and may ask for nothing else); the others any registered status, by default `any`.
 * Throws `rest_invalid_param` for `status`.
 */
export function archiveStatuses(
  requested: readonly string[] | undefined,
  caller: Caller | null,
  type: PostTypeCapability,
): string[] {
  const mayEdit = can(caller, `edit_${type}s`);
  if (requested === undefined) return mayEdit ? [...ANY_STATUS] : ['publish'];
  const allowed: readonly string[] = mayEdit ? REGISTERED_STATUSES : ['publish'];
  if (requested.length === 0 || requested.some((status) => !allowed.includes(status))) throw invalidParam('status');
  return [...requested];
}

/**
 * Whether the caller may read a post whose status and author these are; a post that is not there
 * is not readable. A filter naming a post the caller may not read is refused as one naming no post,
 * so that its existence and links are not learned through it (issue 36).
 */
export function readableBy(
  caller: Caller | null,
  type: PostTypeCapability,
  post: { readonly status: string; readonly authorId: number } | undefined,
): boolean {
  return post !== undefined && canOnRecord(caller, 'read', type, post);
}

export interface ArchiveScope {
  readonly statuses: string[];
  /** Others' non-public records are listed only to those who may edit them. */
  readonly restrictTo?: { readonly authorId: number | null };
  /** Protected records match a search by their title only for callers who may not edit others' records. */
  readonly mayEditOthers: boolean;
}

/** What a caller's archive of a post type lists: the statuses asked for (`archiveStatuses`), and whose. */
export function archiveScopeOf(
  requested: readonly string[] | undefined,
  caller: Caller | null,
  type: PostTypeCapability,
): ArchiveScope {
  const statuses = archiveStatuses(requested, caller, type);
  const mayEditOthers = can(caller, `edit_others_${type}s`);
  return { statuses, mayEditOthers, ...(mayEditOthers ? {} : { restrictTo: { authorId: caller?.id ?? null } }) };
}
