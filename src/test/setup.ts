// Shared test setup: DOM matchers for component tests (files that opt into jsdom with
// `// @vitest-environment jsdom`), and cleanup between tests and after each file.
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach } from 'vitest';
import { closeFileServers } from '../server/testing/open-servers';

// Queries that wait (findBy…, waitFor) give the page 5 s, not Testing Library's 1 s: on the two CI
// cores, busy with the other worker's servers, a widget's first render once took longer than 1 s
// (RampCheckout.intent.test.tsx found an empty host). Each test still has Vitest's 15 s.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    // The widget remembers the shopper in localStorage: each test starts as a first visit.
    globalThis.localStorage?.clear();
  }
});

// The test servers a file shared between its tests (src/server/testing/server.ts).
afterAll(closeFileServers);
