import { autoParagraph, escapeHtml } from '../../content/html.ts';
import type { LinkedRecordDefinition, WireFields } from '../linked-records/definition.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** schema.org `Place` (wire-format 2.3): the address parts that exist, the phone, the website. */
function placeJsonLd(fields: WireFields, content: string): Record<string, unknown> {
  const address = Object.fromEntries(
    Object.entries({
      streetAddress: fields.address,
      addressLocality: fields.city,
      addressRegion: text(fields.state) || text(fields.province),
      postalCode: fields.zip,
      addressCountry: fields.country,
    }).filter(([, value]) => text(value) !== ''),
  );
  return {
    '@type': 'Place',
    name: fields.venue,
    description: escapeHtml(autoParagraph(content)),
    url: '',
    address: { '@type': 'PostalAddress', ...address },
    telephone: text(fields.phone),
    sameAs: text(fields.website),
  };
}

export const VENUE: LinkedRecordDefinition = {
  type: 'venue',
  table: 'venues',
  columns: [
    'address',
    'city',
    'country',
    'province',
    'state',
    'zip',
    'phone',
    'stateprovince',
    'website',
    'show_map',
    'show_map_link',
    'geo_lat',
    'geo_lng',
  ],
  searchColumns: ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince', 'website'],
  collection: 'venues',
  postType: 'tribe_venue',
  nameField: 'venue',
  permalinkBase: 'venue',
  textFields: ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website', 'stateprovince'],
  hasMap: true,
  // The original fills `stateprovince` from the state or province when it was not given.
  derive: (fields) => ({ stateprovince: text(fields.stateprovince) || text(fields.state) || text(fields.province) }),
  jsonLd: placeJsonLd,
  errors: {
    notAccessible: 'venue-not-accessible',
    pageNotFound: 'venue-archive-page-not-found',
    inTrash: 'venue-is-in-trash',
  },
  singular: 'venue',
  plural: 'venues',
};
