import { wordsIn, type LanguageCode, type WordsByLanguage } from '../../languages.ts';
import { RSVP_DE, RSVP_EN, RSVP_ES, RSVP_FR, type RsvpMessages } from './rsvp-messages.ts';

export type { RsvpMessages } from './rsvp-messages.ts';

/*
 * The words of the public pages. Dates, month and weekday names come from Intl in the page's
 * language; these are the rest. A language without its own list falls back to English, as the
 * API falls back to the original text of a record without a translation.
 */

export interface Messages {
  readonly calendar: string;
  readonly skipToContent: string;
  readonly views: string;
  readonly list: string;
  readonly month: string;
  readonly today: string;
  readonly upcoming: string;
  readonly noEvents: string;
  readonly search: string;
  readonly filter: string;
  readonly clearFilters: string;
  readonly filters: string;
  readonly previousPage: string;
  readonly nextPage: string;
  readonly pagination: string;
  readonly previousMonth: string;
  readonly nextMonth: string;
  readonly previousDay: string;
  readonly nextDay: string;
  readonly moreEvents: string;
  /** A month's day with more events than it shows: `%d` is how many more. */
  readonly moreOnDay: string;
  readonly allDay: string;
  readonly when: string;
  readonly where: string;
  readonly cost: string;
  readonly organizers: string;
  readonly categories: string;
  readonly tags: string;
  readonly website: string;
  readonly map: string;
  readonly addToCalendar: string;
  readonly downloadIcs: string;
  /** The whole series of an occurrence's page, apart from the one date. */
  readonly downloadSeriesIcs: string;
  readonly googleCalendar: string;
  readonly previousEvent: string;
  readonly nextEvent: string;
  readonly eventNavigation: string;
  readonly timeZone: string;
  /** The trail on a term's views ("Events › Jazz"). */
  readonly breadcrumbs: string;
  /** What the bar folds away on a phone: the search and the view tabs. */
  readonly searchAndViews: string;
  /** The bar's date picker, beside the dates shown, and its button. */
  readonly chooseDate: string;
  readonly go: string;
  readonly protectedTitle: string;
  readonly protectedText: string;
  readonly password: string;
  readonly enter: string;
  readonly wrongPassword: string;
  readonly notFound: string;
  readonly gone: string;
  readonly badRequest: string;
  readonly somethingWrong: string;
  /** A form sent with a file over the size limit (413). */
  readonly tooLarge: string;
  /** Too many forms sent from one address (429). */
  readonly tooManyRequests: string;
  readonly eventsAt: string;
  readonly eventsBy: string;
  readonly phone: string;
  readonly email: string;
  readonly day: string;
  /** The start of a list's range heading when it starts today ("Now – December 1"). */
  readonly now: string;
  readonly calendarNavigation: string;
  readonly subscribe: string;
  readonly iCalendar: string;
  readonly outlook365: string;
  readonly outlookLive: string;
  readonly exportIcs: string;
  readonly week: string;
  /** The bar's "today" link on a month and on a week. */
  readonly thisMonth: string;
  readonly thisWeek: string;
  readonly previousWeek: string;
  readonly nextWeek: string;
  readonly moreEventsWeek: string;
  /** An empty day view, and its link to the next day that has events. */
  readonly noEventsThisDay: string;
  readonly jumpToNext: string;
  /** The single page's way back to the list ("« All events"). */
  readonly allEvents: string;
  readonly details: string;
  readonly venue: string;
  readonly venues: string;
  readonly organizer: string;
  readonly googleMap: string;
  /** The heading of an occurrence's notice, above the series' other dates. */
  readonly seriesNotice: string;
  readonly allDates: string;
  /** The title of a series' dates page, before the event's title. */
  readonly allDatesOf: string;
  /** The community submission form's words (decision 0062). */
  readonly community: CommunityMessages;
  /** The RSVP form on an event's page and the page of an RSVP's changes (decisions 0125, 0126). */
  readonly rsvp: RsvpMessages;
}

export interface CommunityMessages {
  readonly title: string;
  readonly intro: string;
  readonly event: string;
  readonly eventTitle: string;
  readonly description: string;
  readonly descriptionHint: string;
  readonly startDate: string;
  readonly startTime: string;
  readonly endDate: string;
  readonly endDateHint: string;
  readonly endTime: string;
  readonly allDay: string;
  readonly category: string;
  readonly image: string;
  readonly imageHint: string;
  readonly altText: string;
  readonly venue: string;
  readonly existingVenue: string;
  readonly orNewVenue: string;
  readonly venueName: string;
  readonly venueAddress: string;
  readonly venueCity: string;
  readonly organizer: string;
  readonly existingOrganizer: string;
  readonly orNewOrganizer: string;
  readonly organizerName: string;
  readonly organizerEmail: string;
  readonly noneChosen: string;
  /** The honeypot's label, which only robots and people without the stylesheet see. */
  readonly trap: string;
  readonly submit: string;
  readonly formErrors: string;
  readonly errorRequired: string;
  readonly errorDate: string;
  readonly errorTime: string;
  readonly errorChoice: string;
  readonly errorEither: string;
  readonly thanksTitle: string;
  readonly thanksText: string;
  readonly submitAnother: string;
  /** An address past the daily cap of proposals (429; decision 0095). */
  readonly dailyLimit: string;
  /** The proof of work (decision 0095): missing, wrong or spent; asked without script; being computed. */
  readonly errorProof: string;
  readonly proofNeedsScript: string;
  readonly proofWorking: string;
}

const EN: Messages = {
  calendar: 'Events',
  skipToContent: 'Skip to content',
  views: 'Calendar views',
  list: 'List',
  month: 'Month',
  today: 'Today',
  upcoming: 'Upcoming events',
  noEvents: 'There are no events to show.',
  search: 'Search events',
  filter: 'Find events',
  clearFilters: 'Clear filters',
  filters: 'Event filters',
  previousPage: 'Previous events',
  nextPage: 'Next events',
  pagination: 'Pages of events',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousDay: 'Previous day',
  nextDay: 'Next day',
  moreEvents: 'There are more events this month than the grid shows: see them all in the list.',
  moreOnDay: '+ %d more',
  allDay: 'All day',
  when: 'When',
  where: 'Where',
  cost: 'Cost',
  organizers: 'Organizers',
  categories: 'Categories',
  tags: 'Tags',
  website: 'Website',
  map: 'Map (OpenStreetMap)',
  addToCalendar: 'Add to calendar',
  downloadIcs: 'Download .ics',
  downloadSeriesIcs: 'Download the whole series (.ics)',
  googleCalendar: 'Google Calendar',
  previousEvent: 'Previous event',
  nextEvent: 'Next event',
  eventNavigation: 'More events',
  timeZone: 'Time zone',
  breadcrumbs: 'Breadcrumb',
  searchAndViews: 'Search and views',
  chooseDate: 'Choose a date',
  go: 'Go',
  protectedTitle: 'Protected event',
  protectedText: 'This event is protected. Enter its password to see it.',
  password: 'Password',
  enter: 'Enter',
  wrongPassword: 'That password is not right.',
  notFound: 'This page does not exist.',
  gone: 'This event is no longer available.',
  badRequest: 'This request cannot be answered:',
  somethingWrong: 'Something went wrong',
  tooLarge: 'The file sent is too large.',
  tooManyRequests: 'Too many submissions from your address: please try again in a few minutes.',
  eventsAt: 'Upcoming events at this venue',
  eventsBy: 'Upcoming events by this organizer',
  phone: 'Phone',
  email: 'E-mail',
  day: 'Day',
  now: 'Now',
  calendarNavigation: 'Dates shown',
  subscribe: 'Subscribe to calendar',
  iCalendar: 'iCalendar',
  outlook365: 'Outlook 365',
  outlookLive: 'Outlook Live',
  exportIcs: 'Export .ics file',
  week: 'Week',
  thisMonth: 'This month',
  thisWeek: 'This week',
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  moreEventsWeek: 'There are more events this week than the grid shows: see them all in the list.',
  noEventsThisDay: 'There are no events on this day.',
  jumpToNext: 'Jump to the next upcoming events',
  allEvents: 'All events',
  details: 'Details',
  venue: 'Venue',
  venues: 'Venues',
  organizer: 'Organizer',
  googleMap: 'Map (Google Maps)',
  seriesNotice: 'This event is one date of a series. Other dates:',
  allDates: 'See all dates of this event',
  allDatesOf: 'All dates:',
  community: {
    title: 'Submit an event',
    intro: 'Propose an event for the calendar. An editor reviews every proposal before it is published.',
    event: 'Event',
    eventTitle: 'Event title',
    description: 'Description',
    descriptionHint: 'Plain text; leave a blank line between paragraphs.',
    startDate: 'Start date',
    startTime: 'Start time',
    endDate: 'End date',
    endDateHint: 'Leave empty when it ends the same day.',
    endTime: 'End time',
    allDay: 'All-day event (no times)',
    category: 'Category',
    image: 'Image (optional)',
    imageHint: 'A JPEG, PNG, WebP or GIF file.',
    altText: 'What the image shows (for people who cannot see it)',
    venue: 'Venue',
    existingVenue: 'Choose a venue',
    orNewVenue: 'Or enter a new venue:',
    venueName: 'Venue name',
    venueAddress: 'Street address',
    venueCity: 'City',
    organizer: 'Organizer',
    existingOrganizer: 'Choose an organizer',
    orNewOrganizer: 'Or enter a new organizer:',
    organizerName: 'Organizer name',
    organizerEmail: 'Organizer e-mail',
    noneChosen: '(none)',
    trap: 'Leave this field empty',
    submit: 'Submit event',
    formErrors: 'The event was not submitted: please correct these fields.',
    errorRequired: 'This field is required.',
    errorDate: 'Enter a date as YYYY-MM-DD.',
    errorTime: 'Enter a time as HH:MM.',
    errorChoice: 'Choose one of the listed options.',
    errorEither: 'Choose an existing one or enter a new one, not both.',
    thanksTitle: 'Thank you',
    thanksText: 'Your event was received. An editor will review it before it appears in the calendar.',
    submitAnother: 'Submit another event',
    dailyLimit: 'Your address has sent as many proposals as one day allows: please try again tomorrow.',
    errorProof:
      'Your browser did not send the check that protects this form from robots: make sure JavaScript is on, then send the form again.',
    proofNeedsScript: 'This form needs JavaScript: your browser does a short check that protects it from robots.',
    proofWorking: 'Checking your browser before sending…',
  },
  rsvp: RSVP_EN,
};

const FR: Messages = {
  rsvp: RSVP_FR,
  calendar: 'Événements',
  skipToContent: 'Aller au contenu',
  views: 'Vues du calendrier',
  list: 'Liste',
  month: 'Mois',
  today: 'Aujourd’hui',
  upcoming: 'Événements à venir',
  noEvents: 'Aucun événement à afficher.',
  search: 'Rechercher des événements',
  filter: 'Trouver des événements',
  clearFilters: 'Effacer les filtres',
  filters: 'Filtres des événements',
  previousPage: 'Événements précédents',
  nextPage: 'Événements suivants',
  pagination: 'Pages d’événements',
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  previousDay: 'Jour précédent',
  nextDay: 'Jour suivant',
  moreEvents: 'Ce mois compte plus d’événements que la grille n’en montre : voyez-les tous dans la liste.',
  moreOnDay: '+ %d de plus',
  allDay: 'Toute la journée',
  when: 'Quand',
  where: 'Où',
  cost: 'Prix',
  organizers: 'Organisateurs',
  categories: 'Catégories',
  tags: 'Étiquettes',
  website: 'Site web',
  map: 'Carte (OpenStreetMap)',
  addToCalendar: 'Ajouter au calendrier',
  downloadIcs: 'Télécharger le .ics',
  downloadSeriesIcs: 'Télécharger toute la série (.ics)',
  googleCalendar: 'Google Agenda',
  previousEvent: 'Événement précédent',
  nextEvent: 'Événement suivant',
  eventNavigation: 'Autres événements',
  timeZone: 'Fuseau horaire',
  breadcrumbs: 'Fil d’Ariane',
  searchAndViews: 'Recherche et vues',
  chooseDate: 'Choisir une date',
  go: 'Aller',
  protectedTitle: 'Événement protégé',
  protectedText: 'Cet événement est protégé. Saisissez son mot de passe pour le voir.',
  password: 'Mot de passe',
  enter: 'Valider',
  wrongPassword: 'Ce mot de passe est incorrect.',
  notFound: 'Cette page n’existe pas.',
  gone: 'Cet événement n’est plus disponible.',
  badRequest: 'Cette requête ne peut pas aboutir :',
  somethingWrong: 'Une erreur est survenue',
  tooLarge: 'Le fichier envoyé est trop volumineux.',
  tooManyRequests: 'Trop d’envois depuis votre adresse : réessayez dans quelques minutes.',
  eventsAt: 'Événements à venir dans ce lieu',
  eventsBy: 'Événements à venir de cet organisateur',
  phone: 'Téléphone',
  email: 'Courriel',
  day: 'Jour',
  now: 'Maintenant',
  calendarNavigation: 'Dates affichées',
  subscribe: 'S’abonner au calendrier',
  iCalendar: 'iCalendar',
  outlook365: 'Outlook 365',
  outlookLive: 'Outlook Live',
  exportIcs: 'Exporter le fichier .ics',
  week: 'Semaine',
  thisMonth: 'Ce mois-ci',
  thisWeek: 'Cette semaine',
  previousWeek: 'Semaine précédente',
  nextWeek: 'Semaine suivante',
  moreEventsWeek: 'Cette semaine compte plus d’événements que la grille n’en montre : voyez-les tous dans la liste.',
  noEventsThisDay: 'Aucun événement ce jour-là.',
  jumpToNext: 'Aller aux prochains événements',
  allEvents: 'Tous les événements',
  details: 'Détails',
  venue: 'Lieu',
  venues: 'Lieux',
  organizer: 'Organisateur',
  googleMap: 'Carte (Google Maps)',
  seriesNotice: 'Cet événement est une date d’une série. Autres dates :',
  allDates: 'Voir toutes les dates de cet événement',
  allDatesOf: 'Toutes les dates :',
  community: {
    title: 'Proposer un événement',
    intro: 'Proposez un événement pour le calendrier. Chaque proposition est relue avant d’être publiée.',
    event: 'Événement',
    eventTitle: 'Titre de l’événement',
    description: 'Description',
    descriptionHint: 'Texte simple ; laissez une ligne vide entre les paragraphes.',
    startDate: 'Date de début',
    startTime: 'Heure de début',
    endDate: 'Date de fin',
    endDateHint: 'Laissez vide s’il se termine le même jour.',
    endTime: 'Heure de fin',
    allDay: 'Toute la journée (sans heures)',
    category: 'Catégorie',
    image: 'Image (facultative)',
    imageHint: 'Un fichier JPEG, PNG, WebP ou GIF.',
    altText: 'Ce que montre l’image (pour qui ne peut pas la voir)',
    venue: 'Lieu',
    existingVenue: 'Choisir un lieu',
    orNewVenue: 'Ou saisir un nouveau lieu :',
    venueName: 'Nom du lieu',
    venueAddress: 'Adresse',
    venueCity: 'Ville',
    organizer: 'Organisateur',
    existingOrganizer: 'Choisir un organisateur',
    orNewOrganizer: 'Ou saisir un nouvel organisateur :',
    organizerName: 'Nom de l’organisateur',
    organizerEmail: 'Courriel de l’organisateur',
    noneChosen: '(aucun)',
    trap: 'Laissez ce champ vide',
    submit: 'Envoyer l’événement',
    formErrors: 'L’événement n’a pas été envoyé : corrigez ces champs.',
    errorRequired: 'Ce champ est obligatoire.',
    errorDate: 'Saisissez une date au format AAAA-MM-JJ.',
    errorTime: 'Saisissez une heure au format HH:MM.',
    errorChoice: 'Choisissez une des options proposées.',
    errorEither: 'Choisissez un élément existant ou saisissez-en un nouveau, pas les deux.',
    thanksTitle: 'Merci',
    thanksText: 'Votre événement a été reçu. Il sera relu avant d’apparaître dans le calendrier.',
    submitAnother: 'Proposer un autre événement',
    dailyLimit: 'Votre adresse a envoyé autant de propositions qu’une journée en permet : réessayez demain.',
    errorProof:
      'Votre navigateur n’a pas envoyé la vérification qui protège ce formulaire des robots : activez JavaScript, puis envoyez à nouveau le formulaire.',
    proofNeedsScript:
      'Ce formulaire a besoin de JavaScript : votre navigateur fait une courte vérification qui le protège des robots.',
    proofWorking: 'Vérification de votre navigateur avant l’envoi…',
  },
};

const DE: Messages = {
  ...EN,
  rsvp: RSVP_DE,
  calendar: 'Veranstaltungen',
  skipToContent: 'Zum Inhalt springen',
  views: 'Kalenderansichten',
  list: 'Liste',
  month: 'Monat',
  today: 'Heute',
  upcoming: 'Kommende Veranstaltungen',
  noEvents: 'Keine Veranstaltungen vorhanden.',
  search: 'Veranstaltungen suchen',
  filter: 'Veranstaltungen finden',
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  allDay: 'Ganztägig',
  when: 'Wann',
  where: 'Wo',
  cost: 'Preis',
  organizers: 'Veranstalter',
  categories: 'Kategorien',
  tags: 'Schlagwörter',
  addToCalendar: 'Zum Kalender hinzufügen',
  timeZone: 'Zeitzone',
  breadcrumbs: 'Brotkrümelnavigation',
  searchAndViews: 'Suche und Ansichten',
  chooseDate: 'Datum wählen',
  go: 'Los',
  password: 'Passwort',
  day: 'Tag',
  now: 'Jetzt',
  calendarNavigation: 'Angezeigte Daten',
  subscribe: 'Kalender abonnieren',
  exportIcs: '.ics-Datei exportieren',
  previousDay: 'Vorheriger Tag',
  nextDay: 'Nächster Tag',
  previousPage: 'Vorherige Veranstaltungen',
  nextPage: 'Nächste Veranstaltungen',
  week: 'Woche',
  thisMonth: 'Dieser Monat',
  thisWeek: 'Diese Woche',
  previousWeek: 'Vorherige Woche',
  nextWeek: 'Nächste Woche',
  moreEventsWeek: 'Diese Woche hat mehr Veranstaltungen, als das Raster zeigt: alle in der Liste.',
  moreOnDay: '+ %d weitere',
  tooLarge: 'Die gesendete Datei ist zu groß.',
  tooManyRequests: 'Zu viele Einsendungen von Ihrer Adresse: Bitte versuchen Sie es in einigen Minuten erneut.',
  noEventsThisDay: 'An diesem Tag gibt es keine Veranstaltungen.',
  jumpToNext: 'Zu den nächsten Veranstaltungen',
};

const ES: Messages = {
  ...EN,
  rsvp: RSVP_ES,
  calendar: 'Eventos',
  skipToContent: 'Saltar al contenido',
  views: 'Vistas del calendario',
  list: 'Lista',
  month: 'Mes',
  today: 'Hoy',
  upcoming: 'Próximos eventos',
  noEvents: 'No hay eventos que mostrar.',
  search: 'Buscar eventos',
  filter: 'Buscar',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  allDay: 'Todo el día',
  when: 'Cuándo',
  where: 'Dónde',
  cost: 'Precio',
  organizers: 'Organizadores',
  categories: 'Categorías',
  tags: 'Etiquetas',
  addToCalendar: 'Añadir al calendario',
  timeZone: 'Zona horaria',
  breadcrumbs: 'Ruta de navegación',
  searchAndViews: 'Búsqueda y vistas',
  chooseDate: 'Elegir una fecha',
  go: 'Ir',
  password: 'Contraseña',
  day: 'Día',
  now: 'Ahora',
  calendarNavigation: 'Fechas mostradas',
  subscribe: 'Suscribirse al calendario',
  exportIcs: 'Exportar archivo .ics',
  previousDay: 'Día anterior',
  nextDay: 'Día siguiente',
  previousPage: 'Eventos anteriores',
  nextPage: 'Eventos siguientes',
  week: 'Semana',
  thisMonth: 'Este mes',
  thisWeek: 'Esta semana',
  previousWeek: 'Semana anterior',
  nextWeek: 'Semana siguiente',
  moreEventsWeek: 'Esta semana tiene más eventos de los que muestra la cuadrícula: véalos todos en la lista.',
  moreOnDay: '+ %d más',
  tooLarge: 'El archivo enviado es demasiado grande.',
  tooManyRequests: 'Demasiados envíos desde su dirección: inténtelo de nuevo en unos minutos.',
  noEventsThisDay: 'No hay eventos este día.',
  jumpToNext: 'Ir a los próximos eventos',
};

const BY_LANGUAGE: WordsByLanguage<Messages> = { en: EN, fr: FR, de: DE, es: ES };

export const messagesFor = (language: LanguageCode): Messages => wordsIn(BY_LANGUAGE, language);

/** The BCP 47 tag of a language code, for `lang` attributes and Intl (`pt-pt` → `pt-PT`). */
export function localeOf(language: LanguageCode): string {
  const [base, region] = language.split('-');
  return region === undefined ? base! : `${base}-${region.toUpperCase()}`;
}
