import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BackupError, errorCode, refuseUnlessEmpty, writeInPlace, type BackupSummary } from './backup-files.ts';
import { mediaCopy } from './backup-media.ts';
import { RECORD_COUNTS_SQL, recordCounts } from './integrity.ts';
import { MEDIA_FILES_SQL } from './repositories/media.repository.ts';

/** PostgreSQL's backup and restore: pg_dump's custom format of the service's schema, restored by pg_restore in one transaction. */

/** The PostgreSQL client tools run with the connection of DATABASE_URL; its password goes in the environment, never on their command line. */
interface ToolConnection {
  readonly dbname: string;
  readonly env: NodeJS.ProcessEnv;
}

function toolConnection(url: string): ToolConnection {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // The service's driver reads the query string as a form ('+' is a space, as URLSearchParams
  // writes `options=-c+search_path=…`); libpq only decodes %XX, so the parameters are re-encoded.
  parsed.search = [...parsed.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return { dbname: parsed.toString(), env: { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) } };
}

/** Runs a PostgreSQL client tool; resolves with its standard output, or fails with its message. */
function runTool(name: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(name, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      reject(
        errorCode(error) === 'ENOENT'
          ? new BackupError(
              `${name} was not found on PATH; install the PostgreSQL client tools of the server's major version (Debian, Ubuntu: apt-get install postgresql-client).`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else reject(new BackupError(`${name} failed (exit code ${code}): ${Buffer.concat(err).toString().trim()}`));
    });
  });
}

/** Refuses a client tool of another major version than the server's: archives are not readable across all pairs. */
async function checkToolVersion(name: string, client: pg.Client): Promise<void> {
  const version = await runTool(name, ['--version']);
  const tool = /\(PostgreSQL\) (\d+)/.exec(version)?.[1];
  const { rows } = await client.query<{ major: string }>(
    `select (current_setting('server_version_num')::int / 10000)::text as major`,
  );
  const server = rows[0]!.major;
  if (tool !== server)
    throw new BackupError(
      `${name} is version ${tool ?? version.trim()} but the server is PostgreSQL ${server}; put the client tools of version ${server} first on PATH (Debian, Ubuntu: apt-get install postgresql-client-${server}).`,
    );
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const hasCalendarTablesIn = async (client: pg.Client, schema: string) =>
  (await client.query(`select 1 from pg_tables where schemaname = $1 and tablename = 'posts'`, [schema])).rows.length >
  0;

/** A pg_dump pattern that matches exactly `name`. */
const exactPattern = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Extensions that objects of `schema` depend on (pg_trgm for the search index), so that the archive installs them too. */
async function extensionsUsedBy(client: pg.Client, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select distinct e.extname as name from pg_depend d
       join pg_depend member on member.classid = d.refclassid and member.objid = d.refobjid and member.deptype = 'e' and member.refclassid = 'pg_extension'::regclass
       join pg_extension e on e.oid = member.refobjid
       join pg_class c on d.classid = 'pg_class'::regclass and c.oid = d.objid
      where c.relnamespace = $1::regnamespace`,
    [schema],
  );
  return rows.map((row) => row.name);
}

export async function backupPostgres(
  url: string,
  file: string,
  force: boolean,
  mediaDir: string,
): Promise<BackupSummary> {
  const client = await connect(url);
  const media = mediaCopy(file, mediaDir);
  try {
    await checkToolVersion('pg_dump', client);
    // The counts and pg_dump read one snapshot, exported from this transaction.
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ snapshot: string; schema: string | null }>(
      'select pg_export_snapshot() as snapshot, current_schema() as schema',
    );
    const { snapshot, schema } = rows[0]!;
    if (schema === null || !(await hasCalendarTablesIn(client, schema)))
      throw new BackupError(
        `The database of DATABASE_URL holds no calendar-events data (schema ${schema ?? 'none'}); nothing to back up.`,
      );
    const counts = recordCounts((await client.query(RECORD_COUNTS_SQL)).rows[0] as Record<string, unknown>);
    const extensions = await extensionsUsedBy(client, schema);
    // The uploads of the dump's snapshot.
    media.copy((await client.query<{ url: string; sizes_json: string | null }>(MEDIA_FILES_SQL)).rows);
    const connection = toolConnection(url);
    await writeInPlace(file, force, (temporary) =>
      runTool(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          `--schema=${exactPattern(schema)}`,
          ...extensions.map((name) => `--extension=${exactPattern(name)}`),
          `--snapshot=${snapshot}`,
          `--file=${temporary}`,
          `--dbname=${connection.dbname}`,
        ],
        connection.env,
      ),
    );
    await client.query('commit');
    return { bytes: fs.statSync(file).size, counts, mediaFiles: media.place(force) };
  } finally {
    media.discard();
    await client.end();
  }
}

/** The entries of a search_path setting, unquoted (`"$user", public` → `$user`, `public`). */
function searchPathEntries(setting: string): string[] {
  return [...setting.matchAll(/\s*("(?:[^"]|"")*"|[^,]+?)\s*(?:,|$)/g)]
    .map((match) => match[1]!)
    .filter((entry) => entry !== '')
    .map((entry) => (entry.startsWith('"') ? entry.slice(1, -1).replace(/""/g, '"') : entry.toLowerCase()));
}

/** The schema unqualified names will resolve to once `schema` exists: the first entry of the search path that exists or is `schema`. */
async function schemaOnceRestored(client: pg.Client, schema: string): Promise<string | undefined> {
  const { rows } = await client.query<{ path: string; user: string; schemas: string[] }>(
    `select current_setting('search_path') as path, current_user as user, array(select nspname::text from pg_namespace) as schemas`,
  );
  const { path: setting, user, schemas } = rows[0]!;
  for (const entry of searchPathEntries(setting)) {
    const name = entry === '$user' ? user : entry;
    if (name === schema || schemas.includes(name)) return name;
  }
  return undefined;
}

/** One line of `pg_restore --list`: `<id>; <oid> <oid> <type> <schema> <name> <owner>`. */
const TOC_SCHEMA = /^\d+; \d+ \d+ SCHEMA - (\S+)/;
const TOC_EXTENSION = /^\d+; \d+ \d+ EXTENSION - (\S+)/;
/** Comments on a schema or an extension are the system's own, and only their owner may set them. */
const TOC_SYSTEM_COMMENT = /^\d+; \d+ \d+ COMMENT - (SCHEMA|EXTENSION) /;

export async function restorePostgres(url: string, file: string): Promise<void> {
  const client = await connect(url);
  const listDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-restore-'));
  try {
    await checkToolVersion('pg_restore', client);
    const toc = (
      await runTool('pg_restore', ['--list', file]).catch((error: unknown) => {
        throw new BackupError(`${file} is not a usable pg_dump archive: ${(error as Error).message}`);
      })
    ).split('\n');
    const schemas = toc.flatMap((line) => TOC_SCHEMA.exec(line)?.[1] ?? []);
    const schema = schemas[0];
    if (schema === undefined || schemas.length > 1)
      throw new BackupError(
        `${file} is not a backup made by calendar-events backup: it holds ${schemas.length} schemas instead of one.`,
      );
    const target = await schemaOnceRestored(client, schema);
    if (target !== schema) {
      throw new BackupError(
        `${file} holds the schema "${schema}", but the connection of DATABASE_URL uses ${target === undefined ? 'no schema' : `"${target}"`}; ` +
          `pg_restore cannot rename a schema, so restore into a database whose search_path starts with it (e.g. ?options=-c%20search_path%3D${encodeURIComponent(schema)}).`,
      );
    }
    const existing = (await client.query(`select 1 from pg_namespace where nspname = $1`, [schema])).rows.length > 0;
    if (existing && (await hasCalendarTablesIn(client, schema)))
      refuseUnlessEmpty(recordCounts((await client.query(RECORD_COUNTS_SQL)).rows[0] as Record<string, unknown>));
    const installed = new Set(
      (await client.query<{ name: string }>('select extname as name from pg_extension')).rows.map((row) => row.name),
    );
    // What exists already is left as it is: the schema (public in a new database) and installed
    // extensions, which other schemas may use; --clean would drop them.
    const list = toc.filter(
      (line) =>
        !(existing && TOC_SCHEMA.test(line)) &&
        !installed.has(TOC_EXTENSION.exec(line)?.[1] ?? '') &&
        !TOC_SYSTEM_COMMENT.test(line),
    );
    const listFile = path.join(listDirectory, 'restore.list');
    fs.writeFileSync(listFile, list.join('\n'));
    const connection = toolConnection(url);
    // One transaction: a damaged or truncated archive fails the restore before anything shows.
    // --clean removes the empty tables a `migrate` may have created, which the check above found empty.
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        '--clean',
        '--if-exists',
        `--use-list=${listFile}`,
        `--dbname=${connection.dbname}`,
        file,
      ],
      connection.env,
    );
  } finally {
    fs.rmSync(listDirectory, { recursive: true, force: true });
    await client.end();
  }
}
