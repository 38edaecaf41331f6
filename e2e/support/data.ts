// Seeded sandbox facts the specs rely on (src/sandbox/data/*), named once.

/** A valid bech32 (P2WPKH) address on BITCOIN. */
export const BTC_WALLET = 'bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yp';
/** A valid EIP-55 checksummed address on ETHEREUM. */
export const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** The same address with one letter's case flipped: the EIP-55 checksum fails. */
export const ETH_WALLET_BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

export const US_NY = { name: 'New York', code: 'US-NY' };
export const US_CA = { name: 'California', code: 'US-CA' };

/** Every option of a buy in the UK given, none locked: "the best prefill". */
export const GB_BUY_PREFILL = {
  direction: 'buy',
  country: 'GB',
  fiatCurrency: 'GBP',
  cryptoCurrency: 'ETH',
  network: 'ETHEREUM',
  paymentMethod: 'CREDIT_DEBIT_CARD',
  amount: '100',
  walletAddress: ETH_WALLET,
};

/** Every option of a card buy of bitcoin in New York given. */
export const US_BTC_BUY = {
  direction: 'buy',
  country: 'US',
  subdivision: 'US-NY',
  fiatCurrency: 'USD',
  cryptoCurrency: 'BTC',
  network: 'BITCOIN',
  paymentMethod: 'CREDIT_DEBIT_CARD',
  amount: '100',
  walletAddress: BTC_WALLET,
};

/** Every option locked: the page opens on the quotes. */
export const LOCK_ALL =
  'direction,country,subdivision,fiatCurrency,cryptoCurrency,network,paymentMethod,amount,walletAddress';

/** The same for a sell, paid out by Faster Payments. */
export const GB_SELL_PREFILL = {
  ...GB_BUY_PREFILL,
  direction: 'sell',
  paymentMethod: 'FASTER_PAYMENTS',
  amount: '0.05',
};
