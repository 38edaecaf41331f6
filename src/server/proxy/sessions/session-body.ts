// The body of POST /crypto/session/widget, field by field. Only fields the spec's Buy/Sell session
// data names are sent (no `subdivision`: no session schema defines it, even though the browser may
// send it to us as context). The browser's choices are copied one by one; the server adds what it
// owns: externalSessionId, externalCustomerId, clientIpAddress and the checked redirectUrl.
// docs/CONTRACTS.md "What the server sends upstream for a session" describes each field.
import { LOCK_FIELDS } from '../../../api/types';
import type { LockField, SessionData, SessionRequest, SessionType } from '../../../api/types';
import { validateWalletTag, walletTagRule } from '../../../domain/wallet-tag';
import { badRequest } from '../../http/errors';

/** The upstream session request: sessionData has exactly the spec's fields. */
export interface UpstreamSessionRequest extends SessionRequest {
  sessionData: SessionData;
  externalSessionId: string;
  externalCustomerId: string;
}

export interface SessionBodyInput {
  sessionType: SessionType;
  /** The browser's validated sessionData (redirectUrl and clientIpAddress are not taken from it). */
  data: SessionData & { subdivision?: string };
  /** Already checked against the allowed origins. */
  redirectUrl?: string;
  clientIpAddress?: string;
  externalSessionId: string;
  /**
   * The intent's customerId when the session comes from an intent, else the server-derived
   * pseudonymous id (customer-id.ts). Never a value the browser chose.
   */
  externalCustomerId: string;
  /** Locks the server imposes on top of the browser's (an intent's fixed values). */
  lockFields?: readonly LockField[];
}

export function buildSessionBody(input: SessionBodyInput): UpstreamSessionRequest {
  const d = input.data;
  const locks = new Set<LockField>([...(d.lockFields ?? []), ...(input.lockFields ?? [])]);
  // A lock on a value the request does not carry would fix nothing (or fix the partner's default).
  if (d.walletAddress === undefined) locks.delete('walletAddress');
  if (d.paymentMethodType === undefined) locks.delete('paymentMethodType');
  const sessionData: SessionData = {
    serviceProvider: d.serviceProvider,
    countryCode: d.countryCode,
    sourceCurrencyCode: d.sourceCurrencyCode,
    sourceAmount: d.sourceAmount,
    destinationCurrencyCode: d.destinationCurrencyCode,
    ...(d.paymentMethodType === undefined ? {} : { paymentMethodType: d.paymentMethodType }),
    ...(d.walletAddress === undefined ? {} : { walletAddress: d.walletAddress }),
    ...(d.walletTag === undefined ? {} : { walletTag: d.walletTag.trim() }),
    ...(input.redirectUrl === undefined ? {} : { redirectUrl: input.redirectUrl }),
    ...(input.clientIpAddress === undefined ? {} : { clientIpAddress: input.clientIpAddress }),
    ...(locks.size === 0 ? {} : { lockFields: LOCK_FIELDS.filter((f) => locks.has(f)) }),
  };
  return {
    sessionType: input.sessionType,
    sessionData,
    externalSessionId: input.externalSessionId,
    externalCustomerId: input.externalCustomerId,
  };
}

/**
 * The destination tag / memo rule on the server: a buy of a currency that needs one must carry a
 * valid one; a tag for a currency that needs none is refused (it would be a mistake, and some
 * partners reject it). A sell may carry one (it is then checked) but need not.
 */
export function checkWalletTag(sessionType: SessionType, data: SessionData): void {
  const crypto = sessionType === 'BUY' ? data.destinationCurrencyCode : data.sourceCurrencyCode;
  const rule = walletTagRule(crypto);
  const tag = data.walletTag;
  if (!rule) {
    if (tag !== undefined)
      throw badRequest('WALLET_TAG_NOT_ALLOWED', `${crypto} takes no wallet tag`, ['sessionData.walletTag']);
    return;
  }
  if (sessionType !== 'BUY' && tag === undefined) return;
  if (tag === undefined || tag.trim() === '') {
    throw badRequest('WALLET_TAG_REQUIRED', `${crypto} needs a destination tag or memo (walletTag)`, [
      'sessionData.walletTag',
    ]);
  }
  const check = validateWalletTag(tag, rule);
  if (!check.ok) {
    throw badRequest(
      'INVALID_WALLET_TAG',
      `sessionData.walletTag: not a valid ${crypto} tag (${check.reason})`,
      ['sessionData.walletTag'],
    );
  }
}
