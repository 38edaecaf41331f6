// The order screen, price first: direction, what the shopper pays and gets (the best offer's amount
// updating as they type), where they live and how they pay, and the best offer with the others one
// click away. Every step of the machine up to the quote is answered here; choices with a default or
// a single option are shown already made.
import { useEffect, useState } from 'react';
import type { AmountCheck, Step } from '../../checkout';
import {
  amountRules,
  isLocked,
  marketRate,
  offerCost,
  offerRate,
  rankQuotes,
  sourceDecimals,
  unmetOnScreen,
  validateAmount,
  verificationOf,
} from '../../checkout';
import { cryptoKey } from '../../queries';
import {
  Alert,
  AmountField,
  Button,
  ChoicesSkeleton,
  Combobox,
  Countdown,
  FieldSkeleton,
  QuoteCard,
  RadioGroup,
  SegmentedControl,
  SkeletonText,
} from '../components';
import { errorKey } from '../i18n';
import { amountHelp } from './amountHelp';
import { useCheckoutState, useHost } from './context';
import { useCheckoutData, useSend } from './data';
import { countryLabel, countryName, cryptoLabel, fiatLabel, fiatText, iconOf, localAmount } from './labels';
import { networkName } from '../format/networks';
import { methodLabel } from './methodLabel';
import { offerFacts } from './offerFacts';
import { OffersPlaceholder } from './OffersPlaceholder';
import { WhyOffer } from './WhyOffer';
import { partnerHue, partnerName } from './partners';
import { quoteName } from './quoteName';
import { StepFrame } from './StepFrame';
import { RecentOrders } from './RecentOrders';
import { RouteDetails } from './RouteDetails';
import { subdivisionLabel, subdivisionName } from './subdivisions';
import { useContinue } from './useContinue';
import { useTargetAmount } from './useTargetAmount';
import { useTranslator, type Translator } from '../i18n';
import { QUOTE_SORTS, type QuoteSort } from '../../checkout';

/** How long typing must pause before a problem is announced (not at every keystroke). */
const SETTLE_MS = 700;
const SORT_LABEL = { best: 'quote.sortBest', cost: 'quote.sortFees', score: 'quote.sortScore' } as const;

function amountProblem(check: AmountCheck, t: Translator, decimals: number): string | undefined {
  if (check.ok) return undefined;
  switch (check.reason) {
    case 'min':
    case 'max':
      return t(check.reason === 'min' ? 'amount.min' : 'amount.max', {
        amount: fiatText(check.bound ?? 0, check.currency ?? '', t.locale),
      });
    case 'decimals':
      return t('amount.decimals', { count: decimals });
    case 'empty':
    case 'zero':
      return t('amount.zero');
    case 'format':
    case 'tooLarge':
      return t('amount.format');
  }
}

export function OrderScreen() {
  const state = useCheckoutState();
  const send = useSend();
  const host = useHost();
  const t = useTranslator();
  const data = useCheckoutData();
  const { attempted, go } = useContinue();
  const { discovery: d, quotes } = data;
  const s = state.selection;
  const buy = s.direction === 'buy';
  // After Continue, the question the machine stopped at says what is missing.
  const { facts } = data;
  const missing: Step | undefined = attempted ? unmetOnScreen(state, facts, host.now()) : undefined;

  // Amount as typed (the machine holds the parsed value); a default the checkout chose is shown as
  // typed, and replaced by the shopper's first keystroke (selected on focus and press).
  const [text, setText] = useState(s.amount ? localAmount(s.amount, t.locale) : '');
  const [settled, setSettled] = useState(text);
  const byDefault = state.prefs.amountBy === 'auto' || state.prefs.amountBy === 'option';
  const [shownDefault, setShownDefault] = useState(byDefault ? s.amount : undefined);
  if (byDefault && s.amount !== undefined && s.amount !== shownDefault) {
    setShownDefault(s.amount);
    setText(localAmount(s.amount, t.locale));
    setSettled(localAmount(s.amount, t.locale));
  }
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // "You get" typed: the amount to pay found for it is set as if the shopper had typed it.
  const target = useTargetAmount((amount) => {
    const local = localAmount(amount, t.locale);
    setText(local);
    setSettled(local);
    send({ type: 'SET_AMOUNT', text: local, locale: t.locale });
  });
  const { limits } = facts;
  const decimals = sourceDecimals(state, facts);
  const check = validateAmount(text, { ...amountRules(state, facts), locale: t.locale });
  const showAmountProblem = missing === 'amount' || (text.trim() !== '' && settled === text);

  // Offers, ranked the shopper's way; the chosen one is the picked partner's, else the best.
  const sort: QuoteSort = state.prefs.quoteSort ?? 'best';
  const ranked = rankQuotes(quotes.quotes, sort, state.prefs.ranking);
  // Costs are in fiat, the markup measured against the market (the middle of the offers' rates).
  const market = marketRate(quotes.quotes, s.direction);
  const chosen = data.quote?.serviceProvider;
  const [expanded, setExpanded] = useState(false);
  const best = ranked.find((q) => q.serviceProvider === chosen) ?? ranked[0];
  const shown = expanded ? ranked : best ? [best] : [];
  const getAmount =
    best && check.ok
      ? localAmount(String(+best.destinationAmount.toFixed(buy ? (facts.cryptoDecimals ?? 8) : 2)), t.locale)
      : '';
  const bound = target.bound && limits?.[target.bound];

  // Method availability.
  const { methods, countries, fiat, crypto } = d;
  const failure = [countries, fiat, crypto].find((list) => list.error)?.error ?? d.bootstrap.error;
  const methodUnavailable = methods.unavailable || (!data.methodRouted && isLocked(state, 'paymentMethod'));
  const unsupported = d.unsupported;
  const retryAll = () => {
    d.retryFailed?.();
    if (quotes.error || quotes.refreshFailed) quotes.retry();
  };
  const nothingServed =
    !unsupported && ((fiat.isReady && !fiat.items.length) || (crypto.isReady && !crypto.items.length));
  const pair = [s.fiatCurrency, data.crypto?.currencyCode ?? s.crypto?.currencyCode];
  // Continue can lead nowhere while no offer can be had: it is shown disabled, and the reason said.
  const deadEnd = !!unsupported || nothingServed || methodUnavailable || quotes.noValidQuotes;
  const otherDirection = s.direction === 'buy' ? 'sell' : 'buy';
  const canSwitch = !!unsupported?.otherDirection && state.directions.includes(otherDirection);
  // The bounds, with placeholders for figures on their way: a route's limits, a sell's price.
  const help = amountHelp(
    {
      direction: s.direction,
      limits,
      limitsExpected: !deadEnd && !methods.error && (!methods.isReady || !!s.paymentMethod),
      fiatPerCrypto: facts.fiatPerCrypto,
      rateExpected: check.ok && !deadEnd && !quotes.error,
      fiatCurrency: s.fiatCurrency,
      cryptoCurrency: s.crypto?.currencyCode,
    },
    t,
  );

  // Where and how, in one line; unfolded while the shopper must answer one of them.
  const method = methods.items.find((m) => m.method === s.paymentMethod);
  const routeSummary = [
    s.country ? countryName(s.country, t.locale) : <SkeletonText key="c">{t('name.country')}</SkeletonText>,
    s.subdivision && subdivisionName(s.subdivision),
    s.paymentMethod
      ? methodLabel(s.paymentMethod, method?.name ?? s.paymentMethod, t)
      : !methods.isReady && <SkeletonText key="m">{t('name.paymentMethod')}</SkeletonText>,
  ]
    .filter(Boolean)
    // The dot stays at the end of a line, never at the start of the next.
    .flatMap((part, i) => (i ? ['\u00a0· ', part] : [part]));
  const unanswered =
    (data.subdivisions.length > 0 && !s.subdivision) ||
    !!unsupported ||
    methodUnavailable ||
    quotes.noValidQuotes ||
    missing === 'country' ||
    missing === 'paymentMethod';

  const fiatPicker = !fiat.isReady ? (
    !unsupported && <FieldSkeleton label={t('name.fiatCurrency')} hideLabel className="rc-pair__picker" />
  ) : (
    <Combobox
      label={t('name.fiatCurrency')}
      hideLabel
      className="rc-pair__picker"
      options={fiat.items.map((c) => ({
        value: c.currencyCode,
        label: fiatLabel(c, t.locale),
        icon: iconOf(c.symbol),
        short: { text: c.currencyCode },
      }))}
      value={s.fiatCurrency}
      readOnly={isLocked(state, 'fiatCurrency')}
      error={missing === 'currencies' && !data.fiat ? t('currencies.choose') : undefined}
      onChange={(code) => send({ type: 'SET_FIAT', fiatCurrency: code })}
    />
  );
  const cryptoPicker = !crypto.isReady ? (
    !unsupported && <FieldSkeleton label={t('name.cryptoCurrency')} hideLabel className="rc-pair__picker" />
  ) : (
    <Combobox
      label={t('name.cryptoCurrency')}
      hideLabel
      className="rc-pair__picker"
      options={data.cryptoOptions.map((c) => ({
        value: cryptoKey(c),
        label: cryptoLabel(c),
        icon: iconOf(c.symbol),
        short: { text: c.currencyCode, note: c.chainCode && networkName(c.chainCode) },
      }))}
      value={data.crypto ? cryptoKey(data.crypto) : undefined}
      readOnly={isLocked(state, 'cryptoCurrency')}
      error={missing === 'currencies' && !data.crypto ? t('currencies.choose') : undefined}
      onChange={(key) => {
        const c = data.cryptoOptions.find((o) => cryptoKey(o) === key);
        if (c)
          send({
            type: 'SET_CRYPTO',
            crypto: { currencyCode: c.currencyCode, chainCode: c.chainCode, contract: c.contract },
          });
      }}
    />
  );
  const amountField = (
    <AmountField
      label={t('name.amount')}
      hideLabel
      value={text}
      readOnly={isLocked(state, 'amount')}
      onChange={(value) => {
        setText(value);
        target.clear();
        send({ type: 'SET_AMOUNT', text: value, locale: t.locale });
      }}
      onBlur={() => setSettled(text)}
      // Any amount the shopper did not type: the checkout's default, the merchant's, a restored one.
      replaceable={state.prefs.amountBy !== 'shopper'}
      // Typing the default's own value is still the shopper's choice (React reports no change then).
      onInput={(e) =>
        byDefault && send({ type: 'SET_AMOUNT', text: e.currentTarget.value, locale: t.locale })
      }
      help={target.text === undefined ? help : `≈ ${target.searching ? '…' : text}`}
      error={showAmountProblem ? amountProblem(check, t, decimals) : undefined}
    />
  );

  return (
    <StepFrame
      title={t(buy ? 'order.titleBuy' : 'order.titleSell')}
      onContinue={deadEnd ? undefined : go}
      continueDisabled={deadEnd}
    >
      {state.directions.length > 1 && (
        <SegmentedControl
          label={t('name.direction')}
          hideLabel
          options={state.directions.map((dir) => ({
            value: dir,
            label: t(dir === 'buy' ? 'name.buy' : 'name.sell'),
          }))}
          value={s.direction}
          onChange={(direction) => {
            target.clear();
            send({ type: 'SET_DIRECTION', direction });
          }}
        />
      )}
      {d.retryFailed && (
        // One alert and one "Try again" however many lists failed (after their own retries), the
        // offers included: all asked again at once; the first failure in words (with no country
        // known, the currency lists never ask: the countries' failure is it).
        <Alert action={{ label: t('action.tryAgain'), onClick: retryAll }}>
          {t(failure ? errorKey(failure) : 'error.someFailed')}
        </Alert>
      )}
      <fieldset className="rc-pair">
        <legend className="rc-label">{t(buy ? 'quote.youPay' : 'order.youSell')}</legend>
        <div className="rc-pair__row">
          {amountField}
          {buy ? fiatPicker : cryptoPicker}
        </div>
      </fieldset>
      <fieldset className="rc-pair">
        <legend className="rc-label">{t(buy ? 'quote.youGet' : 'quote.youReceive')}</legend>
        <div className="rc-pair__row">
          <AmountField
            label={t(buy ? 'quote.youGet' : 'quote.youReceive')}
            hideLabel
            value={target.text ?? getAmount}
            placeholder={quotes.isLoading && check.ok ? '…' : undefined}
            readOnly={isLocked(state, 'amount')}
            onChange={target.set}
            replaceable={target.text === undefined}
            error={
              bound === undefined
                ? undefined
                : t(target.bound === 'min' ? 'amount.min' : 'amount.max', {
                    amount: fiatText(bound, s.fiatCurrency ?? '', t.locale),
                  })
            }
          />
          {buy ? cryptoPicker : fiatPicker}
        </div>
      </fieldset>
      {nothingServed && <Alert title={t('unavailable.title')}>{t('unavailable.country')}</Alert>}
      {unsupported && (
        // Said by name, with what is available; the only alert while it holds.
        <Alert
          title={t(buy ? 'unavailable.countryNamedBuy' : 'unavailable.countryNamedSell', {
            country: countryName(unsupported.country, t.locale),
          })}
          action={
            canSwitch
              ? {
                  label: t(buy ? 'name.sell' : 'name.buy'),
                  onClick: () => send({ type: 'SET_DIRECTION', direction: otherDirection }),
                }
              : undefined
          }
        >
          {[
            canSwitch && t(buy ? 'unavailable.sellThere' : 'unavailable.buyThere'),
            isLocked(state, 'country')
              ? t('unavailable.lockedCountry', { country: countryName(unsupported.country, t.locale) })
              : t('unavailable.chooseCountry'),
          ]
            .filter(Boolean)
            .join(' ')}
        </Alert>
      )}
      <RouteDetails
        summary={routeSummary}
        unanswered={unanswered}
        locked={
          isLocked(state, 'country') &&
          (!data.subdivisions.length || isLocked(state, 'subdivision')) &&
          isLocked(state, 'paymentMethod')
        }
      >
        <div className="rc-pickers">
          {!countries.isReady && <FieldSkeleton label={t('name.country')} />}
          {countries.isReady && (
            <Combobox
              label={t('name.country')}
              options={countries.items.map((c) => ({
                value: c.countryCode,
                label: countryLabel(c, t.locale),
                icon: iconOf(c.flag),
              }))}
              value={s.country}
              readOnly={isLocked(state, 'country')}
              onChange={(country) => send({ type: 'SET_COUNTRY', country })}
            />
          )}
          {data.subdivisions.length > 0 && (
            <Combobox
              label={t('name.subdivision')}
              options={data.subdivisions.map((code) => ({ value: code, label: subdivisionLabel(code) }))}
              value={s.subdivision}
              readOnly={isLocked(state, 'subdivision')}
              help={s.subdivision ? undefined : t('country.neededForPrices')}
              error={missing === 'country' && !s.subdivision ? t('country.chooseState') : undefined}
              onChange={(subdivision) => send({ type: 'SET_SUBDIVISION', subdivision })}
            />
          )}
        </div>
        {!methods.isReady && !unsupported && !methodUnavailable && (
          <ChoicesSkeleton
            label={t(buy ? 'name.paymentMethod' : 'name.payoutMethod')}
            className="rc-methods"
          />
        )}
        {methods.isReady && !methodUnavailable && (
          <RadioGroup
            label={t(buy ? 'name.paymentMethod' : 'name.payoutMethod')}
            variant="segmented"
            className="rc-methods"
            options={methods.items.map((m) => ({ value: m.method, name: methodLabel(m.method, m.name, t) }))}
            value={s.paymentMethod}
            disabled={isLocked(state, 'paymentMethod')}
            onChange={(method) => send({ type: 'SET_PAYMENT_METHOD', method })}
          />
        )}
      </RouteDetails>
      {missing === 'paymentMethod' && methods.isReady && !methodUnavailable && (
        <Alert>{t('method.choose')}</Alert>
      )}
      {methodUnavailable && !unsupported && (
        <Alert title={t('unavailable.title')}>
          {t('unavailable.routes', { pair: (buy ? pair : [...pair].reverse()).join(' → ') })}
        </Alert>
      )}
      {quotes.noValidQuotes && <Alert title={t('unavailable.title')}>{t('error.NO_VALID_QUOTES')}</Alert>}
      {!d.retryFailed && (quotes.error ?? quotes.refreshFailed) && (
        <Alert action={{ label: t('action.tryAgain'), onClick: quotes.retry }}>
          {quotes.error ? t(errorKey(quotes.error)) : t('quote.outOfDate')}
        </Alert>
      )}
      {!ranked.length && !deadEnd && (
        <OffersPlaceholder
          loading={quotes.isLoading && check.ok}
          direction={s.direction}
          fiatCurrency={s.fiatCurrency}
          cryptoCurrency={s.crypto?.currencyCode}
          cryptoDecimals={facts.cryptoDecimals}
        />
      )}
      {ranked.length > 0 && (
        <section className="rc-offers" aria-label={t('order.bestOffer')}>
          {expanded && ranked.length > 1 && (
            <SegmentedControl
              className="rc-methods"
              label={t('quote.sortBy')}
              hideLabel={false}
              options={QUOTE_SORTS.map((v) => ({ value: v, label: t(SORT_LABEL[v]) }))}
              value={sort}
              onChange={(v) => send({ type: 'SET_QUOTE_SORT', sort: v })}
            />
          )}
          <RadioGroup
            label={t('name.quotes')}
            hideLabel={!expanded}
            variant="cards"
            options={shown.map((q, i) => {
              const cost = offerCost(q, s.direction, market);
              const rate = offerRate(q, s.direction);
              const about = offerFacts(q, verificationOf(d.routes.items, q, s.direction, s.country), t);
              return {
                value: q.serviceProvider,
                name: quoteName(q, s.direction, t, facts.cryptoDecimals),
                content: (
                  <QuoteCard
                    quote={q}
                    direction={s.direction}
                    partnerName={partnerName(q.serviceProvider)}
                    partnerHue={partnerHue(q.serviceProvider)}
                    cryptoDecimals={facts.cryptoDecimals}
                    totalCost={cost.total}
                    rate={rate}
                    bestRate={i === 0 && ranked[0] === q && sort === 'best' && ranked.length > 1}
                    recommended={i === 0 && ranked[0] === q && sort === 'score'}
                    notes={[about.verification, about.completion]}
                  />
                ),
                after: (
                  <WhyOffer
                    quote={q}
                    direction={s.direction}
                    rate={rate}
                    markup={market && rate ? cost.markup : undefined}
                    facts={about}
                    cryptoDecimals={facts.cryptoDecimals}
                  />
                ),
              };
            })}
            value={chosen}
            onChange={(partner) => send({ type: 'SELECT_QUOTE', partner })}
          />
          {ranked.length > 1 && (
            <Button variant="ghost" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
              {expanded ? t('order.showBest') : t('order.compare', { count: ranked.length })}
            </Button>
          )}
          {quotes.refreshAt !== undefined && (
            <Countdown
              deadline={quotes.refreshAt}
              format={(sec) =>
                quotes.error || sec === 0 ? t('quote.stale') : t('quote.refreshIn', { seconds: sec })
              }
            />
          )}
        </section>
      )}
      {missing === 'quotes' && ranked.length > 0 && <Alert>{t('quote.choose')}</Alert>}
      {deadEnd && <p className="rc-help">{t('order.deadEnd')}</p>}
      <RecentOrders />
    </StepFrame>
  );
}
