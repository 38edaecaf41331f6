// Registers the server's receiver (POST /api/ramp/webhooks/upstream) with the service as a webhook
// profile (UPSTREAM-NOTES §10.1: POST /notifications/webhooks), for `ramp-checkout upstream-webhooks
// register`. The service shows the profile's secret once, in this answer: the operator sets it as
// RAMP_UPSTREAM_WEBHOOK_SECRET.
import type { ServerConfig } from '../../config/config';
import { UPSTREAM_WEBHOOK_PATH } from './receiver';

/** The events the receiver applies: every crypto transaction event. */
export const TRANSACTION_EVENT_TYPES = [
  'TRANSACTION_CRYPTO_PENDING',
  'TRANSACTION_CRYPTO_TRANSFERRING',
  'TRANSACTION_CRYPTO_COMPLETE',
  'TRANSACTION_CRYPTO_FAILED',
];

export interface Registration {
  id: string;
  url: string;
  secret: string;
  eventTypes: string[];
  /** Other active profiles already posting to the same URL (older registrations). */
  others: string[];
}

export class RegistrationError extends Error {}

export interface RegisterOptions {
  config: ServerConfig;
  /** Where the service posts. @default RAMP_PUBLIC_URL + /api/ramp/webhooks/upstream */
  url?: string;
  name?: string;
  fetch?: typeof fetch;
}

interface Profile {
  id?: unknown;
  url?: unknown;
  status?: unknown;
  secret?: unknown;
  eventTypes?: unknown;
}

export const receiverUrl = (config: ServerConfig): string => `${config.publicUrl}${UPSTREAM_WEBHOOK_PATH}`;

export async function registerUpstreamWebhook(o: RegisterOptions): Promise<Registration> {
  const { config } = o;
  if (config.mode !== 'remote') {
    throw new RegistrationError(
      'Set RAMP_API_BASE_URL and RAMP_API_KEY: the receiver is registered with the service the server talks to',
    );
  }
  const url = o.url ?? receiverUrl(config);
  if (!/^https?:\/\//.test(url)) throw new RegistrationError(`The receiver URL must be http(s): ${url}`);
  const send = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { baseUrl, apiKey, versionHeader, serviceVersion } = config.upstream;
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    let res: Response;
    try {
      res = await send(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `BASIC ${apiKey}`,
          [versionHeader]: serviceVersion,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.upstream.timeoutMs),
      });
    } catch (e) {
      throw new RegistrationError(`The service at ${baseUrl} did not answer: ${String(e)}`);
    }
    const text = await res.text();
    if (!res.ok) {
      let code = '';
      try {
        code = String((JSON.parse(text) as { code?: unknown }).code ?? '');
      } catch {
        // not JSON
      }
      throw new RegistrationError(`${method} ${path} answered ${res.status}${code ? ` ${code}` : ''}`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RegistrationError(`${method} ${path} answered with a body that is not JSON`);
    }
  };

  const listed = (await call('GET', '/notifications/webhooks')) as { webhooks?: Profile[] } | Profile[];
  const existing = Array.isArray(listed) ? listed : (listed.webhooks ?? []);
  const created = (await call('POST', '/notifications/webhooks', {
    name: o.name ?? 'ramp-checkout',
    url,
    eventTypes: TRANSACTION_EVENT_TYPES,
    eventVersion: serviceVersion,
  })) as Profile;
  if (typeof created.id !== 'string' || typeof created.secret !== 'string') {
    throw new RegistrationError('The service created the profile but its answer has no id or secret');
  }
  return {
    id: created.id,
    url,
    secret: created.secret,
    eventTypes: Array.isArray(created.eventTypes) ? created.eventTypes.map(String) : TRANSACTION_EVENT_TYPES,
    others: existing
      .filter((p) => p.url === url && p.status !== 'DISABLED' && typeof p.id === 'string')
      .map((p) => p.id as string),
  };
}
