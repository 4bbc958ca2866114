/**
 * Roles and their capabilities, as data (wire-format.md section 7.2; decisions.md section 4).
 * The capability names are the original plugin's, so that permission rules read like its source.
 */

export const ROLE_NAMES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLE_NAMES)[number];

const POST_TYPES = ['tribe_event', 'tribe_venue', 'tribe_organizer'] as const;

/** Capabilities of one post type, grouped as WordPress grants them. */
const ownUnpublished = (type: string) => [`edit_${type}s`, `delete_${type}s`];
const ownPublished = (type: string) => [`edit_published_${type}s`, `delete_published_${type}s`, `publish_${type}s`];
const everyones = (type: string) => [
  `edit_others_${type}s`,
  `delete_others_${type}s`,
  `edit_private_${type}s`,
  `delete_private_${type}s`,
  `read_private_${type}s`,
];

const forAllPostTypes = (grant: (type: string) => string[]) => POST_TYPES.flatMap(grant);

const SUBSCRIBER = ['read'];
const CONTRIBUTOR = [...SUBSCRIBER, ...forAllPostTypes(ownUnpublished)];
const AUTHOR = [...CONTRIBUTOR, ...forAllPostTypes(ownPublished), 'upload_files'];
// `delete_others_posts`: WordPress' capability for deleting another user's upload (decision 0052).
const EDITOR = [
  ...AUTHOR,
  ...forAllPostTypes(everyones),
  'delete_others_posts',
  'manage_post_tags',
  'unfiltered_html',
  'read_webhooks',
  'manage_import_sources',
];
// Import sources (issue 47) bring feeds' events under the rules of the user who added them: editors and up;
// a source that is a site copies it as a site import does, which stays administrators' (`import_sites`).
// Webhooks send every record's every field to a URL of one's choosing: administrators only (decision 0032).
// The user capabilities are WordPress' (`wp/v2/users`, decision 0067). A site import writes a whole site
// under the importing user's rules, unfiltered HTML included: administrators only (decision 0071).
/**
 * Starting and following a site import, and adding a source that is a site (decision 0071):
 * administrators only. Named once, here, for the API's permission and the admin's screens alike.
 */
export const SITE_IMPORT_CAPABILITY = 'import_sites';
const ADMINISTRATOR = [
  ...EDITOR,
  'list_users',
  'create_users',
  'edit_users',
  'promote_users',
  'delete_users',
  'manage_webhooks',
  SITE_IMPORT_CAPABILITY,
  'manage_mail',
];

export type RoleCapabilities = Readonly<Record<Role, ReadonlySet<string>>>;

export const ROLE_CAPABILITIES: RoleCapabilities = {
  administrator: new Set(ADMINISTRATOR),
  editor: new Set(EDITOR),
  author: new Set(AUTHOR),
  contributor: new Set(CONTRIBUTOR),
  subscriber: new Set(SUBSCRIBER),
};

/** Site settings that change what roles may do, as WordPress' wp-config constants do. */
export interface RoleSettings {
  /** WordPress' DISALLOW_UNFILTERED_HTML: nobody, administrators included, writes unfiltered HTML. */
  readonly disallowUnfilteredHtml: boolean;
}

/** The roles' capabilities on a site with these settings. */
export function siteCapabilities(settings: RoleSettings): RoleCapabilities {
  if (!settings.disallowUnfilteredHtml) return ROLE_CAPABILITIES;
  const table = {} as Record<Role, ReadonlySet<string>>;
  for (const role of ROLE_NAMES)
    table[role] = new Set([...ROLE_CAPABILITIES[role]].filter((capability) => capability !== 'unfiltered_html'));
  return table;
}

export function isRole(value: string): value is Role {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

/** The authenticated user of a request; null for anonymous callers. */
export interface Caller {
  readonly id: number;
  readonly login: string;
  readonly role: Role;
  /**
   * The text written is filtered whatever the role's `unfiltered_html`: a site import writes a
   * source's text under an administrator's name, filtered as an author's (decision 0092).
   */
  readonly filteredText?: boolean;
}

export function can(caller: Caller | null, capability: string): boolean {
  return caller !== null && ROLE_CAPABILITIES[caller.role].has(capability);
}

/**
 * A route's declared permission: `public`, or capabilities the caller must all hold.
 * The generic check a route makes before its handler runs (wire-format 7.2 "Per operation").
 */
export type Permission = 'public' | { readonly all: readonly string[] };

export function permits(permission: Permission, caller: Caller | null): boolean {
  return permission === 'public' || permission.all.every((capability) => can(caller, capability));
}

export type PostTypeCapability = (typeof POST_TYPES)[number];
export type RecordAction = 'read' | 'edit' | 'delete';

/** What the per-record rules need to know about a record. */
export interface OwnedRecord {
  readonly authorId: number;
  readonly status: string;
}

const PUBLISHED = new Set(['publish', 'future']);

/**
 * WordPress' map_meta_cap for one post: the capabilities that acting on this record needs.
 * Reading a published record needs nothing; any other record, for its author, `read`; someone
 * else's private one `read_private_*`, and any other status (draft, pending, future, trash) the
 * right to edit it.
 */
export function recordCapabilities(
  action: RecordAction,
  type: PostTypeCapability,
  record: OwnedRecord,
  callerId: number | undefined,
): string[] {
  const own = callerId !== undefined && record.authorId === callerId;
  if (action === 'read') {
    // Published records are public: anonymous callers read them too.
    if (record.status === 'publish') return [];
    if (own) return ['read'];
    if (record.status === 'private') return [`read_private_${type}s`];
    return recordCapabilities('edit', type, record, callerId);
  }
  const published = PUBLISHED.has(record.status);
  if (own) return [published ? `${action}_published_${type}s` : `${action}_${type}s`];
  return [
    `${action}_others_${type}s`,
    ...(published
      ? [`${action}_published_${type}s`]
      : record.status === 'private'
        ? [`${action}_private_${type}s`]
        : []),
  ];
}

export function canOnRecord(
  caller: Caller | null,
  action: RecordAction,
  type: PostTypeCapability,
  record: OwnedRecord,
): boolean {
  return recordCapabilities(action, type, record, caller?.id).every((capability) => can(caller, capability));
}
