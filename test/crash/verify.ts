import { isDeepStrictEqual } from 'node:util';
import { asList, asObject, type ApiClient, type Json } from './api-client.ts';
import { COLLECTION, expectedFromSent, sentFieldsOf, snapshotOf, type Kind } from './records.ts';
import type { PendingCreate, RecordState, TrackedRecord, WriteLog } from './workload.ts';

/** How the API answers a read of an id that never existed, per kind: a removed record must read the same. */
export type AbsentAnswers = Readonly<Record<Kind, { readonly status: number; readonly code: string | undefined }>>;

const NEVER_USED_ID = 2_000_000_000;

export async function probeAbsentAnswers(client: ApiClient): Promise<AbsentAnswers> {
  const answers = {} as Record<Kind, { status: number; code: string | undefined }>;
  for (const kind of Object.keys(COLLECTION) as Kind[]) {
    const { status, code } = await client.request('GET', `${COLLECTION[kind]}/${NEVER_USED_ID}`);
    if (status < 400) throw new Error(`GET ${COLLECTION[kind]}/${NEVER_USED_ID} answered ${status}`);
    answers[kind] = { status, code };
  }
  return answers;
}

export type Observed =
  | { readonly presence: 'live' | 'trashed'; readonly record: Json }
  | { readonly presence: 'removed' }
  | { readonly presence: 'unreadable'; readonly detail: string };

/** Reads a record back by id: live, trashed, removed (answered as an id that never existed), or unreadable. */
export async function observe(client: ApiClient, kind: Kind, id: number, absent: AbsentAnswers): Promise<Observed> {
  const response = await client.request('GET', `${COLLECTION[kind]}/${id}`);
  if (response.status === 200) {
    const record = asObject(response.body, `${kind} ${id}`);
    return { presence: record.status === 'trash' ? 'trashed' : 'live', record };
  }
  if (kind === 'event' && response.status === 403 && response.code === 'event-no-longer-available') {
    // A trashed event is refused by id to everyone (wire-format); the trash listing still shows it.
    const listing = await client.request('GET', `events?status=trash&include=${id}`);
    const record = asList(asObject(listing.body, 'trash listing').events, 'trash listing').find(
      (event) => event.id === id,
    );
    if (record) return { presence: 'trashed', record };
  }
  if (response.status === absent[kind].status && response.code === absent[kind].code) return { presence: 'removed' };
  return { presence: 'unreadable', detail: `${response.status} ${JSON.stringify(response.body)}` };
}

/** Whether the record read back is in `state`: the fields sent, and all the acknowledging answer said, if there was one. */
export function isIn(kind: Kind, state: RecordState, observed: Observed): boolean {
  if (state.presence === 'removed' || observed.presence === 'removed' || observed.presence === 'unreadable')
    return state.presence === observed.presence;
  return (
    state.presence === observed.presence &&
    isDeepStrictEqual(sentFieldsOf(kind, observed.record), expectedFromSent(kind, state.sent)) &&
    (state.snapshot === undefined || isDeepStrictEqual(snapshotOf(kind, observed.record), state.snapshot))
  );
}

function describeState(kind: Kind, state: RecordState): string {
  if (state.presence === 'removed') return 'removed';
  return `${state.presence} ${JSON.stringify(expectedFromSent(kind, state.sent))}${state.snapshot ? ` answered as ${JSON.stringify(state.snapshot)}` : ''}`;
}

function describeObserved(kind: Kind, observed: Observed): string {
  if (observed.presence === 'removed') return 'removed';
  if (observed.presence === 'unreadable') return `unreadable: ${observed.detail}`;
  return `${observed.presence} ${JSON.stringify(sentFieldsOf(kind, observed.record))} read as ${JSON.stringify(snapshotOf(kind, observed.record))}`;
}

/** Records of `kind` whose name or title contains `token`, found through the list's search. */
async function findByToken(client: ApiClient, kind: Kind, token: string): Promise<Json[]> {
  const search = encodeURIComponent(token);
  const query =
    kind === 'event'
      ? // Any date and any status, so that nothing the create could have made is filtered out.
        `events?search=${search}&status=publish,trash&start_date=2000-01-01&end_date=2100-12-31&per_page=50`
      : kind === 'category'
        ? `categories?search=${search}&hide_empty=false&per_page=50`
        : `${COLLECTION[kind]}?search=${search}&status=publish,trash&per_page=50`;
  const response = await client.request('GET', query);
  if (response.status !== 200)
    throw new Error(`GET ${query} answered ${response.status}: ${JSON.stringify(response.body)}`);
  const nameField = kind === 'event' ? 'title' : kind === 'category' ? 'name' : kind;
  return asList(asObject(response.body, query)[COLLECTION[kind]], query).filter((record) =>
    String(record[nameField]).includes(token),
  );
}

export interface Verification {
  /** Records read back and found in a state they may legitimately be in. */
  intact: number;
  /** Writes in flight at the kill that turned out to have landed, whole. */
  landed: number;
  /** Writes in flight at the kill that left no trace. */
  notLanded: number;
  readonly failures: string[];
}

/** Runs `task` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const VERIFY_WIDTH = 8;

/**
 * Reads back every record ever acknowledged, and looks for the creates whose answer was lost.
 * A record must be in its last acknowledged state, or, when a write to it was in flight, in the
 * state that write would have made; its new state is then taken as settled, so that the next
 * round checks it again. Inline records an event write creates (its own category) must exist
 * exactly when the event write landed.
 */
export async function verifyAfterRestart(
  client: ApiClient,
  log: WriteLog,
  absent: AbsentAnswers,
): Promise<Verification> {
  const result: Verification = { intact: 0, landed: 0, notLanded: 0, failures: [] };
  /** An event write creates the category `Category <token> v<revision>`: it must exist exactly when the write landed. */
  const checkInlineCategory = async (token: string, revision: number, landed: boolean) => {
    const name = `Category ${token} v${revision}`;
    const exists = (await findByToken(client, 'category', token)).some((term) => term.name === name);
    if (exists !== landed)
      result.failures.push(
        `the category "${name}" ${landed ? 'is missing although' : 'exists although no'} event write that created it landed`,
      );
  };

  await inParallel(log.records, VERIFY_WIDTH, async (record: TrackedRecord) => {
    const observed = await observe(client, record.kind, record.id, absent);
    const candidates = [record.settled, ...(record.unsettled ? [record.unsettled] : [])];
    const matched = candidates.find((state) => isIn(record.kind, state, observed));
    const label = `${record.kind} ${record.id} (${record.token})`;
    if (matched === undefined) {
      const expected = candidates
        .map((state) => describeState(record.kind, state))
        .join(' or, from the write in flight at the kill, ');
      result.failures.push(`${label}: expected ${expected}; found ${describeObserved(record.kind, observed)}`);
      return;
    }
    if (matched.presence !== 'removed') {
      // Found once, by the same search that looks for the creates in flight: no acknowledged
      // create was stored twice, and that search would have found a create that landed.
      const found = (await findByToken(client, record.kind, record.token)).map((other) => other.id);
      if (!isDeepStrictEqual(found, [record.id])) {
        result.failures.push(
          `${label}: a search for its token finds ids [${found.join(', ')}] instead of this record alone`,
        );
        return;
      }
    }
    result.intact++;
    if (record.unsettled) {
      const landed = matched === record.unsettled;
      if (landed) result.landed++;
      else result.notLanded++;
      if (record.kind === 'event' && record.unsettled.presence === 'live')
        await checkInlineCategory(record.token, record.revision, landed);
    }
    if (matched.presence === 'removed' || observed.presence === 'removed' || observed.presence === 'unreadable')
      record.settled = matched;
    else
      record.settled = {
        presence: matched.presence,
        sent: matched.sent,
        snapshot: snapshotOf(record.kind, observed.record),
      };
    record.unsettled = undefined;
  });

  await inParallel([...log.pendingCreates], VERIFY_WIDTH, async (pending: PendingCreate) => {
    const found = await findByToken(client, pending.kind, pending.token);
    const label = `the ${pending.kind} create ${pending.token} in flight at the kill`;
    if (found.length > 1) {
      result.failures.push(`${label} landed ${found.length} times: ids ${found.map((record) => record.id).join(', ')}`);
      return;
    }
    const [record] = found;
    if (pending.kind === 'event') {
      await checkInlineCategory(pending.token, 1, record !== undefined);
      const venueName = `Hall ${pending.token}`;
      const venues = await findByToken(client, 'venue', pending.token);
      if (record === undefined && venues.some((venue) => venue.venue === venueName))
        result.failures.push(`the venue "${venueName}" exists although the event create that made it did not land`);
    }
    if (record === undefined) {
      result.notLanded++;
      return;
    }
    const expected = expectedFromSent(pending.kind, pending.sent);
    if (!isDeepStrictEqual(sentFieldsOf(pending.kind, record), expected)) {
      result.failures.push(
        `${label} landed in part: expected ${JSON.stringify(expected)}; found ${JSON.stringify(sentFieldsOf(pending.kind, record))}`,
      );
      return;
    }
    result.landed++;
    result.intact++;
    const settled: RecordState = { presence: 'live', sent: pending.sent, snapshot: snapshotOf(pending.kind, record) };
    log.records.push({
      kind: pending.kind,
      id: Number(record.id),
      token: pending.token,
      owner: pending.owner,
      revision: 1,
      settled,
      acknowledged: [settled],
      unsettled: undefined,
    });
  });
  log.pendingCreates.clear();
  return result;
}
