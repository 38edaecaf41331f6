// What every server a test starts as a child process has in its environment unless the test says
// otherwise: it stops at once on SIGTERM (the drain, RAMP_DRAIN_MS, 5 s by default, is for a balancer
// to notice; only the tests of the drain itself ask for one), and it checks what it sends against
// its schemas first (RAMP_SELF_CHECK=1: http/self-check.ts), so an answer or an event off its schema
// fails the test that met it, the end-to-end suite's included.
export const NO_DRAIN = { RAMP_DRAIN_MS: '0' } as const;
export const TEST_SERVER_ENV = { ...NO_DRAIN, RAMP_SELF_CHECK: '1' } as const;
