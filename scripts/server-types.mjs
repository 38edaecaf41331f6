// Type declarations of `ramp-checkout/server`: emitted by tsc from src/server/index.ts, then pruned to
// the files its public types reach, so the package ships no declarations it does not need (and none
// that would require the consumer to install a dev dependency).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const out = 'dist/server/types';
rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], {
  stdio: 'inherit',
});

const keep = new Set();
const visit = (file) => {
  if (keep.has(file)) return;
  keep.add(file);
  const text = readFileSync(file, 'utf8');
  const next = [];
  // Node's ESM resolution (moduleResolution node16/nodenext) wants explicit extensions: add them.
  const rewritten = text.replace(
    /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)(['"])/g,
    (_, pre, spec, post) => {
      const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
      const target = [`${base}.d.ts`, join(base, 'index.d.ts')].find((f) => existsSync(f));
      if (!target) throw new Error(`${file}: cannot resolve ${spec}`);
      next.push(target);
      const js =
        target.endsWith('/index.d.ts') && !base.endsWith('/index')
          ? `${spec}/index.js`
          : `${spec.replace(/\.js$/, '')}.js`;
      return `${pre}${js}${post}`;
    },
  );
  writeFileSync(file, rewritten);
  next.forEach(visit);
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^.'"][^'"]*)['"]/g)) {
    throw new Error(`${file}: the public types import the package "${m[1]}"`);
  }
};
visit(resolve(out, 'server/index.d.ts'));

const prune = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = resolve(dir, name);
    if (statSync(full).isDirectory()) {
      prune(full);
      if (readdirSync(full).length === 0) rmSync(full, { recursive: true });
    } else if (!keep.has(full)) rmSync(full);
  }
};
prune(resolve(out));
console.log(`server type declarations: ${keep.size} files`);
