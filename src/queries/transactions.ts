// Status tracking: the transaction is read by session until the partner has created it, then by
// the id of the last answer, with the tracking token the proxy gave this browser. Polls back off
// from 1 s to 5 s (with jitter) while nothing changes, keep going through errors (shown, with a
// retry), and stop at a terminal status. The query's data is the one copy of the transaction: the
// checkout's store keeps only the session to follow.
import { NOT_YET_CREATED_CODE, PENDING_NOT_YET_CREATED, TRACKING_HEADER } from '../api/proxy/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { RampClient, RampError } from '../api';
import { RampError as RampErrorClass, proxyReaders } from '../api';
import type { Transaction } from '../api/types';
import { resolveStatusView } from '../checkout/status';
import { useRampClient } from './client';
import { rampKeys } from './keys';
import { pollDelay } from './retry';
import { asRampError } from './view';

/**
 * The service's by-session answer while the shopper has not acted at the partner yet (a 404 with
 * this code): keep polling. The host server answers that state with 200
 * `{ transaction: null, pending: 'NOT_YET_CREATED' }` instead (docs/CONTRACTS.md §1), so the
 * browser's console shows no failed request; the code is still understood from a proxy that sends it.
 */

/** The host server's by-session answer: the transaction, or null while it is not created yet. */
const bySessionAnswer = (data: unknown): Transaction | null =>
  (data as { pending?: unknown } | null)?.pending === PENDING_NOT_YET_CREATED
    ? null
    : proxyReaders.transaction(data);

export interface TrackingInput {
  sessionId: string;
  trackingToken: string;
  transactionId?: string;
}

const notYetCreated = (e: unknown) => e instanceof RampErrorClass && e.code === NOT_YET_CREATED_CODE;

/** One read: by id once known, else by session; null while the partner has not created it. */
export async function readTransaction(
  client: RampClient,
  t: TrackingInput,
  signal?: AbortSignal,
): Promise<Transaction | null> {
  const o = { signal, headers: { [TRACKING_HEADER]: t.trackingToken } };
  try {
    return t.transactionId
      ? await client.transaction(t.transactionId, o)
      : await client.request('GET', `/payments/transactions/sessions/${encodeURIComponent(t.sessionId)}`, {
          ...o,
          read: bySessionAnswer,
        });
  } catch (e) {
    if (notYetCreated(e)) return null;
    throw e;
  }
}

/** A launched checkout's transaction as far as this browser has read it. */
export interface TrackedTransaction {
  /** null while the partner has not created it. */
  transaction: Transaction | null;
  /** The statuses read, in order, a repeat once (the timeline marks where a failure stopped). */
  seen: readonly string[];
}

/** No further change expected: polling stops. */
export const isTerminal = (t: TrackedTransaction | undefined): boolean =>
  !!t?.transaction && resolveStatusView(t.transaction.status).terminal;

type Session = Omit<TrackingInput, 'transactionId'>;

/** One read, by the id the previous answer gave once there is one; its status is added to `seen`. */
async function readTracked(
  client: RampClient,
  qc: QueryClient,
  t: Session,
  signal?: AbortSignal,
): Promise<TrackedTransaction> {
  const before = qc.getQueryData<TrackedTransaction>(rampKeys.transaction(t.sessionId));
  const transactionId = before?.transaction?.id;
  const tx = await readTransaction(client, { ...t, ...(transactionId ? { transactionId } : {}) }, signal);
  const seen = before?.seen ?? [];
  return { transaction: tx, seen: tx && seen[seen.length - 1] !== tx.status ? [...seen, tx.status] : seen };
}

/** The transaction as last known elsewhere (a recent order on this device): shown before any read, and not read again once it has ended. */
export function seedTransaction(qc: QueryClient, sessionId: string, transaction: Transaction): void {
  qc.setQueryData<TrackedTransaction>(rampKeys.transaction(sessionId), {
    transaction,
    seen: [transaction.status],
  });
}

export const transactionQueryOptions = (client: RampClient, qc: QueryClient, t: Session) =>
  queryOptions({
    queryKey: rampKeys.transaction(t.sessionId),
    queryFn: ({ signal }) => readTracked(client, qc, t, signal),
    retry: false,
    staleTime: 0,
  });

export interface PollTiming {
  /** @default 1000 */
  baseMs?: number;
  /** @default 5000 */
  maxMs?: number;
}

export interface TransactionView {
  /** undefined before the first answer; null while the partner has not created it. */
  transaction: Transaction | null | undefined;
  /** The statuses read so far, in order. */
  seen: readonly string[];
  /** The status is final: nothing more is read. */
  terminal: boolean;
  /** The last read failed; polling goes on. */
  error: RampError | null;
  retry: () => void;
}

export function useTransaction(tracking: Session | undefined, o: PollTiming = {}): TransactionView {
  const client = useRampClient();
  const qc = useQueryClient();
  // Polls since the last change: the backoff restarts whenever the status moves.
  const poll = useRef({ attempt: 0, last: undefined as string | null | undefined });
  const t = tracking ?? { sessionId: '', trackingToken: '' };
  const options = transactionQueryOptions(client, qc, t);
  const done = isTerminal(qc.getQueryData(options.queryKey));
  const q = useQuery({
    ...options,
    queryFn: async ({ signal }) => {
      try {
        const read = await readTracked(client, qc, t, signal);
        const status = read.transaction?.status ?? null;
        poll.current =
          status === poll.current.last
            ? { attempt: poll.current.attempt + 1, last: status }
            : { attempt: 0, last: status };
        return read;
      } catch (e) {
        poll.current = { ...poll.current, attempt: poll.current.attempt + 1 };
        throw e;
      }
    },
    enabled: !!tracking && !done,
    refetchInterval: (query) =>
      isTerminal(query.state.data)
        ? false
        : pollDelay(poll.current.attempt, o.baseMs ?? 1000, o.maxMs ?? 5000),
    refetchIntervalInBackground: true,
  });
  return {
    transaction: q.data?.transaction,
    seen: q.data?.seen ?? [],
    terminal: isTerminal(q.data),
    error: q.isError ? asRampError(q.error) : null,
    retry: () => void q.refetch(),
  };
}
