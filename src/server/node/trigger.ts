// `ramp-checkout webhooks trigger`: one sample event, signed and posted as the webhook sender posts
// (same body shape, header and timeout), so a merchant's handler can be tried without a checkout.
import { webhookSignatureHeaders } from '../merchant/webhooks/signature';
import { systemClock } from '../http/clock';
import { WEBHOOK_TYPES, isWebhookType, sampleWebhookEvent } from '../merchant/webhooks/samples';
import { DEFAULT_WEBHOOK_RETRY } from '../merchant/webhooks/sender';

export type TriggerResult = { ok: boolean; message: string; usage?: boolean };

export async function triggerWebhook(o: {
  type: string;
  url: string;
  secret: string | undefined;
}): Promise<TriggerResult> {
  if (!isWebhookType(o.type)) {
    return {
      ok: false,
      usage: true,
      message: `Unknown event type "${o.type}": one of ${WEBHOOK_TYPES.join(', ')}`,
    };
  }
  if (!o.secret || o.secret.length < 32) {
    return {
      ok: false,
      usage: true,
      message: 'Set RAMP_WEBHOOK_SECRET (at least 32 characters, the secret your endpoint verifies with)',
    };
  }
  let url: URL;
  try {
    url = new URL(o.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    return { ok: false, usage: true, message: `--url must be an http(s) URL, got "${o.url}"` };
  }
  const event = sampleWebhookEvent(o.type);
  const body = JSON.stringify(event);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...webhookSignatureHeaders(body, event.id, [o.secret], Math.floor(systemClock() / 1000)),
        'User-Agent': 'ramp-checkout-webhooks',
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DEFAULT_WEBHOOK_RETRY.timeoutMs),
    });
    const text = (await res.text()).slice(0, 500);
    const answer = `${o.type} ${event.id} → ${url.origin}${url.pathname}: ${res.status}${text ? ` ${text}` : ''}`;
    return { ok: res.status >= 200 && res.status < 300, message: answer };
  } catch (e) {
    const reason = e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
    return {
      ok: false,
      message: `${o.type} ${event.id} → ${url.origin}${url.pathname}: no answer (${reason})`,
    };
  }
}
