// Whether the server checks what it sends against the schemas it declares (src/api/proxy) before
// it sends it: every JSON answer of a declared route (api/routes/mount.ts) and every webhook event.
// On under tests (NODE_ENV=test: Vitest sets it, and the end-to-end suite's server is started with
// it), so a shape that drifts from its schema, and from the OpenAPI document made of it, fails the
// test that met it; off otherwise (it parses each answer again).
import * as v from 'valibot';
import { OffSchema } from '../../api/routes/mount';

export const SELF_CHECK = process.env.NODE_ENV === 'test';

/** `value` itself; under SELF_CHECK, first checked against `schema` (an OffSchema error names where it strays). */
export function checkedSent<T>(schema: v.GenericSchema, value: T, what: string): T {
  if (!SELF_CHECK) return value;
  const r = v.safeParse(schema, value);
  if (!r.success) throw OffSchema.of(what, r.issues);
  return value;
}
