import type { Selectable } from 'kysely';
import type { OrganizersTable, VenuesTable } from '../storage/tables.ts';
import type { Random } from './random.ts';
import { STREETS, type CITIES } from './vocabulary.ts';

/** The venues' and organizers' own rows, beside their posts. */

const phoneNumber = (random: Random) => `+1 555 ${String(random.int(10_000)).padStart(4, '0')}`;

/** A venue in `place`, as a create through the API stores it. */
export function venueRow(id: number, place: (typeof CITIES)[number], random: Random): Selectable<VenuesTable> {
  const located = random.chance(0.6);
  // A venue created through the API stores every text field ('' when not given; `stateprovince`
  // is then derived on the wire), shows its map and map link unless told otherwise, and has
  // coordinates only when given.
  return {
    post_id: id,
    address: `${random.between(1, 240)} ${random.pick(STREETS)}`,
    city: place.city,
    country: place.country,
    province: place.province,
    state: place.state,
    zip: `${place.zip}${random.between(10, 99)}`,
    phone: phoneNumber(random),
    stateprovince: '',
    website: random.chance(0.5) ? `https://venues.example.org/${id}` : '',
    show_map: 1,
    show_map_link: 1,
    geo_lat: located ? Math.round((place.lat + (random.next() - 0.5) / 10) * 1e6) / 1e6 : null,
    geo_lng: located ? Math.round((place.lng + (random.next() - 0.5) / 10) * 1e6) / 1e6 : null,
  };
}

/** An organizer, as a create through the API stores it. */
export function organizerRow(id: number, random: Random): Selectable<OrganizersTable> {
  return {
    post_id: id,
    phone: phoneNumber(random),
    website: random.chance(0.6) ? `https://org.example.org/${id}` : '',
    email: `contact${id}@example.org`,
  };
}
