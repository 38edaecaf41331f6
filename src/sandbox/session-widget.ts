// POST /crypto/session/widget: validates the session request, checks that the named service
// provider serves it (pair, country, subdivision, method, wallet chain, amount within limits) and
// stores the session; its widgetUrl is the simulated provider page (provider-page.ts).

import type { Hono } from 'hono';
import { addressFamily, FAMILY_OF, shortHash } from './addresses';
import { isNonBlank, jsonObject, optionalString, optionalStrings, type Json } from './body';
import { normaliseSubdivision } from './catalog';
import type { SandboxContext } from './context';
import { customerById, CUSTOMERS } from './data/customers';
import { cryptosByCode, fiatByCode } from './data/currencies';
import { partnerById } from './data/partners';
import { price, selectOffers } from './quote';
import { randomId } from './random';
import { asksTwoFactor } from './scenarios';
import { isHttpUrl } from '../domain/url';
import { validateWalletTag, walletTagRule } from '../domain/wallet-tag';
import { SandboxState, type SessionRecord } from './state';
import type { CustomerRef } from './transactions';

const REQUIRED = [
  'countryCode',
  'sourceCurrencyCode',
  'sourceAmount',
  'destinationCurrencyCode',
  'serviceProvider',
];
const OPTIONAL = [
  'walletAddress',
  'walletTag',
  'paymentMethodType',
  'redirectUrl',
  'clientIpAddress',
  'subdivision',
];

/** One entry per rejected field, in the upstream's wording. */
function sessionErrors(body: Json): string[] {
  const errors: string[] = [];
  const type = body.sessionType;
  if (type == null) errors.push('[sessionType] must not be null');
  else if (type !== 'BUY' && type !== 'SELL') errors.push('[sessionType] is invalid');
  errors.push(...optionalStrings(body, ['externalSessionId', 'customerId', 'externalCustomerId']));
  const data = body.sessionData;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return [...errors, '[sessionData] must not be null'];
  }
  const d = data as Json;
  // A buyer must say where the crypto goes; a seller's wallet is optional.
  for (const name of type === 'BUY' ? [...REQUIRED, 'walletAddress'] : REQUIRED) {
    if (name === 'sourceAmount' && typeof d.sourceAmount === 'number') {
      errors.push('[sessionData.sourceAmount] must be a string');
    } else if (!isNonBlank(d[name])) {
      errors.push(`[sessionData.${name}] must not be blank`);
    }
  }
  if (isNonBlank(d.sourceAmount) && !(/^\d+(\.\d+)?$/.test(d.sourceAmount) && Number(d.sourceAmount) > 0)) {
    errors.push('[sessionData.sourceAmount] is invalid');
  }
  errors.push(...optionalStrings(d, OPTIONAL, 'sessionData.'));
  if (isNonBlank(d.redirectUrl) && !isHttpUrl(d.redirectUrl))
    errors.push('[sessionData.redirectUrl] is invalid');
  if (
    d.lockFields != null &&
    (!Array.isArray(d.lockFields) || d.lockFields.some((f) => typeof f !== 'string'))
  ) {
    errors.push('[sessionData.lockFields] is invalid');
  }
  return errors;
}

/** A seeded customer when the ids name one; else a stable id for the external id, or a new one. */
function customerFor(customerId: string | undefined, externalCustomerId: string | undefined): CustomerRef {
  const known = CUSTOMERS.find((k) => k.id === customerId || k.externalId === externalCustomerId);
  if (known) return { id: known.id, externalId: known.externalId };
  if (externalCustomerId)
    return { id: `cus_${shortHash(externalCustomerId, 16)}`, externalId: externalCustomerId };
  return { id: randomId('cus_', 16) };
}

export function registerSessionWidget(app: Hono, ctx: SandboxContext): void {
  app.post('/crypto/session/widget', async (c) => {
    const body = await jsonObject(c);
    if (!body) return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', ['Malformed JSON request']);
    const errors = sessionErrors(body);
    if (errors.length) return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', errors);
    const sessionType = body.sessionType as 'BUY' | 'SELL';
    const data = body.sessionData as Json;
    const partner = partnerById(data.serviceProvider as string);
    if (!partner) return ctx.fail(c, 400, 'TRANSACTION_INVALID_PROVIDER');

    const buy = sessionType === 'BUY';
    const fiat = (buy ? data.sourceCurrencyCode : data.destinationCurrencyCode) as string;
    const crypto = (buy ? data.destinationCurrencyCode : data.sourceCurrencyCode) as string;
    if (!fiatByCode(fiat)) return ctx.fail(c, 400, 'INVALID_FIAT_CURRENCY');
    const chains = cryptosByCode(crypto);
    if (chains.length === 0) return ctx.fail(c, 400, 'INVALID_CRYPTO_CURRENCY');

    const customerId = optionalString(body.customerId);
    if (customerId && !customerById(customerId)) return ctx.fail(c, 400, 'CUSTOMER_NOT_FOUND');
    const externalSessionId = optionalString(body.externalSessionId);
    if (externalSessionId && ctx.state.hasExternalSessionId(externalSessionId)) {
      return ctx.fail(c, 400, 'DUPLICATE_EXTERNAL_SESSION_ID');
    }

    const country = (data.countryCode as string).toUpperCase();
    const subdivision = normaliseSubdivision(country, optionalString(data.subdivision));
    if (subdivision === null) {
      return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', ['[sessionData.subdivision] is invalid']);
    }
    const walletAddress = optionalString(data.walletAddress);
    // "walletTag: required for certain cryptocurrencies" (a buy delivers to a tagged address).
    const walletTag = optionalString(data.walletTag);
    const tagRule = walletTagRule(crypto, chains[0]?.chainCode);
    if (buy && tagRule && !walletTag) {
      return ctx.fail(c, 400, 'TRANSACTION_INVALID_PARAMETER', undefined, [
        `[sessionData.walletTag] is required for ${crypto.toUpperCase()}`,
      ]);
    }
    if (walletTag && tagRule && !validateWalletTag(walletTag, tagRule).ok) {
      return ctx.fail(c, 400, 'TRANSACTION_INVALID_PARAMETER', undefined, [
        '[sessionData.walletTag] is invalid',
      ]);
    }
    const family = addressFamily(walletAddress);
    if (walletAddress && !chains.some((k) => FAMILY_OF[k.chainCode] === family)) {
      return ctx.fail(c, 400, 'TRANSACTION_INVALID_PARAMETER', undefined, [
        `[sessionData.walletAddress] is not a valid ${crypto.toUpperCase()} address`,
      ]);
    }
    const [offer] = selectOffers({
      category: buy ? 'CRYPTO_ONRAMP' : 'CRYPTO_OFFRAMP',
      country,
      fiat,
      crypto,
      subdivision,
      partners: [partner.id],
      method: optionalString(data.paymentMethodType),
      walletAddress,
    });
    if (!offer) return ctx.fail(c, 400, 'TRANSACTION_PROPERTY_COMBINATION_NOT_SUPPORTED_BY_SERVICE_PROVIDER');
    const priced = price(offer, Number(data.sourceAmount));
    if (!priced || priced.limitAmount < offer.limits.min) return ctx.fail(c, 400, 'INVALID_AMOUNT_TOO_LOW');
    if (priced.limitAmount > offer.limits.max) return ctx.fail(c, 400, 'INVALID_AMOUNT_TOO_HIGH');

    const id = randomId('ses_');
    const customer = customerFor(customerId, optionalString(body.externalCustomerId));
    const redirectUrl = optionalString(data.redirectUrl);
    const session: SessionRecord = {
      id,
      token: randomId('tok_', 32),
      createdAt: ctx.now(),
      sessionType,
      priced,
      walletAddress: walletAddress ?? SandboxState.placeholderWallet(priced, id),
      customer,
      ...(redirectUrl ? { redirectUrl } : {}),
      ...(externalSessionId ? { externalSessionId } : {}),
      ...(walletTag ? { walletTag } : {}),
      ...(asksTwoFactor(ctx.scenarios.current, partner.id)
        ? { verifyUrl: `${ctx.publicBaseUrl}/provider/verify/${id}` }
        : {}),
    };
    const walk = ctx.scenarios.walkOfNewSession(partner.id);
    if (walk) session.walk = walk;
    ctx.state.addSession(session);
    const widgetUrl = `${ctx.publicBaseUrl}/provider/checkout/${id}`;
    return c.json({
      id,
      token: session.token,
      widgetUrl,
      serviceProviderWidgetUrl: widgetUrl,
      customerId: customer.id,
      ...(customer.externalId ? { externalCustomerId: customer.externalId } : {}),
      ...(externalSessionId ? { externalSessionId } : {}),
    });
  });
}
