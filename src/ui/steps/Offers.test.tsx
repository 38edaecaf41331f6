// @vitest-environment jsdom
// What each offer tells the shopper beyond its figures, on the order screen over the real server and
// sandbox: the verification it needs (the route's kycLimits), "Why this offer?", how often orders
// complete with the partner here, and the ranking that weighs it in. The quote answers are edited on
// their way (completion, previouslyUsed) where the sandbox's own do not carry what a test needs.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Quote } from '../../api/types';
import type { CheckoutInit } from '../../checkout';
import { createTestServer } from '../../queries/test-server';
import { renderCheckout, US_BUY } from './test-harness';

const buying = (amount: string, over: Partial<CheckoutInit> = {}): Partial<CheckoutInit> => ({
  ...US_BUY,
  prefill: { ...US_BUY.prefill, amount },
  ...over,
});

/** The test server, its quote answers passed through `edit`. */
function editedQuotes(edit: (quotes: Quote[]) => Quote[]) {
  const server = createTestServer();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const answer = await server.fetch(input, init);
    if (!String(input).includes('/payments/crypto/quote') || !answer.ok) return answer;
    const body = (await answer.json()) as { quotes: Quote[] };
    return Response.json({ ...body, quotes: edit(body.quotes) });
  };
  return { ...server, fetch };
}

/** The test server, with the partner's published verification levels taken out of its routes. */
function withoutLevels(partner: string) {
  const server = createTestServer();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const answer = await server.fetch(input, init);
    if (!String(input).includes('/supported/routes/') || !answer.ok) return answer;
    const body = JSON.stringify(await answer.json());
    const routes = JSON.parse(body, (key, value: unknown) =>
      key === 'kycLimits' && Array.isArray(value)
        ? value.filter((k: { provider?: string }) => k.provider !== partner)
        : value,
    ) as unknown;
    return Response.json(routes);
  };
  return { ...server, fetch };
}

const bestOffer = async () => {
  await screen.findByRole('radio', { name: /: you get/ }, { timeout: 5000 });
  return screen.getByRole('region', { name: 'Best offer' });
};
const compare = async (h: ReturnType<typeof renderCheckout>) => {
  const offers = await bestOffer();
  await h.user.click(within(offers).getByRole('button', { name: /^Compare/ }));
  return offers;
};
/** The card of a partner's offer (the radio's description). */
const card = (partner: string) => {
  const radio = screen.getByRole('radio', { name: new RegExp(`^${partner}:`) });
  return document.getElementById(radio.getAttribute('aria-describedby')!)!;
};

describe('verification on every offer', () => {
  it('says light verification up to level 1, ID above it, and nothing without data', async () => {
    const h = renderCheckout({ init: buying('100'), server: withoutLevels('TOPPER') });
    await compare(h);
    expect(card('Banxa')).toHaveTextContent('Light verification up to $2,000 per day');
    expect(card('Transak')).toHaveTextContent('Light verification up to $5,000 per month');
    // Topper's levels taken out of its route: its card says nothing of verification.
    expect(card('Topper')).not.toHaveTextContent(/verification/i);
    h.view.unmount();

    const above = renderCheckout({ init: buying('2500') });
    await compare(above);
    expect(card('Banxa')).toHaveTextContent('ID verification needed above $2,000 per day');
    expect(card('Transak')).toHaveTextContent('Light verification up to $5,000 per month');
  });
});

describe('"Why this offer?"', () => {
  it('is a disclosure whose panel reads what you get, each fee in fiat, rate, markup, verification, completion', async () => {
    // Banxa alone: it publishes verification levels.
    const server = editedQuotes((qs) =>
      qs
        .filter((q) => q.serviceProvider === 'BANXA')
        .map((q) => ({ ...q, completion: { rate: 0.92, ended: 40, baseline: 0.8 } })),
    );
    const h = renderCheckout({ init: buying('100'), server });
    const offers = await bestOffer();
    const why = within(offers).getByRole('button', { name: 'Why this offer?' });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(why.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    await h.user.click(why);
    expect(why).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const terms = [...panel.querySelectorAll('dt')].map((d) => d.textContent);
    expect(terms).toEqual([
      'You get',
      'Network fee',
      'Partner fee',
      'Transaction fee',
      'Rate',
      'Markup over the market',
      'Verification',
      'Completed here',
    ]);
    const value = (term: string) =>
      [...panel.querySelectorAll('dt')].find((d) => d.textContent === term)!.nextElementSibling!.textContent;
    for (const fee of ['Network fee', 'Partner fee', 'Transaction fee']) expect(value(fee)).toMatch(/^\$\d/);
    expect(value('You get')).toMatch(/\sETH$/);
    expect(value('Rate')).toMatch(/^1 ETH = \$[\d,.]+$/);
    expect(value('Markup over the market')).toMatch(/^\$[\d.]+$/);
    expect(value('Verification')).toBe('Light verification up to $2,000 per day');
    expect(value('Completed here')).toBe('92%');
  });
});

describe('the ranking', () => {
  // A quotes slightly more than B, but B's orders complete here and A's fail.
  const aAndB = () =>
    editedQuotes((qs) => {
      const a = qs.find((q) => q.serviceProvider === 'BANXA')!;
      const b = qs.find((q) => q.serviceProvider === 'TOPPER')!;
      return [
        {
          ...a,
          destinationAmount: b.destinationAmount * 1.01,
          completion: { rate: 0.3, ended: 25, baseline: 0.6 },
        },
        {
          ...b,
          completion: { rate: 0.88, ended: 25, baseline: 0.6 },
          previouslyUsed: '2026-01-02T03:04:05Z',
        },
      ];
    });

  it('"expected" (the default) puts first the offer that completes, and its card says how often', async () => {
    const h = renderCheckout({ init: buying('100'), server: aAndB() });
    const offers = await bestOffer();
    await waitFor(() => expect(h.partner()).toBe('TOPPER'));
    expect(within(offers).getByRole('radio', { name: /^Topper:/ })).toBeChecked();
    expect(card('Topper')).toHaveTextContent('Completes for 88% of shoppers here');
    expect(card('Topper')).toHaveTextContent("You've used Topper before");
  });

  it('"value" puts first the offer that gives the most', async () => {
    const h = renderCheckout({ init: buying('100', { ranking: 'value' }), server: aAndB() });
    await bestOffer();
    await waitFor(() => expect(h.partner()).toBe('BANXA'));
    // Below 20 ended orders nothing is claimed; at 25 the rate is the partner's own.
    expect(card('Banxa')).toHaveTextContent('Completes for 30% of shoppers here');
  });
});
