// `ramp-checkout/server`: the host server as a package (docs/CONTRACTS.md §4).
export { createRampServer, loadConfig } from './server';
export type { RampServer } from './server';
export type { RampServerOptions } from './options';
export { nodeHandler } from './node';
export type { NodeHandler, NodeRequestLike, NodeResponseLike } from './node';
export { verifyWebhook, WebhookVerificationError, SIGNATURE_HEADER } from './webhooks/signature';
export type { VerifyOptions, WebhookErrorReason } from './webhooks/signature';
export type { CreatedIntent, IntentInput, PublicIntent } from './intent-types';
export type { WebhookData, WebhookEvent, WebhookType } from './ledger/types';
export { ConfigError } from './config';
