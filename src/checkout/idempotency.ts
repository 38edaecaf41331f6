// Idempotency keys: one per distinct session request. A retry of the same request reuses its key
// (the server replays the session); a changed request (after Back) gets a new one, so a replay
// can never hand back a session for different terms.
import { sha256 } from '../domain/hash/sha256';
import type { SessionRequest } from '../api/types';

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A name-based UUID (RFC 9562 version 8) from SHA-256 of the seed and the request. */
export function idempotencyKeyFor(seed: string, request: SessionRequest): string {
  const bytes = sha256(new TextEncoder().encode(`${seed}\n${JSON.stringify(request)}`)).slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
