// `ramp-checkout/server`: the host server as a package (docs/CONTRACTS.md §4).
export { createRampServer } from './server';
export { loadConfig } from './config/env';
export type { ClientInfo, RampServer } from './server';
export type { BootstrapOptions } from './http/preload';
export type { RampBootstrap } from '../api/bootstrap';
export type { RampServerOptions } from './config/options';
export { nodeHandler } from './node/handler';
export type { NodeHandler, NodeNext, NodeRequestLike, NodeResponseLike } from './node/handler';
export {
  verifyWebhook,
  generateTestWebhookHeader,
  WebhookVerificationError,
  SIGNATURE_HEADER,
  STANDARD_HEADERS,
} from './merchant/webhooks/signature';
export type { VerifyOptions, WebhookErrorReason, WebhookHeaders } from './merchant/webhooks/signature';
export type { CreatedIntent, IntentInput, PublicIntent } from './merchant/intent-types';
export type {
  Intent,
  Order,
  OrderDetail,
  OrderList,
  OrderListItem,
  OrderListParams,
  RampIntents,
  RampOrders,
  RampWebhooks,
  WebhookDelivery,
} from './merchant/sdk-types';
export type {
  StatusSource,
  WebhookData,
  WebhookDataByType,
  WebhookEvent,
  WebhookType,
} from './storage/ledger/types';
export { ConfigError } from './config/config';
