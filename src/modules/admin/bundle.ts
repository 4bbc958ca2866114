import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The admin's client application (src/admin/, decision 0054): one esbuild bundle, file names
 * hashed by their content so that they are cached for a year. `npm run build` writes it into
 * dist/admin/ with a manifest, which the server reads when it runs from dist/ (esbuild is a
 * development dependency: a production install serves what was built). Run from the sources
 * (tests, `npm run dev`), the server bundles the client itself, in memory, once per process, so an
 * edit of the client is what the next test run serves.
 */

export interface AdminFile {
  readonly body: Buffer;
  readonly type: string;
}

export interface AdminBundle {
  /** By file name under `/admin/assets/`. */
  readonly files: ReadonlyMap<string, AdminFile>;
  /** The entry script's and stylesheet's file names. */
  readonly script: string;
  readonly stylesheet: string;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** src/modules/admin/ → src/admin/; dist/modules/admin/ → dist/admin/ (where the build writes). */
const BESIDE = path.join(HERE, '..', '..', 'admin');
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const MANIFEST = 'manifest.json';

/**
 * The client shares the server's recurrence code (the editor's preview), which imports `rrule` as
 * Node loads it: its CommonJS main, a default export. The bundle loads that same file, not the
 * package's `module` build, which has no default export.
 */
const asNodeLoadsIt = (name: string) => ({
  name: `${name}-as-node-loads-it`,
  setup(build: { onResolve: (options: { filter: RegExp }, callback: () => { path: string }) => void }) {
    build.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({ path: createRequire(import.meta.url).resolve(name) }));
  },
});

const TYPES: Readonly<Record<string, string>> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
const typeOf = (name: string): string => TYPES[path.extname(name)] ?? 'application/octet-stream';

/** Bundles the client: the entry and its lazily loaded parts (the event editor) as ES modules. */
async function bundle(entry: string): Promise<AdminBundle> {
  // A development dependency, imported only when bundling (never by a production server).
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: { admin: entry },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    entryNames: '[name]-[hash]',
    chunkNames: 'part-[hash]',
    outdir: '/admin-assets',
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [asNodeLoadsIt('rrule')],
  });
  const files = new Map<string, AdminFile>();
  for (const output of result.outputFiles) {
    const name = path.basename(output.path);
    files.set(name, { body: Buffer.from(output.contents), type: typeOf(name) });
  }
  const named = (prefix: string, extension: string) => {
    const found = [...files.keys()].find((name) => name.startsWith(prefix) && name.endsWith(extension));
    if (found === undefined) throw new Error(`the admin bundle has no ${prefix}*${extension}`);
    return found;
  };
  return { files, script: named('admin-', '.js'), stylesheet: named('admin-', '.css') };
}

/** `npm run build`: bundles src/admin/ into dist/admin/ with its manifest. */
export async function writeAdminBundle(): Promise<void> {
  const built = await bundle(path.join(HERE, '..', '..', '..', 'src', 'admin', 'main.tsx'));
  await fs.rm(BESIDE, { recursive: true, force: true });
  await fs.mkdir(BESIDE, { recursive: true });
  for (const [name, file] of built.files) await fs.writeFile(path.join(BESIDE, name), file.body);
  await fs.writeFile(path.join(BESIDE, MANIFEST), JSON.stringify({ script: built.script, stylesheet: built.stylesheet }));
}

async function readBuilt(): Promise<AdminBundle> {
  const manifest = JSON.parse(await fs.readFile(path.join(BESIDE, MANIFEST), 'utf8')) as { script: string; stylesheet: string };
  const files = new Map<string, AdminFile>();
  for (const name of await fs.readdir(BESIDE)) {
    if (name !== MANIFEST) files.set(name, { body: await fs.readFile(path.join(BESIDE, name)), type: typeOf(name) });
  }
  return { files, script: manifest.script, stylesheet: manifest.stylesheet };
}

let loading: Promise<AdminBundle> | undefined;

/** The bundle this process serves: built from the sources once, or read from dist/admin/. */
export function adminBundle(): Promise<AdminBundle> {
  loading ??= FROM_SOURCES ? bundle(path.join(BESIDE, 'main.tsx')) : readBuilt();
  // A failed build is tried again by the next request rather than kept.
  loading.catch(() => { loading = undefined; });
  return loading;
}
