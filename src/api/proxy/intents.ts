// Checkout intents as the host server answers them (POST /api/ramp/intents, GET /intents/current,
// the SDK's ramp.intents), written once as valibot schemas. The widget imports only the types.
import * as v from 'valibot';
import { DirectionSchema } from './webhooks';

const iso = v.pipe(v.string(), v.description('ISO 8601'));
const optional = v.optional(v.string());

/** The values a merchant fixed for a checkout; every field but reference is optional. */
export const IntentValuesSchema = v.object({
  reference: v.pipe(v.string(), v.description("The merchant's order id: 1 to 64 printable characters")),
  customerId: optional,
  direction: v.optional(DirectionSchema),
  country: optional,
  subdivision: v.optional(v.pipe(v.string(), v.description('ISO 3166-2 in full (US-NY), within `country`'))),
  fiatCurrency: optional,
  cryptoCurrency: optional,
  network: v.optional(v.pipe(v.string(), v.description('A chainCode, e.g. ETHEREUM'))),
  amount: v.optional(
    v.pipe(v.string(), v.description("A decimal string in the direction's source currency")),
  ),
  walletAddress: optional,
});
export type IntentValues = v.InferOutput<typeof IntentValuesSchema>;

/** What a browser holding the client secret may read (never the merchant's customer id). */
export const PublicIntentSchema = v.object({
  ...v.omit(IntentValuesSchema, ['customerId']).entries,
  /** Always set: the widget locks it. */
  direction: DirectionSchema,
  expiresAt: iso,
});
export type PublicIntent = v.InferOutput<typeof PublicIntentSchema>;

/** GET /api/ramp/intents/current. */
export const IntentAnswerSchema = v.object({ intent: PublicIntentSchema });

/** POST /api/ramp/intents (201). */
export const CreatedIntentSchema = v.object({
  id: v.string(),
  clientSecret: v.pipe(
    v.string(),
    v.description('Give this to the browser (widget option `intent`, hosted page `?intent=`)'),
  ),
  expiresAt: iso,
});
export type CreatedIntent = v.InferOutput<typeof CreatedIntentSchema>;

/** A checkout intent as the merchant's server sees it (its client secret is never stored). */
export const IntentSchema = v.object({
  ...IntentValuesSchema.entries,
  /** Always set (`buy` when the intent was minted without one). */
  direction: DirectionSchema,
  id: v.string(),
  createdAt: iso,
  expiresAt: iso,
  /** The session created from it, once there is one. */
  sessionId: v.nullable(v.string()),
  /** `open` until a session is created from it (`used`) or it expires. */
  status: v.picklist(['open', 'used', 'expired']),
});
export type Intent = v.InferOutput<typeof IntentSchema>;
