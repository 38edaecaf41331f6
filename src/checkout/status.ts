// Transaction status → what the status screen shows, as pure tables (the UI does no branching).
import type { Direction, TransactionStatus } from '../api/types';

export type StatusTone = 'pending' | 'success' | 'failure' | 'attention';
export type StatusAction = 'none' | 'startOver' | 'contactPartner';

export interface StatusView {
  tone: StatusTone;
  /** i18n key of the title: `status.<STATUS>`, or `status.unknown` (with the raw status as a parameter). */
  titleKey: string;
  /** No further change is expected: stop polling. */
  terminal: boolean;
  action: StatusAction;
}

type Row = [tone: StatusTone, terminal: boolean, action: StatusAction];

const STATUS_TABLE: Record<TransactionStatus, Row> = {
  PENDING_CREATED: ['pending', false, 'none'],
  PENDING: ['pending', false, 'none'],
  PROCESSING: ['pending', false, 'none'],
  AUTHORIZED: ['pending', false, 'none'],
  TWO_FA_PROVIDED: ['pending', false, 'none'],
  SETTLING: ['pending', false, 'none'],
  // The partner waits on the shopper (verification in its window).
  TWO_FA_REQUIRED: ['attention', false, 'contactPartner'],
  ONRAMP_SETTLED: ['success', true, 'none'],
  SETTLED: ['success', true, 'none'],
  // Money went back to the shopper or the shopper stopped: not an error, but nothing was bought.
  REFUNDED: ['attention', true, 'startOver'],
  CANCELLED: ['attention', true, 'startOver'],
  AUTHORIZATION_EXPIRED: ['failure', true, 'startOver'],
  DECLINED: ['failure', true, 'startOver'],
  FAILED: ['failure', true, 'startOver'],
  VOIDED: ['failure', true, 'startOver'],
  // An error on the partner's side may have taken the payment: the partner can tell.
  ERROR: ['failure', true, 'contactPartner'],
};

export const TRANSACTION_STATUSES = Object.keys(STATUS_TABLE) as TransactionStatus[];

const isKnown = (status: string): status is TransactionStatus => Object.hasOwn(STATUS_TABLE, status);

/** Unknown statuses (the field is an open string) display as pending and keep polling. */
export function resolveStatusView(status: string): StatusView {
  if (!isKnown(status))
    return { tone: 'pending', titleKey: 'status.unknown', terminal: false, action: 'none' };
  const [tone, terminal, action] = STATUS_TABLE[status];
  return { tone, titleKey: `status.${status}`, terminal, action };
}

export type TimelineKey = 'created' | 'processing' | 'settling' | 'completed';
export const TIMELINE: readonly TimelineKey[] = ['created', 'processing', 'settling', 'completed'];

export interface TimelineStep {
  key: TimelineKey;
  /** `timeline.<direction>.<key>`: the words differ by direction (crypto delivered vs payout sent). */
  labelKey: string;
  done: boolean;
  current: boolean;
  failed: boolean;
}

/** How far a status has come: the index of the current timeline step (4 = everything done). */
function reached(status: string | undefined): number {
  if (status === undefined) return 0;
  if (status === 'SETTLING') return 2;
  if (isKnown(status) && STATUS_TABLE[status][0] === 'success') return 4;
  return 1;
}

/**
 * The ordered timeline Created → Processing → Settling → Completed for a status. A failed or
 * cancelled transaction marks the step it stopped at (from `history`, when given) as failed.
 */
export function timelineFor(
  direction: Direction,
  status: string | undefined,
  history: readonly { status: string; at: number }[] = [],
): TimelineStep[] {
  const view = status === undefined ? undefined : resolveStatusView(status);
  const stopped = view?.terminal === true && view.tone !== 'success';
  const furthest = Math.max(
    1,
    ...history
      .filter((h) => resolveStatusView(h.status).tone !== 'failure')
      .map((h) => Math.min(reached(h.status), 3)),
  );
  const at = stopped ? furthest : reached(status);
  // A cancel is said as such where it stopped, not as a failed step ("Payment processing, failed").
  const cancelled = status === 'CANCELLED';
  return TIMELINE.map((key, i) => ({
    key,
    labelKey: cancelled && stopped && i === at ? 'timeline.cancelled' : `timeline.${direction}.${key}`,
    done: i < at,
    current: !stopped && i === at,
    failed: stopped && i === at,
  }));
}
