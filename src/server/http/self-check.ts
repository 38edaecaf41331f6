// Whether the server checks what it sends against the schemas it declares (src/api/proxy) before
// it sends it: every JSON answer of a declared route (api/routes/mount.ts) and every webhook event.
// A development aid, on only when asked (the option selfCheck, RAMP_SELF_CHECK=1): the test kits and
// every server the tests start ask for it, so a shape that drifts from its schema, and from the
// OpenAPI document made of it, fails the test that met it. Never keyed on NODE_ENV: a merchant's own
// test runner sets NODE_ENV=test (Jest does), and its tests must get the answers production gives.
// Off, nothing is parsed again.
import * as v from 'valibot';
import { OffSchema } from '../../api/routes/mount';

/** `value` itself; when `on`, first checked against `schema` (an OffSchema error names where it strays). */
export function checkedSent<T>(on: boolean, schema: v.GenericSchema, value: T, what: string): T {
  if (!on) return value;
  const r = v.safeParse(schema, value);
  if (!r.success) throw OffSchema.of(what, r.issues);
  return value;
}
