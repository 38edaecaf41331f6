// Whole journeys by the page object, shared by specs that only need one done (the consumer apps).
import { Checkout } from '../pages/checkout';
import { ETH_WALLET, US_NY } from './data';

/** A buy in New York, USD → ETH by card, 100 USD, the first quote, paid at the partner: "Completed". */
export async function buyEthByCard(checkout: Checkout): Promise<void> {
  await checkout.chooseDirection('Buy');
  await checkout.chooseCountry('United States', 'US', US_NY);
  await checkout.next();
  await checkout.chooseCurrencies('USD', 'ETH', 'ETHEREUM');
  await checkout.next();
  await checkout.chooseMethod('Credit or debit card');
  await checkout.next();
  await checkout.enterAmount('100');
  await checkout.next();
  await checkout.chooseQuote();
  await checkout.next();
  await checkout.enterWallet(ETH_WALLET);
  await checkout.next();
  const partner = await checkout.launch();
  await Checkout.finishAtPartner(partner, 'Pay');
  await checkout.expectStatus('Completed');
}

/** Chunks of a built app that hold a copy of @tanstack/react-query's core (one of its error texts). */
export const REACT_QUERY_MARK = /Missing queryFn/g;
