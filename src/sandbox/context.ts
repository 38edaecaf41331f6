// What the route modules share: the clock, time scale, public address, icon URLs, state and the
// error helper (stamped with the sandbox clock).

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { IconUrls } from './assets';
import type { ScenarioControl } from './scenarios';
import type { SandboxState } from './state';
import type { WebhookDispatcher } from './webhooks';

export interface SandboxContext {
  now: () => number;
  timeScale: number;
  /** Absolute URL of the sandbox's mount point, without a trailing slash. */
  publicBaseUrl: string;
  icons: IconUrls;
  state: SandboxState;
  scenarios: ScenarioControl;
  /** The service's webhooks: told when a shopper starts a transaction. */
  webhooks: Pick<WebhookDispatcher, 'watch'>;
  fail(c: Context, status: ContentfulStatusCode, code: string, message?: string, errors?: string[]): Response;
}
