import { afterEach, describe, expect, it, vi } from 'vitest';
import { contrastOn, themeVars } from './tokens';

const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
afterEach(() => warn.mockClear());

describe('themeVars', () => {
  it('maps the named modes to a class and no variables', () => {
    expect(themeVars('light')).toEqual({ className: 'rc-light', style: {} });
    expect(themeVars('dark')).toEqual({ className: 'rc-dark', style: {} });
    expect(themeVars('auto')).toEqual({ className: 'rc-auto', style: {} });
    expect(themeVars()).toEqual({ className: 'rc-light', style: {} });
    expect(warn).not.toHaveBeenCalled();
  });

  it('turns valid tokens into --rc- variables', () => {
    const { className, style } = themeVars({
      mode: 'auto',
      brandColor: '#0a7',
      brandContrast: 'white',
      background: 'rgb(250 250 250)',
      text: 'oklch(25% 0.02 260)',
      danger: 'hsl(0 70% 45% / 0.9)',
      radius: '0.75rem',
      spacing: '6px',
      fontFamily: '"Inter", system-ui, sans-serif',
    });
    expect(className).toBe('rc-auto');
    expect(style).toEqual({
      '--rc-brand': '#0a7',
      '--rc-brand-contrast': 'white',
      '--rc-bg': 'rgb(250 250 250)',
      '--rc-text': 'oklch(25% 0.02 260)',
      '--rc-danger': 'hsl(0 70% 45% / 0.9)',
      '--rc-radius': '0.75rem',
      '--rc-space': '6px',
      '--rc-font': '"Inter", system-ui, sans-serif',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('ignores invalid tokens with a warning naming each, keeping the valid ones', () => {
    const { style } = themeVars({
      brandColor: 'red; background: url(https://evil.test/x)',
      surface: '#12345',
      border: 'rgb(0 0 0))',
      radius: '12',
      spacing: 'calc(1px + 2px)',
      fontFamily: 'Inter; } body { display: none',
      text: '#111',
    });
    expect(style).toEqual({ '--rc-text': '#111' });
    const named = warn.mock.calls.map(([message]) => String(message).match(/"(\w+)"/)?.[1]);
    expect(named).toEqual(['brandColor', 'surface', 'border', 'radius', 'spacing', 'fontFamily']);
  });

  it('warns about unknown tokens and an unknown mode, falling back to light', () => {
    const { className, style } = themeVars({ mode: 'sepia' as never, primary: '#000' } as never);
    expect(className).toBe('rc-light');
    expect(style).toEqual({});
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]![0])).toMatch(/sepia/);
    expect(String(warn.mock.calls[1]![0])).toMatch(/"primary"/);
  });

  it('derives a readable text colour for a hex brand colour', () => {
    expect(themeVars({ brandColor: '#ffd400' }).style['--rc-brand-contrast']).toBe('#111111');
    expect(themeVars({ brandColor: '#1a237e' }).style['--rc-brand-contrast']).toBe('#ffffff');
    expect(themeVars({ brandColor: 'rebeccapurple' }).style['--rc-brand-contrast']).toBeUndefined();
  });
});

describe('contrastOn', () => {
  it('picks black on light colours and white on dark ones, for 3- and 6-digit hex', () => {
    expect(contrastOn('#fff')).toBe('#111111');
    expect(contrastOn('#000000')).toBe('#ffffff');
    expect(contrastOn('#3451d1')).toBe('#ffffff');
    expect(contrastOn('not-a-colour')).toBeUndefined();
  });
});
