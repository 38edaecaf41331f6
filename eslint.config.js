import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The layers (docs/ARCHITECTURE.md): each folder lists the folders of src/ it must never import, by
// relative path. Lower layers never import upward; the server and the sandbox never import the browser.
const BROWSER = ['ui', 'widget', 'queries', 'checkout', 'embed', 'hosted', 'console'];
const ABOVE = {
  domain: ['api', 'checkout', 'queries', ...BROWSER, 'server', 'sandbox'],
  api: ['checkout', 'queries', ...BROWSER, 'server', 'sandbox'],
  checkout: ['queries', ...BROWSER, 'server', 'sandbox'],
  queries: [...BROWSER, 'server', 'sandbox'].filter((l) => l !== 'queries' && l !== 'checkout'),
  server: BROWSER,
  sandbox: [...BROWSER, 'server'],
};
const layerRules = Object.entries(ABOVE).map(([layer, banned]) => ({
  files: [`src/${layer}/**/*.{ts,tsx}`],
  // Tests and their kits may wire layers together (the widget over the real server and sandbox).
  ignores: ['src/**/*.test.{ts,tsx}', 'src/**/test-*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(?:\\.\\./)+(?:${[...new Set(banned)].join('|')})(?:/|$)`,
            message: `src/${layer} must not import this layer (docs/ARCHITECTURE.md: layers).`,
          },
        ],
      },
    ],
  },
}));

// Inside the server (docs/ARCHITECTURE.md): the proxy and the merchant backend never reach into each
// other; they share storage/ and upstream/ (and http/, config/). Types may cross (the proxy records
// orders through the merchant's Orders interface, the merchant reads the proxy's session body type).
const SIBLINGS = { proxy: 'merchant', merchant: 'proxy' };
const siblingRules = Object.entries(SIBLINGS).map(([own, other]) => ({
  files: [`src/server/${own}/**/*.ts`],
  ignores: ['src/**/*.test.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(?:\\.\\./)+${other}(?:/|$)`,
            allowTypeImports: true,
            message: `src/server/${own} must not import src/server/${other}: share through storage/, upstream/ or http/ (docs/ARCHITECTURE.md).`,
          },
        ],
      },
    ],
  },
}));

// The server's floors (docs/ARCHITECTURE.md): http/, storage/, upstream/ and config/ are what the
// proxy and the merchant backend stand on, so they import nothing from either, types included. Of
// the floors, storage/ stands on http/ (its clock, log, errors and in-process rate limiter), so
// http/ never imports storage/.
const FLOORS = {
  http: { banned: ['proxy', 'merchant', 'storage'] },
  storage: { banned: ['proxy', 'merchant'] },
  upstream: { banned: ['proxy', 'merchant'] },
  config: { banned: ['proxy', 'merchant'] },
};
const floorRules = Object.entries(FLOORS).map(([floor, { banned }]) => ({
  files: [`src/server/${floor}/**/*.ts`],
  ignores: ['src/**/*.test.ts', 'src/**/test-*.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(?:\\.\\./)+(?:${banned.join('|')})(?:/|$)`,
            message: `src/server/${floor} is a floor: it must not import src/server/{${banned.join(',')}} (docs/ARCHITECTURE.md).`,
          },
        ],
      },
    ],
  },
}));

// The wire's schemas are the server's (docs/ARCHITECTURE.md): the browser reads the proxy's answers
// by their outline and takes the wire's types only, so valibot never ships to shoppers.
const WIRE_SCHEMAS =
  'valibot|(?:\\.\\.?/)+(?:api/)?(?:schemas|routes/\\w+|proxy/(?:discovery|payments|orders|intents|session-lookup|stats|webhooks|health))';
const browserWireRule = {
  files: [
    ...BROWSER.map((layer) => `src/${layer}/**/*.{ts,tsx}`),
    'src/api/{client,proxy-readers,bootstrap,types,errors,pagination,origin-check}.ts',
  ],
  ignores: ['src/**/*.test.{ts,tsx}', 'src/**/test-*.{ts,tsx}'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(?:${WIRE_SCHEMAS})$`,
            allowTypeImports: true,
            message:
              'The browser takes the wire by type only: a value from here would ship valibot to shoppers (docs/ARCHITECTURE.md).',
          },
        ],
      },
    ],
  },
};

// One clock in the server (docs/ARCHITECTURE.md): the time of day is the `now` createRampServer
// passes to every part, whose default is http/clock.ts's; nothing else reads Date.now or new Date().
const DATE_NOW = "Take the server's `now` (or http/clock.ts's systemClock as a default): one clock.";
const clockRule = {
  files: ['src/server/**/*.ts'],
  ignores: ['src/**/*.test.ts', 'src/**/test-*.ts', 'src/server/testing/**', 'src/server/http/clock.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: "MemberExpression[object.name='Date'][property.name='now']", message: DATE_NOW },
      { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: DATE_NOW },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'e2e/fixtures/consumer-app/node_modules/**',
      'e2e/fixtures/consumer-app/dist/**',
      'e2e/fixtures/.packed/**',
      'e2e/fixtures/consumer-app/readme-snippet.tsx',
      'e2e/fixtures/next-app/node_modules/**',
      'e2e/fixtures/next-app/.next/**',
      'e2e/fixtures/next-app/.next-webpack/**',
      'e2e/fixtures/next-app/app/api/ramp/**',
      'e2e/fixtures/express-app/server.ts',
      'e2e/fixtures/next-app/next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...layerRules,
  ...siblingRules,
  ...floorRules,
  browserWireRule,
  clockRule,
  {
    files: ['scripts/**', 'bench/**', 'src/server/node/main.ts', 'src/server/http/log.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
