// Shared test setup: DOM matchers for component tests (files that opt into jsdom with
// `// @vitest-environment jsdom`), and cleanup between tests.
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    // The widget remembers the shopper in localStorage: each test starts as a first visit.
    globalThis.localStorage?.clear();
  }
});
