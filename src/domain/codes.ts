// The identifier rules: what a code of the service looks like, enforced alike by the widget's options,
// the checkout and the host server's proxy, so a value that passes one passes all three. Codes are
// upper case (callers upper-case what a merchant typed first) and need no percent-encoding.
export const CODE = {
  /** ISO 3166-1 alpha-2. */
  country: /^[A-Z]{2}$/,
  /** ISO 3166-2 in full: 'US-NY'. */
  subdivision: /^[A-Z]{2}-[A-Z0-9]{1,3}$/,
  /** A currency as the service names it, fiat or crypto, some with a chain suffix (USDC_POLYGON). */
  currency: /^[A-Z0-9_]{2,24}$/,
  /** A chain (`chainCode`): 'ETHEREUM'. */
  network: /^[A-Z0-9_]{2,32}$/,
  /** A canonical payment method (`method`): 'CREDIT_DEBIT_CARD', never a display name. */
  paymentMethod: /^[A-Z0-9_]{2,64}$/,
  /** A partner (`serviceProvider`): 'BANXA'. */
  partner: /^[A-Z0-9_]{2,32}$/,
} as const;

/**
 * An identifier the service or this server made (a session, a transaction, a customer, a webhook
 * event): letters, digits, - and _, as the widget, the console and the server check it alike.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** An ISO 3166-2 code of `country` ("US-NY" for "US"). */
export const subdivisionFits = (country: string | undefined, subdivision: string | undefined): boolean =>
  !!country && !!subdivision && CODE.subdivision.test(subdivision) && subdivision.startsWith(`${country}-`);

/** A comma-separated list of up to `max` partners: 'BANXA,TRANSAK'. */
export const partnerList = (max: number): RegExp =>
  new RegExp(`^${CODE.partner.source.slice(1, -1)}(?:,${CODE.partner.source.slice(1, -1)}){0,${max - 1}}$`);
