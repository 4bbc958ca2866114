/*
 * The words of the RSVP form on an event's page, of its confirmation and of the page of an RSVP's
 * changes (issue 46; decisions 0125, 0126), per language, as `messages.ts` holds the rest of the
 * public pages' words. The RSVP e-mails' words are in `tickets/rsvp-mail-words.ts` (decision 0135).
 */

export interface RsvpMessages {
  readonly heading: string;
  readonly going: string;
  readonly notGoing: string;
  readonly answer: string;
  readonly name: string;
  readonly email: string;
  readonly quantity: string;
  /** `%d`: how many places are left. */
  readonly placesLeft: string;
  readonly unlimited: string;
  readonly full: string;
  readonly fullWaitlist: string;
  readonly joinWaitlist: string;
  readonly send: string;
  readonly choose: string;
  readonly optional: string;
  /** `%s`: when the sale starts (the site's zone). */
  readonly saleStarts: string;
  readonly saleEnded: string;
  readonly price: string;
  readonly buy: string;
  readonly noCheckout: string;
  readonly problems: string;
  readonly badEmail: string;
  readonly noName: string;
  readonly badQuantity: string;
  /** `%d`: how many places are left. */
  readonly notEnough: string;
  /** A ticket's questions not answered as asked; `%s`: the service's detail (in English). */
  readonly badAnswers: string;
  readonly saleClosed: string;
  readonly trap: string;
  readonly yourRsvp: string;
  /** `%s`: the address the confirmation went to. */
  readonly sent: string;
  readonly changed: string;
  readonly cancelled: string;
  /** `%d`: places. */
  readonly stateGoing: string;
  /** `%d`: places. */
  readonly stateWaitlisted: string;
  readonly stateNotGoing: string;
  readonly stateCancelled: string;
  readonly event: string;
  readonly ticket: string;
  readonly keepLink: string;
  readonly change: string;
  readonly save: string;
  readonly cancel: string;
  readonly cancelHint: string;
  readonly promoted: string;
  readonly linkInvalid: string;
  readonly linkExpired: string;
  readonly gone: string;
  readonly alreadyCancelled: string;
}

/** English words of the RSVP form; a language without its own uses them. */
export const RSVP_EN: RsvpMessages = {
  heading: 'RSVP',
  going: 'Going',
  notGoing: 'Not going',
  answer: 'Are you going?',
  name: 'Name',
  email: 'E-mail',
  quantity: 'How many places',
  placesLeft: '%d places left',
  unlimited: 'Places available',
  full: 'This ticket is full.',
  fullWaitlist: 'This ticket is full: join the waitlist, and we will write when a place is yours.',
  joinWaitlist: 'Join the waitlist',
  send: 'RSVP',
  choose: 'Choose…',
  optional: '(optional)',
  saleStarts: 'RSVPs open on %s.',
  saleEnded: 'RSVPs are closed.',
  price: 'Price',
  buy: 'Buy',
  noCheckout: 'Tickets are sold on another site.',
  problems: 'Your RSVP was not sent:',
  badEmail: 'Enter a valid e-mail address, such as name@example.org.',
  noName: 'Enter your name.',
  badQuantity: 'Enter a number of places from 1.',
  notEnough: 'Not that many places are left: %d.',
  badAnswers: '%s',
  saleClosed: 'RSVPs for this ticket are not open.',
  trap: 'Leave this field empty',
  yourRsvp: 'Your RSVP',
  sent: 'Thank you! A confirmation is on its way to %s.',
  changed: 'Your RSVP is changed.',
  cancelled: 'Your RSVP is cancelled.',
  stateGoing: 'You are going: %d place(s).',
  stateWaitlisted: 'You are on the waitlist for %d place(s).',
  stateNotGoing: 'You answered that you are not going.',
  stateCancelled: 'This RSVP is cancelled.',
  event: 'Event',
  ticket: 'Ticket',
  keepLink:
    "Keep this page's address (it is in your e-mail too): it lets you change or cancel your RSVP without an account.",
  change: 'Change your RSVP',
  save: 'Save changes',
  cancel: 'Cancel my RSVP',
  cancelHint: 'Your places go to others, and to the waitlist first.',
  promoted: 'The places you freed went to the waitlist.',
  linkInvalid: 'This link to an RSVP is not valid: check that it is the whole address from your e-mail.',
  linkExpired: 'This link to an RSVP has expired.',
  gone: 'This RSVP no longer exists.',
  alreadyCancelled: "This RSVP is already cancelled: RSVP again from the event's page.",
};

export const RSVP_FR: RsvpMessages = {
  heading: 'Inscription',
  going: 'Je viens',
  notGoing: 'Je ne viens pas',
  answer: 'Serez-vous présent ?',
  name: 'Nom',
  email: 'Adresse e-mail',
  quantity: 'Nombre de places',
  placesLeft: 'Places restantes : %d',
  unlimited: 'Places disponibles',
  full: 'Ce billet est complet.',
  fullWaitlist:
    'Ce billet est complet : inscrivez-vous sur la liste d’attente, nous vous écrirons dès qu’une place se libère pour vous.',
  joinWaitlist: 'M’inscrire sur la liste d’attente',
  send: 'Envoyer ma réponse',
  choose: 'Choisir…',
  optional: '(facultatif)',
  saleStarts: 'Les inscriptions ouvrent le %s.',
  saleEnded: 'Les inscriptions sont closes.',
  price: 'Prix',
  buy: 'Acheter',
  noCheckout: 'Les billets sont vendus sur un autre site.',
  problems: 'Votre réponse n’a pas été envoyée :',
  badEmail: 'Saisissez une adresse e-mail valide, par exemple nom@example.org.',
  noName: 'Saisissez votre nom.',
  badQuantity: 'Saisissez un nombre de places à partir de 1.',
  notEnough: 'Il ne reste pas autant de places : %d.',
  badAnswers: 'Vérifiez vos réponses aux questions du billet.',
  saleClosed: 'Les inscriptions à ce billet ne sont pas ouvertes.',
  trap: 'Laissez ce champ vide',
  yourRsvp: 'Votre inscription',
  sent: 'Merci ! Une confirmation est en route vers %s.',
  changed: 'Votre inscription est modifiée.',
  cancelled: 'Votre inscription est annulée.',
  stateGoing: 'Vous venez : %d place(s).',
  stateWaitlisted: 'Vous êtes sur la liste d’attente pour %d place(s).',
  stateNotGoing: 'Vous avez répondu que vous ne venez pas.',
  stateCancelled: 'Cette inscription est annulée.',
  event: 'Événement',
  ticket: 'Billet',
  keepLink:
    'Conservez l’adresse de cette page (elle figure aussi dans votre e-mail) : elle vous permet de modifier ou d’annuler votre inscription sans compte.',
  change: 'Modifier votre inscription',
  save: 'Enregistrer les modifications',
  cancel: 'Annuler mon inscription',
  cancelHint: 'Vos places iront à d’autres personnes, en priorité à la liste d’attente.',
  promoted: 'Les places que vous avez libérées sont allées à la liste d’attente.',
  linkInvalid:
    'Ce lien vers une inscription n’est pas valide : vérifiez qu’il s’agit bien de l’adresse complète de votre e-mail.',
  linkExpired: 'Ce lien vers une inscription a expiré.',
  gone: 'Cette inscription n’existe plus.',
  alreadyCancelled: 'Cette inscription est déjà annulée : inscrivez-vous à nouveau depuis la page de l’événement.',
};

export const RSVP_DE: RsvpMessages = {
  heading: 'Anmeldung',
  going: 'Ich komme',
  notGoing: 'Ich komme nicht',
  answer: 'Kommen Sie?',
  name: 'Name',
  email: 'E-Mail-Adresse',
  quantity: 'Anzahl der Plätze',
  placesLeft: 'Noch %d Plätze frei',
  unlimited: 'Plätze verfügbar',
  full: 'Dieses Ticket ist ausgebucht.',
  fullWaitlist:
    'Dieses Ticket ist ausgebucht: Tragen Sie sich in die Warteliste ein, wir schreiben Ihnen, sobald ein Platz für Sie frei wird.',
  joinWaitlist: 'Auf die Warteliste setzen',
  send: 'Antwort senden',
  choose: 'Bitte wählen…',
  optional: '(optional)',
  saleStarts: 'Anmeldungen sind ab %s möglich.',
  saleEnded: 'Die Anmeldung ist geschlossen.',
  price: 'Preis',
  buy: 'Kaufen',
  noCheckout: 'Tickets werden auf einer anderen Website verkauft.',
  problems: 'Ihre Antwort wurde nicht gesendet:',
  badEmail: 'Geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@example.org.',
  noName: 'Geben Sie Ihren Namen ein.',
  badQuantity: 'Geben Sie eine Anzahl von Plätzen ab 1 ein.',
  notEnough: 'So viele Plätze sind nicht mehr frei: %d.',
  badAnswers: 'Bitte prüfen Sie Ihre Antworten auf die Fragen des Tickets.',
  saleClosed: 'Die Anmeldung für dieses Ticket ist nicht geöffnet.',
  trap: 'Dieses Feld leer lassen',
  yourRsvp: 'Ihre Anmeldung',
  sent: 'Vielen Dank! Eine Bestätigung ist unterwegs an %s.',
  changed: 'Ihre Anmeldung wurde geändert.',
  cancelled: 'Ihre Anmeldung wurde storniert.',
  stateGoing: 'Sie kommen: %d Platz/Plätze.',
  stateWaitlisted: 'Sie stehen mit %d Platz/Plätzen auf der Warteliste.',
  stateNotGoing: 'Sie haben geantwortet, dass Sie nicht kommen.',
  stateCancelled: 'Diese Anmeldung ist storniert.',
  event: 'Veranstaltung',
  ticket: 'Ticket',
  keepLink:
    'Bewahren Sie die Adresse dieser Seite auf (sie steht auch in Ihrer E-Mail): Damit können Sie Ihre Anmeldung ohne Konto ändern oder stornieren.',
  change: 'Anmeldung ändern',
  save: 'Änderungen speichern',
  cancel: 'Meine Anmeldung stornieren',
  cancelHint: 'Ihre Plätze gehen an andere, zuerst an die Warteliste.',
  promoted: 'Die freigegebenen Plätze sind an die Warteliste gegangen.',
  linkInvalid:
    'Dieser Link zu einer Anmeldung ist ungültig: Prüfen Sie, ob es die vollständige Adresse aus Ihrer E-Mail ist.',
  linkExpired: 'Dieser Link zu einer Anmeldung ist abgelaufen.',
  gone: 'Diese Anmeldung gibt es nicht mehr.',
  alreadyCancelled: 'Diese Anmeldung ist bereits storniert: Melden Sie sich auf der Seite der Veranstaltung erneut an.',
};

export const RSVP_ES: RsvpMessages = {
  heading: 'Inscripción',
  going: 'Asistiré',
  notGoing: 'No asistiré',
  answer: '¿Asistirá?',
  name: 'Nombre',
  email: 'Correo electrónico',
  quantity: 'Número de plazas',
  placesLeft: 'Quedan %d plazas',
  unlimited: 'Plazas disponibles',
  full: 'Esta entrada está agotada.',
  fullWaitlist:
    'Esta entrada está agotada: apúntese a la lista de espera y le escribiremos cuando haya una plaza para usted.',
  joinWaitlist: 'Apuntarme a la lista de espera',
  send: 'Enviar respuesta',
  choose: 'Elija…',
  optional: '(opcional)',
  saleStarts: 'Las inscripciones se abren el %s.',
  saleEnded: 'Las inscripciones están cerradas.',
  price: 'Precio',
  buy: 'Comprar',
  noCheckout: 'Las entradas se venden en otro sitio.',
  problems: 'Su respuesta no se ha enviado:',
  badEmail: 'Introduzca una dirección de correo válida, por ejemplo nombre@example.org.',
  noName: 'Introduzca su nombre.',
  badQuantity: 'Introduzca un número de plazas a partir de 1.',
  notEnough: 'No quedan tantas plazas: %d.',
  badAnswers: 'Revise sus respuestas a las preguntas de la entrada.',
  saleClosed: 'Las inscripciones para esta entrada no están abiertas.',
  trap: 'Deje este campo vacío',
  yourRsvp: 'Su inscripción',
  sent: '¡Gracias! Le hemos enviado una confirmación a %s.',
  changed: 'Su inscripción se ha modificado.',
  cancelled: 'Su inscripción se ha cancelado.',
  stateGoing: 'Asistirá: %d plaza(s).',
  stateWaitlisted: 'Está en la lista de espera para %d plaza(s).',
  stateNotGoing: 'Ha respondido que no asistirá.',
  stateCancelled: 'Esta inscripción está cancelada.',
  event: 'Evento',
  ticket: 'Entrada',
  keepLink:
    'Guarde la dirección de esta página (también está en su correo): le permite modificar o cancelar su inscripción sin una cuenta.',
  change: 'Modificar su inscripción',
  save: 'Guardar cambios',
  cancel: 'Cancelar mi inscripción',
  cancelHint: 'Sus plazas pasarán a otras personas, primero a la lista de espera.',
  promoted: 'Las plazas que ha liberado han pasado a la lista de espera.',
  linkInvalid: 'Este enlace a una inscripción no es válido: compruebe que es la dirección completa de su correo.',
  linkExpired: 'Este enlace a una inscripción ha caducado.',
  gone: 'Esta inscripción ya no existe.',
  alreadyCancelled: 'Esta inscripción ya está cancelada: vuelva a inscribirse desde la página del evento.',
};
