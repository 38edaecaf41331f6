// The quote and the two single-transaction reads (the widget session is in session-widget.ts).

import type { Hono } from 'hono';
import type { Category } from '../api/types';
import { isNonBlank, jsonObject, optionalString, optionalStrings, type Json } from './body';
import { normaliseSubdivision } from './catalog';
import type { SandboxContext } from './context';
import { cryptosByCode, fiatByCode } from './data/currencies';
import { priceOffer, selectOffers } from './quote';
import { isBySessionUnsupported, withoutFields } from './scenarios';
import type { ListedTransaction } from './state';
import type { TransactionRecord } from './transactions';

const AMOUNT_ERROR = '[sourceAmount] DecimalMin (value = "0.0", inclusive = false); must not be null';
const OPTIONAL = ['subdivision', 'paymentMethodType', 'walletAddress', 'customerId', 'externalCustomerId'];

/** The wire record without the sandbox's sort field. */
export function wireTransaction({ at: _at, ...record }: ListedTransaction): TransactionRecord {
  return record;
}

type Pair = { category: Category; fiat: string; crypto: string } | { code: string };

/** Direction from the currency kinds: fiat → crypto is a buy, crypto → fiat a sell. */
function pairOf(source: string, destination: string): Pair {
  const src = source.toUpperCase();
  const dst = destination.toUpperCase();
  const isCrypto = (code: string) => cryptosByCode(code).length > 0;
  if (fiatByCode(src) && isCrypto(dst)) return { category: 'CRYPTO_ONRAMP', fiat: src, crypto: dst };
  if (isCrypto(src) && fiatByCode(dst)) return { category: 'CRYPTO_OFFRAMP', fiat: dst, crypto: src };
  if (fiatByCode(src) || fiatByCode(dst)) return { code: 'INVALID_CRYPTO_CURRENCY' };
  return { code: 'INVALID_AMOUNT_OR_CURRENCY' };
}

/** One entry per rejected field, in the upstream's wording. */
function quoteErrors(body: Json): string[] {
  const errors: string[] = [];
  if (!isNonBlank(body.countryCode)) errors.push('[countryCode] must not be null');
  if (!isNonBlank(body.sourceCurrencyCode)) errors.push('[sourceCurrencyCode] must not be blank');
  if (!isNonBlank(body.destinationCurrencyCode)) errors.push('[destinationCurrencyCode] must not be blank');
  const amount = body.sourceAmount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) errors.push(AMOUNT_ERROR);
  const providers = body.serviceProviders;
  if (providers != null && (!Array.isArray(providers) || providers.some((p) => typeof p !== 'string'))) {
    errors.push('[serviceProviders] is invalid');
  }
  return [...errors, ...optionalStrings(body, OPTIONAL)];
}

export function registerPayments(app: Hono, ctx: SandboxContext): void {
  const { state } = ctx;

  app.post('/payments/crypto/quote', async (c) => {
    const body = await jsonObject(c);
    if (!body) return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', ['Malformed JSON request']);
    const errors = quoteErrors(body);
    if (errors.length) return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', errors);
    const pair = pairOf(body.sourceCurrencyCode as string, body.destinationCurrencyCode as string);
    if ('code' in pair) return ctx.fail(c, 400, pair.code);
    const country = (body.countryCode as string).toUpperCase();
    const subdivision = normaliseSubdivision(country, optionalString(body.subdivision));
    if (subdivision === null)
      return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', ['[subdivision] is invalid']);
    const providers = body.serviceProviders as string[] | null | undefined;
    const offers = selectOffers({
      ...pair,
      country,
      subdivision,
      method: optionalString(body.paymentMethodType),
      // null or empty: every partner on the key.
      partners: providers && providers.length > 0 ? providers : undefined,
      walletAddress: optionalString(body.walletAddress),
    });
    const customer = optionalString(body.externalCustomerId) ?? optionalString(body.customerId);
    const quotes = offers
      .map((offer) => priceOffer(offer, body.sourceAmount as number)?.quote)
      .filter((q) => q !== undefined)
      .sort((a, b) => b.destinationAmount - a.destinationAmount)
      .map((q) => {
        const previouslyUsed = state.previouslyUsed(customer, q.serviceProvider);
        const priced = previouslyUsed
          ? { ...q, rampIntelligence: { ...q.rampIntelligence, previouslyUsed } }
          : q;
        return withoutFields(ctx.scenarios.current, priced);
      });
    if (quotes.length === 0) return ctx.fail(c, 400, 'NO_VALID_QUOTES');
    return c.json({ quotes });
  });

  app.get('/payments/transactions/sessions/:sessionId', (c) => {
    const sessionId = c.req.param('sessionId');
    // A partner the service cannot query by session: "wait until it is created, then fetch it".
    const partner = state.sessions.get(sessionId)?.priced.offer.partner.id;
    if (partner && isBySessionUnsupported(ctx.scenarios.current, partner)) {
      return ctx.fail(c, 404, 'TRANSACTION_FETCH_BY_SESSION_PROVIDER_UNSUPPORTED');
    }
    const found = state.transactionBySession(sessionId, ctx.now(), ctx.timeScale);
    if (found) return c.json({ transaction: wireTransaction(found) });
    // A known session whose shopper has not acted yet: temporary, keep polling.
    if (state.sessions.has(sessionId)) {
      return ctx.fail(c, 404, 'TRANSACTION_FETCH_BY_SESSION_NOT_YET_CREATED_WITH_PROVIDER');
    }
    return ctx.fail(c, 404, 'NOT_FOUND');
  });

  app.get('/payments/transactions/:id', (c) => {
    const found = state.transactionById(c.req.param('id'), ctx.now(), ctx.timeScale);
    return found ? c.json({ transaction: wireTransaction(found) }) : ctx.fail(c, 404, 'NOT_FOUND');
  });
}
