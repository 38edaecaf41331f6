// The server's order ledger: every checkout session it created, with the merchant's reference, the
// status the sync last saw and the last webhook delivery; search by reference. An order's panel shows
// its status history (each change with where it came from: a poll or the service's webhook) and
// every webhook delivery, each of which can be sent again. Beside each order, how often its partner's
// orders complete here: the figure the checkout ranks offers by (/stats byPartner's completion).
import { useEffect, useState } from 'react';
import type { ConsoleApi, LedgerOrder, OrderDetail, WebhookDelivery } from './consoleApi';
import { DetailPanel, FieldList } from './DetailPanel';
import { loadErrorText as errorText } from './errorText';
import { dateTime, money } from './format';
import { statsPeriod } from './overviewStats';
import type { OverviewStats } from './overviewStats';
import { PageSizeField, pageSizeOf } from './PageSizeField';
import { humanize } from './statusText';
import type { OrdersFilters } from './urlState';

export interface OrdersViewProps {
  api: ConsoleApi;
  filters: OrdersFilters;
  onChange(filters: OrdersFilters): void;
  now?: () => number;
}

/** The window the checkout's ranking learns from (src/server/merchant/completion.ts). */
const COMPLETION_DAYS = 30;

type PartnerCompletion = OverviewStats['byPartner'][number]['completion'];

/** "Completes 92 % here (25 orders)", or a dash before any of the partner's orders has ended. */
const completionText = (c: PartnerCompletion | undefined) =>
  c && c.ended > 0
    ? `Completes ${Math.round(c.rate * 100)} % here (${c.ended} ${c.ended === 1 ? 'order' : 'orders'})`
    : '–';

/** Each partner's completion over the last 30 days; empty until read (or when it cannot be). */
function usePartnerCompletion(api: ConsoleApi, now: () => number): Map<string, PartnerCompletion> {
  const [byPartner, setByPartner] = useState(new Map<string, PartnerCompletion>());
  useEffect(() => {
    const ctl = new AbortController();
    api.stats(statsPeriod({ period: COMPLETION_DAYS, limit: 0 }, now()), ctl.signal).then(
      (s) => setByPartner(new Map(s.byPartner.map((p) => [p.partner, p.completion]))),
      // The orders stand without it: the column shows dashes.
      () => {},
    );
    return () => ctl.abort();
  }, [api, now]);
  return byPartner;
}

const amount = (value: string | null, currency: string) =>
  value === null ? '' : money(Number(value), currency) || `${value} ${currency}`;

/** Where a status change came from, in the merchant's words. */
const SOURCE_TEXT: Record<string, string> = {
  checkout: 'session created',
  poll: 'from a status poll',
  webhook: "from the service's webhook",
  expiry: 'no transaction in time',
};

const deliveryText = (d: WebhookDelivery | null | undefined) =>
  d ? `${d.type} · ${humanize(d.state)}${d.attempts > 1 ? ` (${d.attempts} attempts)` : ''}` : 'None';

export function OrdersView({ api, filters, onChange, now = Date.now }: OrdersViewProps) {
  const completion = usePartnerCompletion(api, now);
  const [open, setOpen] = useState<{ id: string; opener: HTMLElement } | null>(null);
  // Results are kept with the search they answer: a new search shows as loading until its answer.
  const search = `${filters.limit}|${filters.reference ?? ''}`;
  const [result, setResult] = useState<{ search: string; rows?: LedgerOrder[]; error?: string } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    api.orders(filters.reference, filters.limit, ctl.signal).then(
      (rows) => setResult({ search, rows }),
      (e: unknown) => {
        if (!ctl.signal.aborted) setResult({ search, error: errorText(e) });
      },
    );
    return () => ctl.abort();
  }, [api, search, filters.reference, filters.limit]);
  const rows = result?.search === search ? (result.rows ?? null) : null;
  const error = result?.search === search ? (result.error ?? null) : null;

  const caption = filters.reference ? `Orders matching “${filters.reference}”` : 'Orders, newest first';
  return (
    <section className="rc-view" aria-labelledby="orders-heading">
      <h2 id="orders-heading">Orders</h2>
      <form
        key={`${filters.reference ?? ''}|${filters.limit}`}
        className="rc-filters"
        role="search"
        aria-label="Search orders"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const reference = String(data.get('reference') ?? '').trim();
          onChange({ ...(reference ? { reference } : {}), limit: pageSizeOf(data) });
        }}
      >
        <label className="rc-field" htmlFor="orders-reference">
          <span>Reference</span>
          <input
            id="orders-reference"
            name="reference"
            maxLength={64}
            defaultValue={filters.reference ?? ''}
          />
        </label>
        <PageSizeField id="orders-limit" value={filters.limit} />
        <button type="submit" className="rc-button rc-primary">
          Search
        </button>
      </form>
      {error !== null && <p role="alert">{error}</p>}
      <div className="rc-table-wrap" role="region" aria-labelledby="orders-caption" tabIndex={0}>
        <table className="rc-table" aria-busy={rows === null && error === null}>
          <caption id="orders-caption">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Status</th>
              <th scope="col">Pays</th>
              <th scope="col">Receives</th>
              <th scope="col">Partner</th>
              <th scope="col">Partner completes ({COMPLETION_DAYS} days)</th>
              <th scope="col">Last webhook</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {rows?.length === 0 && (
              <tr>
                <td colSpan={8}>No orders{filters.reference ? ` matching “${filters.reference}”` : ''}.</td>
              </tr>
            )}
            {rows?.map((o) => (
              <tr key={o.sessionId}>
                <th scope="row">
                  <button
                    type="button"
                    className="rc-link"
                    aria-expanded={open?.id === o.sessionId}
                    onClick={(e) => setOpen({ id: o.sessionId, opener: e.currentTarget })}
                  >
                    {o.reference ?? o.sessionId}
                  </button>
                </th>
                <td>{humanize(o.status)}</td>
                <td>{amount(o.sourceAmount, o.sourceCurrency)}</td>
                <td>{amount(o.destinationAmount, o.destinationCurrency) || o.destinationCurrency}</td>
                <td>{o.partner}</td>
                <td>{completionText(completion.get(o.partner))}</td>
                <td>{deliveryText(o.lastDelivery)}</td>
                <td>{dateTime(o.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && (
        <OrderPanel
          key={open.id}
          api={api}
          sessionId={open.id}
          returnFocus={open.opener}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

function OrderPanel({
  api,
  sessionId,
  returnFocus,
  onClose,
}: {
  api: ConsoleApi;
  sessionId: string;
  returnFocus: HTMLElement;
  onClose(): void;
}) {
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    api.order(sessionId, ctl.signal).then(setDetail, (e: unknown) => {
      if (!ctl.signal.aborted) setMessage(errorText(e));
    });
    return () => ctl.abort();
  }, [api, sessionId, version]);
  const o = detail?.order;
  return (
    <DetailPanel title={`Order ${o?.reference ?? sessionId}`} returnFocus={returnFocus} onClose={onClose}>
      {message !== null && <p role="status">{message}</p>}
      {o && (
        <FieldList
          fields={[
            ['Reference', o.reference ?? undefined],
            ['Status', humanize(o.status)],
            ['Direction', humanize(o.direction)],
            ['Pays', amount(o.sourceAmount, o.sourceCurrency)],
            ['Receives', amount(o.destinationAmount, o.destinationCurrency) || undefined],
            ['Partner', o.partner],
            ['Wallet', o.walletAddress ?? undefined],
            ['Session', o.sessionId],
            ['Transaction', o.transactionId ?? undefined],
            ['On-chain hash', o.txHash ?? undefined],
            ['Intent', o.intentId ?? undefined],
          ]}
        />
      )}
      {detail && (
        <>
          <h3>Status history</h3>
          <ol>
            {detail.history.map((h) => (
              <li key={`${h.status}-${h.at}`}>
                {humanize(h.status)} · {dateTime(h.at)}
                {h.source ? ` · ${SOURCE_TEXT[h.source] ?? h.source}` : ''}
              </li>
            ))}
          </ol>
          <h3>Webhook deliveries</h3>
          {detail.deliveries.length === 0 ? (
            <p>No webhooks (set RAMP_WEBHOOK_URL and RAMP_WEBHOOK_SECRET).</p>
          ) : (
            <ul aria-label="Webhook deliveries">
              {detail.deliveries.map((d) => (
                <li key={d.id}>
                  {deliveryText(d)}
                  {d.lastStatus !== null ? ` · last answer ${d.lastStatus || d.lastError}` : ''}{' '}
                  <button
                    type="button"
                    className="rc-button"
                    onClick={() =>
                      api.resendDelivery(d.id).then(
                        () => {
                          setMessage(`${d.type} queued again`);
                          setVersion((n) => n + 1);
                        },
                        (e: unknown) => setMessage(errorText(e)),
                      )
                    }
                  >
                    Resend {d.type}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </DetailPanel>
  );
}
