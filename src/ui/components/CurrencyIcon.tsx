import { useState } from 'react';
import { cx } from './cx';

export interface CurrencyIconProps {
  /** Image URL (the API's `symbol`, a payment method's logo). Anything else shows the fallback. */
  src?: string;
  /** Text the fallback's initials and colour come from, e.g. "USDC" or "USDC · USD Coin". */
  label: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const PALETTE_SIZE = 8;

function firstWord(label: string): string {
  return label.match(/[\p{L}\p{N}]+/u)?.[0]?.toUpperCase() ?? '?';
}

/** Stable colour slot per code, so a currency keeps its colour across renders and screens. */
function colourSlot(word: string): number {
  let h = 0;
  for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % PALETTE_SIZE;
}

// Emoji flags and tickers are not images; only URL-like strings are tried.
const looksLikeUrl = (s: string) => s.includes('/') || s.startsWith('data:image/');

/** Decorative (alt=""): the currency's name is always in the text beside it. */
export function CurrencyIcon({ src, label, size = 'md', className }: CurrencyIconProps) {
  const [failed, setFailed] = useState<string>();
  const sizeClass = size !== 'md' && `rc-icon--${size}`;
  if (src && looksLikeUrl(src) && failed !== src) {
    return (
      <img
        className={cx('rc-icon', sizeClass, className)}
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(src)}
      />
    );
  }
  const word = firstWord(label);
  return (
    <span
      className={cx('rc-icon rc-icon--fallback', `rc-icon--c${colourSlot(word)}`, sizeClass, className)}
      aria-hidden="true"
      data-fallback=""
    >
      {word.slice(0, 3)}
    </span>
  );
}
