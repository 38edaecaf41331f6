// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageNodes } from './nodes';
import { createTranslator } from './translator';

const t = createTranslator('en', {
  en: { 'amount.sellRange': 'Between {min} and {max} (about {cmin} to {cmax})' },
});
const later = (sample: string) => <span className="later">{sample}</span>;

/** The text node holding `words` inside `el`. */
function textNode(el: Element, words: string): Node | undefined {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent === words) return n;
  return undefined;
}

describe('messageNodes', () => {
  it('puts text and nodes in the message’s places', () => {
    const { container } = render(
      <p>
        {messageNodes(t, 'amount.sellRange', {
          min: '£24.00',
          max: '£12,000.00',
          cmin: later('0.01 ETH'),
          cmax: later('4.9 ETH'),
        })}
      </p>,
    );
    expect(container).toHaveTextContent('Between £24.00 and £12,000.00 (about 0.01 ETH to 4.9 ETH)');
    expect(container.querySelectorAll('.later')).toHaveLength(2);
  });

  it('keeps the message’s own words in their text nodes when a placeholder becomes its figure', () => {
    const pending = {
      min: '£24.00',
      max: '£12,000.00',
      cmin: later('0.012345 ETH'),
      cmax: later('4.567891 ETH'),
    };
    const { container, rerender } = render(<p>{messageNodes(t, 'amount.sellRange', pending)}</p>);
    const words = [' and ', ' (about ', ' to ', ')'].map((w) => textNode(container, w));
    expect(words.every(Boolean)).toBe(true);

    rerender(
      <p>
        {messageNodes(t, 'amount.sellRange', { ...pending, cmin: '0.009921 ETH', cmax: '4.960317 ETH' })}
      </p>,
    );
    expect(container).toHaveTextContent('Between £24.00 and £12,000.00 (about 0.009921 ETH to 4.960317 ETH)');
    // The same nodes with the same words: a node reused for other words would be text that moved.
    expect([' and ', ' (about ', ' to ', ')'].map((w) => textNode(container, w))).toEqual(words);
  });

  it('leaves a placeholder with no value as written', () => {
    expect(
      render(<p>{messageNodes(t, 'amount.sellRange', { min: '1', max: '2' })}</p>).container,
    ).toHaveTextContent('Between 1 and 2 (about {cmin} to {cmax})');
  });
});
