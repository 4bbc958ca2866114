import { SETTINGS } from './api.ts';
import type { SiteImportWordKey } from './site-import-words.ts';
import type { ImportSourceWordKey } from './import-source-words.ts';
import type { ReviewWordKey } from './review-words.ts';
import type { MailWordKey } from './mail-words.ts';
import type { TicketWordKey } from './ticket-words.ts';
import type { UserWordKey } from './user-words.ts';
import { MORE_WORDS, type MoreKey } from './words.ts';

/*
 * The admin's own words in the languages of the public pages' catalogue (en, fr, de, es). The
 * language is the browser's first preference among these, else the site's default language, else
 * English (decision 0054); a missing word falls back to English.
 */

const EN = {
  calendarAdmin: 'Calendar admin',
  skipToContent: 'Skip to content',
  mainNavigation: 'Admin',
  events: 'Events',
  reviewQueue: 'Review queue',
  users: 'Users',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  yourAccount: 'Your account',
  name: 'Name',
  username: 'Username',
  email: 'Email',
  role: 'Role',
  loading: 'Loading…',
  notFound: 'There is no such screen.',
  notAllowed: 'Your role does not allow this screen.',
  somethingWrong: 'Something went wrong:',
  addEvent: 'Add event',
  downloadCsv: 'Download CSV',
  statusTabs: 'Events by status',
  statusAll: 'All',
  statusPublish: 'Published',
  statusFuture: 'Scheduled',
  statusDraft: 'Drafts',
  statusPending: 'Pending',
  statusPrivate: 'Private',
  statusTrash: 'Trash',
  search: 'Search',
  category: 'Category',
  tag: 'Tag',
  venue: 'Venue',
  organizer: 'Organizer',
  any: 'Any',
  from: 'From',
  to: 'To',
  filter: 'Filter',
  bulkActions: 'Bulk action',
  chooseAction: 'Choose…',
  apply: 'Apply',
  actionPublish: 'Publish',
  actionTrash: 'Move to trash',
  actionRestore: 'Restore',
  actionDelete: 'Delete permanently',
  confirmDelete: 'Delete {count} events permanently?',
  bulkDone: 'Done: {count} events.',
  bulkFailed: 'Some events were not changed:',
  noEvents: 'No events.',
  select: 'Select',
  selectEvent: 'Select {title}',
  title: 'Title',
  when: 'When',
  status: 'Status',
  publicPage: 'Public page',
  view: 'View',
  viewEvent: 'View {title}',
  pagination: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: 'Page {page} of {pages}',
  nothingToReview: 'Nothing waits for review.',
  sendBack: 'Send back',
  publishTitle: 'Publish {title}',
  sendBackTitle: 'Send back {title}',
  publishedTitle: 'Published: {title}',
  sentBackTitle: 'Sent back to draft: {title}',
  newEvent: 'New event',
  editEvent: 'Edit event',
  description: 'Description',
  excerpt: 'Excerpt',
  allDay: 'All day',
  startDate: 'Start date',
  startTime: 'Start time',
  endDate: 'End date',
  endTime: 'End time',
  timeZone: 'Time zone',
  recurrence: 'Recurrence',
  repeats: 'Repeats',
  doesNotRepeat: 'Does not repeat',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
  interval: 'Every how many',
  onDays: 'On days',
  monthlyBy: 'Monthly on',
  byDate: 'the same date',
  byWeekday: 'the {nth} {weekday} of the month',
  ends: 'Ends',
  endsNever: 'Never',
  endsAfter: 'After a number of times',
  endsOn: 'On a date',
  count: 'Number of times',
  until: 'Last date',
  excludedDates: 'Excluded dates (one YYYY-MM-DD a line)',
  extraDates: 'Extra dates (one YYYY-MM-DD a line)',
  nextDates: 'Next dates',
  venueSearch: 'Venue (type to search)',
  organizerSearch: 'Find organizers (type to search)',
  address: 'Address',
  city: 'City',
  organizers: 'Organizers',
  categories: 'Categories',
  newCategory: 'New category',
  tags: 'Tags (separated by commas)',
  cost: 'Cost',
  website: 'Website',
  featuredImage: 'Featured image',
  uploadImage: 'Upload an image',
  mediaLibrary: 'Or pick from the media library',
  noImage: 'No image',
  customFields: 'Custom fields',
  fieldKey: 'Key',
  fieldLabel: 'Label',
  fieldValue: 'Value',
  addField: 'Add a custom field',
  visibility: 'Status and visibility',
  publishDate: 'Publish on (for a scheduled event)',
  password: 'Password (protects the event)',
  save: 'Save',
  saved: 'Saved.',
  saveFailed: 'Not saved:',
  recurring: 'Recurring',
  scopeQuestion: 'This date is one of a series. Change…',
  scopeThis: 'this date only',
  scopeFollowing: 'this and the following dates',
  scopeAll: 'all dates',
  cancel: 'Cancel',
  conflict: 'Someone else changed this event since you opened it. Your changes were not saved. What changed:',
  reloadEvent: 'Load their version (your changes are lost)',
  unsavedChanges: 'You have unsaved changes. Leave anyway?',
  translationLanguage: 'Language of the text',
  fallbackShown: 'No {language} text yet: the fields show the original, which readers of {language} see.',
  editorToolbar: 'Formatting',
  bold: 'Bold',
  italic: 'Italic',
  bulletList: 'Bulleted list',
  currentImage: 'The featured image',
  customRule: 'Custom rule (RFC 5545 RRULE)',
  imageNumber: 'Image {id}',
  last: 'last',
  ordinals: 'first,second,third,fourth',
  newVenueHint: '“{name}” is a new venue: it is created with the event.',
  noTextYet: 'no text yet',
  noneYet: 'None yet.',
  nothingChanged: 'Nothing changed.',
  publishTime: 'Publish at',
  remove: 'Remove',
  removeField: 'Remove field {key}',
  removeImage: 'Remove the image',
  ruleNotValid: 'The calendar would refuse this recurrence:',
  saving: 'Saving…',
  submitForReview: 'Submit for review',
  uploaded: 'Uploaded.',
  uploading: 'Uploading…',
  sortBy: 'Sort by',
  sortDateAsc: 'Date, earliest first',
  sortDateDesc: 'Date, latest first',
  sortTitleAsc: 'Title, A to Z',
  sortTitleDesc: 'Title, Z to A',
  sortModifiedDesc: 'Last modified first',
  visibilityChoice: 'Visibility',
  visibilityPublic: 'Public',
  visibilityPassword: 'Password protected',
  passwordHint: 'Readers see only its title until they give it. Empty, the event is public.',
} as const;

export type MessageKey = keyof typeof EN | MoreKey | UserWordKey | SiteImportWordKey | ReviewWordKey | MailWordKey | ImportSourceWordKey | TicketWordKey;
type Catalogue = Partial<Record<MessageKey, string>>;

const FR: Catalogue = {
  calendarAdmin: 'Administration du calendrier', skipToContent: 'Aller au contenu', mainNavigation: 'Administration', events: 'Évènements', reviewQueue: 'À relire', users: 'Utilisateurs',
  signOut: 'Se déconnecter', signOutEverywhere: 'Se déconnecter partout', yourAccount: 'Votre compte', name: 'Nom', username: 'Identifiant', email: 'E-mail', role: 'Rôle',
  loading: 'Chargement…', notFound: 'Cet écran n’existe pas.', notAllowed: 'Votre rôle ne permet pas cet écran.', somethingWrong: 'Une erreur est survenue :',
  addEvent: 'Ajouter un évènement', downloadCsv: 'Télécharger en CSV', statusTabs: 'Évènements par état', statusAll: 'Tous', statusPublish: 'Publiés', statusFuture: 'Planifiés', statusDraft: 'Brouillons',
  statusPending: 'En attente', statusPrivate: 'Privés', statusTrash: 'Corbeille', search: 'Rechercher', category: 'Catégorie', tag: 'Étiquette', venue: 'Lieu',
  organizer: 'Organisateur', any: 'Tous', from: 'Du', to: 'Au', filter: 'Filtrer', bulkActions: 'Action groupée', chooseAction: 'Choisir…', apply: 'Appliquer',
  actionPublish: 'Publier', actionTrash: 'Mettre à la corbeille', actionRestore: 'Restaurer', actionDelete: 'Supprimer définitivement',
  confirmDelete: 'Supprimer définitivement {count} évènements ?', bulkDone: 'Fait : {count} évènements.', bulkFailed: 'Certains évènements n’ont pas été modifiés :',
  noEvents: 'Aucun évènement.', select: 'Sélectionner', selectEvent: 'Sélectionner {title}', title: 'Titre', when: 'Quand', status: 'État', publicPage: 'Page publique',
  view: 'Voir', viewEvent: 'Voir {title}', pagination: 'Pages', previousPage: 'Page précédente', nextPage: 'Page suivante', pageOf: 'Page {page} sur {pages}',
  nothingToReview: 'Rien à relire.', sendBack: 'Renvoyer', publishTitle: 'Publier {title}', sendBackTitle: 'Renvoyer {title}', publishedTitle: 'Publié : {title}',
  sentBackTitle: 'Renvoyé en brouillon : {title}', newEvent: 'Nouvel évènement', editEvent: 'Modifier l’évènement', description: 'Description', excerpt: 'Extrait',
  allDay: 'Toute la journée', startDate: 'Date de début', startTime: 'Heure de début', endDate: 'Date de fin', endTime: 'Heure de fin', timeZone: 'Fuseau horaire',
  recurrence: 'Récurrence', repeats: 'Répéter', doesNotRepeat: 'Ne se répète pas', daily: 'Chaque jour', weekly: 'Chaque semaine', monthly: 'Chaque mois', yearly: 'Chaque année',
  interval: 'Tous les combien', onDays: 'Les jours', monthlyBy: 'Chaque mois le', byDate: 'même quantième', byWeekday: '{nth} {weekday} du mois', ends: 'Fin',
  endsNever: 'Jamais', endsAfter: 'Après un nombre de fois', endsOn: 'À une date', count: 'Nombre de fois', until: 'Dernière date',
  excludedDates: 'Dates exclues (une AAAA-MM-JJ par ligne)', extraDates: 'Dates ajoutées (une AAAA-MM-JJ par ligne)', nextDates: 'Prochaines dates',
  venueSearch: 'Lieu (tapez pour chercher)', address: 'Adresse', city: 'Ville', organizers: 'Organisateurs', organizerSearch: 'Trouver des organisateurs (tapez pour chercher)', categories: 'Catégories',
  newCategory: 'Nouvelle catégorie', tags: 'Étiquettes (séparées par des virgules)', cost: 'Prix', website: 'Site web', featuredImage: 'Image mise en avant',
  uploadImage: 'Téléverser une image', mediaLibrary: 'Ou choisir dans la médiathèque', noImage: 'Aucune image', customFields: 'Champs personnalisés', fieldKey: 'Clé',
  fieldLabel: 'Libellé', fieldValue: 'Valeur', addField: 'Ajouter un champ', visibility: 'État et visibilité', publishDate: 'Publier le (évènement planifié)',
  password: 'Mot de passe (protège l’évènement)', save: 'Enregistrer', saved: 'Enregistré.', saveFailed: 'Non enregistré :', recurring: 'Récurrent', scopeQuestion: 'Cette date fait partie d’une série. Modifier…',
  scopeThis: 'cette date seulement', scopeFollowing: 'cette date et les suivantes', scopeAll: 'toutes les dates', cancel: 'Annuler',
  conflict: 'Quelqu’un a modifié cet évènement depuis que vous l’avez ouvert. Vos modifications n’ont pas été enregistrées. Ce qui a changé :',
  reloadEvent: 'Charger sa version (vos modifications sont perdues)', unsavedChanges: 'Des modifications ne sont pas enregistrées. Quitter quand même ?', translationLanguage: 'Langue du texte', fallbackShown: 'Pas encore de texte en {language} : les champs montrent l’original, que voient les lecteurs en {language}.',
  editorToolbar: 'Mise en forme', bold: 'Gras', italic: 'Italique', bulletList: 'Liste à puces',
  currentImage: 'L’image mise en avant', customRule: 'Règle personnalisée (RRULE RFC 5545)', imageNumber: 'Image {id}', last: 'dernier', ordinals: 'premier,deuxième,troisième,quatrième', newVenueHint: '« {name} » est un nouveau lieu : il est créé avec l’évènement.', noTextYet: 'pas encore de texte', noneYet: 'Aucun pour l’instant.', nothingChanged: 'Rien n’a changé.', publishTime: 'Publier à', remove: 'Retirer', removeField: 'Retirer le champ {key}', removeImage: 'Retirer l’image', ruleNotValid: 'Le calendrier refuserait cette récurrence :', saving: 'Enregistrement…', submitForReview: 'Soumettre à relecture', uploaded: 'Téléversé.', uploading: 'Téléversement…',
  sortBy: 'Trier par', sortDateAsc: 'Date, la plus ancienne d’abord', sortDateDesc: 'Date, la plus tardive d’abord', sortTitleAsc: 'Titre, de A à Z', sortTitleDesc: 'Titre, de Z à A', sortModifiedDesc: 'Dernière modification d’abord',
  visibilityChoice: 'Visibilité', visibilityPublic: 'Public', visibilityPassword: 'Protégé par mot de passe', passwordHint: 'Les lecteurs n’en voient que le titre tant qu’ils ne le donnent pas. Vide, l’évènement est public.',
};
const DE: Catalogue = {
  calendarAdmin: 'Kalender-Verwaltung', skipToContent: 'Zum Inhalt springen', mainNavigation: 'Verwaltung', events: 'Veranstaltungen', reviewQueue: 'Zur Prüfung', users: 'Benutzer',
  signOut: 'Abmelden', signOutEverywhere: 'Überall abmelden', yourAccount: 'Ihr Konto', name: 'Name', username: 'Benutzername', email: 'E-Mail', role: 'Rolle',
  loading: 'Wird geladen…', notFound: 'Diese Ansicht gibt es nicht.', notAllowed: 'Ihre Rolle erlaubt diese Ansicht nicht.', somethingWrong: 'Etwas ist schiefgegangen:',
  addEvent: 'Veranstaltung hinzufügen', downloadCsv: 'Als CSV herunterladen', statusTabs: 'Veranstaltungen nach Status', statusAll: 'Alle', statusPublish: 'Veröffentlicht', statusFuture: 'Geplant',
  statusDraft: 'Entwürfe', statusPending: 'Ausstehend', statusPrivate: 'Privat', statusTrash: 'Papierkorb', search: 'Suchen', category: 'Kategorie', tag: 'Schlagwort',
  venue: 'Veranstaltungsort', organizer: 'Veranstalter', any: 'Alle', from: 'Von', to: 'Bis', filter: 'Filtern', bulkActions: 'Mehrfachaktion', chooseAction: 'Auswählen…',
  apply: 'Anwenden', actionPublish: 'Veröffentlichen', actionTrash: 'In den Papierkorb', actionRestore: 'Wiederherstellen', actionDelete: 'Endgültig löschen',
  confirmDelete: '{count} Veranstaltungen endgültig löschen?', bulkDone: 'Erledigt: {count} Veranstaltungen.', bulkFailed: 'Einige Veranstaltungen wurden nicht geändert:',
  noEvents: 'Keine Veranstaltungen.', select: 'Auswählen', selectEvent: '{title} auswählen', title: 'Titel', when: 'Wann', status: 'Status', publicPage: 'Öffentliche Seite',
  view: 'Ansehen', viewEvent: '{title} ansehen', pagination: 'Seiten', previousPage: 'Vorherige Seite', nextPage: 'Nächste Seite', pageOf: 'Seite {page} von {pages}',
  nothingToReview: 'Nichts wartet auf Prüfung.', sendBack: 'Zurückschicken', publishTitle: '{title} veröffentlichen', sendBackTitle: '{title} zurückschicken',
  publishedTitle: 'Veröffentlicht: {title}', sentBackTitle: 'Als Entwurf zurückgeschickt: {title}', newEvent: 'Neue Veranstaltung', editEvent: 'Veranstaltung bearbeiten',
  description: 'Beschreibung', excerpt: 'Auszug', allDay: 'Ganztägig', startDate: 'Startdatum', startTime: 'Startzeit', endDate: 'Enddatum', endTime: 'Endzeit',
  timeZone: 'Zeitzone', recurrence: 'Wiederholung', repeats: 'Wiederholt sich', doesNotRepeat: 'Keine Wiederholung', daily: 'Täglich', weekly: 'Wöchentlich',
  monthly: 'Monatlich', yearly: 'Jährlich', interval: 'Alle wie viele', onDays: 'An Tagen', monthlyBy: 'Monatlich am', byDate: 'gleichen Datum',
  byWeekday: '{nth} {weekday} des Monats', ends: 'Endet', endsNever: 'Nie', endsAfter: 'Nach einer Anzahl', endsOn: 'An einem Datum', count: 'Anzahl', until: 'Letztes Datum',
  excludedDates: 'Ausgenommene Daten (ein JJJJ-MM-TT pro Zeile)', extraDates: 'Zusätzliche Daten (ein JJJJ-MM-TT pro Zeile)', nextDates: 'Nächste Termine',
  venueSearch: 'Veranstaltungsort (tippen zum Suchen)', address: 'Adresse', city: 'Stadt', organizers: 'Veranstalter', organizerSearch: 'Veranstalter finden (tippen zum Suchen)',
  categories: 'Kategorien', newCategory: 'Neue Kategorie', tags: 'Schlagwörter (durch Kommas getrennt)', cost: 'Preis', website: 'Website', featuredImage: 'Beitragsbild',
  uploadImage: 'Bild hochladen', mediaLibrary: 'Oder aus der Mediathek wählen', noImage: 'Kein Bild', customFields: 'Eigene Felder', fieldKey: 'Schlüssel',
  fieldLabel: 'Bezeichnung', fieldValue: 'Wert', addField: 'Feld hinzufügen', visibility: 'Status und Sichtbarkeit', publishDate: 'Veröffentlichen am (geplant)',
  password: 'Passwort (schützt die Veranstaltung)', save: 'Speichern', saved: 'Gespeichert.', saveFailed: 'Nicht gespeichert:',
  recurring: 'Wiederkehrend', scopeQuestion: 'Dieser Termin gehört zu einer Serie. Ändern…', scopeThis: 'nur diesen Termin', scopeFollowing: 'diesen und die folgenden Termine', scopeAll: 'alle Termine',
  cancel: 'Abbrechen', conflict: 'Jemand hat diese Veranstaltung geändert, seit Sie sie geöffnet haben. Ihre Änderungen wurden nicht gespeichert. Geändert wurde:',
  reloadEvent: 'Deren Fassung laden (Ihre Änderungen gehen verloren)', unsavedChanges: 'Es gibt ungespeicherte Änderungen. Trotzdem verlassen?', translationLanguage: 'Sprache des Textes', fallbackShown: 'Noch kein Text auf {language}: die Felder zeigen das Original, das Leser auf {language} sehen.',
  editorToolbar: 'Formatierung', bold: 'Fett', italic: 'Kursiv', bulletList: 'Aufzählung',
  currentImage: 'Das Beitragsbild', customRule: 'Eigene Regel (RFC-5545-RRULE)', imageNumber: 'Bild {id}', last: 'letzten', ordinals: 'ersten,zweiten,dritten,vierten', newVenueHint: '„{name}“ ist ein neuer Ort: er wird mit der Veranstaltung angelegt.', noTextYet: 'noch kein Text', noneYet: 'Noch keine.', nothingChanged: 'Nichts geändert.', publishTime: 'Veröffentlichen um', remove: 'Entfernen', removeField: 'Feld {key} entfernen', removeImage: 'Bild entfernen', ruleNotValid: 'Der Kalender würde diese Wiederholung ablehnen:', saving: 'Wird gespeichert…', submitForReview: 'Zur Prüfung einreichen', uploaded: 'Hochgeladen.', uploading: 'Wird hochgeladen…',
  sortBy: 'Sortieren nach', sortDateAsc: 'Datum, früheste zuerst', sortDateDesc: 'Datum, späteste zuerst', sortTitleAsc: 'Titel, A bis Z', sortTitleDesc: 'Titel, Z bis A', sortModifiedDesc: 'Zuletzt geändert zuerst',
  visibilityChoice: 'Sichtbarkeit', visibilityPublic: 'Öffentlich', visibilityPassword: 'Passwortgeschützt', passwordHint: 'Leser sehen nur den Titel, bis sie es angeben. Leer ist die Veranstaltung öffentlich.',
};
const ES: Catalogue = {
  calendarAdmin: 'Administración del calendario', skipToContent: 'Ir al contenido', mainNavigation: 'Administración', events: 'Eventos', reviewQueue: 'Por revisar', users: 'Usuarios',
  signOut: 'Cerrar sesión', signOutEverywhere: 'Cerrar sesión en todas partes', yourAccount: 'Tu cuenta', name: 'Nombre', username: 'Usuario', email: 'Correo', role: 'Rol',
  loading: 'Cargando…', notFound: 'Esta pantalla no existe.', notAllowed: 'Tu rol no permite esta pantalla.', somethingWrong: 'Algo salió mal:',
  addEvent: 'Añadir evento', downloadCsv: 'Descargar CSV', statusTabs: 'Eventos por estado', statusAll: 'Todos', statusPublish: 'Publicados', statusFuture: 'Programados', statusDraft: 'Borradores',
  statusPending: 'Pendientes', statusPrivate: 'Privados', statusTrash: 'Papelera', search: 'Buscar', category: 'Categoría', tag: 'Etiqueta', venue: 'Lugar',
  organizer: 'Organizador', any: 'Cualquiera', from: 'Desde', to: 'Hasta', filter: 'Filtrar', bulkActions: 'Acción en lote', chooseAction: 'Elegir…', apply: 'Aplicar',
  actionPublish: 'Publicar', actionTrash: 'Mover a la papelera', actionRestore: 'Restaurar', actionDelete: 'Borrar para siempre',
  confirmDelete: '¿Borrar {count} eventos para siempre?', bulkDone: 'Hecho: {count} eventos.', bulkFailed: 'Algunos eventos no cambiaron:',
  noEvents: 'No hay eventos.', select: 'Seleccionar', selectEvent: 'Seleccionar {title}', title: 'Título', when: 'Cuándo', status: 'Estado', publicPage: 'Página pública',
  view: 'Ver', viewEvent: 'Ver {title}', pagination: 'Páginas', previousPage: 'Página anterior', nextPage: 'Página siguiente', pageOf: 'Página {page} de {pages}',
  nothingToReview: 'Nada espera revisión.', sendBack: 'Devolver', publishTitle: 'Publicar {title}', sendBackTitle: 'Devolver {title}', publishedTitle: 'Publicado: {title}',
  sentBackTitle: 'Devuelto a borrador: {title}', newEvent: 'Nuevo evento', editEvent: 'Editar evento', description: 'Descripción', excerpt: 'Extracto',
  allDay: 'Todo el día', startDate: 'Fecha de inicio', startTime: 'Hora de inicio', endDate: 'Fecha de fin', endTime: 'Hora de fin', timeZone: 'Zona horaria',
  recurrence: 'Repetición', repeats: 'Se repite', doesNotRepeat: 'No se repite', daily: 'Cada día', weekly: 'Cada semana', monthly: 'Cada mes', yearly: 'Cada año',
  interval: 'Cada cuántos', onDays: 'Los días', monthlyBy: 'Cada mes el', byDate: 'mismo día del mes', byWeekday: '{nth} {weekday} del mes', ends: 'Termina',
  endsNever: 'Nunca', endsAfter: 'Tras un número de veces', endsOn: 'En una fecha', count: 'Número de veces', until: 'Última fecha',
  excludedDates: 'Fechas excluidas (una AAAA-MM-DD por línea)', extraDates: 'Fechas añadidas (una AAAA-MM-DD por línea)', nextDates: 'Próximas fechas',
  venueSearch: 'Lugar (escribe para buscar)', address: 'Dirección', city: 'Ciudad', organizers: 'Organizadores', organizerSearch: 'Buscar organizadores (escribe para buscar)', categories: 'Categorías',
  newCategory: 'Nueva categoría', tags: 'Etiquetas (separadas por comas)', cost: 'Precio', website: 'Sitio web', featuredImage: 'Imagen destacada',
  uploadImage: 'Subir una imagen', mediaLibrary: 'O elegir de la biblioteca', noImage: 'Sin imagen', customFields: 'Campos personalizados', fieldKey: 'Clave',
  fieldLabel: 'Etiqueta', fieldValue: 'Valor', addField: 'Añadir un campo', visibility: 'Estado y visibilidad', publishDate: 'Publicar el (evento programado)',
  password: 'Contraseña (protege el evento)', save: 'Guardar', saved: 'Guardado.', saveFailed: 'No guardado:', recurring: 'Recurrente', scopeQuestion: 'Esta fecha es parte de una serie. Cambiar…',
  scopeThis: 'solo esta fecha', scopeFollowing: 'esta y las siguientes', scopeAll: 'todas las fechas', cancel: 'Cancelar',
  conflict: 'Alguien cambió este evento desde que lo abriste. Tus cambios no se guardaron. Lo que cambió:',
  reloadEvent: 'Cargar su versión (tus cambios se pierden)', unsavedChanges: 'Hay cambios sin guardar. ¿Salir de todos modos?', translationLanguage: 'Idioma del texto', fallbackShown: 'Aún no hay texto en {language}: los campos muestran el original, que ven los lectores en {language}.',
  editorToolbar: 'Formato', bold: 'Negrita', italic: 'Cursiva', bulletList: 'Lista',
  currentImage: 'La imagen destacada', customRule: 'Regla personalizada (RRULE RFC 5545)', imageNumber: 'Imagen {id}', last: 'último', ordinals: 'primer,segundo,tercer,cuarto', newVenueHint: '«{name}» es un lugar nuevo: se crea con el evento.', noTextYet: 'aún sin texto', noneYet: 'Ninguno todavía.', nothingChanged: 'Nada cambió.', publishTime: 'Publicar a las', remove: 'Quitar', removeField: 'Quitar el campo {key}', removeImage: 'Quitar la imagen', ruleNotValid: 'El calendario rechazaría esta repetición:', saving: 'Guardando…', submitForReview: 'Enviar a revisión', uploaded: 'Subido.', uploading: 'Subiendo…',
  sortBy: 'Ordenar por', sortDateAsc: 'Fecha, la más antigua primero', sortDateDesc: 'Fecha, la más tardía primero', sortTitleAsc: 'Título, de la A a la Z', sortTitleDesc: 'Título, de la Z a la A', sortModifiedDesc: 'Última modificación primero',
  visibilityChoice: 'Visibilidad', visibilityPublic: 'Público', visibilityPassword: 'Protegido con contraseña', passwordHint: 'Los lectores solo ven el título hasta que la dan. Vacía, el evento es público.',
};

// English has every word of the first load; a lazily loaded screen's words join with addWords.
const ENGLISH: Catalogue = { ...EN, ...MORE_WORDS.en };
const CATALOGUES: Record<string, Catalogue> = { en: ENGLISH, fr: { ...FR, ...MORE_WORDS.fr }, de: { ...DE, ...MORE_WORDS.de }, es: { ...ES, ...MORE_WORDS.es } };
export const ADMIN_LANGUAGES = Object.keys(CATALOGUES);

const chosen = (): string => {
  for (const preference of navigator.languages) {
    const primary = preference.toLowerCase().split('-')[0]!;
    if (primary in CATALOGUES) return primary;
  }
  return SETTINGS.language in CATALOGUES ? SETTINGS.language : 'en';
};
const language = chosen();
const catalogue = CATALOGUES[language]!;

/**
 * Words that come with a lazily loaded screen's module (user-words.ts, site-import-words.ts, review-words.ts), in every language, so that
 * the first load carries only the shell's and the eager screens' words.
 */
export function addWords(words: Readonly<Record<'en' | 'fr' | 'de' | 'es', Catalogue>>): void {
  Object.assign(ENGLISH, words.en);
  if (catalogue !== ENGLISH) Object.assign(catalogue, words[language as keyof typeof words]);
}

/** The status tabs of a list: each names the records it holds, in the plural ("Drafts"). */
export const STATUS_TAB_LABEL = {
  all: 'statusAll', publish: 'statusPublish', future: 'statusFuture', draft: 'statusDraft', pending: 'statusPending', private: 'statusPrivate', trash: 'statusTrash',
} as const satisfies Record<string, MessageKey>;

/** One record's status, in its row and in its editor's status menu: the singular ("Draft"); a trashed record's row says "Trash". */
export const STATUS_LABEL: Readonly<Record<string, MessageKey>> = {
  publish: 'statusOnePublish', future: 'statusOneFuture', draft: 'statusOneDraft', pending: 'statusOnePending', private: 'statusOnePrivate',
};

/** The word in the admin's language, `{name}` parts filled in; its key itself if its screen's words are not loaded (a bug a test shows). */
export const t = Object.assign(
  (key: MessageKey, values: Record<string, string | number> = {}): string =>
    (catalogue[key] ?? ENGLISH[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)),
  { language },
);

/** A wire date (`YYYY-MM-DD HH:MM:SS`, the event's local time) as the admin's language writes it. */
export function formatWhen(wire: string, allDay: boolean): string {
  const [day = '', time = '00:00:00'] = wire.split(' ');
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  // Shown as written (the event's own zone): a UTC Date formatted in UTC keeps the numbers.
  const value = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, hour ?? 0, minute ?? 0));
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'medium', ...(allDay ? {} : { timeStyle: 'short' }) }).format(value);
}

/** An instant (ISO 8601; without an offset, UTC as WordPress gives it) in the reader's own zone and language. */
export function formatInstant(instant: string): string {
  const utc = /(?:Z|[+-]\d\d:\d\d)$/.test(instant) ? instant : `${instant}Z`;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(utc));
}
