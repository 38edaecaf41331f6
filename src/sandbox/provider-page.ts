// The simulated provider checkout: a plain HTML page (no script, no inline style; a strict CSP
// holds) showing the order, with Pay / Decline / Cancel as form POSTs. The shopper's choice
// creates the transaction; its status then advances with time (see transactions.ts).
// Public: the shopper's browser opens it without the API key.

import type { Context, Hono } from 'hono';
import type { SandboxContext } from './context';
import { METHODS, type MethodCode } from './data/payment-methods';
import { partnerById } from './data/partners';
import { formatAmount } from './money';
import { randomId } from './random';
import type { SessionRecord } from './state';
import type { ShopperChoice } from './transactions';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const CHOICES: Readonly<Record<ShopperChoice, { title: string; text: string }>> = {
  pay: { title: 'Payment submitted', text: 'Your order is being processed.' },
  decline: { title: 'Payment declined', text: 'The payment was declined and nothing was charged.' },
  cancel: { title: 'Checkout cancelled', text: 'You cancelled this order and nothing was charged.' },
};

const isChoice = (value: unknown): value is ShopperChoice =>
  value === 'pay' || value === 'decline' || value === 'cancel';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="../../assets/provider.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function summary(session: SessionRecord): string {
  const { quote, offer } = session.priced;
  const buy = session.sessionType === 'BUY';
  const fiatDp = offer.fiat.decimalPlaces;
  const amount = (value: number, code: string, dp: number) =>
    escapeHtml(`${formatAmount(value, dp)} ${code}`);
  const cryptoDp = offer.crypto.decimalPlaces;
  const [srcDp, dstDp] = buy ? [fiatDp, cryptoDp] : [cryptoDp, fiatDp];
  const method = METHODS[quote.paymentMethodType as MethodCode]?.name ?? quote.paymentMethodType;
  const rows: [string, string][] = [
    [buy ? 'You pay' : 'You send', amount(quote.sourceAmount, quote.sourceCurrencyCode, srcDp)],
    [
      buy ? 'You receive' : 'You receive',
      amount(quote.destinationAmount, quote.destinationCurrencyCode, dstDp),
    ],
    [buy ? 'Payment method' : 'Payout method', escapeHtml(method)],
    ['Network', escapeHtml(offer.chain.name)],
    [buy ? 'Wallet' : 'From wallet', `<code>${escapeHtml(session.walletAddress)}</code>`],
    ['Fees', amount(quote.totalFee, offer.fiat.currencyCode, fiatDp)],
    [
      'Rate',
      escapeHtml(
        `1 ${offer.crypto.currencyCode} = ${formatAmount(quote.exchangeRate, fiatDp)} ${offer.fiat.currencyCode}`,
      ),
    ],
  ];
  return rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('\n');
}

function checkoutPage(session: SessionRecord): string {
  const partner =
    partnerById(session.priced.quote.serviceProvider)?.name ?? session.priced.quote.serviceProvider;
  const action = session.sessionType === 'BUY' ? 'Buy' : 'Sell';
  const crypto = session.priced.offer.crypto.currencyCode;
  return page(
    `${partner} checkout`,
    `<h1>${escapeHtml(partner)} checkout</h1>
<p class="sandbox">Sandbox provider page: no real money moves.</p>
<section aria-labelledby="summary-heading">
<h2 id="summary-heading">${action} ${escapeHtml(crypto)}: order summary</h2>
<dl>
${summary(session)}
</dl>
</section>
<form method="post" aria-label="Confirm order">
<div class="actions">
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>`,
  );
}

function resultPage(session: SessionRecord, choice: ShopperChoice, note?: string): string {
  const { title, text } = CHOICES[choice];
  return page(
    title,
    `<h1>${title}</h1>
<p class="sandbox">Sandbox provider page: no real money moves.</p>
${note ? `<p>${escapeHtml(note)}</p>\n` : ''}<p>${text}</p>
<p>Reference: <code>${escapeHtml(session.outcome?.transactionId ?? '')}</code></p>
<p>You can close this window.</p>`,
  );
}

function notFoundPage(): string {
  return page(
    'Checkout not found',
    `<h1>Checkout not found</h1>
<p>This checkout link is unknown or has expired. Start again from the merchant's site.</p>`,
  );
}

export function registerProviderPages(app: Hono, ctx: SandboxContext): void {
  const html = (c: Context, body: string, status: 200 | 404 | 409 | 400, session?: SessionRecord) => {
    const redirectOrigin = session?.redirectUrl ? ` ${new URL(session.redirectUrl).origin}` : '';
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'${redirectOrigin}; base-uri 'none'; frame-ancestors 'none'`,
    );
    // A real partner's checkout is never framed by the merchant (clickjacking); neither is this one.
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(body, status);
  };

  app.get('/provider/checkout/:sessionId', (c) => {
    const session = ctx.state.sessions.get(c.req.param('sessionId'));
    if (!session) return html(c, notFoundPage(), 404);
    return session.outcome
      ? html(c, resultPage(session, session.outcome.choice), 200, session)
      : html(c, checkoutPage(session), 200, session);
  });

  // The verification page a TWO_FA_REQUIRED transaction points the shopper to (twoFactor scenario);
  // the sandbox partner treats the visit as the verification.
  app.get('/provider/verify/:sessionId', (c) => {
    const session = ctx.state.sessions.get(c.req.param('sessionId'));
    if (!session?.verifyUrl) return html(c, notFoundPage(), 404);
    return html(
      c,
      page(
        'Verification',
        `<h1>Verify your payment</h1>
<p class="sandbox">Sandbox provider page: no real money moves.</p>
<p>Your bank confirmed this payment. You can close this window.</p>`,
      ),
      200,
      session,
    );
  });

  app.post('/provider/checkout/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId');
    const session = ctx.state.sessions.get(sessionId);
    if (!session) return html(c, notFoundPage(), 404);
    if (session.outcome) {
      return html(
        c,
        resultPage(session, session.outcome.choice, 'This order was already completed.'),
        409,
        session,
      );
    }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const choice = form.action;
    if (!isChoice(choice)) return html(c, checkoutPage(session), 400, session);
    session.outcome = { choice, at: ctx.now(), transactionId: randomId('txn_') };
    if (choice === 'pay') ctx.state.recordUse(session, new Date(ctx.now()).toISOString());
    ctx.webhooks.watch(sessionId);
    // Back to the merchant when it gave a return address; else show the result (303: GET it).
    c.header('Cache-Control', 'no-store');
    return c.redirect(session.redirectUrl ?? encodeURIComponent(sessionId), 303);
  });
}
