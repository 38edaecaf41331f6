import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Countdown, QuoteCard, RadioGroup, SegmentedControl, Spinner } from '../components';
import { errorKey } from '../i18n';
import { useCheckoutState, useSend } from './context';
import { useCheckoutData } from './data';
import type { QuoteSort } from './quoteSort';
import { QUOTE_SORTS, quoteName, sortQuotes } from './quoteSort';
import { StepFrame } from './StepFrame';
import { useContinue } from './useContinue';
import { useText } from './useText';

const SORT_LABEL = { best: 'quote.sortBest', fees: 'quote.sortFees', score: 'quote.sortScore' } as const;

export function QuotesStep() {
  const state = useCheckoutState();
  const send = useSend();
  const t = useText();
  const { quotes } = useCheckoutData();
  const { attempted, go } = useContinue();
  const [sort, setSort] = useState<QuoteSort>('best');
  const sorted = useMemo(() => sortQuotes(quotes.quotes, sort), [quotes.quotes, sort]);
  const s = state.selection;
  const { cryptoDecimals } = state.context;
  const chosen = s.quote?.serviceProvider;
  const canGo = (step: 'paymentMethod' | 'amount') => !state.skipped.includes(step);

  // The best offer is preselected; the shopper can pick another.
  const first = sorted[0];
  const { receivedAt } = quotes;
  // Quotes may arrive before the routes (they are asked in parallel); the machine accepts a quote only
  // once the method's limits are known, so the preselection is tried again when they arrive.
  const { limits } = state.context;
  useEffect(() => {
    if (!chosen && first && limits !== undefined)
      send({ type: 'SELECT_QUOTE', quote: first, at: receivedAt });
  }, [chosen, first, receivedAt, limits, send]);

  return (
    <StepFrame title={t('step.quotes')} onContinue={go}>
      {quotes.noValidQuotes && (
        <Alert title={t('unavailable.title')}>
          <p>{t('error.NO_VALID_QUOTES')}</p>
          {canGo('paymentMethod') && (
            <Button variant="secondary" onClick={() => send({ type: 'GO_TO', step: 'paymentMethod' })}>
              {t('action.changeMethod')}
            </Button>
          )}
          {canGo('amount') && (
            <Button variant="secondary" onClick={() => send({ type: 'GO_TO', step: 'amount' })}>
              {t('action.changeAmount')}
            </Button>
          )}
        </Alert>
      )}
      {quotes.error && (
        <Alert action={{ label: t('action.tryAgain'), onClick: quotes.retry }}>
          {t(errorKey(quotes.error))}
        </Alert>
      )}
      {quotes.isLoading && !sorted.length && <Spinner label={t('quote.loading')} showLabel />}
      {sorted.length > 0 && (
        <>
          <SegmentedControl
            label={t('quote.sortBy')}
            hideLabel={false}
            options={QUOTE_SORTS.map((v) => ({ value: v, label: t(SORT_LABEL[v]) }))}
            value={sort}
            onChange={setSort}
          />
          <RadioGroup
            label={t('name.quotes')}
            variant="cards"
            options={sorted.map((q, i) => ({
              value: q.serviceProvider,
              name: quoteName(q, s.direction, t, cryptoDecimals),
              content: (
                <QuoteCard
                  quote={q}
                  direction={s.direction}
                  cryptoDecimals={cryptoDecimals}
                  bestRate={i === 0 && sort === 'best'}
                  recommended={i === 0 && sort === 'score'}
                />
              ),
            }))}
            value={chosen}
            onChange={(partner) => {
              const q = sorted.find((x) => x.serviceProvider === partner);
              if (q) send({ type: 'SELECT_QUOTE', quote: q, at: receivedAt });
            }}
          />
          {quotes.refreshAt !== undefined && <Countdown deadline={quotes.refreshAt} />}
        </>
      )}
      {attempted && !chosen && sorted.length > 0 && <Alert>{t('quote.choose')}</Alert>}
    </StepFrame>
  );
}
