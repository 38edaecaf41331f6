import { useState } from 'react';
import type { AddressCheck } from '../../checkout';
import { chainOf, isLocked, validateAddress } from '../../checkout';
import { TextField } from '../components';
import { useCheckoutState, useSend } from './context';
import { StepFrame } from './StepFrame';
import { useContinue } from './useContinue';
import type { Text } from './useText';
import { useText } from './useText';

function problem(check: AddressCheck, t: Text, network: string): string | undefined {
  if (check.ok) return undefined;
  switch (check.reason) {
    case 'empty':
      return t('wallet.empty');
    case 'format':
      return t('wallet.format', { network });
    case 'checksum':
      return t('wallet.checksum');
    case 'chain':
      return t('wallet.chain', { network });
  }
}

export function WalletStep() {
  const state = useCheckoutState();
  const send = useSend();
  const t = useText();
  const { attempted, go } = useContinue();
  const s = state.selection;
  const [text, setText] = useState(s.walletAddress ?? '');
  const [left, setLeft] = useState(false);
  const network = chainOf(s) ?? '';
  const currency = s.crypto?.currencyCode ?? '';
  // Checked for the chosen chain before any session exists: a typo here would lose the payment.
  const check = validateAddress(text, network);
  const show = attempted || (left && text.trim() !== '');

  return (
    <StepFrame title={t('step.wallet')} onContinue={go}>
      <TextField
        label={t('name.walletAddress')}
        mono
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={text}
        readOnly={isLocked(state, 'walletAddress')}
        onChange={(value) => {
          setText(value);
          send({ type: 'SET_WALLET', address: value });
        }}
        onBlur={() => setLeft(true)}
        help={t(s.direction === 'buy' ? 'field.walletHelp' : 'wallet.helpSell', { currency, network })}
        error={show ? problem(check, t, network) : undefined}
      />
    </StepFrame>
  );
}
