// options.ts documents createRampServer's options for the package's users; entries.ts defines them.
// The two are held together here: the same names and value types, each field naming its variable.
import type * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { OPTIONS } from './entries';
import type { OptionName } from './entries';
import type { ServerConfig, ServerConfigParts } from './config';
import type { RampServerOptions } from './options';
import type { Given } from './schema';
import { readDoc } from './test-docs';

type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The options as entries.ts defines them: what each one's check takes. */
type Defined = { [K in OptionName]?: v.InferInput<(typeof OPTIONS)[K]['check']> };

describe('the options type', () => {
  it("is entries.ts's options, with the value each check takes", () => {
    expectTypeOf<RampServerOptions>().toEqualTypeOf<Defined>();
  });

  it("is, in the configuration, the schema's output: each option under its own name", () => {
    type Flat<T> = Omit<T, keyof ServerConfigParts | `rateLimit${string}` | 'clientIp'>;
    // Each assignable to the other: the same names, each required or not alike, the same values.
    const same: Mutual<Flat<ServerConfig>, Flat<Given>> = true;
    expect(same).toBe(true);
  });

  it('names each option its environment variable, first in its doc comment', () => {
    const documented = [
      ...readDoc('src/server/config/options.ts').matchAll(
        /\/\*\*\s+(?:\* )?([A-Z_]+)\b[^]*?\*\/\n {2}(\w+)\?:/g,
      ),
    ].map((m) => [m[2]!, m[1]!]);
    const defined = (Object.keys(OPTIONS) as OptionName[]).flatMap((name) => {
      const env = OPTIONS[name].env;
      return env === undefined ? [] : [[name, env]];
    });
    expect(defined.length).toBeGreaterThan(30);
    expect(documented).toEqual(defined);
  });
});
