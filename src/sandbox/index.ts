// The embedded upstream: createSandbox and the types around it.
export { createSandbox, SANDBOX_ORIGIN, type Sandbox, type SandboxOptions } from './sandbox';
export { type FaultInjector, type FaultKind, type FaultRule } from './faults';
export { readFaultRules } from './fault-rules';
export { controlRefusal } from './control-guard';
export { seededRandom } from './random';
export { type ScenarioControl, type Scenarios } from './scenarios';
export { WALK_NAMES, type WalkName } from './transactions';
export { EVENT_TYPES, signWebhook, type WebhookProfile } from './webhooks';
