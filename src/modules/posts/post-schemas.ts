import { Type } from '@sinclair/typebox';

const text = Type.String();

/**
 * The post fields every post-like record emits in this order, after its id (and, for events, its
 * global ids). The serializer keeps the order of the properties whatever is required (app.ts).
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
  translations: Type.Array(Type.String()),
};
