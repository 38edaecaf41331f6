// @vitest-environment jsdom
// The hosted page's shell (index.html): the first screen's outline, in the HTML so it paints before any
// script runs, at the widget's size, and replaced by the checkout when the page starts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHostedPage } from './start';

vi.mock('../widget/RampCheckout', () => ({
  CheckoutRoot: () => <section aria-label="Crypto checkout" data-rc="" className="rc-root" />,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const here = import.meta.dirname;
const html = readFileSync(resolve(here, '../../index.html'), 'utf8');
const css = readFileSync(resolve(here, 'hosted.css'), 'utf8');
let stop: (() => void) | undefined;

afterEach(() => {
  act(() => stop?.());
  document.body.replaceChildren();
});

function page(): HTMLElement {
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  return document.getElementById('root')!;
}

describe('the hosted page shell', () => {
  it('outlines the first screen in the HTML, hidden from assistive technology but for a busy status', () => {
    const root = page();
    const shell = root.querySelector('.hp-shell')!;
    expect(shell.getAttribute('aria-busy')).toBe('true');
    expect(shell.querySelectorAll('.hp-skel .hp-skel-box').length).toBeGreaterThan(5);
    expect(shell.querySelector('.hp-skel')!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(shell.querySelector('[role="status"]')!.textContent).toMatch(/Loading/);
    // No control a test or a shopper could take for the checkout's own.
    expect(root.querySelectorAll('button, input, a, [role="button"]')).toHaveLength(0);
  });

  it('takes the space the widget will take, so nothing moves when it arrives', () => {
    const rule = (selector: string) =>
      new RegExp(`${selector.replace('.', '\\.')} \\{[^}]*\\}`).exec(css)?.[0];
    expect(rule('.hp-skel')).toMatch(/min-height: 1010px;/);
    expect(rule('.hp-skel')).toMatch(/width: 100%;/);
    const widget = readFileSync(resolve(here, '../widget/RampCheckout.tsx'), 'utf8');
    expect(widget).toMatch(/minHeight: 'var\(--rc-min-height, 1010px\)'/);
    // Full-bleed on phones, like the widget's card.
    expect(css).toMatch(
      /\.hp-main \[data-rc\]\.rc-root,\s*\.hp-skel,\s*\.hp-card \{\s*max-width: none;\s*min-height: 100dvh;/,
    );
  });

  it('is replaced by the checkout when the page starts', () => {
    const root = page();
    act(() => void (stop = startHostedPage(window, root, '?country=DE')));
    expect(root.querySelector('.hp-shell')).toBeNull();
    expect(root.querySelector('[data-rc]')).not.toBeNull();
  });
});
