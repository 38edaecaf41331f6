// Countries without a default (the defaults call answers null: BR on buy, AU on sell) get the
// fallbacks the service describes: the first fiat currency and the first payment method offered.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { networkName } from '../src/ui/format/networks';
import { Checkout } from './pages/checkout';

/** The proxy's discovery answers, to compare the widget's fallbacks with. */
async function discovery(request: APIRequestContext, path: string, params: Record<string, string>) {
  const res = await request.get(`/api/ramp/network-partner${path}`, { params });
  expect(res.status(), path).toBe(200);
  return res.json() as Promise<unknown>;
}

const NO_DEFAULT = [
  { direction: 'Buy', country: 'Brazil', code: 'BR', category: 'CRYPTO_ONRAMP', crypto: ['BTC', 'BITCOIN'] },
  {
    direction: 'Sell',
    country: 'Australia',
    code: 'AU',
    category: 'CRYPTO_OFFRAMP',
    crypto: ['ETH', 'ETHEREUM'],
  },
] as const;

for (const c of NO_DEFAULT) {
  test(`${c.direction.toLowerCase()} in ${c.country} (no country default): the first currency and method are preselected`, async ({
    page,
    request,
  }) => {
    expect(await discovery(request, `/defaults/${c.code}/${c.category}`, {})).toBeNull();
    const fiats = (await discovery(request, '/supported/currencies', {
      category: c.category,
      country: c.code,
      type: 'FIAT',
    })) as { currencies: { currencyCode: string }[] };
    const fiat = fiats.currencies[0]!.currencyCode;
    const [crypto, network] = c.crypto;
    const [source, destination] = c.direction === 'Buy' ? [fiat, crypto] : [crypto, fiat];
    const listed = (await discovery(request, '/supported/payment-methods', {
      category: c.category,
      country: c.code,
      currencyCode: fiat,
    })) as { method: string; name: string }[];
    const routes = (await discovery(
      request,
      `/supported/routes/${c.category}/${c.code}/${source}/${destination}`,
      {},
    )) as { paymentMethods: { name: string }[] }[];
    const routed = new Set(routes.flatMap((r) => r.paymentMethods.map((m) => m.name)));
    const firstMethod = listed.find((m) => routed.has(m.method))!;

    const checkout = new Checkout(page);
    await page.goto('/');
    await checkout.chooseDirection(c.direction);
    await checkout.chooseCountry(c.country, c.code);
    await expect(checkout.fiat).toHaveValue(new RegExp(`^${fiat} · `));
    await checkout.pick(checkout.crypto, crypto, new RegExp(`^${crypto} · .* · ${networkName(network)}$`));

    await checkout.showRouteDetails();
    const methods = checkout.methods.getByRole('radio');
    await expect(methods.first()).toHaveAccessibleName(firstMethod.name);
    await expect(methods.first()).toBeChecked();
    await expect(checkout.methods.getByRole('radio', { checked: true })).toHaveCount(1);

    // The fallbacks are a usable choice: quotes come for them.
    await checkout.enterAmount(c.direction === 'Buy' ? '500' : '0.5');
    await expect(checkout.quoteRadios.first()).toBeVisible({ timeout: 20_000 });
  });
}
