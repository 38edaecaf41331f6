// The hosted page's first-screen renderer (src/hosted/prerender.tsx) for the host server: Node ESM at
// dist/server/prerender.js, beside the server's files (http/first-screen.ts loads it when a page needs
// it). React and everything else bundled, at the versions the page itself was built with, so the
// server's markup is the markup the page hydrates; React's production build, as the page's.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

export default defineConfig({
  plugins: [react()],
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist/server',
    emptyOutDir: false,
    target: 'node22',
    ssr: true,
    minify: true,
    rollupOptions: {
      input: { prerender: resolve(import.meta.dirname, 'src/hosted/prerender.tsx') },
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'prerender-[name]-[hash].js',
        format: 'es',
      },
    },
  },
});
