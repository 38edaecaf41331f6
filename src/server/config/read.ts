// How an environment variable's text becomes an option's value (entries.ts names each variable's
// reader). Reading only converts: text that does not read is passed on as it is, for the schema to
// refuse with the variable's name and the text given.

/** A variable's text → the option's value. */
export type Read = (text: string) => unknown;

export const read = {
  string: (s: string) => s,
  number: (s: string) => (/^\d+(?:\.\d+)?$/.test(s) ? Number(s) : s),
  /** Whole milliseconds. */
  duration: (s: string) => (/^\d+$/.test(s) ? Number(s) : s),
  boolean: (s: string) => (s === '1' || s === 'true' ? true : s === '0' || s === 'false' ? false : s),
  /** A count, or true/false for 1/0 (RAMP_TRUST_PROXY). */
  count: (s: string) => (s === 'true' ? true : s === 'false' ? false : /^\d+$/.test(s) ? Number(s) : s),
  /** Comma-separated. */
  list: (s: string) =>
    s
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
} satisfies Record<string, Read>;
