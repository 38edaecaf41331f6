// The host server and the `ramp-checkout/server` package entry: self-contained Node files in
// dist/server (main.js for `npm start`, cli.js for the bin, index.js for imports), no node_modules
// needed at run time. The SQLite engine's WASM file is copied beside them.
import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const sqliteWasm = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');

export default defineConfig({
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    ssr: true,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'src/server/node/main.ts'),
        cli: resolve(import.meta.dirname, 'src/server/node/cli.ts'),
        index: resolve(import.meta.dirname, 'src/server/index.ts'),
      },
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
        format: 'es',
        // The bundled SQLite engine is CommonJS-minded (__dirname): give each module its own. Not
        // `new URL('.', import.meta.url)`: an app's bundler (Next.js's webpack) reads that as an asset.
        banner: (chunk) =>
          (chunk.name === 'cli' ? '#!/usr/bin/env node\n' : '') +
          "import { fileURLToPath as __rcPath } from 'node:url';\n" +
          "import { dirname as __rcDirname } from 'node:path';\n" +
          'const __filename = __rcPath(import.meta.url);\n' +
          'const __dirname = __rcDirname(__filename);',
      },
    },
  },
  plugins: [
    {
      name: 'sqlite-wasm',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'sql-wasm.wasm', source: readFileSync(sqliteWasm) });
      },
    },
  ],
});
