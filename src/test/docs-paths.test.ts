// The docs name only files that exist. docs/ARCHITECTURE.md: every backticked repository path, and
// every file and folder of its layout block, each where the text puts it, never searched for (a
// countries.ts listed under queries/ is src/queries/countries.ts, whatever other countries.ts there
// is). The README and the other docs/ pages (docs/upstream/ too): every src/, scripts/, e2e/, bench/
// and docs/ path. A failure lists each missing path with the document that names it, so a moved file
// is one search away. And the README stays at most 500 lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Every file and folder of the repository, as paths from its root (what is built or installed left out). */
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', '.ramp-data']);
const entries = new Set<string>();
(function walk(dir: string) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    entries.add(path);
    if (entry.isDirectory()) walk(path);
  }
})('');

/** `path` is a file or folder of `folder` (no search: the path as written, from there). */
const existsIn = (folder: string, path: string): boolean =>
  entries.has(posix.join(folder, path.replace(/\/$/, '')));

const ROOTED = /(?<![\w./-])((?:src|scripts|e2e|bench|docs)\/[\w.@/*-]*\w)/g;
/** Paths from the repository's root, backticked or not (`src/…`, `scripts/…`, `e2e/…`, `bench/…`, `docs/…`). */
const rootedPaths = (text: string): string[] => [...text.matchAll(ROOTED)].map((m) => m[1]!);

const FILE = /\.(?:tsx?|mjs|cjs|js|json|md|html|css|ya?ml|sh)$/;
const NOT_FILES = new Set(['Node.js', 'Next.js']);

/**
 * docs/ARCHITECTURE.md's backticked paths that are not from the root: from the root, from src/ (the
 * browser's layers) or from src/server/ (the server's folders), as the text that names them reads.
 */
const PROSE_BASES = ['', 'src', 'src/server'];
const backtickedRelative = (text: string): string[] =>
  [...text.matchAll(/`([\w.@[\]-]+(?:\/[\w.@[\]-]+)*\/?)`/g)]
    .map((m) => m[1]!)
    .filter((p) => !rootedPaths(p).length && (FILE.test(p) || p.endsWith('/')) && !NOT_FILES.has(p));

interface LayoutPath {
  /** As the block writes it. */
  path: string;
  /** The folders it may be in, the likeliest first. */
  under: string[];
}

/**
 * The layout block's files and folders, each resolved from one folder, never searched for: an
 * entry's own name from the folder above it (by indentation); a name in its description from the
 * entry (a name inside "folder/ (…)" from that folder), else from the root (`index.html`).
 */
function layoutPaths(text: string): LayoutPath[] {
  const block = /## Layout\s+```\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md: no ```block under "## Layout"');
  const lines = block.split('\n').filter((line) => line.trim());
  const found: LayoutPath[] = [];
  // The first line lists files at the root.
  for (const name of lines[0]!.trim().split(/\s+/)) found.push({ path: name, under: [''] });
  // Each entry: its line, and the lines below it that go on with its description.
  const items: { indent: number; name: string; description: string }[] = [];
  for (const line of lines.slice(1)) {
    const indent = line.length - line.trimStart().length;
    const words = line.trim();
    const name = words.split(/\s+/)[0]!;
    if (indent < 20) items.push({ indent, name, description: words.slice(name.length) });
    else if (items.length) items[items.length - 1]!.description += ` ${words}`;
  }
  const parents: { indent: number; folder: string }[] = [];
  for (const { indent, name, description } of items) {
    while (parents.length && parents[parents.length - 1]!.indent >= indent) parents.pop();
    const parent = parents[parents.length - 1]?.folder ?? '';
    const path = posix.join(parent, name);
    found.push({ path, under: [''] });
    if (name.endsWith('/')) parents.push({ indent, folder: path });
    found.push(...describedPaths(description, name.endsWith('/') ? path : parent));
  }
  return found;
}

const DESCRIBED = /(?<![\w.`/-])([\w.-]+\.(?:tsx?|mjs|js|html)|[\w-]+\/)(?![\w/])|[()]/g;

/** The files and folders a description of `folder`'s entry names (see layoutPaths). */
function describedPaths(description: string, folder: string): LayoutPath[] {
  const found: LayoutPath[] = [];
  const scopes = [folder];
  // The last folder named and where its name ends: a "(" right after it opens that folder's scope.
  let named: { folder: string; end: number } | undefined;
  for (const m of description.matchAll(DESCRIBED)) {
    const scope = scopes[scopes.length - 1]!;
    if (m[0] === '(') {
      const about = named && !description.slice(named.end, m.index).trim();
      scopes.push(about ? posix.join(scope, named!.folder) : scope);
    } else if (m[0] === ')') {
      if (scopes.length > 1) scopes.pop();
    } else if (!NOT_FILES.has(m[1]!)) {
      found.push({ path: m[1]!, under: [scope, ''] });
    }
    named = m[1]?.endsWith('/') ? { folder: m[1], end: m.index + m[0].length } : undefined;
  }
  return found;
}

/** The docs/ pages, those of docs/upstream/ included. */
const DOCS = [...entries].filter((path) => path.startsWith('docs/') && path.endsWith('.md')).sort();

/** A rooted path exists, or a glob (`src/api/__fixtures__/financial-accounts-*.json`) matches a file. */
function matches(path: string): boolean {
  if (!path.includes('*')) return entries.has(path);
  const glob = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return [...entries].some((entry) => glob.test(entry));
}

/** The paths `text`, the document `doc`, names that do not exist, each as `doc: path`. */
function missing(doc: string, text = read(doc)): string[] {
  const gone = rootedPaths(text).filter((p) => !matches(p));
  if (doc === 'docs/ARCHITECTURE.md') {
    gone.push(...backtickedRelative(text).filter((p) => !PROSE_BASES.some((base) => existsIn(base, p))));
    for (const { path, under } of layoutPaths(text)) {
      if (!under.some((folder) => existsIn(folder, path)))
        gone.push(`${posix.join(under[0]!, path)} (layout)`);
    }
  }
  return [...new Set(gone)].map((p) => `${doc}: ${p}`);
}

describe('the docs name only files that exist', () => {
  it('finds the paths it checks (the extraction is not empty)', () => {
    const architecture = read('docs/ARCHITECTURE.md');
    expect(layoutPaths(architecture).map((p) => posix.join(p.under[0]!, p.path))).toEqual(
      expect.arrayContaining([
        'src/server/app.ts',
        'src/server/config/options.ts',
        'scripts/',
        'src/hosted/warm.ts',
      ]),
    );
    expect(rootedPaths(read('README.md'))).toContain('docs/PERFORMANCE.md');
    expect(backtickedRelative(architecture)).toContain('eslint.config.js');
  });

  it('reports each path that does not exist, and only those', () => {
    const text = [
      '## Layout',
      '',
      '```',
      'package.json  gone.json',
      'src/',
      '  server/              app.ts  gone.ts',
      '    http/              headers.ts',
      '    gone/              what it held',
      '    storage/           stores/ (memory.ts, gone.ts)  backing.ts',
      '  queries/             keys.ts countries.ts',
      '```',
      'See `src/server/http/nowhere.ts`, `proxy/nowhere.ts`, `proxy/policy.ts`, `schema.ts` and docs/no-such-page.md.',
      'Fixtures: `src/api/__fixtures__/crypto-*.json`, `src/api/__fixtures__/nothing-*.json`.',
    ].join('\n');
    expect(missing('docs/ARCHITECTURE.md', text)).toEqual([
      'docs/ARCHITECTURE.md: src/server/http/nowhere.ts',
      'docs/ARCHITECTURE.md: docs/no-such-page.md',
      'docs/ARCHITECTURE.md: src/api/__fixtures__/nothing-*.json',
      'docs/ARCHITECTURE.md: proxy/nowhere.ts',
      // Named where it is not, though a file of that name is elsewhere (src/server/config/schema.ts,
      // src/sandbox/data/countries.ts): not found, as the reader would not find it.
      'docs/ARCHITECTURE.md: schema.ts',
      'docs/ARCHITECTURE.md: gone.json (layout)',
      'docs/ARCHITECTURE.md: src/server/gone.ts (layout)',
      'docs/ARCHITECTURE.md: src/server/gone/ (layout)',
      'docs/ARCHITECTURE.md: src/server/storage/stores/gone.ts (layout)',
      'docs/ARCHITECTURE.md: src/queries/countries.ts (layout)',
    ]);
  });

  it.each(['README.md', ...DOCS])('%s', (doc) => {
    const gone = missing(doc);
    expect(gone, `paths named in ${doc} that do not exist:\n${gone.join('\n')}\n`).toEqual([]);
  });
});

it('keeps the README for users: at most 500 lines (measurements and detail live in docs/)', () => {
  expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(500);
});
