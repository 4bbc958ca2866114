import { addWords } from './i18n.ts';

/*
 * The words of the review queue's community submissions (decision 0095): imported by that screen's
 * module only, so they load with it. Every language lists every word (the type says so).
 */

const EN = {
  sentFrom: 'Sent from {address}',
  rejectAllFrom: 'Reject all from {address}',
  confirmRejectAll:
    'Move every pending submission from {address} to the trash, with the new venues and organizers only they use?',
  rejectedAll: 'Moved to the trash from {address}: {events} events, {venues} venues, {organizers} organizers.',
};

export type ReviewWordKey = keyof typeof EN;
type Words = Readonly<Record<ReviewWordKey, string>>;

const FR: Words = {
  sentFrom: 'Envoyé depuis {address}',
  rejectAllFrom: 'Rejeter tout ce qui vient de {address}',
  confirmRejectAll:
    'Mettre à la corbeille toutes les propositions en attente venues de {address}, avec les nouveaux lieux et organisateurs qu’elles seules utilisent ?',
  rejectedAll: 'Mis à la corbeille depuis {address} : {events} évènements, {venues} lieux, {organizers} organisateurs.',
};

const DE: Words = {
  sentFrom: 'Gesendet von {address}',
  rejectAllFrom: 'Alles von {address} ablehnen',
  confirmRejectAll:
    'Alle wartenden Einsendungen von {address} in den Papierkorb legen, mit den neuen Orten und Veranstaltern, die nur sie verwenden?',
  rejectedAll:
    'Von {address} in den Papierkorb gelegt: {events} Veranstaltungen, {venues} Orte, {organizers} Veranstalter.',
};

const ES: Words = {
  sentFrom: 'Enviado desde {address}',
  rejectAllFrom: 'Rechazar todo lo de {address}',
  confirmRejectAll:
    '¿Mover a la papelera todas las propuestas pendientes de {address}, con los lugares y organizadores nuevos que solo ellas usan?',
  rejectedAll: 'Movido a la papelera desde {address}: {events} eventos, {venues} lugares, {organizers} organizadores.',
};

addWords({ en: EN, fr: FR, de: DE, es: ES });
