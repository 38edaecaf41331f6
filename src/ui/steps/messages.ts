// The steps' own words, beside the kit's catalog (src/ui/i18n): the flow needs a few messages the
// presentational kit does not, in the same four languages. English ships with the steps; the others
// (./locales) are loaded with import() together with the kit's catalog of their language.
import type { Language } from '../i18n';
import { loadCatalog, loadedCatalog } from '../i18n';
import { stepMessageLoaders } from './locales';

export const en = {
  'country.chooseState': 'Choose your state',
  'currencies.choose': 'Choose a currency',
  'method.choose': 'Choose a payment method',
  'quote.choose': 'Choose an offer',
  'quote.name': '{partner}: you get {get} for {pay}',
  'launch.openCheckout': 'Open {partner} checkout',
  'launch.creating': 'Preparing your order with {partner}…',
  'launch.finishThere': 'You finish the payment on {partner}’s page.',
  'summary.partner': 'Partner',
  'summary.network': 'Network',
  'summary.country': 'Country',
  'unavailable.title': 'Not available',
  'unavailable.routes':
    'No partner offers {pair} here. Choose other currencies, or go back and pick another country.',
  'unavailable.country': 'This country is not supported in this direction. Choose another one.',
  'action.changeCurrencies': 'Choose other currencies',
  'action.changeMethod': 'Choose another payment method',
  'action.changeAmount': 'Change the amount',
  'amount.receiveRange': 'You receive between {min} and {max}',
  'amount.estimate': 'You get about {amount}',
  'wallet.chain': 'This address belongs to another network than {network}',
  'wallet.helpSell': 'The {network} address you send {currency} from',
  'options.invalid': 'This checkout is not set up correctly',
  'status.contactPartner': 'Contact {partner} support about this order.',
  'status.reference': 'Reference: {id}',
  'wallet.tagLabel': 'Destination tag',
  'wallet.memoLabel': 'Memo',
  'wallet.tagHelp': '{currency} needs the destination tag your wallet or exchange gave you (a number)',
  'wallet.memoHelp': '{currency} needs the memo your wallet or exchange gave you',
  'wallet.tagEmpty': 'Enter the destination tag, or your crypto may be lost',
  'wallet.memoEmpty': 'Enter the memo, or your crypto may be lost',
  'wallet.tagFormat': 'A destination tag is a whole number',
  'wallet.memoFormat': 'Use letters, digits and punctuation only',
  'wallet.tagTooLong': 'This is too long for {currency}',
  'status.viewAtPartner': 'View at {partner}',
  'status.verifyAtPartner': 'Verify at {partner}',
  'status.verifyDetail':
    '{partner} needs you to confirm this payment. Open the verification page to continue.',
  'status.viewOnExplorer': 'View on the blockchain explorer',
  'timeline.buy.created': 'Order created',
  'timeline.buy.processing': 'Payment processing',
  'timeline.buy.settling': 'Sending crypto',
  'timeline.buy.completed': 'Crypto delivered',
  'timeline.sell.created': 'Order created',
  'timeline.sell.processing': 'Crypto received',
  'timeline.sell.settling': 'Sending payout',
  'timeline.sell.completed': 'Payout sent',
  'name.payoutMethod': 'Payout method',
  'order.titleBuy': 'Buy crypto',
  'order.titleSell': 'Sell crypto',
  'order.youSell': 'You sell',
  'order.bestOffer': 'Best offer',
  'order.compare': 'Compare {count} offers',
  'order.showBest': 'Show the best offer only',
  'order.deadEnd': 'Continue is not available yet: change a choice above.',
  'quote.outOfDate': 'Prices could not be refreshed and may be out of date.',
  'quote.stale': 'Prices out of date',
  'unavailable.countryLocked':
    'This checkout is set up for a country that cannot be served in this direction. Switch between buying and selling, or ask the merchant for another way to pay.',
  'amount.sellRange': 'You receive between {min} and {max} (about {cmin} to {cmax})',
  'method.CREDIT_DEBIT_CARD': 'Credit or debit card',
  'method.APPLE_PAY': 'Apple Pay',
  'method.GOOGLE_PAY': 'Google Pay',
  'method.ACH': 'Bank transfer (ACH)',
  'method.SEPA': 'SEPA bank transfer',
  'method.FASTER_PAYMENTS': 'Faster Payments',
  'method.PIX': 'Pix',
  'review.expiresIn': 'Price held for {seconds}s',
  'review.expired': 'This price has expired. A fresh one is on its way.',
  'review.priceChanged':
    'The price changed: you now get {now} instead of {before}. Continuing accepts the new price.',
  'review.popupBlockedHelp': 'Your browser blocked the {partner} window. Open it with the button below.',
  'status.waitingForYou': 'Finish in the {partner} window',
  'status.waitingForYouDetail':
    'Pay in the {partner} window. This page updates on its own when you are done.',
  'status.closed': 'The {partner} window was closed',
  'status.closedDetail': 'If you did not finish, reopen it, try another offer or cancel.',
  'action.reopen': 'Reopen {partner}',
  'action.otherOffer': 'Try another offer',
  'action.cancel': 'Cancel',
  'action.backToMerchant': 'Done',
} as const;

export type TextKey = keyof typeof en;
export type StepCatalog = Record<TextKey, string>;

// Immutable data, shared by every widget instance like the kit's catalogs.
const loaded: Partial<Record<Language, StepCatalog>> = { en };

/** The steps' words in `language`, if loaded (English always is). */
export function stepMessages(language: Language): StepCatalog | undefined {
  return loaded[language];
}

async function loadStepMessages(language: Language): Promise<void> {
  if (loaded[language] || language === 'en') return;
  try {
    loaded[language] = await stepMessageLoaders[language]();
  } catch (error) {
    console.warn(`ramp-checkout: the "${language}" step texts did not load, showing English`, error);
  }
}

/** Whether everything the screens say in `language` is here: the kit's catalog and the steps' words. */
export const hasLanguage = (language: Language): boolean => !!loadedCatalog(language) && !!loaded[language];

/** Loads both in parallel. Never rejects (English stands in for what fails, see loadCatalog). */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadCatalog(language), loadStepMessages(language)]);
}
