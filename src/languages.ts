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
