import { Type } from '@sinclair/typebox';
import type { Caller, PostTypeCapability } from '../../auth/roles.ts';
import { CommonQuery } from '../../http/params.ts';
import { defineRoute, type AnyRoute } from '../../http/routes.ts';
import type { ReadTx } from '../../storage/database.ts';
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

/**
 * `GET /{collection}/counts`: the admin's status tabs (decision 0045), counted as the caller's
 * archive lists them with each `status` filter; for those who may edit the type (contributors and
 * up), 401 for anonymous callers, 403 for the others.
 */
export function statusCountsRoute(collection: string, capability: PostTypeCapability, count: (tx: ReadTx, caller: Caller | null) => Promise<StatusCounts>): AnyRoute {
  return defineRoute({
    method: 'GET',
    path: `/${collection}/counts`,
    permission: { all: [`edit_${capability}s`] },
    schema: { summary: `Returns how many ${collection} the caller's archive lists with each status`, querystring: Type.Object(CommonQuery), response: { 200: StatusCountsSchema } },
    // Counts move with every record of the type, and are only ever answered to authenticated callers.
    dependsOn: () => 'everything',
    handle: async ({ caller }, tx) => ({ body: await count(tx, caller) }),
  });
}
