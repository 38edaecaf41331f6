// The shape every list hook returns: what a step shows, never a raw query result.
import type { UseQueryResult } from '@tanstack/react-query';
import { RampError } from '../api';

export interface ListView<T> {
  /** The list is known (possibly empty). */
  isReady: boolean;
  /** Waiting for the list (its inputs are known). */
  isLoading: boolean;
  items: T[];
  /** Why the list could not be loaded (the UI says it in words, by code). */
  error: RampError | null;
  retry: () => void;
}

/** Any failure as a RampError (the api layer already throws those; this covers the rest). */
export function asRampError(e: unknown): RampError | null {
  if (e === null || e === undefined) return null;
  if (e instanceof RampError) return e;
  return new RampError('UNEXPECTED_ERROR', e instanceof Error ? e.message : String(e), 0, { cause: e });
}

const NONE: never[] = [];

export function listView<T>(q: UseQueryResult<T[], unknown>, enabled: boolean): ListView<T> {
  return {
    isReady: q.data !== undefined,
    isLoading: enabled && q.data === undefined && !q.isError,
    items: q.data ?? NONE,
    error: enabled && q.data === undefined ? asRampError(q.error) : null,
    retry: () => void q.refetch(),
  };
}
