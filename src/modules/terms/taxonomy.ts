import type { Permission } from '../../auth/roles.ts';
import type { Taxonomy } from '../../storage/tables.ts';

/** What distinguishes event categories from tags; everything else about terms is shared. */
export interface TaxonomyDefinition {
  readonly taxonomy: Taxonomy;
  /** The WordPress taxonomy name on the wire (`taxonomy` field). */
  readonly wireName: string;
  /** The collection's path segment and list-envelope key. */
  readonly collection: 'categories' | 'tags';
  /** The `GET /events` filter that selects this taxonomy's events. */
  readonly eventsFilter: 'categories' | 'tags';
  readonly hierarchical: boolean;
  /** Public archive page: `{site}/{archivePath}/{slug path}/`. */
  readonly archivePath: string;
  /** Create, update and delete (wire-format 7.2: categories author and up, tags editor and up). */
  readonly writePermission: Permission;
  /** Wording of the descriptions in /doc, as the original's. */
  readonly singular: string;
  readonly plural: string;
}

export const CATEGORY: TaxonomyDefinition = {
  taxonomy: 'category',
  wireName: 'tribe_events_cat',
  collection: 'categories',
  eventsFilter: 'categories',
  hierarchical: true,
  archivePath: 'events/category',
  writePermission: { all: ['edit_tribe_events', 'publish_tribe_events'] },
  singular: 'event category',
  plural: 'event categories',
};

export const TAG: TaxonomyDefinition = {
  taxonomy: 'tag',
  wireName: 'post_tag',
  collection: 'tags',
  eventsFilter: 'tags',
  hierarchical: false,
  archivePath: 'tag',
  writePermission: { all: ['edit_tribe_events', 'manage_post_tags'] },
  singular: 'event tag',
  plural: 'event tags',
};
