import type { ComponentType } from 'preact';
import { SITE_IMPORT_CAPABILITY } from '../auth/roles.ts';
import type { Session } from './api.ts';
import type { MessageKey } from './i18n.ts';
import { RECORD_KINDS, type RecordKind } from './records.ts';

/*
 * The admin's screens, as data: the shell routes by `path` and lists in its navigation, in this
 * order, every screen with a `nav` label whose capability the user holds. A new screen is one entry
 * here and one module under screens/ (loaded when first shown, so the first load stays small).
 */

export interface ScreenProps {
  readonly session: Session;
  /** The `:name` parts of the path. */
  readonly params: Readonly<Record<string, string>>;
  readonly search: URLSearchParams;
}

export interface Screen {
  /** Under `{site}/admin/`: `events`, `events/:id`. */
  readonly path: string;
  /** Its label in the navigation; screens reached from another one (the editor) have none. */
  readonly nav?: MessageKey;
  /** What the user must be able to do to see it (roles.ts' capability names). */
  readonly capability?: string;
  readonly load: () => Promise<{ default: ComponentType<ScreenProps> }>;
}

const eventEditor = () => import('./screens/event-editor.tsx');
/** Venues, organizers, categories and tags: one module, a list and an editor per kind (records.ts). */
const records = (collection: RecordKind['collection'], screen: 'list' | 'editor') => () =>
  import('./screens/records.tsx').then((module) => ({ default: module.RECORD_SCREENS[collection][screen] }));
const webhookEditor = () => import('./screens/webhooks.tsx').then((module) => ({ default: module.WebhookEditor }));
/** The users list, the new user's form and a user's page: one module (screens/users.tsx). */
const users = (screen: 'UsersList' | 'NewUser' | 'UserPage') => () =>
  import('./screens/users.tsx').then((module) => ({ default: module[screen] }));
/** Site imports: the form with the recent runs, and a run's progress (screens/site-imports.tsx), reached from the imports screen. */
const siteImports = (screen: 'SiteImports' | 'SiteImportProgress') => () =>
  import('./screens/site-imports.tsx').then((module) => ({ default: module[screen] }));
/** Import sources: the list, a source's form with its runs, and a run's progress (screens/import-sources.tsx, import-source-editor.tsx, import-source-runs.tsx). */
const importSources = {
  SourcesList: () => import('./screens/import-sources.tsx').then((module) => ({ default: module.SourcesList })),
  SourceEditor: () => import('./screens/import-source-editor.tsx').then((module) => ({ default: module.SourceEditor })),
  SourceRun: () => import('./screens/import-source-runs.tsx').then((module) => ({ default: module.SourceRun })),
};
const recordScreens = (kind: RecordKind): Screen[] => [
  {
    path: kind.collection,
    nav: kind.words.plural,
    capability: kind.capability,
    load: records(kind.collection, 'list'),
  },
  { path: `${kind.collection}/new`, capability: kind.capability, load: records(kind.collection, 'editor') },
  { path: `${kind.collection}/:id`, capability: kind.capability, load: records(kind.collection, 'editor') },
];

export const SCREENS: readonly Screen[] = [
  { path: 'events', nav: 'events', capability: 'edit_tribe_events', load: () => import('./screens/events-list.tsx') },
  { path: 'events/new', capability: 'edit_tribe_events', load: eventEditor },
  { path: 'events/:id', capability: 'edit_tribe_events', load: eventEditor },
  // An event's attendees and the door's check-in (screens/attendees.tsx): the API shows them only to those who may edit the event.
  {
    path: 'events/:id/attendees',
    capability: 'edit_tribe_events',
    load: () => import('./screens/attendees.tsx').then((module) => ({ default: module.AttendeesScreen })),
  },
  {
    path: 'events/:id/check-in',
    capability: 'edit_tribe_events',
    load: () => import('./screens/attendees.tsx').then((module) => ({ default: module.CheckInScreen })),
  },
  {
    path: 'review',
    nav: 'reviewQueue',
    capability: 'edit_others_tribe_events',
    load: () => import('./screens/review-queue.tsx'),
  },
  ...Object.values(RECORD_KINDS).flatMap(recordScreens),
  {
    path: 'webhooks',
    nav: 'webhooks',
    capability: 'manage_webhooks',
    load: () => import('./screens/webhooks.tsx').then((module) => ({ default: module.WebhooksList })),
  },
  { path: 'webhooks/new', capability: 'manage_webhooks', load: webhookEditor },
  { path: 'webhooks/:id', capability: 'manage_webhooks', load: webhookEditor },
  // Administrators only, as the API's outbox (decision 0112).
  { path: 'mail', nav: 'mailOutbox', capability: 'manage_mail', load: () => import('./screens/mail-outbox.tsx') },
  { path: 'users', nav: 'users', capability: 'list_users', load: users('UsersList') },
  { path: 'users/new', capability: 'create_users', load: users('NewUser') },
  { path: 'users/:id', capability: 'edit_users', load: users('UserPage') },
  // Whoever may use `POST events/import` holds edit_others_tribe_events among its capabilities (editors and administrators).
  {
    path: 'imports',
    nav: 'imports',
    capability: 'edit_others_tribe_events',
    load: () => import('./screens/imports.tsx'),
  },
  // Administrators only, as the API's `imports/sites` (decision 0071).
  { path: 'imports/sites', capability: SITE_IMPORT_CAPABILITY, load: siteImports('SiteImports') },
  { path: 'imports/sites/:id', capability: SITE_IMPORT_CAPABILITY, load: siteImports('SiteImportProgress') },
  // Editors and administrators, as the API's `import-sources` (issue 47); a source of kind tec stays administrators'.
  { path: 'imports/sources', capability: 'manage_import_sources', load: importSources.SourcesList },
  { path: 'imports/sources/new', capability: 'manage_import_sources', load: importSources.SourceEditor },
  { path: 'imports/sources/:id', capability: 'manage_import_sources', load: importSources.SourceEditor },
  { path: 'imports/sources/:id/runs/:run', capability: 'manage_import_sources', load: importSources.SourceRun },
  // Whoever may use `POST imports/csv` (the same capabilities as `POST events/import`).
  { path: 'imports/csv', capability: 'edit_others_tribe_events', load: () => import('./screens/csv-import.tsx') },
  // Reached from the header's link with the user's name.
  { path: 'account', load: () => import('./screens/account.tsx') },
];

/** Where `{site}/admin/` itself goes. */
export const START = 'events';
