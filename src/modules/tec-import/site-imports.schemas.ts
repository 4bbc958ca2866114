import { Type } from '@sinclair/typebox';
import { CommonQuery, Id, WriteQuery } from '../../http/params.ts';
import { IMPORT_KINDS, OUTCOMES } from './import-run.ts';

/* The site import routes' contract (decision 0071). */

const Nullable = <T>(type: string, description: string) => Type.Unsafe<T | null>({ type: [type, 'null'], description });

export const RunParams = Type.Object({ id: Id({ description: "The site import's ID" }) });
export const ReadQuery = Type.Object(CommonQuery);
export { WriteQuery };

export const StartBody = Type.Object({
  url: Type.String({
    minLength: 1,
    maxLength: 2000,
    description:
      'The site running The Events Calendar: its address, its REST root (…/wp-json) or its tribe/events/v1 URL; http or https, on a public address',
  }),
  user: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'A WordPress login on the source, to read drafts, pending, private and password-protected records too; with app_password',
    }),
  ),
  app_password: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'An application password of `user` on the source: used by this run only, kept in the memory of the node running it, never stored or shown',
    }),
  ),
  prune: Type.Optional(
    Type.Boolean({
      description:
        'Remove the records copied before whose source record was deleted (default false: they are only reported)',
    }),
  ),
  keep_html: Type.Optional(
    Type.Boolean({
      description:
        "Keep the source's HTML as it is, scripts and event handlers included (default false: titles, descriptions, excerpts, venue and organizer fields and terms are filtered as an author's text is; decision 0092). Administrators only, as every site import; no effect under CALENDAR_DISALLOW_UNFILTERED_HTML",
    }),
  ),
});

const KindProgress = Type.Object({
  kind: Type.String({ enum: [...IMPORT_KINDS] }),
  total: Nullable<number>('integer', 'How many the source lists; null until its first page is read'),
  done: Type.Integer({ description: 'Records of the kind handled so far, whatever their outcome' }),
  ...Object.fromEntries(OUTCOMES.map((outcome) => [outcome, Type.Integer()])),
});

const STATES = ['running', 'cancelling', 'completed', 'failed', 'cancelled', 'interrupted'] as const;

export const SiteImport = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String({ description: 'The address given' }),
    source: Type.String({ description: 'The tribe/events/v1 base found there' }),
    user: Nullable<string>(
      'string',
      "The source's login the run reads as; null when anonymous (published records only)",
    ),
    prune: Type.Boolean(),
    state: Type.String({
      enum: [...STATES],
      description:
        'running; cancelling (a cancel was asked, the run stops at its next unit); completed (errors, if any, listed); failed (reason says why); cancelled; interrupted (its node stopped or died: start it again, and records copied already are found unchanged)',
    }),
    phase: Nullable<string>(
      'string',
      'The kind being copied (category, tag, venue, organizer, event), or `deletions` while records gone from the source are checked',
    ),
    kinds: Type.Array(KindProgress, { description: 'Counts per kind, in the order they are copied' }),
    errors: Type.Array(Type.String(), {
      description: 'The first 100 failures: records, translations and pages of the source',
    }),
    error_count: Type.Integer(),
    notes: Type.Array(Type.String(), { description: "The importer's last 100 notes: retries, fallbacks" }),
    complete: Nullable<boolean>(
      'boolean',
      'Every archive was read whole (records deleted on the source could be told); null until the run ends',
    ),
    reason: Nullable<string>('string', 'Why a failed or interrupted run stopped'),
    started_by: Nullable<number>('integer', 'The user who started it'),
    started_at: Type.String({ description: 'UTC' }),
    finished_at: Nullable<string>('string', 'UTC; null while running'),
  },
  // `$id`: a named component of the OpenAPI document, which the admin's types take (decision 0007, issue 45).
  { $id: 'SiteImport', description: 'A run of the site import (decision 0071)' },
);
export const SiteImports = Type.Array(SiteImport, { description: 'The 20 most recent runs, newest first' });
