/*
 * The words of the venues, organizers, categories and tags screens, merged into the admin's
 * catalogue by i18n.ts. Kept apart from the events screens' words so that each screen family's
 * words are edited in one place; every language lists every word (the type says so).
 */

const EN = {
  venues: 'Venues',
  tagsPlural: 'Tags',
  addVenue: 'Add venue',
  addOrganizer: 'Add organizer',
  addCategory: 'Add category',
  addTag: 'Add tag',
  newVenue: 'New venue',
  newOrganizer: 'New organizer',
  editVenue: 'Edit venue',
  editOrganizer: 'Edit organizer',
  editCategory: 'Edit category',
  newTag: 'New tag',
  editTag: 'Edit tag',
  noVenues: 'No venues.',
  noOrganizers: 'No organizers.',
  noCategories: 'No categories.',
  noTags: 'No tags.',
  byStatus: 'By status',
  slug: 'Slug',
  parentCategory: 'Parent category',
  noParent: 'None (top level)',
  province: 'State or province',
  zip: 'Postal code',
  country: 'Country',
  phone: 'Phone',
  showMap: 'Show a map on its events',
  eventCount: 'Events',
  actions: 'Actions',
  trashRecord: 'Move {name} to the trash',
  restoreRecord: 'Restore {name}',
  deleteRecord: 'Delete {name} permanently',
  confirmDeleteRecord: 'Delete “{name}” permanently? This cannot be undone.',
  trashedRecord: 'Moved to the trash: {name}.',
  restoredRecord: 'Restored as a draft: {name}.',
  deletedRecord: 'Deleted: {name}.',
  recordConflict: 'Someone else changed this since you opened it. Your changes were not saved. What changed:',
  loadTheirs: 'Load their version (your changes are lost)',
  backToList: 'Back to the list',
} as const;

export type MoreKey = keyof typeof EN;
type Words = Readonly<Record<MoreKey, string>>;

const FR: Words = {
  venues: 'Lieux', tagsPlural: 'Étiquettes', addVenue: 'Ajouter un lieu', addOrganizer: 'Ajouter un organisateur', addCategory: 'Ajouter une catégorie',
  addTag: 'Ajouter une étiquette', newVenue: 'Nouveau lieu', newOrganizer: 'Nouvel organisateur', editVenue: 'Modifier le lieu',
  editOrganizer: 'Modifier l’organisateur', editCategory: 'Modifier la catégorie', newTag: 'Nouvelle étiquette', editTag: 'Modifier l’étiquette',
  noVenues: 'Aucun lieu.', noOrganizers: 'Aucun organisateur.', noCategories: 'Aucune catégorie.', noTags: 'Aucune étiquette.', byStatus: 'Par état',
  slug: 'Identifiant d’URL', parentCategory: 'Catégorie parente', noParent: 'Aucune (premier niveau)', province: 'État ou province', zip: 'Code postal',
  country: 'Pays', phone: 'Téléphone', showMap: 'Afficher une carte sur ses évènements', eventCount: 'Évènements', actions: 'Actions',
  trashRecord: 'Mettre {name} à la corbeille', restoreRecord: 'Restaurer {name}', deleteRecord: 'Supprimer définitivement {name}',
  confirmDeleteRecord: 'Supprimer définitivement « {name} » ? C’est irréversible.', trashedRecord: 'Mis à la corbeille : {name}.',
  restoredRecord: 'Restauré en brouillon : {name}.', deletedRecord: 'Supprimé : {name}.',
  recordConflict: 'Quelqu’un l’a modifié depuis que vous l’avez ouvert. Vos modifications n’ont pas été enregistrées. Ce qui a changé :',
  loadTheirs: 'Charger sa version (vos modifications sont perdues)', backToList: 'Retour à la liste',
};
const DE: Words = {
  venues: 'Veranstaltungsorte', tagsPlural: 'Schlagwörter', addVenue: 'Ort hinzufügen', addOrganizer: 'Veranstalter hinzufügen', addCategory: 'Kategorie hinzufügen',
  addTag: 'Schlagwort hinzufügen', newVenue: 'Neuer Ort', newOrganizer: 'Neuer Veranstalter', editVenue: 'Ort bearbeiten',
  editOrganizer: 'Veranstalter bearbeiten', editCategory: 'Kategorie bearbeiten', newTag: 'Neues Schlagwort', editTag: 'Schlagwort bearbeiten',
  noVenues: 'Keine Orte.', noOrganizers: 'Keine Veranstalter.', noCategories: 'Keine Kategorien.', noTags: 'Keine Schlagwörter.', byStatus: 'Nach Status',
  slug: 'Titelform (Slug)', parentCategory: 'Übergeordnete Kategorie', noParent: 'Keine (oberste Ebene)', province: 'Bundesland oder Provinz', zip: 'Postleitzahl',
  country: 'Land', phone: 'Telefon', showMap: 'Karte bei seinen Veranstaltungen zeigen', eventCount: 'Veranstaltungen', actions: 'Aktionen',
  trashRecord: '{name} in den Papierkorb', restoreRecord: '{name} wiederherstellen', deleteRecord: '{name} endgültig löschen',
  confirmDeleteRecord: '„{name}“ endgültig löschen? Das lässt sich nicht rückgängig machen.', trashedRecord: 'In den Papierkorb gelegt: {name}.',
  restoredRecord: 'Als Entwurf wiederhergestellt: {name}.', deletedRecord: 'Gelöscht: {name}.',
  recordConflict: 'Jemand hat dies geändert, seit Sie es geöffnet haben. Ihre Änderungen wurden nicht gespeichert. Geändert wurde:',
  loadTheirs: 'Deren Fassung laden (Ihre Änderungen gehen verloren)', backToList: 'Zurück zur Liste',
};
const ES: Words = {
  venues: 'Lugares', tagsPlural: 'Etiquetas', addVenue: 'Añadir lugar', addOrganizer: 'Añadir organizador', addCategory: 'Añadir categoría',
  addTag: 'Añadir etiqueta', newVenue: 'Nuevo lugar', newOrganizer: 'Nuevo organizador', editVenue: 'Editar lugar',
  editOrganizer: 'Editar organizador', editCategory: 'Editar categoría', newTag: 'Nueva etiqueta', editTag: 'Editar etiqueta',
  noVenues: 'No hay lugares.', noOrganizers: 'No hay organizadores.', noCategories: 'No hay categorías.', noTags: 'No hay etiquetas.', byStatus: 'Por estado',
  slug: 'Slug', parentCategory: 'Categoría superior', noParent: 'Ninguna (primer nivel)', province: 'Estado o provincia', zip: 'Código postal',
  country: 'País', phone: 'Teléfono', showMap: 'Mostrar un mapa en sus eventos', eventCount: 'Eventos', actions: 'Acciones',
  trashRecord: 'Mover {name} a la papelera', restoreRecord: 'Restaurar {name}', deleteRecord: 'Borrar {name} para siempre',
  confirmDeleteRecord: '¿Borrar «{name}» para siempre? No se puede deshacer.', trashedRecord: 'Movido a la papelera: {name}.',
  restoredRecord: 'Restaurado como borrador: {name}.', deletedRecord: 'Borrado: {name}.',
  recordConflict: 'Alguien lo cambió desde que lo abriste. Tus cambios no se guardaron. Lo que cambió:',
  loadTheirs: 'Cargar su versión (tus cambios se pierden)', backToList: 'Volver a la lista',
};

export const MORE_WORDS: Readonly<Record<'en' | 'fr' | 'de' | 'es', Words>> = { en: EN, fr: FR, de: DE, es: ES };
