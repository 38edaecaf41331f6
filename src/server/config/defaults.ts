// What the server uses for each option the caller leaves unset, as entries.ts defines it (a part
// that needs one of these values reads it from here). The README, docs/CONTRACTS.md and options.ts's
// @default tags are tested against it.
import { OPTIONS } from './entries';
import type { OptionName } from './entries';

type WithDefault = {
  [K in OptionName]: (typeof OPTIONS)[K]['default'] extends undefined ? never : K;
}[OptionName];

/** Each option's default, as a caller would write it (a rate as `<per minute>/<burst>`). */
export const DEFAULTS = Object.fromEntries(
  (Object.keys(OPTIONS) as OptionName[]).flatMap((name) =>
    OPTIONS[name].default === undefined ? [] : [[name, OPTIONS[name].default]],
  ),
) as { readonly [K in WithDefault]: (typeof OPTIONS)[K]['default'] };

/** Placeholder origin of the in-process sandbox (the upstream when apiBaseUrl is unset): never resolved over the network. */
export const SANDBOX_BASE_URL = 'http://sandbox.internal';

/** A host to put in URLs: wildcard listen addresses are reached through loopback. */
function hostForUrls(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The origin of the listen address: publicUrl's default (development). */
export const listenOrigin = (host: string, port: number): string => `http://${hostForUrls(host)}:${port}`;
