// The public shapes of checkout intents (part of the package's declarations): the answers are the
// wire's (src/api/proxy/intents.ts); what the server takes is written here.
import type { CreatedIntent, IntentValues, PublicIntent } from '../../api/proxy/intents';
import type { Direction } from '../../api/types';

export type { CreatedIntent, PublicIntent };

/** What POST /api/ramp/intents and server.createIntent() take. */
export interface IntentInput extends Omit<IntentValues, 'amount'> {
  /** What the order is: the shopper pays fiat for crypto (`buy`) or crypto for fiat (`sell`). @default "buy" */
  direction?: Direction;
  /** A decimal amount in the source currency (fiat for buy, crypto for sell). */
  amount?: string | number;
  /** Seconds until the intent expires. @default 3600 */
  expiresInSec?: number;
}
