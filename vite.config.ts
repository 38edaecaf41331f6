// The hosted checkout page and the merchant console: a multi-page app served by the host server.
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { compileHint } from './vite.compile-hint';

/**
 * The hosted page's warm-up (src/hosted/warm.ts) as a file of its own, named in index.html: Vite
 * bundles every module script of a page into one file, which would run it only once all had arrived.
 */
function hostedWarmUp(): Plugin {
  const id = resolve(import.meta.dirname, 'src/hosted/warm.ts');
  return {
    name: 'ramp-checkout:hosted-warm-up',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id, name: 'warm' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('/index.html') || !ctx.bundle) return html;
        const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === id);
        if (!chunk) throw new Error('the hosted warm-up was not built');
        const src = `./${chunk.fileName}`;
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), hostedWarmUp()],
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
      output: { postBanner: compileHint },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8787', '/sandbox': 'http://127.0.0.1:8787' },
  },
});
