// @vitest-environment jsdom
// The checkout's first requests leave from the widget's first commit, before the screens' first
// render (the costliest of a checkout), so no request waits for it.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestServer } from '../queries/test-server';
import { mountWidget } from './test-mount';

describe('the first requests', () => {
  it('leave before the screens render, which follow at once', async () => {
    const server = createTestServer();
    const shownAtRequest: boolean[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      shownAtRequest.push(document.querySelector('[data-rc]') !== null);
      return server.fetch(input, init);
    };
    mountWidget({ direction: 'buy', country: 'GB', amount: '100' }, { fetch }, server);
    expect(await screen.findByRole('region', { name: 'Crypto checkout' })).toBeInTheDocument();
    expect(server.sent('/bootstrap')).toHaveLength(1);
    expect(shownAtRequest[0]).toBe(false);
  });
});
