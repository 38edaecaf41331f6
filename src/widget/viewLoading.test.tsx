// @vitest-environment jsdom
// The widget's view is a chunk of its own: the checkout runs (its first requests leave) before it
// arrives, and the widget shows once it is here. Its loading is held back here until the test lets go.
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mountWidget } from './test-mount';

const chunk = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('./WidgetView', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

describe('before its view has loaded', () => {
  it('already asks for its first data, then shows once the view is here', async () => {
    const w = mountWidget({ direction: 'buy', country: 'GB' });
    expect(w.server.sent('/bootstrap')).toHaveLength(1);
    expect(screen.queryByRole('region')).toBeNull();
    expect(w.events.some((e) => e.type === 'ready')).toBe(false);

    await act(async () => chunk.arrive());
    expect(await screen.findByRole('region', { name: 'Crypto checkout' })).toBeInTheDocument();
    await vi.waitFor(() => expect(w.events).toContainEqual(expect.objectContaining({ type: 'ready' })));
    expect(w.server.sent('/bootstrap')).toHaveLength(1);
  });
});
