import type { TChatMessage } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { alertOf } from './overlay-alert.ts';

const base: TChatMessage = {
  id: '7',
  stream_id: '0x1111111111111111111111111111111111111111',
  user_address: '0x2222222222222222222222222222222222222222',
  username: null,
  profile_image: null,
  content: 'gm',
  created_at: '2026-11-29T00:00:00.000Z',
};
const inserted = (message: TChatMessage) =>
  ({ type: 'message_inserted', channel: 'stream_chat_x', message }) as const;
const trade = {
  side: 'buy' as const,
  bnb_wei: '200000000000000000',
  tx_hash: '0xabc',
  trader: '0x3333333333333333333333333333333333333333',
  symbol: 'XSTRM',
  whale: false,
  from_stream: false,
  removed: false,
};

describe('alertOf', () => {
  it('turns a follow, a tip and a trade line into alerts, and nothing else', () => {
    expect(
      alertOf({ type: 'overlay_follow', channel: 'c', address: base.user_address, username: 'alice' }),
    ).toMatchObject({ kind: 'follow', who: 'alice' });
    expect(alertOf(inserted({ ...base, tip: { amount_wei: '1', tx_hash: '0x1' } }))).toMatchObject({
      kind: 'tip',
      who: '0x2222...2222',
      amountWei: '1',
      message: 'gm',
    });
    expect(alertOf(inserted({ ...base, trade }))).toMatchObject({ kind: 'buy', symbol: 'XSTRM' });
    expect(alertOf(inserted(base))).toBeNull();
    expect(alertOf(inserted({ ...base, trade: { ...trade, removed: true } }))).toBeNull();
    expect(alertOf({ type: 'presence', channel: 'c', online: 2 })).toBeNull();
  });
});
