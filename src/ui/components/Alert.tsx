import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';

export interface AlertProps {
  /** error and warning are `alert`s (announced at once); info is a polite `status`. @default 'error' */
  tone?: 'error' | 'warning' | 'info';
  title?: ReactNode;
  children?: ReactNode;
  /** A way out, e.g. { label: 'Try again', onClick: retry }. */
  action?: { label: string; onClick: () => void };
  className?: string;
}

export function Alert({ tone = 'error', title, children, action, className }: AlertProps) {
  return (
    <div
      role={tone === 'info' ? 'status' : 'alert'}
      className={cx('rc-alert', `rc-alert--${tone}`, className)}
    >
      <div className="rc-alert__body">
        {title && <p className="rc-alert__title">{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {action && (
        <Button variant="secondary" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </div>
  );
}
