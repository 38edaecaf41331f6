// POST /api/ramp/crypto/session/widget: the browser says what to buy; the server decides the rest.
// It derives externalSessionId from the Idempotency-Key (so the upstream refuses a second session
// for a retried request), sets clientIpAddress from the connection, lets redirectUrl through only
// to an allowed origin, and signs a tracking token for the new session. Before anything goes
// upstream, the session must match a quote this server gave recently (quote-binding.ts) and hold
// against the discovery data (session-rules.ts). The upstream body itself is built field by field in
// session-body.ts. With the merchant's ledger, the order is written as pending before the upstream
// is asked and recorded before the browser gets the session (merchant/orders.ts): a crash, a lost
// answer or a ledger outage leaves a pending order that is settled, never an unrecorded session.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { RampError } from '../../../api';
import type { SessionResponse } from '../../../api/types';
import type { SessionBody } from '../bodies';
import { requireClientIp } from '../../http/client-address';
import type { ServerConfig } from '../../config/config';
import type { AppEnv } from '../../http/context';
import type { CustomerIds } from './customer-id';
import { buildSessionBody, checkWalletTag } from './session-body';
import { HttpError, badRequest } from '../../http/errors';
import type { Deadline } from '../../http/deadline';
import type { Discovery } from '../discovery/discovery';
import { quoteRequired } from '../quotes/quote-binding';
import type { QuoteBinding } from '../quotes/quote-binding';
import { checkSessionRules } from './session-rules';
import { IDEMPOTENCY_KEY_RE, IdempotentRunner, idempotencyKeyReused, sessionPending } from './idempotency';
import { MemoryIdempotencyStore } from '../../storage/stores/idempotency';
import type { IdempotencyStore } from '../../storage/stores/idempotency';
import { INTENT_HEADER } from '../../../api/proxy/contract';
import type { Logger } from '../../http/log';
import type { EarlierCreation, Orders } from '../../merchant/orders';
import { writeOutcome } from '../../upstream/write-outcome';
import type { TokenSigner } from '../../http/tokens';
import type { Upstream } from '../../upstream/client';
import { sessionView } from '../views';

export interface SessionDeps {
  config: ServerConfig;
  upstream: Upstream;
  signer: TokenSigner;
  log: Logger;
  now: () => number;
  /** Where session results are recorded per Idempotency-Key (default: in process). */
  idempotency?: IdempotencyStore<SessionResponse>;
  /** The server-derived externalCustomerId of a browser (customer-id.ts). */
  customers: CustomerIds;
  /**
   * Records each session in the ledger: written as a pending order (with its intent's claim,
   * X-Ramp-Intent) before the upstream is asked, then recorded with the session, or settled later.
   */
  orders?: Orders;
  /** The recent quotes a session must match. */
  binding: QuoteBinding;
  /** The discovery reads (through the cache) the session's choices are checked against. */
  discovery: Discovery;
}

export function createSessionHandler({
  config,
  upstream,
  signer,
  log,
  now,
  idempotency,
  customers,
  orders,
  binding,
  discovery,
}: SessionDeps) {
  const sessions = new IdempotentRunner(idempotency ?? new MemoryIdempotencyStore<SessionResponse>({ now }));

  // The server's own origin is configuration (RAMP_PUBLIC_URL), never what the request claims.
  const allowed = config.redirectOrigins ?? [...config.allowedOrigins, config.publicUrl];
  const allowedRedirect = (raw: string): string => {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    if (!url || url.username || url.password || !allowed.includes(url.origin)) {
      throw badRequest(
        'REDIRECT_URL_NOT_ALLOWED',
        'redirectUrl must be an absolute URL on an allowed origin',
      );
    }
    return url.href;
  };

  /** `deadline`: how long this browser request waits; the upstream call is not bound by it. */
  /** `body`: the request's body, read and checked (its route's declaration) when this asks for it. */
  return async function createSession(
    c: Context<AppEnv>,
    readBody: () => Promise<SessionBody>,
    deadline?: Deadline,
  ): Promise<SessionResponse> {
    const key = c.req.header('idempotency-key');
    if (key === undefined) {
      throw badRequest(
        'IDEMPOTENCY_KEY_REQUIRED',
        'Send an Idempotency-Key header (a new UUID per checkout)',
      );
    }
    if (!IDEMPOTENCY_KEY_RE.test(key)) {
      throw badRequest(
        'INVALID_IDEMPOTENCY_KEY',
        'Idempotency-Key must be 8 to 64 characters of A-Z a-z 0-9 - _',
      );
    }
    // The body arrives within the deadline (else 408: the deadline's answer while it is pending).
    const reading = readBody();
    const body = await (deadline ? Promise.race([reading, deadline.done]) : reading);
    checkWalletTag(body.sessionType, body.sessionData);
    const { redirectUrl, ...data } = body.sessionData;
    const redirect = redirectUrl === undefined ? undefined : allowedRedirect(redirectUrl);
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([body.sessionType, data, redirect, c.req.header(INTENT_HEADER) ?? null]))
      .digest('hex');
    const externalSessionId = signer.externalSessionId(key);
    const ip = requireClientIp(c, config.trustProxy);
    // An intent's customerId will take this place when the session comes from an intent.
    const externalCustomerId = customers.forRequest(c);
    const answer = (session: SessionResponse) =>
      sessionView(session, signer.sign(session.id, externalSessionId));
    // What the ledger kept of this key when the idempotency store no longer has it (a restart, an
    // expired record): the same answer, a creation still being settled, or one that cannot be given.
    const replay = (earlier: EarlierCreation): SessionResponse => {
      if (earlier.fingerprint !== fingerprint) throw idempotencyKeyReused();
      if (earlier.state === 'pending') throw sessionPending();
      if (earlier.state === 'recorded' && earlier.session) return answer(earlier.session);
      throw sessionAlreadyCreated();
    };
    const create = async () => {
      const earlier = await orders?.earlier(externalSessionId);
      if (earlier) return replay(earlier);
      // Terms never quoted, or that the discovery data does not allow, never reach the upstream.
      const bound = await binding.find(body);
      await checkSessionRules(discovery.forClient(ip), body, bound?.fiatPerCrypto);
      if (!bound) throw quoteRequired();
      // Checks the intent; `reserve` then writes the order as pending with the intent's claim:
      // nothing reaches the upstream that the ledger could not record.
      const order = await orders?.begin(c.req.raw.headers, body);
      const request = buildSessionBody({
        sessionType: body.sessionType,
        data,
        redirectUrl: redirect,
        clientIpAddress: ip,
        externalSessionId,
        externalCustomerId: order?.extras.externalCustomerId ?? externalCustomerId,
        lockFields: order?.extras.lockFields,
      });
      if ((await order?.reserve({ externalSessionId, fingerprint, request })) === 'pending') {
        throw sessionPending();
      }
      let created: SessionResponse;
      try {
        created = await upstream.write(
          (cl) => cl.createSession(request),
          // Longer than the browser's deadline on purpose: the call goes on after the browser got
          // SESSION_PENDING, and a retry with the same key gets its result.
          { timeoutMs: config.upstream.sessionTimeoutMs, partner: request.sessionData.serviceProvider },
        );
      } catch (e) {
        const outcome = writeOutcome(e);
        // No readable answer: the session may exist. Settled in the background (asked again with
        // the same externalSessionId); meanwhile a retry of this key hears SESSION_PENDING.
        if (outcome === 'unknown') await order?.unsettled(e instanceof RampError ? e.code : 'no answer');
        else await order?.refused();
        if (outcome === 'duplicate') throw sessionAlreadyCreated();
        throw e;
      }
      // Recorded before the shopper gets it: a write that fails (the ledger unreachable) is retried
      // with the answer kept, and the browser hears SESSION_PENDING meanwhile, never a 500.
      await order?.created(created);
      return answer(created);
    };
    const { value, replayed } = await sessions.run(key, fingerprint, create, deadline?.done);
    log.info(replayed ? 'session replayed' : 'session created', {
      requestId: c.get('requestId'),
      sessionId: value.id,
    });
    return value;
  };
}

const sessionAlreadyCreated = () =>
  new HttpError(
    409,
    'SESSION_ALREADY_CREATED',
    'A session was already created for this Idempotency-Key: start again with a new key',
  );
