import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Code that runs in browsers, written in TypeScript under src/ and bundled by esbuild: the admin's
 * application (src/admin/, decision 0054) and the public pages' scripts (src/page-scripts/). `npm
 * run build` writes each bundle into its folder under dist/, which the server reads when it runs
 * from dist/ (esbuild is a development dependency: a production install serves what was built).
 * Run from the sources (tests, `npm run dev`), the server bundles them itself, in memory, once per
 * process, so an edit of a client is what the next test run serves.
 */

export interface ClientFile {
  readonly body: Buffer;
  readonly type: string;
}

/** A bundle's files by name. */
export type ClientFiles = ReadonlyMap<string, ClientFile>;

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** src/ when run from the sources, dist/ when built: each client's folder is beside this file. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const SOURCES = path.join(HERE, '..', 'src');

/**
 * The admin shares the server's recurrence code (the editor's preview), which imports `rrule` as
 * Node loads it: its CommonJS main, a default export. The bundle loads that same file, not the
 * package's `module` build, which has no default export.
 */
const asNodeLoadsIt = (name: string) => ({
  name: `${name}-as-node-loads-it`,
  setup(build: { onResolve: (options: { filter: RegExp }, callback: () => { path: string }) => void }) {
    build.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({
      path: createRequire(import.meta.url).resolve(name),
    }));
  },
});

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const typeOf = (name: string): string => TYPES[path.extname(name)] ?? 'application/octet-stream';

/** A client: its folder under src/ and dist/, its entries (output name: file in the folder), and whether its names carry a hash of their content. */
interface Client {
  readonly folder: string;
  readonly entries: Readonly<Record<string, string>>;
  /** Hashed names, cached for a year, and lazily loaded parts (the admin); else fixed names the pages link to. */
  readonly hashed: boolean;
}

const ADMIN: Client = { folder: 'admin', entries: { admin: 'main.tsx' }, hashed: true };
const PAGE_SCRIPTS: Client = {
  folder: 'page-scripts',
  entries: { calendar: 'calendar.ts', community: 'community.ts' },
  hashed: false,
};

async function bundle(client: Client): Promise<ClientFiles> {
  // A development dependency, imported only when bundling (never by a production server).
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(
      Object.entries(client.entries).map(([name, file]) => [name, path.join(SOURCES, client.folder, file)]),
    ),
    bundle: true,
    splitting: client.hashed,
    format: client.hashed ? 'esm' : 'iife',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    entryNames: client.hashed ? '[name]-[hash]' : '[name]',
    chunkNames: 'part-[hash]',
    outdir: `/${client.folder}`,
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [asNodeLoadsIt('rrule')],
  });
  return new Map(
    result.outputFiles.map((output) => [
      path.basename(output.path),
      { body: Buffer.from(output.contents), type: typeOf(output.path) },
    ]),
  );
}

async function readBuilt(client: Client): Promise<ClientFiles> {
  const folder = path.join(HERE, client.folder);
  const names = await fs.readdir(folder);
  return new Map(
    await Promise.all(
      names.map(
        async (name) => [name, { body: await fs.readFile(path.join(folder, name)), type: typeOf(name) }] as const,
      ),
    ),
  );
}

/** `npm run build`: bundles each client into its folder under dist/. */
export async function writeClientBundles(): Promise<void> {
  for (const client of [ADMIN, PAGE_SCRIPTS]) {
    const folder = path.join(HERE, client.folder);
    const files = await bundle(client);
    await fs.rm(folder, { recursive: true, force: true });
    await fs.mkdir(folder, { recursive: true });
    for (const [name, file] of files) await fs.writeFile(path.join(folder, name), file.body);
  }
}

const loading = new Map<Client, Promise<ClientFiles>>();

/** A client's files as this process serves them: bundled from the sources once, or read from dist/. */
function filesOf(client: Client): Promise<ClientFiles> {
  let files = loading.get(client);
  if (files === undefined) {
    files = FROM_SOURCES ? bundle(client) : readBuilt(client);
    loading.set(client, files);
    // A failed build is tried again by the next request rather than kept.
    files.catch(() => loading.delete(client));
  }
  return files;
}

export interface AdminBundle {
  /** By file name under `/admin/assets/`. */
  readonly files: ClientFiles;
  /** The entry script's and stylesheet's file names. */
  readonly script: string;
  readonly stylesheet: string;
}

/** The admin's application: its files and the names of its entry script and stylesheet. */
export async function adminBundle(): Promise<AdminBundle> {
  const files = await filesOf(ADMIN);
  const named = (extension: string) => {
    const found = [...files.keys()].find((name) => name.startsWith('admin-') && name.endsWith(extension));
    if (found === undefined) throw new Error(`the admin bundle has no admin-*${extension}`);
    return found;
  };
  return { files, script: named('.js'), stylesheet: named('.css') };
}

/** The public pages' scripts, by file name under `/assets/` (`calendar.js`, `community.js`). */
export function pageScripts(): Promise<ClientFiles> {
  return filesOf(PAGE_SCRIPTS);
}
