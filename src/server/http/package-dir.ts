// Where the server's own files are (the hosted build, the embed, the SQLite engine's WASM): found from
// this module's file path at run time. Not `new URL('…', import.meta.url)` nor `require.resolve('…')`:
// bundlers that take the package into an app (Next.js's Turbopack and webpack) read those as imports
// of their own to resolve at build time, and fail on them.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the running module: dist/server when built, src/server/http from source. */
export function moduleDir(): string | null {
  const url = import.meta.url;
  return typeof url === 'string' && url.startsWith('file:') ? dirname(fileURLToPath(url)) : null;
}

/** The package's build folder (the one holding server/, hosted/, embed/), if one can be found. */
export function distDir(): string | null {
  const here = moduleDir();
  if (!here) return null;
  // Built: dist/server/<chunk>.js. From source: src/server/http/package-dir.ts.
  for (const dist of [join(here, '..'), join(here, '..', '..', '..', 'dist')]) {
    if (existsSync(join(dist, 'server'))) return dist;
  }
  return null;
}

/** A file beside the built server's chunks (dist/server/<name>), if it is there. */
export function besideServer(name: string): string | null {
  const dist = distDir();
  const file = dist ? join(dist, 'server', name) : null;
  return file && existsSync(file) ? file : null;
}
