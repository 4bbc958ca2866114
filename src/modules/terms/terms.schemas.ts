import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { CommonQuery, Id, onlyProperties, PositiveInteger, WriteQuery } from '../../http/params.ts';
import { TEXT_LENGTHS } from '../../content/text-lengths.ts';
import { SyncEnvelopeFields, syncParams } from '../sync/sync.answers.ts';
import type { TaxonomyDefinition } from './taxonomy.ts';

export const TERM_ORDER_BY = [
  'name',
  'id',
  'include',
  'slug',
  'include_slugs',
  'term_group',
  'description',
  'count',
] as const;

// No declared properties: the serializer then keeps each link's own key order (embeddable before href).
const Link = Type.Object({}, { additionalProperties: true });

/** Term ids or slugs: `include`/`exclude` accept both (wire-format 4.3). */
const TermRefs = (description: string) => Type.Array(Type.String({ minLength: 1 }), { description });

const Nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'] });

/** The schemas of one taxonomy's routes; categories and tags differ only by `parent` and wording. */
export function termSchemas(definition: TaxonomyDefinition) {
  const { hierarchical, singular, plural, collection } = definition;
  // Types are the category superset; at run time tags lose `parent` and categories `offset`, so
  // validation and /doc show each taxonomy's own fields.
  const forTaxonomy = <T extends TProperties>(properties: T): T =>
    onlyProperties(properties, (name) => name !== (hierarchical ? 'offset' : 'parent'));

  const TermUrls = Type.Object({
    self: Type.String(),
    collection: Type.String(),
    up: Type.Optional(Type.String()),
  });

  // Property order is the wire order: the serializer emits properties in schema order.
  const termProperties = {
    id: Type.Integer({ description: 'The term ID' }),
    count: Type.Integer({ description: 'The number of published events associated with the term' }),
    description: Type.String({ description: 'The term description' }),
    name: Type.String({ description: 'The term name' }),
    slug: Type.String({ description: 'The term slug' }),
    taxonomy: Type.String({ description: 'The taxonomy the term belongs to' }),
    // Categories only (tags lose it at run time, see forTaxonomy).
    parent: Type.Optional(Type.Integer({ description: 'The term parent term ID, 0 if none' })),
    meta: Type.Array(Type.Unknown()),
    url: Type.String({ description: 'The URL to the term archive page' }),
    urls: TermUrls,
    translation_language: Type.String({ description: 'The language of this representation (additive)' }),
    translations: Type.Array(Type.String(), {
      description: 'The languages the term has text in, its original one first (additive)',
    }),
  };
  // `$id`: a named component of the OpenAPI document, referenced wherever it is used (decision 0007).
  const Name = singular.replace(/(?:^|\s+)(\w)/g, (_match, letter: string) => letter.toUpperCase());
  const Term = Type.Object(forTaxonomy(termProperties), { $id: Name });
  const TermWithLinks = Type.Object(
    {
      ...forTaxonomy(termProperties),
      _links: Type.Record(Type.String(), Type.Array(Link)),
    },
    { $id: `${Name}WithLinks` },
  );

  const ListQuery = Type.Object(
    forTaxonomy({
      page: PositiveInteger('The archive page to return', { default: 1 }),
      per_page: PositiveInteger(`The number of ${plural} to return on each page`, { default: 10 }),
      search: Type.Optional(Type.String({ minLength: 1, description: 'Limit results to those matching a string' })),
      exclude: Type.Optional(TermRefs('Ensure result set exclude specific IDs')),
      include: Type.Optional(TermRefs('Limit result set to specific IDs')),
      order: Type.Optional(
        Type.Unsafe<'asc' | 'desc'>({
          type: 'string',
          enum: ['asc', 'desc'],
          description: 'Order sort attribute ascending or descending',
        }),
      ),
      orderby: Type.Optional(
        Type.Unsafe<(typeof TERM_ORDER_BY)[number]>({
          type: 'string',
          enum: [...TERM_ORDER_BY],
          description: 'Sort collection by term attribute',
        }),
      ),
      hide_empty: Type.Boolean({ default: true, description: 'Whether to hide terms not assigned to any posts' }),
      parent: Type.Optional(Id({ minimum: 0, description: 'Limit result set to terms assigned to a specific parent' })),
      post: Type.Optional(Id({ description: 'Limit result set to terms assigned to a specific post' })),
      event: Type.Optional(
        Id({
          description: 'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)',
        }),
      ),
      slug: Type.Optional(
        Type.Array(Type.String({ minLength: 1 }), { description: 'Limit result set to terms with a specific slug' }),
      ),
      offset: Type.Optional(Id({ minimum: 0, description: 'Offset the result set by a specific number of items' })),
      ...syncParams(plural),
      ...CommonQuery,
    }),
  );

  const writeFields = forTaxonomy({
    name: Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.name, description: `The ${singular} name` }),
    description: Nullable(Type.String({ maxLength: TEXT_LENGTHS.body, description: `The ${singular} description` })),
    slug: Type.String({ minLength: 1, maxLength: TEXT_LENGTHS.slug, description: `The ${singular} slug` }),
    parent: Id({ minimum: 0, description: `The ${singular} parent term ID` }),
  });
  const { name, ...optionalFields } = writeFields;
  const CreateBody = Type.Object({ name, ...Type.Partial(Type.Object(optionalFields)).properties });
  const UpdateBody = Type.Partial(Type.Object(writeFields));

  const Params = Type.Object({ id: Id({ minimum: 0, description: `the ${singular} term ID` }) });

  const Envelope = Type.Object(
    {
      rest_url: Type.String(),
      total: Type.Integer(),
      total_pages: Type.Integer(),
      [collection]: Type.Array(Term),
      next_rest_url: Type.Optional(Type.String()),
      previous_rest_url: Type.Optional(Type.String()),
      ...SyncEnvelopeFields,
    },
    { $id: `${Name}Archive` },
  );

  return {
    Term,
    TermWithLinks,
    ListQuery,
    CreateBody,
    UpdateBody,
    Params,
    Envelope,
    ReadQuery: Type.Object(CommonQuery),
    WriteQuery,
  };
}

export type TermSchemas = ReturnType<typeof termSchemas>;

/** Input of create and update, whatever the taxonomy (tags simply never carry `parent`). */
export type TermInput = Static<TermSchemas['UpdateBody']>;
export type TermCreateInput = Static<TermSchemas['CreateBody']>;
export type TermListQuery = Static<TermSchemas['ListQuery']>;
