// The server's own routes beside the proxy's and the merchant's, one declaration each
// (api/routes/spec.ts): liveness, readiness and metrics at the root; the origin check and the OpenAPI
// document under /api/ramp. app.ts mounts them; the OpenAPI document describes them from here.
import type { Context } from 'hono';
import * as v from 'valibot';
import { HealthSchema, NotReadySchema, OriginSchema, ReadySchema } from '../../api/proxy/health';
import type { DependencyStateSchema } from '../../api/proxy/health';
import { CHECKOUT_PATHS } from '../../api/proxy/paths';
import { HOST_PATHS } from '../../api/proxy/host-paths';
import { routesOf } from '../../api/routes/spec';
import type { ServerConfig } from '../config/config';
import { NO_STORE } from './context';
import type { AppEnv } from './context';
import { notReady } from './lifecycle';
import type { Phase } from './lifecycle';
import type { Metrics } from './metrics';

export interface OwnRouteDeps {
  config: ServerConfig;
  phase: () => Phase;
  /** Every dependency's state now; `own` names this instance's own (down: not ready). */
  dependencyStates: () => Promise<Record<string, v.InferOutput<typeof DependencyStateSchema>>>;
  own: ReadonlySet<string>;
  stores: 'memory' | 'redis';
  metrics: Pick<Metrics, 'render'>;
  /** GET /api/ramp/openapi.json's document (openapi/document.ts). */
  openApi: object;
}

const route = routesOf<OwnRouteDeps, Context<AppEnv>>();

/** The answer that is this document: an OpenAPI 3.1 object. */
const OpenApiSchema = v.looseObject({
  openapi: v.literal('3.1.0'),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.looseObject({})),
});

/** At the root: what orchestrators and scrapers ask. */
export const HEALTH_ROUTES = [
  route({
    id: 'healthz',
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: answers at once, always',
    access: 'public',
    answers: {
      200: { description: 'Alive', schema: HealthSchema },
      503: { description: 'The server could not start (before the app exists)', schema: HealthSchema },
    },
    // Touches nothing: it answers however the rest is doing.
    handle:
      ({ phase, config, stores }) =>
      async ({ c }) =>
        c.json({ ok: true, phase: phase(), upstream: config.mode, stores }, 200, NO_STORE),
  }),
  route({
    id: 'readyz',
    method: 'GET',
    path: '/readyz',
    summary: "Readiness: 503 while starting, draining or when this instance's own store is down",
    access: 'public',
    answers: {
      200: { description: 'Serving', schema: ReadySchema },
      503: { description: 'Not ready', schema: NotReadySchema },
    },
    handle:
      ({ phase, dependencyStates, own }) =>
      async ({ c }) => {
        const now = phase();
        if (now !== 'serving') return notReady(now, now === 'draining' ? 'Draining' : 'Starting');
        const dependencies = await dependencyStates();
        const down = Object.keys(dependencies).filter((n) => !dependencies[n]!.up);
        const ownDown = down.filter((n) => own.has(n));
        if (ownDown.length > 0) {
          return notReady(now, `Unavailable: ${ownDown.join(', ')}`, {
            requestId: c.get('requestId'),
            dependencies,
          });
        }
        return c.json({ ready: true as const, degraded: down.length > 0, dependencies }, 200, NO_STORE);
      },
  }),
  route({
    id: 'metrics',
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics of this instance',
    // The console token, like every merchant route: the operator's scraper holds it.
    access: 'admin',
    answers: {
      200: { description: 'Prometheus text', media: 'text/plain' },
      401: { description: 'No console token, or a wrong one' },
    },
    handle:
      ({ metrics }) =>
      async ({ c }) => {
        const { contentType, body } = await metrics.render();
        return c.body(body, 200, { 'Content-Type': contentType, ...NO_STORE });
      },
  }),
];

/** Under /api/ramp. */
export const API_OWN_ROUTES = [
  route({
    id: 'origin',
    method: 'GET',
    path: CHECKOUT_PATHS.origin,
    summary: "Whether the caller's Origin is among RAMP_ALLOWED_ORIGINS",
    access: 'public',
    answers: { 200: { description: 'The origin and whether it is allowed', schema: OriginSchema } },
    // Readable by every origin: a widget whose call the browser refused (CORS) can then tell that
    // from an unreachable server, and say which variable allows it. Nothing a request with an Origin
    // header could not learn already.
    handle:
      ({ config }) =>
      async ({ c }) => {
        const origin = c.req.header('origin') ?? null;
        const allowed = origin !== null && config.allowedOrigins.includes(origin);
        // A merchant origin has its grant already (apiHeaders); any other is answered for all.
        return c.json(
          { origin, allowed },
          200,
          allowed ? NO_STORE : { ...NO_STORE, 'Access-Control-Allow-Origin': '*' },
        );
      },
  }),
  route({
    id: 'openapi',
    method: 'GET',
    path: HOST_PATHS.openapi,
    summary: 'This document',
    access: 'public',
    answers: { 200: { description: 'OpenAPI 3.1', schema: OpenApiSchema } },
    handle:
      ({ openApi }) =>
      async ({ c }) =>
        c.json(openApi, 200, NO_STORE),
  }),
];
