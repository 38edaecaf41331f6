// The host server's own answers beside the API (docs/OPERATIONS.md): liveness, readiness, whether a
// page's origin is allowed, and the error every route answers with. Written once, as valibot schemas
// the server checks its answers with in tests and the OpenAPI document is made from.
import * as v from 'valibot';

export const PhaseSchema = v.picklist(['starting', 'serving', 'draining', 'failed']);

/** GET /healthz: alive (a failed start is not). */
export const HealthSchema = v.object({
  ok: v.boolean(),
  phase: PhaseSchema,
  upstream: v.picklist(['sandbox', 'remote']),
  stores: v.picklist(['memory', 'redis']),
});

/** A dependency as a probe found it. */
export const DependencyStateSchema = v.object({
  up: v.boolean(),
  latencyMs: v.optional(v.number()),
  /** Why it is down (no secrets, no addresses). */
  error: v.optional(v.string()),
});

/** GET /readyz 200: serving; `degraded` when a shared dependency is down (this instance still serves). */
export const ReadySchema = v.object({
  ready: v.literal(true),
  degraded: v.boolean(),
  dependencies: v.record(v.string(), DependencyStateSchema),
});

/** GET /readyz 503: starting, draining, or this instance's own store is down. */
export const NotReadySchema = v.object({
  ready: v.literal(false),
  phase: PhaseSchema,
  code: v.literal('NOT_READY'),
  message: v.string(),
  requestId: v.optional(v.string()),
  dependencies: v.optional(v.record(v.string(), DependencyStateSchema)),
});

/** GET /api/ramp/origin: whether the calling page's origin is among RAMP_ALLOWED_ORIGINS. */
export const OriginSchema = v.object({ origin: v.nullable(v.string()), allowed: v.boolean() });

/** Every error's body (docs/CONTRACTS.md §1); some codes add documented fields (`replacement`…). */
export const ErrorSchema = v.looseObject({
  code: v.string(),
  message: v.string(),
  requestId: v.string(),
  /** Each problem, when there are several (a query's or a body's). */
  details: v.optional(v.array(v.string())),
});
