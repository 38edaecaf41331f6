// The script-tag embed: one IIFE file with React bundled, CSS inlined, no eval.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
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
  },
});
