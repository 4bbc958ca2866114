import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { DateTime } from 'luxon';
import { API, createRecord as createAs, createTestApp, DIALECT, type TestApp, TEST_NOW } from '../fixtures/app.ts';
import {
  // test:quick skips this file: every route for every role, the whole matrix (test/quick.ts).
  CALLERS,
  createAsOtherExpectation,
  createExpectation,
  EMBEDDED_PROTECTED_ENTITLEMENT,
  FORBIDDEN_CODE,
  INVALID_PARAM_CODE,
  NAMESPACE_MATRIX,
  namespaceExpectation,
  ownershipsOf,
  POST_TYPES,
  PROTECTED_ACCESS,
  PROTECTED_ENTITLEMENT,
  PROTECTED_LISTED,
  PROTECTED_SINGLE_READ,
  protectedEntitled,
  protectedTextSearchFinds,
  recordExpectation,
  REFUSAL_CODES,
  REQUESTED_STATUSES,
  STATUSES,
  TAXONOMIES,
  TERM_ACTIONS,
  termExpectation,
  type MatrixCaller,
  type Owner,
  type Ownership,
  type PostStatus,
  type PostType,
  type ProtectedAccess,
  type RecordAction,
  type TermAction,
} from '../fixtures/permission-matrix.ts';

/*
 * The permissions matrix (expectations in test/fixtures/permission-matrix.ts): every route and
 * method × every caller × own and others' records × every status, password-protected records, and
 * a scan of every response for the text of protected records the caller is not entitled to.
 * Disagreeing cells are collected per test, so one run lists all of them.
 */

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const SITE_ZONE = 'America/New_York';
/** Event dates inside the archive's default window (yesterday to 24 months ahead, wire-format 4.1.1). */
const EVENT_DAY = DateTime.fromISO(TEST_NOW).plus({ days: 30 }).toFormat('yyyy-MM-dd');
/** A publication date years ahead: a record published with it is scheduled (`future`). */
const SCHEDULED_DATE = DateTime.fromISO(TEST_NOW).plus({ years: 5 }).toFormat('yyyy-MM-dd HH:mm:ss');
const UPDATE_METHODS = ['POST', 'PUT', 'PATCH'] as const;

let cellsChecked = 0;
let responsesScanned = 0;
after(() =>
  console.log(
    `permissions matrix (${DIALECT}): ${cellsChecked} cells checked, ${responsesScanned} responses scanned for protected text`,
  ),
);

interface StoredRecord {
  readonly id: number;
  readonly slug: string;
}

/** A password-protected, published record whose every protectable field holds a marker. */
interface ProtectedRecord extends StoredRecord {
  readonly type: PostType;
  readonly owner: Owner;
  readonly password: string;
}

/** What differs between the three post-like types. */
interface TypeCase {
  readonly type: PostType;
  readonly singular: string;
  readonly readAction: Extract<RecordAction, 'readEvent' | 'readLinked'>;
  /** A create body for a record called `name`. */
  readonly create: (name: string) => Json;
  /** Every protectable field (wire-format 2.9) the type accepts on create. */
  readonly protectable: readonly string[];
}

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const TYPE_CASES: Readonly<Record<PostType, TypeCase>> = {
  events: {
    type: 'events',
    singular: 'event',
    readAction: 'readEvent',
    // Drafts keep an empty slug unless one is given (docs/decisions/0009), so every event gets one.
    create: (name) => ({
      title: name,
      slug: slugOf(name),
      start_date: `${EVENT_DAY} 10:00:00`,
      end_date: `${EVENT_DAY} 12:00:00`,
    }),
    protectable: ['description', 'excerpt', 'cost', 'website'],
  },
  venues: {
    type: 'venues',
    singular: 'venue',
    readAction: 'readLinked',
    create: (name) => ({ venue: name }),
    protectable: ['description', 'address', 'city', 'country', 'province', 'zip', 'phone', 'website', 'stateprovince'],
  },
  organizers: {
    type: 'organizers',
    singular: 'organizer',
    readAction: 'readLinked',
    create: (name) => ({ organizer: name }),
    protectable: ['description', 'phone', 'website', 'email'],
  },
};

/**
 * Marker text of one protected field; every marker starts with `pwleak_{type}_{owner}_`. No hyphens
 * and no digits: a cost is split at hyphens and read for numbers before it is shown (wire-format 2.8).
 */
const marker = (type: PostType, owner: Owner, field: string) => `pwleak_${type}_${owner}_${field}`;
const MARKER = /pwleak_(events|venues|organizers)_(administrator|editor|author|contributor|subscriber)_/gi;

/** A field's value carrying its marker, in a form the field accepts. */
function markedValue(field: string, text: string): string {
  if (field === 'website') return `https://${text}.example.org/`;
  if (field === 'email') return `${text}@example.org`;
  return text;
}

/** A word of each protected event's description that `search` can look for, unique to the record. */
const hiddenWord = (owner: Owner) => `hushword${owner}`;

/** The markers a whole record shows in `language`: the translated description in French, the shared fields as they are. */
function markersOf(record: ProtectedRecord, language: 'en' | 'fr'): string[] {
  return TYPE_CASES[record.type].protectable.map((field) =>
    marker(record.type, record.owner, field === 'description' && language === 'fr' ? 'frdescription' : field),
  );
}

/** The owner of the record a cell acts on: the caller, or someone else (only ownership counts, not the other's role). */
function ownerFor(caller: MatrixCaller, ownership: Ownership): Owner {
  if (ownership === 'others') return caller === 'administrator' ? 'editor' : 'administrator';
  if (caller === 'anonymous') throw new Error('anonymous callers own nothing');
  return caller;
}

function accessQuery(access: ProtectedAccess, password: string): string {
  switch (access) {
    case 'none':
      return '';
    case 'wrongPassword':
      return 'password=not-the-password';
    case 'rightPassword':
      return `password=${encodeURIComponent(password)}`;
    case 'editContext':
      return 'context=edit';
  }
}

function jsonOf(response: LightMyRequestResponse): Json | undefined {
  try {
    return response.json<Json>();
  } catch {
    return undefined;
  }
}

/** A response as a cell sees it: the status, and the error code of an error. */
function outcome(response: LightMyRequestResponse): string {
  if (response.statusCode < 400) return String(response.statusCode);
  const code: unknown = jsonOf(response)?.code;
  return `${response.statusCode} ${typeof code === 'string' ? code : '(no error code)'}`;
}

/** `whole` when every marker shows, `stripped` when none does. */
function wholeness(text: string, markers: readonly string[]): string {
  const lower = text.toLowerCase();
  const shown = markers.filter((one) => lower.includes(one.toLowerCase()));
  if (shown.length === markers.length) return 'whole';
  if (shown.length === 0) return 'stripped';
  return `partly stripped (shows ${shown.join(', ')})`;
}

/** The expected outcome of a per-record cell, from the table's HTTP status and the type's error codes. */
function expectedRecordOutcome(type: PostType, action: RecordAction, status: PostStatus, token: string): string {
  const codes = REFUSAL_CODES[type];
  switch (token) {
    case '200':
    case 'in':
    case 'out':
      return token;
    case '400':
      return `400 ${INVALID_PARAM_CODE}`;
    case '410':
      return `410 ${codes.inTrash}`;
    case '401':
      return `401 ${FORBIDDEN_CODE}`;
    case '403':
      if (action !== 'readEvent' && action !== 'readLinked') return `403 ${FORBIDDEN_CODE}`;
      // A trashed event is gone for everybody before any other check (wire-format 7.3, step 3).
      return `403 ${status === 'trash' && codes.noLongerAvailable ? codes.noLongerAvailable : codes.notAccessible}`;
    default:
      throw new Error(`unknown cell value ${token}`);
  }
}

/**
 * Runs `work` over `items`, `width` at a time. Reads run eight at a time, which PostgreSQL serves in
 * parallel; writes one at a time, since the matrix is about permissions, not about concurrent writers.
 */
async function eachConcurrently<T>(
  items: readonly T[],
  work: (item: T) => Promise<void>,
  width: number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: width }, worker));
}
const READS = 8;
const WRITES = 1;

/**
 * The cells of one test: requests go through `request`, which also scans every response for the
 * markers of protected records the caller is not entitled to (wire-format 7.4: a password, or
 * `context=edit` with edit rights); `check` compares one cell with the table.
 */
class CellChecker {
  private readonly mismatches: string[] = [];

  constructor(
    private readonly t: TestApp,
    private readonly protectedRecords: readonly ProtectedRecord[] = [],
  ) {}

  async request(as: MatrixCaller, method: Method, url: string, body?: Json): Promise<LightMyRequestResponse> {
    const response = await this.t.request(as, method, url, body);
    this.scan(as, method, url, response);
    return response;
  }

  check(cell: string, expected: string, actual: string): void {
    cellsChecked += 1;
    if (actual !== expected) this.mismatches.push(`${cell}: expected ${expected}, got ${actual}`);
  }

  assertAll(): void {
    assert.deepEqual(this.mismatches.sort(), [], `${this.mismatches.length} cells disagree with the matrix`);
  }

  private scan(as: MatrixCaller, method: Method, url: string, response: LightMyRequestResponse): void {
    responsesScanned += 1;
    const query = new URL(url, 'http://matrix.invalid').searchParams;
    const leaked = new Set<string>();
    for (const [, type, owner] of response.body.matchAll(MARKER)) {
      const record = this.protectedRecords.find(
        (candidate) => candidate.type === type?.toLowerCase() && candidate.owner === owner?.toLowerCase(),
      );
      if (!record) continue;
      const ownership: Ownership = record.owner === as ? 'own' : 'others';
      const entitled =
        (query.get('password') === record.password &&
          protectedEntitled(PROTECTED_ENTITLEMENT, as, 'rightPassword', ownership)) ||
        (query.get('context') === 'edit' && protectedEntitled(PROTECTED_ENTITLEMENT, as, 'editContext', ownership));
      if (!entitled) leaked.add(`${record.type} of ${record.owner}`);
    }
    for (const record of leaked)
      this.mismatches.push(
        `${method} ${url} as ${as}: protected text of the ${record} leaked (status ${response.statusCode})`,
      );
  }
}

/** A fresh app in the site zone the other HTTP tests use. */
const newApp = () => createTestApp({ env: { CALENDAR_TIMEZONE: SITE_ZONE } });

/** Creates a record as the administrator on behalf of `owner`; a `trash` record is a trashed draft (see the matrix header). */
async function createRecord(
  t: TestApp,
  kind: TypeCase,
  name: string,
  owner: Owner,
  status: PostStatus,
  extra: Json = {},
): Promise<StoredRecord> {
  const requested = status === 'trash' ? 'draft' : status;
  const body = {
    ...kind.create(name),
    status: requested,
    author: t.ids[owner],
    ...(status === 'future' ? { date: SCHEDULED_DATE } : {}),
    ...extra,
  };
  const record = await createAs(t, kind.type, body);
  assert.equal(record.status, requested, `set-up: ${name} has status ${record.status}`);
  if (status !== 'trash') return { id: record.id, slug: record.slug };
  const trashed = await t.request('administrator', 'DELETE', `${kind.type}/${record.id}`);
  assert.equal(trashed.statusCode, 200, `set-up: trashing ${name}: ${trashed.body}`);
  return { id: record.id, slug: trashed.json<{ slug: string }>().slug };
}

const OWNERS: readonly Owner[] = ['administrator', 'editor', 'author', 'contributor', 'subscriber'];

/** One record per owner and status, for cells that do not change them. */
async function recordsByOwnerAndStatus(
  t: TestApp,
  kind: TypeCase,
  label: string,
): Promise<Record<Owner, Record<PostStatus, StoredRecord>>> {
  const records = {} as Record<Owner, Record<PostStatus, StoredRecord>>;
  for (const owner of OWNERS) records[owner] = {} as Record<PostStatus, StoredRecord>;
  const combinations = OWNERS.flatMap((owner) => STATUSES.map((status) => [owner, status] as const));
  await eachConcurrently(
    combinations,
    async ([owner, status]) => {
      records[owner][status] = await createRecord(
        t,
        kind,
        `${label} ${kind.singular} ${owner} ${status}`,
        owner,
        status,
      );
    },
    WRITES,
  );
  return records;
}

/** Every (caller, ownership, status) cell of the record matrix. */
const RECORD_CELLS = CALLERS.flatMap((caller) =>
  STATUSES.flatMap((status) => ownershipsOf(caller).map((ownership) => ({ caller, status, ownership }))),
);

describe(`permissions matrix: reading records and archives (${DIALECT})`, () => {
  let t: TestApp;
  const records = {} as Record<PostType, Record<Owner, Record<PostStatus, StoredRecord>>>;
  const guarded = {} as Record<PostType, Record<Owner, ProtectedRecord>>;
  /** Per owner, a public event with that owner's protected venue and organizer. */
  const showcases = {} as Record<Owner, StoredRecord>;
  const allProtected = () => POST_TYPES.flatMap((type) => OWNERS.map((owner) => guarded[type][owner]));

  before(async () => {
    t = await newApp();
    for (const type of POST_TYPES) {
      const kind = TYPE_CASES[type];
      records[type] = await recordsByOwnerAndStatus(t, kind, 'Record');
      guarded[type] = {} as Record<Owner, ProtectedRecord>;
      for (const owner of OWNERS) {
        const password = `pw-${type}-${owner}`;
        const fields = Object.fromEntries(
          kind.protectable.map((field) => [field, markedValue(field, marker(type, owner, field))]),
        );
        if (type === 'events') fields.description = `${fields.description} ${hiddenWord(owner)}`;
        const record = await createRecord(t, kind, `Guarded ${kind.singular} ${owner}`, owner, 'publish', {
          ...fields,
          post_password: password,
        });
        // A French description too: reading in another language must not lift the protection.
        const translated = await t.request('administrator', 'POST', `${type}/${record.id}?translation_language=fr`, {
          description: marker(type, owner, 'frdescription'),
        });
        assert.equal(translated.statusCode, 200, `set-up: translating ${type} ${record.id}: ${translated.body}`);
        guarded[type][owner] = { ...record, type, owner, password };
      }
    }
    for (const owner of OWNERS) {
      showcases[owner] = await createRecord(t, TYPE_CASES.events, `Showcase event ${owner}`, owner, 'publish', {
        venue: guarded.venues[owner].id,
        organizer: [guarded.organizers[owner].id],
      });
    }
  });
  after(() => t.close());

  for (const type of POST_TYPES) {
    const kind = TYPE_CASES[type];

    test(`${type}: GET /${type}/{id} and /${type}/by-slug/{slug} × caller × own/others × status`, async () => {
      const cells = new CellChecker(t, allProtected());
      await eachConcurrently(
        RECORD_CELLS,
        async ({ caller, status, ownership }) => {
          const record = records[type][ownerFor(caller, ownership)][status];
          const expected = expectedRecordOutcome(
            type,
            kind.readAction,
            status,
            recordExpectation(caller, kind.readAction, status, ownership),
          );
          for (const [route, url] of [
            [`GET /${type}/{id}`, `${type}/${record.id}`],
            [`GET /${type}/by-slug/{slug}`, `${type}/by-slug/${record.slug}`],
          ] as const) {
            const response = await cells.request(caller, 'GET', url);
            let actual = outcome(response);
            if (response.statusCode === 200 && jsonOf(response)?.id !== record.id) actual = '200 (another record)';
            cells.check(`${route} as ${caller} on ${ownership} ${status}`, expected, actual);
          }
        },
        READS,
      );
      cells.assertAll();
    });

    test(`${type}: GET /${type}?status={status} and GET /${type} × caller × own/others × status`, async () => {
      const cells = new CellChecker(t, allProtected());
      const lists = CALLERS.flatMap((caller) => [
        ...STATUSES.map((status) => ({
          caller,
          action: 'listFiltered' as const,
          query: `status=${status}`,
          statuses: [status],
        })),
        { caller, action: 'listDefault' as const, query: '', statuses: STATUSES },
      ]);
      await eachConcurrently(
        lists,
        async ({ caller, action, query, statuses }) => {
          const url = `${type}?per_page=50${query ? `&${query}` : ''}`;
          const response = await cells.request(caller, 'GET', url);
          const listed =
            response.statusCode === 200
              ? (response.json<Json>()[type] as { id: number }[]).map((item) => item.id)
              : undefined;
          for (const status of statuses) {
            for (const ownership of ownershipsOf(caller)) {
              const record = records[type][ownerFor(caller, ownership)][status];
              const expected = expectedRecordOutcome(
                type,
                action,
                status,
                recordExpectation(caller, action, status, ownership),
              );
              const actual = listed ? (listed.includes(record.id) ? 'in' : 'out') : outcome(response);
              cells.check(
                `GET /${type}${query ? `?${query}` : ''} as ${caller}: ${ownership} ${status} record`,
                expected,
                actual,
              );
            }
          }
        },
        READS,
      );
      cells.assertAll();
    });

    test(`${type}: password-protected records × caller × own/others × password/context, single reads, archives and searches`, async () => {
      const cells = new CellChecker(t, allProtected());
      const combinations = CALLERS.flatMap((caller) =>
        ownershipsOf(caller).flatMap((ownership) => PROTECTED_ACCESS.map((access) => ({ caller, ownership, access }))),
      );
      await eachConcurrently(
        combinations,
        async ({ caller, ownership, access }) => {
          const owner = ownerFor(caller, ownership);
          const record = guarded[type][owner];
          const query = accessQuery(access, record.password);
          const entitled = protectedEntitled(PROTECTED_ENTITLEMENT, caller, access, ownership) ? 'yes' : 'no';
          const cell = (route: string) =>
            `${route}${query ? ` with ${query}` : ''} as ${caller} on ${ownership} protected ${kind.singular}`;
          const andQuery = query ? `&${query}` : '';

          const singles: [route: string, url: string, language: 'en' | 'fr'][] = [
            [`GET /${type}/{id}`, `${type}/${record.id}${query ? `?${query}` : ''}`, 'en'],
            [`GET /${type}/by-slug/{slug}`, `${type}/by-slug/${record.slug}${query ? `?${query}` : ''}`, 'en'],
            [
              `GET /${type}/{id}?translation_language=fr`,
              `${type}/${record.id}?translation_language=fr${andQuery}`,
              'fr',
            ],
          ];
          for (const [route, url, language] of singles) {
            const response = await cells.request(caller, 'GET', url);
            const actual =
              response.statusCode === 200
                ? `200 ${wholeness(response.body, markersOf(record, language))}`
                : outcome(response);
            cells.check(cell(route), PROTECTED_SINGLE_READ[type][entitled], actual);
          }

          const archives: [route: string, url: string, language: 'en' | 'fr'][] = [
            [`GET /${type}`, `${type}?per_page=50${andQuery}`, 'en'],
            [`GET /${type}?search=Guarded`, `${type}?search=Guarded&per_page=50${andQuery}`, 'en'],
            [`GET /${type}?translation_language=fr`, `${type}?translation_language=fr&per_page=50${andQuery}`, 'fr'],
          ];
          if (type !== 'events')
            archives.push([`GET /${type}?event={showcase}`, `${type}?event=${showcases[owner].id}${andQuery}`, 'en']);
          for (const [route, url, language] of archives) {
            const response = await cells.request(caller, 'GET', url);
            let actual = outcome(response);
            if (response.statusCode === 200) {
              const item = (response.json<Json>()[type] as Json[]).find((candidate) => candidate.id === record.id);
              actual = item ? `listed ${wholeness(JSON.stringify(item), markersOf(record, language))}` : 'not listed';
            }
            cells.check(cell(route), PROTECTED_LISTED[entitled], actual);
          }
        },
        READS,
      );
      cells.assertAll();
    });
  }

  for (const type of POST_TYPES) {
    test(`${type}: GET /${type}?search= a word of a protected description × caller × own/others`, async () => {
      const cells = new CellChecker(t, allProtected());
      await eachConcurrently(
        CALLERS.flatMap((caller) => ownershipsOf(caller).map((ownership) => ({ caller, ownership }))),
        async ({ caller, ownership }) => {
          const owner = ownerFor(caller, ownership);
          const word = type === 'events' ? hiddenWord(owner) : marker(type, owner, 'description');
          const response = await cells.request(caller, 'GET', `${type}?search=${word}&per_page=50`);
          const actual =
            response.statusCode === 200
              ? (response.json<Json>()[type] as Json[]).some((record) => record.id === guarded[type][owner].id)
                ? 'in'
                : 'out'
              : outcome(response);
          cells.check(
            `GET /${type}?search=${word} as ${caller} on ${ownership} protected ${TYPE_CASES[type].singular}`,
            protectedTextSearchFinds(caller, ownership) ? 'in' : 'out',
            actual,
          );
        },
        READS,
      );
      cells.assertAll();
    });
  }

  for (const type of ['venues', 'organizers'] as const) {
    test(`${type} embedded in a public event: protected ones stay stripped × caller × own/others × password/context`, async () => {
      const cells = new CellChecker(t, allProtected());
      const combinations = CALLERS.flatMap((caller) =>
        ownershipsOf(caller).flatMap((ownership) => PROTECTED_ACCESS.map((access) => ({ caller, ownership, access }))),
      );
      await eachConcurrently(
        combinations,
        async ({ caller, ownership, access }) => {
          const owner = ownerFor(caller, ownership);
          const linked = guarded[type][owner];
          const showcase = showcases[owner];
          const query = accessQuery(access, linked.password);
          const andQuery = query ? `&${query}` : '';
          const expected = `embedded ${protectedEntitled(EMBEDDED_PROTECTED_ENTITLEMENT, caller, access, ownership) ? 'whole' : 'stripped'}`;
          const embeddedIn = (event: Json | undefined): string => {
            if (!event) return 'event not found';
            const value = event[type === 'venues' ? 'venue' : 'organizer'];
            const item = (Array.isArray(value) ? value : [value]).find(
              (candidate) => (candidate as Json | undefined)?.id === linked.id,
            );
            return item ? `embedded ${wholeness(JSON.stringify(item), markersOf(linked, 'en'))}` : `not embedded`;
          };
          const routes: [route: string, url: string, pick: (body: Json) => Json | undefined][] = [
            ['GET /events/{showcase}', `events/${showcase.id}${query ? `?${query}` : ''}`, (body) => body],
            [
              'GET /events?search=Showcase',
              `events?search=Showcase&per_page=50${andQuery}`,
              (body) => (body.events as Json[]).find((event) => event.id === showcase.id),
            ],
          ];
          for (const [route, url, pick] of routes) {
            const response = await cells.request(caller, 'GET', url);
            const actual = response.statusCode === 200 ? embeddedIn(pick(response.json<Json>())) : outcome(response);
            cells.check(
              `${route}${query ? ` with ${query}` : ''} as ${caller}: ${ownership} protected ${TYPE_CASES[type].singular}`,
              expected,
              actual,
            );
          }
        },
        READS,
      );
      cells.assertAll();
    });
  }
});

/** The writing sections share one app: none of them reads an archive that the others' records would crowd. */
describe(`permissions matrix: writing (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await newApp();
  });
  after(() => t.close());

  describe('updating records', () => {
    const records = {} as Record<PostType, Record<Owner, Record<PostStatus, StoredRecord>>>;
    before(async () => {
      for (const type of POST_TYPES) records[type] = await recordsByOwnerAndStatus(t, TYPE_CASES[type], 'Editable');
    });

    for (const type of POST_TYPES) {
      // The change leaves status, owner and slug alone, so every cell can use the same records.
      test(`${type}: POST, PUT and PATCH on /${type}/{id} and /${type}/by-slug/{slug} × caller × own/others × status`, async () => {
        const cells = new CellChecker(t);
        const combinations = RECORD_CELLS.flatMap((cell) =>
          UPDATE_METHODS.flatMap((method) => (['id', 'slug'] as const).map((by) => ({ ...cell, method, by }))),
        );
        await eachConcurrently(
          combinations,
          async ({ caller, status, ownership, method, by }) => {
            const record = records[type][ownerFor(caller, ownership)][status];
            const url = by === 'id' ? `${type}/${record.id}` : `${type}/by-slug/${record.slug}`;
            const response = await cells.request(caller, method, url, {
              description: `Changed by ${caller} with ${method}`,
            });
            let actual = outcome(response);
            if (response.statusCode === 200 && jsonOf(response)?.id !== record.id) actual = '200 (another record)';
            const route = `${method} /${type}/${by === 'id' ? '{id}' : 'by-slug/{slug}'}`;
            cells.check(
              `${route} as ${caller} on ${ownership} ${status}`,
              expectedRecordOutcome(type, 'update', status, recordExpectation(caller, 'update', status, ownership)),
              actual,
            );
          },
          WRITES,
        );
        cells.assertAll();
      });
    }
  });

  describe('deleting records', () => {
    const variants = [
      { action: 'trash', by: 'id', force: false },
      { action: 'trash', by: 'slug', force: false },
      { action: 'forceDelete', by: 'id', force: true },
      { action: 'forceDelete', by: 'slug', force: true },
    ] as const;

    for (const type of POST_TYPES) {
      const kind = TYPE_CASES[type];
      test(`${type}: DELETE /${type}/{id} and /${type}/by-slug/{slug}, with and without force=true × caller × own/others × status`, async () => {
        const cells = new CellChecker(t);
        // Every cell gets a record nobody has touched: one a refused delete (4xx) left alone goes
        // back to the pool for the next cell of the same owner and status, any other is used up.
        const untouched = new Map<string, StoredRecord[]>();
        let created = 0;
        const take = async (owner: Owner, status: PostStatus) => {
          const reusable = untouched.get(`${owner} ${status}`)?.pop();
          if (reusable) return reusable;
          created += 1;
          return createRecord(t, kind, `Doomed ${kind.singular} ${created} ${owner} ${status}`, owner, status);
        };
        const combinations = RECORD_CELLS.flatMap((cell) => variants.map((variant) => ({ ...cell, ...variant })));
        await eachConcurrently(
          combinations,
          async ({ caller, status, ownership, action, by, force }) => {
            const owner = ownerFor(caller, ownership);
            const record = await take(owner, status);
            const path = by === 'id' ? `${type}/${record.id}` : `${type}/by-slug/${record.slug}`;
            const response = await cells.request(caller, 'DELETE', `${path}${force ? '?force=true' : ''}`);
            if (response.statusCode >= 400 && response.statusCode < 500)
              untouched.set(`${owner} ${status}`, [...(untouched.get(`${owner} ${status}`) ?? []), record]);
            let actual = outcome(response);
            if (response.statusCode === 200 && jsonOf(response)?.id !== record.id) actual = '200 (another record)';
            const route = `DELETE /${type}/${by === 'id' ? '{id}' : 'by-slug/{slug}'}${force ? '?force=true' : ''}`;
            cells.check(
              `${route} as ${caller} on ${ownership} ${status}`,
              expectedRecordOutcome(type, action, status, recordExpectation(caller, action, status, ownership)),
              actual,
            );
          },
          WRITES,
        );
        cells.assertAll();
      });
    }
  });

  describe('creating records', () => {
    for (const type of POST_TYPES) {
      const kind = TYPE_CASES[type];
      test(`${type}: POST /${type} × caller × requested status, and on behalf of another user`, async () => {
        const cells = new CellChecker(t);
        const combinations = CALLERS.flatMap((caller) =>
          REQUESTED_STATUSES.map((requested) => ({ caller, requested })),
        );
        await eachConcurrently(
          combinations,
          async ({ caller, requested }) => {
            const body = {
              ...kind.create(`New ${kind.singular} ${caller} ${requested}`),
              ...(requested === 'none' ? {} : { status: requested }),
              ...(requested === 'future' ? { date: SCHEDULED_DATE } : {}),
            };
            const response = await cells.request(caller, 'POST', type, body);
            const expected = createExpectation(caller, requested);
            const actual = response.statusCode === 201 ? `201 ${String(jsonOf(response)?.status)}` : outcome(response);
            cells.check(
              `POST /${type} ${requested === 'none' ? 'without status' : `with status ${requested}`} as ${caller}`,
              expected.status === 201 ? `201 ${expected.resultingStatus}` : `${expected.status} ${FORBIDDEN_CODE}`,
              actual,
            );
          },
          WRITES,
        );
        await eachConcurrently(
          CALLERS,
          async (caller) => {
            const other = ownerFor(caller, 'others');
            const response = await cells.request(caller, 'POST', type, {
              ...kind.create(`On behalf ${kind.singular} ${caller}`),
              author: t.ids[other],
            });
            const expected = createAsOtherExpectation(caller);
            let actual = outcome(response);
            if (response.statusCode === 201 && jsonOf(response)?.author !== String(t.ids[other]))
              actual = `201 (author ${String(jsonOf(response)?.author)})`;
            cells.check(
              `POST /${type} with author ${other} as ${caller}`,
              expected.code ? `${expected.status} ${expected.code}` : String(expected.status),
              actual,
            );
          },
          WRITES,
        );
        cells.assertAll();
      });
    }
  });

  describe('categories, tags and the namespace routes', () => {
    const expectedStatus = (status: number) =>
      status < 400 ? String(status) : `${status} ${status === 404 ? 'rest_no_route' : FORBIDDEN_CODE}`;

    for (const taxonomy of TAXONOMIES) {
      test(`${taxonomy}: list, read, ?slug=, create, update (POST, PUT, PATCH) and delete × caller`, async () => {
        const cells = new CellChecker(t);
        const createTerm = (name: string) => createAs(t, taxonomy, { name });
        const shared = await createTerm(`Shared ${taxonomy}`);
        const listed = (response: LightMyRequestResponse, id: number) =>
          (response.json<Json>()[taxonomy] as Json[]).some((term) => term.id === id)
            ? String(response.statusCode)
            : `${response.statusCode} (term missing)`;
        const requests: Record<TermAction, (caller: MatrixCaller) => Promise<string>> = {
          // Unused terms are hidden by default (wire-format 4.3).
          list: async (caller) => {
            const response = await cells.request(caller, 'GET', `${taxonomy}?hide_empty=false&per_page=50`);
            return response.statusCode === 200 ? listed(response, shared.id) : outcome(response);
          },
          read: async (caller) => outcome(await cells.request(caller, 'GET', `${taxonomy}/${shared.id}`)),
          slugFilter: async (caller) => {
            const response = await cells.request(caller, 'GET', `${taxonomy}?slug=${shared.slug}&hide_empty=false`);
            return response.statusCode === 200 ? listed(response, shared.id) : outcome(response);
          },
          create: async (caller) =>
            outcome(await cells.request(caller, 'POST', taxonomy, { name: `Created ${taxonomy} by ${caller}` })),
          updatePost: async (caller) =>
            outcome(
              await cells.request(caller, 'POST', `${taxonomy}/${shared.id}`, { description: `POST by ${caller}` }),
            ),
          updatePut: async (caller) =>
            outcome(
              await cells.request(caller, 'PUT', `${taxonomy}/${shared.id}`, { description: `PUT by ${caller}` }),
            ),
          updatePatch: async (caller) =>
            outcome(
              await cells.request(caller, 'PATCH', `${taxonomy}/${shared.id}`, { description: `PATCH by ${caller}` }),
            ),
          delete: async (caller) =>
            outcome(
              await cells.request(
                caller,
                'DELETE',
                `${taxonomy}/${(await createTerm(`Doomed ${taxonomy} ${caller}`)).id}`,
              ),
            ),
        };
        const combinations = TERM_ACTIONS.flatMap((action) => CALLERS.map((caller) => ({ action, caller })));
        await eachConcurrently(
          combinations,
          async ({ action, caller }) => {
            cells.check(
              `${taxonomy} ${action} as ${caller}`,
              expectedStatus(termExpectation(taxonomy, action, caller)),
              await requests[action](caller),
            );
          },
          WRITES,
        );
        cells.assertAll();
      });
    }

    test('GET /, GET /doc and methods the collections do not have × caller', async () => {
      const cells = new CellChecker(t);
      const combinations = Object.keys(NAMESPACE_MATRIX).flatMap((route) =>
        CALLERS.map((caller) => ({ route, caller })),
      );
      await eachConcurrently(
        combinations,
        async ({ route, caller }) => {
          const [method, path] = route.split(' ') as [Method, string];
          const response = await cells.request(caller, method, path === '/' ? API : path.slice(1));
          cells.check(`${route} as ${caller}`, expectedStatus(namespaceExpectation(route, caller)), outcome(response));
        },
        READS,
      );
      cells.assertAll();
    });
  });
});
