import { Type, type Static } from '@sinclair/typebox';
import { TEXT_LENGTHS } from '../../content/text-lengths.ts';
import { CommonQuery, Id, onlyProperties, PositiveInteger, WriteQuery } from '../../http/params.ts';
import { SETTABLE_STATUSES } from '../posts/post-rules.ts';
import { LanguageWireFields, PostWireFields } from '../posts/post-schemas.ts';
import { SyncEnvelopeFields, syncParams } from '../sync/sync.answers.ts';
import type { LinkedRecordDefinition } from './definition.ts';

/** Any of several JSON types: `null` clears a field, ids may come as numbers or strings. */
const OneOf = <T>(types: string[], extra: Record<string, unknown> = {}) => Type.Unsafe<T>({ type: types, ...extra });

const AnyObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });

/** The schemas of one linked-record type's routes; venues and organizers differ by their fields. */
export function linkedRecordSchemas(definition: LinkedRecordDefinition) {
  const { singular, plural, nameField, textFields, hasMap, collection } = definition;

  // Venue and organizer fields together; each type keeps its own at run time (onlyProperties).
  const ownFields = new Set<string>([
    nameField,
    ...textFields,
    ...(hasMap ? ['show_map', 'show_map_link', 'geo_lat', 'geo_lng'] : []),
  ]);
  const sharedFields = new Set(['description', 'status', 'author', 'date', 'date_utc', 'image', 'post_password']);
  const textInput = (field: string, maxLength: number = TEXT_LENGTHS.detail) =>
    Type.Optional(OneOf<string | null>(['string', 'null'], { maxLength, description: `The ${singular} ${field}` }));
  const name = Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.name, description: `The ${singular} name` });
  const inputs = onlyProperties(
    {
      venue: Type.Optional(name),
      organizer: Type.Optional(name),
      description: textInput('description', TEXT_LENGTHS.body),
      status: Type.Optional(
        Type.Unsafe<(typeof SETTABLE_STATUSES)[number]>({
          type: 'string',
          enum: [...SETTABLE_STATUSES],
          description: `The ${singular} post status`,
        }),
      ),
      author: Type.Optional(Id({ description: `The ${singular} author ID` })),
      date: Type.Optional(
        OneOf<string | number>(['string', 'integer'], { description: `The ${singular} publication date` }),
      ),
      date_utc: Type.Optional(
        OneOf<string | number>(['string', 'integer'], { description: `The ${singular} publication date, in UTC` }),
      ),
      image: Type.Optional(
        OneOf<string | number | null>(['string', 'integer', 'null'], {
          maxLength: TEXT_LENGTHS.url,
          description: `The ${singular} featured image ID or URL`,
        }),
      ),
      post_password: Type.Optional(
        OneOf<string | null>(['string', 'null'], {
          maxLength: TEXT_LENGTHS.password,
          description: `A password that protects the ${singular}'s details (additive)`,
        }),
      ),
      address: textInput('address'),
      city: textInput('city'),
      country: textInput('country'),
      province: textInput('province'),
      state: textInput('state'),
      zip: textInput('ZIP code'),
      phone: textInput('phone number'),
      stateprovince: textInput('state or province'),
      website: textInput('website URL', TEXT_LENGTHS.url),
      email: textInput('e-mail address'),
      // JSON booleans are accepted as well as the original's strings "true"/"1"/"false"/"0" (quirk #19).
      show_map: Type.Optional(Type.Boolean({ description: `Whether events at this ${singular} show a map` })),
      show_map_link: Type.Optional(Type.Boolean({ description: `Whether events at this ${singular} show a map link` })),
      geo_lat: Type.Optional(
        OneOf<number | null>(['number', 'null'], {
          minimum: -90,
          maximum: 90,
          description: 'Latitude, from -90 to 90',
        }),
      ),
      geo_lng: Type.Optional(
        OneOf<number | null>(['number', 'null'], {
          minimum: -180,
          maximum: 180,
          description: 'Longitude, from -180 to 180',
        }),
      ),
    },
    (field) => ownFields.has(field) || sharedFields.has(field),
  );
  const UpdateBody = Type.Object(inputs);
  // The same fields with the name required; the handler's type stays the update's (name checked by the service).
  const CreateBody = Type.Unsafe<Static<typeof UpdateBody>>({ ...Type.Object(inputs), required: [nameField] });

  const Image = Type.Unsafe<Record<string, unknown> | false>({
    type: ['object', 'boolean'],
    additionalProperties: true,
  });
  const text = Type.Optional(Type.String());
  // Wire order (wire-format 2.3, 2.4). Empty fields are omitted, as the original does (quirk #4), so
  // only what is never empty is required; the serializer keeps this order whatever is required (app.ts).
  // `$id`: a named component of the OpenAPI document, referenced wherever it is used (decision 0007).
  const Name = singular.replace(/(?:^|\s+)(\w)/g, (_match, letter: string) => letter.toUpperCase());
  const WireRecord = Type.Object(
    {
      id: Type.Integer(),
      ...PostWireFields,
      // Omitted for records without an author (imported ones).
      author: text,
      [nameField]: Type.String(),
      description: text,
      excerpt: text,
      slug: text,
      image: Type.Optional(Image),
      ...Object.fromEntries(textFields.map((field) => [field, text])),
      ...(hasMap ? { geo_lat: Type.Optional(Type.Number()), geo_lng: Type.Optional(Type.Number()) } : {}),
      json_ld: Type.Optional(AnyObject),
      ...(hasMap
        ? {
            show_map: OneOf<boolean | null>(['boolean', 'null']),
            show_map_link: OneOf<boolean | null>(['boolean', 'null']),
          }
        : {}),
      global_id: Type.String(),
      global_id_lineage: Type.Array(Type.String()),
      ...LanguageWireFields,
    },
    { $id: Name },
  );

  const PasswordQuery = {
    password: Type.Optional(
      Type.String({ description: `The ${singular} password, for a password-protected ${singular}` }),
    ),
    context: Type.Optional(
      Type.Unsafe<'view' | 'edit' | 'embed'>({
        type: 'string',
        enum: ['view', 'edit', 'embed'],
        description: 'edit: show protected details to those who may edit them',
      }),
    ),
  };
  const ListQuery = Type.Object({
    page: PositiveInteger('The archive page to return', { default: 1 }),
    per_page: PositiveInteger(`The number of ${plural} to return on each page`, { default: 10 }),
    search: Type.Optional(
      Type.String({
        minLength: 1,
        description: `Limit results to ${plural} whose name, description or details contain this text`,
      }),
    ),
    event: Type.Optional(Id({ description: `Limit results to ${plural} linked to this event` })),
    has_events: Type.Optional(
      Type.Boolean({ description: `Only ${plural} linked to at least one event (true) or to none (false)` }),
    ),
    only_with_upcoming: Type.Boolean({ default: false, description: `Only ${plural} linked to an upcoming event` }),
    status: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: `The ${singular} post status` })),
    ...syncParams(plural),
    // They apply to every listed record, as in the original's archive (wire-format 7.4).
    ...PasswordQuery,
    ...CommonQuery,
  });

  const ReadQuery = Type.Object({ ...PasswordQuery, ...CommonQuery });
  const DeleteQuery = Type.Object({
    ...PasswordQuery,
    force: Type.Boolean({
      default: false,
      description: `Remove the ${singular} permanently instead of moving it to the trash (additive)`,
    }),
    ...CommonQuery,
  });

  const IdParams = Type.Object({ id: Id({ minimum: 0, description: `the ${singular} post ID` }) });
  const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, description: `the ${singular} slug` }) });

  const Envelope = Type.Object(
    {
      [collection]: Type.Array(WireRecord),
      rest_url: Type.String(),
      next_rest_url: Type.Optional(Type.String()),
      previous_rest_url: Type.Optional(Type.String()),
      total: Type.Integer(),
      total_pages: Type.Integer(),
      ...SyncEnvelopeFields,
    },
    { $id: `${Name}Archive` },
  );

  return {
    CreateBody,
    UpdateBody,
    WireRecord,
    ListQuery,
    ReadQuery,
    DeleteQuery,
    WriteQuery,
    IdParams,
    SlugParams,
    Envelope,
  };
}

export type LinkedRecordSchemas = ReturnType<typeof linkedRecordSchemas>;
export type LinkedRecordInput = Static<LinkedRecordSchemas['UpdateBody']>;
/** The create body: the update's fields with the type's name required (checked by the schema, and again by the service for inline records). */
export type LinkedRecordCreateInput = LinkedRecordInput;
export type LinkedRecordListQuery = Static<LinkedRecordSchemas['ListQuery']>;
export type LinkedRecordReadQuery = Static<LinkedRecordSchemas['DeleteQuery']>;
