// Session creation. The Idempotency-Key comes from the checkout machine (the same for a retry of the
// same request), so a double click, a retry or an automatic repeat after a network error all get
// the one session the server created for that key.
import { useMutation } from '@tanstack/react-query';
import type { SessionRequest, SessionResponse } from '../api/types';
import { useRampClient } from './client';
import { retrySession, retrySessionDelay } from './retry';

export interface CreateSession {
  create: (request: SessionRequest, idempotencyKey: string) => Promise<SessionResponse>;
  isPending: boolean;
}

export function useCreateSession(): CreateSession {
  const client = useRampClient();
  const m = useMutation({
    mutationFn: ({ request, key }: { request: SessionRequest; key: string }) =>
      client.createSession(request, { headers: { 'Idempotency-Key': key } }),
    // Safe to repeat: the key makes the server replay the same session (or say it is still pending).
    retry: retrySession,
    retryDelay: retrySessionDelay,
  });
  return {
    create: (request, key) => m.mutateAsync({ request, key }),
    isPending: m.isPending,
  };
}
