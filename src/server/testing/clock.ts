// Test support: a clock tests move by hand (the server's `now`, a limiter's, a cache's).

/** Starts at 2026-02-03 12:00 UTC unless told; moves only when `advance` is called. */
export function manualClock(start = Date.UTC(2026, 1, 3, 12)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}
