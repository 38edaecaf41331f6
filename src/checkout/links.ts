// What the status and offer screens show of the service's extra data, as plain view-model values
// (the screens only render them): the partner's order page, where to verify a payment the partner
// holds for 2FA, the blockchain explorer link, and the "used before" mark of an offer.
import type { Quote, Transaction } from '../api/types';
import { isHttpUrl } from '../domain/url';
import { explorerUrl } from './explorers';

export interface StatusLinks {
  /** serviceProviderTransactionUrl: "View at <partner>". */
  partnerUrl?: string;
  /** Status TWO_FA_REQUIRED: the first verification not yet done that has a URL. Send the shopper there. */
  verifyUrl?: string;
  /** cryptoDetails.blockchainTransactionId on the chain's explorer. */
  explorerUrl?: string;
}

/** The links of a transaction; `chainCode` is the chain the shopper chose (the selection's crypto). */
export function statusLinks(tx: Transaction | null | undefined, chainCode: string | undefined): StatusLinks {
  if (!tx) return {};
  const links: StatusLinks = {};
  if (isHttpUrl(tx.serviceProviderTransactionUrl)) links.partnerUrl = tx.serviceProviderTransactionUrl;
  if (tx.status === 'TWO_FA_REQUIRED') {
    const pending = (tx.multiFactorAuthorizationStatus ?? []).find((m) => !m.successful && isHttpUrl(m.url));
    if (pending?.url) links.verifyUrl = pending.url;
  }
  const explorer = explorerUrl(chainCode, tx.cryptoDetails?.blockchainTransactionId);
  if (explorer) links.explorerUrl = explorer;
  return links;
}

/** The customer used this partner before (rampIntelligence.previouslyUsed). */
export const usedBefore = (q: Pick<Quote, 'previouslyUsed'>): boolean =>
  typeof q.previouslyUsed === 'string' && q.previouslyUsed !== '';
