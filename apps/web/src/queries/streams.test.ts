import { describe, expect, it } from 'vitest';
import { streamKeys, streamListPath, streamSearchPath } from './streams.ts';

describe('stream query paths', () => {
  it('asks the server only for what the screen shows', () => {
    expect(streamListPath({ live: true, limit: 8 })).toBe('/api/streams?limit=8&live=true');
    expect(streamListPath({ live: false, limit: 8 })).toBe('/api/streams?limit=8&live=false');
    expect(streamListPath({ limit: 50, sort: 'participants' })).toBe(
      '/api/streams?limit=50&sort=participants',
    );
    expect(streamListPath({ limit: 24, sort: 'newest' }, 'abc=')).toBe(
      '/api/streams?limit=24&sort=newest&cursor=abc%3D',
    );
  });

  it('encodes search text', () => {
    expect(streamSearchPath('a b&c', 100)).toBe('/api/streams/search?q=a+b%26c&limit=100');
  });

  it('keys nest under one root so a write can invalidate every stream query', () => {
    const all = streamKeys.all;
    for (const key of [
      streamKeys.list({ limit: 8 }),
      streamKeys.pages({ limit: 24 }),
      streamKeys.stats(),
      streamKeys.search('x', 100),
      streamKeys.detail('0xABC'),
    ])
      expect(key.slice(0, all.length)).toEqual([...all]);
    expect(streamKeys.detail('0xABC')).toEqual(streamKeys.detail('0xabc'));
    expect(streamKeys.list({ limit: 8, live: true })).not.toEqual(streamKeys.list({ limit: 8, live: false }));
  });
});
