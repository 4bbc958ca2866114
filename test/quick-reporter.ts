/*
 * The reporter of a `test:quick` worker (test/quick-worker.ts): hands each event of node's test
 * runner to the parent (test/quick.ts) over the IPC channel, which prints them with node's spec
 * reporter one whole file at a time. Errors travel as plain values (their name, message, stack and
 * own properties, cause included), since structured cloning keeps an error's message and stack only.
 */

type Event = { type: string; data?: Record<string, unknown> };

/** A value structured cloning keeps, or its text. */
function cloneable(value: unknown): unknown {
  try {
    structuredClone(value);
    return value;
  } catch {
    return String(value);
  }
}

export interface FlatError {
  readonly flatError: true;
  readonly name: string;
  readonly message: string;
  readonly stack: string | undefined;
  readonly properties: Record<string, unknown>;
  readonly cause: unknown;
}

function flatten(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return cloneable(error);
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (key !== 'cause') properties[key] = cloneable(value);
  return {
    flatError: true,
    name: error.name,
    message: error.message,
    stack: error.stack,
    properties,
    cause: 'cause' in error ? flatten(error.cause, depth + 1) : undefined,
  } satisfies FlatError;
}

export default async function* quickReporter(source: AsyncIterable<Event>): AsyncGenerator<string> {
  for await (const event of source) {
    if (!process.connected) continue;
    const details = event.data?.details as Record<string, unknown> | undefined;
    const data =
      details && 'error' in details
        ? { ...event.data, details: { ...details, error: flatten(details.error) } }
        : event.data;
    process.send!({ type: event.type, data });
  }
  yield* [];
}
