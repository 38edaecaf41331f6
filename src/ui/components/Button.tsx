import type { ComponentProps, MouseEvent } from 'react';
import { cx } from './cx';

export interface ButtonProps extends ComponentProps<'button'> {
  /** @default 'primary' */
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Busy: shows a spinner, ignores clicks, keeps focus (aria-disabled, not disabled). */
  loading?: boolean;
  /** Full width. */
  block?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  block = false,
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const guarded = loading ? (e: MouseEvent<HTMLButtonElement>) => e.preventDefault() : onClick;
  return (
    <button
      {...rest}
      type={type}
      className={cx('rc-btn', `rc-btn--${variant}`, block && 'rc-btn--block', className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={guarded}
    >
      {loading && <span className="rc-spin" aria-hidden="true" />}
      {children}
    </button>
  );
}
