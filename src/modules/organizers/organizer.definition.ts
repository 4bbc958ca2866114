import { autoParagraph, escapeHtml } from '../../content/html.ts';
import type { LinkedRecordDefinition, WireFields } from '../linked-records/definition.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An e-mail address written with HTML entities, as WordPress' antispambot does, but the same every time. */
function obfuscateEmail(email: string): string {
  return [...email]
    .map((char, index) => (index % 2 === 1 || char === '@' || char === '.' ? `&#${char.codePointAt(0)};` : char))
    .join('');
}

/** schema.org `Person` (wire-format 2.4). */
function personJsonLd(fields: WireFields, content: string): Record<string, unknown> {
  return {
    '@type': 'Person',
    name: fields.organizer,
    description: escapeHtml(autoParagraph(content)),
    url: text(fields.website),
    telephone: text(fields.phone),
    email: obfuscateEmail(text(fields.email)),
    sameAs: text(fields.website),
  };
}

export const ORGANIZER: LinkedRecordDefinition = {
  type: 'organizer',
  table: 'organizers',
  columns: ['phone', 'website', 'email'],
  searchColumns: ['phone', 'website', 'email'],
  collection: 'organizers',
  postType: 'tribe_organizer',
  nameField: 'organizer',
  permalinkBase: 'organizer',
  textFields: ['phone', 'website', 'email'],
  hasMap: false,
  jsonLd: personJsonLd,
  errors: {
    notAccessible: 'organizer-not-accessible',
    pageNotFound: 'organizer-archive-page-not-found',
    inTrash: 'organizer-is-in-trash',
  },
  singular: 'organizer',
  plural: 'organizers',
};
