// The OpenAPI 3.1 document of the server's HTTP surface, made from the proxy's route definitions
// (allowlist.ts RULES: method, path, access, query rules), so the document and the routes cannot drift.
import { API_PREFIX } from '../../api/proxy/contract';
import { RULES } from '../proxy/allowlist';
import type { QueryRule, RouteRule } from '../proxy/policy';

type Json = Record<string, unknown>;

const ERROR = { $ref: '#/components/responses/Error' };

/** A query rule as a JSON Schema (the pattern is the same RegExp the rule checks with). */
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

const SECURITY: Record<RouteRule['access'], Json[]> = {
  public: [],
  tracking: [{ tracking: [] }],
  admin: [{ admin: [] }],
  'tracking-or-admin': [{ tracking: [] }, { admin: [] }],
};

/** A rule's path in OpenAPI form: `{name}` for each parameter segment. */
export function openApiPath(rule: RouteRule): string {
  return `${API_PREFIX}/${rule.path.map((p) => (typeof p === 'string' ? p : `{${p.name}}`)).join('/')}`;
}

function operation(rule: RouteRule): Json {
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
  const parameters = [...pathParams, ...queryParams];
  return {
    operationId: rule.id,
    summary: `${rule.own ? "The proxy's own route" : 'Mirrors the upstream route'} ${rule.id} (access: ${rule.access})`,
    ...(parameters.length > 0 ? { parameters } : {}),
    security: SECURITY[rule.access],
    ...(rule.method === 'POST'
      ? { requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } } }
      : {}),
    responses: {
      [rule.method === 'POST' ? '201' : '200']: {
        description: 'Success',
        content: { 'application/json': {} },
      },
      '400': ERROR,
      ...(rule.access === 'public' ? {} : { '401': ERROR }),
      '429': ERROR,
      default: ERROR,
    },
  };
}

/** The server's own routes outside the allowlist: health, readiness, metrics, origin and this document. */
const OPERATIONAL: Record<string, Json> = {
  [`${API_PREFIX}/origin`]: {
    get: {
      operationId: 'origin',
      summary: "Whether the caller's Origin is allowed",
      security: [],
      responses: { '200': { description: '{ origin, allowed }' } },
    },
  },
  [`${API_PREFIX}/openapi.json`]: {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1' } },
    },
  },
  '/healthz': {
    get: {
      operationId: 'healthz',
      summary: 'Liveness',
      security: [],
      responses: { '200': { description: 'Alive' } },
    },
  },
  '/readyz': {
    get: {
      operationId: 'readyz',
      summary: 'Readiness',
      security: [],
      responses: { '200': { description: 'Ready' }, '503': ERROR },
    },
  },
  '/metrics': {
    get: {
      operationId: 'metrics',
      summary: 'Prometheus metrics',
      security: [{ admin: [] }],
      responses: { '200': { description: 'Prometheus text', content: { 'text/plain': {} } }, '401': ERROR },
    },
  },
};

/** The whole document; built once per server (it depends on the code only). */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = { ...OPERATIONAL };
  for (const rule of RULES) {
    const path = openApiPath(rule);
    paths[path] = { ...paths[path], [rule.method.toLowerCase()]: operation(rule) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'ramp-checkout host server', version: '1' },
    paths,
    components: {
      securitySchemes: {
        tracking: { type: 'apiKey', in: 'header', name: 'X-Ramp-Tracking' },
        admin: { type: 'http', scheme: 'bearer' },
      },
      responses: {
        Error: {
          description: 'An error: its code, a message and the request id',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['code', 'message', 'requestId'],
                properties: {
                  code: { type: 'string' },
                  message: { type: 'string' },
                  requestId: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  };
}
