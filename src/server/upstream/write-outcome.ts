// What a failed session creation says about the session: the service answered no (`refused`:
// nothing was created), it already has one under this externalSessionId (`duplicate`), or there
// was no answer to read (`unknown`: a timeout, a dropped connection, an unreadable body, a 5xx), so
// the session may exist. Only the first gives an intent back; the last is settled by asking again.
import { RampError } from '../../api';

export type WriteOutcome = 'refused' | 'duplicate' | 'unknown';

export const DUPLICATE_EXTERNAL_SESSION_ID = 'DUPLICATE_EXTERNAL_SESSION_ID';

export function writeOutcome(e: unknown): WriteOutcome {
  if (!(e instanceof RampError)) return 'unknown';
  if (e.code === DUPLICATE_EXTERNAL_SESSION_ID) return 'duplicate';
  return e.status >= 400 && e.status < 500 ? 'refused' : 'unknown';
}
