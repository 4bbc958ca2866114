import type { ImportKind, Run } from './import-run.ts';
import {
  hasTranslationFields,
  isStripped,
  translationLinks,
  type SourceRecord,
  type TranslationLink,
} from './tec-records.ts';
import { answeredRecord, SourceError, type PageFailure, type SourceAnswer } from './tec-source.ts';

/*
 * What `import-tec` asks the source (decision 0030), beyond the client's pages and retries
 * (`tec-source.ts`): which archive, with which parameters; the translation links a multilingual
 * plugin shows; a protected record unlocked; one record no longer listed. A request that fails
 * after its retries is told apart from an answer meaning "not available" (a 4xx).
 */

export const COLLECTIONS: Readonly<Record<ImportKind, string>> = {
  category: 'categories',
  tag: 'tags',
  venue: 'venues',
  organizer: 'organizers',
  event: 'events',
};
/**
 * WordPress' core route of each kind (TEC shows its post types and categories there for the block
 * editor), where multilingual plugins show which posts and terms translate which.
 */
const CORE_ROUTES: Readonly<Record<ImportKind, string>> = {
  category: '/wp/v2/tribe_events_cat',
  tag: '/wp/v2/tags',
  venue: '/wp/v2/tribe_venue',
  organizer: '/wp/v2/tribe_organizer',
  event: '/wp/v2/tribe_events',
};

/** The widest date window the archive takes, so past and far-future events are listed (the default is from yesterday on). */
const EVENT_WINDOW = { start_date: '1900-01-01 00:00:00', end_date: '2999-12-31 23:59:59' } as const;
const PER_PAGE = '50';
/** Every status someone with credentials may list (wire-format 4.1.4). */
const ALL_STATUSES = 'publish,future,draft,pending,private';

/** The query of a kind's archive: every event, every status the credentials may list, empty terms too. */
export function archiveParams(run: Run, kind: ImportKind): Record<string, string> {
  if (kind === 'category' || kind === 'tag') return { per_page: PER_PAGE, hide_empty: '0' };
  return {
    per_page: PER_PAGE,
    ...(kind === 'event' ? EVENT_WINDOW : {}),
    ...(run.source.authenticated ? { status: ALL_STATUSES } : {}),
  };
}

/**
 * The posts (or terms) of a kind that a multilingual plugin keeps one per language, each linked to
 * the record in the import's language it translates, as WordPress' core API shows them
 * (`/wp/v2/tribe_events`...: Polylang Pro's `lang` and `translations`, the WPML REST API plugin's
 * `wpml_current_locale` and `wpml_translations`). Empty for a site whose first page shows neither,
 * or whose core API does not list the kind (a 4xx); a page failing otherwise is answered.
 */
export async function readTranslationLinks(
  run: Run,
  kind: ImportKind,
): Promise<{ links: Map<number, TranslationLink>; failures: readonly PageFailure[] }> {
  const links = new Map<number, TranslationLink>();
  const post = kind !== 'category' && kind !== 'tag';
  const params = {
    per_page: '100',
    _fields: 'id,lang,translations,wpml_current_locale,wpml_translations',
    ...(post && run.source.authenticated ? { status: 'any' } : {}),
  };
  const onPage = async (records: SourceRecord[], _total: number | undefined, first: boolean) => {
    if (first && !records.some(hasTranslationFields)) return false;
    for (const record of records)
      for (const [id, link] of translationLinks(record, run.options.language)) links.set(id, link);
    return true;
  };
  let result = await run.source.coreArchive(CORE_ROUTES[kind], params, onPage);
  const refused = result.failures[0];
  if (result.total === undefined && refused?.status === 400 && post && run.source.authenticated) {
    const { status: _all, ...published } = params;
    result = await run.source.coreArchive(CORE_ROUTES[kind], published, onPage);
  }
  const status = result.total === undefined ? result.failures[0]?.status : undefined;
  const unanswered = status !== undefined && status < 500 && status !== 429;
  if (status === 401 || status === 403) {
    run.options.progress?.note(
      `${CORE_ROUTES[kind]} answered HTTP ${status}: a multilingual plugin's translation links could not be read; posts kept per language, if any, are copied as records of their own.`,
    );
  }
  return { links, failures: unanswered ? [] : result.failures };
}

/**
 * A password-protected event, venue or organizer as its editors read it: archives strip its
 * fields for everyone without `context=edit` (wire-format 2.9, 7.4), which the administrator's
 * credentials lift. The record does not tell the password. Undefined when the source answers
 * without giving it unstripped (a 4xx: these credentials may not); a request that failed after
 * its retries throws its SourceError.
 */
export async function readProtected(run: Run, kind: ImportKind, id: number): Promise<SourceRecord | undefined> {
  const answer = await run.source.get(`${COLLECTIONS[kind]}/${id}`, { context: 'edit' });
  const body = answeredRecord(answer, id);
  return body && !isStripped(body, kind) ? body : undefined;
}

/** What the source says of a record copied before that its archive no longer lists. */
export type LeftOutRecord =
  | { readonly state: 'there'; readonly record: SourceRecord }
  | { readonly state: 'gone' }
  | { readonly state: 'unreadable'; readonly status: number }
  | { readonly state: 'failed'; readonly reason: string };

/**
 * A record its archive did not list, asked for alone: still there (hidden from listings, out of
 * the archive's reach), gone (not found, or in the trash: `event-no-longer-available`, as the
 * original answers a trashed event), answered otherwise, or not answered after the retries.
 */
export async function readLeftOut(run: Run, kind: ImportKind, id: number): Promise<LeftOutRecord> {
  let answer: SourceAnswer;
  try {
    answer = await run.source.get(`${COLLECTIONS[kind]}/${id}`);
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    return { state: 'failed', reason: error.message };
  }
  const still = answeredRecord(answer, id);
  if (still) return { state: 'there', record: still };
  const code = (answer.body as { code?: unknown } | null)?.code;
  const gone =
    answer.status === 404 ||
    answer.status === 410 ||
    code === 'event-no-longer-available' ||
    (answer.status === 400 && kind !== 'event');
  return gone ? { state: 'gone' } : { state: 'unreadable', status: answer.status };
}
