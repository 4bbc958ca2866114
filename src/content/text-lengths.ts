/**
 * The longest text a caller may write into each kind of field (decision 0100): what the schemas
 * declare as `maxLength` (so validation, the OpenAPI document and the 400's message agree) and what
 * the importers cut their source data to. Lengths count characters (Unicode code points, as AJV
 * counts `maxLength`), not bytes.
 */
export const TEXT_LENGTHS = {
  /** Titles and names: an event's title, a venue's or organizer's name, a term's name, a media item's title and alternative text. */
  name: 1_000,
  /** Slugs: WordPress' `post_name` and term `slug` columns are varchar(200). */
  slug: 200,
  /** The short details of venues and organizers (address, city, phone…), an event's cost. */
  detail: 1_000,
  /** URLs: an event's or a linked record's website, an image given by its URL. */
  url: 2_000,
  /** A post password: WordPress' `post_password` column is varchar(255). */
  password: 255,
  /** Descriptions and excerpts (HTML): WordPress' longtext, bounded well under the 1 MiB request body. */
  body: 200_000,
} as const;

/**
 * `text` cut to at most `maxLength` characters, never inside a character (a surrogate pair): how
 * the importers keep a source's longer text within the bound the API enforces (decision 0100).
 */
export function cutToLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const characters = Array.from(text);
  return characters.length <= maxLength ? text : characters.slice(0, maxLength).join('');
}
