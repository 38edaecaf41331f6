// The fault rules as JSON, the one schema for both control endpoints that take them (the standalone
// sandbox's and the host server's PUT /__sandbox/faults: control.ts). A path is a prefix: no
// regular expression comes over HTTP.
import * as v from 'valibot';
import type { FaultRule } from './faults';

const FaultRuleSchema = v.strictObject({
  /** Any case; the upstream's operations are GET and POST. */
  method: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{1,10}$/, 'must be an HTTP method'))),
  /** A path prefix below the sandbox root, e.g. /payments/crypto/quote. */
  path: v.optional(v.pipe(v.string(), v.startsWith('/'), v.maxLength(200))),
  rate: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  kind: v.picklist(['latency', 'status', 'malformed', 'drop', 'hang']),
  latencyMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120_000))),
  status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599))),
  code: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,64}$/, 'must be an upper-case error code'))),
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000))),
});

export const MAX_FAULT_RULES = 20;

export const FaultsBody = v.strictObject({
  rules: v.pipe(v.array(FaultRuleSchema), v.maxLength(MAX_FAULT_RULES)),
});

/** `{ rules: [...] }` read as fault rules, or what is wrong with it (with the field's path). */
export function readFaultRules(body: unknown): FaultRule[] | string {
  const r = v.safeParse(FaultsBody, body);
  if (r.success) return r.output.rules;
  return v.summarize(r.issues);
}
