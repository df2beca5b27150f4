import type { TReplayChatMessage } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { messagesAt } from './replay-chat.tsx';

const msg = (id: string, offsetMs: number): TReplayChatMessage => ({
  id,
  stream_id: 'm',
  user_address: '0xabc',
  username: null,
  profile_image: null,
  content: id,
  created_at: new Date(0).toISOString(),
  offsetMs,
});

describe('messagesAt', () => {
  const all = [msg('a', 0), msg('b', 1_000), msg('c', 5_000), msg('d', 5_000), msg('e', 9_000)];

  it('shows the messages posted up to the playhead', () => {
    expect(messagesAt(all, 4_999).map((m) => m.id)).toEqual(['a', 'b']);
    expect(messagesAt(all, 5_000).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(messagesAt(all, 60_000).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('follows a seek back: later messages are hidden again', () => {
    expect(messagesAt(all, 9_000)).toHaveLength(5);
    expect(messagesAt(all, 500).map((m) => m.id)).toEqual(['a']);
    expect(messagesAt([], 500)).toEqual([]);
  });

  it('keeps only the latest hundred', () => {
    const many = Array.from({ length: 250 }, (_, i) => msg(String(i), i));
    const shown = messagesAt(many, 10_000);
    expect(shown).toHaveLength(100);
    expect(shown[0]?.id).toBe('150');
  });
});
