// The OpenAPI 3.1 document of the server's HTTP surface, made from the route definitions the server
// is routed by: the proxy's allowlist (allowlist.ts RULES: method, path, access, query rules, body
// schema), the merchant's table (merchant/route-table.ts) and the health, metrics and document routes
// below. Bodies and merchant queries are the valibot schemas the routes validate with, converted by
// @valibot/to-json-schema; a test walks the app's routes and this document together.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { API_PREFIX, INTENT_HEADER, TRACKING_HEADER } from '../../api/proxy/contract';
import type { RouteAccess, RouteDoc } from '../http/route-doc';
import { MERCHANT_ROUTES } from '../merchant/route-table';
import { RULES } from '../proxy/allowlist';
import type { QueryRule, RouteRule } from '../proxy/policy';

type Json = Record<string, unknown>;

const ERROR = { $ref: '#/components/responses/Error' };

/**
 * A valibot schema as JSON Schema (2020-12, OpenAPI 3.1's dialect). Checks written as code (`check`)
 * and `finite` have no JSON Schema form: the server still applies them; any other action that
 * cannot be converted fails the build of this document (and its test).
 */
const jsonSchema = (schema: v.GenericSchema): Json => {
  const { $schema: _, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    ignoreActions: ['check', 'finite'],
  }) as Json;
  return rest;
};

/** A proxy query rule as a JSON Schema (the pattern is the same RegExp the rule checks with). */
function querySchema(rule: QueryRule): Json {
  switch (rule.kind) {
    case 're':
      return { type: 'string', pattern: rule.re.source, description: rule.hint };
    case 'int':
      return { type: 'integer', minimum: rule.min, maximum: rule.max };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
  }
}

const SECURITY: Record<RouteRule['access'] | RouteAccess, Json[]> = {
  public: [],
  signed: [],
  tracking: [{ tracking: [] }],
  admin: [{ admin: [] }],
  intent: [{ intent: [] }],
  'tracking-or-admin': [{ tracking: [] }, { admin: [] }],
};

/** A rule's path in OpenAPI form: `{name}` for each parameter segment. */
export function openApiPath(rule: RouteRule): string {
  return `${API_PREFIX}/${rule.path.map((p) => (typeof p === 'string' ? p : `{${p.name}}`)).join('/')}`;
}

const jsonBody = (schema: v.GenericSchema) => ({
  required: true,
  content: { 'application/json': { schema: jsonSchema(schema) } },
});

function proxyOperation(rule: RouteRule): Json {
  const pathParams = rule.path.flatMap((p) =>
    typeof p === 'string'
      ? []
      : [{ name: p.name, in: 'path', required: true, schema: { type: 'string', pattern: p.re.source } }],
  );
  const queryParams = Object.entries(rule.query).map(([name, q]) => ({
    name,
    in: 'query',
    required: q.required === true,
    schema: querySchema(q),
  }));
  const headerParams = Object.entries(rule.headers ?? {}).map(([name, description]) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  }));
  const parameters = [...pathParams, ...queryParams, ...headerParams];
  return {
    operationId: rule.id,
    summary: `${rule.own ? "The proxy's own route" : 'Mirrors the upstream route'} ${rule.id} (access: ${rule.access})`,
    ...(parameters.length > 0 ? { parameters } : {}),
    security: SECURITY[rule.access],
    ...(rule.body ? { requestBody: jsonBody(rule.body) } : {}),
    responses: {
      '200': { description: 'Success', content: { 'application/json': {} } },
      '400': ERROR,
      ...(rule.access === 'public' ? {} : { '401': ERROR }),
      '429': ERROR,
      default: ERROR,
    },
  };
}

/** Hono's `:name` → OpenAPI's `{name}`. */
const docPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

const ERROR_RESPONSE = {
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'message', 'requestId'],
        properties: {
          code: { type: 'string' },
          message: { type: 'string' },
          requestId: { type: 'string' },
          details: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};

function ownOperation(route: RouteDoc): Json {
  const pathParams = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = route.query ? jsonSchema(route.query) : undefined;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const queryParams = Object.entries((query?.properties ?? {}) as Record<string, Json>).map(
    ([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }),
  );
  const parameters = [...pathParams, ...queryParams];
  const responses: Json = {};
  for (const [status, description] of Object.entries(route.responses)) {
    responses[status] =
      Number(status) >= 400
        ? { ...ERROR_RESPONSE, description }
        : { description, content: { [route.produces ?? 'application/json']: {} } };
  }
  return {
    operationId: route.id,
    summary: route.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    security: SECURITY[route.access],
    ...(route.body ? { requestBody: jsonBody(route.body) } : {}),
    responses,
  };
}

/** The server's own routes beside the proxy's and the merchant's: origin, this document, health, metrics. */
const SERVER_ROUTES: readonly RouteDoc[] = [
  {
    id: 'origin',
    method: 'GET',
    path: `${API_PREFIX}/origin`,
    summary: "Whether the caller's Origin is among RAMP_ALLOWED_ORIGINS",
    access: 'public',
    responses: { 200: '{ origin, allowed }' },
  },
  {
    id: 'openapi',
    method: 'GET',
    path: `${API_PREFIX}/openapi.json`,
    summary: 'This document',
    access: 'public',
    responses: { 200: 'OpenAPI 3.1' },
  },
  {
    id: 'healthz',
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: answers at once, always',
    access: 'public',
    responses: { 200: '{ ok, phase, upstream, stores }' },
  },
  {
    id: 'readyz',
    method: 'GET',
    path: '/readyz',
    summary: "Readiness: 503 while starting, draining or when this instance's own store is down",
    access: 'public',
    responses: { 200: '{ ready, degraded, dependencies }', 503: 'Not ready' },
  },
  {
    id: 'metrics',
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics of this instance',
    access: 'admin',
    produces: 'text/plain',
    responses: { 200: 'Prometheus text', 401: 'No console token' },
  },
];

/** The whole document; built once per server (it depends on the code only). */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  const add = (path: string, method: string, op: Json) => {
    paths[path] = { ...paths[path], [method.toLowerCase()]: op };
  };
  for (const route of [...SERVER_ROUTES, ...MERCHANT_ROUTES]) {
    add(docPath(route.path), route.method, ownOperation(route));
  }
  for (const rule of RULES) add(openApiPath(rule), rule.method, proxyOperation(rule));
  return {
    openapi: '3.1.0',
    info: { title: 'ramp-checkout host server', version: '1' },
    paths,
    components: {
      securitySchemes: {
        tracking: { type: 'apiKey', in: 'header', name: TRACKING_HEADER },
        intent: { type: 'apiKey', in: 'header', name: INTENT_HEADER },
        admin: { type: 'http', scheme: 'bearer' },
      },
      responses: {
        Error: { description: 'An error: its code, a message and the request id', ...ERROR_RESPONSE },
      },
    },
  };
}
