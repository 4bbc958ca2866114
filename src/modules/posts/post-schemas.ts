import { Type } from '@sinclair/typebox';

const text = Type.Optional(Type.String());

/**
 * The post fields every post-like record emits in this order, after its id (and, for events, its
 * global ids): optional, since the serializer would write required keys first and break the order.
 */
export const PostWireFields = {
  author: text,
  status: text,
  date: text,
  date_utc: text,
  modified: text,
  modified_utc: text,
  url: text,
};

/** The additive language fields that end every record (decisions 0011). */
export const LanguageWireFields = {
  translation_language: text,
  translations: Type.Optional(Type.Array(Type.String())),
};
