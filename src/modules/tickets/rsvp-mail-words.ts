import { wordsIn, type LanguageCode, type WordsByLanguage } from '../../languages.ts';

/*
 * The words of an RSVP's messages (decisions 0111, 0125, 0126), per language (decision 0135), as
 * `pages/rsvp-messages.ts` holds the RSVP form's: the site's language, the event's title and its
 * `.ics` are already in it. A language without its own list falls back to English, as the pages
 * do. A count of places is never below 1, so "one" against "more" is each language's plural.
 */

export interface RsvpMailWords {
  /** Subjects; `title` is the event's. */
  readonly subject: (title: string) => string;
  readonly declinedSubject: (title: string) => string;
  readonly waitlistSubject: (title: string) => string;
  readonly promotedSubject: (title: string) => string;
  readonly greeting: (name: string) => string;
  /** The line under the greeting, by the RSVP's state. */
  readonly going: (places: number) => string;
  readonly notGoing: string;
  readonly waitlisted: (places: number) => string;
  readonly promoted: (places: number) => string;
  readonly ticket: (name: string) => string;
  /** The words beside a seat's QR code, `place` of `places` (from 1). */
  readonly qrCaption: (place: number, places: number) => string;
  /** The link to the RSVP's page of changes. */
  readonly manage: string;
}

const EN: RsvpMailWords = {
  subject: (title) => `You're going: ${title}`,
  declinedSubject: (title) => `Your answer: ${title}`,
  waitlistSubject: (title) => `You're on the waitlist: ${title}`,
  promotedSubject: (title) => `A place is yours: ${title}`,
  greeting: (name) => `Hello ${name},`,
  going: (places) => (places === 1 ? 'your place is booked.' : `your ${places} places are booked.`),
  notGoing: 'we have your answer: you are not going.',
  waitlisted: (places) =>
    `the event is full: you are on its waitlist for ${places === 1 ? 'one place' : `${places} places`}. We will write when a place is yours.`,
  promoted: (places) =>
    `places were freed: ${places === 1 ? 'your place is booked' : `your ${places} places are booked`} from the waitlist.`,
  ticket: (name) => `Ticket: ${name}`,
  qrCaption: (place, places) =>
    places === 1 ? 'Show this code at the door' : `Place ${place} of ${places}: show this code at the door`,
  manage: 'Change or cancel your RSVP',
};

// French letters start the line after "Bonjour Ada," with a capital.
const FR: RsvpMailWords = {
  subject: (title) => `Inscription confirmée : ${title}`,
  declinedSubject: (title) => `Votre réponse : ${title}`,
  waitlistSubject: (title) => `Vous êtes sur la liste d’attente : ${title}`,
  promotedSubject: (title) => `Une place pour vous : ${title}`,
  greeting: (name) => `Bonjour ${name},`,
  going: (places) => (places === 1 ? 'Votre place est réservée.' : `Vos ${places} places sont réservées.`),
  notGoing: 'Nous avons bien reçu votre réponse : vous ne venez pas.',
  waitlisted: (places) =>
    `L’événement est complet : vous êtes sur sa liste d’attente pour ${places === 1 ? 'une place' : `${places} places`}. Nous vous écrirons dès qu’une place se libérera pour vous.`,
  promoted: (places) =>
    `Des places se sont libérées : ${places === 1 ? 'votre place, sur la liste d’attente, est maintenant réservée' : `vos ${places} places, sur la liste d’attente, sont maintenant réservées`}.`,
  ticket: (name) => `Billet : ${name}`,
  qrCaption: (place, places) =>
    places === 1 ? 'Présentez ce code à l’entrée' : `Place ${place} sur ${places} : présentez ce code à l’entrée`,
  manage: 'Modifier ou annuler votre inscription',
};

// German letters go on in lower case after "Hallo Ada," (the polite "Ihr" keeps its capital).
const DE: RsvpMailWords = {
  subject: (title) => `Sie sind angemeldet: ${title}`,
  declinedSubject: (title) => `Ihre Antwort: ${title}`,
  waitlistSubject: (title) => `Sie stehen auf der Warteliste: ${title}`,
  promotedSubject: (title) => `Ein Platz für Sie: ${title}`,
  greeting: (name) => `Hallo ${name},`,
  going: (places) => (places === 1 ? 'Ihr Platz ist reserviert.' : `Ihre ${places} Plätze sind reserviert.`),
  notGoing: 'wir haben Ihre Antwort erhalten: Sie kommen nicht.',
  waitlisted: (places) =>
    `die Veranstaltung ist ausgebucht: Sie stehen mit ${places === 1 ? 'einem Platz' : `${places} Plätzen`} auf der Warteliste. Wir schreiben Ihnen, sobald ein Platz für Sie frei wird.`,
  promoted: (places) =>
    `es sind Plätze frei geworden: ${places === 1 ? 'Ihr Platz von der Warteliste ist reserviert' : `Ihre ${places} Plätze von der Warteliste sind reserviert`}.`,
  ticket: (name) => `Ticket: ${name}`,
  qrCaption: (place, places) =>
    places === 1
      ? 'Zeigen Sie diesen Code am Eingang'
      : `Platz ${place} von ${places}: Zeigen Sie diesen Code am Eingang`,
  manage: 'Anmeldung ändern oder stornieren',
};

// Spanish letters greet with a colon ("Hola, Ada:") and start the next line with a capital.
const ES: RsvpMailWords = {
  subject: (title) => `Inscripción confirmada: ${title}`,
  declinedSubject: (title) => `Su respuesta: ${title}`,
  waitlistSubject: (title) => `Está en la lista de espera: ${title}`,
  promotedSubject: (title) => `Tiene una plaza: ${title}`,
  greeting: (name) => `Hola, ${name}:`,
  going: (places) => (places === 1 ? 'Su plaza está reservada.' : `Sus ${places} plazas están reservadas.`),
  notGoing: 'Hemos recibido su respuesta: no asistirá.',
  waitlisted: (places) =>
    `El evento está completo: está en su lista de espera para ${places === 1 ? 'una plaza' : `${places} plazas`}. Le escribiremos cuando haya una plaza para usted.`,
  promoted: (places) =>
    `Se han liberado plazas: ${places === 1 ? 'su plaza de la lista de espera está reservada' : `sus ${places} plazas de la lista de espera están reservadas`}.`,
  ticket: (name) => `Entrada: ${name}`,
  qrCaption: (place, places) =>
    places === 1
      ? 'Muestre este código en la entrada'
      : `Plaza ${place} de ${places}: muestre este código en la entrada`,
  manage: 'Modificar o cancelar su inscripción',
};

const BY_LANGUAGE: WordsByLanguage<RsvpMailWords> = { en: EN, fr: FR, de: DE, es: ES };

export const rsvpMailWords = (language: LanguageCode): RsvpMailWords => wordsIn(BY_LANGUAGE, language);
