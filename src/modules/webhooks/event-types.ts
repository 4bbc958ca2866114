import type { ChangeAction, ChangedResource } from '../../storage/tables.ts';

/** What a subscription may ask for: `<resource>.<action>`, `<resource>.*` or `*` (decisions 0032, 0129). */
export const RESOURCES: readonly ChangedResource[] = [
  'event',
  'venue',
  'organizer',
  'category',
  'tag',
  'ticket',
  'attendee',
];
export const ACTIONS: readonly ChangeAction[] = ['created', 'updated', 'trashed', 'deleted'];

/**
 * Resources whose messages go only to subscriptions whose owner may edit the record's event
 * (decision 0129): a ticket's counts and an attendee's name, e-mail and answers are theirs only
 * (decision 0110). Neither is ever trashed: a check-in, a check-out or a cancel is an update.
 */
export const EVENT_PRIVATE: ReadonlySet<ChangedResource> = new Set(['ticket', 'attendee']);

const actionsOf = (resource: ChangedResource) =>
  EVENT_PRIVATE.has(resource) ? ACTIONS.filter((action) => action !== 'trashed') : ACTIONS;

/** Every type a subscription may name, wildcards included. */
export const EVENT_TYPE_PATTERNS: readonly string[] = [
  '*',
  ...RESOURCES.flatMap((resource) => [
    `${resource}.*`,
    ...actionsOf(resource).map((action) => `${resource}.${action}`),
  ]),
];

/** The notification type of a journal change, e.g. `venue.trashed`. */
export const typeOf = (resource: ChangedResource, action: ChangeAction): string => `${resource}.${action}`;

/** Whether a subscription to `patterns` hears `type`. */
export function matches(patterns: readonly string[], type: string): boolean {
  return patterns.some(
    (pattern) =>
      pattern === '*' || pattern === type || (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))),
  );
}

/** The `webhook-id` of a message: the same for every attempt and redelivery, so receivers deduplicate by it. */
export const webhookId = (messageId: number): string => `msg_${messageId}`;
