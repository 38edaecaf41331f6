// Test-only: a fresh QueryClient and an api client over the in-process test server, per test.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createRampClient, proxyReaders } from '../api';
import { RampClientProvider } from './client';
import type { TestServer } from './test-server';
import { TEST_API_BASE, createTestServer } from './test-server';

export function hookEnv(server: TestServer = createTestServer()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createRampClient({ readers: proxyReaders, baseUrl: TEST_API_BASE, fetch: server.fetch });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RampClientProvider client={client}>{children}</RampClientProvider>
    </QueryClientProvider>
  );
  return { server, queryClient, client, wrapper };
}
