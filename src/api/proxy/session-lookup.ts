// POST /api/ramp/sessions/lookup (docs/CONTRACTS.md §1): the states of the shopper's own orders, read
// by their tracking tokens in one request. The body and answer the server checks (src/server/proxy/
// sessions/lookup.ts) and the browser reads (by type only: valibot stays off the checkout), written once.
import { MAX_LOOKUP_TOKENS, MAX_TOKEN_LENGTH, TRACKING_TOKEN_RE } from './contract';
import * as v from 'valibot';
import { OrderSchema } from './orders';

// The messages never repeat a token: a refused body says where it is wrong, not what it held.
const trackingToken = v.pipe(
  v.string('expected a trackingToken'),
  v.maxLength(MAX_TOKEN_LENGTH, 'expected a trackingToken'),
  v.regex(TRACKING_TOKEN_RE, 'expected a trackingToken'),
);

export const SessionLookupBodySchema = v.strictObject({
  trackingTokens: v.pipe(
    v.array(trackingToken, 'expected an array of trackingTokens'),
    v.minLength(1, 'expected at least one trackingToken'),
    v.maxLength(MAX_LOOKUP_TOKENS, `expected at most ${MAX_LOOKUP_TOKENS} trackingTokens`),
  ),
});
export type SessionLookupRequest = v.InferOutput<typeof SessionLookupBodySchema>;

/** An order as its shopper may see it: never the merchant's reference, customer or intent. */
export const TrackedOrderSchema = v.object({
  ...v.omit(OrderSchema, ['intentId', 'reference', 'customerId', 'country']).entries,
  terminal: v.pipe(
    v.boolean(),
    v.description(
      'True once the status can no longer change, so the browser may stop asking; false for `EXPIRED`, which a late transaction still moves',
    ),
  ),
  /** The canonical payment method (`CREDIT_DEBIT_CARD`); null when the session named none. */
  paymentMethod: v.nullable(v.string()),
});
export type TrackedOrder = v.InferOutput<typeof TrackedOrderSchema>;

export const SessionLookupAnswerSchema = v.object({
  /**
   * One per token, in the request's order: the order, or null when this server does not know it
   * (a token it did not sign, a forged or expired one, or no such order: never said which).
   */
  orders: v.array(v.nullable(TrackedOrderSchema)),
});
export type SessionLookupResponse = v.InferOutput<typeof SessionLookupAnswerSchema>;
