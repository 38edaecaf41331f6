// What the widget checks before it creates a session, checked again on the server, against the same
// discovery answers (read through the proxy's discovery cache, so the widget's own reads have
// usually warmed them) and with the same rules (src/domain: the wallet address of the crypto's
// chain, the amount within the route's limits). A browser that skips the widget gets a 422 that says
// which choice does not hold, and nothing reaches the upstream.
import type { Category, Currency, Limits, RoutePaymentMethod } from '../../../api/types';
import { checkAmountRange } from '../../../domain/amount';
import { validateAddress } from '../../../domain/address';
import { canonicalDecimal } from '../../../domain/decimal';
import type { SessionBody } from '../bodies';
import type { Discovery } from '../discovery/discovery';
import { HttpError } from '../../http/errors';
import type { ServerErrorCode } from '../../http/errors';

const refuse = (code: ServerErrorCode, message: string, field: string) =>
  new HttpError(422, code, message, { extra: { details: [`sessionData.${field}: ${message}`] } });

/**
 * The limits of a partner's route: its method's when the session names one, else the widest its
 * methods publish in the fiat (the partner then picks the method). null: none published.
 */
function routeLimits(methods: readonly RoutePaymentMethod[], fiat: string): Limits | null {
  const published = methods.flatMap((m) =>
    m.limits && m.limits.currencyCode.toUpperCase() === fiat ? [m.limits] : [],
  );
  if (published.length === 0) return null;
  return {
    currencyCode: fiat,
    min: Math.min(...published.map((l) => l.min)),
    max: Math.max(...published.map((l) => l.max)),
  };
}

/**
 * Refuses (422) a session whose country, currencies, partner route, payment method, amount or wallet
 * the discovery data does not allow. `discovery` is the requesting client's view (its cache misses
 * count against its allowance); `fiatPerCrypto`: a sell's rate, from the quote the session matched
 * (without it a sell amount is not checked against the fiat limits, as in the widget).
 */
export async function checkSessionRules(
  discovery: Discovery,
  body: SessionBody,
  fiatPerCrypto: number | undefined,
): Promise<void> {
  const d = body.sessionData;
  const buy = body.sessionType === 'BUY';
  const category: Category = buy ? 'CRYPTO_ONRAMP' : 'CRYPTO_OFFRAMP';
  const [fiatCode, cryptoCode] = buy
    ? [d.sourceCurrencyCode, d.destinationCurrencyCode]
    : [d.destinationCurrencyCode, d.sourceCurrencyCode];
  const [fiatField, cryptoField] = buy
    ? ['sourceCurrencyCode', 'destinationCurrencyCode']
    : ['destinationCurrencyCode', 'sourceCurrencyCode'];
  const country = d.countryCode;

  // The country first: every other list is per country, and an unknown one must not cost reads.
  const countries = (await discovery.countries({ category })).value;
  if (!countries.some((c) => c.countryCode === country)) {
    throw refuse(
      'COUNTRY_NOT_SUPPORTED',
      `${country} is not a supported country for this direction`,
      'countryCode',
    );
  }
  const [fiats, cryptos] = await Promise.all([
    discovery.currencies({ category, country, type: 'FIAT' }),
    discovery.currencies({ category, country, type: 'CRYPTO' }),
  ]);
  const fiat = fiats.value.find((c) => c.currencyCode === fiatCode);
  if (!fiat) throw refuse('CURRENCY_NOT_SUPPORTED', `${fiatCode} is not offered in ${country}`, fiatField);
  const crypto: Currency[] = cryptos.value.filter((c) => c.currencyCode === cryptoCode);
  if (crypto.length === 0) {
    throw refuse('CURRENCY_NOT_SUPPORTED', `${cryptoCode} is not offered in ${country}`, cryptoField);
  }

  const routes = (
    await discovery.routes({
      category,
      country,
      fiatCurrency: fiatCode,
      cryptoCurrency: cryptoCode,
      subdivision: d.subdivision,
    })
  ).value;
  const partner = d.serviceProvider;
  const route = routes.find((r) => r.partner === partner);
  if (!route) {
    throw refuse(
      'ROUTE_UNAVAILABLE',
      `${partner} serves no ${d.sourceCurrencyCode} to ${d.destinationCurrencyCode} route in ${country}`,
      'serviceProvider',
    );
  }
  const method = d.paymentMethodType;
  const methods =
    method === undefined ? route.paymentMethods : route.paymentMethods.filter((m) => m.name === method);
  if (methods.length === 0) {
    throw refuse(
      'ROUTE_UNAVAILABLE',
      `${partner} does not take ${method} on this route`,
      'paymentMethodType',
    );
  }

  // The amount: positive, no more decimals than its currency has, within the partner's limits.
  const [int = '0', frac = ''] = d.sourceAmount.split('.');
  const amount = canonicalDecimal(int, frac);
  const source = buy ? fiat : crypto[0]!;
  const check = checkAmountRange(amount, {
    limits: routeLimits(methods, fiatCode),
    fiatPerUnit: buy ? 1 : fiatPerCrypto,
    decimals: source.decimalPlaces,
  });
  if (!check.ok) {
    const why =
      check.reason === 'zero'
        ? 'must be above 0'
        : check.reason === 'decimals'
          ? `has more than the ${source.decimalPlaces} decimals of ${source.currencyCode}`
          : check.reason === 'min'
            ? `is below ${partner}'s minimum of ${check.bound} ${check.currency}`
            : `is above ${partner}'s maximum of ${check.bound} ${check.currency}`;
    throw refuse('AMOUNT_OUT_OF_RANGE', `The amount ${d.sourceAmount} ${why}`, 'sourceAmount');
  }

  // The wallet must be an address of the crypto's chain (of one of them, when the code names several).
  if (d.walletAddress !== undefined) {
    const address = d.walletAddress;
    const checks = crypto.map((c) => validateAddress(address, c.chainCode ?? c.currencyCode));
    if (!checks.some((c) => c.ok)) {
      const chains = crypto.map((c) => c.chainCode ?? c.currencyCode).join(' or ');
      const otherChain = checks.some((c) => !c.ok && c.reason === 'chain');
      throw otherChain
        ? refuse('WALLET_MISMATCH', `The wallet address is not a ${chains} address`, 'walletAddress')
        : refuse(
            'INVALID_WALLET_ADDRESS',
            `The wallet address is not a valid ${chains} address`,
            'walletAddress',
          );
    }
  }
}
