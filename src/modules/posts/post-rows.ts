import { utcToZoned } from '../../dates/zones.ts';
import type { NewPost } from '../../storage/repositories/post-records.repository.ts';
import { scaleBackStatus, scheduledStatus } from './post-rules.ts';

/*
 * The columns of a post row, derived the one way both the API and the seed use.
 */

/** A post date as another site sends it: its site-local time and UTC, `YYYY-MM-DD HH:MM:SS`. */
export interface SourceDate {
  readonly local: string;
  readonly utc: string;
}

/**
 * Where a record copied from another site goes (import-tec; decision 0030): the source's id, when
 * the importer found it free, and the source's slug. A record created with a placement is always
 * one of its own: an identical venue or organizer is not reused (decision 0019 is for clients).
 * `published` and `modified` keep the source's dates as it sends them instead of the time of the
 * write (on create and update); only the importer passes a placement, no API parameter does.
 */
export interface ImportedPlacement {
  readonly id?: number;
  readonly slug?: string;
  readonly published?: SourceDate;
  readonly modified?: SourceDate;
}

/** A UTC instant with its site-local twin, as posts store `date`/`date_utc` and `modified`/`modified_utc`. */
export function siteDates(utc: string, siteZone: string): { local: string; utc: string } {
  // A write's dates are mostly the second it runs in, over and over (a bulk import's every row): the last answer is kept.
  if (lastSiteDate.utc !== utc || lastSiteDate.zone !== siteZone)
    lastSiteDate = { utc, zone: siteZone, local: utcToZoned(utc, siteZone) };
  return { local: lastSiteDate.local, utc };
}

let lastSiteDate = { utc: '', zone: '', local: '' };

export function modifiedAt(nowUtc: string, siteZone: string): Pick<NewPost, 'modified_local' | 'modified_utc'> {
  const { local, utc } = siteDates(nowUtc, siteZone);
  return { modified_local: local, modified_utc: utc };
}

/** The date columns an importer's placement keeps from the source, over those a write would set. */
export function importedDates(
  placement: ImportedPlacement = {},
): Partial<Pick<NewPost, 'date_local' | 'date_utc' | 'modified_local' | 'modified_utc'>> {
  const { published, modified } = placement;
  return {
    ...(published ? { date_local: published.local, date_utc: published.utc } : {}),
    ...(modified ? { modified_local: modified.local, modified_utc: modified.utc } : {}),
  };
}

export type NewPostFields = Omit<
  NewPost,
  'slug' | 'date_local' | 'date_utc' | 'modified_local' | 'modified_utc' | 'global_id_lineage'
>;

/** A post row as a create writes it: the given fields, its publication and modification dates, no slug yet, no import lineage. */
export function newPostRow(fields: NewPostFields, dateUtc: string, nowUtc: string, siteZone: string): NewPost {
  const dates = siteDates(dateUtc, siteZone);
  return {
    ...fields,
    slug: '',
    date_local: dates.local,
    date_utc: dates.utc,
    ...modifiedAt(nowUtc, siteZone),
    global_id_lineage: null,
  };
}

/**
 * The status a write ends with: scaled back for those who may not publish (venues and organizers
 * follow the events' publish capability too, wire-format 5.1), `future` when scheduled.
 */
export function writtenStatus(
  requested: string | undefined,
  mayPublish: boolean,
  dateUtc: string,
  nowUtc: string,
): string {
  return scheduledStatus(scaleBackStatus(requested, mayPublish), dateUtc, nowUtc);
}
