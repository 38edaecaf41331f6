// A route of the server's own (outside the proxy's allowlist) as one definition: the app registers
// it from here and openapi/document.ts describes it from here, so the two cannot drift. Its query
// and body are the valibot schemas the route validates with.
import type * as v from 'valibot';

/** Who may call: anyone, the console's bearer token, an intent's client secret, or the service's signature. */
export type RouteAccess = 'public' | 'admin' | 'intent' | 'signed';

export interface RouteDoc {
  /** The OpenAPI operationId. */
  id: string;
  method: 'GET' | 'POST';
  /** Hono's form, `:name` for a path parameter. */
  path: string;
  summary: string;
  access: RouteAccess;
  /** The query's parameters, each optional unless its schema says otherwise. */
  query?: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;
  /** The JSON body's schema. */
  body?: v.GenericSchema;
  /** Status → what the answer is (an error status answers `{ code, message, requestId }`). */
  responses: Record<number, string>;
  /** The answer's media type when not JSON. */
  produces?: string;
}
