// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './Countdown';

// Fake timers drive the clock: Date.now and setTimeout advance together, deterministically.
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

const live = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')!;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Countdown', () => {
  it('shows the seconds left and counts down once a second', () => {
    render(<Countdown deadline={Date.now() + 45_000} />);
    expect(screen.getByText('Quotes refresh in 45s')).toBeInTheDocument();
    advance(1000);
    expect(screen.getByText('Quotes refresh in 44s')).toBeInTheDocument();
  });

  it('announces politely only at the chosen moments, not every second', () => {
    const { container } = render(<Countdown deadline={Date.now() + 32_000} announceAt={[30, 10]} />);
    const region = live(container);
    expect(region).toHaveTextContent('');
    advance(1000);
    expect(region).toHaveTextContent(''); // 31 s
    advance(1000);
    expect(region).toHaveTextContent('Quotes refresh in 30s');
    advance(1000);
    expect(region).toHaveTextContent(''); // cleared, so the next announcement is a change
    advance(19_000);
    expect(region).toHaveTextContent('Quotes refresh in 10s');
  });

  it('calls onExpire once at zero and stops', () => {
    const onExpire = vi.fn();
    render(<Countdown deadline={Date.now() + 2_500} onExpire={onExpire} format={(s) => `${s} left`} />);
    expect(screen.getByText('3 left')).toBeInTheDocument();
    advance(10_000);
    expect(screen.getByText('0 left')).toBeInTheDocument();
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('restarts for a new deadline', () => {
    const { rerender } = render(<Countdown deadline={Date.now() + 5_000} format={(s) => `${s} left`} />);
    advance(5_000);
    rerender(<Countdown deadline={Date.now() + 20_000} format={(s) => `${s} left`} />);
    expect(screen.getByText('20 left')).toBeInTheDocument();
    advance(1_000);
    expect(screen.getByText('19 left')).toBeInTheDocument();
  });
});
