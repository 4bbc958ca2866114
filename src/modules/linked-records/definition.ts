import type { PostTypeCapability } from '../../auth/roles.ts';
import type { ErrorCode } from '../../errors.ts';
import type { LinkedRecordTable } from '../../storage/repositories/linked-records.repository.ts';

/** The wire record of a venue or organizer before empty fields are dropped. */
export type WireFields = Record<string, unknown>;

/**
 * What distinguishes venues from organizers; everything else about linked records is shared
 * (wire-format 2.3, 2.4, 4.2, 5.3, 6.1, 7.3).
 */
export interface LinkedRecordDefinition extends LinkedRecordTable {
  readonly collection: 'venues' | 'organizers';
  /** The WordPress post type: capability names and the query-form `url`. */
  readonly postType: PostTypeCapability;
  /** The name's key on the wire (and in input): `venue` or `organizer`. */
  readonly nameField: 'venue' | 'organizer';
  readonly permalinkBase: string;
  /** Text fields in wire order (stored in the type's table). */
  readonly textFields: readonly string[];
  /** Venues carry `show_map`/`show_map_link` (default true) and coordinates. */
  readonly hasMap: boolean;
  /** Wire fields derived from others when not stored (a venue's `stateprovince`). */
  readonly derive?: (fields: WireFields) => WireFields;
  /** schema.org object of the single-record responses. */
  readonly jsonLd: (fields: WireFields, content: string) => Record<string, unknown>;
  readonly errors: { readonly notAccessible: ErrorCode; readonly pageNotFound: ErrorCode; readonly inTrash: ErrorCode };
  readonly singular: string;
  readonly plural: string;
}
