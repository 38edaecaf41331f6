// The first view after sign-in: how the checkout is doing over a period (GET /api/ramp/stats): the
// funnel from opened to completed, orders and completed volume per day, and per partner, country
// and payment method the orders and their outcomes. Period, country and partner are in the URL like
// the other views' filters; each chart's figures are in a table too, and the tables export as CSV.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { DayChart, FunnelChart } from './charts';
import type { ConsoleApi } from './consoleApi';
import { toCsv } from './csv';
import { downloadBlob } from './download';
import { loadErrorText as errorText } from './errorText';
import { PARTNER_CSV, dayRows, duration, percent, statsPeriod } from './overviewStats';
import type { OutcomeCounts, OverviewStats } from './overviewStats';
import { DEFAULT_PAGE_SIZE, PERIODS, isCountryCode, isPartnerCode } from './urlState';
import type { OverviewFilters } from './urlState';

export interface OverviewViewProps {
  api: ConsoleApi;
  filters: OverviewFilters;
  onChange(filters: OverviewFilters): void;
  /** The clock the period is counted back from (tests). */
  now?: () => number;
}

const save = (csv: string, name: string) => downloadBlob(new Blob([csv], { type: 'text/csv' }), name);

export function OverviewView({ api, filters, onChange, now = Date.now }: OverviewViewProps) {
  const query = statsPeriod(filters, now());
  const search = JSON.stringify(query);
  const [result, setResult] = useState<{ search: string; stats?: OverviewStats; error?: string } | null>(
    null,
  );
  useEffect(() => {
    const ctl = new AbortController();
    api.stats(JSON.parse(search) as typeof query, ctl.signal).then(
      (stats) => setResult({ search, stats }),
      (e: unknown) => {
        if (!ctl.signal.aborted) setResult({ search, error: errorText(e) });
      },
    );
    return () => ctl.abort();
  }, [api, search]);
  const stats = result?.search === search ? (result.stats ?? null) : null;
  const error = result?.search === search ? (result.error ?? null) : null;
  const scope = [query.country, query.partner].filter(Boolean).join(', ');
  const period = `${query.from} to ${query.to}${scope ? `, ${scope}` : ''}`;

  return (
    <section className="rc-view" aria-labelledby="overview-heading">
      <h2 id="overview-heading">Overview</h2>
      <form
        key={search}
        className="rc-filters"
        aria-label="Overview filters"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const country = String(data.get('country') ?? '')
            .trim()
            .toUpperCase();
          const partner = String(data.get('partner') ?? '')
            .trim()
            .toUpperCase();
          onChange({
            period: Number(data.get('period')),
            ...(isCountryCode(country) ? { country } : {}),
            ...(isPartnerCode(partner) ? { partner } : {}),
            limit: DEFAULT_PAGE_SIZE,
          });
        }}
      >
        <div className="rc-field-control">
          <label htmlFor="overview-period">Period</label>
          <select id="overview-period" name="period" defaultValue={filters.period}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                Last {p} days
              </option>
            ))}
          </select>
        </div>
        <div className="rc-field-control">
          <label htmlFor="overview-country">Country</label>
          <input
            id="overview-country"
            name="country"
            maxLength={2}
            autoCapitalize="characters"
            placeholder="All, or e.g. US"
            defaultValue={filters.country ?? ''}
          />
        </div>
        <div className="rc-field-control">
          <label htmlFor="overview-partner">Partner</label>
          <input
            id="overview-partner"
            name="partner"
            maxLength={64}
            autoCapitalize="characters"
            placeholder="All, or e.g. BANXA"
            defaultValue={filters.partner ?? ''}
          />
        </div>
        <button type="submit" className="rc-button rc-primary">
          Show
        </button>
      </form>
      {error !== null && <p role="alert">{error}</p>}
      {stats === null && error === null && <p className="rc-muted">Loading the figures for {period}…</p>}
      {stats && <Figures stats={stats} period={period} />}
    </section>
  );
}

function Figures({ stats, period }: { stats: OverviewStats; period: string }) {
  const f = stats.funnel;
  const steps = [
    ...(f.opened === null ? [] : [{ label: 'Opened', value: f.opened }]),
    ...(f.quoted === null ? [] : [{ label: 'Quoted', value: f.quoted }]),
    { label: 'Sessions', value: f.sessions },
    { label: 'Completed', value: f.completed },
  ];
  const days = stats.days.map((d) => d.day);
  const fiat = stats.volume.fiat[0];
  const perDay = dayRows(stats);
  const file = `${stats.from}_${stats.to}`;
  return (
    <>
      <div className="rc-charts">
        <FunnelChart title={`Checkout funnel, ${period}`} steps={steps} />
        <DayChart
          title="Orders per day"
          days={days}
          series={[
            { name: 'Orders', values: stats.days.map((d) => d.orders), className: 'rc-bar-main' },
            { name: 'Completed', values: stats.days.map((d) => d.completed), className: 'rc-bar-good' },
          ]}
        />
        {fiat && (
          <DayChart
            title={`Completed volume per day (${fiat.currency})`}
            days={days}
            unit={` ${fiat.currency}`}
            series={[
              {
                name: 'Completed volume',
                values: days.map((d) => Number(fiat.days.find((x) => x.day === d)?.amount ?? 0)),
                className: 'rc-bar-good',
              },
            ]}
          />
        )}
      </div>

      <Table id="overview-funnel" caption="Checkout funnel">
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col">Checkouts</th>
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['Opened', f.opened],
              ['Quoted', f.quoted],
              ['Sessions', f.sessions],
              ['Completed', f.completed],
              ['Failed', f.failed],
              ['Abandoned', f.abandoned],
            ] as const
          ).map(([stage, n]) => (
            <tr key={stage}>
              <th scope="row">{stage}</th>
              <td>{n ?? 'not counted per partner'}</td>
            </tr>
          ))}
        </tbody>
      </Table>

      <Table
        id="overview-partners"
        caption="Partners"
        onExport={() => save(toCsv(stats.byPartner, PARTNER_CSV), `partners_${file}.csv`)}
      >
        <thead>
          <tr>
            <th scope="col">Partner</th>
            <OutcomeHeads />
            <th scope="col">Median time to complete</th>
          </tr>
        </thead>
        <tbody>
          {stats.byPartner.length === 0 && <Empty span={7} />}
          {stats.byPartner.map((p) => (
            <tr key={p.partner}>
              <th scope="row">{p.partner}</th>
              <OutcomeCells counts={p} />
              <td>{duration(p.medianSecondsToComplete)}</td>
            </tr>
          ))}
        </tbody>
      </Table>

      <Table
        id="overview-days"
        caption="Per day"
        onExport={() => save(toCsv(perDay.rows, perDay.columns), `days_${file}.csv`)}
      >
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Completed</th>
            {stats.volume.fiat.map((v) => (
              <th key={v.currency} scope="col">
                Volume {v.currency}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {perDay.rows.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.orders}</td>
              <td>{d.completed}</td>
              {stats.volume.fiat.map((v) => (
                <td key={v.currency}>{d[v.currency]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>

      <Table id="overview-volume" caption="Completed volume">
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">Kind</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {stats.volume.fiat.length + stats.volume.crypto.length === 0 && <Empty span={3} />}
          {[
            ...stats.volume.fiat.map((v) => ({ ...v, kind: 'Fiat' })),
            ...stats.volume.crypto.map((v) => ({ ...v, kind: 'Crypto' })),
          ].map((v) => (
            <tr key={`${v.kind}-${v.currency}`}>
              <th scope="row">{v.currency}</th>
              <td>{v.kind}</td>
              <td>{v.total}</td>
            </tr>
          ))}
        </tbody>
      </Table>

      <Breakdown
        id="overview-countries"
        caption="Countries"
        head="Country"
        rows={stats.byCountry.map((c) => ({ name: c.country, ...c }))}
      />
      <Breakdown
        id="overview-methods"
        caption="Payment methods"
        head="Method"
        rows={stats.byMethod.map((m) => ({ name: m.method, ...m }))}
      />
    </>
  );
}

function Table({
  id,
  caption,
  onExport,
  children,
}: {
  id: string;
  caption: string;
  onExport?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="rc-overview-table">
      {onExport && (
        <button type="button" className="rc-button" onClick={onExport}>
          Export {caption.toLowerCase()} (CSV)
        </button>
      )}
      <div className="rc-table-wrap" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className="rc-table">
          <caption id={`${id}-caption`}>{caption}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}

const OutcomeHeads = () => (
  <>
    <th scope="col">Orders</th>
    <th scope="col">Completed</th>
    <th scope="col">Failed</th>
    <th scope="col">Abandoned</th>
    <th scope="col">Completion rate</th>
  </>
);

const OutcomeCells = ({ counts }: { counts: OutcomeCounts }) => (
  <>
    <td>{counts.orders}</td>
    <td>{counts.completed}</td>
    <td>{counts.failed}</td>
    <td>{counts.abandoned}</td>
    <td>{percent(counts.completionRate)}</td>
  </>
);

const Empty = ({ span }: { span: number }) => (
  <tr>
    <td colSpan={span}>No orders in this period.</td>
  </tr>
);

function Breakdown({
  id,
  caption,
  head,
  rows,
}: {
  id: string;
  caption: string;
  head: string;
  rows: (OutcomeCounts & { name: string })[];
}) {
  return (
    <Table id={id} caption={caption}>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <OutcomeHeads />
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && <Empty span={6} />}
        {rows.map((r) => (
          <tr key={r.name}>
            <th scope="row">{r.name}</th>
            <OutcomeCells counts={r} />
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
