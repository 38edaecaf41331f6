// Whole journeys by the page object, shared by specs that only need one done (the consumer apps).
import { expect } from '@playwright/test';
import { Checkout } from '../pages/checkout';
import { ETH_WALLET, US_NY } from './data';

/** A buy in New York, USD → ETH by card, 100 USD, the best offer, paid at the partner: "Completed". */
export async function buyEthByCard(checkout: Checkout): Promise<void> {
  // The order screen: every choice and the price on it.
  await checkout.chooseDirection('Buy');
  await checkout.chooseCountry('United States', 'US', US_NY);
  await checkout.chooseCurrencies('USD', 'ETH', 'ETHEREUM');
  await checkout.chooseMethod('Credit or debit card');
  await checkout.enterAmount('100');
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  await checkout.next();
  await checkout.enterWallet(ETH_WALLET);
  await checkout.next();
  const partner = await checkout.launch();
  await Checkout.finishAtPartner(partner, 'Pay');
  await checkout.expectStatus('Completed');
}

/** Chunks of a built app that hold a copy of @tanstack/react-query's core (one of its error texts). */
export const REACT_QUERY_MARK = /Missing queryFn/g;
