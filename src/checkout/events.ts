// Everything that can happen to a checkout: the shopper's and the merchant's choices, navigation and
// the launch. Events carry choices (ids and strings), never server data: what the data says comes
// with each event as the machine's facts argument. `at` is the event's time (ms since epoch), so the
// machine stays pure and quote freshness is decided by the caller's clock.
import type { Direction } from '../api/types';
import type { QuoteSort } from './ranking';
import type { CryptoRef, LaunchSession, Selection, Step, Tracking } from './state';

export type CheckoutEvent =
  /**
   * Shopper choices (ignored for locked fields and when the value is the current one).
   * `byHost`: the merchant changed the option after mount; it applies to locked fields too.
   */
  | { type: 'SET_DIRECTION'; direction: Direction; byHost?: boolean }
  | { type: 'SET_COUNTRY'; country: string }
  | { type: 'SET_SUBDIVISION'; subdivision: string }
  | { type: 'SET_FIAT'; fiatCurrency: string }
  | { type: 'SET_CRYPTO'; crypto: CryptoRef }
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
  /** The shopper picks an offer, by its partner (among the quotes of the facts). */
  | { type: 'SELECT_QUOTE'; partner: string }
  /** The shopper ranks offers another way; an offer they did not pick follows the new ranking. */
  | { type: 'SET_QUOTE_SORT'; sort: QuoteSort }
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
  /** A launched checkout after a reload: its status is read anew. */
  | { type: 'TRACKING_RESTORED'; tracking: Tracking; selection?: Selection; session?: LaunchSession }
  /** The shopper opens one of their recent orders on this device: its status, as after its launch. */
  | { type: 'ORDER_OPENED'; tracking: Tracking; selection: Selection }
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
