// The package's type declarations, one way for each entry (`ramp-checkout`, `ramp-checkout/server`):
// emitted by tsc, then
// - relative imports rewritten with the `.js` extension Node's ESM resolution wants, so they resolve
//   under moduleResolution node16 and nodenext as well as bundler (tsc keeps specifiers as written;
//   without it nodenext reports TS2834, and with skipLibCheck the types silently become `any`);
// - the wire's types written out where the source infers them from valibot (wire-declarations.mjs);
// - pruned to the files the entry's types reach, so the package ships no declaration it does not need;
// - checked to import no package but those the consumer has installed by then (`packages`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { wireTypesWriter } from './wire-declarations.mjs';

const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * `project`: the tsconfig that emits; `out`: its outDir; `entry`: the entry's declaration in it;
 * `packages`: the packages the declarations may import (dependencies and peers); `clean`: remove
 * `out` before emitting (not when it also holds the bundled JavaScript). Returns the files kept.
 */
export function emitDeclarations({ project, out, entry, packages = [], clean = false }) {
  if (clean) rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, ['node_modules/typescript-7/bin/tsc', '-p', project], { stdio: 'inherit' });
  const writeOutWireTypes = wireTypesWriter(out);

  const keep = new Set();
  const parent = new Map();
  const chain = (file) =>
    (parent.has(file) ? `${chain(parent.get(file))} → ` : '') + file.slice(resolve(out).length + 1);
  const visit = (file, from) => {
    if (keep.has(file)) return;
    keep.add(file);
    if (from) parent.set(file, from);
    writeOutWireTypes(file);
    const text = readFileSync(file, 'utf8');
    const next = [];
    // TypeScript's own reading of the file's imports (`from`, `import()` types, references), never a regex.
    const info = ts.preProcessFile(text, true, true);
    if (info.referencedFiles.length || info.typeReferenceDirectives.length)
      throw new Error(`${file}: a triple-slash reference in public types`);
    let rewritten = text;
    // From the last, so earlier positions hold.
    for (const { fileName: spec, pos: at } of [...info.importedFiles].sort((a, b) => b.pos - a.pos)) {
      // `pos` is the string literal's opening quote, or its first character.
      const pos = /['"]/.test(text[at] ?? '') ? at + 1 : at;
      const end = pos + spec.length;
      if (text.slice(pos, end) !== spec) throw new Error(`${file}: cannot place "${spec}"`);
      if (!spec.startsWith('.')) {
        if (!packages.includes(packageOf(spec)))
          throw new Error(
            `${chain(file)}: the public types import "${spec}", which the consumer need not have`,
          );
        continue;
      }
      const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
      const target = [`${base}.d.ts`, join(base, 'index.d.ts')].find((f) => existsSync(f));
      if (!target) throw new Error(`${file}: cannot resolve ${spec}`);
      next.push(target);
      const js =
        target.endsWith('/index.d.ts') && !base.endsWith('/index')
          ? `${spec.replace(/\/$/, '')}/index.js`
          : `${spec.replace(/\.js$/, '')}.js`;
      rewritten = rewritten.slice(0, pos) + js + rewritten.slice(end);
    }
    writeFileSync(file, rewritten);
    next.forEach((f) => visit(f, file));
  };
  visit(resolve(entry));

  const prune = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = resolve(dir, name);
      if (statSync(full).isDirectory()) {
        prune(full);
        if (readdirSync(full).length === 0) rmSync(full, { recursive: true });
      } else if (full.endsWith('.d.ts') && !keep.has(full)) rmSync(full);
    }
  };
  prune(resolve(out));
  return keep;
}
