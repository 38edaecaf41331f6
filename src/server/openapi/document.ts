// The OpenAPI 3.1 document of the server's HTTP surface, made from the declarations the server is
// routed by (api/routes/spec.ts): the proxy's allowlist, the merchant's routes, the server's own and
// the sandbox's controls; parameters, bodies and answers from their valibot schemas (src/api/proxy),
// converted by @valibot/to-json-schema; `webhooks` from the events the server sends. A test walks the
// app's routes and this document together, and the test kits check every answer against it.
import { toJsonSchema } from '@valibot/to-json-schema';
import type { ConversionConfig, JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { API_PREFIX, INTENT_HEADER, TRACKING_HEADER } from '../../api/proxy/contract';
import { ErrorSchema } from '../../api/proxy/health';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_SCHEMAS, WEBHOOK_TYPES } from '../../api/proxy/webhooks';
import { pathNames } from '../../api/routes/mount';
import type { Access, RouteSpec } from '../../api/routes/spec';
import { WIRE_FORMS } from '../../api/schemas';
import { CONTROL_PATH, CONTROL_ROUTES } from '../../sandbox/control';
import type { ServerConfig } from '../config/config';
import { API_OWN_ROUTES, HEALTH_ROUTES } from '../http/own-routes';
import { MERCHANT_ROUTES } from '../merchant/routes';
import { SIGNATURE_HEADER, STANDARD_HEADERS } from '../merchant/webhooks/signature';
import { RULES } from '../proxy/allowlist';

type Json = Record<string, unknown>;

/** Every declared route, with the prefix it is mounted at. */
export const DECLARED: readonly { prefix: string; routes: readonly RouteSpec[] }[] = [
  { prefix: '', routes: HEALTH_ROUTES },
  { prefix: API_PREFIX, routes: API_OWN_ROUTES },
  { prefix: API_PREFIX, routes: MERCHANT_ROUTES },
  { prefix: API_PREFIX, routes: RULES },
  { prefix: CONTROL_PATH, routes: CONTROL_ROUTES },
];

const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  // Checks written as code (`check`) and `finite` have no JSON Schema form: the server still applies
  // them. Any other action that cannot be converted (a transform whose schema has no wire form)
  // fails the build of this document, and its test.
  ignoreActions: ['check', 'finite'],
};

/** A valibot schema as JSON Schema (2020-12, OpenAPI 3.1's dialect): what is sent (input) or answered (output). */
function jsonSchema(schema: v.GenericSchema, mode: 'input' | 'output'): Json {
  const { $schema: _, ...rest } = toJsonSchema(mode === 'output' ? sent(schema) : schema, {
    ...CONVERSION,
    typeMode: mode,
  }) as JsonSchema & Json;
  return rest;
}

type Node = v.GenericSchema & Record<string, unknown>;
const isSchema = (x: unknown): x is Node =>
  typeof x === 'object' && x !== null && 'kind' in x && x.kind === 'schema';
const SENT = new WeakMap<object, Node>();

/**
 * A schema as the server sends what it reads: each reader schema whose output a transform makes
 * (api/schemas.ts WIRE_FORMS) replaced by its wire form, at any depth. Made for the conversion only.
 */
function sent(schema: v.GenericSchema): Node {
  const wire = WIRE_FORMS.get(schema);
  if (wire) return sent(wire);
  const known = SENT.get(schema);
  if (known) return known;
  const node = schema as Node;
  const copy: Node = { ...node };
  let changed = false;
  const swap = (x: unknown): unknown => {
    if (!isSchema(x)) return x;
    const y = sent(x);
    if (y !== x) changed = true;
    return y;
  };
  if (Array.isArray(node.pipe)) copy.pipe = node.pipe.map((x, i) => (i === 0 ? swap(x) : x));
  if (isSchema(node.item)) copy.item = swap(node.item);
  if (isSchema(node.wrapped)) copy.wrapped = swap(node.wrapped);
  if (isSchema(node.value)) copy.value = swap(node.value);
  if (Array.isArray(node.options)) copy.options = node.options.map(swap);
  if (typeof node.entries === 'object' && node.entries !== null) {
    copy.entries = Object.fromEntries(Object.entries(node.entries).map(([k, x]) => [k, swap(x)]));
  }
  const out = changed ? copy : node;
  SENT.set(schema, out);
  return out;
}

const SECURITY: Record<Access, Json[]> = {
  public: [],
  signed: [],
  control: [],
  tracking: [{ tracking: [] }],
  admin: [{ admin: [] }],
  intent: [{ intent: [] }],
  'tracking-or-admin': [{ tracking: [] }, { admin: [] }],
};

const ERROR = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** What every request may be refused with, whatever its route: a repeated single header. */
const REPEATED_HEADER = ERROR(
  'A single header (Host, Authorization…) sent more than once, or an invalid path',
);

function operation(route: RouteSpec): Json {
  const params = pathNames(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: route.params?.[name]?.json ?? { type: 'string' },
  }));
  const query = Object.entries(route.query ?? {}).map(([name, p]) => ({
    name,
    in: 'query',
    required: p.required,
    schema: p.json,
  }));
  const headers = Object.entries(route.headers ?? {}).map(([name, description]) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  }));
  const parameters = [...params, ...query, ...headers];
  const responses: Json = {};
  for (const [status, answer] of Object.entries(route.answers)) {
    responses[status] =
      Number(status) >= 400 && !answer.schema
        ? ERROR(answer.description)
        : answer.schema
          ? {
              description: answer.description,
              content: {
                [answer.media ?? 'application/json']: { schema: jsonSchema(answer.schema, 'output') },
              },
            }
          : answer.media
            ? { description: answer.description, content: { [answer.media]: { schema: { type: 'string' } } } }
            : { description: answer.description };
  }
  if (!Object.keys(responses).some((s) => s.startsWith('4'))) responses['400'] = REPEATED_HEADER;
  responses.default = ERROR('Any other error: `code` says which (docs/CONTRACTS.md §1)');
  return {
    operationId: route.id,
    summary: route.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    security: SECURITY[route.access],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body.schema, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** Hono's `:name` → OpenAPI's `{name}`. */
export const docPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const SIGNATURE_PARAMETERS = [
  [
    SIGNATURE_HEADER,
    't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">, one v1 per secret while rotating',
  ],
  [STANDARD_HEADERS.id, 'The event id (Standard Webhooks)'],
  [STANDARD_HEADERS.timestamp, 'Unix seconds (Standard Webhooks)'],
  [
    STANDARD_HEADERS.signature,
    'v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">, one per secret while rotating (Standard Webhooks)',
  ],
].map(([name, description]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
}));

/** Each event the server posts to RAMP_WEBHOOK_URL, signed (docs/MERCHANT.md: verifying). */
function webhooks(): Json {
  return Object.fromEntries(
    WEBHOOK_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: WEBHOOK_EVENTS[type],
          security: [],
          parameters: SIGNATURE_PARAMETERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(WEBHOOK_EVENT_SCHEMAS[type], 'output') } },
          },
          responses: {
            '200': { description: 'Received: any 2xx ends the delivery' },
            '400': {
              description:
                'Refused (a bad signature, say): any other answer, or none in time, is retried with backoff',
            },
          },
        },
      },
    ]),
  );
}

/** The whole document for this server (its public URL is its `servers`); depends on the code otherwise. */
export function openApiDocument(config: Pick<ServerConfig, 'publicUrl' | 'basePath'>): Json {
  const paths: Record<string, Json> = {};
  for (const { prefix, routes } of DECLARED) {
    for (const route of routes) {
      const path = docPath(prefix + route.path);
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ramp-checkout host server',
      version: '1',
      description:
        'The proxy in front of the Crypto Ramp Service, the merchant backend (intents, orders, webhooks) and the health routes of one ramp-checkout server.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${config.publicUrl}${config.basePath}`, description: 'This server (RAMP_PUBLIC_URL)' }],
    paths,
    webhooks: webhooks(),
    components: {
      schemas: { Error: jsonSchema(ErrorSchema, 'output') },
      securitySchemes: {
        tracking: { type: 'apiKey', in: 'header', name: TRACKING_HEADER },
        intent: { type: 'apiKey', in: 'header', name: INTENT_HEADER },
        admin: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
