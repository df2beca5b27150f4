import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { checkTipAmount } from './tip-amount.ts';

const balance = parseEther('0.03');

describe('checkTipAmount', () => {
  it('reads decimals with a point or a comma', () => {
    expect(checkTipAmount('0.01', balance)).toEqual({ ok: true, wei: parseEther('0.01') });
    expect(checkTipAmount(' 0,02 ', balance)).toEqual({ ok: true, wei: parseEther('0.02') });
    expect(checkTipAmount('.01', balance)).toEqual({ ok: true, wei: parseEther('0.01') });
  });
  it('refuses more than the balance before the wallet opens, and allows it all', () => {
    expect(checkTipAmount('0.05', balance)).toEqual({ ok: false, reason: 'notEnough' });
    expect(checkTipAmount('0.03', balance)).toEqual({ ok: true, wei: balance });
  });
  it('checks nothing against a balance not known yet', () => {
    expect(checkTipAmount('5', null)).toEqual({ ok: true, wei: parseEther('5') });
  });
  it('says why an amount is not one', () => {
    expect(checkTipAmount('  ', balance)).toEqual({ ok: false, reason: 'empty' });
    for (const bad of ['abc', '1e3', '-1', '0.0.1', '.', '1 000'])
      expect(checkTipAmount(bad, balance), bad).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTipAmount('0', balance)).toEqual({ ok: false, reason: 'zero' });
    expect(checkTipAmount('0.000', balance)).toEqual({ ok: false, reason: 'zero' });
    expect(checkTipAmount(`0.${'0'.repeat(18)}1`, balance)).toEqual({ ok: false, reason: 'precision' });
  });
});
