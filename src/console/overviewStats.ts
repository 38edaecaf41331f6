// The Overview's data: GET /api/ramp/stats as the console reads it (docs/CONTRACTS.md §5), the
// period a filter names, and the tables' CSV columns.
import type { CsvColumn } from './csv';
import type { OverviewFilters } from './urlState';

import type { Stats } from '../api/proxy/stats';

export type { OutcomeCounts, VolumeSeries } from '../api/proxy/stats';
/** GET /api/ramp/stats's answer, as the Overview reads it. */
export type OverviewStats = Stats;

export interface StatsPeriod {
  from: string;
  to: string;
  country?: string;
  partner?: string;
}

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The stats query of the Overview's filters: the last `period` UTC days, today included. */
export function statsPeriod(f: OverviewFilters, now: number): StatsPeriod {
  return {
    from: utcDay(now - (f.period - 1) * DAY_MS),
    to: utcDay(now),
    ...(f.country ? { country: f.country } : {}),
    ...(f.partner ? { partner: f.partner } : {}),
  };
}

/** A rate as a percentage for people ("66.7 %"), or a dash with nothing to rate. */
export const percent = (rate: number | null): string =>
  rate === null ? '–' : `${(Math.round(rate * 1000) / 10).toLocaleString('en')} %`;

/** Seconds as people read a wait: "45 s", "12 min", "2.5 h". */
export function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 360) / 10} h`;
}

type PartnerRow = OverviewStats['byPartner'][number];
type DayRow = OverviewStats['days'][number] & Record<string, string | number>;

export const PARTNER_CSV: readonly CsvColumn<PartnerRow>[] = [
  { header: 'partner', value: (r) => r.partner },
  { header: 'orders', value: (r) => r.orders },
  { header: 'completed', value: (r) => r.completed },
  { header: 'failed', value: (r) => r.failed },
  { header: 'abandoned', value: (r) => r.abandoned },
  { header: 'completion_rate', value: (r) => r.completionRate },
  { header: 'median_seconds_to_complete', value: (r) => r.medianSecondsToComplete },
];

/** Each day of the period with its orders, completions and completed volume per fiat currency. */
export function dayRows(stats: OverviewStats): { rows: DayRow[]; columns: CsvColumn<DayRow>[] } {
  const currencies = stats.volume.fiat.map((v) => v.currency);
  const rows = stats.days.map((d) => {
    const row: DayRow = { ...d };
    for (const v of stats.volume.fiat) row[v.currency] = v.days.find((x) => x.day === d.day)?.amount ?? '0';
    return row;
  });
  return {
    rows,
    columns: [
      { header: 'day', value: (r) => r.day },
      { header: 'orders', value: (r) => r.orders },
      { header: 'completed', value: (r) => r.completed },
      ...currencies.map((c) => ({ header: `completed_volume_${c}`, value: (r: DayRow) => r[c] })),
    ],
  };
}
