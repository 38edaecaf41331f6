// Partners as shoppers know them: a display name for the service's code, and a monogram badge (the
// service publishes no partner logos; the badge keeps offers recognisable at a glance).
const NAMES: Record<string, string> = {
  BANXA: 'Banxa',
  TRANSAK: 'Transak',
  PAYBIS: 'Paybis',
  MERCURYO: 'Mercuryo',
  TOPPER: 'Topper',
  MOONPAY: 'MoonPay',
  RAMP: 'Ramp',
  SARDINE: 'Sardine',
  STRIPE: 'Stripe',
  ALCHEMYPAY: 'Alchemy Pay',
  COINBASEPAY: 'Coinbase Pay',
  UNLIMIT: 'Unlimit',
  ONRAMPMONEY: 'Onramp Money',
  BTCDIRECT: 'BTC Direct',
  GUARDARIAN: 'Guardarian',
  KADO: 'Kado',
  SIMPLEX: 'Simplex',
  BINANCECONNECT: 'Binance Connect',
  REVOLUT: 'Revolut',
  ROBINHOOD: 'Robinhood',
  SHIFT4: 'Shift4',
  FONBNK: 'Fonbnk',
  BLOCKCHAINDOTCOM: 'Blockchain.com',
};

/** The partner codes with a known display name. */
export const KNOWN_PARTNERS: readonly string[] = Object.keys(NAMES);

/** "Banxa" for BANXA; an unknown code in title case ("NEW_PARTNER" → "New Partner"). */
export function partnerName(code: string): string {
  const known = NAMES[code.toUpperCase()];
  if (known) return known;
  return code
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** A stable hue per partner for its monogram. */
export function partnerHue(code: string): number {
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}
