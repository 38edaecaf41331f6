// Everything that can happen to a checkout. `at` is the event's time (ms since epoch), so the
// machine stays pure and quote freshness is decided by the caller's clock.
import type { Direction, Quote } from '../api/types';
import type { AmountLimits } from './amount';
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
  | { type: 'SET_AMOUNT'; text: string; locale?: string; byHost?: boolean }
  | { type: 'SET_WALLET'; address: string; byHost?: boolean }
  | { type: 'SET_WALLET_TAG'; tag: string }
  /** Facts from data. */
  | { type: 'SET_LIMITS'; limits: AmountLimits | null }
  | { type: 'SET_RATE'; fiatPerCrypto: number }
  /** Quotes. */
  | { type: 'SELECT_QUOTE'; quote: Quote; at: number }
  | { type: 'QUOTES_CHANGED'; quotes: readonly Quote[]; at: number }
  /** Navigation. */
  | { type: 'CONTINUE'; at: number }
  | { type: 'BACK' }
  | { type: 'GO_TO'; step: Step }
  /** Provider launch. */
  | { type: 'SESSION_REQUESTED'; at: number }
  | { type: 'SESSION_CREATED'; session: LaunchSession }
  | { type: 'SESSION_FAILED'; error: { code: string; message: string } }
  | { type: 'LAUNCHED' }
  /** Status tracking. */
  | { type: 'TRANSACTION_UPDATED'; transactionId?: string; status: string; txHash?: string; at: number }
  | { type: 'TRACKING_RESTORED'; tracking: Tracking; selection?: Selection; session?: LaunchSession }
  /** Start over with a fresh idempotency seed. */
  | { type: 'RESET'; idempotencyKey: string };

export type CheckoutEventType = CheckoutEvent['type'];
