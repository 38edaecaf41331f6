// Test hooks of the embedded sandbox, on only with RAMP_SANDBOX_CONTROL=1 in sandbox mode: end-to-end
// tests inject upstream faults, move the sandbox clock and drop the discovery cache over HTTP.
import { Hono } from 'hono';
import * as v from 'valibot';
import { WALK_NAMES, controlRefusal, readFaultRules } from '../../sandbox';
import type { FaultInjector, ScenarioControl } from '../../sandbox';
import { HttpError, badRequest } from './errors';

const partnerList = v.pipe(v.array(v.pipe(v.string(), v.regex(/^[A-Z0-9_]{2,32}$/))), v.maxLength(20));
const ScenariosBody = v.strictObject({
  incompleteQuotes: v.optional(
    v.record(
      v.pipe(v.string(), v.regex(/^[A-Z0-9_]{2,32}$/)),
      v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(20)),
    ),
  ),
  bySessionUnsupported: v.optional(partnerList),
  twoFactor: v.optional(partnerList),
  walks: v.optional(v.record(v.pipe(v.string(), v.regex(/^[A-Z0-9_]{2,32}$/)), v.picklist(WALK_NAMES))),
  failing: v.optional(
    v.record(
      v.pipe(v.string(), v.regex(/^[A-Z0-9_]{2,32}$/)),
      v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
    ),
  ),
  webhooks: v.optional(
    v.strictObject({ duplicates: v.optional(v.boolean()), outOfOrder: v.optional(v.boolean()) }),
  ),
});
const ClockBody = v.strictObject({ advanceMs: v.pipe(v.number(), v.integer(), v.minValue(0)) });

export interface SandboxControlDeps {
  faults: Pick<FaultInjector, 'set' | 'clear'>;
  /** Partner behaviours of the real service (the sandbox's scenarios). */
  scenarios?: Pick<ScenarioControl, 'set' | 'clear'>;
  /** Moves the sandbox clock forward (transactions progress with it). */
  advanceClock?: (ms: number) => void;
  clearCache: () => void;
  /** The server's public origin: the only one whose pages may use the controls. */
  ownOrigin: string;
}

export function sandboxControl(deps: SandboxControlDeps): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    const refused = controlRefusal(c.req.raw, deps.ownOrigin);
    if (refused) throw new HttpError(refused.status, 'FORBIDDEN', refused.message);
    await next();
  });
  app.put('/faults', async (c) => {
    const rules = readFaultRules(await c.req.json().catch(() => undefined));
    if (typeof rules === 'string') throw badRequest('INVALID_BODY', `Invalid fault rules: ${rules}`);
    deps.faults.set(rules);
    return c.body(null, 204);
  });
  app.delete('/faults', (c) => {
    deps.faults.clear();
    return c.body(null, 204);
  });
  // PUT /__sandbox/scenarios {incompleteQuotes?, bySessionUnsupported?, twoFactor?, walks?, failing?, webhooks?}
  // replaces them all.
  app.put('/scenarios', async (c) => {
    const r = v.safeParse(ScenariosBody, await c.req.json().catch(() => undefined));
    if (!r.success) throw badRequest('INVALID_BODY', `Invalid scenarios: ${v.summarize(r.issues)}`);
    if (!deps.scenarios) throw badRequest('NOT_SUPPORTED', 'This sandbox has no scenarios');
    deps.scenarios.set(r.output);
    return c.body(null, 204);
  });
  app.delete('/scenarios', (c) => {
    deps.scenarios?.clear();
    return c.body(null, 204);
  });
  app.post('/clock', async (c) => {
    const r = v.safeParse(ClockBody, await c.req.json().catch(() => undefined));
    if (!r.success) throw badRequest('INVALID_BODY', 'Expected { advanceMs: integer ≥ 0 }');
    if (!deps.advanceClock)
      throw badRequest('NOT_SUPPORTED', 'This server was started without a sandbox clock');
    deps.advanceClock(r.output.advanceMs);
    return c.body(null, 204);
  });
  app.delete('/cache', (c) => {
    deps.clearCache();
    return c.body(null, 204);
  });
  return app;
}
