import type { components } from './api-types.ts';
import type { MessageKey } from './i18n.ts';

/*
 * Venues, organizers, categories and tags as data: one list screen and one editor serve the four
 * (screens/records.tsx), as the API serves venues and organizers from one linked-record base and
 * the two taxonomies from one term base. Each kind names its API collection, the field holding its
 * name, the fields its editor shows (those the API's write body takes), and its words.
 */

export type FieldKind = 'text' | 'textarea' | 'email' | 'url' | 'tel' | 'checkbox' | 'parent';

/** The four records as the API answers them (generated from the OpenAPI document: npm run admin-types). */
type Wire = components['schemas'];
interface WireOf {
  venues: Wire['Venue'];
  organizers: Wire['Organizer'];
  categories: Wire['EventCategory'];
  tags: Wire['EventTag'];
}
/** A field the record of `C` answers: renaming one in the server's schema fails the admin's typecheck. */
type FieldOf<C extends keyof WireOf> = keyof WireOf[C] & string;
/** A kind whose field names are checked against its record's generated type (RECORD_KINDS satisfies it). */
type CheckedKind<C extends keyof WireOf> = RecordKind & {
  readonly collection: C;
  readonly nameField: FieldOf<C>;
  readonly fields: readonly (RecordField & { readonly name: FieldOf<C> })[];
  readonly detail: { readonly field: FieldOf<C>; readonly label: MessageKey };
};

export interface RecordField {
  /** The API's field name: a 400's `data.params` names it, and the control's id is it. */
  readonly name: string;
  readonly label: MessageKey;
  readonly kind: FieldKind;
}

export interface RecordKind {
  /** The API collection and the admin path: `venues` lists, `venues/new` and `venues/:id` edit. */
  readonly collection: keyof WireOf;
  /** Posts (venues, organizers) have statuses, a trash and counts per status; terms are deleted outright. */
  readonly post: boolean;
  /** The field holding the record's name (`venue`, `organizer`, `name`). */
  readonly nameField: string;
  readonly fields: readonly RecordField[];
  /** A second column in the list: the venue's city, the organizer's e-mail, the term's slug. */
  readonly detail: { readonly field: string; readonly label: MessageKey };
  /** The capability that shows the screens (roles.ts; the API checks its own permission on each write). */
  readonly capability: string;
  readonly words: {
    readonly plural: MessageKey;
    readonly add: MessageKey;
    readonly create: MessageKey;
    readonly edit: MessageKey;
    readonly none: MessageKey;
  };
}

const DESCRIPTION = { name: 'description', label: 'description', kind: 'textarea' } as const satisfies RecordField;

export const RECORD_KINDS: Readonly<Record<keyof WireOf, RecordKind>> = {
  venues: {
    collection: 'venues',
    post: true,
    nameField: 'venue',
    fields: [
      { name: 'venue', label: 'name', kind: 'text' },
      DESCRIPTION,
      { name: 'address', label: 'address', kind: 'text' },
      { name: 'city', label: 'city', kind: 'text' },
      { name: 'province', label: 'province', kind: 'text' },
      { name: 'zip', label: 'zip', kind: 'text' },
      { name: 'country', label: 'country', kind: 'text' },
      { name: 'phone', label: 'phone', kind: 'tel' },
      { name: 'website', label: 'website', kind: 'url' },
      { name: 'show_map', label: 'showMap', kind: 'checkbox' },
    ],
    detail: { field: 'city', label: 'city' },
    capability: 'edit_tribe_venues',
    words: { plural: 'venues', add: 'addVenue', create: 'newVenue', edit: 'editVenue', none: 'noVenues' },
  },
  organizers: {
    collection: 'organizers',
    post: true,
    nameField: 'organizer',
    fields: [
      { name: 'organizer', label: 'name', kind: 'text' },
      DESCRIPTION,
      { name: 'phone', label: 'phone', kind: 'tel' },
      { name: 'email', label: 'email', kind: 'email' },
      { name: 'website', label: 'website', kind: 'url' },
    ],
    detail: { field: 'email', label: 'email' },
    capability: 'edit_tribe_organizers',
    words: {
      plural: 'organizers',
      add: 'addOrganizer',
      create: 'newOrganizer',
      edit: 'editOrganizer',
      none: 'noOrganizers',
    },
  },
  categories: {
    collection: 'categories',
    post: false,
    nameField: 'name',
    fields: [
      { name: 'name', label: 'name', kind: 'text' },
      { name: 'slug', label: 'slug', kind: 'text' },
      { name: 'parent', label: 'parentCategory', kind: 'parent' },
      DESCRIPTION,
    ],
    detail: { field: 'slug', label: 'slug' },
    // The API's permission for category writes (taxonomy.ts: edit and publish events).
    capability: 'publish_tribe_events',
    words: {
      plural: 'categories',
      add: 'addCategory',
      create: 'newCategory',
      edit: 'editCategory',
      none: 'noCategories',
    },
  },
  tags: {
    collection: 'tags',
    post: false,
    nameField: 'name',
    fields: [{ name: 'name', label: 'name', kind: 'text' }, { name: 'slug', label: 'slug', kind: 'text' }, DESCRIPTION],
    detail: { field: 'slug', label: 'slug' },
    // The API's permission for tag writes (taxonomy.ts).
    capability: 'manage_post_tags',
    words: { plural: 'tagsPlural', add: 'addTag', create: 'newTag', edit: 'editTag', none: 'noTags' },
  },
} satisfies { readonly [C in keyof WireOf]: CheckedKind<C> };

/** The statuses a venue's or organizer's editor offers (scheduling needs a date: the API's, not offered here). */
export const POST_STATUSES = ['publish', 'draft', 'pending', 'private'] as const;

/** A record as the API answers it: its id, its name under `nameField`, its other fields by name. */
export type WireRecord = Record<string, unknown> & { id: number };

export const nameOf = (kind: RecordKind, record: WireRecord): string =>
  typeof record[kind.nameField] === 'string' ? (record[kind.nameField] as string) : '';

/** The form's values as read from a record: strings for text fields, booleans for checkboxes, the parent's id as text. */
export type RecordForm = Record<string, string | boolean>;

export function formOfRecord(kind: RecordKind, record: WireRecord | undefined): RecordForm {
  const form: RecordForm = Object.fromEntries(
    kind.fields.map((field): [string, string | boolean] => {
      const value = record?.[field.name];
      if (field.kind === 'checkbox') return [field.name, value === true];
      if (field.kind === 'parent') return [field.name, String(typeof value === 'number' ? value : 0)];
      return [field.name, typeof value === 'string' ? value : ''];
    }),
  );
  // A new venue or organizer starts as published: it is made to be picked in events (the select can change it).
  if (kind.post) form.status = typeof record?.status === 'string' ? record.status : 'publish';
  return form;
}

/** The write body: every non-empty field for a new record, else only the fields that changed. */
export function recordChanges(
  kind: RecordKind,
  form: RecordForm,
  read: RecordForm | undefined,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of kind.fields) {
    const value = form[field.name];
    if (
      read !== undefined
        ? value === read[field.name]
        : value === '' || value === false || (field.kind === 'parent' && value === '0')
    )
      continue;
    body[field.name] = field.kind === 'parent' ? Number(value) : value;
  }
  if (kind.post && form.status !== undefined && form.status !== read?.status) body.status = form.status;
  return body;
}
