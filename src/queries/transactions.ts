// Status tracking: the transaction is read by session until the partner has created it, then by
// id, with the tracking token the proxy gave this browser. Polls back off from 1 s to 5 s (with
// jitter) while nothing changes, keep going through errors (shown, with a retry), and stop at a
// terminal status.
import { NOT_YET_CREATED_CODE, PENDING_NOT_YET_CREATED, TRACKING_HEADER } from '../api/proxy/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { RampClient, RampError } from '../api';
import { RampError as RampErrorClass, proxyReaders } from '../api';
import type { Transaction } from '../api/types';
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

export const transactionQueryOptions = (client: RampClient, t: TrackingInput) =>
  queryOptions({
    queryKey: rampKeys.transaction(t.sessionId),
    queryFn: ({ signal }) => readTransaction(client, t, signal),
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
  /** The last read failed; polling goes on. */
  error: RampError | null;
  retry: () => void;
}

export function useTransaction(
  tracking: TrackingInput | undefined,
  o: { terminal: boolean } & PollTiming,
): TransactionView {
  const client = useRampClient();
  // Polls since the last change: the backoff restarts whenever the status moves.
  const poll = useRef({ attempt: 0, last: undefined as string | null | undefined });
  const t = tracking ?? { sessionId: '', trackingToken: '' };
  const q = useQuery({
    ...transactionQueryOptions(client, t),
    queryFn: async ({ signal }) => {
      try {
        const tx = await readTransaction(client, t, signal);
        const status = tx?.status ?? null;
        poll.current =
          status === poll.current.last
            ? { attempt: poll.current.attempt + 1, last: status }
            : { attempt: 0, last: status };
        return tx;
      } catch (e) {
        poll.current = { ...poll.current, attempt: poll.current.attempt + 1 };
        throw e;
      }
    },
    enabled: !!tracking && !o.terminal,
    refetchInterval: () => pollDelay(poll.current.attempt, o.baseMs ?? 1000, o.maxMs ?? 5000),
    refetchIntervalInBackground: true,
  });
  return {
    transaction: q.data,
    error: q.isError ? asRampError(q.error) : null,
    retry: () => void q.refetch(),
  };
}
