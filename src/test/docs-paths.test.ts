// The docs name only files that exist. docs/ARCHITECTURE.md: every backticked repository path, and
// every file and folder of its layout block, resolved against the folder it is listed under. The
// README and the other docs/ pages (docs/upstream/ too): every src/, scripts/, e2e/, bench/ and docs/ path. A failure
// lists each missing path with the document that names it, so a moved file is one search away. And
// the README stays at most 500 lines.
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

/** `path` exists in `folder` or anywhere below it. */
const existsUnder = (folder: string, path: string): boolean => {
  const wanted = path.replace(/\/$/, '');
  const exact = folder ? posix.join(folder, wanted) : wanted;
  if (entries.has(exact)) return true;
  const prefix = folder ? `${folder}/` : '';
  for (const entry of entries) if (entry.startsWith(prefix) && entry.endsWith(`/${wanted}`)) return true;
  return false;
};

const ROOTED = /(?<![\w./-])((?:src|scripts|e2e|bench|docs)\/[\w.@/*-]*\w)/g;
/** Paths from the repository's root, backticked or not (`src/…`, `scripts/…`, `e2e/…`, `bench/…`, `docs/…`). */
const rootedPaths = (text: string): string[] => [...text.matchAll(ROOTED)].map((m) => m[1]!);

const FILE = /\.(?:tsx?|mjs|cjs|js|json|md|html|css|ya?ml|sh)$/;
const NOT_FILES = new Set(['Node.js', 'Next.js']);

/** docs/ARCHITECTURE.md's backticked paths that are not from the root: looked for anywhere under src/. */
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
 * The layout block's files and folders: an entry's own name is resolved against the folder above it
 * (by indentation); the names in its description against the entry, else the root (`index.html`).
 */
function layoutPaths(text: string): LayoutPath[] {
  const block = /## Layout\s+```\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md: no ```block under "## Layout"');
  const lines = block.split('\n').filter((line) => line.trim());
  const found: LayoutPath[] = [];
  // The first line lists files at the root.
  for (const name of lines[0]!.trim().split(/\s+/)) found.push({ path: name, under: [''] });
  const parents: { indent: number; folder: string }[] = [];
  let current = '';
  for (const line of lines.slice(1)) {
    const indent = line.length - line.trimStart().length;
    let description = line.trim();
    if (indent < 20) {
      const name = description.split(/\s+/)[0]!;
      description = description.slice(name.length);
      while (parents.length && parents[parents.length - 1]!.indent >= indent) parents.pop();
      const parent = parents[parents.length - 1]?.folder ?? '';
      const path = posix.join(parent, name);
      found.push({ path, under: [''] });
      current = name.endsWith('/') ? path : parent;
      if (name.endsWith('/')) parents.push({ indent, folder: path });
    }
    for (const m of description.matchAll(/(?<![\w.`/-])([\w.-]+\.(?:tsx?|mjs|js|html)|[\w-]+\/)(?![\w/])/g)) {
      if (!NOT_FILES.has(m[1]!)) found.push({ path: m[1]!, under: [current, ''] });
    }
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
    gone.push(...backtickedRelative(text).filter((p) => !existsUnder('', p)));
    for (const { path, under } of layoutPaths(text)) {
      if (!under.some((folder) => existsUnder(folder, path)))
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
      '```',
      'See `src/server/http/nowhere.ts`, `proxy/nowhere.ts`, `proxy/policy.ts` and docs/no-such-page.md.',
      'Fixtures: `src/api/__fixtures__/crypto-*.json`, `src/api/__fixtures__/nothing-*.json`.',
    ].join('\n');
    expect(missing('docs/ARCHITECTURE.md', text)).toEqual([
      'docs/ARCHITECTURE.md: src/server/http/nowhere.ts',
      'docs/ARCHITECTURE.md: docs/no-such-page.md',
      'docs/ARCHITECTURE.md: src/api/__fixtures__/nothing-*.json',
      'docs/ARCHITECTURE.md: proxy/nowhere.ts',
      'docs/ARCHITECTURE.md: gone.json (layout)',
      'docs/ARCHITECTURE.md: src/server/gone.ts (layout)',
      'docs/ARCHITECTURE.md: src/server/gone/ (layout)',
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
