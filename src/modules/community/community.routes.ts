import { defineRoute, type AnyRoute } from '../../http/route-definition.ts';
import type { CommunityReview } from './community-review.service.ts';
import {
  MAX_SUBMISSIONS,
  RejectBody,
  Rejected,
  Submissions,
  SubmissionsQuery,
  WriteQuery,
} from './community.schemas.ts';

/** Editors review others' events; who sent a community submission is theirs to see (decision 0095). */
const REVIEW = { all: ['edit_others_tribe_events'] } as const;

/** The review of community submissions (decision 0095): who sent the pending ones, and rejecting all from one address. */
export function communityRoutes(review: CommunityReview): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/community/submissions',
      permission: REVIEW,
      schema: {
        summary: 'Returns the pending community submissions with the address each was sent from, newest first',
        querystring: SubmissionsQuery,
        response: { 200: Submissions },
      },
      handle: async ({ query }, tx) => {
        const rows = await review.list(tx, {
          address: query.address,
          include: query.include,
          limit: query.per_page ?? MAX_SUBMISSIONS,
        });
        return {
          body: {
            submissions: rows.map((row) => ({
              event: row.post_id,
              address: row.address,
              author: row.user_id,
              submitted_at: row.submitted_at,
            })),
          },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/community/submissions/reject',
      permission: REVIEW,
      schema: {
        summary:
          'Rejects every pending community submission from one address: its events, and the pending venues and organizers they created that no other event links, go to the trash; answers the counts',
        querystring: WriteQuery,
        body: RejectBody,
        response: { 200: Rejected },
      },
      handle: async ({ body, caller, language }, tx) => ({
        body: { address: body.address, ...(await review.rejectFrom(tx, body.address, caller!, language)) },
      }),
    }),
  ];
}
