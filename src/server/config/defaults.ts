// What the server uses for each option the caller leaves unset: the one definition of each default
// (schema.ts applies them; a part that needs one of these values reads it from here). The README,
// docs/CONTRACTS.md and options.ts's @default tags are tested against it. This file imports nothing,
// so the CLI's help can name a default without loading the configuration.

export const DEFAULTS = {
  port: 8787,
  host: '127.0.0.1',
  serviceVersion: '2026-02-03',
  versionHeader: 'Service-Version',
  upstreamTimeoutMs: 10_000,
  requestDeadlineMs: 10_000,
  quoteBindingTtlMs: 5 * 60_000,
  sessionTimeoutMs: 60_000,
  upstreamMaxBytes: 2 * 1024 * 1024,
  upstreamConcurrency: 64,
  allowedOrigins: [] as readonly string[],
  trustProxy: false,
  dataDir: './.ramp-data',
  webhookRetryBaseMs: 8_000,
  webhookTimeoutMs: 10_000,
  syncIntervalMs: 3_000,
  checkoutExpiresMs: 86_400_000,
  leaseTtlMs: 15_000,
  retentionDays: 400,
  drainMs: 5_000,
  migrate: true,
  role: 'all',
  /** `<per minute>/<burst>`; a rate given without its burst keeps this burst (at most the rate). */
  rateLimitQuote: { perMinute: 120, burst: 30 },
  rateLimitSession: { perMinute: 30, burst: 10 },
  rateLimitDiscovery: { perMinute: 60, burst: 30 },
  rateLimitTransaction: { perMinute: 120, burst: 30 },
  sandboxTimeScale: 1,
  sandboxControl: false,
} as const;

/** Placeholder origin of the in-process sandbox (the upstream when apiBaseUrl is unset): never resolved over the network. */
export const SANDBOX_BASE_URL = 'http://sandbox.internal';

/** A host to put in URLs: wildcard listen addresses are reached through loopback. */
function hostForUrls(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The origin of the listen address: publicUrl's default (development). */
export const listenOrigin = (host: string, port: number): string => `http://${hostForUrls(host)}:${port}`;
