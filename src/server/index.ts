// `ramp-checkout/server`: the host server as a package (docs/CONTRACTS.md §4).
export { createRampServer, loadConfig } from './server';
export type { ClientInfo, RampServer } from './server';
export type { RampServerOptions } from './config/options';
export { nodeHandler } from './node/handler';
export type { NodeHandler, NodeRequestLike, NodeResponseLike } from './node/handler';
export { verifyWebhook, WebhookVerificationError, SIGNATURE_HEADER } from './merchant/webhooks/signature';
export type { VerifyOptions, WebhookErrorReason } from './merchant/webhooks/signature';
export type { CreatedIntent, IntentInput, PublicIntent } from './merchant/intent-types';
export type { WebhookData, WebhookEvent, WebhookType } from './storage/ledger/types';
export { ConfigError } from './config/config';
