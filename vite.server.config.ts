// The host server and the `ramp-checkout/server` package entry: Node files in dist/server (main.js
// for `npm start`, cli.js for the bin, index.js for imports), everything bundled but the embedded
// ledger's SQLite library: `libsql` is native, one npm package per platform, so it stays a runtime
// dependency that Node (or a merchant's bundler, which keeps it external) loads from node_modules.
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { chmodSync } from 'node:fs';
import { resolve } from 'node:path';

const EXTERNAL = ['libsql'];

/**
 * The bin runs as a program (`npx ramp-checkout`, the image's `ramp-checkout`): executable, as npm
 * would leave it when installing the package. Written without the bit, a checkout's or the image's
 * npx found it only while its cache held an older copy it had made executable itself.
 */
const executableCli: Plugin = {
  name: 'executable-cli',
  writeBundle(options) {
    chmodSync(resolve(options.dir!, 'cli.js'), 0o755);
  },
};

export default defineConfig({
  plugins: [executableCli],
  publicDir: false,
  ssr: { noExternal: true, external: EXTERNAL, target: 'node' },
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node22',
    ssr: true,
    rollupOptions: {
      external: EXTERNAL,
      input: {
        main: resolve(import.meta.dirname, 'src/server/node/main.ts'),
        cli: resolve(import.meta.dirname, 'src/server/node/cli.ts'),
        index: resolve(import.meta.dirname, 'src/server/index.ts'),
      },
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
        format: 'es',
        // Bundled CommonJS modules may use __dirname: give each module its own. Not
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
});
