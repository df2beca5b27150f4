import { mergeChatMessages, type TChatMessage } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { type ChatState, chatReducer, initialChatState } from './chat-state.ts';

const msg = (id: number, content = `m${id}`): TChatMessage => ({
  id: String(id),
  stream_id: `0x${'1'.repeat(40)}`,
  user_address: `0x${'2'.repeat(40)}`,
  username: null,
  profile_image: null,
  content,
  created_at: new Date(1_700_000_000_000 + id * 1000).toISOString(),
});
const ids = (s: ChatState) => (s.status === 'ready' ? s.messages.map((m) => Number(m.id)) : null);
const run = (actions: Parameters<typeof chatReducer>[1][], from: ChatState = initialChatState) =>
  actions.reduce(chatReducer, from);

describe('mergeChatMessages', () => {
  it('dedupes by id and orders by id, numerically', () => {
    const merged = mergeChatMessages([msg(9), msg(10)], [msg(10, 'dup'), msg(2), msg(100), msg(11)]);
    expect(merged.map((m) => m.id)).toEqual(['2', '9', '10', '11', '100']);
    expect(merged.filter((m) => m.id === '10')).toHaveLength(1);
  });

  it('drops deleted ids', () => {
    expect(mergeChatMessages([msg(1), msg(2)], [msg(3)], new Set(['2'])).map((m) => m.id)).toEqual([
      '1',
      '3',
    ]);
  });
});

describe('chatReducer', () => {
  it('replaces a trade alert sent again with the same id (a reorg marked it removed)', () => {
    const trade = {
      side: 'buy' as const,
      bnb_wei: '200000000000000000',
      tx_hash: `0x${'a'.repeat(64)}`,
      trader: `0x${'2'.repeat(40)}`,
      symbol: 'XSTRM',
      whale: false,
      from_stream: false,
      removed: false,
    };
    const s = run([
      { type: 'history_loaded', newestFirst: [msg(1)] },
      { type: 'message_inserted', message: { ...msg(2), trade } },
      { type: 'message_inserted', message: { ...msg(2), trade: { ...trade, removed: true } } },
    ]);
    expect(s.status === 'ready' && s.messages.map((m) => [m.id, m.trade?.removed ?? null])).toEqual([
      ['1', null],
      ['2', true],
    ]);
  });

  it('shows history oldest → newest, with live events that arrived while loading', () => {
    const s = run([
      { type: 'message_inserted', message: msg(4) },
      { type: 'history_loaded', newestFirst: [msg(3), msg(2), msg(1)] },
    ]);
    expect(s.status).toBe('ready');
    expect(ids(s)).toEqual([1, 2, 3, 4]);
  });

  it('fills a reconnect gap once, in order, whatever overlaps', () => {
    let s = run([{ type: 'history_loaded', newestFirst: [msg(2), msg(1)] }]);
    s = run(
      [
        { type: 'message_inserted', message: msg(3) },
        { type: 'connection', connection: 'reconnecting' },
        // while away: 4, 5, 6 were posted. On reconnect a live 7 arrives before the refetched page.
        { type: 'connection', connection: 'live' },
        { type: 'message_inserted', message: msg(7) },
        { type: 'history_loaded', newestFirst: [msg(7), msg(6), msg(5), msg(4), msg(3), msg(2)] },
        { type: 'message_inserted', message: msg(7) },
      ],
      s,
    );
    expect(ids(s)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(s.status === 'ready' && s.connection).toBe('live');
  });

  it('shows the socket live when it went live while the first page was still loading', () => {
    const s = run([
      { type: 'connection', connection: 'live' },
      { type: 'history_loaded', newestFirst: [msg(1)] },
    ]);
    expect(s.status === 'ready' && s.connection).toBe('live');
  });

  it('removes a deleted message and never brings it back from a late page or a late event', () => {
    let s = run([{ type: 'history_loaded', newestFirst: [msg(2), msg(1)] }]);
    s = run(
      [
        { type: 'message_deleted', id: '2' },
        { type: 'history_loaded', newestFirst: [msg(2), msg(1)] },
        { type: 'message_inserted', message: msg(2) },
      ],
      s,
    );
    expect(ids(s)).toEqual([1]);
  });

  it('goes to error when the first load fails, but keeps messages when a gap-fill fails', () => {
    expect(run([{ type: 'history_failed', message: 'x' }]).status).toBe('error');
    const s = run([
      { type: 'history_loaded', newestFirst: [msg(1)] },
      { type: 'history_failed', message: 'x' },
    ]);
    expect(ids(s)).toEqual([1]);
  });

  it('tracks presence in every status', () => {
    expect(run([{ type: 'presence', online: 3 }]).online).toBe(3);
    const s = run([
      { type: 'history_loaded', newestFirst: [] },
      { type: 'presence', online: 7 },
    ]);
    expect(s).toMatchObject({ status: 'ready', online: 7, messages: [] });
  });
});

describe('chatReducer: moderation events', () => {
  const by = (id: number, address: string) => ({ ...msg(id), user_address: address });
  const banned = `0x${'b'.repeat(40)}`;

  it('hides a banned author, and a late history page does not bring the messages back', () => {
    const page = [by(3, banned), msg(2), by(1, banned)];
    const hidden = run([
      { type: 'history_loaded', newestFirst: page },
      { type: 'author_hidden', address: banned },
    ]);
    expect(ids(hidden)).toEqual([2]);
    expect(ids(chatReducer(hidden, { type: 'history_loaded', newestFirst: page }))).toEqual([2]);
  });

  it("keeps a banned author's tips as tips, without their words", () => {
    const tip = { ...by(4, banned), content: 'gm', tip: { amount_wei: '1', tx_hash: `0x${'c'.repeat(64)}` } };
    const hidden = run([
      { type: 'history_loaded', newestFirst: [tip, by(3, banned), msg(2)] },
      { type: 'author_hidden', address: banned },
    ]);
    expect(ids(hidden)).toEqual([2, 4]);
    expect(hidden.status === 'ready' && hidden.messages.find((m) => m.id === '4')).toMatchObject({
      content: '',
      tip: tip.tip,
    });
  });

  it('clear chat empties the list; later messages show', () => {
    const cleared = run([{ type: 'history_loaded', newestFirst: [msg(2), msg(1)] }, { type: 'cleared' }]);
    expect(ids(cleared)).toEqual([]);
    expect(ids(chatReducer(cleared, { type: 'message_inserted', message: msg(3) }))).toEqual([3]);
  });
});
