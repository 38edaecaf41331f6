// The stop's rules for repeated signals, on a clock of the test's own: SIGTERM however often is one
// stop; SIGINT cuts the drain short only when it is a person's second Ctrl-C, not npm's copy of the first.
import { describe, expect, it } from 'vitest';
import { SAME_DELIVERY_MS, stopOnSignals } from './stop-signals';
import type { StopSignal } from './stop-signals';

function signals() {
  let now = 0;
  const seen: string[] = [];
  const on = stopOnSignals(
    {
      stop: (s) => seen.push(`stop ${s}`),
      repeated: (s) => seen.push(`repeated ${s}`),
      cutShort: () => seen.push('cut short'),
    },
    () => now,
  );
  return {
    seen,
    at: (ms: number, signal: StopSignal) => {
      now = ms;
      on(signal);
    },
  };
}

describe('signals during a stop', () => {
  it('SIGTERM again, at once (a process group and npm forwarding it) or later, is the same stop', () => {
    const s = signals();
    s.at(0, 'SIGTERM');
    s.at(2, 'SIGTERM');
    s.at(5_000, 'SIGTERM');
    expect(s.seen).toEqual(['stop SIGTERM', 'repeated SIGTERM', 'repeated SIGTERM']);
  });

  it("one Ctrl-C under npm (the terminal's SIGINT and npm's copy) drains; a second Ctrl-C cuts the drain short", () => {
    const s = signals();
    s.at(0, 'SIGINT');
    s.at(3, 'SIGINT');
    expect(s.seen).toEqual(['stop SIGINT', 'repeated SIGINT']);
    s.at(SAME_DELIVERY_MS + 1, 'SIGINT');
    expect(s.seen.at(-1)).toBe('cut short');
  });

  it('a Ctrl-C during a stop begun by SIGTERM drains on; a second one cuts it short', () => {
    const s = signals();
    s.at(0, 'SIGTERM');
    s.at(100, 'SIGINT');
    s.at(100 + SAME_DELIVERY_MS, 'SIGINT');
    expect(s.seen).toEqual(['stop SIGTERM', 'repeated SIGINT', 'cut short']);
  });
});
