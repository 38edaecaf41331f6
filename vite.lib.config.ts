// The npm library: ESM with react and react-dom external, everything else bundled so a host app's own
// react-query, zustand or styles never clash with ours.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist/lib',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: { entry: resolve(import.meta.dirname, 'src/index.ts'), formats: ['es'], fileName: () => 'index.js' },
    rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/], output: { minify: true } },
  },
});
