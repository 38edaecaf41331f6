// POST /api/ramp/sessions/lookup: a browser's recent orders, each read by the tracking token its
// session answered, from the ledger in one read (no upstream call). A token answers only the order
// it was signed for; anything else answers null, the same null for every reason.
import type { SessionLookupResponse } from '../../../api/proxy/session-lookup';
import type { TrackingClaims } from '../../http/tokens';
import type { Orders } from '../../merchant/orders';
import { trackedOrderView } from '../views';

export async function lookupSessions(
  tokens: readonly string[],
  verify: (token: string) => TrackingClaims | null,
  orders: Pick<Orders, 'bySession'> | undefined,
): Promise<SessionLookupResponse> {
  const claims = tokens.map(verify);
  const sessionIds = [...new Set(claims.flatMap((c) => (c ? [c.sid] : [])))];
  // Without a ledger (an app built without the merchant backend) no order is known.
  const found = orders && sessionIds.length > 0 ? await orders.bySession(sessionIds) : [];
  const bySession = new Map(found.map((o) => [o.sessionId, o]));
  return {
    orders: claims.map((c) => {
      const order = c && bySession.get(c.sid);
      return order ? trackedOrderView(order) : null;
    }),
  };
}
