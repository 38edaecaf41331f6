// @vitest-environment jsdom
// The `bootstrap` option (the first data a server asked for while it made the page: the hosted page's,
// server/http/first-data.ts, or `ramp.bootstrap`): the widget seeds its cache with it and shows the
// first price without asking for it again.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RampBootstrap } from '../api/bootstrap';
import { createTestServer } from '../queries/test-server';
import { mountWidget, PREFILLED } from './test-mount';

/** The widget's own first request and its answer, as a server gives them (ramp.bootstrap: server/bootstrap.test.ts). */
async function pageData(server = createTestServer()): Promise<RampBootstrap> {
  const first = mountWidget(PREFILLED, {}, server);
  await screen.findByRole('radiogroup', { name: 'Quotes' });
  const path = server.requests[0]!.path;
  first.view.unmount();
  const res = await server.fetch(`https://ramp.test/api/ramp${path}`);
  return { request: `/api/ramp${path}`, answer: (await res.json()) as unknown };
}

describe('the bootstrap option (ramp.bootstrap)', () => {
  it('shows the quotes without asking for the bootstrap', async () => {
    const firstBootstrap = await pageData();
    expect(firstBootstrap.request).toMatch(/^\/api\/ramp\/bootstrap\?.*sourceAmount=100/);
    const w = mountWidget({ ...PREFILLED, bootstrap: firstBootstrap });
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    expect(w.server.sent('/bootstrap')).toHaveLength(0);
    expect(w.server.sent('/payments/crypto/quote')).toHaveLength(0);
  });

  it('asks as usual when the page’s answer is for another request, or malformed', async () => {
    const data = await pageData();
    const other = mountWidget({ ...PREFILLED, amount: '250', bootstrap: data });
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    expect(other.server.sent('/bootstrap')).toHaveLength(1);
    other.view.unmount();
    const bad = mountWidget({ ...PREFILLED, bootstrap: { request: data.request, answer: { countries: 1 } } });
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    expect(bad.server.sent('/bootstrap')).toHaveLength(1);
  });

  it('is a clear error when it is not one', async () => {
    const w = mountWidget({ ...PREFILLED, bootstrap: '{}' as never });
    expect(
      await screen.findByText(/bootstrap must be what ramp\.bootstrap\(request, options\) gave/),
    ).toBeVisible();
    expect(w.server.requests).toHaveLength(0);
  });
});
