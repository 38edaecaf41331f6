// POST /api/ramp/webhooks/upstream: the service's webhooks (UPSTREAM-NOTES §10.1), on when
// RAMP_UPSTREAM_WEBHOOK_SECRET is set (404 otherwise). A request is accepted only with a valid
// signature over the public URL and the raw body, at most 5 minutes old; anything else is 401 and
// changes nothing. An accepted event is recorded in the ledger (once per eventId) before the 200,
// so the service's retry is never needed for what was answered; it is applied after answering.
import type { Context } from 'hono';
import type { ServerConfig } from '../../config/config';
import { NO_STORE } from '../../http/context';
import type { AppEnv } from '../../http/context';
import { readBody } from '../../http/body';
import { HttpError, notFound } from '../../http/errors';
import type { Logger } from '../../http/log';
import { API_PREFIX } from '../../../api/proxy/contract';
import { HOST_PATHS } from '../../../api/proxy/host-paths';
import type { UpstreamEventLedger } from '../../storage/ledger/ledger';
import type { UpstreamEventApplier } from './applier';
import { parseUpstreamEvent } from './event';
import { checkUpstreamSignature } from './signature';

export const UPSTREAM_WEBHOOK_PATH = `${API_PREFIX}${HOST_PATHS.upstreamWebhook}`;
/** The service's events are small; a larger body is not one of them. */
export const MAX_EVENT_BYTES = 64 * 1024;

export interface UpstreamWebhookParts {
  ledger: { upstreamEvents: Pick<UpstreamEventLedger, 'record'> };
  upstreamEvents: UpstreamEventApplier | null;
}

const refused = () =>
  new HttpError(401, 'INVALID_SIGNATURE', 'The webhook signature is missing, wrong or too old');

/** The route's handler (merchant/routes.ts declares it). */
export const receiveUpstreamWebhook =
  (deps: {
    config: ServerConfig;
    parts: () => Promise<UpstreamWebhookParts>;
    log: Logger;
    now: () => number;
  }) =>
  async ({ c }: { c: Context<AppEnv> }): Promise<Response> => {
    const secret = deps.config.merchant.upstreamWebhookSecret;
    if (secret === null) throw notFound();
    const body = await readBody(c.req.raw, MAX_EVENT_BYTES);
    // The URL the service posted to, as the public sees it: never built from the request's Host.
    const publicUrl = `${deps.config.publicUrl}${UPSTREAM_WEBHOOK_PATH}${new URL(c.req.url).search}`;
    const problem = checkUpstreamSignature(c.req.raw.headers, publicUrl, body, secret, deps.now());
    if (problem) {
      deps.log.warn('upstream webhook refused', { reason: problem });
      throw refused();
    }
    const event = parseUpstreamEvent(new TextDecoder().decode(body), deps.now());
    if (!event) throw new HttpError(400, 'INVALID_EVENT', 'The body is not an event of the service');
    const { ledger, upstreamEvents } = await deps.parts();
    const fresh = await ledger.upstreamEvents.record(event);
    deps.log.info('upstream webhook', {
      eventId: event.eventId,
      eventType: event.eventType,
      duplicate: !fresh,
      retry: c.req.header('meld-retry-count') ?? undefined,
    });
    // Recorded: answer now; the work happens after (the service waits at most 10 s).
    if (fresh && event.state === 'pending' && upstreamEvents) {
      setImmediate(() => {
        upstreamEvents
          .applyNow(event.eventId)
          .catch((e: unknown) =>
            deps.log.error('upstream event failed', { eventId: event.eventId, error: e }),
          );
      });
    }
    return c.json({ received: true as const, duplicate: !fresh }, 200, NO_STORE);
  };
