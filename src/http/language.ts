import { Type } from '@sinclair/typebox';

/** The 22 language codes of the spec (section 2.1), in the spec's order. */
export const LANGUAGE_CODES = [
  'sq', 'bs', 'bg', 'hr', 'cs', 'da', 'nl', 'en', 'fr', 'de', 'el',
  'hu', 'it', 'mk', 'pl', 'pt-pt', 'ro', 'sr', 'sk', 'sl', 'es', 'sv',
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** `translation_language`, accepted on every route of the namespace. */
export const TranslationLanguage = Type.Optional(
  Type.Unsafe<LanguageCode>({
    type: 'string',
    enum: [...LANGUAGE_CODES],
    description: 'The language of the request (a code from the translation plugin)',
  }),
);
