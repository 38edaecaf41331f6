// How an order ended, in the words /stats and the ranking's completion rates count it by: the
// service's status mapped once (src/domain), and an expired checkout as abandoned.
import { transactionOutcome } from '../../domain';
import { EXPIRED } from '../storage/ledger/types';

export type OrderOutcome = 'open' | 'completed' | 'failed' | 'refunded' | 'abandoned';

export const orderOutcome = (status: string): OrderOutcome =>
  status === EXPIRED ? 'abandoned' : transactionOutcome(status);
