// The script-tag embed: one IIFE file with its UI runtime bundled, CSS inlined, no eval.
//
// The runtime is Preact's React compatibility layer, not React: React 19's react-dom alone is
// ~62 KB gzip, Preact with compat ~10 KB, which is what lets the one-file embed fit its 100 KB budget
// (scripts/sizes.mjs). The widget's code is written to run on both (Context.Provider, no ref as a
// prop, no React-19-only hooks), and the embed is tested as built (src/embed/built-embed.test.ts, e2e).
// The library (react external, the merchant's own React) and the hosted page keep real React.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { compileHint } from './vite.compile-hint';

export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  resolve: {
    // Exact specifiers, the most specific first: 'react/jsx-runtime' is where the JSX transform
    // (and @tanstack/react-query's own JSX) imports from.
    alias: [
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    target: 'es2020',
    lib: {
      entry: resolve(import.meta.dirname, 'src/embed/index.ts'),
      formats: ['iife'],
      name: 'RampCheckoutBundle',
      fileName: () => 'ramp-checkout.js',
    },
    rollupOptions: { output: { postBanner: compileHint } },
  },
});
