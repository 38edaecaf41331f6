// The host server: one self-contained Node file (dist/server/main.js), no node_modules needed at run time.
import { defineConfig } from 'vite';
import { resolve } from 'node:path';

export default defineConfig({
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    ssr: resolve(import.meta.dirname, 'src/server/main.ts'),
    rollupOptions: { output: { entryFileNames: 'main.js', format: 'es' } },
  },
});
