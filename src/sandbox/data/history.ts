// 240 past payment transactions over the 90 days before the sandbox started, priced by the same
// code as live quotes. Seeded, so the same anchor day gives the same records.

import { fakeAddress } from '../addresses';
import { CATEGORIES, findOffers } from '../catalog';
import { roundSignificant } from '../money';
import { priceOffer, type PricedQuote } from '../quote';
import { intBetween, pick, pickWeighted, seededRandom } from '../random';
import { buildTransaction, type TransactionRecord } from '../transactions';
import { CUSTOMERS } from './customers';

export const HISTORY_SIZE = 240;
const DAY = 86_400_000;

const STATUS_WEIGHTS = {
  SETTLED: 64,
  PENDING: 6,
  PROCESSING: 6,
  FAILED: 8,
  CANCELLED: 6,
  REFUNDED: 5,
  DECLINED: 5,
} as const;

const ID_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const seededId = (random: () => number, prefix: string) =>
  prefix + Array.from({ length: 20 }, () => pick(random, [...ID_ALPHABET])).join('');

/** A priced purchase or sale of a plausible size (mostly tens to a few thousand USD). */
function pricedSample(random: () => number): PricedQuote {
  for (;;) {
    const category = random() < 0.75 ? CATEGORIES[0]! : CATEGORIES[1]!;
    const offer = pick(random, findOffers({ category }));
    const { min, max } = offer.limits;
    const ceiling = Math.min(max, (2500 / offer.fiat.usdRate) * (0.2 + random()));
    // Log-uniform between the bounds, so small tickets are common and large ones rare.
    const fiatAmount = min * (ceiling / min) ** random();
    const amount =
      category === 'CRYPTO_ONRAMP'
        ? Number(fiatAmount.toFixed(offer.fiat.decimalPlaces === 0 ? 0 : fiatAmount < 100 ? 2 : 0))
        : roundSignificant((fiatAmount * offer.fiat.usdRate) / offer.crypto.usdPrice, 3);
    const priced = priceOffer(offer, amount);
    if (priced) return priced;
  }
}

/** In generation order; the ledger sorts them for listings. */
export function seedHistory(anchor: number): TransactionRecord[] {
  const random = seededRandom(0x5eed_0001);
  const records: TransactionRecord[] = [];
  let previous = anchor;
  for (let i = 0; i < HISTORY_SIZE; i++) {
    const priced = pricedSample(random);
    // Every 37th record shares its predecessor's timestamp, so ties by id are exercised.
    const createdAt =
      i % 37 === 5 ? previous : anchor - Math.floor((random() * 90 * DAY) / 1000) * 1000 - 60_000;
    previous = createdAt;
    const status = pickWeighted(random, STATUS_WEIGHTS);
    const settledAfter = status === 'PENDING' ? 0 : intBetween(random, 2, 40) * 60_000;
    const customer = pick(random, CUSTOMERS);
    const id = seededId(random, 'txn_');
    records.push(
      buildTransaction(priced, {
        id,
        sessionId: seededId(random, 'ses_'),
        status,
        createdAt,
        updatedAt: createdAt + settledAfter,
        walletAddress: fakeAddress(priced.offer.chain.chainCode, customer.id),
        customer: { id: customer.id, externalId: customer.externalId },
        externalSessionId: `order-${100000 + i}`,
      }),
    );
  }
  return records;
}
