// Copies a value the screen shows shortened (a wallet address), and says it did.
import { useEffect, useState } from 'react';
import { useTranslator } from '../i18n/context';
import { Button } from './Button';

export interface CopyButtonProps {
  text: string;
  /** The accessible name, e.g. "Copy wallet address". */
  label: string;
}

export function CopyButton({ text, label }: CopyButtonProps) {
  const t = useTranslator();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    void globalThis.navigator?.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <Button variant="ghost" className="rc-copy" aria-label={label} onClick={copy}>
      <span aria-hidden="true">{copied ? t('action.copied') : t('action.copy')}</span>
      <span className="rc-sr-only" aria-live="polite">
        {copied ? t('action.copied') : ''}
      </span>
    </Button>
  );
}
