// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Quote } from '../../api/types';
import { I18nProvider } from '../i18n/context';
import { QuoteCard } from './QuoteCard';
import { rows } from './test-rows';

import fixture from '../../api/__fixtures__/crypto-quote.json';

type Example = { status: number; body: { quotes?: (Quote & { rampIntelligence?: { lowKyc?: boolean } })[] } };
const examples = fixture.response_examples as unknown as Example[];
const raw = examples.find((e) => e.status === 200)!.body.quotes![0]!;
// The card takes the parsed shape (rampIntelligence.lowKyc surfaces as quote.lowKyc).
const quote: Quote = { ...raw, lowKyc: raw.rampIntelligence?.lowKyc };

describe('QuoteCard', () => {
  it('marks the offer of a partner the shopper used before (rampIntelligence.previouslyUsed)', () => {
    const { rerender } = render(<QuoteCard quote={quote} direction="buy" />);
    expect(screen.queryByText(/used .* before/)).toBeNull();
    rerender(<QuoteCard quote={{ ...quote, previouslyUsed: '2026-01-02T03:04:05Z' }} direction="buy" />);
    expect(screen.getByText("You've used BANXA before")).toBeInTheDocument();
  });

  it('shows logo, partner, what you get and the total cost in one line, fees compact, badges', () => {
    render(
      <QuoteCard
        quote={quote}
        direction="buy"
        partnerName="Banxa"
        partnerHue={200}
        totalCost={6.5}
        bestRate
        cryptoDecimals={8}
      />,
    );
    expect(screen.getByText('Banxa')).toBeInTheDocument();
    expect(screen.getByText('B')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Best rate')).toBeInTheDocument();
    expect(screen.getByText('Quick verification')).toBeInTheDocument();
    expect(screen.getByText('0.001 BTC')).toBeInTheDocument();
    expect(screen.getByText(/^Total cost/)).toHaveTextContent('Total cost $6.50');
    // Each fee is laid out under "Why this offer?", not on the card.
    expect(screen.queryByText('Network fee')).toBeNull();
    expect(screen.queryByText('You pay')).toBeNull();
  });

  it("says a sell in the shopper's language, with no quick-verification badge the quote does not carry", async () => {
    const sell: Quote = {
      serviceProvider: 'TRANSAK',
      sourceCurrencyCode: 'ETH',
      sourceAmount: 0.5,
      destinationCurrencyCode: 'EUR',
      destinationAmount: 1234.5,
      networkFee: 3,
    };
    render(
      <I18nProvider locale="de-DE">
        <QuoteCard quote={sell} direction="sell" />
      </I18nProvider>,
    );
    expect(await screen.findByText('TRANSAK')).toBeInTheDocument(); // once German has loaded
    expect(screen.getByText('1.234,50 €')).toBeInTheDocument();
    expect(screen.queryByText('Schnelle Verifizierung')).toBeNull();
  });

  it('says a sell in its own words, with the total cost and the rate in fiat', () => {
    const sell: Quote = {
      serviceProvider: 'PAYBIS',
      sourceCurrencyCode: 'ETH',
      sourceAmount: 0.5,
      destinationCurrencyCode: 'EUR',
      destinationAmount: 995,
      totalFee: 5,
      exchangeRate: 2000,
    };
    render(<QuoteCard quote={sell} direction="sell" totalCost={6.5} rate={2000} />);
    expect(screen.getByText('You receive')).toBeInTheDocument();
    expect(screen.queryByText('You get')).toBeNull();
    expect(screen.getByText(/^Total cost/)).toHaveTextContent('Total cost €6.50');
    expect(screen.getByText('1 ETH = €2,000.00')).toBeInTheDocument();
  });

  it('on its way, a placeholder card of the same rows: figures as placeholders, the status for the partner', () => {
    const sell: Quote = {
      serviceProvider: 'TRANSAK',
      sourceCurrencyCode: 'ETH',
      sourceAmount: 0.05,
      destinationCurrencyCode: 'GBP',
      destinationAmount: 120.96,
      networkFee: 1.89,
      partnerFee: 1.87,
    };
    const card = render(<QuoteCard quote={sell} direction="sell" totalCost={3.76} rate={2494.49} />).container
      .firstElementChild!;
    const placeholder = render(
      <QuoteCard
        quote={{ ...sell, serviceProvider: '' }}
        direction="sell"
        totalCost={3.76}
        rate={2494.49}
        placeholder={{ status: 'Finding offers…' }}
      />,
    ).container.firstElementChild!;

    expect(rows(placeholder)).toEqual(rows(card));
    for (const row of ['.rc-quote__head', '.rc-quote__line'])
      expect(rows(placeholder.querySelector(row)), row).toEqual(rows(card.querySelector(row)));
    // Each figure's place, of its width, unseen; only the status is read out.
    expect([...placeholder.querySelectorAll('.rc-skeleton-text')].map((f) => f.textContent)).toEqual([
      '£120.96',
      '£3.76',
      '1 ETH = £2,494.49',
    ]);
    expect(placeholder.querySelector('.rc-quote__partner')).toHaveTextContent(/^Finding offers…$/);
    for (const row of ['.rc-quote__line', '.rc-quote__rate'])
      expect(placeholder.querySelector(row), row).toHaveAttribute('aria-hidden', 'true');
    expect(card.querySelector('[aria-hidden="true"]:not(.rc-quote__logo)')).toBeNull();
  });
});
