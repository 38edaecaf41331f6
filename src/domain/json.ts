/** A JSON object (not null, not an array): what a parsed body, a stored entry or an option must be before its fields are read. */
export const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
