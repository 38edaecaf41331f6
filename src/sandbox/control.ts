// The sandbox's test controls, one declaration each (api/routes/spec.ts): replace or clear the fault
// rules and the partner scenarios, move the sandbox clock, drop the host's discovery cache. The host
// server mounts them at /__sandbox when RAMP_SANDBOX_CONTROL=1 (its OpenAPI document describes them);
// the standalone sandbox (standalone.ts) mounts the same at the same path. Only same-origin pages
// may use them (control-guard.ts).
import * as v from 'valibot';
import { Refusal } from '../api/routes/refusal';
import { routesOf } from '../api/routes/spec';
import { controlRefusal } from './control-guard';
import type { FaultInjector } from './faults';
import { FaultsBody, readFaultRules } from './fault-rules';
import type { ScenarioControl } from './scenarios';
import { WALK_NAMES } from './transactions';

/** Where both the host server and the standalone sandbox answer them. */
export const CONTROL_PATH = '/__sandbox';

export interface ControlDeps {
  faults: Pick<FaultInjector, 'set' | 'clear'>;
  /** Partner behaviours of the real service (the sandbox's scenarios). */
  scenarios?: Pick<ScenarioControl, 'set' | 'clear'>;
  /** Moves the sandbox clock forward (transactions progress with it). */
  advanceClock?: (ms: number) => void;
  /** Drops the host server's discovery answers (a standalone sandbox keeps none). */
  clearCache?: () => void;
}

const code = v.pipe(v.string(), v.regex(/^[A-Z0-9_]{2,32}$/));
const partnerList = v.pipe(v.array(code), v.maxLength(20));
const ScenariosBody = v.strictObject({
  incompleteQuotes: v.optional(
    v.record(code, v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(20))),
  ),
  bySessionUnsupported: v.optional(partnerList),
  twoFactor: v.optional(partnerList),
  walks: v.optional(v.record(code, v.picklist(WALK_NAMES))),
  failing: v.optional(v.record(code, v.pipe(v.number(), v.minValue(0), v.maxValue(1)))),
  webhooks: v.optional(
    v.strictObject({ duplicates: v.optional(v.boolean()), outOfOrder: v.optional(v.boolean()) }),
  ),
});
const ClockBody = v.strictObject({
  advanceMs: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(365 * 86_400_000)),
});

const invalid = (message: string) => new Refusal(400, 'INVALID_BODY', message);
const unsupported = (message: string) => new Refusal(400, 'NOT_SUPPORTED', message);
const done = () => new Response(null, { status: 204 });
const DONE = { 204: { description: 'Done' } };
const REFUSED = {
  400: { description: 'An invalid body, or a control this sandbox does not have' },
  403: { description: 'Not a same-origin request' },
  415: { description: 'Not JSON' },
};

const route = routesOf<ControlDeps, unknown>();

export const CONTROL_ROUTES = [
  route({
    id: 'setFaults',
    method: 'PUT',
    path: '/faults',
    summary: "Replaces the sandbox's fault rules (tests: upstream errors, latency, dropped connections)",
    access: 'control',
    body: {
      schema: FaultsBody,
      parse: (raw) => {
        const rules = readFaultRules(raw);
        if (typeof rules === 'string') throw invalid(`Invalid fault rules: ${rules}`);
        return { rules };
      },
    },
    answers: { ...DONE, ...REFUSED },
    handle:
      ({ faults }) =>
      async ({ body }) => {
        faults.set((await body()).rules);
        return done();
      },
  }),
  route({
    id: 'clearFaults',
    method: 'DELETE',
    path: '/faults',
    summary: 'Clears the fault rules',
    access: 'control',
    answers: { ...DONE, ...REFUSED },
    handle:
      ({ faults }) =>
      async () => {
        faults.clear();
        return done();
      },
  }),
  route({
    id: 'setScenarios',
    method: 'PUT',
    path: '/scenarios',
    summary:
      "Replaces the partners' scenarios (incomplete quotes, no by-session read, two-factor, walks, failures, webhooks)",
    access: 'control',
    body: {
      schema: ScenariosBody,
      parse: (raw) => {
        const r = v.safeParse(ScenariosBody, raw);
        if (!r.success) throw invalid(`Invalid scenarios: ${v.summarize(r.issues)}`);
        return r.output;
      },
    },
    answers: { ...DONE, ...REFUSED },
    handle:
      ({ scenarios }) =>
      async ({ body }) => {
        const wanted = await body();
        if (!scenarios) throw unsupported('This sandbox has no scenarios');
        scenarios.set(wanted);
        return done();
      },
  }),
  route({
    id: 'clearScenarios',
    method: 'DELETE',
    path: '/scenarios',
    summary: "Clears the partners' scenarios",
    access: 'control',
    answers: { ...DONE, ...REFUSED },
    handle:
      ({ scenarios }) =>
      async () => {
        scenarios?.clear();
        return done();
      },
  }),
  route({
    id: 'advanceClock',
    method: 'POST',
    path: '/clock',
    summary: 'Moves the sandbox clock forward: its transactions progress with it',
    access: 'control',
    body: {
      schema: ClockBody,
      parse: (raw) => {
        const r = v.safeParse(ClockBody, raw);
        if (!r.success) throw invalid('Expected { advanceMs: integer ≥ 0 }');
        return r.output;
      },
    },
    answers: { ...DONE, ...REFUSED },
    handle:
      ({ advanceClock }) =>
      async ({ body }) => {
        const { advanceMs } = await body();
        if (!advanceClock) throw unsupported('This server was started without a sandbox clock');
        advanceClock(advanceMs);
        return done();
      },
  }),
  route({
    id: 'clearCache',
    method: 'DELETE',
    path: '/cache',
    summary: "Drops the host server's discovery answers",
    access: 'control',
    answers: { ...DONE, ...REFUSED },
    handle:
      ({ clearCache }) =>
      async () => {
        if (!clearCache) throw unsupported('This sandbox keeps no discovery cache');
        clearCache();
        return done();
      },
  }),
];

/** Who may use the controls: a page of the sandbox's own origin, sending JSON. */
export const controlAccess = (ownOrigin: string) => ({
  control: (c: { req: { raw: Request } }) => {
    const refused = controlRefusal(c.req.raw, ownOrigin);
    if (refused) throw new Refusal(refused.status, 'FORBIDDEN', refused.message);
  },
});
