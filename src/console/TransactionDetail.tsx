import { useQuery } from '@tanstack/react-query';
import type { Transaction } from '../api/types';
import type { ConsoleApi } from './consoleApi';
import { DetailPanel, FieldList } from './DetailPanel';
import { loadErrorText } from './errorText';
import { countryText, dateTime, methodText, money, tradeText } from './format';
import { partnerName } from '../ui/steps/partners';
import { transactionStatusText, transactionStatusTone } from './statusText';

export interface TransactionDetailProps {
  api: ConsoleApi;
  /** The record as the listing had it: shown at once, then refreshed from the detail endpoint. */
  listed: Transaction;
  returnFocus?: HTMLElement | null;
  onClose(): void;
}

/** Fees are stated in the fiat side of the trade: what is paid on a buy, what is paid out on a sell. */
const feeCurrency = (t: Transaction) =>
  t.transactionType === 'CRYPTO_SELL' ? t.destinationCurrencyCode : t.sourceCurrencyCode;

export function TransactionDetail({ api, listed, returnFocus, onClose }: TransactionDetailProps) {
  const query = useQuery({
    queryKey: ['console', 'transaction', listed.id],
    queryFn: ({ signal }) => api.transaction(listed.id, signal),
    placeholderData: listed,
    retry: false,
  });
  const t = query.data ?? listed;
  const fees = t.cryptoDetails;
  const currency = feeCurrency(t);
  const feeFields = [
    ['Network fee', money(fees?.networkFee, currency)],
    ['Partner fee', money(fees?.partnerFee, currency)],
    ['Transaction fee', money(fees?.transactionFee, currency)],
    ['Total fee', money(fees?.totalFee, currency)],
  ] as const;
  const hasFees = feeFields.some(([, v]) => v !== '');

  return (
    <DetailPanel title={`Transaction ${t.id}`} returnFocus={returnFocus} onClose={onClose}>
      <p className="rc-detail-status">
        Status:{' '}
        <span className={`rc-badge rc-tone-${transactionStatusTone(t.status)}`}>
          {transactionStatusText(t.status)}
        </span>{' '}
        <code>{t.status}</code>
      </p>
      {query.isFetching && <p className="rc-muted">Refreshing…</p>}
      {query.isError && (
        <div className="rc-note" role="status">
          <p>The latest details could not be loaded ({loadErrorText(query.error)}); shown as listed.</p>
          <button type="button" className="rc-button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      <FieldList
        fields={[
          ['Created', dateTime(t.createdAt)],
          ['Updated', dateTime(t.updatedAt)],
          ['Type', t.transactionType && `${tradeText(t.transactionType)} (${t.transactionType})`],
          ['Partner', t.serviceProvider && partnerName(t.serviceProvider)],
          ['Payment method', t.paymentMethodType && methodText(t.paymentMethodType)],
          ['Country', countryText(t.countryCode)],
          ['Paid', money(t.sourceAmount, t.sourceCurrencyCode)],
          ['Received', money(t.destinationAmount, t.destinationCurrencyCode)],
          ['Customer (external ID)', t.externalCustomerId],
          ['Order (external session ID)', t.externalSessionId],
          ['Session', t.sessionId],
          ['Sent to wallet', fees?.destinationWalletAddress],
          ['Paid from wallet', fees?.sourceWalletAddress],
          ['Blockchain transaction', fees?.blockchainTransactionId],
        ]}
      />
      <h3>Fees</h3>
      {hasFees ? (
        <FieldList fields={feeFields} />
      ) : (
        <p className="rc-muted">The partner reported no fee breakdown.</p>
      )}
    </DetailPanel>
  );
}
