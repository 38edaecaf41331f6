// Everything that can happen to a checkout. `at` is the event's time (ms since epoch), so the
// machine stays pure and quote freshness is decided by the caller's clock.
import type { Direction, Quote } from '../api/types';
import type { AmountLimits } from './amount';
import type { QuoteSort } from './ranking';
import type { CryptoRef, LaunchSession, Selection, Step, Tracking } from './state';

export type CheckoutEvent =
  /**
   * Shopper choices (ignored for locked fields; re-sending the current value only updates facts).
   * `byHost`: the merchant changed the option after mount; it applies to locked fields too.
   */
  | { type: 'SET_DIRECTION'; direction: Direction; byHost?: boolean }
  | { type: 'SET_COUNTRY'; country: string; requiresSubdivision: boolean }
  | { type: 'SET_SUBDIVISION'; subdivision: string }
  | { type: 'SET_FIAT'; fiatCurrency: string; decimals?: number }
  | { type: 'SET_CRYPTO'; crypto: CryptoRef; decimals?: number }
  | { type: 'SET_PAYMENT_METHOD'; method: string }
  /** `byDefault`: the checkout's default amount (the merchant's or the round sum), not the shopper's. */
  | { type: 'SET_AMOUNT'; text: string; locale?: string; byHost?: boolean; byDefault?: 'option' | 'auto' }
  /**
   * `byHost`: the merchant's wallet (a wallet connected after mount) is also the prefilled answer from
   * then on: the wallet screen is passed with it, as with a wallet given at mount. `lock` (with
   * `byHost`): fixes it, or frees it; a lock without a value is dropped.
   */
  | { type: 'SET_WALLET'; address: string; byHost?: boolean; lock?: boolean }
  | { type: 'SET_WALLET_TAG'; tag: string }
  /** Facts from data. */
  | { type: 'SET_LIMITS'; limits: AmountLimits | null }
  | { type: 'SET_RATE'; fiatPerCrypto: number }
  /** Quotes. */
  | { type: 'SELECT_QUOTE'; quote: Quote; at: number }
  | { type: 'QUOTES_CHANGED'; quotes: readonly Quote[]; at: number }
  /** Fresh quotes: the picked offer is renewed; otherwise the best by the chosen ranking is selected. */
  | { type: 'QUOTES_RECEIVED'; quotes: readonly Quote[]; at: number }
  /** The shopper ranks offers another way; an offer they did not pick follows the new ranking. */
  | { type: 'SET_QUOTE_SORT'; sort: QuoteSort; quotes: readonly Quote[]; at: number }
  /** Navigation. */
  | { type: 'CONTINUE'; at: number }
  | { type: 'BACK' }
  | { type: 'GO_TO'; step: Step }
  /** The screen's Continue: walks the steps of the current screen, and passes a screen already answered. */
  | { type: 'CONTINUE_SCREEN'; at: number }
  /** The screen's Back: to the previous screen that asks something. */
  | { type: 'BACK_SCREEN' }
  /** Provider launch. */
  | { type: 'SESSION_REQUESTED'; at: number }
  | { type: 'SESSION_CREATED'; session: LaunchSession }
  | { type: 'SESSION_FAILED'; error: { code: string; message: string } }
  | { type: 'LAUNCHED' }
  /** Status tracking. */
  | { type: 'TRANSACTION_UPDATED'; transactionId?: string; status: string; txHash?: string; at: number }
  | { type: 'TRACKING_RESTORED'; tracking: Tracking; selection?: Selection; session?: LaunchSession }
  /**
   * After a hand-off that did not end in a payment (declined, cancelled, window closed): back to the
   * order screen ('quotes': try another offer) or the review ('launch': try again) with every choice
   * kept, tracking dropped and a fresh idempotency seed (a new session, not the old one replayed).
   */
  | { type: 'RETRY'; idempotencyKey: string; to: 'quotes' | 'launch' }
  /** The choices of this checkout before a reload (same options): where the shopper was, restored. */
  | { type: 'CHOICES_RESTORED'; selection: Selection; step: Step; quoteSort?: QuoteSort }
  /** Start over with a fresh idempotency seed. */
  | { type: 'RESET'; idempotencyKey: string };

export type CheckoutEventType = CheckoutEvent['type'];
