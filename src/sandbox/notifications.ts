// Webhook profiles (UPSTREAM-NOTES §10.1): `POST /notifications/webhooks` `{ name, url, eventTypes[],
// eventVersion }` → the profile with its `secret`; `GET /notifications/webhooks`;
// `PATCH /notifications/webhooks/{id}` (status ACTIVE / DISABLED, url, eventTypes);
// `GET /notifications/webhooks/event-types`; `POST /notifications/webhooks/{id}/test` (WEBHOOK_TEST).
// The secret is shown when the profile is created, as a secret should be, and never listed.

import type { Hono } from 'hono';
import { jsonObject } from './body';
import type { SandboxContext } from './context';
import { randomId } from './random';
import { EVENT_TYPES, type WebhookDispatcher, type WebhookProfile } from './webhooks';

const MAX_PROFILES = 20;
const isUrl = (u: unknown): u is string => {
  if (typeof u !== 'string' || u.length > 2048 || !URL.canParse(u)) return false;
  const url = new URL(u);
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
};
const isEventTypes = (x: unknown): x is string[] =>
  Array.isArray(x) && x.every((t) => (EVENT_TYPES as readonly string[]).includes(t as string));

const publicView = ({ secret: _secret, ...profile }: WebhookProfile) => profile;

export function registerNotifications(app: Hono, ctx: SandboxContext, webhooks: WebhookDispatcher): void {
  const { profiles } = webhooks;
  const iso = () => new Date(ctx.now()).toISOString();

  app.get('/notifications/webhooks/event-types', (c) =>
    c.json({ eventTypes: EVENT_TYPES.map((eventType) => ({ eventType })) }),
  );

  app.get('/notifications/webhooks', (c) => c.json({ webhooks: [...profiles.values()].map(publicView) }));

  app.post('/notifications/webhooks', async (c) => {
    const body = await jsonObject(c);
    if (!body) return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', ['Malformed JSON request']);
    const errors: string[] = [];
    if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 100) {
      errors.push('[name] must not be blank');
    }
    if (!isUrl(body.url)) errors.push('[url] must be an http(s) URL');
    if (!isEventTypes(body.eventTypes) || body.eventTypes.length === 0)
      errors.push('[eventTypes] is invalid');
    if (body.eventVersion !== undefined && typeof body.eventVersion !== 'string') {
      errors.push('[eventVersion] is invalid');
    }
    if (errors.length) return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', errors);
    if (profiles.size >= MAX_PROFILES) return ctx.fail(c, 409, 'CONFLICT', 'Too many webhook profiles');
    const at = iso();
    const profile: WebhookProfile = {
      id: randomId('WH', 20),
      name: (body.name as string).trim(),
      url: body.url as string,
      eventTypes: [...new Set(body.eventTypes as string[])],
      eventVersion: (body.eventVersion as string | undefined) ?? '2026-02-03',
      status: 'ACTIVE',
      secret: randomId('', 40),
      createdAt: at,
      updatedAt: at,
    };
    profiles.set(profile.id, profile);
    return c.json(profile);
  });

  app.patch('/notifications/webhooks/:id', async (c) => {
    const profile = profiles.get(c.req.param('id'));
    if (!profile) return ctx.fail(c, 404, 'NOT_FOUND');
    const body = await jsonObject(c);
    if (!body) return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', ['Malformed JSON request']);
    const errors: string[] = [];
    if (body.status !== undefined && body.status !== 'ACTIVE' && body.status !== 'DISABLED') {
      errors.push('[status] must be ACTIVE or DISABLED');
    }
    if (body.url !== undefined && !isUrl(body.url)) errors.push('[url] must be an http(s) URL');
    if (body.eventTypes !== undefined && !isEventTypes(body.eventTypes))
      errors.push('[eventTypes] is invalid');
    if (errors.length) return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', errors);
    const next: WebhookProfile = {
      ...profile,
      ...(body.status !== undefined ? { status: body.status as WebhookProfile['status'] } : {}),
      ...(body.url !== undefined ? { url: body.url as string } : {}),
      ...(body.eventTypes !== undefined ? { eventTypes: body.eventTypes as string[] } : {}),
      updatedAt: iso(),
    };
    profiles.set(profile.id, next);
    return c.json(publicView(next));
  });

  app.post('/notifications/webhooks/:id/test', async (c) => {
    const profile = profiles.get(c.req.param('id'));
    if (!profile) return ctx.fail(c, 404, 'NOT_FOUND');
    const { eventId, answer } = await webhooks.sendTest(profile);
    return c.json({ eventId, delivered: answer === 200, responseStatus: answer });
  });
}
