/**
 * A crypto currency's identity: the same code lives on several chains, told apart by chain and
 * contract. Contract addresses compare case-insensitively (EIP-55 mixes case; the address is one).
 */
export const cryptoKey = (c: { currencyCode: string; chainCode?: string; contract?: string }): string =>
  `${c.currencyCode}|${c.chainCode ?? ''}|${(c.contract ?? '').toLowerCase()}`;
