// A route of the host server or the sandbox's controls as one declaration: its method and path, who
// may call it, its path parameters, query and body as checks with typed outputs, and its answers as
// schemas. mount.ts makes Hono routes of declarations (the checks, the 405 with Allow, the label);
// the server's OpenAPI document (src/server/openapi/) describes them from the same objects; the
// browser's client takes only their paths (api/proxy/paths.ts), never this module.
import * as v from 'valibot';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone; the shopper's tracking token (X-Ramp-Tracking) of the owning session; the
 * console's bearer token; either of those two; an intent's client secret (X-Ramp-Intent); the
 * service's webhook signature; a same-origin page of the sandbox (its test controls).
 */
export type Access = 'public' | 'tracking' | 'admin' | 'tracking-or-admin' | 'intent' | 'signed' | 'control';

type Json = Record<string, unknown>;

/** A path or query parameter: the check of its text (its message says what is expected), its value, its JSON Schema. */
export interface Param<T = unknown, R extends boolean = boolean> {
  check: v.GenericSchema<string, T>;
  required: R;
  json: Json;
}

const value = (ok: (s: string) => boolean, message: string) => v.pipe(v.string(), v.check(ok, message));

/** Text matching `re`; `hint` says what is expected. */
export function text(re: RegExp, hint: string): Param<string, false>;
export function text(re: RegExp, hint: string, required: true): Param<string, true>;
export function text(re: RegExp, hint: string, required = false): Param<string> {
  return {
    check: value((s) => re.test(s), `expected ${hint}`),
    required,
    json: { type: 'string', pattern: re.source, description: hint },
  };
}

/** One of `values`. */
export function oneOf<const T extends string>(values: readonly T[], hint: string): Param<T, false>;
export function oneOf<const T extends string>(
  values: readonly T[],
  hint: string,
  required: true,
): Param<T, true>;
export function oneOf<const T extends string>(
  values: readonly T[],
  hint: string,
  required = false,
): Param<T> {
  return {
    check: v.pipe(v.string(), v.picklist(values, `expected ${hint}`)),
    required,
    json: { type: 'string', enum: [...values] },
  };
}

/** A whole number from `min` to `max`, written in plain digits. */
export const int = (min: number, max: number): Param<number, false> => ({
  check: v.pipe(
    value((s) => {
      const n = /^\d{1,6}$/.test(s) ? Number(s) : NaN;
      return n >= min && n <= max;
    }, `expected an integer from ${min} to ${max}`),
    v.transform(Number),
  ),
  required: false,
  json: { type: 'integer', minimum: min, maximum: max },
});

/** A calendar date, YYYY-MM-DD. */
export const date: Param<string, false> = {
  check: value(isDate, 'expected a date YYYY-MM-DD'),
  required: false,
  json: { type: 'string', format: 'date' },
};

/** A UTC timestamp to the second, YYYY-MM-DDThh:mm:ssZ. */
export const datetime: Param<string, false> = {
  check: value(
    (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(s) && isDate(s.slice(0, 10)) && validTime(s),
    'expected a UTC timestamp YYYY-MM-DDThh:mm:ssZ',
  ),
  required: false,
  json: { type: 'string', format: 'date-time' },
};

function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

function validTime(s: string): boolean {
  const [h, m, sec] = s.slice(11, 19).split(':').map(Number) as [number, number, number];
  return h < 24 && m < 60 && sec < 60;
}

export type Params = Record<string, Param>;

type Out<P> = P extends Param<infer T> ? T : never;

/** The checked query: each required parameter's value, each optional one's or undefined. */
export type QueryOf<Q extends Params> = {
  [K in keyof Q as Q[K] extends Param<unknown, true> ? K : never]: Out<Q[K]>;
} & {
  [K in keyof Q as Q[K] extends Param<unknown, true> ? never : K]?: Out<Q[K]>;
};

/** The path's parameters, each checked (a path whose parameter fails its check is no route: 404). */
export type ParamsOf<P extends Params> = { [K in keyof P]: Out<P[K]> };

/** An answer: its schema (none: no body), what it is, its media type when not JSON. */
export interface Answer {
  description: string;
  schema?: v.GenericSchema;
  media?: string;
}

/** A JSON body: its schema, and the reader whose messages the route answers with (default: the schema's). */
export interface Body<T> {
  schema: v.GenericSchema<unknown, T>;
  parse?: (raw: unknown) => T;
}

/** Everything about a route but its handler. */
export interface RouteSpec<P extends Params = Params, Q extends Params = Params, B = unknown> {
  /** The OpenAPI operationId; in snake case, a mirrored route's upstream operation label. */
  id: string;
  method: Method;
  /** Hono's form: `:name` for a parameter. Relative to where its group is mounted. */
  path: string;
  summary: string;
  access: Access;
  params?: P;
  query?: Q;
  /** Query parameters of which at most one may be given. */
  exclusive?: readonly [string, string];
  /** Request headers the route requires: name → what it carries (the handler checks them). */
  headers?: Record<string, string>;
  body?: Body<B>;
  /** By status: each success answer and each error the route gives (errors are `{ code, message, requestId }`). */
  answers: Record<number, Answer>;
  /** A mirror of the upstream path of the same name (operations.ts labels its upstream calls). */
  mirrors?: true;
  /**
   * The handler answers at the request's deadline itself (session creation answers SESSION_PENDING
   * then, its upstream call going on); every other route's answer is cut at the deadline.
   */
  ownsDeadline?: true;
}

/** What a handler gets: the request's context, its checked parameters and query, its body on demand. */
export interface Call<C, P extends Params, Q extends Params, B> {
  c: C;
  params: ParamsOf<P>;
  query: QueryOf<Q>;
  /** Reads and checks the JSON body (when the handler wants it: after its own earlier checks). */
  body(): Promise<B>;
}

/**
 * A route: its declaration and its handler, made from the dependencies it uses (`D`: a group's
 * routes each name their own, and the group is mounted with all of them). `X` is what the group's
 * mount adds to every call (the proxy's upstream scope).
 */
export interface Route<
  D,
  C,
  X = object,
  P extends Params = Params,
  Q extends Params = Params,
  B = unknown,
> extends RouteSpec<P, Q, B> {
  handle(deps: D): Handler<Call<C, P, Q, B> & X>;
}

// A method's parameters are compared both ways, so a group's list holds routes of any parameters.
type Handler<A> = { bivariance(call: A): Promise<Response> }['bivariance'];

/**
 * Declares a group's routes (`D`, `C`, `X` fixed for the group; each route's parameters, query and
 * body typed from its own declaration).
 */
export const routesOf =
  <D, C, X = object>() =>
  <const P extends Params, const Q extends Params, B>(
    route: Route<D, C, X, P, Q, B>,
  ): Route<D, C, X, P, Q, B> =>
    route;
