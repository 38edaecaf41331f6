// What the route modules share: the clock, time scale, public address, icon URLs, state and the
// error helper (stamped with the sandbox clock).

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { IconUrls } from './assets';
import type { ScenarioControl } from './scenarios';
import type { SandboxState } from './state';

export interface SandboxContext {
  now: () => number;
  timeScale: number;
  /** Absolute URL of the sandbox's mount point, without a trailing slash. */
  publicBaseUrl: string;
  icons: IconUrls;
  state: SandboxState;
  scenarios: ScenarioControl;
  fail(c: Context, status: ContentfulStatusCode, code: string, message?: string, errors?: string[]): Response;
}
