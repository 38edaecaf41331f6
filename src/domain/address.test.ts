import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressFamily, validateAddress } from './address';

describe('EVM addresses (EIP-55)', () => {
  // The vectors of EIP-55 (ethereum/ERCs erc-55.md): all caps, all lower, and mixed-case checksums.
  const EIP55 = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(EIP55)('%s is valid', (address) => {
    for (const chain of ['ETHEREUM', 'POLYGON', 'BASE', 'ARBITRUM', 'OPTIMISM', 'BSC', 'AVALANCHE', 'eth']) {
      expect(validateAddress(address, chain)).toEqual({ ok: true });
    }
  });

  const MIXED = EIP55.slice(4);
  const flipCase = (address: string, i: number) => {
    const c = address[i] ?? '';
    return (
      address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1)
    );
  };

  it('rejects any single case flip of a checksummed address', () => {
    for (const address of MIXED) {
      for (let i = 2; i < 42; i++) {
        if (!/[a-fA-F]/.test(address[i] ?? '')) continue;
        const flipped = flipCase(address, i);
        const body = flipped.slice(2);
        // Flipping the only mixed letter can make the address single-case, which carries no checksum.
        if (body === body.toLowerCase() || body === body.toUpperCase()) continue;
        expect(validateAddress(flipped, 'ETHEREUM')).toEqual({ ok: false, reason: 'checksum' });
      }
    }
  });

  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', 'format'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd', 'format'],
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00', 'format'],
    ['0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'format'],
    ['0x' + 'g'.repeat(40), 'format'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1 BeAed', 'format'],
    ['', 'empty'],
    ['   ', 'empty'],
  ])('%j is rejected (%s)', (address, reason) => {
    expect(validateAddress(address, 'ETHEREUM')).toEqual({ ok: false, reason });
  });

  it('ignores surrounding whitespace', () => {
    expect(validateAddress('  0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n', 'ETHEREUM')).toEqual({
      ok: true,
    });
  });
});

describe('Bitcoin addresses', () => {
  // BIP-350 (which amends BIP-173): valid segwit addresses, v0 (bech32) and v1..16 (bech32m).
  const BIP350_VALID = [
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'BC1SW50QGDZ25J',
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
    'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
    'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ];

  it.each(BIP350_VALID)('BIP-350 valid: %s', (address) => {
    const testnet = address.toLowerCase().startsWith('tb');
    expect(validateAddress(address, testnet ? 'BITCOIN_TESTNET' : 'BITCOIN')).toEqual({ ok: true });
    // The same address on the other network is a chain mismatch, not a typo.
    expect(validateAddress(address, testnet ? 'BITCOIN' : 'BITCOIN_TESTNET')).toEqual({
      ok: false,
      reason: 'chain',
    });
  });

  // BIP-350's invalid list, with our reason for each.
  it.each([
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'format'], // invalid HRP
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'checksum'], // bech32 instead of bech32m
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'checksum'],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'checksum'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'checksum'], // bech32m instead of bech32
    ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'checksum'],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'format'], // invalid checksum character
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'format'], // invalid witness version
    ['bc1pw5dgrnzv', 'format'], // program length 1
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'format'], // 41 bytes
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'format'], // v0 length 16
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'format'], // mixed case
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'format'], // > 4 bits of padding
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'format'], // non-zero padding
    ['bc1gmk9yu', 'format'], // empty data
  ])('BIP-350 invalid: %s (%s)', (address, reason) => {
    const chain = address.toLowerCase().startsWith('tb') ? 'BITCOIN_TESTNET' : 'BITCOIN';
    expect(validateAddress(address, chain)).toEqual({ ok: false, reason });
  });

  // BIP-173's invalid list (its v1+ "valid" vectors are bech32, which BIP-350 made invalid).
  it.each([
    'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2',
    'bc1rw5uspcuh',
    'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
    'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
    'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
    'bc1gmk9yu',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
    'BC1SW50QA3JX3S',
    'bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj',
  ])('BIP-173 invalid (or superseded by BIP-350): %s', (address) => {
    const chain = address.toLowerCase().startsWith('tb') ? 'BITCOIN_TESTNET' : 'BITCOIN';
    expect(validateAddress(address, chain).ok).toBe(false);
  });

  it('reports a wrong bech32 checksum as a checksum error', () => {
    expect(validateAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'BTC')).toEqual({
      ok: false,
      reason: 'checksum',
    });
  });

  it.each([
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // genesis P2PKH
    '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
  ])('Base58Check mainnet: %s', (address) => {
    expect(validateAddress(address, 'BITCOIN')).toEqual({ ok: true });
    expect(validateAddress(address, 'BTC')).toEqual({ ok: true });
  });

  const base58check = createBase58check(sha256);
  const hash160 = Uint8Array.from({ length: 20 }, (_, i) => i * 7);
  const withVersion = (v: number) => base58check.encode(Uint8Array.from([v, ...hash160]));

  it('knows the version bytes: 0x00/0x05 mainnet, 0x6f/0xc4 testnet, others are not Bitcoin', () => {
    expect(validateAddress(withVersion(0x00), 'BITCOIN')).toEqual({ ok: true });
    expect(validateAddress(withVersion(0x05), 'BITCOIN')).toEqual({ ok: true });
    expect(validateAddress(withVersion(0x6f), 'BITCOIN_TESTNET')).toEqual({ ok: true });
    expect(validateAddress(withVersion(0xc4), 'BITCOIN_TESTNET')).toEqual({ ok: true });
    expect(validateAddress(withVersion(0x6f), 'BITCOIN')).toEqual({ ok: false, reason: 'chain' });
    expect(validateAddress(withVersion(0x30), 'BITCOIN')).toEqual({ ok: false, reason: 'format' });
  });

  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'checksum'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf', 'format'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a', 'format'],
    ['bc1', 'format'],
  ])('%s is rejected (%s)', (address, reason) => {
    expect(validateAddress(address, 'BITCOIN')).toEqual({ ok: false, reason });
  });

  it('accepts every well-formed witness program it could be given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 16 }),
        fc.uint8Array({ minLength: 2, maxLength: 40 }),
        fc.boolean(),
        (version, program, upper) => {
          fc.pre(version !== 0 || program.length === 20 || program.length === 32);
          const words = [version, ...bech32.toWords(program)];
          const address = (version === 0 ? bech32 : bech32m).encode('bc', words);
          expect(validateAddress(upper ? address.toUpperCase() : address, 'BITCOIN')).toEqual({ ok: true });
        },
      ),
    );
  });
});

describe('Solana addresses', () => {
  it.each([
    '11111111111111111111111111111111', // system program
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL token program
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // USDC mint
    'So11111111111111111111111111111111111111112', // wrapped SOL
  ])('%s is valid', (address) => {
    expect(validateAddress(address, 'SOLANA')).toEqual({ ok: true });
    expect(validateAddress(address, 'SOL')).toEqual({ ok: true });
  });

  it.each([
    ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwy', 'format'], // 29 bytes
    ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv', 'format'],
    ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', 'format'], // '0' is not base58
    ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtlv', 'format'], // 'l' is not base58
  ])('%s is rejected (%s)', (address, reason) => {
    expect(validateAddress(address, 'SOLANA')).toEqual({ ok: false, reason });
  });
});

describe('chain mismatches and unknown chains', () => {
  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'SOLANA'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'BITCOIN'],
    ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'ETHEREUM'],
    ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'BITCOIN'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'ETHEREUM'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'SOLANA'],
  ])('%s on %s is a chain mismatch', (address, chain) => {
    expect(validateAddress(address, chain)).toEqual({ ok: false, reason: 'chain' });
  });

  it('maps chain codes to families, case- and separator-insensitively', () => {
    expect(addressFamily('ethereum')).toBe('evm');
    expect(addressFamily('BNB Smart Chain')).toBe('evm');
    expect(addressFamily('avalanche-c')).toBe('evm');
    expect(addressFamily('BTC')).toBe('bitcoin');
    expect(addressFamily('sol')).toBe('solana');
    expect(addressFamily('STELLAR')).toBeNull();
    expect(addressFamily(undefined)).toBeNull();
  });

  it('accepts any plausible token on unknown chains', () => {
    expect(validateAddress('GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', 'STELLAR')).toEqual({
      ok: true,
    });
    expect(validateAddress('rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH', undefined)).toEqual({ ok: true });
    expect(validateAddress('has space', 'STELLAR')).toEqual({ ok: false, reason: 'format' });
    expect(validateAddress('x'.repeat(129), 'STELLAR')).toEqual({ ok: false, reason: 'format' });
    expect(validateAddress('', 'STELLAR')).toEqual({ ok: false, reason: 'empty' });
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 150 }),
        fc.constantFrom('ETHEREUM', 'BITCOIN', 'BITCOIN_TESTNET', 'SOLANA', 'X'),
        (a, c) => {
          const result = validateAddress(a, c);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
    );
  });
});
