// `ramp-checkout webhooks trigger`'s samples, one per type, are events as the schema describes them
// (what a merchant's handler is written against) and say they are not live.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { WebhookEventSchema } from '../../../api/proxy/webhooks';
import { WEBHOOK_TYPES, sampleWebhookEvent } from './samples';

describe('the sample webhook events', () => {
  it.each(WEBHOOK_TYPES)('%s is a test event of its schema', (type) => {
    const event = sampleWebhookEvent(type, Date.UTC(2026, 1, 3));
    const r = v.safeParse(WebhookEventSchema, event);
    expect(r.issues?.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`)).toBeUndefined();
    expect(event).toMatchObject({ type, livemode: false, createdAt: '2026-02-03T00:00:00.000Z' });
  });
});
