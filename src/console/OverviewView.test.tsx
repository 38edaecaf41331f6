// @vitest-environment jsdom
// The Overview asks for the period its filters name, states each chart's figures in its label,
// shows the same numbers in tables, and exports the partner table as CSV.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from './consoleApi';
import type { OverviewStats, StatsPeriod } from './overviewStats';
import { OverviewView } from './OverviewView';

const NOW = Date.UTC(2026, 10, 27, 15);
const counts = (orders: number, completed: number, failed: number, abandoned: number) => ({
  orders,
  completed,
  failed,
  abandoned,
  completionRate: orders ? Math.round((completed / orders) * 10_000) / 10_000 : null,
});

const STATS: OverviewStats = {
  from: '2026-11-21',
  to: '2026-11-27',
  country: null,
  partner: null,
  funnel: { opened: 12, quoted: 9, sessions: 5, completed: 2, failed: 2, abandoned: 1 },
  byPartner: [
    {
      partner: 'BANXA',
      ...counts(3, 2, 1, 0),
      medianSecondsToComplete: 125,
      completion: { rate: 6 / 13, ended: 3, baseline: 0.4 },
    },
    {
      partner: 'TRANSAK',
      ...counts(2, 0, 1, 1),
      medianSecondsToComplete: null,
      completion: { rate: 4 / 12, ended: 2, baseline: 0.4 },
    },
  ],
  byCountry: [{ country: 'US', ...counts(5, 2, 2, 1) }],
  byMethod: [{ method: 'CREDIT_DEBIT_CARD', ...counts(5, 2, 2, 1) }],
  days: ['21', '22', '23', '24', '25', '26', '27'].map((d) => ({
    day: `2026-11-${d}`,
    orders: d === '27' ? 5 : 0,
    completed: d === '27' ? 2 : 0,
  })),
  volume: {
    fiat: [{ currency: 'USD', total: '150.5', days: [{ day: '2026-11-27', amount: '150.5' }] }],
    crypto: [{ currency: 'ETH', total: '0.05', days: [{ day: '2026-11-27', amount: '0.05' }] }],
  },
};

describe('OverviewView', () => {
  it('asks for the filtered period and states the figures in the charts, the tables and the CSV', async () => {
    const asked: StatsPeriod[] = [];
    const api = {
      stats: async (q: StatsPeriod) => (asked.push(q), STATS),
    } as unknown as ConsoleApi;
    const onChange = vi.fn();
    render(
      <OverviewView
        api={api}
        filters={{ period: 7, country: 'US', limit: 20 }}
        onChange={onChange}
        now={() => NOW}
      />,
    );
    const funnel = await screen.findByRole('img', { name: /^Checkout funnel/ });
    expect(asked).toEqual([{ from: '2026-11-21', to: '2026-11-27', country: 'US' }]);
    expect(funnel.getAttribute('aria-label')).toBe(
      'Checkout funnel, 2026-11-21 to 2026-11-27, US: 12 opened, 9 quoted, 5 sessions, 2 completed',
    );
    expect(screen.getByRole('img', { name: /^Orders per day/ }).getAttribute('aria-label')).toBe(
      'Orders per day, 2026-11-21 to 2026-11-27: 5 orders, 2 completed; most orders on 2026-11-27 (5)',
    );
    expect(screen.getByRole('img', { name: /^Completed volume per day/ }).getAttribute('aria-label')).toMatch(
      /150\.5 USD completed volume/,
    );

    const partners = screen.getByRole('table', { name: 'Partners' });
    const rows = within(partners)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['BANXA32106' + '6.7 %2 min', 'TRANSAK2011' + '0 %–']);

    let csv = '';
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      const reader = new FileReader();
      reader.onload = () => (csv = String(reader.result));
      reader.readAsText(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export partners (CSV)' }));
    await vi.waitFor(() => expect(csv).not.toBe(''));
    expect(csv).toBe(
      'partner,orders,completed,failed,abandoned,completion_rate,median_seconds_to_complete\r\n' +
        'BANXA,3,2,1,0,0.6667,125\r\nTRANSAK,2,0,1,1,0,\r\n',
    );
    create.mockRestore();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Period'), '90');
    await user.type(screen.getByLabelText('Partner'), 'banxa');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).toHaveBeenCalledWith({ period: 90, country: 'US', partner: 'BANXA', limit: 20 });
  });
});
