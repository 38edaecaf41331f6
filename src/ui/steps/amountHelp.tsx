// The amount's guidance: its bounds (a sell's are the fiat received, and in crypto once a price is
// known). A figure still on its way is a placeholder of its size in the final sentence, so the
// sentence takes its lines from the start and the screen below it does not move when the figures come.
import type { ReactNode } from 'react';
import type { Direction } from '../../api/types';
import type { AmountLimits } from '../../checkout';
import { SkeletonText } from '../components';
import { messageNodes, type Translator } from '../i18n';
import { cryptoText, fiatText } from './labels';

export interface AmountHelpInput {
  direction: Direction;
  /** The route's limits: undefined while they are asked for, null when the route has none. */
  limits: AmountLimits | null | undefined;
  /** Whether the limits are on their way (a route that can have them is being asked about). */
  limitsExpected: boolean;
  /** A sell's price (fiat per crypto unit), once an offer gave one. */
  fiatPerCrypto?: number;
  /** Whether a sell's price is on its way (its offers are asked for). */
  rateExpected: boolean;
  /** For the placeholders' widths: the chosen currencies. */
  fiatCurrency?: string;
  cryptoCurrency?: string;
}

// Sample figures for placeholders: the width of usual limits (£20.00 to £10,000.00) and of their
// crypto equivalents at six decimals.
const SAMPLE_FIAT = [20, 10_000] as const;
const SAMPLE_CRYPTO = [0.012345, 4.567891] as const;
const CRYPTO_DECIMALS = 6;

export function amountHelp(o: AmountHelpInput, t: Translator): ReactNode {
  // Before the currency is known, a sample in one whose symbol is one character wide in most languages.
  const fiatCode = o.limits?.currencyCode ?? o.fiatCurrency ?? 'EUR';
  const cryptoCode = o.cryptoCurrency ?? '';
  const fiat = (n: number) => fiatText(n, fiatCode, t.locale);
  const crypto = (n: number) => cryptoText(n, cryptoCode, t.locale, CRYPTO_DECIMALS);
  const range = o.limits
    ? { min: fiat(o.limits.min), max: fiat(o.limits.max) }
    : o.limits === undefined && o.limitsExpected
      ? {
          min: <SkeletonText>{fiat(SAMPLE_FIAT[0])}</SkeletonText>,
          max: <SkeletonText>{fiat(SAMPLE_FIAT[1])}</SkeletonText>,
        }
      : undefined;
  if (!range) return undefined;
  if (o.direction === 'buy') {
    const sentence = messageNodes(t, 'field.amountRange', range);
    return o.limits ? sentence : unheard(sentence);
  }

  const rate = o.fiatPerCrypto;
  const cryptoRange =
    o.limits && rate
      ? { cmin: crypto(o.limits.min / rate), cmax: crypto(o.limits.max / rate) }
      : rate || o.rateExpected
        ? {
            cmin: <SkeletonText>{crypto(SAMPLE_CRYPTO[0])}</SkeletonText>,
            cmax: <SkeletonText>{crypto(SAMPLE_CRYPTO[1])}</SkeletonText>,
          }
        : undefined;
  const received = messageNodes(t, 'amount.receiveRange', range);
  const sentence = cryptoRange ? messageNodes(t, 'amount.sellRange', { ...range, ...cryptoRange }) : received;
  if (!o.limits) return unheard(sentence);
  // The fiat bounds known, the crypto ones still placeholders: the fiat bounds are what is heard.
  return cryptoRange && !rate ? unheard(sentence, received) : sentence;
}

/**
 * A sentence whose figures are still placeholders: seen (it keeps its place) but not heard, since a
 * screen reader would say its words without the figures ("Between and"). `known` is what can be
 * said of it already.
 */
function unheard(sentence: ReactNode, known?: ReactNode): ReactNode {
  return (
    <>
      <span aria-hidden="true">{sentence}</span>
      {known && <span className="rc-sr-only">{known}</span>}
    </>
  );
}
