/** The 22 language codes of the spec (section 2.1), in the spec's order. */
export const LANGUAGE_CODES = [
  'sq',
  'bs',
  'bg',
  'hr',
  'cs',
  'da',
  'nl',
  'en',
  'fr',
  'de',
  'el',
  'hu',
  'it',
  'mk',
  'pl',
  'pt-pt',
  'ro',
  'sr',
  'sk',
  'sl',
  'es',
  'sv',
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** Word lists by language: English's, which a language without its own list falls back to, and others'. */
export type WordsByLanguage<Words> = { readonly en: Words } & Partial<Record<LanguageCode, Words>>;

/**
 * A language's words: its own list, else English's, as the API falls back to a record's original
 * text when it has no translation (the public pages', the sign-in's and the e-mails' words).
 */
export function wordsIn<Words>(lists: WordsByLanguage<Words>, language: LanguageCode): Words {
  return lists[language] ?? lists.en;
}
