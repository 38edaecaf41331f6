// @vitest-environment jsdom
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CurrencyIcon } from './CurrencyIcon';

describe('CurrencyIcon', () => {
  it('shows the image, decorative', () => {
    const { container } = render(<CurrencyIcon src="https://icons.test/btc.svg" label="BTC" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://icons.test/btc.svg');
    expect(img).toHaveAttribute('alt', '');
  });

  it('falls back to coloured initials when the image fails to load, and retries a new URL', () => {
    const { container, rerender } = render(
      <CurrencyIcon src="https://icons.test/missing.svg" label="USDC · USD Coin" />,
    );
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    const fallback = container.querySelector('[data-fallback]')!;
    expect(fallback).toHaveTextContent('USD');
    expect(fallback).toHaveAttribute('aria-hidden', 'true');
    expect(fallback.className).toMatch(/rc-icon--c\d/);
    rerender(<CurrencyIcon src="https://icons.test/usdc.svg" label="USDC · USD Coin" />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://icons.test/usdc.svg');
  });

  it('falls back when the source is missing or not a URL (an emoji flag)', () => {
    const { container, rerender } = render(<CurrencyIcon label="eth" />);
    expect(container.querySelector('[data-fallback]')).toHaveTextContent('ETH');
    rerender(<CurrencyIcon src="🇺🇸" label="United States" />);
    expect(container.querySelector('img')).toBeNull();
  });

  it('gives a code the same colour every time', () => {
    const a = render(<CurrencyIcon label="SOL" />).container.querySelector('[data-fallback]')!.className;
    const b = render(<CurrencyIcon label="SOL" />).container.querySelector('[data-fallback]')!.className;
    expect(a).toBe(b);
  });
});
