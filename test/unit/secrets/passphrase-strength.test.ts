import { describe, expect, it } from 'vitest';
import { MIN_PASSPHRASE_BITS, passphraseBits, passphraseWeakness } from '../../../main/core/secrets/passphrase-strength';

describe('passphrase strength', () => {
  it('counts what a guesser must try, not characters: known passwords, repeats and runs are worth nothing', () => {
    for (const weak of [
      'password',
      'Passw0rd!',
      'Salasana2024',
      'qwertyuiop',
      '1234567890123',
      'zzzzzzzzzzzzzzzzzzzz',
      'abcdefghijklmnopqrstu',
    ])
      expect(passphraseBits(weak), weak).toBeLessThan(MIN_PASSPHRASE_BITS);
    for (const strong of ['lamp orbit cedar whistle', 'k8#Lq2!zX9@w', 'the passphrase of test runs', 'Tr0ub4dor&3x'])
      expect(passphraseBits(strong), strong).toBeGreaterThanOrEqual(MIN_PASSPHRASE_BITS);
  });

  it('says what to do in plain words, or nothing for a good one', () => {
    expect(passphraseWeakness('sunshine99')).toMatch(/too easy to guess\. Use a longer one/);
    expect(passphraseWeakness('lamp orbit cedar whistle')).toBeNull();
  });
});
