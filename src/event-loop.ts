import { setImmediate } from 'node:timers/promises';

/*
 * Big work gives the event loop back (decision 0047): a request that parses, maps or serialises
 * thousands of records does so in bounded chunks and awaits `yieldToEventLoop()` between them, so
 * that every other request (a `/healthz` probe, an anonymous read) waits for one chunk at most,
 * never for the whole. An `await` on a settled promise does not do it: on SQLite every query
 * settles at once, and a loop of them runs to its end in one turn of the loop.
 */

/** Resolves on the next turn of the event loop, after the I/O and timers waiting for it. */
export function yieldToEventLoop(): Promise<void> {
  return setImmediate();
}
