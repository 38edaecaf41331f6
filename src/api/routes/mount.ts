// Declared routes (spec.ts) as Hono routes: for each, the path's parameters checked (a value that
// fails is no route: 404), who may call (before anything they asked is looked at), the query checked,
// the handler with its body on demand; then, for each path, 405 with Allow for any other method.
// Everything about a route comes from its one declaration.
import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { Refusal } from './refusal';
import type { Access, Params, Route, RouteSpec } from './spec';

export interface MountOptions<D, C, X> {
  /** What the group's handlers are made from. */
  deps: D;
  /** Prepended to each route's path. */
  prefix?: string;
  /** The check of each kind of caller the group has (none: anyone). */
  access?: Partial<Record<Access, (c: C) => unknown>>;
  /** The request's JSON body, unchecked (the server's reader bounds its size). */
  readBody(c: C): Promise<unknown>;
  /** Runs a handler (the proxy: within the request's deadline, with its upstream scope). */
  run?(route: RouteSpec, c: C, work: (extra: X) => Promise<Response>): Promise<Response>;
  /** Told the route's declared pattern when it is routed by another (metrics labels). */
  routedAs?(c: C, label: string): void;
  /** Checks every JSON answer against the route's declared schema for its status, and throws on a mismatch (the server's selfCheck). */
  checkAnswers?: boolean;
}

/** Mounts `routes` on `app`. Throws at start when a declaration contradicts itself. */
export function mountRoutes<E extends Env, D, X>(
  app: Hono<E>,
  routes: readonly Route<D, Context<E>, X>[],
  o: MountOptions<D, Context<E>, X>,
): void {
  const prefix = o.prefix ?? '';
  for (const route of routes) checkDeclaration(route);
  const byPath = new Map<string, Route<D, Context<E>, X>[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);

  for (const [path, group] of byPath) {
    // Routed as Hono's RegExpRouter can take it (routedPattern); labelled by the declared path.
    const { pattern, literals } = routedPattern(path, routes);
    const label = prefix + path;
    const pathOf: MiddlewareHandler<E> = async (c, next) => {
      const params = c.req.param() as Record<string, string>;
      if (!literals.every((l) => params[l.name] === l.value)) throw notFound();
      if (literals.length > 0) o.routedAs?.(c, label);
      await next();
    };
    for (const route of group) {
      const handler = route.handle(o.deps);
      const check = route.access === 'public' ? undefined : o.access?.[route.access];
      const serve: MiddlewareHandler<E> = async (c) => {
        const params = checkParams(route.params, c.req.param() as Record<string, string>);
        // Who may call comes before what they asked: nothing is validated (or revealed) for strangers.
        if (check) await check(c);
        const query = checkQuery(route, new URL(c.req.url).searchParams);
        const body = async () => readBodyOf(route, await o.readBody(c));
        const work = async (extra: X) => {
          const res = await handler({ c, params, query, body, ...extra } as never);
          if (o.checkAnswers) await checkAnswer(route, res);
          return res;
        };
        return o.run ? o.run(route, c, work) : work({} as X);
      };
      app.on(route.method, prefix + pattern, pathOf, serve);
    }
    const methods = group.map((r) => r.method);
    app.all(prefix + pattern, pathOf, () => {
      throw new Refusal(405, 'METHOD_NOT_ALLOWED', `Use ${methods.join(' or ')}`, undefined, {
        Allow: methods.join(', '),
      });
    });
  }
}

const notFound = () => new Refusal(404, 'NOT_FOUND', 'Not found');

/** The `:name`s of a path, in order. */
export const pathNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function checkDeclaration(route: RouteSpec): void {
  const names = pathNames(route.path).sort();
  const declared = Object.keys(route.params ?? {}).sort();
  if (names.join() !== declared.join()) {
    throw new Error(
      `${route.id}: the path names ${names.join(', ') || 'no parameter'}, params ${declared.join(', ') || 'none'}`,
    );
  }
}

/** The path's parameters, each checked: one that fails is no route of ours (404), as an unknown path. */
function checkParams(params: Params | undefined, given: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(params ?? {})) {
    const r = v.safeParse(p.check, given[name] ?? '');
    if (!r.success) throw notFound();
    out[name] = r.output;
  }
  return out;
}

/**
 * The query against the route's parameters: unknown, repeated or empty ones are refused,
 * required ones must be there and every value must pass its check (400
 * INVALID_QUERY_PARAMETER naming each problem).
 */
export function checkQuery(route: RouteSpec, search: URLSearchParams): Record<string, unknown> {
  const rules = route.query ?? {};
  const out: Record<string, unknown> = {};
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const [name, value] of search) {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) {
      problems.push(`${name.slice(0, 40)}: unknown parameter`);
      continue;
    }
    if (seen.has(name)) {
      problems.push(`${name}: given more than once`);
      continue;
    }
    seen.add(name);
    const r = v.safeParse(rule.check, value);
    if (r.success) out[name] = r.output;
    else problems.push(`${name}: ${r.issues[0].message}`);
  }
  for (const [name, rule] of Object.entries(rules)) {
    if (rule.required && !Object.hasOwn(out, name) && !problems.some((p) => p.startsWith(`${name}:`))) {
      problems.push(`${name}: required`);
    }
  }
  if (route.exclusive) {
    const [a, b] = route.exclusive;
    if (Object.hasOwn(out, a) && Object.hasOwn(out, b)) problems.push(`${a}, ${b}: give at most one of them`);
  }
  if (problems.length > 0) {
    throw new Refusal(400, 'INVALID_QUERY_PARAMETER', `Invalid query: ${problems[0]}`, problems);
  }
  return out;
}

function readBodyOf(route: RouteSpec, raw: unknown): unknown {
  const body = route.body;
  if (!body) return undefined;
  return body.parse ? body.parse(raw) : checkBody(body.schema, raw);
}

/** A body against its schema: its value, or 400 INVALID_BODY naming each problem. */
export function checkBody<T>(schema: v.GenericSchema<unknown, T>, raw: unknown): T {
  const r = v.safeParse(schema, raw);
  if (r.success) return r.output;
  const details = bodyProblems(r.issues);
  throw new Refusal(400, 'INVALID_BODY', `Invalid body: ${details[0]}`, details);
}

/** A body's problems, one line each (`sessionData.walletAddress: expected …`), at most ten. */
export function bodyProblems(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.slice(0, 10).map((i) => {
    const path = v.getDotPath(i) ?? '(body)';
    // Unknown keys are reported by valibot as "expected never"; say it plainly.
    if (i.type === 'strict_object' && i.expected === 'never') return `${path}: unknown field`;
    return `${path}: ${i.message}`;
  });
}

/**
 * What was sent strays from its declared schema: a defect of the sender's, found by a test. It names
 * each field and the rule it breaks, never the value (valibot's messages repeat what they received).
 */
export class OffSchema extends Error {
  static of(what: string, issues: readonly v.BaseIssue<unknown>[]): OffSchema {
    const rule = (i: v.BaseIssue<unknown>) =>
      i.expected === null ? `fails ${i.type}` : `expected ${i.expected}`;
    const where = issues.slice(0, 5).map((i) => `${v.getDotPath(i) ?? '(root)'}: ${rule(i)}`);
    return new OffSchema(`${what} strays from its schema: ${where.join('; ')}`);
  }

  constructor(message: string) {
    super(message);
    this.name = 'OffSchema';
  }
}

/** A JSON answer against the route's schema for its status (selfCheck): a mismatch is a defect, thrown. */
async function checkAnswer(route: RouteSpec, res: Response): Promise<void> {
  const what = `${route.id}'s ${res.status} answer`;
  const answer = route.answers[res.status];
  if (!answer) throw new OffSchema(`${what} is not among its declared answers`);
  if (!answer.schema) {
    if (res.body !== null && !answer.media) throw new OffSchema(`${what} has a body; it declares none`);
    return;
  }
  const r = v.safeParse(answer.schema, await res.clone().json());
  if (!r.success) throw OffSchema.of(what, r.issues);
}

/** A literal segment a route is routed by as a parameter (`name`), and the value it must have. */
interface RoutedLiteral {
  name: string;
  value: string;
}

/**
 * The pattern a path is routed by. Hono's fastest router (its RegExpRouter) takes no literal segment
 * where another route has a parameter (`transactions/sessions/:sessionId` beside
 * `transactions/:transactionId`); given one, Hono routes every request with its trie router instead,
 * which cost the cached discovery read about a tenth of its throughput. Such a literal is routed as
 * a parameter named for its place (`:_2`), and the route checks its value (`literals`).
 */
export function routedPattern(
  path: string,
  routes: readonly RouteSpec[],
): { pattern: string; literals: RoutedLiteral[] } {
  const literals: RoutedLiteral[] = [];
  const segments = (p: string) => p.split('/').slice(1);
  const key = (s: string) => (s.startsWith(':') ? ':' : s);
  const own = segments(path);
  const others = routes.map((r) => segments(r.path));
  const parts = own.map((seg, i) => {
    if (seg.startsWith(':')) return seg;
    const prefix = own.slice(0, i).map(key).join('/');
    const beside = others.some((o) => o[i]?.startsWith(':') && o.slice(0, i).map(key).join('/') === prefix);
    if (!beside) return seg;
    literals.push({ name: `_${i}`, value: seg });
    return `:_${i}`;
  });
  return { pattern: `/${parts.join('/')}`, literals };
}
