// The npm library: ESM, with its dependencies left to the app's bundler the way the ecosystem ships
// React components: react, react-dom and @tanstack/react-query are peers (one copy, the app's own),
// zustand and valibot are dependencies (deduplicated by npm). Only our own code is in dist/lib.
//
// The entry carries 'use client' (React Server Components): bundlers drop module directives, so
// the banner puts it back on the entry; the view and locale chunks load only from the client side.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import pkg from './package.json' with { type: 'json' };

const bare = [
  ...Object.keys(pkg.peerDependencies ?? {}),
  ...Object.keys((pkg as { dependencies?: Record<string, string> }).dependencies ?? {}),
];
/** A package or any of its subpaths: 'zustand' and 'zustand/vanilla'. */
const external = (id: string) => bare.some((name) => id === name || id.startsWith(`${name}/`));

export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist/lib',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: { entry: resolve(import.meta.dirname, 'src/index.ts'), formats: ['es'], fileName: () => 'index.js' },
    rollupOptions: {
      external,
      output: {
        minify: true,
        banner: (chunk) => (chunk.isEntry ? "'use client';" : ''),
      },
    },
  },
});
