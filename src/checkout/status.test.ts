import { describe, expect, it } from 'vitest';
import { isTerminalStatus } from '../domain';
import { TRANSACTION_STATUSES, resolveStatusView, timelineFor } from './status';
import type { TimelineStep } from './status';

describe('resolveStatusView', () => {
  it.each([
    ['PENDING_CREATED', 'pending', false, 'none'],
    ['PENDING', 'pending', false, 'none'],
    ['PROCESSING', 'pending', false, 'none'],
    ['AUTHORIZED', 'pending', false, 'none'],
    ['TWO_FA_PROVIDED', 'pending', false, 'none'],
    ['SETTLING', 'pending', false, 'none'],
    ['ACCEPTED', 'pending', false, 'none'],
    ['PARTIALLY_SETTLED', 'pending', false, 'none'],
    ['TWO_FA_REQUIRED', 'attention', false, 'contactPartner'],
    ['SETTLED', 'success', true, 'none'],
    ['REFUNDED', 'attention', true, 'startOver'],
    ['CANCELLED', 'attention', true, 'startOver'],
    ['AUTHORIZATION_EXPIRED', 'failure', true, 'startOver'],
    ['DECLINED', 'failure', true, 'startOver'],
    ['FAILED', 'failure', true, 'startOver'],
    ['VOIDED', 'failure', true, 'startOver'],
  ])('%s → %s, terminal %s, %s', (status, tone, terminal, action) => {
    expect(resolveStatusView(status)).toEqual({ tone, terminal, action, titleKey: `status.${status}` });
  });

  it.each([
    // An on-ramp with a swap is not complete while the swap runs.
    ['ONRAMP_SETTLED', 'pending', false, 'none', 'status.swappingDetail'],
    ['SWAPPING', 'pending', false, 'none', 'status.swappingDetail'],
    // The partner retries after an ERROR: keep following, nothing for the shopper to do.
    ['ERROR', 'attention', false, 'none', 'status.retryingDetail'],
    ['PARTIALLY_REFUNDED', 'attention', true, 'contactPartner', 'status.partiallyRefundedDetail'],
  ])('%s → %s, terminal %s, %s, explained', (status, tone, terminal, action, detailKey) => {
    expect(resolveStatusView(status)).toEqual({
      tone,
      terminal,
      action,
      detailKey,
      titleKey: `status.${status}`,
    });
  });

  it('covers every status of the vocabulary with its own title key', () => {
    expect(TRANSACTION_STATUSES).toHaveLength(20);
    const keys = TRANSACTION_STATUSES.map((status) => resolveStatusView(status).titleKey);
    expect(new Set(keys).size).toBe(20);
  });

  it("is final exactly when the service's table says so (what the merchant is told)", () => {
    for (const status of TRANSACTION_STATUSES) {
      expect(resolveStatusView(status).terminal).toBe(isTerminalStatus(status));
    }
  });

  it.each(['ON_HOLD', 'settled', '', '__proto__', 'toString'])(
    'unknown %j displays as pending and keeps polling',
    (status) => {
      expect(resolveStatusView(status)).toEqual({
        tone: 'pending',
        titleKey: 'status.unknown',
        terminal: false,
        action: 'none',
      });
    },
  );

  it('only success statuses are terminal with no action', () => {
    for (const status of TRANSACTION_STATUSES) {
      const view = resolveStatusView(status);
      if (view.terminal && view.action === 'none') expect(view.tone).toBe('success');
    }
  });
});

const flags = (steps: TimelineStep[]) =>
  steps.map((s) => (s.failed ? 'x' : s.current ? '>' : s.done ? 'v' : '.')).join('');

describe('timelineFor', () => {
  it('has the four steps in order with direction-specific label keys', () => {
    const steps = timelineFor('sell', 'PENDING');
    expect(steps.map((s) => s.key)).toEqual(['created', 'processing', 'settling', 'completed']);
    expect(steps.map((s) => s.labelKey)).toEqual([
      'timeline.sell.created',
      'timeline.sell.processing',
      'timeline.sell.settling',
      'timeline.sell.completed',
    ]);
  });

  it.each([
    [undefined, '>...'],
    ['PENDING_CREATED', 'v>..'],
    ['PENDING', 'v>..'],
    ['PROCESSING', 'v>..'],
    ['TWO_FA_REQUIRED', 'v>..'],
    ['SETTLING', 'vv>.'],
    ['SETTLED', 'vvvv'],
    ['ONRAMP_SETTLED', 'vv>.'],
    ['SWAPPING', 'vv>.'],
    ['SOMETHING_NEW', 'v>..'],
    ['FAILED', 'vx..'],
    ['CANCELLED', 'vx..'],
  ])('%s → %s', (status, expected) => {
    expect(flags(timelineFor('buy', status))).toBe(expected);
  });

  it('marks the failure where the transaction stopped', () => {
    expect(flags(timelineFor('buy', 'FAILED', ['PENDING', 'SETTLING', 'FAILED']))).toBe('vvx.');
    expect(flags(timelineFor('buy', 'REFUNDED', ['SETTLED']))).toBe('vvvx');
  });

  it('says a cancel where it stopped, not "Payment processing, failed"', () => {
    const steps = timelineFor('buy', 'CANCELLED', ['PENDING']);
    expect(steps.map((s) => s.labelKey)).toEqual([
      'timeline.buy.created',
      'timeline.cancelled',
      'timeline.buy.settling',
      'timeline.buy.completed',
    ]);
    expect(timelineFor('sell', 'DECLINED')[1]!.labelKey).toBe('timeline.sell.processing');
  });

  it('has exactly one current or failed step until completion', () => {
    for (const status of [undefined, ...TRANSACTION_STATUSES]) {
      const steps = timelineFor('buy', status);
      const marked = steps.filter((s) => s.current || s.failed).length;
      expect(marked).toBe(resolveStatusView(status ?? '').tone === 'success' ? 0 : 1);
    }
  });
});
