// Reading and checking JSON request bodies, with the upstream's per-field error strings.

import type { Context } from 'hono';

export type Json = Record<string, unknown>;

/** The parsed body when it is a JSON object; undefined otherwise. */
export async function jsonObject(c: Context): Promise<Json | undefined> {
  try {
    const body: unknown = await c.req.json();
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : undefined;
  } catch {
    return undefined;
  }
}

export const isNonBlank = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** Optional string fields: absent, or a string. */
export function optionalStrings(body: Json, names: readonly string[], prefix = ''): string[] {
  return names
    .filter((name) => body[name] !== undefined && body[name] !== null && typeof body[name] !== 'string')
    .map((name) => `[${prefix}${name}] is invalid`);
}

export const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
