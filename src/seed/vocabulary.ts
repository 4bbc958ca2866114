/*
 * The words the seed builds its calendar from. Each topic appears in the title and text of about 1%
 * of events and nowhere else, so a search for one has a known selectivity; no topic is a substring
 * of another word used here.
 */

export const TOPICS = [
  'Harpsichord', 'Origami', 'Astronomy', 'Beekeeping', 'Calligraphy', 'Sourdough', 'Flamenco', 'Robotics', 'Watercolour', 'Chess',
  'Pottery', 'Tango', 'Mycology', 'Birdwatching', 'Woodcarving', 'Cheesemaking', 'Bookbinding', 'Glassblowing', 'Kombucha', 'Bonsai',
  'Salsa', 'Poetry', 'Jazz', 'Opera', 'Ballet', 'Photography', 'Gardening', 'Yoga', 'Meditation', 'Cycling',
  'Triathlon', 'Climbing', 'Kayaking', 'Sailing', 'Fencing', 'Archery', 'Juggling', 'Magic', 'Puppetry', 'Improv',
  'Cinema', 'Documentary', 'Architecture', 'Typography', 'Blockchain', 'Python', 'Haskell', 'Kubernetes', 'Cryptography', 'Linguistics',
  'Philosophy', 'Archaeology', 'Geology', 'Botany', 'Entomology', 'Oceanography', 'Volcanology', 'Genealogy', 'Numismatics', 'Philately',
  'Knitting', 'Quilting', 'Embroidery', 'Weaving', 'Dyeing', 'Perfumery', 'Chocolate', 'Espresso', 'Winemaking', 'Brewing',
  'Ramen', 'Tapas', 'Curry', 'Dumplings', 'Barbecue', 'Vegan', 'Foraging', 'Composting', 'Permaculture', 'Solar',
  'Accordion', 'Bagpipes', 'Cello', 'Banjo', 'Ukulele', 'Theremin', 'Didgeridoo', 'Gamelan', 'Choir', 'Gospel',
  'Swing', 'Bluegrass', 'Reggae', 'Techno', 'Klezmer', 'Fado', 'Mariachi', 'Polka', 'Samba', 'Zydeco',
] as const;

/** A word in about 1% of event titles, for a search with a known selectivity. */
export const ONE_PERCENT_TITLE_WORD = 'Harpsichord';

/** English and French, so that translated titles read naturally. */
export const ADJECTIVES: readonly (readonly [string, string])[] = [
  ['Evening', 'Soirée'], ['Morning', 'Matinée'], ['Introductory', 'Initiation'], ['Advanced', 'Perfectionnement'], ['Family', 'Famille'],
  ['Community', 'Communauté'], ['Open', 'Ouvert'], ['Summer', 'Été'], ['Winter', 'Hiver'], ['Spring', 'Printemps'],
  ['Autumn', 'Automne'], ['Weekend', 'Week-end'], ['Midnight', 'Minuit'], ['Outdoor', 'Plein air'], ['Candlelit', 'Aux chandelles'],
  ['Annual', 'Annuel'], ['Monthly', 'Mensuel'], ['Beginners', 'Débutants'], ['Masterclass:', 'Classe de maître :'], ['Late-night', 'Nocturne'],
  ['Riverside', 'Bord de rivière'], ['Rooftop', 'Sur le toit'], ['Pop-up', 'Éphémère'], ['Charity', 'Caritatif'], ['Grand', 'Grand'],
  ['Intimate', 'Intime'], ['Festive', 'Festif'], ['Neighbourhood', 'Quartier'], ['Student', 'Étudiant'], ['International', 'International'],
];
export const FORMATS: readonly (readonly [string, string])[] = [
  ['Concert', 'Concert'], ['Workshop', 'Atelier'], ['Meetup', 'Rencontre'], ['Lecture', 'Conférence'], ['Festival', 'Festival'],
  ['Class', 'Cours'], ['Tasting', 'Dégustation'], ['Exhibition', 'Exposition'], ['Screening', 'Projection'], ['Tour', 'Visite'],
  ['Recital', 'Récital'], ['Fair', 'Foire'], ['Showcase', 'Vitrine'], ['Retreat', 'Retraite'], ['Jam', 'Bœuf'],
  ['Night', 'Nuit'], ['Brunch', 'Brunch'], ['Symposium', 'Colloque'], ['Marathon', 'Marathon'], ['Session', 'Séance'],
];
export const FILLER_SENTENCES = [
  'Doors open thirty minutes before the start.',
  'Bring a friend and your curiosity.',
  'Step-free access throughout the venue.',
  'Light refreshments served at the interval.',
  'Places are limited: please register early.',
  'Newcomers and old hands alike are welcome.',
  'Proceeds support the youth arts fund.',
  'Relaxed, hands-on and friendly.',
  'Our guest speakers love answering questions.',
  'Under twelves must come with an adult.',
  'Runs rain or shine.',
  'See the website for late changes.',
] as const;
export const CITIES = [
  { city: 'Boston', state: 'MA', province: '', country: 'United States', zip: '021', lat: 42.36, lng: -71.06 },
  { city: 'Chicago', state: 'IL', province: '', country: 'United States', zip: '606', lat: 41.88, lng: -87.63 },
  { city: 'Portland', state: 'OR', province: '', country: 'United States', zip: '972', lat: 45.52, lng: -122.68 },
  { city: 'Austin', state: 'TX', province: '', country: 'United States', zip: '787', lat: 30.27, lng: -97.74 },
  { city: 'Toronto', state: '', province: 'Ontario', country: 'Canada', zip: 'M5V', lat: 43.65, lng: -79.38 },
  { city: 'Montréal', state: '', province: 'Québec', country: 'Canada', zip: 'H2X', lat: 45.5, lng: -73.57 },
  { city: 'London', state: '', province: '', country: 'United Kingdom', zip: 'EC1', lat: 51.51, lng: -0.13 },
  { city: 'Paris', state: '', province: 'Île-de-France', country: 'France', zip: '750', lat: 48.86, lng: 2.35 },
  { city: 'Lyon', state: '', province: 'Auvergne-Rhône-Alpes', country: 'France', zip: '690', lat: 45.76, lng: 4.84 },
  { city: 'Berlin', state: '', province: 'Berlin', country: 'Germany', zip: '101', lat: 52.52, lng: 13.4 },
  { city: 'Sydney', state: 'NSW', province: '', country: 'Australia', zip: '200', lat: -33.87, lng: 151.21 },
  { city: 'Tokyo', state: '', province: 'Tokyo', country: 'Japan', zip: '100', lat: 35.68, lng: 139.69 },
] as const;
export const STREETS = ['Main Street', 'Harbour Road', 'Market Square', 'Station Avenue', 'Park Lane', 'Mill Road', 'Church Street', 'King Street', 'Elm Grove', 'Quay Side'] as const;
export const VENUE_PREFIXES = ['Riverside', 'Old Mill', 'Civic', 'Lantern', 'Northgate', 'Harbour', 'Union', 'Foundry', 'Orchard', 'Granary', 'Beacon', 'Meridian'] as const;
export const VENUE_KINDS = ['Hall', 'Theatre', 'Library', 'Community Centre', 'Gallery', 'Pavilion', 'Studio', 'Arts Centre', 'Club', 'Park'] as const;
export const FIRST_NAMES = ['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Esther', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Keiko', 'Luca', 'Maya', 'Nils', 'Olu', 'Priya'] as const;
export const ORGANIZER_KINDS = ['Society', 'Collective', 'Foundation', 'Club', 'Guild', 'Association', 'Trust', 'Network'] as const;
/** Top-level categories, each with the sub-categories filed under it (30 in all). */
export const CATEGORY_TREE: readonly (readonly [string, string, readonly (readonly [string, string])[]])[] = [
  ['Music', 'Musique', [['Classical', 'Classique'], ['Jazz & Blues', 'Jazz et blues'], ['Folk', 'Folk'], ['Electronic', 'Électronique']]],
  ['Arts', 'Arts', [['Visual Arts', 'Arts visuels'], ['Theatre', 'Théâtre'], ['Dance', 'Danse']]],
  ['Food & Drink', 'Gastronomie', [['Tastings', 'Dégustations'], ['Cooking Classes', 'Cours de cuisine']]],
  ['Learning', 'Apprendre', [['Talks', 'Conférences'], ['Workshops', 'Ateliers'], ['Languages', 'Langues']]],
  ['Outdoors', 'Plein air', [['Walks', 'Promenades'], ['Sports', 'Sports']]],
  ['Technology', 'Technologie', [['Programming', 'Programmation'], ['Science', 'Science']]],
  ['Community', 'Communauté', [['Volunteering', 'Bénévolat']]],
  ['Family', 'Famille', [['Kids', 'Enfants']]],
  ['Markets', 'Marchés', [['Farmers Markets', 'Marchés fermiers']]],
  ['Wellbeing', 'Bien-être', [['Fitness', 'Remise en forme']]],
];
export const TAG_WORDS = [
  'free', 'kids', 'accessible', 'outdoor', 'indoor', 'evening', 'weekend', 'beginner', 'expert', 'live', 'online', 'hybrid', 'charity',
  'local', 'vegan', 'seasonal', 'holiday', 'student', 'senior', 'networking',
] as const;
export const TAG_QUALIFIERS = ['', 'friendly', 'series', 'special', 'classic', 'new', 'popular', 'late', 'early', 'monthly'] as const;

/** Costs as organisers type them; about 40% of events have none. */
export const COST_TEXTS = ['', '', '', '', '', 'Free', '10', '15', '$20', '25-40', '€12', '5 - 15', 'Donation'] as const;

/** Zones for events, weighted by repetition. */
export const EVENT_ZONES = [
  'America/New_York', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Europe/Paris', 'Europe/Paris',
  'Europe/Berlin', 'Australia/Sydney', 'Asia/Tokyo', 'UTC',
] as const;
