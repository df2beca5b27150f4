import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';
import { maskForeignAddresses } from './mask-addresses.ts';

const OWN = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
const FAKE = '0x1111111111111111111111111111111111111111';
const parts = (content: string) => maskForeignAddresses(linkify(content), OWN);

describe('maskForeignAddresses', () => {
  it("masks another contract's address and keeps the stream's own, whatever its case", () => {
    expect(parts(`real CA ${FAKE} not ${OWN.toUpperCase().replace('0X', '0x')}`)).toEqual([
      { kind: 'text', text: 'real CA ' },
      { kind: 'masked', text: FAKE },
      { kind: 'text', text: ` not ${OWN.toUpperCase().replace('0X', '0x')}` },
    ]);
  });

  it('masks a link that carries a foreign address, and leaves other links alone', () => {
    const swap = `https://pancakeswap.finance/swap?outputCurrency=${FAKE}`;
    expect(parts(`buy here ${swap}`)).toEqual([
      { kind: 'text', text: 'buy here ' },
      { kind: 'masked', text: swap },
    ]);
    expect(parts(`https://bscscan.com/token/${OWN}`)[0]?.kind).toBe('link');
  });

  it('leaves plain text, short hex and longer hex runs as text', () => {
    expect(parts(`gm 0x1234 and a tx 0x${'ab'.repeat(32)}`)).toEqual([
      { kind: 'text', text: `gm 0x1234 and a tx 0x${'ab'.repeat(32)}` },
    ]);
  });
});
