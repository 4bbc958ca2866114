import { Type } from '@sinclair/typebox';
import { CommonQuery, Id, WriteQuery } from '../../http/params.ts';

/** The most pending submissions one answer lists. */
export const MAX_SUBMISSIONS = 100;

const Address = Type.String({
  minLength: 1,
  maxLength: 100,
  description: "The sender's address as the service saw it (an IPv6 address as its /64 network)",
});

export const SubmissionsQuery = Type.Object({
  ...CommonQuery,
  include: Type.Optional(
    Type.Array(Id(), {
      minItems: 1,
      maxItems: MAX_SUBMISSIONS,
      description: 'Only these event IDs (those the review queue shows)',
    }),
  ),
  address: Type.Optional(Address),
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_SUBMISSIONS,
      default: MAX_SUBMISSIONS,
      description: 'The most submissions listed, newest first',
    }),
  ),
});
export { WriteQuery };

export const Submission = Type.Object({
  event: Id({ description: 'The pending event the community form stored' }),
  address: Address,
  author: Type.Integer({ minimum: 0, description: "The signed-in sender's user ID; 0 when anonymous" }),
  submitted_at: Type.String({ description: 'When it was sent, UTC (Y-m-d H:i:s)' }),
});
export const Submissions = Type.Object({ submissions: Type.Array(Submission) });

export const RejectBody = Type.Object({ address: Address });
export const Rejected = Type.Object({
  address: Address,
  events: Type.Integer({ minimum: 0, description: 'Pending events sent from the address, now in the trash' }),
  venues: Type.Integer({
    minimum: 0,
    description: 'Pending venues they created that no other event links, now in the trash',
  }),
  organizers: Type.Integer({
    minimum: 0,
    description: 'Pending organizers they created that no other event links, now in the trash',
  }),
});
