// The checkout as the engine lanes' shopper sees it (e2e/support/shopper): the controls by the roles
// and names docs/CONTRACTS.md §3 makes stable, and the steps a shopper takes with them, each checked
// as they make it. The Playwright twin for Chromium is ./checkout.ts.
import { expect } from '@playwright/test';
import { by, type Query, type Shopper } from '../support/shopper/shopper';

const widget = by.role('region', 'Crypto checkout');
const inWidget = { within: widget };
const quotes = by.role('radiogroup', 'Quotes', { exact: true, ...inWidget });

export const checkout = {
  widget,
  /** The current step's title. */
  title: by.role('heading', undefined, { level: 2, ...inWidget }),
  direction: by.role('radiogroup', 'Direction', { exact: true, ...inWidget }),
  country: by.role('combobox', 'Country', { exact: true, ...inWidget }),
  state: by.role('combobox', 'State', { exact: true, ...inWidget }),
  fiat: by.role('combobox', 'Fiat currency', { exact: true, ...inWidget }),
  crypto: by.role('combobox', 'Crypto currency', { exact: true, ...inWidget }),
  methods: by.role('radiogroup', /^(Payment|Payout) method$/, inWidget),
  amount: by.role('textbox', 'Amount', { exact: true, ...inWidget }),
  wallet: by.role('textbox', 'Wallet address', { exact: true, ...inWidget }),
  quotes,
  bestOffer: by.role('radio', undefined, { within: quotes, nth: 0 }),
  /** The one-line summary's button that shows country, state and payment method. */
  change: by.role('button', 'Change', { exact: true, ...inWidget }),
  why: by.role('button', 'Why this offer?', { exact: true, nth: 0, ...inWidget }),
  continue: by.role('button', 'Continue', { exact: true, ...inWidget }),
  launch: by.role('button', /^Continue to /, inWidget),
  status: by.role('status', 'Transaction status', { exact: true, ...inWidget }),
  done: by.role('button', 'Done', { exact: true, ...inWidget }),
  /** The order screen's list of this site's orders from this browser. */
  recentOrders: by.role('region', 'Your recent orders', { exact: true, ...inWidget }),
  receipt: by.role('region', 'Receipt', { exact: true, ...inWidget }),
  option: (name: RegExp) => by.role('option', name, inWidget),
};

/** The best offer as the screen draws it: its partner's name and its figure (CONTRACTS §2's rc-price). */
export async function bestOffer(shopper: Shopper): Promise<{ partner: Query; price: Query; name: string }> {
  await shopper.waitFor(checkout.bestOffer);
  const name = (await shopper.name(checkout.bestOffer)) ?? '';
  return {
    name,
    partner: by.text(name.slice(0, name.indexOf(':')), { within: checkout.bestOffer }),
    price: by.css('[elementtiming="rc-price"]', { within: checkout.bestOffer }),
  };
}

/**
 * Brings a folded question into view: with every answer given, country, state and payment method
 * fold into a one-line summary whose "Change …" button shows them.
 */
export async function reveal(shopper: Shopper, control: Query): Promise<void> {
  if ((await shopper.count(control)) > 0) return;
  await shopper.tap(checkout.change);
  await expect.poll(() => shopper.attribute(checkout.change, 'aria-expanded')).toBe('true');
  await shopper.waitFor(control);
}

/**
 * Taps a field that shows a value it did not type (a picker's choice, an amount) and types: the
 * first keystroke replaces the whole value (checked softly: where it does not, the shopper clears
 * the field and types again, and the journey goes on).
 */
async function typeOver(shopper: Shopper, field: Query, typed: string): Promise<void> {
  await shopper.tap(field);
  await shopper.type(typed);
  const shown = (await shopper.value(field)) ?? '';
  expect.soft(shown, `typing "${typed}" replaces the value shown`).toBe(typed);
  if (shown !== typed) {
    await shopper.press('End');
    await shopper.press('Backspace', shown.length);
    await shopper.type(typed);
  }
  await expect.poll(() => shopper.value(field)).toBe(typed);
}

/** Types into a picker (it filters by what was typed alone), taps the option, sees it chosen. */
export async function pick(shopper: Shopper, picker: Query, typed: string, option: RegExp): Promise<void> {
  await reveal(shopper, picker);
  await typeOver(shopper, picker, typed);
  await shopper.tap(checkout.option(option));
  await expect.poll(() => shopper.value(picker)).toMatch(option);
}

/** Types an amount over the one shown. */
export function enterAmount(shopper: Shopper, amount: string): Promise<void> {
  return typeOver(shopper, checkout.amount, amount);
}

/** Continue, and the next screen's title. */
export async function next(shopper: Shopper): Promise<void> {
  const before = await shopper.text(checkout.title);
  await shopper.tap(checkout.continue);
  await expect.poll(() => shopper.text(checkout.title)).not.toBe(before);
}
