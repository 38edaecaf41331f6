import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'e2e/fixtures/consumer-app/node_modules/**',
      'e2e/fixtures/consumer-app/dist/**',
      'e2e/fixtures/.packed/**',
      'e2e/fixtures/next-app/node_modules/**',
      'e2e/fixtures/next-app/.next/**',
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
  {
    files: ['scripts/**', 'bench/**', 'src/server/main.ts', 'src/server/log.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
