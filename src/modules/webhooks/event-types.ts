import type { ChangeAction, ChangedResource } from '../../storage/tables.ts';

/** What a subscription may ask for: `<resource>.<action>`, `<resource>.*` or `*` (decision 0032). */
export const RESOURCES: readonly ChangedResource[] = ['event', 'venue', 'organizer', 'category', 'tag'];
export const ACTIONS: readonly ChangeAction[] = ['created', 'updated', 'trashed', 'deleted'];

/** Every type a subscription may name, wildcards included. */
export const EVENT_TYPE_PATTERNS: readonly string[] = ['*', ...RESOURCES.flatMap((resource) => [`${resource}.*`, ...ACTIONS.map((action) => `${resource}.${action}`)])];

/** The notification type of a journal change, e.g. `venue.trashed`. */
export const typeOf = (resource: ChangedResource, action: ChangeAction): string => `${resource}.${action}`;

/** Whether a subscription to `patterns` hears `type`. */
export function matches(patterns: readonly string[], type: string): boolean {
  return patterns.some((pattern) => pattern === '*' || pattern === type || (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))));
}

/** The `webhook-id` of a message: the same for every attempt and redelivery, so receivers deduplicate by it. */
export const webhookId = (messageId: number): string => `msg_${messageId}`;
