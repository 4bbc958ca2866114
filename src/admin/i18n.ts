import { SETTINGS } from './api.ts';
import type { SiteImportWordKey } from './site-import-words.ts';
import type { ImportSourceWordKey } from './import-source-words.ts';
import type { ReviewWordKey } from './review-words.ts';
import type { MailWordKey } from './mail-words.ts';
import type { TicketWordKey } from './ticket-words.ts';
import type { UserWordKey } from './user-words.ts';
import { MORE_WORDS, type MoreKey } from './words.ts';
import { DE } from './messages/de.ts';
import { EN } from './messages/en.ts';
import { ES } from './messages/es.ts';
import { FR } from './messages/fr.ts';

/*
 * The admin's own words in the languages of the public pages' catalogue (en, fr, de, es). The
 * language is the browser's first preference among these, else the site's default language, else
 * English (decision 0054); a missing word falls back to English. The shell's and the events
 * screens' words are in messages/, one file per language; the other screens' in their *-words.ts.
 */

export type MessageKey =
  | keyof typeof EN
  | MoreKey
  | UserWordKey
  | SiteImportWordKey
  | ReviewWordKey
  | MailWordKey
  | ImportSourceWordKey
  | TicketWordKey;
export type Catalogue = Partial<Record<MessageKey, string>>;

// English has every word of the first load; a lazily loaded screen's words join with addWords.
const ENGLISH: Catalogue = { ...EN, ...MORE_WORDS.en };
const CATALOGUES: Record<string, Catalogue> = {
  en: ENGLISH,
  fr: { ...FR, ...MORE_WORDS.fr },
  de: { ...DE, ...MORE_WORDS.de },
  es: { ...ES, ...MORE_WORDS.es },
};
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
  all: 'statusAll',
  publish: 'statusPublish',
  future: 'statusFuture',
  draft: 'statusDraft',
  pending: 'statusPending',
  private: 'statusPrivate',
  trash: 'statusTrash',
} as const satisfies Record<string, MessageKey>;

/** One record's status, in its row and in its editor's status menu: the singular ("Draft"); a trashed record's row says "Trash". */
export const STATUS_LABEL: Readonly<Record<string, MessageKey>> = {
  publish: 'statusOnePublish',
  future: 'statusOneFuture',
  draft: 'statusOneDraft',
  pending: 'statusOnePending',
  private: 'statusOnePrivate',
};

/** The word in the admin's language, `{name}` parts filled in; its key itself if its screen's words are not loaded (a bug a test shows). */
export const t = Object.assign(
  (key: MessageKey, values: Record<string, string | number> = {}): string =>
    (catalogue[key] ?? ENGLISH[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    ),
  { language },
);

/** A wire date (`YYYY-MM-DD HH:MM:SS`, the event's local time) as the admin's language writes it. */
export function formatWhen(wire: string, allDay: boolean): string {
  const [day = '', time = '00:00:00'] = wire.split(' ');
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  // Shown as written (the event's own zone): a UTC Date formatted in UTC keeps the numbers.
  const value = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, hour ?? 0, minute ?? 0));
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    dateStyle: 'medium',
    ...(allDay ? {} : { timeStyle: 'short' }),
  }).format(value);
}

/** An instant (ISO 8601; without an offset, UTC as WordPress gives it) in the reader's own zone and language. */
export function formatInstant(instant: string): string {
  const utc = /(?:Z|[+-]\d\d:\d\d)$/.test(instant) ? instant : `${instant}Z`;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(utc));
}
