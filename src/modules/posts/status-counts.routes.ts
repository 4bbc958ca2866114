import { Type, type TObject } from '@sinclair/typebox';
import type { PostTypeCapability } from '../../auth/roles.ts';
import type { Deadline } from '../../deadline.ts';
import { CommonQuery } from '../../http/params.ts';
import { defineRoute, type AnyRoute, type Frame } from '../../http/route-definition.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { StatusCounts } from './post-records.ts';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const StatusCountsSchema = Type.Object(
  {
    all: Count('Every status but the trash (WordPress\' "All" tab)'),
    publish: Count('Published'),
    future: Count('Scheduled'),
    draft: Count('Drafts'),
    pending: Count('Pending review'),
    private: Count('Private'),
    trash: Count('In the trash'),
  },
  { $id: 'StatusCounts' },
);

type CountsSchema<Q extends TObject> = {
  summary: string;
  querystring: Q;
  response: { 200: typeof StatusCountsSchema };
};

/** What a collection's counts read: its query (the archive's selection, for events) and how it counts. */
export interface CountsSelection<Q extends TObject> {
  readonly summary: string;
  readonly querystring: Q;
  readonly count: (tx: ReadTx, frame: Frame<CountsSchema<Q>>) => Promise<StatusCounts>;
  /** The archive's own validation of the selection (its 400s). */
  readonly validate?: (frame: Frame<CountsSchema<Q>>, tx: ReadTx) => Promise<void>;
  /** The writes the archive's read needs first (series extended for a window past the horizon). */
  readonly prepare?: (frame: Frame<CountsSchema<Q>>, deadline: Deadline) => Promise<void>;
}

/** Counts of records, as their archive lists them with nothing but the language to select by (venues, organizers). */
export const recordCounts = (
  collection: string,
  count: (tx: ReadTx, frame: Frame<CountsSchema<TObject<typeof CommonQuery>>>) => Promise<StatusCounts>,
): CountsSelection<TObject<typeof CommonQuery>> => ({
  summary: `Returns how many ${collection} the caller's archive lists with each status`,
  querystring: Type.Object(CommonQuery),
  count,
});

/**
 * `GET /{collection}/counts`: the admin's status tabs (decisions 0045, 0103), each the total the
 * caller's archive answers with that `status` filter (and, for events, the same selection); for
 * those who may edit the type (contributors and up), 401 for anonymous callers, 403 for the others.
 */
export function statusCountsRoute<Q extends TObject>(
  collection: string,
  capability: PostTypeCapability,
  selection: CountsSelection<Q>,
): AnyRoute {
  return defineRoute<CountsSchema<Q>, void>({
    method: 'GET',
    path: `/${collection}/counts`,
    permission: { all: [`edit_${capability}s`] },
    schema: { summary: selection.summary, querystring: selection.querystring, response: { 200: StatusCountsSchema } },
    // Counts move with every record of the type, and are only ever answered to authenticated callers.
    dependsOn: () => 'everything',
    ...(selection.validate ? { validate: selection.validate } : {}),
    ...(selection.prepare ? { prepare: selection.prepare } : {}),
    handle: async (frame, tx) => ({ body: await selection.count(tx, frame) }),
  });
}
