// @vitest-environment jsdom
// A view that cannot load (its chunk request failed: offline, or a redeploy removed it): the widget
// says so in plain words, reports an error event, and tries again when asked.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mountWidget } from './test-mount';

const chunk = vi.hoisted(() => ({ failures: 1 }));
vi.mock('./WidgetView', async (importOriginal) => {
  if (chunk.failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('a view that does not load', () => {
  it('is said in words and as an error event, and loads on "try again"', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const w = mountWidget({ direction: 'buy' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The checkout could not load');
    expect(w.events).toContainEqual({
      type: 'error',
      code: 'NETWORK_ERROR',
      message: 'The checkout’s screens did not load',
    });
    expect(error).toHaveBeenCalled();

    await w.user.click(screen.getByRole('button', { name: 'try again' }));
    expect(await screen.findByRole('region', { name: 'Crypto checkout' })).toBeInTheDocument();
    expect(screen.queryByText(/could not load/)).toBeNull();
  });
});
