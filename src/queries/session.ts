// Session creation. The Idempotency-Key comes from the checkout machine (the same for a retry of the
// same request), so a double click, a retry or an automatic repeat after a network error all get
// the one session the server created for that key. The whole attempt, repeats included, ends by
// SESSION_DEADLINE_MS with a SESSION_TIMEOUT error: the shopper is never left waiting on nothing.
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { RampError } from '../api';
import type { SessionRequest, SessionResponse } from '../api/types';
import { useRampClient } from './client';
import { SESSION_DEADLINE_MS, retrySession, retrySessionDelay } from './retry';

export interface CreateSession {
  create: (request: SessionRequest, idempotencyKey: string) => Promise<SessionResponse>;
  isPending: boolean;
}

export const sessionTimeout = () =>
  new RampError('SESSION_TIMEOUT', `No session within ${SESSION_DEADLINE_MS} ms`, 0, { retryable: true });

export function useCreateSession(deadlineMs: number = SESSION_DEADLINE_MS): CreateSession {
  const client = useRampClient();
  // The attempt in progress: its deadline stops the repeats and cancels the request on the wire.
  const attempt = useRef<AbortController | null>(null);
  const m = useMutation({
    mutationFn: ({ request, key, signal }: { request: SessionRequest; key: string; signal: AbortSignal }) =>
      client.createSession(request, { headers: { 'Idempotency-Key': key }, signal }),
    // Safe to repeat: the key makes the server replay the same session (or say it is still pending).
    retry: (count, error) => !attempt.current?.signal.aborted && retrySession(count, error),
    retryDelay: retrySessionDelay,
  });
  return {
    create: (request, key) => {
      const controller = new AbortController();
      attempt.current = controller;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(sessionTimeout());
        }, deadlineMs);
      });
      const created = m.mutateAsync({ request, key, signal: controller.signal });
      // The deadline's rejection wins; the mutation's late one is dropped.
      created.catch(() => {});
      return Promise.race([created, deadline]).finally(() => clearTimeout(timer));
    },
    isPending: m.isPending,
  };
}
