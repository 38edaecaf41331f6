// What every server a test starts as a child process has in its environment unless the test says
// otherwise: it stops at once on SIGTERM. The drain (RAMP_DRAIN_MS, 5 s by default) is for a balancer
// to notice; only the tests of the drain itself ask for one.
export const NO_DRAIN = { RAMP_DRAIN_MS: '0' } as const;
