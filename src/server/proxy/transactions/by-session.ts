// The shopper's status read by session. Some partners cannot be looked up by session at all: the
// upstream then answers 404 TRANSACTION_FETCH_BY_SESSION_PROVIDER_UNSUPPORTED ("wait until it is
// created, then fetch it"). The server resolves that itself: it lists the transactions of the
// session's externalSessionId (carried in the shopper's signed tracking token, so only the owner of
// the session can ask) and answers with the one of this session. Until the partner has created it,
// the answer is the same "not yet created" as the by-session read gives, so the browser keeps polling;
// once it has the transaction id it reads by id and follows it to the end.
import { RampError } from '../../../api';
import type { Transaction } from '../../../api/types';
import { NOT_YET_CREATED_CODE } from '../../../api/proxy/contract';
import type { TrackingClaims } from '../../http/tokens';
import type { CallScope, Upstream } from '../../upstream/client';

export const PROVIDER_UNSUPPORTED = 'TRANSACTION_FETCH_BY_SESSION_PROVIDER_UNSUPPORTED';

export const notYetCreated = () =>
  new RampError(NOT_YET_CREATED_CODE, 'The partner has not created the transaction yet', 404);

/** The transaction of the session in `claims`, by session, or by its externalSessionId when the partner cannot. */
export async function transactionOfSession(
  upstream: Upstream,
  claims: TrackingClaims,
  scope?: CallScope,
): Promise<Transaction> {
  try {
    return await upstream.read((cl) => cl.transactionBySession(claims.sid), scope);
  } catch (e) {
    if (!(e instanceof RampError && e.status === 404 && e.code === PROVIDER_UNSUPPORTED)) throw e;
    if (!claims.xid) throw notYetCreated();
    const xid = claims.xid;
    const page = await upstream.read(
      (cl) => cl.transactions({ externalSessionIds: [xid], limit: 10 }),
      scope,
    );
    // Only a record of this very session: the search is by our id, the check is by the upstream's.
    const tx = page.items.find((t) => t.sessionId === claims.sid && (t.externalSessionId ?? xid) === xid);
    if (!tx) throw notYetCreated();
    return tx;
  }
}
