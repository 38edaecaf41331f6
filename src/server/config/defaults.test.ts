// Each default is defined once (defaults.ts); what the README, docs/CONTRACTS.md §1 and options.ts's
// `@default` tags say of it is checked against that definition.
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from './defaults';
import { ENV_OPTIONS } from './env';
import { CONTRACTS_TABLE, README_TABLE, configTable, readDoc } from './test-docs';
import type { ConfigTable } from './test-docs';

/** A default as the docs write it: a flag as 1/0 there, a rate as `<per minute>/<burst>`. */
function written(value: unknown, [on, off]: [on: string, off: string]): string {
  if (typeof value === 'boolean') return value ? on : off;
  if (typeof value === 'object' && value !== null && 'perMinute' in value && 'burst' in value) {
    return `${String(value.perMinute)}/${String(value.burst)}`;
  }
  return String(value);
}

/** [option, the default the table writes] for each variable of the table whose default is a value. */
function tableDefaults(table: ConfigTable): [string, string][] {
  return configTable(table).flatMap(({ variables, defaults }) => {
    return variables.flatMap((name, i): [string, string][] => {
      const literal = /^`([^`]+)`(?: \(.*\))?$/.exec(defaults[i] ?? '');
      const option = ENV_OPTIONS[name]![0];
      return literal ? [[option, literal[1]!]] : [];
    });
  });
}

const defaultOf = (option: string) => (DEFAULTS as Record<string, unknown>)[option];

describe('the defaults', () => {
  it("are the README's configuration table's, for every variable with a default", () => {
    const documented = tableDefaults(README_TABLE);
    expect(documented.map(([option]) => [option, written(defaultOf(option), ['1', '0'])])).toEqual(
      documented,
    );
    // Every default that is a value (not a list) is written there.
    const withValue = Object.keys(DEFAULTS).filter((o) => !Array.isArray(defaultOf(o)));
    expect(documented.map(([option]) => option).sort()).toEqual(withValue.sort());
  });

  it("are docs/CONTRACTS.md §1's", () => {
    const documented = tableDefaults(CONTRACTS_TABLE);
    expect(documented.length).toBeGreaterThan(4);
    expect(documented.map(([option]) => [option, written(defaultOf(option), ['1', '0'])])).toEqual(
      documented,
    );
  });

  it("are options.ts's @default tags", () => {
    const tags = [
      ...readDoc('src/server/config/options.ts').matchAll(/@default ([^*\n]+?) \*\/\n {2}(\w+)\?:/g),
    ].map((m) => [m[2]!, m[1]!] as const);
    const literal = tags.filter(([, text]) => /^('.*'|\d+|true|false|\[\])$/.test(text));
    expect(literal.length).toBeGreaterThan(20);
    for (const [option, text] of literal) {
      const value = defaultOf(option);
      const expected = Array.isArray(value) ? JSON.stringify(value) : written(value, ['true', 'false']);
      expect([option, text.replace(/^'(.*)'$/, '$1')]).toEqual([option, expected]);
    }
  });
});
