// The ledger could not take a write or answer a read (PostgreSQL unreachable, the embedded file
// failing): what depends on it is refused at once with a 503 that says so and when to come back,
// never a 500, and before anything reaches the upstream service.
import { HttpError } from '../../http/errors';

export const LEDGER_RETRY_AFTER_SEC = 5;

export class LedgerUnavailable extends HttpError {
  constructor(cause?: unknown) {
    super(503, 'LEDGER_UNAVAILABLE', 'The order ledger is unavailable for a moment: retry shortly', {
      headers: { 'Retry-After': String(LEDGER_RETRY_AFTER_SEC) },
    });
    if (cause !== undefined) this.cause = cause;
  }
}

/** Runs a ledger step; a failure that is not already an answer (an HttpError) becomes LedgerUnavailable. */
export async function ledgerStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw new LedgerUnavailable(e);
  }
}
