// The environment as createRampServer's options (docs/CONTRACTS.md §1, the README's configuration
// table): each option's variable and reader are in its entry (entries.ts). Reading only converts;
// the schema (schema.ts) checks, and a problem is told by the variable's name with the text given.
import { ConfigError, resolveConfig } from './config';
import { OPTIONS } from './entries';
import type { OptionName } from './entries';
import { unknownVariables } from './unknown-variables';
import type { RampServerOptions } from './options';
import type { Read } from './read';

export type Env = Record<string, string | undefined>;

/** The options an environment variable can set (all but the `clientIp` function). */
export type EnvOption = Exclude<keyof RampServerOptions, 'clientIp'>;

/** Each variable the server reads: the option it sets, and how its text is read (entries.ts). */
export const ENV_OPTIONS: Readonly<Record<string, readonly [EnvOption, Read]>> = Object.fromEntries(
  (Object.keys(OPTIONS) as OptionName[]).flatMap((option) => {
    const { env, read } = OPTIONS[option];
    return env === undefined ? [] : [[env, [option as EnvOption, read]]];
  }),
);

const VARIABLE: Partial<Record<string, string>> = Object.fromEntries(
  Object.entries(ENV_OPTIONS).map(([name, [option]]) => [option, name]),
);

/**
 * createRampServer's options from environment variables (docs/CONTRACTS.md §4); a variable set but
 * blank is unset. Throws a ConfigError naming every variable that is wrong, and any RAMP_* variable
 * it does not read (with the nearest known name).
 */
export function loadConfig(env: Env): RampServerOptions {
  const unknown = unknownVariables(env, Object.keys(ENV_OPTIONS));
  const options: Record<string, unknown> = {};
  const texts: Record<string, string> = {};
  // Read by name: an environment object of any kind works (and tests can see what is read).
  for (const [name, [option, reader]] of Object.entries(ENV_OPTIONS)) {
    const text = env[name]?.trim();
    if (text === undefined || text === '') continue;
    texts[option] = text;
    options[option] = reader(text);
  }
  try {
    resolveConfig(options as RampServerOptions, {
      name: (option) => VARIABLE[option] ?? option,
      given: (option) => texts[option],
    });
  } catch (e) {
    if (e instanceof ConfigError && unknown.length > 0) throw new ConfigError([...unknown, ...e.issues]);
    throw e;
  }
  if (unknown.length > 0) throw new ConfigError(unknown);
  return options as RampServerOptions;
}
