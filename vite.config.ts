// The hosted checkout page and the merchant console: a multi-page app served by the host server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

export default defineConfig({
  plugins: [react()],
  // Files linked relative to the page, so the server can be mounted under a path (/ramp/).
  base: './',
  build: {
    outDir: 'dist/hosted',
    emptyOutDir: true,
    target: 'es2022',
    // No inline <script>: the page's CSP is script-src 'self'.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        console: resolve(import.meta.dirname, 'console.html'),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8787', '/sandbox': 'http://127.0.0.1:8787' },
  },
});
