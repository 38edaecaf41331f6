// The public shapes of checkout intents (no imports beyond the ledger's types: part of the package's declarations).
import type { Direction, IntentValues } from '../storage/ledger/types';

/** What POST /api/ramp/intents and server.createIntent() take. */
export interface IntentInput extends Omit<IntentValues, 'amount'> {
  /** What the order is: the shopper pays fiat for crypto (`buy`) or crypto for fiat (`sell`). @default "buy" */
  direction?: Direction;
  /** A decimal amount in the source currency (fiat for buy, crypto for sell). */
  amount?: string | number;
  /** Seconds until the intent expires. @default 3600 */
  expiresInSec?: number;
}

export interface CreatedIntent {
  id: string;
  /** Give this to the browser (widget option `intent`, hosted page `?intent=`). */
  clientSecret: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** What a browser holding the client secret may read. */
export interface PublicIntent extends Omit<IntentValues, 'customerId' | 'direction'> {
  /** Always set: the widget locks it. */
  direction: Direction;
  expiresAt: string;
}
