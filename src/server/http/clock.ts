// The server's one clock: the time of day in epoch milliseconds. createRampServer takes it as `now`
// unless its caller injects another (tests, a host with its own), and every part gets that `now`;
// a part's default is this one. Waits measured against a timer use the monotonic
// `performance.now()` instead, the clock timers run on (deadline.ts).
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
