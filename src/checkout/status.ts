// Transaction status → what the status screen shows, as pure tables (the UI does no branching).
// Whether a status is final comes from the service's own table (domain/transactionStatus.ts), the
// one the merchant backend announces by: the shopper and the merchant are told the same thing.
import type { Direction, TransactionStatus } from '../api/types';
import { isTerminalStatus } from '../domain';

export type StatusTone = 'pending' | 'success' | 'failure' | 'attention';
export type StatusAction = 'none' | 'startOver' | 'contactPartner';

export interface StatusView {
  tone: StatusTone;
  /** i18n key of the title: `status.<STATUS>`, or `status.unknown` (with the raw status as a parameter). */
  titleKey: string;
  /** No further change is expected: stop polling. */
  terminal: boolean;
  action: StatusAction;
  /** i18n key of the status's own explanation (with `{partner}`), when the tone's is not enough. */
  detailKey?: string;
}

type Row = [tone: StatusTone, action: StatusAction, detailKey?: string];

const STATUS_TABLE: Record<TransactionStatus, Row> = {
  PENDING_CREATED: ['pending', 'none'],
  PENDING: ['pending', 'none'],
  PROCESSING: ['pending', 'none'],
  ACCEPTED: ['pending', 'none'],
  AUTHORIZED: ['pending', 'none'],
  PARTIALLY_SETTLED: ['pending', 'none'],
  TWO_FA_PROVIDED: ['pending', 'none'],
  SETTLING: ['pending', 'none'],
  // An on-ramp with a swap: paid, but the crypto is still being swapped, not in the wallet yet.
  ONRAMP_SETTLED: ['pending', 'none', 'status.swappingDetail'],
  SWAPPING: ['pending', 'none', 'status.swappingDetail'],
  // The partner hit an error and retries: not a failure, nothing for the shopper to do.
  ERROR: ['attention', 'none', 'status.retryingDetail'],
  // The partner waits on the shopper (verification in its window).
  TWO_FA_REQUIRED: ['attention', 'contactPartner'],
  SETTLED: ['success', 'none'],
  // Money went back to the shopper or the shopper stopped: not an error, but nothing was bought.
  REFUNDED: ['attention', 'startOver'],
  CANCELLED: ['attention', 'startOver'],
  // Part of the money went back: the partner can say what was delivered.
  PARTIALLY_REFUNDED: ['attention', 'contactPartner', 'status.partiallyRefundedDetail'],
  AUTHORIZATION_EXPIRED: ['failure', 'startOver'],
  DECLINED: ['failure', 'startOver'],
  FAILED: ['failure', 'startOver'],
  VOIDED: ['failure', 'startOver'],
};

export const TRANSACTION_STATUSES = Object.keys(STATUS_TABLE) as TransactionStatus[];

const isKnown = (status: string): status is TransactionStatus => Object.hasOwn(STATUS_TABLE, status);

/** Unknown statuses (the field is an open string) display as pending and keep polling. */
export function resolveStatusView(status: string): StatusView {
  if (!isKnown(status))
    return { tone: 'pending', titleKey: 'status.unknown', terminal: false, action: 'none' };
  const [tone, action, detailKey] = STATUS_TABLE[status];
  const view: StatusView = { tone, titleKey: `status.${status}`, terminal: isTerminalStatus(status), action };
  return detailKey ? { ...view, detailKey } : view;
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
  if (['SETTLING', 'ONRAMP_SETTLED', 'SWAPPING'].includes(status)) return 2;
  if (isKnown(status) && STATUS_TABLE[status][0] === 'success') return 4;
  return 1;
}

/**
 * The ordered timeline Created → Processing → Settling → Completed for a status. A failed or
 * cancelled transaction marks the step it stopped at (from `seen`, the statuses read before, when
 * given) as failed.
 */
export function timelineFor(
  direction: Direction,
  status: string | undefined,
  seen: readonly string[] = [],
): TimelineStep[] {
  const view = status === undefined ? undefined : resolveStatusView(status);
  const stopped = view?.terminal === true && view.tone !== 'success';
  const furthest = Math.max(
    1,
    ...seen.filter((h) => resolveStatusView(h).tone !== 'failure').map((h) => Math.min(reached(h), 3)),
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
