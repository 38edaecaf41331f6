// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/context';
import { Layout } from './Layout';
import { StatusTimeline } from './StatusTimeline';
import { StepHeader } from './StepHeader';

describe('Layout', () => {
  it('is the "Crypto checkout" region carrying data-rc, the theme class and variables', () => {
    render(
      <Layout theme={{ mode: 'dark', brandColor: '#ff6600', radius: '4px' }}>
        <p>content</p>
      </Layout>,
    );
    const region = screen.getByRole('region', { name: 'Crypto checkout' });
    expect(region).toHaveAttribute('data-rc');
    expect(region).toHaveClass('rc-dark');
    expect(region.style.getPropertyValue('--rc-brand')).toBe('#ff6600');
    expect(region.style.getPropertyValue('--rc-radius')).toBe('4px');
    expect(region).toHaveAttribute('lang', 'en');
  });

  it('defaults to the light theme and translates its name', async () => {
    render(
      <I18nProvider locale="de-AT">
        <Layout />
      </I18nProvider>,
    );
    // German is loaded on demand: the provider renders once its catalog is here.
    const region = await screen.findByRole('region', { name: 'Krypto-Checkout' });
    expect(region).toHaveClass('rc-light');
    expect(region).toHaveAttribute('lang', 'de');
  });

  it('warns once for an invalid token even across re-renders with a new object', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = render(<Layout theme={{ brandColor: 'url(x)' }} />);
    rerender(<Layout theme={{ brandColor: 'url(x)' }} />);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('StepHeader', () => {
  it('shows the title, progress and a "Back" button', async () => {
    const user = userEvent.setup();
    const onBack = vi.fn();
    render(<StepHeader title="How much?" step={5} total={8} onBack={onBack} />);
    expect(screen.getByRole('heading', { level: 2, name: 'How much?' })).toBeInTheDocument();
    expect(screen.getByText('Step 5 of 8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('has no Back button on the first step, and focuses the title when asked', () => {
    render(<StepHeader title="What would you like to do?" focusTitle />);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'What would you like to do?' })).toHaveFocus();
  });
});

describe('StatusTimeline', () => {
  it('is an ordered list saying each step state in words, with the current step marked', () => {
    render(
      <StatusTimeline
        label="Progress"
        steps={[
          { id: 'created', label: 'Order created', state: 'done' },
          { id: 'payment', label: 'Payment', state: 'current' },
          { id: 'delivered', label: 'Delivered', state: 'upcoming' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Progress' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Order created, done',
      'Payment, in progress',
      'Delivered, not started',
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
  });
});
