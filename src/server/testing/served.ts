// The host server as `npm start` serves it (node/listen.ts: Node's http server with its timeouts,
// nodeHandler, createRampServer), listening on loopback over a fake upstream, with an in-memory
// log and an in-memory ledger.
import { loadConfig } from '../config/env';
import { createMemoryLogger } from '../http/log';
import { serve } from '../node/listen';
import type { ServeHooks } from '../node/listen';
import { openEmbeddedLedger } from '../storage/ledger';
import { fakeUpstream, remoteEnv } from './upstream';

type Env = Record<string, string>;

export async function served(env: Env = {}, hooks: ServeHooks = {}) {
  const upstream = fakeUpstream();
  const log = createMemoryLogger();
  const s = await serve(
    { ...loadConfig(remoteEnv(env)), host: '127.0.0.1', port: 0 },
    { fetch: upstream.fetch, log, static: null, ledger: openEmbeddedLedger(null), ...hooks },
  );
  return { ...s, upstream, log, port: new URL(s.origin).port };
}

export type Served = Awaited<ReturnType<typeof served>>;
