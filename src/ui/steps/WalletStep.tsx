import { useState } from 'react';
import type { AddressCheck, TagCheck, TagRule } from '../../checkout';
import { chainOf, isLocked, validateAddress, validateWalletTag, walletTagFor } from '../../checkout';
import { TextField } from '../components';
import { networkName } from '../format';
import { useCheckoutState, useHost } from './context';
import { useSend } from './data';
import { StepFrame } from './StepFrame';
import { useContinue } from './useContinue';
import { useTranslator, type Translator } from '../i18n';

function problem(check: AddressCheck, t: Translator, network: string): string | undefined {
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

function tagProblem(check: TagCheck, rule: TagRule, t: Translator, currency: string): string | undefined {
  if (check.ok) return undefined;
  const tag = rule.kind === 'destinationTag';
  switch (check.reason) {
    case 'empty':
      return t(tag ? 'wallet.tagEmpty' : 'wallet.memoEmpty');
    case 'format':
      return t(tag ? 'wallet.tagFormat' : 'wallet.memoFormat');
    case 'tooLong':
      return t('wallet.tagTooLong', { currency });
  }
}

export function WalletStep() {
  const state = useCheckoutState();
  const send = useSend();
  const t = useTranslator();
  const host = useHost();
  const [keep, setKeep] = useState(host.rememberWallet?.on ?? false);
  const { attempted, go } = useContinue();
  const s = state.selection;
  const [text, setText] = useState(s.walletAddress ?? '');
  // The merchant may set the wallet while this screen shows (a wallet connected): the field follows.
  const [seen, setSeen] = useState(s.walletAddress);
  if (s.walletAddress !== seen) {
    setSeen(s.walletAddress);
    if ((s.walletAddress ?? '') !== text.trim()) setText(s.walletAddress ?? '');
  }
  const [left, setLeft] = useState(false);
  const network = chainOf(s) ?? '';
  // The chain's code is checked against; its name is what the shopper reads.
  const networkText = network && networkName(network);
  const currency = s.crypto?.currencyCode ?? '';
  // Checked for the chosen chain before any session exists: a typo here would lose the payment.
  const check = validateAddress(text, network);
  const show = attempted || (left && text.trim() !== '');
  // Chains whose deposits need a destination tag / memo (XRP, XLM …): asked, checked, then sent.
  const tagRule = walletTagFor(state);
  const [tag, setTag] = useState(s.walletTag ?? '');
  const [leftTag, setLeftTag] = useState(false);
  const tagCheck = tagRule ? validateWalletTag(tag, tagRule) : undefined;
  const showTag = attempted || (leftTag && tag.trim() !== '');

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
        help={t(s.direction === 'buy' ? 'field.walletHelp' : 'wallet.helpSell', {
          currency,
          network: networkText,
        })}
        error={show ? problem(check, t, networkText) : undefined}
      />
      {tagRule && tagCheck && (
        <TextField
          label={t(tagRule.kind === 'destinationTag' ? 'wallet.tagLabel' : 'wallet.memoLabel')}
          mono
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode={tagRule.kind === 'destinationTag' ? 'numeric' : undefined}
          value={tag}
          onChange={(value) => {
            setTag(value);
            send({ type: 'SET_WALLET_TAG', tag: value });
          }}
          onBlur={() => setLeftTag(true)}
          help={t(tagRule.kind === 'destinationTag' ? 'wallet.tagHelp' : 'wallet.memoHelp', { currency })}
          error={showTag ? tagProblem(tagCheck, tagRule, t, currency) : undefined}
        />
      )}
      {host.rememberWallet && !isLocked(state, 'walletAddress') && (
        // Only when the shopper asks: an address is theirs to keep on this device.
        <label className="rc-check">
          <input
            type="checkbox"
            checked={keep}
            onChange={(e) => {
              setKeep(e.target.checked);
              host.rememberWallet?.set(e.target.checked);
            }}
          />
          <span>{t('wallet.remember')}</span>
        </label>
      )}
    </StepFrame>
  );
}
